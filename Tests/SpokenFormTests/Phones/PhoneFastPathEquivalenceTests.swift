import Foundation
import Testing
@testable import SpokenForm

/// The plans compiled from libphonenumber's metadata (`phone_plan.cpp`) must answer exactly
/// what libphonenumber answers: parse error, possibility, validity, type, region, country
/// code, grouping, extension, and so the spoken text. Numbers are generated from
/// libphonenumber's examples of every type in 26 regions, then mutated (digits changed,
/// one digit dropped or added, random digit strings), and written the ways people write
/// them: national with and without the trunk prefix, +CC, 00CC, CC without "+", grouped
/// with spaces, dots or dashes, with extensions.
///
/// Count: `SPOKENFORM_PHONE_EQUIVALENCE_COUNT`, default 100 000 (about 35 s in a debug build on
/// a loaded machine); scripts/test.sh runs this suite again with 1 000 000. Every 16th number
/// is also spoken by two spellers, one per engine.
@Suite struct PhoneFastPathEquivalenceTests {
    static let regions = ["FR", "US", "GB", "DE", "ES", "IT", "PT", "NL", "BE", "CH", "CA", "BR", "AR", "MX",
                          "JP", "CN", "IN", "AU", "RU", "ZA", "NG", "SE", "PL", "TR", "KR", "GA"]

    /// The plans read libphonenumber's compiled-in metadata themselves, so that a run that
    /// speaks one number never builds PhoneNumberUtil. Their reading must be PhoneNumberUtil's,
    /// message for message: every region, non-geographical entity, country code and the order
    /// of a country code's regions (main region first: "US" for 1, "RU" for 7).
    @Test func plansReadTheMetadataAsPhoneNumberUtilDoes() {
        #expect(PhoneNumberLibrary.metadataIndexMismatches() == 0)
        #expect(PhoneNumberLibrary.countryCode(ofRegion: "FR") == 33)
        #expect(PhoneNumberLibrary.countryCode(ofRegion: "KZ") == 7)
        #expect(PhoneNumberLibrary.countryCode(ofRegion: "001") == nil)
        #expect(PhoneNumberLibrary.countryCode(ofRegion: "fr") == nil)
    }

    /// SplitMix64: the same numbers on every run, so a failure can be reproduced.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        mutating func digit() -> UInt8 { UInt8(0x30 + below(10)) }
    }

    /// libphonenumber's example numbers, per region, of every type it has one for.
    static func examples() -> [String: [String]] {
        var examples: [String: [String]] = [:]
        for region in regions {
            examples[region] = PhoneNumberType.allCases.compactMap { PhoneNumberLibrary.exampleDigits(region: region, type: $0) }
        }
        return examples
    }

    static func input(_ random: inout Generator, examples: [String: [String]]) -> (text: String, region: String) {
        let region = regions[random.below(regions.count)]
        let target = random.below(3) == 0 ? regions[random.below(regions.count)] : region
        let samples = examples[target] ?? []
        var digits = Array((samples.isEmpty ? "123456789" : samples[random.below(samples.count)]).utf8)
        for _ in 0..<random.below(4) { digits[random.below(digits.count)] = random.digit() }
        switch random.below(8) {
        case 0 where digits.count > 1: digits.removeLast()  // too short
        case 1: digits.append(random.digit())  // too long
        case 2: digits = (0..<(1 + random.below(17))).map { _ in random.digit() }  // anything
        default: break
        }
        let national = String(decoding: digits, as: UTF8.self)
        let countryCode = String(PhoneNumberLibrary.countryCode(ofRegion: target) ?? 0)
        let trunk = ["FR": "0", "GB": "0", "DE": "0", "ES": "", "IT": "", "PT": "", "NL": "0", "BE": "0", "CH": "0",
                     "CA": "1", "US": "1", "BR": "0", "AR": "0", "MX": "", "JP": "0", "CN": "0", "IN": "0", "AU": "0",
                     "RU": "8", "ZA": "0", "NG": "0", "SE": "0", "PL": "", "TR": "0", "KR": "0", "GA": "0"][target] ?? ""
        var text: String
        switch random.below(6) {
        case 0: text = "+" + countryCode + national
        case 1: text = "00" + countryCode + national
        case 2: text = countryCode + national
        case 3: text = national
        default: text = trunk + national
        }
        // Written in groups, as on paper: PhoneSpeller removes these before libphonenumber reads them.
        if random.below(3) == 0 {
            let separator = [" ", ".", "-", "/"][random.below(4)]
            var grouped = ""
            for (index, character) in text.enumerated() {
                if index > 0, index % 2 == (text.hasPrefix("+") ? 1 : 0), character != "+" { grouped += separator }
                grouped.append(character)
            }
            text = grouped
        }
        if random.below(20) == 0 {
            text += [" ext. ", " x", " poste ", " Durchwahl ", ";ext="][random.below(5)] + String(random.below(10_000))
        }
        return (text, region)
    }

    static func same(_ a: PhoneNumberLibrary.Parsed, _ b: PhoneNumberLibrary.Parsed) -> Bool {
        let x = a.info, y = b.info
        return x.parseError == y.parseError && x.possibility == y.possibility && x.valid == y.valid
            && x.international == y.international && x.countryCode == y.countryCode && x.numberType == y.numberType
            && x.nationalSignificantLength == y.nationalSignificantLength && x.typedDigits == y.typedDigits
            && a.formatted == b.formatted && a.extensionDigits == b.extensionDigits && a.region == b.region
    }

    static func describe(_ p: PhoneNumberLibrary.Parsed) -> String {
        let i = p.info
        return "error \(i.parseError) possible \(i.possibility) valid \(i.valid) intl \(i.international) cc \(i.countryCode) "
            + "type \(i.numberType) nsn \(i.nationalSignificantLength) typed \(i.typedDigits) '\(p.formatted)' ext '\(p.extensionDigits)' \(p.region)"
    }

    static func spoken(_ speller: PhoneSpeller, _ text: String, region: String) -> String {
        do {
            let reading = try speller.read(text, options: .init(region: region))
            return "\(reading.text) | \(reading.type) | \(reading.groups) | \(reading.region) | \(reading.isInternational)"
        } catch {
            return "error: \(error)"
        }
    }

    @Test func plansAnswerWhatLibphonenumberAnswers() throws {
        let count = ProcessInfo.processInfo.environment["SPOKENFORM_PHONE_EQUIVALENCE_COUNT"].flatMap { Int($0) } ?? 100_000
        let examples = Self.examples()
        #expect(examples.values.allSatisfy { $0.count >= 2 }, "libphonenumber gives examples of several types per region")
        var random = Generator(state: 17)
        let plannedSpeller = try SpokenForm(locale: "fr-FR").phones
        let referenceSpeller = try PhoneSpeller(locale: plannedSpeller.locale, numbers: plannedSpeller.numbers,
                                                dataStore: .embedded, engine: .libphonenumber)
        var mismatches: [String] = []
        var valid = 0, invalid = 0, errors = 0, international = 0, digitsOnly = 0, decided = 0, spokenCompared = 0
        var regionsSeen = Set<String>()
        for index in 0..<count {
            let (text, region) = Self.input(&random, examples: examples)
            // What PhoneSpeller hands to libphonenumber: separators removed when that is all there is.
            let normalized = PhoneSpeller.withoutSeparators(text)
            let planned = try PhoneNumberLibrary.parse(normalized, defaultRegion: region, engine: .planned)
            let reference = try PhoneNumberLibrary.parse(normalized, defaultRegion: region, engine: .libphonenumber)
            if !Self.same(planned, reference), mismatches.count < 20 {
                mismatches.append("\(normalized) [\(region)]: plans \(Self.describe(planned)) / libphonenumber \(Self.describe(reference))")
            }
            regionsSeen.insert(region)
            if reference.info.parseError != 0 { errors += 1 } else if reference.info.valid { valid += 1 } else { invalid += 1 }
            if reference.info.international { international += 1 }
            if normalized.utf8.allSatisfy({ (0x30...0x39).contains($0) || $0 == 0x2B }) {
                digitsOnly += 1
                if PhoneNumberLibrary.plansDecide(normalized, defaultRegion: region) { decided += 1 }
            }
            if index % 16 == 0 {
                spokenCompared += 1
                let a = Self.spoken(plannedSpeller, text, region: region), b = Self.spoken(referenceSpeller, text, region: region)
                if a != b, mismatches.count < 20 { mismatches.append("spoken '\(text)' [\(region)]: \(a) / \(b)") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
        #expect(regionsSeen.count >= 20)
        // Every kind of input is well represented, so the comparison means something.
        #expect(valid > count / 10 && invalid > count / 10 && errors > count / 50 && international > count / 10,
                "valid \(valid), invalid \(invalid), parse errors \(errors), international \(international) of \(count)")
        // The fast path must actually be taken: nearly every "+"-and-digits input is decided by the plans.
        #expect(Double(decided) >= 0.9 * Double(digitsOnly), "plans decided \(decided) of \(digitsOnly) digit-only inputs")
        print("phone equivalence: \(count) numbers over \(regionsSeen.count) regions, \(valid) valid, \(invalid) invalid, "
              + "\(errors) parse errors, \(international) international; plans decided \(decided) of \(digitsOnly) "
              + "digit-only inputs; \(spokenCompared) spoken by both engines")
    }

    /// Hand-picked cases where libphonenumber's rules are subtle: each must agree.
    @Test(arguments: [
        ("0611223306", "FR"), ("+33611223306", "FR"), ("0033611223306", "FR"), ("33611223306", "FR"),
        ("2015550123", "US"), ("12015550123", "US"), ("011442079460018", "US"), ("+4930123456", "DE"),
        ("0800123456", "DE"), ("+5491123456789", "AR"), ("01115123456", "AR"), ("+551155256325", "BR"),
        ("+2410112345678", "GA"), ("4412345", "AG"), ("2682345678", "AG"), ("+44 1481 256789", "GG"),
        ("+0123", "FR"), ("+999123456", "FR"), ("00", "FR"), ("0", "FR"), ("123", "FR"), ("+800 1234 5678", "FR"),
        ("99999999999999999999", "FR"), ("0000000000", "FR"), ("+39 06 1234 5678", "IT"), ("+3906", "IT"),
    ])
    func subtleCasesAgree(input: String, region: String) throws {
        let normalized = PhoneSpeller.withoutSeparators(input)
        let planned = try PhoneNumberLibrary.parse(normalized, defaultRegion: region, engine: .planned)
        let reference = try PhoneNumberLibrary.parse(normalized, defaultRegion: region, engine: .libphonenumber)
        #expect(Self.same(planned, reference), "plans \(Self.describe(planned)) / libphonenumber \(Self.describe(reference))")
    }

    /// The fast path reads the common forms itself, libphonenumber is not asked.
    @Test func plansDecideCommonNumbers() throws {
        for (input, region) in [("0611223306", "FR"), ("+33611223306", "FR"), ("2015550123", "US"), ("+442079460018", "GB"),
                                ("03012345678", "DE"), ("+61412345678", "AU"), ("0312345678", "JP")] {
            #expect(PhoneNumberLibrary.plansDecide(input, defaultRegion: region), "\(input) [\(region)]")
            #expect(try PhoneNumberLibrary.parse(input, defaultRegion: region).info.valid, "\(input) [\(region)]")
        }
        // Grouped by libphonenumber's French format, as the plans apply it.
        let french = try PhoneNumberLibrary.parse("0611223306", defaultRegion: "FR")
        #expect(french.formatted == "06 11 22 33 06")
        #expect(french.region == "FR")
        #expect(PhoneNumberType(libphonenumberValue: french.info.numberType) == .mobile)
        let international = try PhoneNumberLibrary.parse("+442079460018", defaultRegion: "FR")
        #expect(international.formatted == "+44 20 7946 0018")
        #expect(international.info.international)
    }
}
