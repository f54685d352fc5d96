/// A phone number as read: the spoken text and what libphonenumber found.
public struct SpokenPhoneNumber: Sendable, Equatable, Codable {
    /// What to say: groups joined by ", ".
    public var text: String
    /// Region of the number ("FR", "CA"; "001" for non-geographic numbers).
    public var region: String
    /// Country calling code (33, 1, 44).
    public var countryCode: Int
    /// Mobile, fixed line, toll free... (`.unknown` for a number read with `lenient`).
    public var type: PhoneNumberType
    /// False only for a number read with `lenient`.
    public var isValid: Bool
    /// The input carried its country code, and the number is grouped in international format.
    public var isInternational: Bool
    /// libphonenumber's national or international format ("06 11 22 33 06").
    public var formatted: String
    /// The digit groups said: those of `formatted` ("33", "6", "11"...), or those the user
    /// wrote where the language keeps them (`written-groups = keep` in phones.txt: es).
    public var groups: [String]
    /// What is said for each spoken part, in order (the parts `text` joins).
    public var spokenGroups: [String]
    /// The extension's digits, if any.
    public var extensionDigits: String?
}
