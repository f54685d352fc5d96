import Foundation

/// Speaks dates, times, date-times, durations and relative dates in one locale.
///
/// - Dates come from ICU's pattern for the style's skeleton, formatted with field
///   positions; the day and year fields are replaced by words (`Locales/<lang>/dates.txt`
///   says whether the day is a cardinal or an ordinal).
/// - Times come from per-locale templates in `Locales/<lang>/times.txt`: ICU has no
///   spoken-time pattern ("cinq:trente").
/// - Durations are ICU unit phrases with the number spelled in the unit's grammatical
///   gender ("une heure", "eine Stunde"), joined by ICU's units list formatter.
/// - Relative dates are ICU's phrases ("hier", "dans 3 jours") with the number spelled
///   in the unit's gender and, where the data says so, case ("in einer Stunde").
///
/// Thread-safe: date formatters are pooled, the relative formatter is locked, the
/// other ICU objects are immutable.
public final class DateSpeller: Sendable {
    /// The locale whose words the speller says.
    public let locale: SpokenLocale
    /// The number speller that spells days, years, hours and counts.
    public let numbers: NumberSpeller
    let data: DateLocaleData
    let timeData: TimeLocaleData
    let parser: DateInputParser

    /// Spoken day of the month, index 1...31.
    private let dayWords: [String]
    /// Spoken years from `yearCacheStart` on (the common ones, computed once).
    private let yearWords: [String]
    /// dates.txt `year-ruleset`: the year inside a date in a case or as an ordinal.
    private let yearRuleSet: Int32?
    private static let yearCacheStart = 1900
    /// Hours 0...23 and minutes 0...59 in the genders the time data gives.
    private let hourWords: [String]
    /// The numbers 0 to 59 in each rule set a time template names (`{h24:%RULESET}`).
    private let ruleSetWords: [String: [String]]
    private let minuteWords: [String]
    private let unitGenders: [DateUnit: Gender]
    private let defaultTimeStyle: TimeLocaleData.Style?
    /// Unit phrases already made ("une heure"), by unit and count below `phraseCacheLimit`.
    private let phraseCache = LRUCache<PhraseKey, String>(limit: 4096)
    private static let phraseCacheLimit = 1000
    private struct PhraseKey: Hashable { let unit: DateUnit; let value: Int }
    private let dateFormatters = LRUCache<DateStyle, ICUDateFormatterPool>(limit: DateStyle.allCases.count)
    private let unitFormatters = LRUCache<DateUnit, ICUNumberFormatter>(limit: DateUnit.allCases.count)
    private let listFormatter: ICUUnitListFormatter
    private let relativeFormatter: ICURelativeDateFormatter

    /// Throws `unsupportedLocale` when `Locales/` has no date and time data for the language.
    /// - Throws: `SpokenFormError.unsupportedLocale` without date and time data; `malformedLocaleData` for a bad data file.
    public init(locale: SpokenLocale, numbers: NumberSpeller, dataStore: LocaleDataStore = .embedded) throws {
        self.locale = locale
        self.numbers = numbers
        let dateFiles = try dataStore.files(named: "dates.txt", language: locale.language, region: locale.region)
        let timeFiles = try dataStore.files(named: "times.txt", language: locale.language, region: locale.region)
        guard !dateFiles.isEmpty, !timeFiles.isEmpty else {
            throw SpokenFormError.unsupportedLocale(locale.tag, capability: "dates")
        }
        data = try DateLocaleData(files: dateFiles)
        timeData = try TimeLocaleData(files: timeFiles)
        defaultTimeStyle = timeData.styles[timeData.defaultStyle]
        let meridiemFiles = try dataStore.files(named: "time-input.txt", language: "und")
            + dataStore.files(named: "time-input.txt", language: locale.language, region: locale.region)
        parser = try DateInputParser(icuLocaleID: locale.icuID, connectors: DateSpeller.connectors(data),
                                     data: data, meridiems: DateInputParser.meridiems(meridiemFiles))
        do {
            listFormatter = try ICUUnitListFormatter(icuLocaleID: locale.icuID)
            relativeFormatter = try ICURelativeDateFormatter(icuLocaleID: locale.icuID)
        } catch {
            throw SpokenFormError.unsupportedLocale(locale.tag, capability: "dates")
        }

        func ruleSet(_ key: String, _ name: String?) throws -> Int32? {
            try name.map { name in
                guard let index = numbers.ruleSetIndex(named: name) else {
                    throw SpokenFormError.malformedLocaleData(file: "Locales/\(locale.language)/dates.txt", line: 0,
                                                             message: "\(key) \(name) is not one of the spell-out rule sets: \(numbers.ruleSetNames.joined(separator: " "))")
                }
                return index
            }
        }
        let dayRuleSet = try ruleSet("day-ruleset", data.dayRuleSet)
        let yearRuleSet = try ruleSet("year-ruleset", data.yearRuleSet)
        self.yearRuleSet = yearRuleSet
        var days = [""]
        for day in 1...31 {
            if let dayRuleSet {
                days.append(try numbers.spell(day, ruleSetIndex: dayRuleSet))
            } else if (day == 1 ? data.firstDay : data.day) == .ordinal {
                days.append(try numbers.ordinal(day, gender: .masculine))
            } else {
                days.append(try numbers.cardinal(day))
            }
        }
        dayWords = days
        yearWords = try (Self.yearCacheStart..<Self.yearCacheStart + 200).map { year in
            try yearRuleSet.map { try numbers.spell(year, ruleSetIndex: $0) } ?? numbers.year(year)
        }
        hourWords = try (0..<24).map { [timeData] in try numbers.cardinal($0, gender: timeData.hourGender) }
        minuteWords = try (0..<60).map { [timeData] in try numbers.cardinal($0, gender: timeData.minuteGender) }
        ruleSetWords = try Self.timeRuleSetWords(timeData, numbers: numbers, locale: locale)

        var genders: [DateUnit: Gender] = [:]
        for unit in DateUnit.allCases {
            if let override = data.unitGenders[unit] {
                genders[unit] = override
            } else if let gender = try Self.icuDurationGender(locale, unit) {
                genders[unit] = gender
            }
        }
        unitGenders = genders
        for (gender, name) in data.relativeRuleSets where numbers.ruleSetIndex(named: name) == nil {
            throw SpokenFormError.malformedLocaleData(file: "Locales/\(locale.language)/dates.txt", line: 0,
                                                     message: "relative-ruleset \(gender.rawValue) | \(name): no such ICU rule set")
        }
    }

    // MARK: Dates

    /// A date in words: `.full` gives "mercredi premier avril deux mille quinze".
    /// - Throws: `SpokenFormError.invalidInput` outside the years 1 to 9999; `invalidOption` for a time style the locale does not have.
    public func date(_ date: CivilDate, style: DateStyle = .long) throws -> String {
        try self.date(date, style: style, ordinalDay: false)
    }

    /// `ordinalDay`: the input wrote the 1st as an ordinal ("1º de abril"), which is said as one
    /// even where the 1st is said as a cardinal (es-ES "uno de abril", dates.txt `first-day`),
    /// as the text normaliser says it.
    func date(_ date: CivilDate, style: DateStyle, ordinalDay: Bool) throws -> String {
        // A time-zone conversion can carry 0001-01-01 or 9999-12-31 out of range.
        guard (1...9999).contains(date.year) else {
            throw SpokenFormError.invalidInput(kind: "date", input: date.description, expected: "a date from year 1 to 9999")
        }
        let formatter = try dateFormatter(style)
        let day = ordinalDay && date.day == 1 ? try numbers.ordinal(1, gender: .masculine) : dayWords[date.day]
        return try formatter.spelled(date, dayWords: day, yearWords: yearWord(date.year))
    }

    /// A date as an app shows it ("01/04/2015", "2015-04-01", a Unix timestamp, or a
    /// date-time, converted to `timeZone` when it carries an offset).
    /// - Throws: `SpokenFormError.invalidInput` for an input it cannot read or a moment outside the years 1 to 9999; `invalidOption` for a time style the locale does not have.
    public func date(_ text: String, style: DateStyle = .long, timeZone: TimeZone? = nil) throws -> String {
        let parsed = try parser.parseDateTime(text)
        let value = try resolve(parsed, input: text, kind: "date", timeZone: timeZone)
        guard let civil = value.date else { throw SpokenFormError.invalidInput(kind: "date", input: text, expected: DateInputParser.expectedDate) }
        // The written ordinal names the day written: not one a time-zone conversion moved to.
        let ordinalDay = civil == parsed.date && parser.writesFirstDayAsOrdinal(text)
        return try date(civil, style: style, ordinalDay: ordinalDay)
    }

    /// The day of the month as this locale says it in a date ("premier", "twenty-first", "erster").
    public func dayWord(_ day: Int) -> String? {
        (1...31).contains(day) ? dayWords[day] : nil
    }

    func yearWord(_ year: Int) throws -> String {
        let index = year - Self.yearCacheStart
        if yearWords.indices.contains(index) { return yearWords[index] }
        return try yearRuleSet.map { try numbers.spell(year, ruleSetIndex: $0) } ?? numbers.year(year)
    }

    /// The ICU pattern used for a style, after the data's edits ("EEEE, d MMMM y" for de full).
    /// - Throws: `SpokenFormError.unsupportedLocale` when ICU has no pattern for the style.
    public func pattern(for style: DateStyle) throws -> String {
        try dateFormatter(style).pattern
    }

    func dateFormatter(_ style: DateStyle) throws -> ICUDateFormatterPool {
        try dateFormatters.value(for: style) {
            do {
                var pattern = try ICUDateFormatterPool.bestPattern(icuLocaleID: locale.icuID, skeleton: style.skeleton)
                for replacement in data.patternReplacements {
                    pattern = pattern.replacingOccurrences(of: replacement.from, with: replacement.to)
                }
                return try ICUDateFormatterPool(icuLocaleID: locale.icuID, pattern: pattern, names: data.names)
            } catch {
                throw SpokenFormError.unsupportedLocale(locale.tag, capability: "dates")
            }
        }
    }

    // MARK: Times

    /// The time styles this locale has ("24h", "12h"...), the default first.
    public var timeStyles: [TimeStyle] {
        ([timeData.defaultStyle] + timeData.styleNames.filter { $0 != timeData.defaultStyle }).map(TimeStyle.init(rawValue:))
    }

    /// A time of day in words: "cinq heures trente", "five thirty AM". `style` names one
    /// of `timeStyles`; nil is the locale's default. Seconds other than zero are said after
    /// the time, as the locale's `seconds` template in times.txt puts them ("dix heures vingt
    /// et trente secondes"): a written "10:20:30" loses nothing.
    /// - Throws: `SpokenFormError.invalidInput` outside the years 1 to 9999; `invalidOption` for a time style the locale does not have.
    public func time(_ time: CivilTime, style: TimeStyle? = nil) throws -> String {
        try self.time(time, style: style, hourIsUnmarked: false)
    }

    /// The numbers 0 to 59 spelled with each rule set the time templates name; a name the
    /// locale's spell-out rules (ICU's or spellout.txt's) lack is the data's error.
    private static func timeRuleSetWords(_ timeData: TimeLocaleData, numbers: NumberSpeller, locale: SpokenLocale) throws -> [String: [String]] {
        var words: [String: [String]] = [:]
        for style in timeData.styles.values {
            for rule in style.rules {
                for piece in rule.pieces {
                    let ruleSet: String?
                    switch piece {
                    case .hour24(let name), .hour12(let name), .minute(let name): ruleSet = name
                    case .text, .period: ruleSet = nil
                    }
                    guard let ruleSet, words[ruleSet] == nil else { continue }
                    guard numbers.ruleSetIndex(named: ruleSet) != nil else {
                        throw SpokenFormError.malformedLocaleData(file: "Locales/\(locale.language)/times.txt", line: 0,
                                                                  message: "\(ruleSet) is not one of the spell-out rule sets: \(numbers.ruleSetNames.joined(separator: " "))")
                    }
                    words[ruleSet] = try (0..<60).map { try numbers.spell($0, ruleSet: ruleSet) }
                }
            }
        }
        return words
    }

    /// The locale says a time with an unmarked hour in its own style (times.txt `unmarked-hour`).
    var hasUnmarkedHourStyle: Bool { timeData.unmarkedHourStyle != nil }

    /// A time whose hour may be unmarked ("9:30" with no AM/PM): without a style asked, the
    /// locale's `unmarked-hour` style says it (en "nine thirty", not "nine thirty AM").
    func time(_ time: CivilTime, style: TimeStyle?, hourIsUnmarked: Bool) throws -> String {
        if style == nil, hourIsUnmarked, let unmarked = timeData.unmarkedHourStyle {
            return try self.time(time, style: TimeStyle(rawValue: unmarked))
        }
        let name = style?.rawValue ?? timeData.defaultStyle
        guard let timeStyle = style == nil ? defaultTimeStyle : timeData.styles[name] else {
            throw SpokenFormError.invalidOption(name: "time style", value: name, expected: timeStyles.map(\.rawValue).joined(separator: ", "))
        }
        guard let rule = timeStyle.rules.first(where: { $0.hours.contains(time.hour) && $0.minutes.contains(time.minute) }) else {
            // The loader checks that every style covers every minute of the day.
            throw SpokenFormError.malformedLocaleData(file: "Locales/\(locale.language)/times.txt", line: 0, message: "no rule for \(time)")
        }
        var text = ""
        for piece in rule.pieces {
            switch piece {
            case .text(let literal): text += literal
            case .hour24(let ruleSet): text += (ruleSet.flatMap { ruleSetWords[$0] } ?? hourWords)[time.hour]
            case .hour12(let ruleSet): text += (ruleSet.flatMap { ruleSetWords[$0] } ?? hourWords)[time.hour % 12 == 0 ? 12 : time.hour % 12]
            case .minute(let ruleSet): text += (ruleSet.flatMap { ruleSetWords[$0] } ?? minuteWords)[time.minute]
            case .period: text += timeStyle.periods.first(where: { $0.hours.contains(time.hour) })?.words ?? ""
            }
        }
        text = text.collapsingSpaces
        guard time.second != 0, let template = timeData.secondsTemplate else { return text }
        let seconds = try unitPhrase(time.second, unit: .second)
        return template.filling("{time}", with: text).filling("{seconds}", with: seconds).collapsingSpaces
    }

    /// A time as an app shows it ("05:30", "5h30", "5:30 pm", a date-time or a timestamp),
    /// converted to `timeZone` when the input carries an offset.
    /// - Throws: `SpokenFormError.invalidInput` for an input it cannot read or a moment outside the years 1 to 9999; `invalidOption` for a time style the locale does not have.
    public func time(_ text: String, style: TimeStyle? = nil, timeZone: TimeZone? = nil) throws -> String {
        let value: DateTimeValue
        do {
            value = try parser.parseTime(text)
        } catch let timeError {
            guard let dateTime = try? parser.parseDateTime(text, requireTime: true) else { throw timeError }
            value = dateTime
        }
        let resolved = try resolve(value, input: text, kind: "time", timeZone: timeZone)
        guard let civil = resolved.time else {
            throw SpokenFormError.invalidInput(kind: "time", input: text, expected: DateInputParser.expectedTime)
        }
        return try time(civil, style: style, hourIsUnmarked: resolved.hourIsUnmarked)
    }

    // MARK: Date-times

    /// A date and a time: "mercredi premier avril deux mille quinze à cinq heures trente".
    /// - Throws: `SpokenFormError.invalidInput` outside the years 1 to 9999; `invalidOption` for a time style the locale does not have.
    public func dateTime(_ date: CivilDate, _ time: CivilTime, dateStyle: DateStyle = .long, timeStyle: TimeStyle? = nil) throws -> String {
        let dateWords = try self.date(date, style: dateStyle)
        return dateWords + " " + atTime(try self.time(time, style: timeStyle))
    }

    /// A date-time as an app shows it ("2015-04-01T05:30:00+02:00", "01/04/2015 05:30",
    /// a Unix timestamp). Without `timeZone` the input's own wall-clock time is spoken
    /// (UTC for a timestamp).
    /// - Throws: `SpokenFormError.invalidInput` for an input it cannot read or a moment outside the years 1 to 9999; `invalidOption` for a time style the locale does not have.
    public func dateTime(_ text: String, dateStyle: DateStyle = .long, timeStyle: TimeStyle? = nil, timeZone: TimeZone? = nil) throws -> String {
        let parsed = try parser.parseDateTime(text, requireTime: true)
        let value = try resolve(parsed, input: text, kind: "date and time", timeZone: timeZone)
        guard let date = value.date, let time = value.time else {
            throw SpokenFormError.invalidInput(kind: "date and time", input: text, expected: "a date followed by a time, such as 2015-04-01T05:30")
        }
        let ordinalDay = date == parsed.date && parser.writesFirstDayAsOrdinal(text)
        return try self.date(date, style: dateStyle, ordinalDay: ordinalDay) + " " + atTime(try self.time(time, style: timeStyle, hourIsUnmarked: value.hourIsUnmarked))
    }

    // MARK: Foundation dates

    /// A moment as the date it is in `timeZone`: `date(Date(), timeZone: .current)`.
    /// - Throws: `SpokenFormError.invalidInput` for a moment outside the years 1 to 9999 there.
    public func date(_ date: Date, timeZone: TimeZone, style: DateStyle = .long) throws -> String {
        guard let civil = try wallClock(date, timeZone: timeZone).date else { throw outOfRange(date) }
        return try self.date(civil, style: style)
    }

    /// A moment as the time of day it is in `timeZone`, to the minute ("cinq heures trente"):
    /// a moment's seconds are incidental, unlike seconds written in a text.
    /// - Throws: `SpokenFormError.invalidInput` for a moment outside the years 1 to 9999 there.
    public func time(_ date: Date, timeZone: TimeZone, style: TimeStyle? = nil) throws -> String {
        guard let civil = try wallClock(date, timeZone: timeZone).time else { throw outOfRange(date) }
        return try time(Self.toTheMinute(civil), style: style)
    }

    /// A moment as the date and time it is in `timeZone`, to the minute.
    /// - Throws: `SpokenFormError.invalidInput` for a moment outside the years 1 to 9999 there.
    public func dateTime(_ date: Date, timeZone: TimeZone, dateStyle: DateStyle = .long, timeStyle: TimeStyle? = nil) throws -> String {
        let value = try wallClock(date, timeZone: timeZone)
        guard let civilDate = value.date, let civilTime = value.time else { throw outOfRange(date) }
        return try dateTime(civilDate, Self.toTheMinute(civilTime), dateStyle: dateStyle, timeStyle: timeStyle)
    }

    private static func toTheMinute(_ time: CivilTime) -> CivilTime {
        (try? CivilTime(hour: time.hour, minute: time.minute)) ?? time
    }

    /// The wall-clock date and time of a moment in a time zone (whole seconds, rounded down).
    private func wallClock(_ date: Date, timeZone: TimeZone) throws -> DateTimeValue {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        // Beyond ±2^53 s a Double no longer holds whole seconds; far outside years 1-9999 anyway.
        guard seconds.isFinite, abs(seconds) < 9_007_199_254_740_992 else { throw outOfRange(date) }
        return try resolve(DateTimeValue(unixTime: Int(seconds)), input: "\(date)", kind: "date", timeZone: timeZone)
    }

    private func outOfRange(_ date: Date) -> SpokenFormError {
        .invalidInput(kind: "date", input: "\(date)", expected: "a moment within the years 1 to 9999 in that time zone")
    }

    /// A spoken time as it follows a date ("à cinq heures", "alle cinque", "all'una").
    func atTime(_ words: String) -> String {
        for replacement in data.atReplacements where words.hasPrefix(replacement.from) {
            let after = words.dropFirst(replacement.from.count)
            if replacement.from.hasSuffix("'") || after.isEmpty || after.first == " " {
                return replacement.to + after
            }
        }
        guard let at = data.at, !at.isEmpty else { return words }
        return at + " " + words
    }

    // MARK: Durations

    /// A duration in words: 5 h 30 min -> "cinq heures et trente minutes". Zero components
    /// are left out; an all-zero duration is "zéro seconde" (its smallest unit).
    /// - Throws: `SpokenFormError.invalidInput` for a duration it cannot read or a negative one.
    public func duration(_ value: DurationValue) throws -> String {
        guard !value.components.isEmpty else {
            throw SpokenFormError.invalidInput(kind: "duration", input: "", expected: DateInputParser.expectedDuration)
        }
        let spoken = value.components.filter { $0.value != 0 }
        var items: [String] = []
        for component in spoken.isEmpty ? [value.components[value.components.count - 1]] : spoken {
            items.append(try unitPhrase(component.value, unit: component.unit))
        }
        if items.count == 2, let pair = data.durationPair {
            let joined = pair.filling("{0}", with: items[0]).filling("{1}", with: items[1])
            return data.applyingFixes(joined.collapsingSpaces)
        }
        return data.applyingFixes(try listFormatter.join(items).collapsingSpaces)
    }

    /// Whole seconds split into days, hours, minutes and seconds.
    /// - Throws: `SpokenFormError.invalidInput` for a duration it cannot read or a negative one.
    public func duration(seconds: Int) throws -> String {
        try duration(DurationValue(seconds: seconds))
    }

    /// A Swift `Duration` in words, to the whole second (rounded down): `.seconds(19800)`
    /// is "cinq heures et trente minutes".
    /// - Throws: `SpokenFormError.invalidInput` for a duration it cannot read or a negative one.
    public func duration(_ value: Duration) throws -> String {
        try duration(seconds: Int(value.components.seconds))
    }

    /// A duration as text: seconds ("19800"), ISO 8601 ("PT5H30M", "P1DT2H") or "5:30:00".
    /// - Throws: `SpokenFormError.invalidInput` for a duration it cannot read or a negative one.
    public func duration(_ text: String) throws -> String {
        try duration(parser.parseDuration(text))
    }

    /// "5 heures" with the number in words and the unit's gender ("une heure", "eine Stunde").
    func unitPhrase(_ value: Int, unit: DateUnit) throws -> String {
        guard value < Self.phraseCacheLimit else { return try makeUnitPhrase(value, unit: unit) }
        return try phraseCache.value(for: PhraseKey(unit: unit, value: value)) { try makeUnitPhrase(value, unit: unit) }
    }

    private func makeUnitPhrase(_ value: Int, unit: DateUnit) throws -> String {
        let formatter = try unitFormatter(unit)
        let words = try numbers.cardinal(value, gender: countGender(unit))
        guard case (let text, let range?) = try formatter.format(String(value)) else {
            throw SpokenFormError.unsupportedLocale(locale.tag, capability: "durations")
        }
        // No-break spaces around the number are made plain by collapsingSpaces.
        return (String(text[..<range.lowerBound]) + linkingScale(words, before: text[range.upperBound...])).collapsingSpaces
    }

    /// The rule-set gender for counting `unit`: its own, or masculine, which selects the plain
    /// counting cardinal where a language has no genders ("een uur", not the standalone "één").
    private func countGender(_ unit: DateUnit) -> Gender {
        unitGenders[unit] ?? .masculine
    }

    /// The grammatical gender a unit's count agrees with here (nil: none, as in English).
    public func gender(of unit: DateUnit) -> Gender? { unitGenders[unit] }

    private func unitFormatter(_ unit: DateUnit) throws -> ICUNumberFormatter {
        try unitFormatters.value(for: unit) {
            do {
                return try ICUNumberFormatter(icuLocaleID: locale.icuID, skeleton: "measure-unit/duration-\(unit.icuName) unit-width-full-name")
            } catch {
                throw SpokenFormError.unsupportedLocale(locale.tag, capability: "durations")
            }
        }
    }

    /// ICU's gender of a duration unit, its failure reported as the library's error.
    private static func icuDurationGender(_ locale: SpokenLocale, _ unit: DateUnit) throws -> Gender? {
        do {
            // ICU's "common" (nl) has no counterpart in number agreement: no Gender.
            return try ICUUnitData.durationGender(icuLocaleID: locale.icuID, unit: unit.icuName).flatMap(Gender.init(rawValue:))
        } catch {
            throw SpokenFormError(error)
        }
    }

    // MARK: Relative dates

    /// `value` units from now: -1 day is "hier", 3 days "dans trois jours", -1 hour
    /// "il y a une heure". `numeric` forbids ICU's words ("il y a un jour", not "hier").
    /// - Throws: `SpokenFormError.invalidInput` for a count or unit it cannot read, or a count from 10^18 up.
    public func relative(_ value: Int, unit: DateUnit, numeric: Bool = false) throws -> String {
        guard value.magnitude < 1_000_000_000_000_000_000 else {
            throw SpokenFormError.invalidInput(kind: "relative date", input: String(value), expected: "a whole number below 10^18")
        }
        let (text, range) = try relativeFormatter.format(value, unit: unit.icuRelativeUnit, numeric: numeric)
        var result = text
        if let range {
            let count = Int(value.magnitude)
            let gender = unitGenders[unit]
            let words: String
            if let gender, let ruleSet = data.relativeRuleSets[gender] {
                words = try numbers.spell(count, ruleSet: ruleSet)
            } else {
                words = try numbers.cardinal(count, gender: countGender(unit))
            }
            result = String(text[..<range.lowerBound]) + linkingScale(words, before: text[range.upperBound...])
        }
        return data.applyingFixes(result.collapsingSpaces)
    }

    /// "-3 days", "+1 hour", "2 weeks": a count and a unit name (English, singular or plural).
    /// - Throws: `SpokenFormError.invalidInput` for a count or unit it cannot read, or a count from 10^18 up.
    public func relative(_ text: String, numeric: Bool = false) throws -> String {
        let parts = text.trimmingSpaces().split(separator: " ", omittingEmptySubsequences: true)
        let expected = "a count and a unit, such as -1 day, +3 hours or 2 weeks (units: \(DateUnit.allCases.map(\.rawValue).joined(separator: ", ")))"
        guard parts.count == 2, let value = Int(parts[0].hasPrefix("+") ? parts[0].dropFirst() : parts[0]),
              let unit = DateUnit(name: String(parts[1])) else {
            throw SpokenFormError.invalidInput(kind: "relative date", input: text, expected: expected)
        }
        return try relative(value, unit: unit, numeric: numeric)
    }

    // MARK: Helpers

    /// `words` then `rest`, with the data's `scale-link` between a count ending in a scale noun
    /// and the unit after it ("un million" + " heures" -> "un million d'heures").
    func linkingScale(_ words: String, before rest: Substring) -> String {
        guard let link = data.scaleLink, let first = rest.first, first == " " || first == "\u{00A0}" || first == "\u{202F}",
              let last = words.split(separator: " ").last, link.nouns.contains(String(last)) else { return words + rest }
        let name = rest.drop { $0 == " " || $0 == "\u{00A0}" || $0 == "\u{202F}" }
        if let elided = link.elided, let initial = name.unicodeScalars.first,
           "aeiouyhàâäéèêëîïôöùûüAEIOUYHÉÈÊ".unicodeScalars.contains(initial) {
            return words + " " + elided + name
        }
        return words + " " + link.word + " " + name
    }

    /// The value as wall-clock time in `timeZone`, checked to stay within years 1-9999.
    private func resolve(_ value: DateTimeValue, input: String, kind: String, timeZone: TimeZone?) throws -> DateTimeValue {
        let converted = value.converted(to: timeZone)
        if let date = converted.date, !(1...9999).contains(date.year) {
            throw SpokenFormError.invalidInput(kind: kind, input: input, expected: "a moment within the years 1 to 9999 in that time zone")
        }
        return converted
    }

    /// Words that may stand between a date and a time in input ("01/04/2015 à 5h30"): the
    /// data's `at` word and the first word of each `at-replace` target ("alle").
    static func connectors(_ data: DateLocaleData) -> [String] {
        var words = data.at.map { [$0] } ?? []
        for replacement in data.atReplacements {
            if let first = replacement.to.split(separator: " ").first, !first.hasSuffix("'") { words.append(String(first)) }
        }
        // Longest first: "a las" before "a".
        return (words + data.atInput).sorted { $0.count > $1.count }
    }
}

extension DateUnit {
    /// Reads "day", "days", "DAY".
    public init?(name: String) {
        let lower = name.lowercased()
        guard let unit = DateUnit(rawValue: lower) ?? (lower.hasSuffix("s") ? DateUnit(rawValue: String(lower.dropLast())) : nil) else { return nil }
        self = unit
    }
}
