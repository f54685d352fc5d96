import CICU

/// CLDR plural categories.
public enum PluralCategory: String, Sendable, CaseIterable, Codable {
    /// CLDR's six categories; a language uses some of them (fr: one, many, other).
    case zero, one, two, few, many, other
}

/// ICU plural rules for one locale.
///
/// Safe to share across threads: `select` is a const call on an immutable
/// icu::PluralRules, which ICU documents as thread-safe (driven from many threads by
/// the abbreviation Concurrency suite).
final class ICUPluralRules: Sendable {
    private let rules: ICUHandle

    /// - Throws: `ICUError` when ICU cannot open the rules.
    init(icuLocaleID: String, ordinal: Bool = false) throws(ICUError) {
        rules = try ICUHandle.open("opening the plural rules of \(icuLocaleID)", close: sf_plural_close) {
            sf_plural_open(icuLocaleID, ordinal, $0)
        }
    }

    /// Rules from CLDR rule text ("one: n = 1; two: n = 2; few: n = 3..10"): a language's
    /// `plurals.txt`, where ICU has no rules for it or they are wrong.
    /// - Throws: `ICUError` when ICU refuses the text.
    init(ruleText: String) throws(ICUError) {
        rules = try ICUHandle.open("opening plural rules from their text", close: sf_plural_close) {
            sf_plural_open_rules(ruleText, $0)
        }
    }

    deinit { sf_plural_close(rules.pointer) }

    /// The category of a plain decimal string ("1", "1.5", "1.50": visible zeros count).
    func category(of decimal: String) throws(SpokenFormError) -> PluralCategory {
        do {
            let name = try icuString("choosing the plural category of \(decimal)") { sf_plural_select(rules.pointer, decimal, $0, $1) }
            return PluralCategory(rawValue: name) ?? .other
        } catch {
            throw SpokenFormError(error)
        }
    }

    /// The category of a whole number (exact for |value| < 2^53; larger ones go through the decimal path).
    func category(of value: Int) throws(SpokenFormError) -> PluralCategory {
        guard value.magnitude < 1 << 53 else { return try category(of: String(value)) }
        do {
            let name = try icuString("choosing the plural category of \(value)") { sf_plural_select_integer(rules.pointer, Int64(value), $0, $1) }
            return PluralCategory(rawValue: name) ?? .other
        } catch {
            throw SpokenFormError(error)
        }
    }
}
