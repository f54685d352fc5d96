extension DateTimeDetector {
    /// Where the date and time reader proposes a finding (`FoundToken.shape`): the place in
    /// `Reader.detect(at:)` or `Reader.detectMonthFirst(at:)`. With the candidate's start and end
    /// it picks out one finding when the reader reads it again to say it.
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
}
