import Foundation

/// Reads phone numbers the way people of one language say them: libphonenumber finds the
/// number's region, validates it and groups it as that region writes it; the listener's
/// language decides how each group is said (`Locales/<lang>/phones.txt`).
///
/// ```swift
/// let fr = try SpokenForm(locale: "fr-FR")
/// try fr.phone("06.11.22.33.06")     // "zéro six, onze, vingt-deux, trente-trois, zéro six"
/// try fr.phone("+33 6 11 22 33 06")  // "plus trente-trois, six, onze, vingt-deux, trente-trois, zéro six"
/// ```
///
/// A run of digits is never read as one big number: every group is cut into the parts the
/// language says (pairs in French), and groups are joined by the language's pause mark
/// (`pause` in phones.txt: ", ") so that a screen reader pauses.
///
/// Thread-safe: immutable data, a thread-safe `NumberSpeller`, and libphonenumber's
/// thread-safe singleton.
public final class PhoneSpeller: Sendable {
    /// The word read for 0 in digit-by-digit readings.
    public enum ZeroWord: String, Sendable, CaseIterable, Codable {
        /// The language's number word ("zero", "null").
        case zero
        /// The letter-like "oh" of English (British English's default).
        case oh
    }

    /// How one number is read.
    public struct Options: Hashable, Sendable {
        /// Region for numbers written without a country code ("FR"); nil: the locale's region.
        public var region: String?
        /// Read a number libphonenumber rejects anyway, digit string cut in the language's
        /// default group size, instead of throwing.
        public var lenient: Bool
        /// The word for 0; nil: the locale's habit (`say-oh` in the data).
        public var zero: ZeroWord?

        /// Options for one number; the defaults read it the locale's way and throw on invalid numbers.
        public init(region: String? = nil, lenient: Bool = false, zero: ZeroWord? = nil) {
            self.region = region
            self.lenient = lenient
            self.zero = zero
        }
    }

    /// The locale whose words the speller says.
    public let locale: SpokenLocale
    /// Region assumed for numbers without a country code (from the locale: fr-FR -> FR, fr -> FR).
    public let defaultRegion: String

    let numbers: NumberSpeller
    let data: PhoneLocaleData
    /// Numbers 0...999, each spelled the first time a phone number holds it: every pair and
    /// triple a phone number is cut into, so reading never waits for ICU's spell-out
    /// formatters. Filled on use rather than at creation (all thousand cost about 0.5 ms,
    /// which was a tenth of the `text` command's start-up; a number uses a handful).
    private let smallNumbers = Locked([String?](repeating: nil, count: 1000))
    /// Words for digits 0...9 in digit-by-digit readings (data overrides applied), with "zero" and with "oh".
    private let digitWords: [String]
    private let ohDigitWords: [String]
    /// What goes between spoken groups: the data's pause mark and a space (", ").
    private let groupSeparator: String
    /// Extension markers, longest first, so that "ext." wins over "ext".
    private let extensionMarkers: [String]
    /// What libphonenumber said about recent inputs: screen readers re-read the same labels,
    /// and an input the plans cannot decide costs 10-15 µs in libphonenumber (Debian's build
    /// matches with ICU regular expressions).
    /// Bounded: a few hundred KB at most.
    private let recentlyParsed = LRUCache<ParseKey, PhoneNumberLibrary.Parsed>(limit: 2048)
    private struct ParseKey: Hashable { let input: String; let region: String }

    /// Who reads numbers: the plans compiled from libphonenumber's metadata, or (for the
    /// equivalence tests and benchmarks) libphonenumber alone.
    let engine: PhoneNumberLibrary.Engine

    /// A speller for `locale`, grouping with libphonenumber's rules and saying groups with the language's data.
    /// - Throws: `SpokenFormError.unsupportedLocale` without phone data; `malformedLocaleData` for a bad data file.
    public convenience init(locale: SpokenLocale, numbers: NumberSpeller, dataStore: LocaleDataStore = .embedded) throws {
        try self.init(locale: locale, numbers: numbers, dataStore: dataStore, engine: .planned)
    }

    init(locale: SpokenLocale, numbers: NumberSpeller, dataStore: LocaleDataStore, engine: PhoneNumberLibrary.Engine) throws {
        self.engine = engine
        self.locale = locale
        self.numbers = numbers
        let files = try dataStore.files(named: "phones.txt", language: locale.language, region: locale.region)
        guard !files.isEmpty else { throw SpokenFormError.unsupportedLocale(locale.tag, capability: "phone numbers") }
        data = try PhoneLocaleData(files: files)
        let region = locale.likelyRegion
        defaultRegion = PhoneNumberLibrary.countryCode(ofRegion: region) != nil ? region : "ZZ"
        var words = try (0...9).map { try numbers.cardinal($0) }
        if let zero = data.zeroWord { words[0] = zero }
        for (digit, word) in data.digitWords { words[digit] = word }
        digitWords = words
        words[0] = data.ohWord ?? words[0]
        ohDigitWords = words
        extensionMarkers = data.extensionMarkers.sorted { $0.count > $1.count }
        groupSeparator = data.pause + " "
    }

    // MARK: Speaking

    /// The spoken form of a phone number. Throws `invalidInput` saying what is wrong
    /// ("expected 10 digits, found 4 (too short)") unless `options.lenient` is set.
    /// - Throws: `SpokenFormError.invalidInput` saying what is wrong with the number (unless `lenient`); `invalidOption` for an unknown region.
    public func speak(_ text: String, options: Options = Options()) throws -> String {
        try read(text, options: options).text
    }

    /// The spoken form with what libphonenumber found: region, type, groups.
    /// - Throws: `SpokenFormError.invalidInput` saying what is wrong with the number (unless `lenient`); `invalidOption` for an unknown region.
    public func read(_ text: String, options: Options = Options()) throws -> SpokenPhoneNumber {
        switch try outcome(text, options: options) {
        case .read(let number): return number
        case .rejected(let parsed, let region): throw PhoneNumberLibrary.error(for: text, parsed: parsed, defaultRegion: region)
        }
    }

    /// `read` for a caller that only wants valid numbers (the text normaliser tries every run
    /// of seven digits or more, and most are dates or amounts): nil where `read` would throw
    /// `invalidInput` for a number libphonenumber rejects. Building that error looks up the
    /// region's example number and lengths, which cost more than the reading itself.
    func readIfValid(_ text: String, options: Options = Options()) throws -> SpokenPhoneNumber? {
        if case .read(let number) = try outcome(text, options: options) { return number }
        return nil
    }

    /// A number written with "+" and a country code, of a length possible there, that no
    /// numbering plan holds ("+1 555 123 4567", a film's number; "+49 123 456 789 12", a form's
    /// placeholder): the "+" and the country code say it is a phone number, so it is read
    /// as written, group by group. Nil for any other text.
    func readPossibleInternational(_ text: String) throws -> SpokenPhoneNumber? {
        guard text.hasPrefix("+"), case .rejected(let parsed, let region) = try outcome(text, options: Options()),
              parsed.info.parseError == 0, parsed.info.international, parsed.info.possibility == 0 else { return nil }
        return try readLeniently(Self.normalizedSpaces(text), region: region, options: Options())
    }

    private enum Outcome {
        case read(SpokenPhoneNumber)
        /// libphonenumber's answer for a number it rejects, and the region it was read in.
        case rejected(PhoneNumberLibrary.Parsed, region: String)
    }

    private func outcome(_ text: String, options: Options) throws -> Outcome {
        let region = try regionCode(options.region)
        let input = Self.normalizedSpaces(text)
        guard !input.isEmpty else {
            throw SpokenFormError.invalidInput(kind: "phone number", input: text, expected: "digits, such as \(PhoneNumberLibrary.example(region: region))")
        }
        var (main, markedExtension) = splitExtension(input)
        if markedExtension == nil, let (number, digits) = hyphenExtension(main) {
            let candidate = try parse(Self.withoutSeparators(number), region: region)
            if candidate.info.parseError == 0, candidate.info.valid { (main, markedExtension) = (number, digits) }
        }
        let parsed = try parse(Self.withoutSeparators(main), region: region)
        guard parsed.info.parseError == 0, parsed.info.valid else {
            if options.lenient, let lenient = try readLeniently(main, extensionDigits: markedExtension, region: region, options: options) { return .read(lenient) }
            return .rejected(parsed, region: region)
        }
        let extensionDigits = markedExtension ?? (parsed.extensionDigits.isEmpty ? nil : parsed.extensionDigits)
        let written = data.keepsWrittenGroups ? Self.writtenGrouping(main, formatted: parsed.formatted) : nil
        return .read(try assemble(formatted: parsed.formatted, grouping: written, extensionDigits: extensionDigits, options: options,
                                  region: parsed.region, countryCode: Int(parsed.info.countryCode),
                                  type: PhoneNumberType(libphonenumberValue: parsed.info.numberType),
                                  isValid: true, isInternational: parsed.info.international))
    }

    /// `value` in words, from `smallNumbers` below 1000.
    private func smallNumber(_ value: Int) throws -> String {
        guard value >= 0 && value < 1000 else { return try numbers.cardinal(value) }
        if let known = smallNumbers.withLock({ $0[value] }) { return known }
        let words = try numbers.cardinal(value)
        smallNumbers.withLock { $0[value] = words }
        return words
    }

    /// libphonenumber's reading of `input`, from `recentlyParsed` when it was read lately.
    private func parse(_ input: String, region: String) throws -> PhoneNumberLibrary.Parsed {
        try recentlyParsed.value(for: ParseKey(input: input, region: region)) {
            try PhoneNumberLibrary.parse(input, defaultRegion: region, engine: engine)
        }
    }

    /// `written` regrouped as the user wrote it ("+34 91 123 45 67"), when its digit groups hold
    /// exactly the digits of libphonenumber's `formatted` ("+34 911 23 45 67") and split the
    /// national number into at least two groups of at most four digits; nil otherwise (then
    /// libphonenumber's grouping is said). Letters (vanity numbers) or any other digit count keep
    /// libphonenumber's groups, so the number said is always the number libphonenumber validated.
    static func writtenGrouping(_ written: String, formatted: String) -> String? {
        // Most numbers are written in libphonenumber's own groups ("06.11.22.33.06"): checked on
        // bytes first, without the arrays and strings below (16 000 instructions a number, a
        // tenth of a French label's time).
        if hasSameGroups(written, formatted) { return nil }
        func digitRuns(_ text: String) -> [Substring]? {
            var runs: [Substring] = []
            var start: String.Index?
            let utf8 = text.utf8
            // ASCII, as libphonenumber's formats and nearly every input are: bytes, without the
            // grapheme breaking of Characters (about a fifth of a first-time number's time).
            if utf8.allSatisfy({ $0 < 0x80 }) {
                for index in utf8.indices {
                    let byte = utf8[index]
                    if (0x30...0x39).contains(byte) {
                        if start == nil { start = index }
                        continue
                    }
                    if (0x41...0x5A).contains(byte & 0xDF) { return nil }
                    if let begin = start { runs.append(text[begin..<index]); start = nil }
                }
                if let begin = start { runs.append(text[begin...]) }
                return runs
            }
            for index in text.indices {
                let character = text[index]
                if character.isASCII, character.isNumber {
                    if start == nil { start = index }
                    continue
                }
                // Only separators between the groups: a letter means a vanity number or words.
                if character.isLetter { return nil }
                if let begin = start { runs.append(text[begin..<index]); start = nil }
            }
            if let begin = start { runs.append(text[begin...]) }
            return runs
        }
        guard let wanted = digitRuns(formatted), var groups = digitRuns(written),
              groups.joined() == wanted.joined() else { return nil }
        var prefix = ""
        if formatted.hasPrefix("+") {
            // The country code must be written apart, as its own first group.
            guard written.hasPrefix("+"), let code = wanted.first, groups.first == code else { return nil }
            prefix = "+" + code + " "
            groups.removeFirst()
        }
        guard groups.count >= 2, groups.allSatisfy({ $0.utf8.count <= 4 }) else { return nil }
        return prefix + groups.joined(separator: " ")
    }

    /// Whether `a` and `b` hold the same digits in the same runs, whatever separates the runs
    /// (false when either string's bytes are not contiguous: the caller then compares runs).
    static func hasSameGroups(_ a: String, _ b: String) -> Bool {
        let same = a.utf8.withContiguousStorageIfAvailable { ua in
            b.utf8.withContiguousStorageIfAvailable { ub in sameRuns(ua, ub) }
        }
        return same.flatMap { $0 } ?? false
    }

    private static func sameRuns(_ ua: UnsafeBufferPointer<UInt8>, _ ub: UnsafeBufferPointer<UInt8>) -> Bool {
        func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }
        var i = 0, j = 0
        while true {
            while i < ua.count, !isDigit(ua[i]) { i += 1 }
            while j < ub.count, !isDigit(ub[j]) { j += 1 }
            if i == ua.count || j == ub.count { return i == ua.count && j == ub.count }
            while i < ua.count, j < ub.count, isDigit(ua[i]), isDigit(ub[j]) {
                guard ua[i] == ub[j] else { return false }
                i += 1
                j += 1
            }
            guard i == ua.count || !isDigit(ua[i]), j == ub.count || !isDigit(ub[j]) else { return false }
        }
    }

    /// Speaks the groups of a formatted number ("+33 6 11 22 33 06", "(201) 555-0123").
    private func assemble(formatted: String, grouping: String? = nil, extensionDigits: String?, options: Options, region: String, countryCode: Int,
                          type: PhoneNumberType, isValid: Bool, isInternational: Bool) throws -> SpokenPhoneNumber {
        let zeroIsOh = (options.zero ?? (data.saysOh ? .oh : .zero)) == .oh
        // libphonenumber's formats hold ASCII digits only: split on every other byte.
        var groups: [String] = []
        var groupStart: String.UTF8View.Index?
        let grouped = grouping ?? formatted
        let utf8 = grouped.utf8
        for index in utf8.indices {
            let isDigit = (0x30...0x39).contains(utf8[index])
            if isDigit, groupStart == nil { groupStart = index }
            if !isDigit, let start = groupStart {
                groups.append(String(grouped[start..<index]))
                groupStart = nil
            }
        }
        if let start = groupStart { groups.append(String(grouped[start...])) }

        var spoken: [String] = []
        var national = groups[...]
        if grouped.hasPrefix("+"), let code = national.first {
            spoken.append(data.plusWord + " " + (try say(code, as: data.countryCode, zeroIsOh: zeroIsOh, doubles: false)))
            national = national.dropFirst()
        }
        for (index, group) in national.enumerated() {
            spoken += try sayGroup(group, isFirst: index == 0, zeroIsOh: zeroIsOh)
        }
        if let extensionDigits, !extensionDigits.isEmpty {
            // Read as one number only up to three digits ("poste cent vingt-trois"); longer, by parts.
            let words: String
            if let reading = data.extensionReading, reading == .digits || extensionDigits.utf8.count <= 3 {
                words = try say(extensionDigits, as: reading, zeroIsOh: zeroIsOh)
            } else {
                words = try sayGroup(extensionDigits, isFirst: false, zeroIsOh: zeroIsOh).joined(separator: groupSeparator)
            }
            spoken.append(data.extensionWord + " " + words)
        }
        return SpokenPhoneNumber(text: spoken.joined(separator: groupSeparator), region: region, countryCode: countryCode, type: type,
                                 isValid: isValid, isInternational: isInternational, formatted: formatted,
                                 groups: groups, spokenGroups: spoken, extensionDigits: extensionDigits)
    }

    /// One group, cut into the parts the language says, each part spoken.
    private func sayGroup(_ group: String, isFirst: Bool, zeroIsOh: Bool) throws -> [String] {
        if data.numberGroups.contains(group) || (isFirst && data.isPrefixGroup(group)) {
            return [try say(group, as: .number, zeroIsOh: zeroIsOh)]
        }
        let reading = (isFirst ? data.firstGroup : nil) ?? data.reading(forGroupOf: group.utf8.count)
        var parts: [String] = []
        // The group holds ASCII digits only: its parts are cut on bytes.
        var start = group.utf8.startIndex
        for size in Self.partSizes(count: group.utf8.count, pattern: reading.parts) {
            let end = group.utf8.index(start, offsetBy: size)
            parts.append(try say(String(group[start..<end]), as: reading.reading, zeroIsOh: zeroIsOh))
            start = end
        }
        return parts
    }

    /// Sizes of the parts a group of `count` digits is cut into: the pattern itself when it
    /// adds up to `count`; otherwise the pattern repeated, a rest shorter than the next
    /// part joining the last one (pairs: 5 -> 2 3, 9 -> 2 2 2 3).
    static func partSizes(count: Int, pattern: [Int]) -> [Int] {
        guard !pattern.isEmpty, count > 0 else { return [count] }
        if pattern.reduce(0, +) == count { return pattern }
        var sizes: [Int] = []
        var remaining = count
        var index = 0
        while remaining > 0 {
            var size = min(pattern[index % pattern.count], remaining)
            let after = remaining - size
            if after > 0, after < pattern[(index + 1) % pattern.count] { size = remaining }
            sizes.append(size)
            remaining -= size
            index += 1
        }
        return sizes
    }

    /// Digits said one by one or as a number with leading zeros said.
    /// `doubles: false` for a country code: "plus four four", never "plus double four".
    private func say(_ digits: String, as reading: Reading, zeroIsOh: Bool, doubles: Bool = true) throws -> String {
        // The digit values in a stack buffer and the words appended to one string: a number's
        // groups are said on every reading, and arrays of values and words cost a quarter of it.
        let capacity = digits.utf8.count
        return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(capacity, 1)) { buffer -> String in
            var count = 0
            for byte in digits.utf8 where (0x30...0x39).contains(byte) {
                buffer[count] = byte - 0x30
                count += 1
            }
            let values = UnsafeBufferPointer(rebasing: buffer[0..<count])
            guard !values.isEmpty else { return "" }
            let words = zeroIsOh ? ohDigitWords : digitWords
            switch reading {
            case .digits:
                return doubles ? sayDigits(values, words: words) : Self.joinedWords(values, words: words)
            case .number:
                // Parts are at most a few digits; anything longer is said digit by digit, never as one big number.
                guard values.count <= 4 else { return sayDigits(values, words: words) }
                var spoken = ""
                var index = 0
                while index < values.count - 1, values[index] == 0 {
                    spoken += words[0]
                    spoken += " "
                    index += 1
                }
                let rest = values[index...].reduce(0) { $0 * 10 + Int($1) }
                spoken += try smallNumber(rest)
                return spoken
            }
        }
    }
    typealias Reading = PhoneLocaleData.Reading

    /// One word per digit, separated by spaces.
    private static func joinedWords(_ values: UnsafeBufferPointer<UInt8>, words: [String]) -> String {
        // Bytes, not String appends: appending word by word cost twice the rest of the group.
        var spoken: [UInt8] = []
        spoken.reserveCapacity(values.count * 8)
        for (index, value) in values.enumerated() {
            if index > 0 { spoken.append(0x20) }
            spoken.append(contentsOf: words[Int(value)].utf8)
        }
        return String(decoding: spoken, as: UTF8.self)
    }

    /// One word per digit; with "double"/"triple" templates, runs of equal digits use them.
    private func sayDigits(_ values: UnsafeBufferPointer<UInt8>, words: [String]) -> String {
        guard let double = data.doubleTemplate else { return Self.joinedWords(values, words: words) }
        var spoken = ""
        func append(_ word: String) {
            if !spoken.isEmpty { spoken += " " }
            spoken += word
        }
        var index = 0
        while index < values.count {
            var run = 1
            while index + run < values.count, values[index + run] == values[index] { run += 1 }
            var left = run
            let word = words[Int(values[index])]
            while left > 0 {
                if left == 3, let triple = data.tripleTemplate {
                    append(triple.filling("{digit}", with: word)); left -= 3
                } else if left >= 2 {
                    append(double.filling("{digit}", with: word)); left -= 2
                } else {
                    append(word); left -= 1
                }
            }
            index += run
        }
        return spoken
    }

    // MARK: Input

    /// Every kind of space (NBSP, narrow NBSP, thin space...) becomes a plain space; the ends are trimmed.
    static func normalizedSpaces(_ text: String) -> String {
        // Most inputs are plain ASCII without surrounding spaces: nothing to do.
        if let first = text.utf8.first, let last = text.utf8.last, first > 0x20, last > 0x20, text.utf8.allSatisfy({ $0 < 0x80 }) {
            return text
        }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            result.append(scalar.properties.isWhitespace ? " " : scalar)
        }
        return String(result).trimmingSpaces()
    }

    /// "06.11.22.33.06" -> "0611223306" when the input holds only digits, a leading "+" and
    /// spaces, dots, dashes or slashes (or parentheses, without "+"): libphonenumber drops those itself, but its regular
    /// expressions parse a bare digit string about 2 µs faster. Anything else is left as it is.
    static func withoutSeparators(_ input: String) -> String {
        var digits: [UInt8] = []
        digits.reserveCapacity(input.utf8.count)
        for (offset, byte) in input.utf8.enumerated() {
            switch byte {
            case 0x30...0x39: digits.append(byte)
            case 0x2B where offset == 0: digits.append(byte)
            case 0x20, 0x2E, 0x2D, 0x2F: continue
            // "(201) 555-0123": parentheses around a national area code only group it.
            case 0x28 where digits.first != 0x2B, 0x29 where digits.first != 0x2B: continue
            default: return input
            }
        }
        return String(decoding: digits, as: UTF8.self)
    }

    /// Splits "01 23 45 67 89 poste 12" at a marker of the locale's data; libphonenumber
    /// knows only English and Spanish markers ("ext.", "x", "anexo").
    /// "089 1234567-12" (DIN 5008, `extension-after-hyphen`): the number before the last hyphen and the
    /// one to five digits after it, when the number is written in groups (a space before the hyphen).
    func hyphenExtension(_ input: String) -> (main: String, extension: String)? {
        guard data.extensionAfterHyphen, let hyphen = input.lastIndex(of: "-"), input.firstIndex(of: "-") == hyphen else { return nil }
        let digits = input[input.index(after: hyphen)...]
        let main = input[..<hyphen]
        guard (1...5).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }),
              main.last?.isNumber == true, main.contains(" ") else { return nil }
        return (String(main), String(digits))
    }

    func splitExtension(_ input: String) -> (main: String, extension: String?) {
        // Every marker holds a letter; most numbers hold none (a non-ASCII byte counts as one).
        guard !extensionMarkers.isEmpty,
              input.utf8.contains(where: { $0 >= 0x80 || (0x41...0x5A).contains($0 & 0xDF) }) else { return (input, nil) }
        let digits = input.reversed().prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return (input, nil) }
        var head = String(input.dropLast(digits.count))
        while let last = head.last, last == " " || last == ":" || last == "." && !extensionMarkers.contains(where: { $0.hasSuffix(".") && head.lowercased().hasSuffix($0) }) {
            head.removeLast()
        }
        let lowered = head.lowercased()
        for marker in extensionMarkers where lowered.hasSuffix(marker) {
            let before = head.dropLast(marker.count)
            guard let last = before.last, last == " " || last == "," || last.isNumber else { continue }
            let main = before.trimmingCharacters(in: CharacterSet(charactersIn: " ,"))
            guard !main.isEmpty else { continue }
            return (main, String(digits.reversed()))
        }
        return (input, nil)
    }

    /// The keypad digit of an ASCII letter (ITU E.161: abc 2, def 3, … wxyz 9).
    static func keypadDigit(_ character: Character) -> Character? {
        guard character.isASCII, character.isLetter, let lower = character.lowercased().unicodeScalars.first else { return nil }
        let keys: [(String, Character)] = [("abc", "2"), ("def", "3"), ("ghi", "4"), ("jkl", "5"), ("mno", "6"), ("pqrs", "7"), ("tuv", "8"), ("wxyz", "9")]
        return keys.first { $0.0.unicodeScalars.contains(lower) }?.1
    }

    private func regionCode(_ requested: String?) throws -> String {
        guard let requested else { return defaultRegion }
        let region = requested.uppercased()
        guard region.count == 2, PhoneNumberLibrary.countryCode(ofRegion: region) != nil else {
            throw SpokenFormError.invalidOption(name: "region", value: requested, expected: "a region code such as FR, US or GB")
        }
        return region
    }

    // MARK: Lenient

    /// Any digit string, cut in groups of the language's default size (a shorter rest joins
    /// the last group), each read as a group of its size is. Nil when there are no digits.
    private func readLeniently(_ written: String, extensionDigits: String? = nil, region: String, options: Options) throws -> SpokenPhoneNumber? {
        // Vanity letters in any case ("1-800-my-apple") are their keypad digits, as libphonenumber reads them.
        // Without any digit it is no phone number at all ("hello").
        guard written.contains(where: { $0.isASCII && $0.isNumber }) else { return nil }
        let input = String(written.map { Self.keypadDigit($0) ?? $0 })
        let digits = input.filter { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return nil }
        let size = data.lenientGroup
        // The groups as written ("+1 999-555-0147": the country code stays apart), each one
        // longer than two groups cut in the language's group size.
        var groups: [String] = []
        for written in input.split(whereSeparator: { !($0.isASCII && $0.isNumber) }) {
            // Offsets into the ASCII bytes: `Substring.count` in the loop made this quadratic.
            let bytes = Array(written.utf8)
            var start = 0
            while start < bytes.count {
                let left = bytes.count - start
                let take = left < 2 * size ? left : size
                groups.append(String(decoding: bytes[start..<start + take], as: UTF8.self))
                start += take
            }
        }
        let plus = input.hasPrefix("+") ? "+" : ""
        return try assemble(formatted: plus + groups.joined(separator: " "), extensionDigits: extensionDigits, options: options,
                        region: region, countryCode: PhoneNumberLibrary.countryCode(ofRegion: region) ?? 0,
                        type: .unknown, isValid: false, isInternational: !plus.isEmpty)
    }
}
