/// A finding of the date and time detector, typed: which of its shapes it is. The words are made
/// only for a finding that wins arbitration: `TextVerbalizer` hands it back to the detector's
/// reader (`DateTimeDetector.Reader.say(_:start:end:)`), which reads the same shape again at the
/// same place (the value is in the text: a token keeps none, as `NumberToken` keeps none) and says
/// it. So "01/04/2015 05:30" read as a fraction and a time, or "17:30" read inside a time range,
/// is never spelled when the longer reading wins. One byte (it lives in `TextToken`'s bits).
struct DateTimeToken: Equatable {
    /// Where the reader found it: the place in `Reader.detect(at:)` or `Reader.detectMonthFirst(at:)`
    /// that proposes it. With the candidate's start and end it picks out one finding.
    enum Shape: UInt8 {
        /// "01/04/2015", "2015-04-01", with a time after it ("01/04/2015 05:30").
        case numericDate
        /// "27.03. – 12.04.2026": two numeric dates joined by a dash.
        case numericDateRange
        /// de "22. 2. 2024".
        case spacedDotDate
        case spacedDotDateRange
        /// "1er avril 2015", "1 de abril de 2015", "17/18 juin".
        case writtenDate
        /// "the 4th of July": the written order kept (text.txt `date-with-connector`).
        case connectorDate
        /// "00:12:34": a player's position or a timer, said as a length of time.
        case timerDuration
        /// "Dauer: 1:30 h": hours and minutes after a word for a length of time.
        case clockDuration
        /// "17:45", "5h30", "5:30 PM EST".
        case time
        /// "9h-18h", "9:00–17:00".
        case timeRange
        /// "9–17 Uhr": a bare hour, a dash, then a marked time.
        case bareHourRange
        /// "1h 30m", "5m ago".
        case duration
        /// "24/7" (text.txt `around-the-clock`).
        case aroundTheClock
        /// "7j/7", "24h/24".
        case perSlash
        /// "June 3–5", "June 3-5, 2024".
        case monthDayRange
        /// "April 1, 2015".
        case monthDayYear
        /// "April 1st".
        case monthDay
        /// "avril 2015", "April 2015".
        case monthYear

        /// Whether the reader finds it at a month's name (`detectMonthFirst(at:)`), not at digits.
        var startsWithMonth: Bool { self == .monthDayRange || self == .monthDayYear || self == .monthDay || self == .monthYear }
    }

    /// Bits 0-6 the shape, 7 whether the whole text writes a 24-hour time (what the reader read
    /// over the whole text before its first step, `Reader.textWritesTwentyFourHours`: kept here so
    /// that saying a winner in a window does not read the whole text again).
    let bits: UInt8

    init(bits: UInt8) { self.bits = bits }

    init(_ shape: Shape, textWritesTwentyFourHours: Bool) {
        bits = shape.rawValue | (textWritesTwentyFourHours ? 0x80 : 0)
    }

    var shape: Shape { Shape(rawValue: bits & 0x7F)! }
    var textWritesTwentyFourHours: Bool { bits & 0x80 != 0 }
}
