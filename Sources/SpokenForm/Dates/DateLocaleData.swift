/// What `Locales/<lang>/dates.txt` says about speaking dates, date-times, durations and
/// relative dates in one language, each key declared in `DataFileSchema.dates` (Docs/data/dates.md).
struct DateLocaleData: Sendable {
    enum DayForm: String, Sendable { case cardinal, ordinal }

    struct Replacement: Sendable {
        let from: String
        let to: String
    }

    /// How the day of the month is said: "vingt et un" (cardinal) or "twenty-first" (ordinal).
    var day: DayForm = .cardinal
    /// How the first of the month is said: "premier" (ordinal) or "één" (cardinal).
    var firstDay: DayForm = .cardinal
    /// A named rule set for every day, when the plain forms do not fit (de "erster").
    var dayRuleSet: String?
    /// The rule set of the year inside a date (ru "%spellout-ordinal-neuter-genitive": "…
    /// две тысячи пятнадцатого года"); nil: the year as numbers.txt says it alone.
    var yearRuleSet: String?
    /// Edits of ICU's date pattern (de "d." -> "d": the ordinal dot is not spoken).
    var patternReplacements: [Replacement] = []
    /// Month and weekday names said in dates instead of ICU's, for a language ICU has none for
    /// (`month-names`, `weekday-names`).
    var names = Names()

    struct Names {
        /// In a date's pattern (MMMM): the genitive where the language declines month names.
        var formatMonths: [String]?
        /// Alone (LLLL, "April 2015" where the pattern asks for it).
        var standaloneMonths: [String]?
        /// Monday first.
        var weekdays: [String]?
    }
    /// The word that puts a time after a date ("à", "at", "um").
    var at: String?
    /// Start-of-time replacements after a date (it "le" -> "alle"), instead of `at`.
    var atReplacements: [Replacement] = []
    /// Phrase corrections for durations and relative dates (it "una ora" -> "un'ora").
    var fixes: [Replacement] = []
    /// Gender overrides for units (when ICU's unit data has none or a wrong one); nil = no agreement.
    var unitGenders: [DateUnit: Gender?] = [:]
    /// Rule sets for the count in relative dates, by the unit's gender (de dative "einer", "einem").
    var relativeRuleSets: [Gender: String] = [:]
    /// The order of a numeric date's fields as people write them, when it differs from ICU's
    /// pattern (fr-CA writes 01/04/2015 day first; ICU's pattern is year first).
    var numericOrder: [DateInputParser.Field]?
    /// More words accepted between a date and a time ("a las", "a la").
    var atInput: [String] = []
    /// Words skipped in a written-out date ("de" in "1 de abril de 2015").
    var writtenDateFillers: Set<String> = []
    /// Words written around a time: before ("ore 17:30"), after ("17 Uhr", "17.30 uur").
    var timeWordsBefore: [String] = []
    var timeWordsAfter: [String] = []
    /// Times written as a word ("midi" -> 12:00).
    var namedTimes: [String: String] = [:]
    /// How a duration of exactly two parts is joined, when not as ICU's unit list does ("{0} und {1}").
    var durationPair: String?
    /// The word between a count ending in a scale noun and the unit ("un million d'heures").
    var scaleLink: (word: String, elided: String?, nouns: Set<String>)?

    init(files: [LocaleDataFile]) throws {
        for file in files {
            for (key, value, line) in try file.keyValues(checkedBy: .dates) {
                func replacement() throws -> Replacement {
                    let parts = value.components(separatedBy: "=>").map { $0.trimmingSpaces() }
                    guard parts.count == 2, !parts[0].isEmpty else { throw file.error(at: line, "expected 'FROM => TO'") }
                    return Replacement(from: parts[0], to: parts[1])
                }
                func pair() throws -> (String, String) {
                    let parts = value.components(separatedBy: "|").map { $0.trimmingSpaces() }
                    guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { throw file.error(at: line, "expected 'A | B'") }
                    return (parts[0], parts[1])
                }
                func dayForm() throws -> DayForm {
                    guard let form = DayForm(rawValue: value) else { throw file.error(at: line, "expected cardinal or ordinal") }
                    return form
                }
                switch key {
                case "day": day = try dayForm()
                case "first-day": firstDay = try dayForm()
                case "day-ruleset": dayRuleSet = value
                case "year-ruleset": yearRuleSet = value
                case "month-names":
                    let (context, list) = try pair()
                    let months = list.splitAtASCII(",").map { $0.trimmingSpaces() }
                    guard context == "format" || context == "standalone", months.count == 12, !months.contains(where: \.isEmpty) else {
                        throw file.error(at: line, "expected 'month-names = format|standalone | NAME, NAME, ...' with twelve names")
                    }
                    if context == "format" { names.formatMonths = months } else { names.standaloneMonths = months }
                case "weekday-names":
                    let days = value.splitAtASCII(",").map { $0.trimmingSpaces() }
                    guard days.count == 7, !days.contains(where: \.isEmpty) else {
                        throw file.error(at: line, "expected 'weekday-names = MONDAY, TUESDAY, ...' with seven names")
                    }
                    names.weekdays = days
                case "pattern-replace": patternReplacements.append(try replacement())
                case "at": at = value
                case "at-replace": atReplacements.append(try replacement())
                case "fix": fixes.append(try replacement())
                case "unit-gender":
                    let (unitName, genderName) = try pair()
                    guard let unit = DateUnit(rawValue: unitName) else {
                        throw file.error(at: line, "unknown unit '\(unitName)': expected one of \(DateUnit.allCases.map(\.rawValue).joined(separator: " "))")
                    }
                    guard genderName == "none" || Gender(rawValue: genderName) != nil else {
                        throw file.error(at: line, "expected masculine, feminine, neuter or none")
                    }
                    unitGenders[unit] = Gender(rawValue: genderName)
                case "numeric-order":
                    let fields = value.splitAtASCII(" ").map { word -> DateInputParser.Field? in
                        word == "day" ? .day : word == "month" ? .month : word == "year" ? .year : nil
                    }
                    guard fields.count == 3, Set(fields.compactMap { $0 }).count == 3 else {
                        throw file.error(at: line, "expected the three words day, month and year in order")
                    }
                    numericOrder = fields.compactMap { $0 }
                case "at-input": atInput.append(value.lowercased())
                case "duration-pair":
                    guard value.contains("{0}"), value.contains("{1}") else { throw file.error(at: line, "expected a template with {0} and {1}") }
                    durationPair = value
                case "scale-link":
                    let parts = value.components(separatedBy: "|").map { $0.trimmingSpaces() }
                    guard parts.count == 3, !parts[0].isEmpty, !parts[2].isEmpty else {
                        throw file.error(at: line, "expected 'WORD | ELIDED|- | SCALE-NOUN ...'")
                    }
                    scaleLink = (parts[0], parts[1] == "-" ? nil : parts[1], Set(parts[2].splitAtASCII(" ").map(String.init)))
                case "written-date-filler": writtenDateFillers.formUnion(value.lowercased().splitAtASCII(" ").map(String.init))
                case "time-word-before": timeWordsBefore.append(value.lowercased())
                case "time-word-after": timeWordsAfter.append(value.lowercased())
                case "named-time":
                    let r = try replacement()
                    namedTimes[r.from.lowercased()] = r.to
                case "relative-ruleset":
                    let (genderName, ruleSet) = try pair()
                    guard let gender = Gender(rawValue: genderName) else { throw file.error(at: line, "expected masculine, feminine or neuter") }
                    relativeRuleSets[gender] = ruleSet
                default:
                    throw DataFileSchema.dates.unread(key, at: line, in: file)
                }
            }
        }
    }

    func applyingFixes(_ text: String) -> String {
        var result = text
        for fix in fixes where result.contains(fix.from) {
            result = result.replacingOccurrences(of: fix.from, with: fix.to)
        }
        return result
    }
}

/// What `Locales/<lang>/times.txt` says about speaking a time of day: styles made of
/// rules (first match wins) with templates, and day-period words (`DataFileSchema.times`, Docs/data/times.md).
struct TimeLocaleData: Sendable {
    /// A set of hours (0-23) or minutes (0-59) as a bit mask, from "*", "5", "1-11" or "1,13".
    struct ValueSet: Sendable {
        let mask: UInt64

        init(_ text: String, limit: Int) throws {
            if text == "*" {
                mask = limit == 64 ? .max : (UInt64(1) << UInt64(limit)) - 1
                return
            }
            var mask: UInt64 = 0
            for part in text.splitAtASCII(",") {
                let bounds = part.splitAtASCII("-").map { Int($0.trimmingSpaces()) }
                guard (1...2).contains(bounds.count), let low = bounds.first ?? nil, let high = bounds.last ?? nil,
                      low <= high, low >= 0, high < limit else {
                    throw SpokenFormError.invalidOption(name: "range", value: text, expected: "*, N, A-B or a comma list, within 0-\(limit - 1)")
                }
                for value in low...high { mask |= UInt64(1) << UInt64(value) }
            }
            self.mask = mask
        }

        func contains(_ value: Int) -> Bool { mask & (UInt64(1) << UInt64(value)) != 0 }
    }

    /// A template split into literal text and placeholders.
    /// A piece of a time template. A number's piece may name the spell-out rule set it is said
    /// with (`{h24:%spellout-ordinal-feminine}`: pl "o siedemnastej", the hour as an ordinal in
    /// the locative); without one it is the cardinal of times.txt `hour-gender`/`minute-gender`.
    enum Piece: Sendable { case text(String), hour24(ruleSet: String?), hour12(ruleSet: String?), minute(ruleSet: String?), period }

    struct Rule: Sendable {
        let hours: ValueSet
        let minutes: ValueSet
        let pieces: [Piece]
    }

    struct Period: Sendable {
        let hours: ValueSet
        let words: String
    }

    struct Style: Sendable {
        var rules: [Rule] = []
        var periods: [Period] = []
    }

    var defaultStyle = ""
    /// How a time with seconds is said: `{time}` is the time to the minute, `{seconds}` the
    /// seconds as a duration ("dix heures vingt et trente secondes"). Nil: seconds are not said.
    var secondsTemplate: String?
    /// The style for a time whose hour is written 1-12 without a leading zero and without a
    /// part of the day ("9:30" in en-US, where clocks show 12 hours): it may be morning or
    /// evening, so no part of the day is said ("nine thirty", not "nine thirty AM").
    /// Nil: such a time is said in the default style.
    var unmarkedHourStyle: String?
    var hourGender: Gender?
    var minuteGender: Gender?
    var styles: [String: Style] = [:]
    /// Style names in the order the data gives them.
    var styleNames: [String] = []

    init(files: [LocaleDataFile]) throws {
        for file in files {
            // A more specific file that gives rules for a style replaces that style's rules.
            var replaced = Set<String>()
            for (key, value, line) in try file.keyValues(checkedBy: .times) {
                let fields = value.components(separatedBy: "|").map { $0.trimmingSpaces() }
                func gender() throws -> Gender? {
                    guard value == "none" || Gender(rawValue: value) != nil else { throw file.error(at: line, "expected masculine, feminine, neuter or none") }
                    return Gender(rawValue: value)
                }
                func valueSet(_ text: String, limit: Int) throws -> ValueSet {
                    do { return try ValueSet(text, limit: limit) } catch { throw file.error(at: line, "'\(text)' is not *, N, A-B or a comma list within 0-\(limit - 1)") }
                }
                func prepare(_ style: String) {
                    if !styleNames.contains(style) { styleNames.append(style) }
                    if replaced.insert(style).inserted, files.first?.path != file.path { styles[style] = Style() }
                }
                switch key {
                case "default": defaultStyle = value
                case "seconds":
                    guard value.contains("{time}"), value.contains("{seconds}") else { throw file.error(at: line, "expected a template with {time} and {seconds}") }
                    secondsTemplate = value
                case "unmarked-hour": unmarkedHourStyle = value
                case "hour-gender": hourGender = try gender()
                case "minute-gender": minuteGender = try gender()
                case "rule":
                    guard fields.count == 4, !fields[0].isEmpty else { throw file.error(at: line, "expected 'STYLE | HOURS | MINUTES | TEMPLATE'") }
                    prepare(fields[0])
                    let rule = Rule(hours: try valueSet(fields[1], limit: 24), minutes: try valueSet(fields[2], limit: 60),
                                    pieces: try Self.pieces(fields[3], file: file, line: line))
                    styles[fields[0], default: Style()].rules.append(rule)
                case "period":
                    guard fields.count == 3, !fields[0].isEmpty, !fields[2].isEmpty else { throw file.error(at: line, "expected 'STYLE | HOURS | WORDS'") }
                    prepare(fields[0])
                    styles[fields[0], default: Style()].periods.append(Period(hours: try valueSet(fields[1], limit: 24), words: fields[2]))
                default:
                    throw DataFileSchema.times.unread(key, at: line, in: file)
                }
            }
        }
        if let last = files.last {
            guard styles[defaultStyle] != nil else {
                throw SpokenFormError.malformedLocaleData(file: last.path, line: 0, message: "'default = \(defaultStyle)' names no style with rules")
            }
            if let unmarked = unmarkedHourStyle, styles[unmarked] == nil {
                throw SpokenFormError.malformedLocaleData(file: last.path, line: 0, message: "'unmarked-hour = \(unmarked)' names no style with rules")
            }
            // Every style must say every time of day.
            for (name, style) in styles {
                for hour in 0..<24 {
                    for minute in 0..<60 where !style.rules.contains(where: { $0.hours.contains(hour) && $0.minutes.contains(minute) }) {
                        throw SpokenFormError.malformedLocaleData(file: last.path, line: 0, message: "style \(name) has no rule for \(hour):\(minute)")
                    }
                }
            }
        }
    }

    static func pieces(_ template: String, file: LocaleDataFile, line: LocaleDataFile.Line) throws -> [Piece] {
        var pieces: [Piece] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            if open > rest.startIndex { pieces.append(.text(String(rest[..<open]))) }
            guard let close = rest[open...].firstIndex(of: "}") else { throw file.error(at: line, "unclosed '{'") }
            let placeholder = rest[rest.index(after: open)..<close]
            // "{h24:%spellout-ordinal-feminine}": the number said with that rule set.
            let colon = placeholder.firstIndex(of: ":")
            let name = colon.map { placeholder[..<$0] } ?? placeholder
            let ruleSet = colon.map { String(placeholder[placeholder.index(after: $0)...]) }
            if let ruleSet, !ruleSet.hasPrefix("%") || ruleSet.count < 2 || name == "period" {
                throw file.error(at: line, "expected {\(name):%RULESET} with a spell-out rule set name after ':'")
            }
            switch name {
            case "h24": pieces.append(.hour24(ruleSet: ruleSet))
            case "h12": pieces.append(.hour12(ruleSet: ruleSet))
            case "minute": pieces.append(.minute(ruleSet: ruleSet))
            case "period": pieces.append(.period)
            case let other: throw file.error(at: line, "unknown placeholder {\(other)}: expected {h24}, {h12}, {minute} or {period}, a number's optionally with :%RULESET")
            }
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { pieces.append(.text(String(rest))) }
        return pieces
    }
}
