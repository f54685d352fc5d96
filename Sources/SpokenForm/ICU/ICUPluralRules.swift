import CICU

/// CLDR plural categories.
public enum PluralCategory: String, Sendable, CaseIterable {
    case zero, one, two, few, many, other
}

/// ICU plural rules for one locale. Safe to share across threads: `select` is a
/// const call on an immutable icu::PluralRules, which ICU documents as thread-safe.
public final class ICUPluralRules: @unchecked Sendable {
    private let rules: OpaquePointer

    public init?(icuLocaleID: String, ordinal: Bool = false) {
        var status: Int32 = 0
        guard let rules = sf_plural_open(icuLocaleID, ordinal, &status) else { return nil }
        self.rules = rules
    }

    deinit { sf_plural_close(rules) }

    /// The category of a plain decimal string ("1", "1.5", "1.50": visible zeros count).
    public func category(of decimal: String) -> PluralCategory {
        let name = icuString { sf_plural_select(rules, decimal, $0, $1) } ?? "other"
        return PluralCategory(rawValue: name) ?? .other
    }

    /// The category of a whole number (exact for |value| < 2^53; larger ones go through the decimal path).
    public func category(of value: Int) -> PluralCategory {
        guard value.magnitude < 1 << 53 else { return category(of: String(value)) }
        let name = icuString { sf_plural_select_integer(rules, Int64(value), $0, $1) } ?? "other"
        return PluralCategory(rawValue: name) ?? .other
    }
}

/// An ICU number formatter built from a skeleton ("measure-unit/duration-hour
/// unit-width-full-name"). Safe to share: icu::number::LocalizedNumberFormatter
/// is documented thread-safe.
public final class ICUNumberFormatter: @unchecked Sendable {
    private let formatter: OpaquePointer

    public init?(icuLocaleID: String, skeleton: String) {
        var status: Int32 = 0
        guard let formatter = sf_numfmt_open(icuLocaleID, skeleton, &status) else { return nil }
        self.formatter = formatter
    }

    deinit { sf_numfmt_close(formatter) }

    /// Formats a plain decimal string and returns the text with the range of its
    /// numeric part (sign, digits, separators), so the digits can be replaced by words.
    public func format(_ decimal: String) -> (text: String, number: Range<String.Index>?)? {
        var start: Int32 = -1, end: Int32 = -1
        guard let text = icuString({ sf_numfmt_format_decimal(formatter, decimal, $0, $1, &start, &end) }) else { return nil }
        guard start >= 0, end >= start else { return (text, nil) }
        let utf8 = text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: Int(start))
        let upper = utf8.index(utf8.startIndex, offsetBy: Int(end))
        return (text, lower..<upper)
    }

    /// Formats `decimal` and puts `words` where ICU put the digits: "25 pour cent" -> "vingt-cinq pour cent".
    public func format(_ decimal: String, replacingNumberWith words: String) -> String? {
        guard let (text, range) = format(decimal), let range else { return nil }
        var result = text
        result.replaceSubrange(range, with: words)
        return result.replacingOccurrences(of: "\u{00A0}", with: " ").replacingOccurrences(of: "\u{202F}", with: " ")
    }
}

import Foundation
