import Foundation

/// An exact decimal number as digit strings: no precision limit, no binary
/// floating point. This is what SpokenForm speaks; every input (Int, Double,
/// Decimal, text in a locale's notation) is turned into one first.
public struct DecimalText: Hashable, Sendable, CustomStringConvertible {
    public var isNegative: Bool
    /// Integer digits without leading zeros ("0" for zero).
    public var integer: String
    /// Fraction digits as written (trailing zeros kept: "3,50" is read "trois virgule cinquante").
    public var fraction: String

    public init(isNegative: Bool, integer: String, fraction: String = "") {
        let trimmed = integer.drop { $0 == "0" }
        self.integer = trimmed.isEmpty ? "0" : String(trimmed)
        self.fraction = fraction
        self.isNegative = isNegative && !(self.integer == "0" && fraction.allSatisfy { $0 == "0" })
    }

    public init(_ value: Int) {
        self.init(isNegative: value < 0, integer: String(value.magnitude))
    }

    /// The shortest decimal that round-trips to `value` (Swift's `description`), expanded
    /// out of exponent notation. Never ICU's double path, which misspells |x| >= 2^54.
    public init(_ value: Double) throws {
        guard value.isFinite else {
            throw SpokenFormError.invalidInput(kind: "number", input: "\(value)", expected: "a finite number")
        }
        try self.init(plain: value.description, original: value.description)
    }

    public init(_ value: Decimal) throws {
        guard value.isFinite else {
            throw SpokenFormError.invalidInput(kind: "number", input: "\(value)", expected: "a finite number")
        }
        try self.init(plain: value.description, original: value.description)
    }

    /// Reads "-123.45", "1.5e+20", "2e-05" (ASCII, '.' as the decimal point).
    init(plain text: String, original: String) throws {
        var rest = Substring(text)
        var negative = false
        if rest.first == "-" { negative = true; rest = rest.dropFirst() } else if rest.first == "+" { rest = rest.dropFirst() }
        var exponent = 0
        if let e = rest.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            guard let value = Int(rest[rest.index(after: e)...]) else {
                throw SpokenFormError.invalidInput(kind: "number", input: original, expected: "digits with an optional exponent")
            }
            exponent = value
            rest = rest[..<e]
        }
        let parts = rest.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, !(parts[0].isEmpty && (parts.count == 1 || parts[1].isEmpty)),
              parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }) else {
            throw SpokenFormError.invalidInput(kind: "number", input: original, expected: "digits with an optional sign and decimal point")
        }
        var digits = String(parts[0]) + (parts.count == 2 ? String(parts[1]) : "")
        var point = parts[0].count + exponent
        if point < 0 { digits = String(repeating: "0", count: -point) + digits; point = 0 }
        if point > digits.count { digits += String(repeating: "0", count: point - digits.count) }
        let integer = String(digits.prefix(point))
        var fraction = String(digits.dropFirst(point))
        if exponent != 0 { while fraction.hasSuffix("0") { fraction.removeLast() } }
        self.init(isNegative: negative, integer: integer, fraction: fraction)
    }

    public var isInteger: Bool { fraction.isEmpty }

    /// The value as Int64 when the integer part fits and |value| < 10^18 (ICU's spell-out range).
    var smallInteger: Int64? {
        guard integer.count <= 18, let value = Int64(integer) else { return nil }
        return isNegative ? -value : value
    }

    public var description: String {
        (isNegative ? "-" : "") + integer + (fraction.isEmpty ? "" : "." + fraction)
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

/// Reads numbers written the way a locale writes them.
struct LocaleNumberParser: Sendable {
    let decimalSeparator: Character
    let groupingSeparator: Character

    init(icuLocaleID: String) {
        decimalSeparator = icuString { sf_number_symbol(icuLocaleID, Int32(SF_SYMBOL_DECIMAL), $0, $1) }?.first ?? "."
        groupingSeparator = icuString { sf_number_symbol(icuLocaleID, Int32(SF_SYMBOL_GROUPING), $0, $1) }?.first ?? ","
    }

    /// Separators that group digits in any locale we read: spaces of every width and apostrophes (de-CH).
    private static let spaceGroupings: Set<Character> = [" ", "\u{00A0}", "\u{202F}", "\u{2009}", "'", "\u{2019}"]

    /// Parses "54 038 921,7" (fr), "54,038,921.7" (en), "54.038.921,7" (de), or plain "54038921.7".
    /// The rules, in order: the locale's own decimal separator is the decimal point; spaces
    /// and the locale's grouping separator group digits in threes; with neither, a lone '.'
    /// or ',' that is not followed by exactly three digits in a locale that groups with it is
    /// the decimal point ("1.5" is 1.5 everywhere, "1.234" is 1234 in de and 1.234 in fr).
    func parse(_ input: String) throws -> DecimalText {
        func invalid() -> SpokenFormError {
            .invalidInput(kind: "number", input: input,
                          expected: "digits with an optional sign, groups of three separated by spaces or '\(groupingSeparator)', and '\(decimalSeparator)' before the decimals (or a plain 54038921.7)")
        }
        var text = Substring(input.trimmingCharacters(in: .whitespacesAndNewlines))
        var negative = false
        if let first = text.first, first == "-" || first == "\u{2212}" || first == "+" {
            negative = first != "+"
            text = text.dropFirst()
            while text.first == " " { text = text.dropFirst() }
        }
        guard let first = text.first, first.isASCIIDigit || first == decimalSeparator || first == "." else { throw invalid() }

        // Decide which character is the decimal point.
        let separators = text.filter { !$0.isASCIIDigit }
        var decimalPoint: Character?
        if separators.contains(decimalSeparator) {
            decimalPoint = decimalSeparator
        } else if let candidate = separators.last, candidate == "." || candidate == ",",
                  separators.filter({ $0 == candidate }).count == 1 {
            let after = text[text.index(after: text.lastIndex(of: candidate)!)...]
            let looksLikeGroup = after.count == 3 && after.allSatisfy(\.isASCIIDigit)
            if !(candidate == groupingSeparator && looksLikeGroup) { decimalPoint = candidate }
        }

        var integerPart = text
        var fractionPart: Substring = ""
        if let point = decimalPoint, let index = text.firstIndex(of: point) {
            integerPart = text[..<index]
            fractionPart = text[text.index(after: index)...]
            guard fractionPart.allSatisfy(\.isASCIIDigit), !fractionPart.isEmpty else { throw invalid() }
        }
        // Integer part: digits, optionally grouped by one kind of separator in groups of three.
        var groups: [Substring] = []
        var current = integerPart.startIndex
        var groupSeparator: Character?
        for index in integerPart.indices where !integerPart[index].isASCIIDigit {
            let c = integerPart[index]
            guard c == groupingSeparator || Self.spaceGroupings.contains(c) else { throw invalid() }
            if let previous = groupSeparator, previous != c { throw invalid() }
            groupSeparator = c
            groups.append(integerPart[current..<index])
            current = integerPart.index(after: index)
        }
        groups.append(integerPart[current...])
        if groups.count > 1 {
            guard (1...3).contains(groups[0].count), groups.dropFirst().allSatisfy({ $0.count == 3 }) else { throw invalid() }
        }
        let digits = groups.joined()
        if digits.isEmpty && fractionPart.isEmpty { throw invalid() }
        return DecimalText(isNegative: negative, integer: digits.isEmpty ? "0" : digits, fraction: String(fractionPart))
    }
}

import CICU
