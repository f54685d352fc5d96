import Foundation

/// An exact decimal number as digit strings: no precision limit, no binary
/// floating point. This is what SpokenForm speaks; every input (Int, Double,
/// Decimal, text in a locale's notation) is turned into one first.
public struct DecimalText: Hashable, Sendable, CustomStringConvertible {
    /// Whether the number is below zero.
    public var isNegative: Bool
    /// Integer digits without leading zeros ("0" for zero).
    public var integer: String
    /// Fraction digits as written (trailing zeros kept: "3,50" is read "trois virgule cinquante").
    public var fraction: String

    /// A number from its parts: `integer` and `fraction` are ASCII digits.
    public init(isNegative: Bool, integer: String, fraction: String = "") {
        let zeros = integer.utf8.prefix { $0 == 0x30 }.count
        self.integer = zeros == 0 && !integer.isEmpty ? integer : (zeros == integer.utf8.count ? "0" : String(integer.utf8.dropFirst(zeros))!)
        self.fraction = fraction
        self.isNegative = isNegative && !(self.integer == "0" && fraction.utf8.allSatisfy { $0 == 0x30 })
    }

    /// The digits of an `Int`.
    public init(_ value: Int) {
        self.init(isNegative: value < 0, integer: String(value.magnitude))
    }

    /// The shortest decimal that round-trips to `value` (Swift's `description`), expanded
    /// out of exponent notation. Never ICU's double path, which misspells |x| >= 2^54.
    /// - Throws: `SpokenFormError.invalidInput` for NaN and infinities.
    public init(_ value: Double) throws {
        guard value.isFinite else {
            throw SpokenFormError.invalidInput(kind: "number", input: "\(value)", expected: "a finite number")
        }
        try self.init(plain: value.description, original: value.description)
    }

    /// The exact digits of a `Decimal`.
    /// - Throws: `SpokenFormError.invalidInput` for NaN.
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

    /// Whether the number has no fraction digits.
    public var isInteger: Bool { fraction.isEmpty }

    /// The value as Int64 when the integer part fits and |value| < 10^18 (ICU's spell-out range).
    var smallInteger: Int64? {
        guard integer.count <= 18, let value = Int64(integer) else { return nil }
        return isNegative ? -value : value
    }

    /// The plain decimal notation: "-1234.5".
    public var description: String {
        (isNegative ? "-" : "") + integer + (fraction.isEmpty ? "" : "." + fraction)
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

/// Reads numbers written the way a locale writes them.
///
/// Works on Unicode scalars in one pass (no `Character` segmentation, no Foundation
/// string calls): it runs on every CSV number cell.
struct LocaleNumberParser: Sendable {
    let decimalSeparator: Unicode.Scalar
    let groupingSeparator: Unicode.Scalar

    /// - Throws: `SpokenFormError.icuFailure` when ICU cannot give the locale's symbols.
    init(icuLocaleID: String) throws(SpokenFormError) {
        do {
            // An empty symbol (none in ICU's data) falls back to the plain notation's.
            decimalSeparator = try ICUNumberSymbols.decimalSeparator(icuLocaleID).unicodeScalars.first ?? "."
            groupingSeparator = try ICUNumberSymbols.groupingSeparator(icuLocaleID).unicodeScalars.first ?? ","
        } catch {
            throw SpokenFormError(error)
        }
    }

    /// Separators that group digits in any locale we read: spaces of every width and apostrophes (de-CH).
    static func isSpaceGrouping(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case " ", "\u{00A0}", "\u{202F}", "\u{2009}", "'", "\u{2019}": return true
        default: return false
        }
    }

    static func isTrimmed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case " ", "\t", "\n", "\r", "\u{00A0}", "\u{202F}", "\u{2009}", "\u{FEFF}": return true
        default: return false
        }
    }

    /// Parses "54 038 921,7" (fr), "54,038,921.7" (en), "54.038.921,7" (de), or plain "54038921.7".
    /// The rules, in order: the locale's own decimal separator is the decimal point; spaces
    /// and the locale's grouping separator group digits in threes; with neither, a lone '.'
    /// or ',' that is not followed by exactly three digits in a locale that groups with it is
    /// the decimal point ("1.5" is 1.5 everywhere, "1.234" is 1234 in de, fr and pt-PT, 1.234 in en).
    func parse(_ input: String) throws -> DecimalText {
        guard let value = value(of: input) else {
            throw SpokenFormError.invalidInput(kind: "number", input: input,
                                               expected: "digits with an optional sign, groups of three separated by spaces or '\(groupingSeparator)', and '\(decimalSeparator)' before the decimals (54038921\(decimalSeparator)7)")
        }
        return value
    }

    /// `parse` for a caller that only wants a number (the text scanners try every digit run):
    /// nil where `parse` throws, without building the error's message, which cost more than
    /// the reading itself.
    func value(of input: String) -> DecimalText? {
        var scalars = Substring(input).unicodeScalars[...]
        while let first = scalars.first, Self.isTrimmed(first) { scalars = scalars.dropFirst() }
        while let last = scalars.last, Self.isTrimmed(last) { scalars = scalars.dropLast() }
        var negative = false
        if let first = scalars.first, first == "-" || first == "\u{2212}" || first == "+" {
            negative = first != "+"
            scalars = scalars.dropFirst()
            while scalars.first == " " { scalars = scalars.dropFirst() }
        }

        // One pass: the digits, and each separator with the number of digits before it.
        var digits: [UInt8] = []
        digits.reserveCapacity(scalars.count)
        var separators: [(scalar: Unicode.Scalar, position: Int)] = []
        for scalar in scalars {
            if scalar.value >= 0x30 && scalar.value <= 0x39 {
                digits.append(UInt8(scalar.value))
            } else {
                // Only these can be a decimal point or group digits (see below): anything else
                // is refused at once, so a long word is not recorded scalar by scalar (16 bytes
                // each: a 1 MiB cell of letters cost 20 MiB, issue 18 finding 5).
                guard scalar == decimalSeparator || scalar == groupingSeparator || scalar == "." || scalar == ","
                        || Self.isSpaceGrouping(scalar) else { return nil }
                separators.append((scalar, digits.count))
            }
        }
        guard !digits.isEmpty else { return nil }

        // Which separator, if any, is the decimal point.
        var point: Int?  // index into separators
        if let index = separators.firstIndex(where: { $0.scalar == decimalSeparator }) {
            point = index
        } else if let last = separators.last, last.scalar == "." || last.scalar == ",",
                  separators.lazy.filter({ $0.scalar == last.scalar }).count == 1 {
            let digitsAfter = digits.count - last.position
            // A leading 0 is never a thousands group: "0.500" is a decimal, never 500.
            let looksLikeGroup = digitsAfter == 3 && separators.count >= 1 && digits[0] != 0x30
            // In a comma-decimal locale that groups with spaces (fr, pt-PT) a dot before three
            // digits groups them too ("1.234" is 1234, as in de): read as a decimal it would be
            // a wrong number, the one thing never to say.
            let groupsWithDot = last.scalar == "." && decimalSeparator == ","
            if !((last.scalar == groupingSeparator || groupsWithDot) && looksLikeGroup) { point = separators.count - 1 }
        }
        let integerEnd = point.map { separators[$0].position } ?? digits.count
        if let point {
            // Nothing may follow the decimal point but digits, and at least one.
            guard point == separators.count - 1, integerEnd < digits.count else { return nil }
        }
        // Grouping separators: one kind, the first group 1-3 digits, every other group 3.
        let groups = separators[..<(point ?? separators.count)]
        if let firstGroup = groups.first {
            let kind = firstGroup.scalar
            // With the locale's decimal separator written, the other of '.' and ',' can only group
            // digits ("1.234,56" in fr and pt-PT, whose own grouping is a space).
            let otherMark: Unicode.Scalar = decimalSeparator == "," ? "." : decimalSeparator == "." ? "," : decimalSeparator
            let groupsWithOtherMark = (point != nil || decimalSeparator == ",") && kind == otherMark && kind != decimalSeparator
            guard kind == groupingSeparator || Self.isSpaceGrouping(kind) || groupsWithOtherMark,
                  (1...3).contains(firstGroup.position), digits[0] != 0x30 else { return nil }
            var previous = firstGroup.position
            for group in groups.dropFirst() {
                guard group.scalar == kind, group.position - previous == 3 else { return nil }
                previous = group.position
            }
            guard integerEnd - previous == 3 else { return nil }
        }
        let integer = String(decoding: digits[..<integerEnd], as: UTF8.self)
        let fraction = String(decoding: digits[integerEnd...], as: UTF8.self)
        return DecimalText(isNegative: negative, integer: integer, fraction: fraction)
    }
}

