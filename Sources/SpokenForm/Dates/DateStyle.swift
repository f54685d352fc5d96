/// Which parts of a date are spoken, and so which ICU skeleton gives the pattern.
public enum DateStyle: String, Sendable, CaseIterable, Codable {
    /// Weekday, day, month and year: "mercredi premier avril deux mille quinze".
    case full
    /// Day, month and year: "premier avril deux mille quinze". The default.
    case long
    /// Weekday, day and month: "mercredi premier avril".
    case weekdayDayMonth = "weekday-day-month"
    /// Day and month: "premier avril".
    case dayMonth = "day-month"
    /// Month and year: "avril deux mille quinze".
    case monthYear = "month-year"

    var skeleton: String {
        switch self {
        case .full: return "yMMMMEEEEd"
        case .long: return "yMMMMd"
        case .weekdayDayMonth: return "MMMMEEEEd"
        case .dayMonth: return "MMMMd"
        case .monthYear: return "yMMMM"
        }
    }
}
