import Foundation

/// Numbers (see `NumberSpeller` for the details).
extension SpokenForm {
    /// A number typed in the locale's notation or plain: `fr.number("54 038 921,7")` is
    /// "cinquante-quatre millions trente-huit mille neuf cent vingt et un virgule sept".
    /// - Throws: `SpokenFormError.invalidInput` for text that is not a number in this
    ///   locale's notation; `unsupportedLocale` when ICU has no spell-out rules for it.
    public func number(_ text: String, gender: Gender? = nil) throws -> String { try numbers.number(text, gender: gender) }

    /// A whole number, agreeing with a noun of `gender` when given (`fr.number(21, gender:
    /// .feminine)` is "vingt et une").
    /// - Throws: `SpokenFormError.unsupportedLocale` when ICU has no spell-out rules for the language.
    public func number(_ value: Int, gender: Gender? = nil) throws -> String { try numbers.cardinal(value, gender: gender) }

    /// Any integer type (`Int64`, `UInt64`, a big-integer type): exact at every size.
    /// - Throws: `SpokenFormError.unsupportedLocale` when ICU has no spell-out rules for the language.
    public func number<Integer: BinaryInteger>(_ value: Integer, gender: Gender? = nil) throws -> String {
        if let small = Int(exactly: value) { return try numbers.cardinal(small, gender: gender) }
        let magnitude = String(value.magnitude)
        return try numbers.cardinal(DecimalText(isNegative: value < 0, integer: magnitude), gender: gender)
    }

    /// A `Double`, through its shortest round-trip decimal ("0.1" is "zéro virgule un").
    /// - Throws: `SpokenFormError.invalidInput` for NaN and infinities.
    public func number(_ value: Double, gender: Gender? = nil) throws -> String { try numbers.number(value, gender: gender) }

    /// A `Decimal`, exactly.
    /// - Throws: `SpokenFormError.invalidInput` for NaN.
    public func number(_ value: Decimal, gender: Gender? = nil) throws -> String { try numbers.number(value, gender: gender) }

    /// The ordinal ("premier", "première", "premiers", "first", "erste").
    /// - Throws: `SpokenFormError.unsupportedLocale` when ICU has no ordinal rules for the
    ///   language; `invalidInput` from 10^18 up.
    public func ordinal(_ value: Int, gender: Gender? = nil, plural: Bool = false) throws -> String {
        try numbers.ordinal(value, gender: gender, plural: plural)
    }

    /// A year as the language says it ("twenty fifteen", "deux mille quinze").
    /// - Throws: `SpokenFormError.unsupportedLocale` when ICU has no spell-out rules for the language.
    public func year(_ value: Int) throws -> String { try numbers.year(value) }

    /// A code read digit by digit ("0042" is "zéro zéro quatre deux").
    /// - Throws: `SpokenFormError.invalidInput` for anything but digits, spaces, dots and dashes.
    public func digits(_ text: String) throws -> String { try numbers.digits(text) }

    /// A percentage: "12,5 %" is "douze virgule cinq pour cent".
    /// - Throws: `SpokenFormError.invalidInput` for text that is not a number in this locale's notation.
    public func percent(_ text: String) throws -> String { try numbers.percent(text) }
}
