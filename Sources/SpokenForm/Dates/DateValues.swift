import Foundation

/// A day in the proleptic Gregorian calendar, with no time zone ("2015-04-01").
public struct CivilDate: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The year, 1 to 9999 (proleptic Gregorian).
    public let year: Int
    /// The month, 1 to 12.
    public let month: Int
    /// The day of the month, 1 to 31.
    public let day: Int

    /// Throws `invalidInput` for a day that does not exist (31 February, 29 February 2015)
    /// or a year outside 1...9999.
    /// - Throws: `SpokenFormError.invalidInput` for a date that does not exist.
    public init(year: Int, month: Int, day: Int) throws {
        var text: String { String(format: "%04d-%02d-%02d", year, month, day) }
        guard (1...9999).contains(year) else {
            throw SpokenFormError.invalidInput(kind: "date", input: text, expected: "a year from 1 to 9999")
        }
        guard (1...12).contains(month) else {
            throw SpokenFormError.invalidInput(kind: "date", input: text, expected: "a month from 1 to 12")
        }
        let last = CivilDate.daysInMonth(year: year, month: month)
        guard (1...last).contains(day) else {
            throw SpokenFormError.invalidInput(kind: "date", input: text, expected: "a day from 1 to \(last) in that month")
        }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Decoding checks the fields like `init(year:month:day:)`: a decoded 31 February is an error.
    /// - Throws: `DecodingError` when the JSON does not have the documented shape.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(year: container.decode(Int.self, forKey: .year), month: container.decode(Int.self, forKey: .month),
                      day: container.decode(Int.self, forKey: .day))
    }

    /// Built from trusted fields (already checked).
    init(checkedYear year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Whether `year` has a February 29 in the proleptic Gregorian calendar.
    public static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// The number of days of a month (28 to 31).
    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 (Howard Hinnant's days_from_civil; proleptic Gregorian).
    var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The inverse of `daysSinceEpoch`.
    init(daysSinceEpoch days: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        self.init(checkedYear: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }

    /// ISO 8601: "2015-04-01".
    public var description: String { String(format: "%04d-%02d-%02d", year, month, day) }
}

/// A time of day on a 24-hour clock, with no time zone.
public struct CivilTime: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The hour, 0 to 23.
    public let hour: Int
    /// The minute, 0 to 59.
    public let minute: Int
    /// The second, 0 to 59 (said after the time when not zero, see `DateSpeller.time`).
    public let second: Int

    /// Throws `invalidInput` for an hour outside 0...23, a minute or second outside 0...59.
    /// - Throws: `SpokenFormError.invalidInput` for a time that does not exist.
    public init(hour: Int, minute: Int, second: Int = 0) throws {
        var text: String { String(format: "%02d:%02d:%02d", hour, minute, second) }
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else {
            throw SpokenFormError.invalidInput(kind: "time", input: text, expected: "hours 0-23, minutes and seconds 0-59")
        }
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// Decoding checks the fields like `init(hour:minute:second:)`.
    /// - Throws: `DecodingError` when the JSON does not have the documented shape.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(hour: container.decode(Int.self, forKey: .hour), minute: container.decode(Int.self, forKey: .minute),
                      second: container.decode(Int.self, forKey: .second))
    }

    init(checkedHour hour: Int, minute: Int, second: Int = 0) {
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    static let midnight = CivilTime(checkedHour: 0, minute: 0)

    /// "05:30".
    public var description: String { String(format: "%02d:%02d", hour, minute) }
}

/// What a date, time or date-time input says: a civil date and/or time, and the UTC
/// offset it carried (a Unix timestamp carries offset 0).
public struct DateTimeValue: Hashable, Sendable {
    /// The date, when the input gave one.
    public var date: CivilDate?
    /// The time of day, when the input gave one.
    public var time: CivilTime?
    /// Seconds east of UTC, when the input gave one ("+02:00", "Z").
    public var utcOffset: Int?
    /// The input wrote the hour 1-11 without a leading zero, seconds, a part of the day or an
    /// offset ("9:30"): where clocks show 12 hours it may be morning or evening (times.txt
    /// `unmarked-hour`).
    var hourIsUnmarked = false

    /// Equal when date, time and offset are: how the hour was written is not part of the
    /// value ("9:30" and "09:30" are the same time).
    public static func == (a: DateTimeValue, b: DateTimeValue) -> Bool {
        a.date == b.date && a.time == b.time && a.utcOffset == b.utcOffset
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(date)
        hasher.combine(time)
        hasher.combine(utcOffset)
    }

    /// A value from its parts.
    public init(date: CivilDate?, time: CivilTime?, utcOffset: Int? = nil) {
        self.date = date
        self.time = time
        self.utcOffset = utcOffset
    }

    /// A Unix timestamp (seconds since 1970-01-01T00:00:00Z), as UTC date and time.
    public init(unixTime seconds: Int) {
        let days = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
        let rest = seconds - days * 86_400
        date = CivilDate(daysSinceEpoch: days)
        time = CivilTime(checkedHour: rest / 3600, minute: rest % 3600 / 60, second: rest % 60)
        utcOffset = 0
    }

    /// The wall-clock date and time in `timeZone`. Without an offset in the input the
    /// value is already wall-clock time there, and is returned unchanged.
    public func converted(to timeZone: TimeZone?) -> DateTimeValue {
        guard let timeZone, let offset = utcOffset else { return self }
        let date = self.date ?? DateTimeValue.today
        let time = self.time ?? .midnight
        let utcSeconds = date.daysSinceEpoch * 86_400 + time.hour * 3600 + time.minute * 60 + time.second - offset
        let zoneOffset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(utcSeconds)))
        var local = DateTimeValue(unixTime: utcSeconds + zoneOffset)
        local.utcOffset = zoneOffset
        if self.date == nil { local.date = nil }
        if self.time == nil { local.time = nil }
        return local
    }

    static var today: CivilDate {
        DateTimeValue(unixTime: Int(Date().timeIntervalSince1970)).date ?? CivilDate(checkedYear: 1970, month: 1, day: 1)
    }
}

/// Calendar units of durations and relative dates.
public enum DateUnit: String, Sendable, CaseIterable, Codable {
    /// The units, largest first.
    case year, month, week, day, hour, minute, second

    /// Position from the largest unit (year 0) to the smallest (second 6): ISO 8601 order.
    var sizeOrder: Int {
        switch self {
        case .year: return 0
        case .month: return 1
        case .week: return 2
        case .day: return 3
        case .hour: return 4
        case .minute: return 5
        case .second: return 6
        }
    }

    /// ICU's unit name in unit data and number skeletons ("duration-hour").
    var icuName: String { rawValue }

    var seconds: Int? {
        switch self {
        case .week: return 604_800
        case .day: return 86_400
        case .hour: return 3600
        case .minute: return 60
        case .second: return 1
        case .year, .month: return nil
        }
    }
}

/// A duration as calendar components ("P1DT2H": 1 day, 2 hours), in the order given.
public struct DurationValue: Hashable, Sendable {
    /// A count of one unit ("5 hours").
    public struct Component: Hashable, Sendable {
        /// The unit.
        public var unit: DateUnit
        /// How many of it.
        public var value: Int
        /// `value` units.
        public init(unit: DateUnit, value: Int) {
            self.unit = unit
            self.value = value
        }
    }

    /// The counts, in the order they are spoken.
    public var components: [Component]

    /// A duration of these counts, spoken in this order.
    public init(_ components: [Component]) {
        self.components = components
    }

    /// Seconds split into days, hours, minutes and seconds (what Apple's
    /// DateComponentsFormatter does by default; weeks only when asked in ISO form).
    /// - Throws: `SpokenFormError.invalidInput` for a negative count.
    public init(seconds: Int) throws {
        guard seconds >= 0 else {
            throw SpokenFormError.invalidInput(kind: "duration", input: String(seconds), expected: "a duration of zero or more seconds")
        }
        var rest = seconds
        var components: [Component] = []
        for unit in [DateUnit.day, .hour, .minute, .second] {
            let size = unit.seconds ?? 1
            components.append(Component(unit: unit, value: rest / size))
            rest %= size
        }
        self.components = components
    }
}
