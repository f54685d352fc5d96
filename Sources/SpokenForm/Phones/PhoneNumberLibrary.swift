import CICU

/// libphonenumber, through the C bridge (`cicu_phone.h`): parsing, validation and the
/// region's own grouping. Stateless; libphonenumber's `PhoneNumberUtil` is a process-wide
/// singleton whose const methods are thread-safe (checked by the Concurrency suite under TSan).
enum PhoneNumberLibrary {
    /// One input as libphonenumber understood it.
    struct Parsed: Sendable {
        var info: SFPhoneInfo
        /// Region format: national ("06 11 22 33 06"), or international ("+33 6 11 22 33 06")
        /// when the input carried its country code.
        var formatted: String
        var extensionDigits: String
        /// Region of the number ("FR", "CA"), or of its country code when the number is not valid.
        var region: String
    }

    /// Who reads a number.
    enum Engine: Sendable {
        /// Plans compiled once per region from libphonenumber's metadata, libphonenumber
        /// for what they cannot decide (`phone_plan.cpp`): same answers, several times faster.
        case planned
        /// libphonenumber alone: the reference the equivalence tests and benchmarks compare with.
        case libphonenumber
    }

    /// Parses `input` for `defaultRegion`.
    /// - Throws: `SpokenFormError.icuFailure` if the bridge fails (it never should).
    static func parse(_ input: String, defaultRegion: String, engine: Engine = .planned) throws(SpokenFormError) -> Parsed {
        var info = SFPhoneInfo()
        let output: String
        do {
            output = try icuString("reading the phone number '\(input)' with libphonenumber") {
                switch engine {
                case .planned: sf_phone_parse(input, Int32(clamping: input.utf8.count), defaultRegion, &info, $0, $1)
                case .libphonenumber: sf_phone_parse_libphonenumber(input, Int32(clamping: input.utf8.count), defaultRegion, &info, $0, $1)
                }
            }
        } catch {
            throw SpokenFormError(error)
        }
        if info.parseError != 0 {
            return Parsed(info: info, formatted: "", extensionDigits: "", region: defaultRegion)
        }
        let fields = output.splitAtASCII("\n", omittingEmpty: false).map(String.init)
        guard fields.count == 3 else {
            throw SpokenFormError.icuFailure(operation: "reading the phone number '\(input)' with libphonenumber", status: "an answer without its three fields")
        }
        return Parsed(info: info, formatted: fields[0], extensionDigits: fields[1], region: fields[2])
    }

    /// The phone numbers libphonenumber's `PhoneNumberMatcher` finds VALID in a piece of
    /// UTF-8 text for `region`, as byte ranges of that text, at most `limit` of them.
    static func findNumbers(inUTF8 bytes: ArraySlice<UInt8>, region: String, limit: Int) -> [Range<Int>] {
        var ranges = [Int32](repeating: 0, count: 2 * limit)
        let found = bytes.withUnsafeBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return 0 }
            return base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { pointer in
                sf_phone_find_in_text(pointer, Int32(buffer.count), region, &ranges, Int32(limit))
            }
        }
        return (0..<min(Int(found), limit)).map { Int(ranges[2 * $0])..<Int(ranges[2 * $0 + 1]) }
    }

    /// Whether the plans compiled from libphonenumber's metadata read `input` themselves
    /// (false: it goes to libphonenumber). For tests that check the fast path is taken.
    static func plansDecide(_ input: String, defaultRegion: String) -> Bool {
        var info = SFPhoneInfo()
        var buffer = [CChar](repeating: 0, count: 512)
        return sf_phone_parse_planned_only(input, Int32(clamping: input.utf8.count), defaultRegion, &info, &buffer, 512) != -2
    }

    /// The national significant number of libphonenumber's example of a type in a region
    /// ("FR", .mobile -> "612345678"), nil when it has none. For tests that generate numbers.
    static func exampleDigits(region: String, type: PhoneNumberType) -> String? {
        let value = PhoneNumberType.inLibphonenumberOrder.firstIndex(of: type) ?? 0
        let digits = try? icuString("an example number of \(region)") { sf_phone_example_digits(region, Int32(value), $0, $1) }
        return digits?.isEmpty == false ? digits : nil
    }

    /// How many regions, non-geographical entities and country codes the plans read
    /// differently from PhoneNumberUtil in libphonenumber's compiled-in metadata; -1 if
    /// the plans could not read it themselves. For tests.
    static func metadataIndexMismatches() -> Int { Int(sf_phone_metadata_index_mismatches()) }

    /// Country calling code of a region, nil for a region libphonenumber does not know.
    static func countryCode(ofRegion region: String) -> Int? {
        let code = sf_phone_country_code(region)
        return code > 0 ? Int(code) : nil
    }

    /// Lengths of the national significant number for a country code ([9] for 33).
    static func possibleLengths(countryCode: Int) -> [Int] {
        var lengths = [Int32](repeating: 0, count: 17)
        let count = sf_phone_possible_lengths(Int32(countryCode), &lengths, 17)
        return lengths.prefix(Int(max(0, min(count, 17)))).map(Int.init)
    }

    static func nationalPrefixDigits(region: String) -> Int { Int(sf_phone_national_prefix_digits(region)) }

    /// An example fixed-line number of the region in national format, for error sentences.
    /// Empty when libphonenumber has none (the sentence then gives none).
    static func example(region: String) -> String {
        do {
            return try icuString("formatting an example number of \(region)") { sf_phone_example(region, $0, $1) }
        } catch {
            // Only an error sentence asks: it then gives no example rather than none at all.
            return ""
        }
    }

    /// The region's English name, for error sentences ("France").
    static func regionName(_ region: String) -> String {
        do {
            let name = try icuString("naming the region \(region)") { sf_phone_region_name(region, "en", $0, $1) }
            return name.isEmpty ? region : name
        } catch {
            // ICU has no name for it: the region code still tells the reader which region.
            return region
        }
    }

    // MARK: Error sentences

    /// The typed error for an input libphonenumber rejected or found invalid: what is wrong,
    /// and what a number of that region looks like.
    static func error(for input: String, parsed: Parsed, defaultRegion: String) -> SpokenFormError {
        let info = parsed.info
        let region = parsed.region.isEmpty || parsed.region == "001" ? defaultRegion : parsed.region
        let inRegion = "phone number in \(regionName(region))"
        switch info.parseError {
        case 1 where defaultRegion == "ZZ":
            // A locale without a region libphonenumber knows ("en-001"): only international numbers can be read.
            return .invalidInput(kind: "phone number", input: input,
                                 expected: "+ or 00 and a country code, or a region given with the number (the locale names no region)")
        case 1:
            return .invalidInput(kind: "phone number", input: input,
                                 expected: "a country calling code after + or 00 (the digits after it are not one)")
        case 2:
            return .invalidInput(kind: "phone number", input: input,
                                 expected: "digits with optional separators, + or 00 and a country code, or a tel: URI")
        case 3:
            return .invalidInput(kind: "phone number", input: input,
                                 expected: "a country code and a number after the international prefix")
        case 4, 5:
            return lengthError(input: input, kind: inRegion, region: region, countryCode: countryCode(ofRegion: region) ?? 0,
                               international: false, typed: Int(info.typedDigits), tooLong: info.parseError == 5)
        default:
            break
        }
        switch info.possibility {
        case 2:
            return .invalidInput(kind: "phone number", input: input, expected: "a country calling code after + or 00")
        case 1, 3, 4, 5:
            return lengthError(input: input, kind: inRegion, region: region, countryCode: Int(info.countryCode),
                               international: info.international, typed: Int(info.typedDigits),
                               tooLong: info.possibility == 5, localOnly: info.possibility == 1)
        default:
            let example = self.example(region: region)
            return .invalidInput(kind: inRegion, input: input,
                                 expected: "a number in use there, such as \(example): the length is right but no number starts this way")
        }
    }

    private static func lengthError(input: String, kind: String, region: String, countryCode: Int, international: Bool,
                                    typed: Int, tooLong: Bool, localOnly: Bool = false) -> SpokenFormError {
        var lengths = possibleLengths(countryCode: countryCode)
        let where_: String
        if international {
            where_ = " after +\(countryCode)"
        } else {
            let prefix = nationalPrefixDigits(region: region)
            lengths = lengths.map { $0 + prefix }
            where_ = ""
        }
        // 112, 911, 3615: a service or emergency short code, not a subscriber number without its area code.
        let shortCode = !international && typed <= 4 && input.first(where: { $0.isNumber }) != "0"
        let verdict = shortCode ? "a short code such as an emergency number, which is not a phone number: read it digit by digit with digits"
            : localOnly ? "a local number without its area code" : tooLong ? "too long" : typed < (lengths.first ?? 0) ? "too short" : "a length no number has there"
        return .invalidInput(kind: kind, input: input,
                             expected: "\(describe(lengths)) digits\(where_), found \(typed) (\(verdict))")
    }

    /// "10", "9 or 10", "from 5 to 16", "7, 9 or 10".
    static func describe(_ lengths: [Int]) -> String {
        guard let first = lengths.first, let last = lengths.last else { return "more" }
        if lengths.count == 1 { return "\(first)" }
        if lengths.count > 2, last - first + 1 == lengths.count { return "from \(first) to \(last)" }
        return lengths.dropLast().map(String.init).joined(separator: ", ") + " or \(last)"
    }
}
