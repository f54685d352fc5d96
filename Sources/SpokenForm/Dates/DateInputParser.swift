/// Reads dates, times, date-times and durations as apps display them, in one locale's
/// field order: `01/04/2015` is 1 April in fr-FR and en-GB, 4 January in en-US.
///
/// Accepted forms (each one is tested):
/// - dates: ISO 8601 `2015-04-01`; year first `2015/04/01`; the locale's numeric order
///   with `/`, `.` or `-` (`01/04/2015`, `1.4.2015`, `1-4-2015`), two-digit years read as
///   2000-2068 and 1969-1999 (`01/04/15`); a Unix timestamp in seconds (`1427846400`: 9 to 12 digits, or `@` and any
///   whole number, `@-86400`).
/// - times: `05:30`, `5:30:15`, `5h30`, `5 h 30`, `17h`, `5:30 pm`, `5pm`, `5:30 p.m.`,
///   optionally followed by `Z` or a UTC offset (`+02:00`, `+0200`, `-05`).
/// - date-times: a date, then `T`, a space or a comma, optionally the locale's word for
///   "at" (`à`, `at`, `um`), then a time (`2015-04-01T05:30:00+02:00`, `01/04/2015 à 5h30`).
/// - durations: whole seconds (`19800`), ISO 8601 (`PT5H30M`, `P1DT2H`, `P2W`, `P1Y2M`),
///   `H:MM` or `H:MM:SS` (`5:30:00`).
struct DateInputParser: Sendable {
    enum Field: Sendable { case year, month, day }

    /// The locale's order of numeric date fields, from ICU's pattern for skeleton `yMd`.
    let order: [Field]
    /// Words that may stand between a date and a time ("à", "at", "um"), lowercased.
    let connectors: [String]
    /// Markers of a time before or after noon ("a.m.", "pm"), longest first
    /// (`Locales/und/time-input.txt`).
    let meridiems: [(word: String, isPM: Bool)]

    /// The meridiem markers of `time-input.txt` files (`am = a.m. | am`, `pm = ...`), in order.
    static func meridiems(_ files: [LocaleDataFile]) throws -> [(word: String, isPM: Bool)] {
        var markers: [(word: String, isPM: Bool)] = []
        for file in files {
            for (key, value, line) in try file.keyValues(checkedBy: .timeInput) {
                for word in value.splitAtASCII("|").map({ $0.trimmingSpaces() }) {
                    guard !word.isEmpty else { throw file.error(at: line, "empty marker: expected WORD | WORD ...") }
                    markers.append((word, key == "pm"))
                }
            }
        }
        return markers
    }

    static let expectedDate = "a date such as 2015-04-01 or 20150401 (ISO 8601), the locale's numeric form with / . or - (LOCALE), the date written out with its month's name, or a Unix timestamp in seconds (1427846400, @-86400)"
    static let expectedTime = "a time such as 05:30, 17.30, 5:30:15, 5h30, 5 h 30, 17h or 5:30 pm, optionally with a UTC offset (Z, +02:00)"
    static let expectedDuration = "a duration such as 19800 (seconds), PT5H30M or P1DT2H (ISO 8601), or 5:30:00 (H:MM:SS)"

    /// Month names as ICU writes them (full and abbreviated, format and stand-alone), lowercased,
    /// without a final period: "avril" and "avr" -> 4.
    let monthNames: [String: Int]
    let writtenDateFillers: Set<String>
    let timeWordsBefore: [String]
    let timeWordsAfter: [String]
    let namedTimes: [String: String]

    /// - Throws: `SpokenFormError.icuFailure` when ICU cannot give the locale's month names or numeric date pattern.
    init(icuLocaleID: String, connectors: [String] = [], data: DateLocaleData? = nil,
         meridiems: [(word: String, isPM: Bool)]) throws {
        self.connectors = connectors.map { $0.lowercased() }
        // Stable: among markers of one length, the data's order.
        self.meridiems = meridiems.enumerated()
            .sorted { ($0.element.word.count, -$0.offset) > ($1.element.word.count, -$1.offset) }
            .map { (word: $0.element.word.lowercased(), isPM: $0.element.isPM) }
        var months: [String: Int] = [:]
        for pattern in ["MMMM", "MMM", "LLLL", "LLL"] {
            let formatter: ICUDateFormatterPool
            do {
                formatter = try ICUDateFormatterPool(icuLocaleID: icuLocaleID, pattern: pattern)
            } catch {
                throw SpokenFormError(error)
            }
            for month in 1...12 {
                guard let date = try? CivilDate(year: 2015, month: month, day: 1) else { continue }
                let name = try formatter.spelled(date, dayWords: "", yearWords: "")
                var key = name.lowercased().trimmingSpaces()
                if key.hasSuffix(".") { key.removeLast() }
                if !key.isEmpty && months[key] == nil { months[key] = month }
            }
        }
        monthNames = months
        writtenDateFillers = data?.writtenDateFillers ?? []
        timeWordsBefore = data?.timeWordsBefore ?? []
        timeWordsAfter = data?.timeWordsAfter ?? []
        namedTimes = data?.namedTimes ?? [:]
        var order: [Field] = []
        var quoted = false
        let pattern: String
        do {
            pattern = try ICUDateFormatterPool.bestPattern(icuLocaleID: icuLocaleID, skeleton: "yMd")
        } catch {
            throw SpokenFormError(error)
        }
        for character in pattern {
            if character == "'" { quoted.toggle(); continue }
            guard !quoted else { continue }
            let field: Field? = character == "y" ? .year : character == "M" ? .month : character == "d" ? .day : nil
            if let field, !order.contains(field) { order.append(field) }
        }
        self.order = data?.numericOrder ?? (order.count == 3 ? order : [.day, .month, .year])
    }

    /// The locale's order as a user reads it ("DD/MM/YYYY").
    var orderDescription: String {
        order.map { $0 == .year ? "YYYY" : $0 == .month ? "MM" : "DD" }.joined(separator: "/")
    }

    /// Whether `text` holds a letter (`Character.isLetter`), without breaking an ASCII text
    /// into Characters: that was the largest cost of parsing a numeric date.
    static func hasLetter(_ text: String) -> Bool {
        for byte in text.utf8 {
            if byte >= 0x80 { return text.contains(where: \.isLetter) }
            if (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A { return true }
        }
        return false
    }

    /// Whether every byte of `text` is an ASCII digit (and there is one).
    static func isASCIIDigits(_ text: some StringProtocol) -> Bool {
        !text.utf8.isEmpty && text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    private func dateError(_ input: String, _ detail: String? = nil) -> SpokenFormError {
        var expected = Self.expectedDate.replacingOccurrences(of: "LOCALE", with: orderDescription + " here")
        if let detail { expected = detail + "; " + expected }
        return .invalidInput(kind: "date", input: input, expected: expected)
    }

    // MARK: Dates and date-times

    /// A date, optionally followed by a time; or a Unix timestamp.
    func parseDateTime(_ input: String, requireTime: Bool = false, allowTime: Bool = true) throws -> DateTimeValue {
        let text = input.trimmingSpaces()
        if let seconds = Self.unixTimestamp(text) {
            var value = DateTimeValue(unixTime: seconds)
            if !allowTime { value.time = nil }
            return value
        }
        if Self.hasLetter(text), let written = try parseWrittenDateTime(text, original: input, requireTime: requireTime, allowTime: allowTime) {
            return written
        }
        // The date is the leading run of digits and separators (ASCII: cut on UTF-8 bytes).
        let dateEnd = text.utf8.firstIndex { !(($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2F || $0 == 0x2E || $0 == 0x2D) } ?? text.endIndex
        let datePart = String(text[..<dateEnd])
        var rest = text[dateEnd...]
        let date = try parseDate(datePart.hasSuffix(".") && datePart.filter({ $0 == "." }).count == 3 ? String(datePart.dropLast()) : datePart, original: input)
        rest = rest.drop { $0 == " " || $0 == "," }
        if rest.first == "T" || rest.first == "t" { rest = rest.dropFirst() }
        if !rest.isEmpty {
            let lowered = rest.lowercased()
            for word in connectors where lowered.hasPrefix(word + " ") {
                rest = rest.dropFirst(word.count).drop { $0 == " " }
                break
            }
        }
        if rest.isEmpty {
            if requireTime {
                throw SpokenFormError.invalidInput(kind: "date and time", input: input, expected: "a date followed by a time, such as 2015-04-01T05:30 or 01/04/2015 05:30")
            }
            return DateTimeValue(date: date, time: nil)
        }
        guard allowTime else { throw dateError(input) }
        var value = try parseTime(String(rest), original: input, kind: "date and time")
        value.date = date
        return value
    }

    /// 9 to 12 digits (1973 to 33658), or "@" and any whole number (GNU date's "@-86400"):
    /// shorter digit strings are too easily something else.
    private static func unixTimestamp(_ text: String) -> Int? {
        let marked = text.hasPrefix("@")
        let number = marked ? text.dropFirst() : Substring(text)
        let digits = marked && number.hasPrefix("-") ? number.dropFirst() : number
        // UTF-8 counts: only ASCII digits pass, so bytes are characters.
        let count = digits.utf8.count
        guard count <= 12, marked || count >= 9, isASCIIDigits(digits) else { return nil }
        return Int(number)
    }

    /// "1er avril 2015", "April 1, 2015", "1. April 2015", "1 de abril de 2015", "1º de abril de 2015",
    /// optionally followed by a connector and a time. Nil when the text is not a written-out date.
    private func parseWrittenDateTime(_ text: String, original: String, requireTime: Bool, allowTime: Bool) throws -> DateTimeValue? {
        let lowered = text.lowercased()
        for connector in connectors {
            if let range = lowered.range(of: " " + connector + " ") {
                guard let date = writtenDate(String(lowered[..<range.lowerBound])) else { continue }
                guard allowTime else { throw dateError(original) }
                var value = try parseTime(String(lowered[range.upperBound...]), original: original, kind: "date and time")
                value.date = date
                return value
            }
        }
        guard let date = writtenDate(lowered) else { return nil }
        if requireTime {
            throw SpokenFormError.invalidInput(kind: "date and time", input: original, expected: "a date followed by a time, such as 2015-04-01T05:30 or 01/04/2015 05:30")
        }
        return DateTimeValue(date: date, time: nil)
    }

    /// A written-out date (lowercased): a month name, a day (with an ordinal mark or not) and a
    /// four-digit year, in any order, with the locale's filler words ("de", "the", "of").
    private func writtenDate(_ text: String) -> CivilDate? {
        var month: Int?
        var day: Int?
        var year: Int?
        for token in text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\u{00A0}" }) {
            var word = String(token)
            if writtenDateFillers.contains(word) { continue }
            let digits = word.prefix { $0.isASCII && $0.isNumber }
            if digits.isEmpty {
                if word.hasSuffix(".") { word.removeLast() }
                guard month == nil, let m = monthNames[word] else { return nil }
                month = m
                continue
            }
            let suffix = word.dropFirst(digits.count)
            if digits.count == 4 && suffix.isEmpty && year == nil {
                year = Int(digits)
            } else if digits.count <= 2 && day == nil && Self.ordinalMarks.contains(String(suffix)) {
                day = Int(digits)
            } else {
                return nil
            }
        }
        guard let month, let day, let year else { return nil }
        return try? CivilDate(year: year, month: month, day: day)
    }

    /// Whether a written-out date writes the 1st with an ordinal mark ("1º de abril", "1er avril",
    /// "1st April"); "1. April" does not count, its dot is how German writes every day.
    func writesFirstDayAsOrdinal(_ input: String) -> Bool {
        guard Self.hasLetter(input) else { return false }
        for token in input.lowercased().split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\u{00A0}" }) {
            let digits = token.prefix { $0.isASCII && $0.isNumber }
            guard digits == "1" || digits == "01" else { continue }
            let suffix = String(token.dropFirst(digits.count))
            if suffix != "" && suffix != "." && Self.ordinalMarks.contains(suffix) { return true }
        }
        return false
    }

    /// What may follow the day's digits in a written date: "1er", "1st", "1.", "1º", "1°".
    private static let ordinalMarks: Set<String> = ["", "er", "re", "e", "st", "nd", "rd", "th", ".", "º", "ª", "°", ".º", "o"]

    private func parseDate(_ text: String, original: String) throws -> CivilDate {
        // Basic ISO 8601: 20150401.
        if text.utf8.count == 8, Self.isASCIIDigits(text), let value = Int(text) {
            do {
                return try CivilDate(year: value / 10000, month: value / 100 % 100, day: value % 100)
            } catch SpokenFormError.invalidInput(_, _, let why) {
                throw dateError(original, "a date that exists (\(why))")
            }
        }
        guard let separatorByte = text.utf8.first(where: { $0 == 0x2F || $0 == 0x2E || $0 == 0x2D }) else { throw dateError(original) }
        // Cut on the separator's byte, not on Characters: grapheme breaking was most of this
        // function's time. Only digits and the one separator pass the check below, and
        // there the two cuts are the same.
        var groups: [Substring] = []
        groups.reserveCapacity(3)
        var groupStart = text.startIndex
        for index in text.utf8.indices where text.utf8[index] == separatorByte {
            groups.append(text[groupStart..<index])
            groupStart = text.utf8.index(after: index)
        }
        groups.append(text[groupStart...])
        // Each group is ASCII digits, so its UTF-8 count is its length.
        guard groups.count == 3, groups.allSatisfy({ $0.utf8.count <= 4 && Self.isASCIIDigits($0) }),
              !text.utf8.contains(where: { ($0 == 0x2F || $0 == 0x2E || $0 == 0x2D) && $0 != separatorByte }) else {
            throw dateError(original)
        }
        let numbers = groups.compactMap { Int($0) }
        guard numbers.count == 3 else { throw dateError(original) }
        let year: Int, month: Int, day: Int
        if groups[0].utf8.count == 4 {
            // Year first is never ambiguous: ISO 8601 order.
            guard groups[1].utf8.count <= 2, groups[2].utf8.count <= 2 else { throw dateError(original) }
            (year, month, day) = (numbers[0], numbers[1], numbers[2])
        } else {
            // Three locals, not a dictionary by field: this runs for every numeric date.
            var fields = (year: 0, month: 0, day: 0)
            for (index, field) in order.enumerated() {
                let group = groups[index]
                switch field {
                case .year:
                    guard group.utf8.count == 4 || group.utf8.count == 2 else { throw dateError(original, "a year of 2 or 4 digits") }
                    fields.year = group.utf8.count == 2 ? (numbers[index] <= 68 ? 2000 : 1900) + numbers[index] : numbers[index]
                case .month, .day:
                    guard group.utf8.count <= 2 else { throw dateError(original) }
                    if field == .month { fields.month = numbers[index] } else { fields.day = numbers[index] }
                }
            }
            (year, month, day) = fields
        }
        do {
            return try CivilDate(year: year, month: month, day: day)
        } catch SpokenFormError.invalidInput(_, _, let why) {
            throw dateError(original, "a date that exists (\(why))")
        }
    }

    // MARK: Times

    /// A time of day, with an optional UTC offset.
    func parseTime(_ input: String, original: String? = nil, kind: String = "time") throws -> DateTimeValue {
        let original = original ?? input
        let fail = SpokenFormError.invalidInput(kind: kind, input: original, expected: Self.expectedTime)
        var text = input.trimmingSpaces().lowercased()
        if let named = namedTimes[text] { text = named }
        // "ore 17:30", "17 Uhr", "17.30 uur": the words people write around a time.
        for word in timeWordsBefore where text.hasPrefix(word + " ") {
            text = text.dropFirst(word.count).trimmingSpaces()
            break
        }
        var sawTimeWord = false
        for word in timeWordsAfter where text.hasSuffix(word) {
            let before = text.dropLast(word.count)
            guard let last = before.last, last == " " || last.isNumber else { continue }
            text = before.trimmingSpaces()
            sawTimeWord = true
            break
        }
        let leadingZero = text.hasPrefix("0")
        var scanner = Scanner(text)
        guard let hour = scanner.number(maxDigits: 2) else { throw fail }
        var minute = 0, second = 0
        var sawMinutes = false, sawSeconds = false
        scanner.skipSpaces()
        // "17.30": the dot is the time separator in de (Duden), it, nl and en-GB.
        if scanner.take(":") || scanner.takeDotBeforeTwoDigits() {
            guard let m = scanner.number(exactDigits: 2) else { throw fail }
            minute = m
            sawMinutes = true
            if scanner.take(":") {
                guard let s = scanner.number(exactDigits: 2) else { throw fail }
                second = s
                sawSeconds = true
                if scanner.take(".") || scanner.take(",") {
                    guard scanner.number(maxDigits: 9) != nil else { throw fail }
                }
            }
        } else if scanner.take("h") {
            scanner.skipSpaces()
            if let m = scanner.number(maxDigits: 2) { minute = m }
            sawMinutes = true
        }
        scanner.skipSpaces()
        var meridiem: Bool? = nil  // true = pm
        for (word, isPM) in meridiems where meridiem == nil {
            if scanner.take(word) { meridiem = isPM }
        }
        guard sawMinutes || meridiem != nil || sawTimeWord else { throw fail }
        scanner.skipSpaces()
        var offset: Int? = nil
        if scanner.take("z") {
            offset = 0
        } else if let sign = scanner.takeSign() {
            guard let hours = scanner.number(exactDigits: 2), hours <= 14 else { throw fail }
            var minutes = 0
            _ = scanner.take(":")
            if let m = scanner.number(exactDigits: 2) { minutes = m }
            guard minutes < 60 else { throw fail }
            offset = sign * (hours * 3600 + minutes * 60)
        }
        guard scanner.isAtEnd else { throw fail }
        // "24h00", "24:00": the end of the day is midnight.
        var hour24 = hour == 24 && minute == 0 && second == 0 && meridiem == nil ? 0 : hour
        if let isPM = meridiem {
            guard (1...12).contains(hour) else {
                throw SpokenFormError.invalidInput(kind: kind, input: original, expected: "an hour from 1 to 12 before am or pm")
            }
            hour24 = hour % 12 + (isPM ? 12 : 0)
        }
        guard (0...23).contains(hour24), (0...59).contains(minute), (0...59).contains(second) else {
            throw SpokenFormError.invalidInput(kind: kind, input: original, expected: "hours 0-23 and minutes 0-59; " + Self.expectedTime)
        }
        var value = DateTimeValue(date: nil, time: CivilTime(checkedHour: hour24, minute: minute, second: second), utcOffset: offset)
        // Noon is the likely "12:30"; seconds are a 24-hour clock's ("10:20:30").
        value.hourIsUnmarked = meridiem == nil && offset == nil && !leadingZero && !sawSeconds && (1...11).contains(hour)
        return value
    }

    // MARK: Durations

    func parseDuration(_ input: String) throws -> DurationValue {
        let text = input.trimmingSpaces()
        let fail = SpokenFormError.invalidInput(kind: "duration", input: input, expected: Self.expectedDuration)
        if !text.isEmpty, text.count <= 15, text.allSatisfy({ $0.isASCII && $0.isNumber }), let seconds = Int(text) {
            return try DurationValue(seconds: seconds)
        }
        if text.first == "P" || text.first == "p" {
            return try parseISODuration(text.uppercased(), fail: fail)
        }
        let parts = text.splitAtASCII(":", omittingEmpty: false)
        guard parts.count == 2 || parts.count == 3,
              parts.allSatisfy({ !$0.isEmpty && $0.count <= 6 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              parts.dropFirst().allSatisfy({ $0.count == 2 }) else { throw fail }
        let numbers = parts.compactMap { Int($0) }
        guard numbers.count == parts.count, numbers.dropFirst().allSatisfy({ $0 < 60 }) else { throw fail }
        var components = [DurationValue.Component(unit: .hour, value: numbers[0]), .init(unit: .minute, value: numbers[1])]
        if numbers.count == 3 { components.append(.init(unit: .second, value: numbers[2])) }
        return DurationValue(components)
    }

    private func parseISODuration(_ text: String, fail: SpokenFormError) throws -> DurationValue {
        var scanner = Scanner(String(text.dropFirst()))
        var components: [DurationValue.Component] = []
        var inTime = false
        var seen = Set<DateUnit>()
        while !scanner.isAtEnd {
            if scanner.take("T") {
                guard !inTime else { throw fail }
                inTime = true
                continue
            }
            guard let value = scanner.number(maxDigits: 9), let designator = scanner.next() else { throw fail }
            let unit: DateUnit
            switch (designator, inTime) {
            case ("Y", false): unit = .year
            case ("M", false): unit = .month
            case ("W", false): unit = .week
            case ("D", false): unit = .day
            case ("H", true): unit = .hour
            case ("M", true): unit = .minute
            case ("S", true): unit = .second
            default: throw fail
            }
            // Components must come in ISO order, each once.
            if let last = components.last, last.unit.sizeOrder >= unit.sizeOrder { throw fail }
            guard seen.insert(unit).inserted else { throw fail }
            components.append(.init(unit: unit, value: value))
        }
        let lastIsTime = components.last.map { [DateUnit.hour, .minute, .second].contains($0.unit) } ?? false
        guard !components.isEmpty, !inTime || lastIsTime else { throw fail }
        return DurationValue(components)
    }
}

/// A tiny cursor over ASCII-ish input.
private struct Scanner {
    private let characters: [Character]
    private var position = 0

    init(_ text: String) { characters = Array(text) }

    var isAtEnd: Bool { position == characters.count }

    mutating func next() -> Character? {
        guard position < characters.count else { return nil }
        defer { position += 1 }
        return characters[position]
    }

    mutating func skipSpaces() {
        while position < characters.count, characters[position] == " " || characters[position] == "\u{00A0}" || characters[position] == "\u{202F}" {
            position += 1
        }
    }

    mutating func take(_ word: String) -> Bool {
        let word = Array(word)
        guard position + word.count <= characters.count, Array(characters[position..<position + word.count]) == word else { return false }
        position += word.count
        return true
    }

    /// A "." followed by exactly two digits (and no third): the dot of "17.30".
    mutating func takeDotBeforeTwoDigits() -> Bool {
        guard position + 2 < characters.count, characters[position] == ".",
              characters[position + 1].isASCII, characters[position + 1].isNumber,
              characters[position + 2].isASCII, characters[position + 2].isNumber,
              position + 3 == characters.count || !(characters[position + 3].isASCII && characters[position + 3].isNumber) else { return false }
        position += 1
        return true
    }

    mutating func takeSign() -> Int? {
        if take("+") { return 1 }
        if take("-") || take("\u{2212}") { return -1 }
        return nil
    }

    mutating func number(maxDigits: Int) -> Int? {
        var digits = ""
        while position < characters.count, digits.count < maxDigits, characters[position].isASCII, characters[position].isNumber {
            digits.append(characters[position])
            position += 1
        }
        return digits.isEmpty ? nil : Int(digits)
    }

    mutating func number(exactDigits: Int) -> Int? {
        let start = position
        guard let value = number(maxDigits: exactDigits), position - start == exactDigits else {
            position = start
            return nil
        }
        return value
    }
}
