/// What a rewrite of `SpokenForm.text(_:)` found: the class of a written form.
/// The raw values are the names the CLI's `--only`/`--skip` and the JSON output use.
public enum TextClass: String, CaseIterable, Hashable, Sendable, Codable {
    /// A whole number or a decimal in the locale's notation, with its sign ("+5", "2,5").
    case cardinal
    /// A number with an ordinal suffix or an ordinal period ("1er", "21st", "am 1.").
    case ordinal
    /// "1/2", "½", "3/4" when they are not dates.
    case fraction
    /// "25 %", "25%".
    case percent
    /// A date, numeric or written with a month name ("01/04/2015", "1. April 2015").
    case date
    /// A time of day ("5h30", "17.30 Uhr", "5:30 PM").
    case time
    /// A duration ("1h 30m", "5m ago").
    case duration
    /// A year or a decade said as one ("in 2015", "1980s").
    case year
    /// A range of values joined by a dash ("9h-18h", "2015–2020").
    case range
    /// A phone number libphonenumber finds valid for the locale's region or by its country code.
    case phone
    /// An amount of money ("12,50 €", "$2.5 million").
    case money
    /// A number and a unit ("5 km", "+5 °C").
    case unit
    /// A dictionary abbreviation ("RDV", "av.", "Dr").
    case abbreviation
    /// A Roman numeral in a context that says how to read it ("XXIe siècle", "Louis XIV").
    case roman
    /// A version number ("iOS 17.2", "1.2.3").
    case version
    /// A long code or serial read digit by digit ("n° 2024-360785").
    case serial
}

extension TextClass {
    /// The class of a rewrite made by `AbbreviationExpander`.
    init(_ kind: Spoken.Rewrite.Kind) {
        switch kind {
        case .abbreviation: self = .abbreviation
        case .unit: self = .unit
        case .money: self = .money
        case .ordinal: self = .ordinal
        }
    }
}
