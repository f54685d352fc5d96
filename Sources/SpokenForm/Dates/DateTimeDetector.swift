import Foundation

/// Dates, times, date-times, time ranges and durations in running text for
/// `TextNormalizer`; `DateSpeller` says them. Each finding is proposed as a typed token
/// (`FoundToken` of a `Shape`, no words made) and said only when it wins arbitration, by this
/// reader reading it again (`Reader.say(_:start:end:)`, called by `TextVerbalizer`).
///
/// Shapes it reads (context words, month names, markers come from `Locales/<lang>/text.txt`):
/// - numeric dates in the locale's order ("01/04/2015", "4/1/2015", de "22. 2. 2024") and ISO
///   ("2015-04-01");
///   a day and month without a year ("le 01/04") only after a date word;
/// - written dates ("1er avril 2015", "April 1, 2015", "1. April 2015", "1 de abril de 2015",
///   "avril 2015"), day ranges ("17/18 juin");
/// - times ("5h30", "17:45", "17.30 Uhr", "17 h", "5:30 PM", "5.30pm", "5:30 p. m."), a date
///   followed by a time, and time ranges ("9h-18h", "9–17 Uhr");
/// - durations of two units or more ("1h 30m", "2 h 15 min") and a lone one before a
///   duration word ("5m ago"): "m" after hours is minutes, never metres.
struct DateTimeDetector: TextDetector {
    /// Time zone abbreviations said after a time: the zone and whether the abbreviation names
    /// its summer time. UTC and GMT are not listed: people say them as letters. IST (India,
    /// Ireland or Israel) is left out as ambiguous; CST is North America's, as apps write it.
    /// Not Foundation's `TimeZone(abbreviation:)`: its table says UTC is GMT, has no summer
    /// flag and knows none of the German abbreviations.
    static let zoneAbbreviations: [String: (identifier: String, summer: Bool)] = [
        "PST": ("America/Los_Angeles", false), "PDT": ("America/Los_Angeles", true),
        "MST": ("America/Denver", false), "MDT": ("America/Denver", true),
        "CST": ("America/Chicago", false), "CDT": ("America/Chicago", true),
        "EST": ("America/New_York", false), "EDT": ("America/New_York", true),
        "AKST": ("America/Anchorage", false), "AKDT": ("America/Anchorage", true),
        "HST": ("Pacific/Honolulu", false),
        "WET": ("Europe/Lisbon", false), "WEST": ("Europe/Lisbon", true),
        "CET": ("Europe/Paris", false), "CEST": ("Europe/Paris", true),
        "EET": ("Europe/Athens", false), "EEST": ("Europe/Athens", true),
        "BST": ("Europe/London", true), "JST": ("Asia/Tokyo", false),
        // German abbreviations of the European zones.
        "WEZ": ("Europe/Lisbon", false), "WESZ": ("Europe/Lisbon", true),
        "MEZ": ("Europe/Berlin", false), "MESZ": ("Europe/Berlin", true),
        "OEZ": ("Europe/Athens", false), "OESZ": ("Europe/Athens", true),
    ]

    var classes: Set<Spoken.Rewrite.Kind> { [.date, .time, .duration, .range] }

    func detect(in text: ScannedText, context: TextContext, into candidates: inout [TextCandidate]) throws {
        guard let reader = reader(of: text, context: context) else { return }
        var p = 0
        try reader.walk(from: &p, until: text.count, into: &candidates)
    }

    func passes(over text: ScannedText, context: TextContext) -> [any TextDetectorPass] {
        reader(of: text, context: context).map { [SteppedPass($0)] } ?? []
    }

    /// The reader, or nil when the text has no digit or the locale no date data.
    private func reader(of text: ScannedText, context: TextContext) -> Reader? {
        guard text.digitCount > 0, let dates = context.dates else { return nil }
        var reader = Reader(text: text, data: context.data, dates: dates, expander: context.expander)
        if dates.hasUnmarkedHourStyle {
            // Read over the whole text before the first step: every window says hours alike.
            reader.textWritesTwentyFourHours = text.wholeTextWritesTwentyFourHours ?? reader.writesTwentyFourHours()
        }
        return reader
    }

    /// Whether `text` writes a time on a 24-hour clock (see `Reader.writesTwentyFourHours()`);
    /// nil where the locale has no `unmarked-hour` style, which is the only reader of it.
    static func writesTwentyFourHours(_ text: String, context: TextContext) -> Bool? {
        guard let dates = context.dates, dates.hasUnmarkedHourStyle else { return nil }
        return Reader(text: ScannedText(text), data: context.data, dates: dates).writesTwentyFourHours()
    }

    struct Reader: TextWalker, RereadingReader {
        let text: ScannedText
        let data: TextLocaleData
        let dates: DateSpeller
        /// The unit symbols, to tell a duration's letter that is also a length's ("m").
        var expander: AbbreviationExpander? = nil
        /// See `writesTwentyFourHours()`.
        var textWritesTwentyFourHours = false
        /// Where findings go: proposed unsaid, or the one asked for said (`say(_:start:end:)`).
        private var proposer = Proposer(.dateTime)
        /// What `say` reads into, kept from one winner to the next.
        private var said: [TextCandidate] = []

        init(text: ScannedText, data: TextLocaleData, dates: DateSpeller, expander: AbbreviationExpander? = nil) {
            self.text = text
            self.data = data
            self.dates = dates
            self.expander = expander
        }

        /// The words of a finding that won arbitration: the reader reads again where it starts,
        /// and says only the finding of `token`'s shape that ends at `end`.
        mutating func say(_ token: FoundToken, start: Int, end: Int) throws -> String? {
            guard let shape = Shape(rawValue: token.shape) else { return nil }
            proposer = Proposer(.dateTime).saying(token, end: end)
            textWritesTwentyFourHours = token.flags & 1 != 0
            // The kept buffer, held once (left in `said` too, it would be copied at the first write).
            var found = said
            said = []
            found.removeAll(keepingCapacity: true)
            defer { said = found }
            // Only the group of readings the shape is one of: each says its own findings alone.
            switch shape {
            case .numericDate, .numericDateRange, .spacedDotDate, .spacedDotDateRange: numericDates(at: start, into: &found)
            case .writtenDate, .connectorDate: _ = try writtenDates(at: start, into: &found)
            case .timerDuration, .clockDuration, .time, .timeRange: _ = times(at: start, into: &found)
            case .bareHourRange: bareHourRange(at: start, into: &found)
            case .aroundTheClock, .perSlash: try perSlash(at: start, into: &found)
            case .duration: durations(at: start, into: &found)
            case .monthDayRange, .monthDayYear, .monthDay, .monthYear: detectMonthFirst(at: start, into: &found)
            }
            return found.first?.spoken
        }

        /// Whether a finding of `shape` may be proposed here (`Proposer.looksFor(_:)`).
        private func looksFor(_ shape: Shape) -> Bool { proposer.looksFor(shape.rawValue) }

        /// A finding of `shape` over `start..<end`, said with `words` only when it wins (`Proposer`).
        private func propose(_ shape: Shape, _ start: Int, _ end: Int, _ kind: Spoken.Rewrite.Kind, priority: Int,
                             into candidates: inout [TextCandidate], words: () throws -> String?) rethrows {
            var proposer = proposer
            proposer.flags = textWritesTwentyFourHours ? 1 : 0
            try proposer.propose(shape.rawValue, start, end, kind, priority: priority, into: &candidates, words: words)
        }

        /// The walk over digit runs and words. Not mutating: the reader is borrowed, and a
        /// label's walk copies no text (each copy retains a dozen buffers).
        func walk(from p: inout Int, until limit: Int, into candidates: inout [TextCandidate]) throws {
            let n = text.count
            while p < n && p < limit {
                let c = text.classes[p]
                if c == .digit {
                    if startsToken(p) {
                        try detect(at: p, into: &candidates)
                    }
                    p = text.digitRunEnd(p)
                } else if c == .letter {
                    if !text.isWordChar(p - 1) { detectMonthFirst(at: p, into: &candidates) }
                    p = text.letterRunEnd(p)
                } else {
                    p += 1
                }
            }
        }

        /// A digit run at `p` that does not continue a number or a word ("v2", "10:30"'s "30").
        func startsToken(_ p: Int) -> Bool {
            if p == 0 { return true }
            if text.isWordChar(p - 1) { return false }
            if text.isOneOf(p - 1, "/.:,-–") && text.isDigit(p - 2) { return false }
            return true
        }

        /// Everything found at the digits at `p`, each group in turn.
        func detect(at p: Int, into candidates: inout [TextCandidate]) throws {
            numericDates(at: p, into: &candidates)
            // After a date with a connector word ("the 4th of July") only "7j/7" is looked for.
            if try writtenDates(at: p, into: &candidates) { return }
            try perSlash(at: p, into: &candidates)
            // A timer's reading ("00:12:34") is nothing else.
            if times(at: p, into: &candidates) { return }
            bareHourRange(at: p, into: &candidates)
            durations(at: p, into: &candidates)
        }

        /// "1h 30m", "5m ago".
        private func durations(at p: Int, into candidates: inout [TextCandidate]) {
            if let (end, components) = duration(at: p) {
                propose(.duration, p, end, .duration, priority: 3, into: &candidates) { try? dates.duration(DurationValue(components)) }
            }
        }

        /// "01/04/2015", "2015-04-01", de "22. 2. 2024", and two of them joined by a dash.
        private func numericDates(at p: Int, into candidates: inout [TextCandidate]) {
            if looksFor(.numericDate) || looksFor(.numericDateRange), let (end, date, style) = numericDate(at: p) {
                // A valid numeric date outranks a phone number of the same digits ("05.03.2024").
                if looksFor(.numericDate) { addDate(.numericDate, start: p, end: end, date: date, style: style, priority: 4, into: &candidates) }
                if looksFor(.numericDateRange) { dateRange(.numericDateRange, start: p, end: end, first: date, style: style, into: &candidates) }
            }
            if looksFor(.spacedDotDate) || looksFor(.spacedDotDateRange), let (end, date, style) = spacedDotDate(at: p) {
                if looksFor(.spacedDotDate) { addDate(.spacedDotDate, start: p, end: end, date: date, style: style, priority: 4, into: &candidates) }
                if looksFor(.spacedDotDateRange) { dateRange(.spacedDotDateRange, start: p, end: end, first: date, style: style, into: &candidates) }
            }
        }

        /// "1er avril 2015", "1 de abril de 2015", "17/18 juin", "the 4th of July". True when the
        /// date keeps a connector word: then only `perSlash` is looked for after it, and it was.
        private func writtenDates(at p: Int, into candidates: inout [TextCandidate]) throws -> Bool {
            if let (end, date, style, firstDay) = writtenDate(at: p) {
                // "1.º de mayo", "1er avril": a day written as an ordinal is said as one, even where
                // the 1st is said as a cardinal ("uno de mayo" in Spain, dates.txt `first-day`).
                let dayEnd = text.digitRunEnd(p)
                let ordinalDay = date.day == 1 && daySuffixEnd(dayEnd) > dayEnd && (!text.isOneOf(dayEnd, ".") || text.isOneOf(dayEnd + 1, "ºª°"))
                // "the 4th of July": with a connector word the written order is kept (text.txt
                // `date-with-connector`), not "the July fourth".
                let suffixEnd = daySuffixEnd(dayEnd)
                let monthStart = skipConnector(suffixEnd)
                if style == .dayMonth || style == .long, firstDay == nil, let template = data.dateWithConnector, monthStart > text.skipSpaces(suffixEnd),
                   let day = dates.dayWord(date.day), let (_, monthEnd) = month(at: monthStart) {
                    propose(.connectorDate, p, end, .date, priority: 2, into: &candidates) {
                        let spoken = template.filling("{day}", with: day).filling("{month}", with: text.string(monthStart, monthEnd))
                        guard style == .long else { return spoken }
                        return (try? dates.yearWord(date.year)).map { spoken + ", " + $0 }
                    }
                    try perSlash(at: p, into: &candidates)
                    return true
                }
                addDate(.writtenDate, start: p, end: end, date: date, style: style, firstDay: firstDay, ordinalDay: ordinalDay, into: &candidates)
            }
            return false
        }

        /// A time ("17:45", "5h30", "5:30 PM EST"), a range of two, or a clock shape said as a
        /// length of time ("00:12:34", "Dauer: 1:30 h"). True for a timer's reading: nothing else is
        /// looked for at `p`.
        private func times(at p: Int, into candidates: inout [TextCandidate]) -> Bool {
            // While saying, what decided which shapes were found here is not read again.
            let finding = proposer.saying == nil
            if let (end, time, twelve) = time(at: p), !finding || !isTimerReading(at: p, twelve: twelve) {
                // "00:12:34", "00:00:00": seconds after an hour written "00" make a player's position
                // or a timer, not a time just after midnight ("twelve twelve AM and thirty-four
                // seconds"): its minutes and seconds are said as a length of time; all zero, it stays.
                if looksFor(.timerDuration), !twelve, end - p == 8, text.isOneOf(p, "0"), text.isOneOf(p + 1, "0"), text.isOneOf(p + 2, ":"), text.isOneOf(p + 5, ":") {
                    if time.minute > 0 || time.second > 0 {
                        propose(.timerDuration, p, end, .duration, priority: 3, into: &candidates) {
                            let components = [DurationValue.Component(unit: .minute, value: time.minute),
                                              DurationValue.Component(unit: .second, value: time.second)].filter { $0.value > 0 }
                            return try? dates.duration(DurationValue(components))
                        }
                    }
                    return true
                }
                // "Dauer: 1:30 h": after a word for a length of time, hours and minutes. Only the
                // clock shape: "Le film dure 2 h 15" keeps its reading "deux heures quinze".
                if looksFor(.clockDuration), !twelve, text.isOneOf(text.digitRunEnd(p), ":"), let (word, _) = text.wordBefore(p),
                   data.clockDurationWords.contains(word), time.hour > 0 || time.minute > 0 || time.second > 0 {
                    propose(.clockDuration, p, end, .duration, priority: 3, into: &candidates) {
                        let components = [DurationValue.Component(unit: .hour, value: time.hour),
                                          DurationValue.Component(unit: .minute, value: time.minute),
                                          DurationValue.Component(unit: .second, value: time.second)].filter { $0.value > 0 }
                        return try? dates.duration(DurationValue(components))
                    }
                }
                let unmarked = hourIsUnmarked(at: p, time, twelve: twelve)
                let zone = zone(after: end)
                propose(.time, p, zone?.end ?? end, .time, priority: 1, into: &candidates) {
                    guard var spoken = (try? speakTime(time, twelve: twelve, hourIsUnmarked: unmarked)).map({ withoutRepeatedWord($0, before: p) }) else {
                        return nil
                    }
                    // "12:00 noon", "12:00 midnight": where the time itself is said with a word for the
                    // part of the day (dates.txt `named-time`), the written word says it: the time is
                    // its hour on the 12-hour clock ("twelve noon", never "noon noon" or "noon midnight").
                    let next = text.skipSpaces(end)
                    if time.minute == 0, time.second == 0, time.hour % 12 == 0, next > end, let (word, _) = text.word(at: next),
                       dates.parser.namedTimes[word] != nil,
                       spoken.split(separator: " ").contains(where: { dates.parser.namedTimes[String($0)] != nil }),
                       let twelveWord = try? dates.numbers.cardinal(12) {
                        spoken = twelveWord
                    }
                    return zone.map { spoken + " " + $0.name } ?? spoken
                }
                if looksFor(.timeRange) { timeRange(start: p, firstEnd: end, first: (time, twelve, unmarked), into: &candidates) }
            }
            return false
        }

        /// "Countdown 1:30", "Timer: 05:00": after a word of text.txt `clock-timer-words`, a clock
        /// shape without AM or PM may be minutes and seconds or hours and minutes, and is no time
        /// of day ("one thirty AM", "five AM" before): it stays written.
        private func isTimerReading(at p: Int, twelve: Bool) -> Bool {
            guard !twelve, !data.clockTimerWords.isEmpty, text.isOneOf(text.digitRunEnd(p), ":"),
                  let (word, _) = text.wordBefore(p) else { return false }
            return data.clockTimerWords.contains(word)
        }

        // MARK: Dates

        private func addDate(_ shape: Shape, start: Int, end: Int, date: CivilDate, style: DateStyle, firstDay: (Int, String)? = nil,
                             ordinalDay: Bool = false, priority: Int = 2, into candidates: inout [TextCandidate]) {
            var finalEnd = end
            // A time right after the date: "01/04/2015 05:30" -> "... à cinq heures trente".
            var timeAfter: (time: CivilTime, twelve: Bool, unmarked: Bool, zone: String?)?
            let t = text.skipSpaces(end)
            if t > end || (t < text.count && text.scalars[t] == "T"), t < text.count {
                let isISO = text.scalars[t] == "T"
                let timeStart = isISO ? t + 1 : t
                if text.isDigit(timeStart), let (timeEnd, time, twelve) = self.time(at: timeStart, zoneDesignator: isISO) {
                    finalEnd = timeEnd
                    var zoneName: String?
                    // "2015-04-01T17:30:00Z": ISO 8601's "Z" is Coordinated Universal Time, said by its abbreviation.
                    if isISO, text.isOneOf(timeEnd, "Z"), !text.isWordChar(timeEnd + 1) {
                        zoneName = "UTC"
                        finalEnd = timeEnd + 1
                    } else if let zone = zone(after: timeEnd) {
                        zoneName = zone.name
                        finalEnd = zone.end
                    }
                    timeAfter = (time, twelve, !isISO && hourIsUnmarked(at: timeStart, time, twelve: twelve), zoneName)
                }
            }
            propose(shape, start, finalEnd, .date, priority: priority, into: &candidates) {
                guard var spoken = try? speakDate(date, style: style, start: start, ordinalDay: ordinalDay) else { return nil }
                if let (first, joiner) = firstDay, let firstWord = dates.dayWord(first) {
                    spoken = firstWord + " " + joiner + " " + spoken
                }
                if let timeAfter {
                    guard let timeWords = try? speakTime(timeAfter.time, twelve: timeAfter.twelve, hourIsUnmarked: timeAfter.unmarked) else { return nil }
                    spoken += " " + dates.atTime(timeWords)
                    if let zone = timeAfter.zone { spoken += " " + zone }
                }
                return spoken
            }
        }

        /// "27.03. – 12.04.2026", "03/27 – 04/12/2026": two dates joined by a dash are a range,
        /// said with text.txt `date-range` between them ("vom siebenundzwanzigsten März bis zum
        /// zwölften April…"; the dash was left between the two readings, and de said the second
        /// day in the nominative). Without a year the first date takes the second's.
        private func dateRange(_ shape: Shape, start: Int, end: Int, first: CivilDate, style: DateStyle,
                               into candidates: inout [TextCandidate]) {
            guard let joiner = data.dateRangeJoiner, style == .dayMonth || style == .long else { return }
            let dash = text.skipSpaces(end)
            guard text.isOneOf(dash, "–—-"), dash > end || text.isDigit(dash + 1) else { return }
            let q = text.skipSpaces(dash + 1)
            guard (q > dash + 1) == (dash > end), text.isDigit(q) else { return }
            guard let (secondEnd, second, secondStyle) = numericDate(at: q) ?? spacedDotDate(at: q),
                  secondStyle == .dayMonth || secondStyle == .long else { return }
            propose(shape, start, secondEnd, .date, priority: 5, into: &candidates) {
                let caseWord = joiner.split(separator: " ").last.map(String.init)
                guard let firstWords = try? speakDate(first, style: style == .long && secondStyle == .long && first.year == second.year ? .dayMonth : style, start: start),
                      let secondWords = try? speakDate(second, style: secondStyle, start: q, caseWord: caseWord) else { return nil }
                return firstWords + " " + joiner + " " + secondWords
            }
        }

        private func speakDate(_ date: CivilDate, style: DateStyle, start: Int, ordinalDay: Bool = false, caseWord: String? = nil) throws -> String {
            // German "am 1. April": the day takes the case the word before asks for.
            if style != .monthYear, let word = caseWord ?? text.wordBefore(start)?.word, let ruleSet = data.ordinalCaseWords[word] {
                let day = try dates.numbers.spell(date.day, ruleSet: ruleSet)
                return try dates.date(date, style: style, dayWord: day)
            }
            // "am Sonntag, 4. Februar": the day after a weekday takes the case of the weekday's word.
            let comma = text.skipSpacesBack(start)
            if style != .monthYear, comma > 0, text.isOneOf(comma - 1, ","),
               let (weekday, weekdayStart) = text.wordBefore(comma - 1), data.weekdays[weekday] != nil,
               let (word, _) = text.wordBefore(weekdayStart), let ruleSet = data.ordinalCaseWords[word] {
                return try dates.date(date, style: style, dayWord: try dates.numbers.spell(date.day, ruleSet: ruleSet))
            }
            // "am 3. und 4. Mai": the second day keeps the case of the first.
            if style != .monthYear,
               let carried = text.listedOrdinalCase(before: start, listWords: data.ordinalListWords, caseWords: data.ordinalCaseWords),
               !carried.isEmpty {
                return try dates.date(date, style: style, dayWord: try dates.numbers.spell(date.day, ruleSet: carried))
            }
            if ordinalDay, style != .monthYear {
                return try dates.date(date, style: style, dayWord: try dates.numbers.ordinal(date.day, gender: .masculine))
            }
            return try dates.date(date, style: style)
        }

        /// "01/04/2015", "1.4.15", "2015-04-01", "le 01/04".
        func numericDate(at p: Int) -> (Int, CivilDate, DateStyle)? {
            let aEnd = text.digitRunEnd(p)
            guard aEnd < text.count, text.isOneOf(aEnd, "/.-"), text.isDigit(aEnd + 1) else { return nil }
            let separator = text.scalars[aEnd]
            let bEnd = text.digitRunEnd(aEnd + 1)
            guard let a = text.integer(p, aEnd), let b = text.integer(aEnd + 1, bEnd), bEnd - aEnd - 1 <= 2 else { return nil }
            var parts = [(a, aEnd - p)]
            parts.append((b, bEnd - aEnd - 1))
            var end = bEnd
            if bEnd + 1 < text.count, text.scalars[bEnd] == separator, text.isDigit(bEnd + 1) {
                let cEnd = text.digitRunEnd(bEnd + 1)
                if let c = text.integer(bEnd + 1, cEnd) {
                    parts.append((c, cEnd - bEnd - 1))
                    end = cEnd
                }
            }
            // Not a date when more digits or a decimal follow ("1.2.3.4", "12/05/2015/7").
            if end < text.count, text.isOneOf(end, "/.-:,"), text.isDigit(end + 1) { return nil }
            // "2015-04-01T05:30": an ISO date-time.
            let isoTime = text.isOneOf(end, "T") && text.isDigit(end + 1) && parts[0].1 == 4
            if text.isLetter(end) && !isoTime { return nil }
            if parts.count == 3 {
                if parts[0].1 == 4 {
                    guard parts[1].1 == 2, parts[2].1 == 2 else { return nil }
                    return (try? CivilDate(year: parts[0].0, month: parts[1].0, day: parts[2].0)).map { (end, $0, .long) }
                }
                guard parts[0].1 <= 2, parts[2].1 == 4 || parts[2].1 == 2, separator != "-" || parts[2].1 == 4 else { return nil }
                let year = parts[2].1 == 4 ? parts[2].0 : (parts[2].0 <= 69 ? 2000 + parts[2].0 : 1900 + parts[2].0)
                let (day, month) = data.dateOrder == .mdy ? (parts[1].0, parts[0].0) : (parts[0].0, parts[1].0)
                return (try? CivilDate(year: year, month: month, day: day)).map { (end, $0, .long) }
            }
            // "2015-12": ISO 8601's year and month, a month 01-12 in two digits after a four-digit
            // year, joined by a hyphen-minus. Two digits that can be the next years' ("2015-16",
            // "2011-12": a season, a school year) are a range of years, read by the number detector.
            if separator == "-", parts[0].1 == 4, parts[1].1 == 2, (1000...2999).contains(a), (1...12).contains(b), b <= a % 100 {
                return (try? CivilDate(year: a, month: b, day: 1)).map { (end, $0, .monthYear) }
            }
            // Day and month alone: after a date word ("le 01/04", "am 1.4."), or written with the
            // closing period of languages that write ordinals so ("25.12.").
            guard separator != "-", parts[0].1 <= 2 else { return nil }
            let closingPeriod = separator == "." && data.ordinalDotRuleSet != nil && text.isOneOf(end, ".") && !text.isDigit(end + 1)
            guard closingPeriod || (text.wordBefore(p).map { data.dateWords.contains($0.word) } ?? false) else { return nil }
            // pt "até 7.1": where ordinals take no period, a dotted day and month without a year
            // is written with two digits ("le 01.04"); "7.1" is a number or a version.
            if separator == ".", data.ordinalDotRuleSet == nil, parts[0].1 < 2 && parts[1].1 < 2 { return nil }
            let (day, month) = data.dateOrder == .mdy ? (parts[1].0, parts[0].0) : (parts[0].0, parts[1].0)
            // The closing period is the date's unless it also ends the text.
            let dateEnd = closingPeriod && !isSentenceEndPeriod(end) ? end + 1 : end
            return (try? CivilDate(year: 2000, month: month, day: day)).map { (dateEnd, $0, .dayMonth) }
        }

        /// "22. 2. 2024", "am 1. 3.": the day and the month each closed by the ordinal period and
        /// a space (Duden's spacing of "22.2.2024"), in languages that write ordinals with a
        /// period. Without a year, only after a date word: "Kapitel 2. 4. Absatz" is no date.
        func spacedDotDate(at p: Int) -> (Int, CivilDate, DateStyle)? {
            guard data.ordinalDotRuleSet != nil else { return nil }
            let dEnd = text.digitRunEnd(p)
            guard dEnd - p <= 2, text.isOneOf(dEnd, "."), text.isWordSpace(dEnd + 1), text.isDigit(dEnd + 2) else { return nil }
            let mEnd = text.digitRunEnd(dEnd + 2)
            guard mEnd - dEnd - 2 <= 2, text.isOneOf(mEnd, "."), !text.isDigit(mEnd + 1),
                  let day = text.integer(p, dEnd), let month = text.integer(dEnd + 2, mEnd) else { return nil }
            if text.isWordSpace(mEnd + 1), text.isDigit(mEnd + 2) {
                let yEnd = text.digitRunEnd(mEnd + 2)
                if yEnd - mEnd - 2 == 4, !text.isWordChar(yEnd), !(text.isOneOf(yEnd, ".,:") && text.isDigit(yEnd + 1)),
                   let year = text.integer(mEnd + 2, yEnd) {
                    return (try? CivilDate(year: year, month: month, day: day)).map { (yEnd, $0, .long) }
                }
            }
            guard text.wordBefore(p).map({ data.dateWords.contains($0.word) }) ?? false else { return nil }
            // The month's period is the date's unless it also ends the text.
            let end = isSentenceEndPeriod(mEnd) ? mEnd : mEnd + 1
            return (try? CivilDate(year: 2000, month: month, day: day)).map { (end, $0, .dayMonth) }
        }

        /// The day's ordinal mark after its digits ("er", "st", ".", "º"), where it ends.
        private func daySuffixEnd(_ i: Int) -> Int {
            // "1. April": only languages that write ordinals with a period read it as the day's mark.
            if text.isOneOf(i, "."), data.ordinalDotRuleSet != nil || text.isOneOf(i + 1, "ºª°") {
                if text.isOneOf(i + 1, "ºª°") { return i + 2 }
                return i + 1
            }
            if text.isOneOf(i, "ºª°ᵉ") { return i + 1 }
            if let (word, end) = text.word(at: i), data.daySuffixes.contains(word) { return end }
            return i
        }

        /// A month name at `i` (with its abbreviation period), as a month number and where it ends.
        private func month(at i: Int) -> (Int, Int)? {
            guard let initial = text.scalar(i), data.monthInitials.contains(initial), let (word, end) = text.word(at: i), let month = data.months[word] else { return nil }
            return (month, text.isOneOf(end, ".") && word.count <= 5 && !isSentenceEndPeriod(end) ? end + 1 : end)
        }

        private func isSentenceEndPeriod(_ i: Int) -> Bool {
            let j = text.skipSpaces(i + 1)
            return j >= text.count || text.classes[j] == .newline
        }

        /// Skips spaces and one connector word ("de", "of"), then spaces.
        private func skipConnector(_ i: Int) -> Int {
            var j = text.skipSpaces(i)
            if let (word, end) = text.word(at: j), data.dateConnectors.contains(word), end < text.count, text.isSpace(end) {
                j = text.skipSpaces(end)
            }
            return j
        }

        /// A year after a written month: ", 2015", " 2015", " de 2015".
        private func year(after i: Int) -> (Int, Int)? {
            var j = i
            if text.isOneOf(j, ",") { j += 1 }
            j = skipConnector(j)
            guard j > i, text.isDigit(j) else { return nil }
            let end = text.digitRunEnd(j)
            guard end - j == 4, let year = text.integer(j, end), !text.isLetter(end),
                  !(text.isOneOf(end, ".,:") && text.isDigit(end + 1)) else { return nil }
            return (year, end)
        }

        /// "1er avril 2015", "1. April 2015", "1 de abril de 2015", "17 juin", "17/18 juin".
        func writtenDate(at p: Int) -> (Int, CivilDate, DateStyle, (Int, String)?)? {
            let dayEnd = text.digitRunEnd(p)
            guard dayEnd - p <= 2, let day = text.integer(p, dayEnd), (1...31).contains(day) else { return nil }
            var suffixEnd = daySuffixEnd(dayEnd)
            // "17/18 juin", "17-18 juin": two days of one month.
            var firstDay: (Int, Unicode.Scalar)?
            if suffixEnd == dayEnd, text.isOneOf(dayEnd, "/-–"), text.isDigit(dayEnd + 1) {
                let secondEnd = text.digitRunEnd(dayEnd + 1)
                if secondEnd - dayEnd - 1 <= 2, let second = text.integer(dayEnd + 1, secondEnd), second > day, second <= 31 {
                    firstDay = (day, text.scalars[dayEnd])
                    suffixEnd = daySuffixEnd(secondEnd)
                }
            }
            let m = skipConnector(suffixEnd)
            guard m > suffixEnd, let (month, monthEnd) = month(at: m) else { return nil }
            if let (first, separator) = firstDay {
                let secondStart = text.digitRunEnd(p) + 1
                guard let second = text.integer(secondStart, text.digitRunEnd(secondStart)),
                      let joiner = separator == "/" ? data.andWord : data.rangeWord else { return nil }
                let year = self.year(after: monthEnd)
                guard let date = try? CivilDate(year: year?.0 ?? 2000, month: month, day: second) else { return nil }
                return (year?.1 ?? monthEnd, date, year == nil ? .dayMonth : .long, (first, joiner))
            }
            if let (year, yearEnd) = year(after: monthEnd), let date = try? CivilDate(year: year, month: month, day: day) {
                return (yearEnd, date, .long, nil)
            }
            guard let date = try? CivilDate(year: 2000, month: month, day: day) else { return nil }
            return (monthEnd, date, .dayMonth, nil)
        }

        /// "April 1, 2015", "April 1st", "avril 2015", "April 2015".
        func detectMonthFirst(at p: Int, into candidates: inout [TextCandidate]) {
            guard let (month, monthEnd) = month(at: p) else { return }
            // Month names that are also common words ("may", "mars") count only capitalised, except in dmy prose.
            if data.dateOrder == .mdy && !text.scalars[p].properties.isUppercase { return }
            let d = text.skipSpaces(monthEnd)
            if data.dateOrder == .mdy, d > monthEnd, text.isDigit(d) {
                let dayEnd = text.digitRunEnd(d)
                if dayEnd - d <= 2, let day = text.integer(d, dayEnd), (1...31).contains(day), !text.isDigit(dayEnd) {
                    let suffixEnd = daySuffixEnd(dayEnd)
                    // "June 3–5", "June 3-5, 2024": two days of one month, "June third to fifth".
                    if suffixEnd == dayEnd, text.isOneOf(dayEnd, "-–"), text.isDigit(dayEnd + 1), let rangeWord = data.rangeWord {
                        let secondEnd = text.digitRunEnd(dayEnd + 1)
                        if secondEnd - dayEnd - 1 <= 2, !text.isLetter(secondEnd), !(text.isOneOf(secondEnd, "-–/.:") && text.isDigit(secondEnd + 1)),
                           let second = text.integer(dayEnd + 1, secondEnd), second > day, second <= 31,
                           let secondWord = dates.dayWord(second),
                           let first = try? CivilDate(year: 2000, month: month, day: day),
                           (try? CivilDate(year: 2000, month: month, day: second)) != nil {
                            let year = year(after: secondEnd)
                            propose(.monthDayRange, p, year?.1 ?? secondEnd, .date, priority: 2, into: &candidates) {
                                guard let firstWords = try? speakDate(first, style: .dayMonth, start: p) else { return nil }
                                let spoken = firstWords + " " + rangeWord + " " + secondWord
                                guard let (year, _) = year else { return spoken }
                                return (try? dates.yearWord(year)).map { spoken + ", " + $0 }
                            }
                            return
                        }
                    }
                    if !text.isLetter(suffixEnd) {
                        if let (year, yearEnd) = year(after: suffixEnd), let date = try? CivilDate(year: year, month: month, day: day) {
                            addDate(.monthDayYear, start: p, end: yearEnd, date: date, style: .long, into: &candidates)
                            return
                        }
                        if let date = try? CivilDate(year: 2000, month: month, day: day) {
                            addDate(.monthDay, start: p, end: suffixEnd, date: date, style: .dayMonth, into: &candidates)
                            return
                        }
                    }
                }
            }
            if let (year, yearEnd) = year(after: monthEnd), yearEnd - text.skipSpaces(monthEnd) <= 8,
               let date = try? CivilDate(year: year, month: month, day: 1) {
                propose(.monthYear, p, yearEnd, .date, priority: 2, into: &candidates) { try? dates.date(date, style: .monthYear) }
            }
        }

        // MARK: Times

        /// A written AM/PM marker from `i` (spaces allowed inside: "p. m."): 1 AM, 2 PM.
        private func period(at i: Int) -> (Int, Int)? {
            guard i < text.count, data.meridiemInitials.contains(Self.lowercased(text.scalars[i])) else { return nil }
            var j = i
            var normalized = ""
            var best: (Int, Int)?
            while j < text.count && j - i < 8 {
                let s = text.scalars[j]
                if text.classes[j] == .letter || s == "." {
                    normalized.unicodeScalars.append(Self.lowercased(s))
                } else if s != " " {
                    break
                }
                j += 1
                // A marker ends on a letter or a period, never on a space.
                if s != " " && !text.isLetter(j) {
                    if data.amForms.contains(normalized) { best = (1, j) }
                    if data.pmForms.contains(normalized) { best = (2, j) }
                }
            }
            // "at 2:30 p.m." ending a sentence: the marker's last period is also the sentence's.
            if let (which, end) = best, text.isOneOf(end - 1, "."), end - 1 > i,
               end >= text.count || text.classes[end] == .newline
                || (text.isSpace(end) && text.scalar(text.skipSpaces(end))?.properties.isUppercase == true) {
                best = (which, end - 1)
            }
            return best
        }

        /// A scalar in lower case: ASCII by its bit, others by Unicode's mapping (a String each).
        private static func lowercased(_ s: Unicode.Scalar) -> Unicode.Scalar {
            if s.value >= 0x41 && s.value <= 0x5A { return Unicode.Scalar(s.value | 0x20)! }
            if s.isASCII { return s }
            return s.properties.lowercaseMapping.unicodeScalars.first ?? s
        }

        /// "um 17.30", "dalle 9.00 alle 12.30", "9.00 - 12.00": where text.txt lists
        /// `dotted-time-words` (languages whose decimal mark is a comma, so "17.30" can be no
        /// decimal of theirs), a time written with a period is one after such a word, or beside
        /// another across a dash or a word of `count-joiners` ("von 9.00 bis 12.00"). Alone,
        /// "17.30" stays a number.
        private func dottedTimeInContext(_ p: Int, end: Int) -> Bool {
            guard !data.dottedTimeWords.isEmpty, !measureFollows(end) else { return false }
            if let (word, _) = text.wordBefore(p), data.dottedTimeWords.contains(word) { return true }
            // The first of two: a dash or a joining word, then another dotted time.
            var j = text.skipSpaces(end)
            if text.isOneOf(j, "-–") {
                j += 1
            } else if j > end, text.isLetter(j) {
                let wordEnd = text.letterRunEnd(j)
                guard text.wordBefore(wordEnd, isOneOf: data.countJoiners) else { return isSecondDottedTime(p) }
                j = wordEnd
            }
            j = text.skipSpaces(j)
            if j > end, let secondEnd = dottedTimeEnd(at: j) { return !measureFollows(secondEnd) }
            return isSecondDottedTime(p)
        }

        /// Whether an amount's currency or a unit (not a time word) follows `end`: "von 1.50 bis
        /// 2.50 Euro" is two prices written the English way, not two times.
        private func measureFollows(_ end: Int) -> Bool {
            guard let expander else { return false }
            let q = text.skipSpaces(end)
            guard q < text.count, timeWordEnd(end) == nil else { return false }
            if let symbols = expander.matcher.currencies[text.scalars[q]],
               symbols.contains(where: { text.occurs(expander.data.currencySymbols[$0].symbol, at: q) }) { return true }
            return expander.matcher.unitSymbol(in: text, at: q, of: expander.data.units) != nil
        }

        /// Whether a dotted time ends before `p`, across a dash or a joining word ("9.00 - 12.00").
        private func isSecondDottedTime(_ p: Int) -> Bool {
            var j = text.skipSpacesBack(p)
            if text.isOneOf(j - 1, "-–") {
                j -= 1
            } else if j < p, text.wordBefore(j, isOneOf: data.countJoiners) {
                while j > 0 && text.isLetter(j - 1) { j -= 1 }
            } else {
                return false
            }
            j = text.skipSpacesBack(j)
            guard j < p, j >= 4, text.isDigit(j - 1), text.isDigit(j - 2), text.isOneOf(j - 3, ".") else { return false }
            var start = j - 3
            while start > 0 && text.isDigit(start - 1) { start -= 1 }
            return dottedTimeEnd(at: start) == j
        }

        /// Where "H.MM" starting at `p` ends: an hour up to 24, a period, two digits up to 59.
        private func dottedTimeEnd(at p: Int) -> Int? {
            let hEnd = text.digitRunEnd(p)
            guard hEnd > p, hEnd - p <= 2, let hour = text.integer(p, hEnd), hour <= 24, text.isOneOf(hEnd, "."),
                  text.digitRunEnd(hEnd + 1) == hEnd + 3, let minute = text.integer(hEnd + 1, hEnd + 3), minute <= 59,
                  !(text.isOneOf(hEnd + 3, ".,:") && text.isDigit(hEnd + 4)) else { return nil }
            return hEnd + 3
        }

        /// de "um 9:30 am Bahnhof": a spaced marker that is also a word of the language (text.txt
        /// `marker-words`) is that word when another word follows it; "9:30 am." and "9:30am"
        /// keep the marker.
        private func isPrepositionMarker(at start: Int, end: Int, after timeEnd: Int) -> Bool {
            start > timeEnd && !data.markerWords.isEmpty && text.isWordSpace(end) && text.isLetter(end + 1)
                && data.markerWords.contains(text.string(start, end).lowercased())
        }

        /// A word after a time that belongs to it ("Uhr", "h").
        private func timeWordEnd(_ i: Int) -> Int? {
            let j = text.skipSpaces(i)
            guard let (word, end) = text.word(at: j), data.timeWords.contains(word) else { return nil }
            return text.isOneOf(end, ".") && word.count == 1 && !isSentenceEndPeriod(end) ? end + 1 : end
        }

        /// "17:00 CET" -> "… heure normale d'Europe centrale", "9 AM PST" -> "… Pacific Standard
        /// Time", "18 Uhr MESZ" -> "… Mitteleuropäische Sommerzeit": a time zone's abbreviation
        /// after a time (`DateTimeDetector.zoneAbbreviations`), said with the zone's name in the
        /// locale. The names are CLDR's, through Foundation's `TimeZone.localizedName` (no cache:
        /// a zone after a time is rare, and the lookup costs microseconds); a name Foundation
        /// does not have, or gives as an offset ("GMT+01:00"), leaves the abbreviation written.
        func zone(after end: Int) -> (end: Int, name: String)? {
            let z = text.skipSpaces(end)
            guard z > end, text.isCapital(z) else { return nil }
            var e = z
            while text.isCapital(e) && e - z < 5 { e += 1 }
            guard (3...4).contains(e - z), !text.isWordChar(e), let (identifier, summer) = DateTimeDetector.zoneAbbreviations[text.string(z, e)],
                  let zone = TimeZone(identifier: identifier),
                  let name = zone.localizedName(for: summer ? .daylightSaving : .standard,
                                                locale: Locale(identifier: dates.locale.tag.replacingOccurrences(of: "-", with: "_"))),
                  !name.isEmpty, !name.contains("GMT"), !name.unicodeScalars.contains(where: { $0.properties.numericType != nil }) else { return nil }
            return (e, name)
        }

        /// A time at `p`: where it ends, the time, and whether AM/PM was written.
        /// With `zoneDesignator` (after an ISO date's "T") a glued "Z" may follow; the caller says it.
        func time(at p: Int, zoneDesignator: Bool = false) -> (Int, CivilTime, Bool)? {
            let hEnd = text.digitRunEnd(p)
            guard hEnd - p <= 2, var hour = text.integer(p, hEnd), hour <= 24 else { return nil }
            var minute = 0, second = 0
            var end = hEnd
            var marked = false
            var needsMarker = false
            var minutesWritten = false
            if text.isOneOf(hEnd, ":.") && text.isDigit(hEnd + 1) {
                minutesWritten = true
                let mEnd = text.digitRunEnd(hEnd + 1)
                guard mEnd - hEnd - 1 == 2, let m = text.integer(hEnd + 1, mEnd), m <= 59 else { return nil }
                // "17.30" alone is a decimal: a dotted time needs a marker or a time word.
                needsMarker = text.scalars[hEnd] == "."
                minute = m
                end = mEnd
                if text.isOneOf(end, ":") && text.isDigit(end + 1) && text.digitRunEnd(end + 1) == end + 3 {
                    guard let s = text.integer(end + 1, end + 3), s <= 59 else { return nil }
                    second = s
                    end += 3
                }
                if text.isOneOf(end, ".,:") && text.isDigit(end + 1) { return nil }
            } else if let (word, markerEnd) = markerWord(at: text.isWordSpace(hEnd) ? hEnd + 1 : hEnd), data.hourMarkers.contains(word) {
                // "5h30", "17h", "17 h", "17 h 30".
                _ = word
                marked = true
                end = markerEnd
                var m = markerEnd
                if text.isWordSpace(m) && hEnd < markerEnd - 1 && text.isWordSpace(hEnd) { m += 1 }
                if text.isDigit(m) {
                    let mEnd = text.digitRunEnd(m)
                    if mEnd - m == 2, let value = text.integer(m, mEnd), value <= 59, !text.isLetter(mEnd) {
                        minute = value
                        end = mEnd
                        minutesWritten = true
                    } else if m == markerEnd {
                        return nil
                    }
                }
                if text.isLetter(end) { return nil }
                // "12h/24h", "12H/24H": a clock's format, two lengths of a day, not noon and midnight.
                if !minutesWritten, text.isOneOf(end, "/"), text.isDigit(end + 1),
                   let (next, _) = markerWord(at: text.digitRunEnd(end + 1)), data.hourMarkers.contains(next) { return nil }
                if !minutesWritten, text.isOneOf(p - 1, "/"), text.isDigit(p - 2) { return nil }
            } else {
                needsMarker = true
            }
            // "24 h", "24H", "24 horas" are durations or a clock's format; the 24th hour is
            // written with its minutes only ("24:00", "24h00").
            if hour == 24 && !minutesWritten { return nil }
            let zoneFollows = zoneDesignator && text.isOneOf(end, "Z") && !text.isWordChar(end + 1)
            if text.isLetter(end) && !marked && !zoneFollows {
                // "5pm", "5.30pm": a marker glued to the time.
                guard let (which, periodEnd) = period(at: end) else { return nil }
                hour = apply(which, to: hour)
                guard hour < 24, let time = try? CivilTime(hour: hour, minute: minute, second: second) else { return nil }
                return (periodEnd, time, true)
            }
            if let (which, periodEnd) = period(at: text.skipSpaces(end)), text.skipSpaces(end) - end <= 1,
               !isPrepositionMarker(at: text.skipSpaces(end), end: periodEnd, after: end) {
                guard hour <= 12 || which == 2 else { return nil }
                hour = apply(which, to: hour)
                guard hour < 24, let time = try? CivilTime(hour: hour, minute: minute, second: second) else { return nil }
                return (periodEnd, time, true)
            }
            if let wordEnd = timeWordEnd(end) {
                end = wordEnd
                marked = true
            }
            if needsMarker && !marked && (end == hEnd || text.scalars[hEnd] == "." && !dottedTimeInContext(p, end: end)) { return nil }
            guard hour < 24 || (hour == 24 && minute == 0 && second == 0), let time = try? CivilTime(hour: hour % 24, minute: minute, second: second) else { return nil }
            return (end, time, false)
        }

        /// The letters of an hour marker at `i` ("h" in "5h30"): the word and where it ends.
        private func markerWord(at i: Int) -> (String, Int)? {
            guard text.isLetter(i) else { return nil }
            var end = i
            while end < text.count && text.isLetter(end) && !text.isDigit(end) { end += 1 }
            // "5h30": the marker stops at the digits.
            return (text.string(i, end).lowercased(), end)
        }

        private func apply(_ period: Int, to hour: Int) -> Int {
            if period == 1 { return hour == 12 ? 0 : hour }
            return hour < 12 ? hour + 12 : hour
        }

        /// Spoken times that start with an article ("las nueve") lose it when the text has it
        /// right before the time ("a las 9:00" -> "a las nueve", not "a las las nueve").
        func withoutRepeatedWord(_ spoken: String, before start: Int) -> String {
            guard let (word, _) = text.wordBefore(start) else { return spoken }
            return withoutRepeatedWord(spoken, after: word)
        }

        /// `spoken` as said after `word` (lower case): it "alle" takes "nove", not "le nove".
        func withoutRepeatedWord(_ spoken: String, after word: String) -> String {
            var spoken = spoken
            // "y las 12:00": "mediodía" has no article for the written "las" -> "las doce del mediodía".
            for rule in data.timesAfterArticle where rule.words.contains(word) && spoken.hasPrefix(rule.spokenStart) {
                let rest = spoken.dropFirst(rule.spokenStart.count)
                if rest.isEmpty || rest.first == " " {
                    spoken = rule.replacement + rest
                    break
                }
            }
            // The first space found over bytes, not Characters (grapheme breaking cost a fifth of a time).
            guard let space = spoken.utf8.firstIndex(of: 0x20) else { return spoken }
            let article = spoken[..<space].lowercased()
            guard article == word || data.timeArticles[article]?.contains(word) == true else { return spoken }
            return String(spoken[spoken.utf8.index(after: space)...])
        }

        /// A time with no AM/PM whose hour is written 1-11 without a leading zero or seconds
        /// ("9:30", not "09:30", "21:30" or "9:30:15"), in a text that writes no 24-hour time:
        /// where clocks show 12 hours it may be morning or evening, and the locale's
        /// `unmarked-hour` style says it without a part of the day. Noon is the likely "12:30".
        func hourIsUnmarked(at p: Int, _ time: CivilTime, twelve: Bool) -> Bool {
            !textWritesTwentyFourHours && !twelve && (1...11).contains(time.hour) && !text.isOneOf(p, "0") && !writesSeconds(at: p)
        }

        /// The time at `p` is written with seconds ("9:30:15").
        private func writesSeconds(at p: Int) -> Bool {
            let minutes = text.digitRunEnd(p) + 1
            return text.isDigit(minutes) && text.isOneOf(minutes + 2, ":") && text.isDigit(minutes + 3)
        }

        /// The text writes a time on a 24-hour clock ("09:00", "0:30", "18:00", "9:30:15"), so
        /// its other times are too ("Open from 9:00 to 18:00"). Read only where the locale has
        /// an `unmarked-hour` style.
        func writesTwentyFourHours() -> Bool {
            var p = 0
            while p < text.count {
                guard text.isDigit(p) else { p += 1; continue }
                if startsToken(p), let (_, time, twelve) = time(at: p), !twelve,
                   time.hour == 0 || time.hour > 12 || text.isOneOf(p, "0") || writesSeconds(at: p) {
                    return true
                }
                p = text.digitRunEnd(p)
            }
            return false
        }

        func speakTime(_ time: CivilTime, twelve: Bool, hourIsUnmarked: Bool = false) throws -> String {
            if twelve, let style = data.twelveHourStyle { return try dates.time(time, style: style) }
            return try dates.time(time, style: nil, hourIsUnmarked: hourIsUnmarked)
        }

        /// "9h-18h", "9:00–17:00": a second time after a dash. A range is one clock: when one
        /// end is written as a 24-hour time ("9:00–17:00"), neither is said as unmarked.
        private func timeRange(start: Int, firstEnd: Int, first: (time: CivilTime, twelve: Bool, unmarked: Bool),
                               into candidates: inout [TextCandidate]) {
            guard let rangeWord = data.rangeWord else { return }
            var j = text.skipSpaces(firstEnd)
            guard text.isOneOf(j, "-–—") else { return }
            j = text.skipSpaces(j + 1)
            guard text.isDigit(j), let (secondEnd, time, twelve) = time(at: j) else { return }
            let unmarked = first.unmarked && hourIsUnmarked(at: j, time, twelve: twelve)
            // "9am-5pm EST": the zone after the second time is the range's, said after it (alone,
            // the second time with its zone covered more text and left the dash written).
            let zone = zone(after: secondEnd)
            propose(.timeRange, start, zone?.end ?? secondEnd, .range, priority: 2, into: &candidates) {
                guard var second = try? speakTime(time, twelve: twelve, hourIsUnmarked: unmarked) else { return nil }
                if let zone { second += " " + zone.name }
                // it "9.00-12.00" -> "dalle nove alle dodici", es "de las nueve … a las dos …" (text.txt
                // `time-range`): each time as said after its preposition; one the text writes is not said twice.
                if let range = data.timeRange {
                    guard let rawFirst = try? speakTime(first.time, twelve: first.twelve, hourIsUnmarked: unmarked) else { return nil }
                    let opening = text.wordBefore(start)?.word == range.fromWord ? "" : range.before
                    return opening + withoutRepeatedWord(rawFirst, after: range.fromWord) + range.between
                        + withoutRepeatedWord(second, after: range.toWord)
                }
                // A range is one clock: the first time is unmarked only when the second is too.
                guard let firstSpoken = try? speakTime(first.time, twelve: first.twelve, hourIsUnmarked: unmarked) else { return nil }
                return withoutRepeatedWord(firstSpoken, before: start) + " " + rangeWord + " " + second
            }
        }

        /// "9–17 Uhr", "9-18h": a bare hour, a dash, then a marked time; the first hour takes the second's form.
        private func bareHourRange(at p: Int, into candidates: inout [TextCandidate]) {
            let hEnd = text.digitRunEnd(p)
            guard hEnd - p <= 2, let hour = text.integer(p, hEnd), hour < 24, let rangeWord = data.rangeWord else { return }
            var j = hEnd
            if text.isOneOf(j, ":"), text.digitRunEnd(j + 1) == j + 3, text.integer(j + 1, j + 3) == 0 { j += 3 }
            j = text.skipSpaces(j)
            guard text.isOneOf(j, "-–—") else { return }
            let k = text.skipSpaces(j + 1)
            guard text.isDigit(k), let (end, time, twelve) = time(at: k), end > text.digitRunEnd(k),
                  let firstTime = try? CivilTime(hour: twelve && time.hour >= 12 && hour < 12 ? hour + 12 : hour, minute: 0),
                  case let unmarked = hourIsUnmarked(at: k, time, twelve: twelve) && hourIsUnmarked(at: p, firstTime, twelve: twelve) else { return }
            propose(.bareHourRange, p, end, .range, priority: 1, into: &candidates) {
                guard let first = try? speakTime(firstTime, twelve: twelve, hourIsUnmarked: unmarked),
                      let second = try? speakTime(time, twelve: twelve, hourIsUnmarked: unmarked) else { return nil }
                return withoutRepeatedWord(first, before: p) + " " + rangeWord + " " + second
            }
        }

        /// "7j/7", "24h/24": a count of a unit out of the same count ("sept jours sur sept"); and
        /// "24/7", round the clock (text.txt `around-the-clock`).
        private func perSlash(at p: Int, into candidates: inout [TextCandidate]) throws {
            // "Support 24/7": said as the language says it ("twenty-four seven", pt "vinte e quatro
            // por sete"). Below a date's priority, so "le 24/7" after a date word stays the 24th of
            // July; above a fraction's ("twenty-four sevenths").
            if let words = data.aroundTheClock, text.isOneOf(p, "2"), text.isOneOf(p + 1, "4"), text.isOneOf(p + 2, "/"),
               text.isOneOf(p + 3, "7"), !text.isWordChar(p + 4), !(text.isOneOf(p + 4, "/.,-") && text.isDigit(p + 5)) {
                propose(.aroundTheClock, p, p + 4, .duration, priority: 2, into: &candidates) { words }
            }
            guard let per = data.perWord else { return }
            let end = text.digitRunEnd(p)
            guard text.isLetter(end) else { return }
            let unitEnd = text.letterRunEnd(end)
            guard let unit = data.durationUnits[text.string(end, unitEnd)], text.isOneOf(unitEnd, "/"), text.isDigit(unitEnd + 1) else { return }
            let secondEnd = text.digitRunEnd(unitEnd + 1)
            guard !text.isWordChar(secondEnd), let value = text.integer(p, end), text.integer(unitEnd + 1, secondEnd) == value else { return }
            try propose(.perSlash, p, secondEnd, .duration, priority: 2, into: &candidates) {
                guard let phrase = try? dates.unitPhrase(value, unit: unit) else { return nil }
                return phrase + " " + per + " " + (try dates.numbers.cardinal(value))
            }
        }

        // MARK: Durations

        /// "1h 30m", "2 h 15 min", "1h30min", "5m ago": where it ends, and its parts.
        func duration(at p: Int) -> (Int, [DurationValue.Component])? {
            var components: [DurationValue.Component] = []
            var i = p
            var end = p
            var spacedLengthSign = false
            while text.isDigit(i) {
                let numberEnd = text.digitRunEnd(i)
                guard numberEnd - i <= 4, let value = text.integer(i, numberEnd) else { break }
                let u = text.isWordSpace(numberEnd) ? numberEnd + 1 : numberEnd
                guard text.isLetter(u) else { break }
                let unitEnd = text.letterRunEnd(u)
                let symbol = text.string(u, unitEnd)
                guard let unit = data.durationUnits[symbol] else { break }
                if let last = components.last, last.unit.sizeOrder >= unit.sizeOrder { break }
                if components.isEmpty, u > numberEnd, let expander {
                    spacedLengthSign = expander.matcher.unitSymbol(in: text, at: u, of: expander.data.units)?.icuUnit.hasPrefix("length-") == true
                }
                components.append(.init(unit: unit, value: value))
                end = unitEnd
                if text.isOneOf(end, ".") && !isSentenceEndPeriod(end) && text.isSpace(end + 1) { end += 1 }
                i = text.skipSpaces(end)
            }
            guard !components.isEmpty, !text.isWordChar(end) else { return nil }
            // One part alone is a length of time only beside a word that says so: "5m ago", "5m
            // left", es "hace 5m". A letter that is also a length's symbol (units.txt: "m", the
            // metre's), spaced from its number ("200 m left", a route's rest), is a time only
            // after a word before it or "ago".
            if components.count == 1 {
                let after = text.word(at: text.skipSpaces(end))?.word
                let before = text.wordBefore(p)?.word
                let ago = before.map { data.durationWordsBefore.contains($0) } ?? false
                    || after.map { data.durationAgoWords.contains($0) } ?? false
                guard ago || !spacedLengthSign && after.map({ data.durationWords.contains($0) }) == true else { return nil }
            }
            return (end, components)
        }
    }
}

extension DateSpeller {
    /// A date whose day is said with `dayWord` instead of the locale's usual form
    /// (de "am ersten April": the dative the text's context asks for).
    func date(_ date: CivilDate, style: DateStyle, dayWord: String) throws -> String {
        guard (1...9999).contains(date.year) else {
            throw SpokenFormError.invalidInput(kind: "date", input: date.description, expected: "a date from year 1 to 9999")
        }
        return try dateFormatter(style).spelled(date, dayWords: dayWord, yearWords: yearWord(date.year))
    }
}
