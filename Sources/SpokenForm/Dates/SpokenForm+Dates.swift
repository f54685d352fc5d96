import Foundation

extension SpokenForm {
    /// Dates, times, date-times, durations and relative dates (see `DateSpeller`).
    /// - Throws: `SpokenFormError.unsupportedLocale` for a language without date and time data; `malformedLocaleData` for a bad data file.
    public var dates: DateSpeller {
        get throws {
            try capability { try DateSpeller(locale: locale, numbers: try numbers, dataStore: dataStore) }
        }
    }

    /// A date as an app shows it, in words ("01/04/2015" -> "premier avril deux mille quinze").
    /// - Throws: `SpokenFormError.invalidInput` for an input it cannot read or a moment outside the years 1 to 9999; `invalidOption` for a time style the locale does not have.
    public func date(_ text: String, style: DateStyle = .long, timeZone: TimeZone? = nil) throws -> String {
        try dates.date(text, style: style, timeZone: timeZone)
    }

    /// A calendar date in words.
    /// - Throws: `SpokenFormError.invalidInput` outside the years 1 to 9999; `unsupportedLocale` without date data.
    public func date(_ date: CivilDate, style: DateStyle = .long) throws -> String {
        try dates.date(date, style: style)
    }

    /// A time as an app shows it, in words ("05:30" -> "cinq heures trente").
    /// - Throws: `SpokenFormError.invalidInput` for an input it cannot read or a moment outside the years 1 to 9999; `invalidOption` for a time style the locale does not have.
    public func time(_ text: String, style: TimeStyle? = nil, timeZone: TimeZone? = nil) throws -> String {
        try dates.time(text, style: style, timeZone: timeZone)
    }

    /// A date-time as an app shows it, in words ("01/04/2015 05:30").
    /// - Throws: `SpokenFormError.invalidInput` for text that is not a date and a time; `unsupportedLocale` without date data.
    public func dateTime(_ text: String, dateStyle: DateStyle = .long, timeStyle: TimeStyle? = nil, timeZone: TimeZone? = nil) throws -> String {
        try dates.dateTime(text, dateStyle: dateStyle, timeStyle: timeStyle, timeZone: timeZone)
    }

    /// A moment as the date it is in `timeZone`: `try fr.date(Date(), timeZone: .current)`.
    /// - Throws: `SpokenFormError.invalidInput` for an input it cannot read or a moment outside the years 1 to 9999; `invalidOption` for a time style the locale does not have.
    public func date(_ date: Date, timeZone: TimeZone, style: DateStyle = .long) throws -> String {
        try dates.date(date, timeZone: timeZone, style: style)
    }

    /// A moment as the time of day it is in `timeZone`, to the minute ("cinq heures trente").
    /// - Throws: `SpokenFormError.invalidInput` for an input it cannot read or a moment outside the years 1 to 9999; `invalidOption` for a time style the locale does not have.
    public func time(_ date: Date, timeZone: TimeZone, style: TimeStyle? = nil) throws -> String {
        try dates.time(date, timeZone: timeZone, style: style)
    }

    /// A moment as the date and time it is in `timeZone`, to the minute.
    /// - Throws: `SpokenFormError.invalidInput` for an input it cannot read or a moment outside the years 1 to 9999; `invalidOption` for a time style the locale does not have.
    public func dateTime(_ date: Date, timeZone: TimeZone, dateStyle: DateStyle = .long, timeStyle: TimeStyle? = nil) throws -> String {
        try dates.dateTime(date, timeZone: timeZone, dateStyle: dateStyle, timeStyle: timeStyle)
    }

    /// A Swift `Duration` in words, to the whole second.
    /// - Throws: `SpokenFormError.invalidInput` for a duration it cannot read or a negative one.
    public func duration(_ value: Duration) throws -> String { try dates.duration(value) }

    /// A duration in words ("PT5H30M" -> "cinq heures et trente minutes").
    /// - Throws: `SpokenFormError.invalidInput` for a duration it cannot read or a negative one.
    public func duration(_ text: String) throws -> String { try dates.duration(text) }
    /// Whole seconds in words (19800 is "cinq heures et trente minutes").
    /// - Throws: `SpokenFormError.invalidInput` for a negative count; `unsupportedLocale` without date data.
    public func duration(seconds: Int) throws -> String { try dates.duration(seconds: seconds) }

    /// `value` units from now in words (-1 day -> "hier").
    /// - Throws: `SpokenFormError.invalidInput` for a count or unit it cannot read, or a count from 10^18 up.
    public func relative(_ value: Int, unit: DateUnit, numeric: Bool = false) throws -> String {
        try dates.relative(value, unit: unit, numeric: numeric)
    }

    /// Days from today in words (-1 -> "hier").
    /// - Throws: `SpokenFormError.invalidInput` for a count or unit it cannot read, or a count from 10^18 up.
    public func relative(days: Int) throws -> String { try dates.relative(days, unit: .day) }
}
