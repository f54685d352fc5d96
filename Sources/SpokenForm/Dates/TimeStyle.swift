/// A way of saying the time, named in `Locales/<lang>/times.txt` ("24h", "12h", "clock").
///
/// The styles are data, so this is an extensible set of names like Foundation's
/// `NSAttributedString.Key`: the common ones have constants, and any name a data file
/// defines can be written as a string literal. `DateSpeller.timeStyles` lists a locale's.
public struct TimeStyle: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The name used in `times.txt` ("24h").
    public let rawValue: String

    /// A style by its name in `times.txt`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A style by its name in `times.txt`: `"clock"`.
    public init(stringLiteral value: String) { rawValue = value }

    /// 24-hour clock: "dix-sept heures trente" (fr's default).
    public static let twentyFourHour: TimeStyle = "24h"
    /// 12-hour clock with the period: "five thirty PM" (en's default).
    public static let twelveHour: TimeStyle = "12h"
    /// 12-hour clock without the period, "o'clock" on the hour: "five o'clock" (en).
    public static let clock: TimeStyle = "clock"

    /// The name.
    public var description: String { rawValue }

    /// Decodes the name as a plain string.
    /// - Throws: `DecodingError` when the JSON does not have the documented shape.
    public init(from decoder: Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the name as a plain string.
    /// - Throws: what the encoder throws.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
