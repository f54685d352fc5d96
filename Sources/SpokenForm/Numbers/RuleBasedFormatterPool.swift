import CICU

/// A pool of ICU spell-out formatters for one locale.
///
/// Why a pool: ICU 72's RuleBasedNumberFormat is not thread-safe even for const
/// calls (races fixed upstream only in ICU-23348; a shared instance crashed here
/// under 4 threads). Each call takes a formatter out of the pool, uses it alone,
/// and puts it back, so no two threads ever touch one instance (`ICUHandlePool`).
final class RuleBasedFormatterPool: Sendable {
    private let handles: ICUHandlePool

    /// Rule-set names by index, as ICU lists them (`%spellout-cardinal-feminine`, ...).
    let ruleSetNames: [String]
    /// The locale ICU actually loaded ("fr", "en_001").
    let actualLocale: String

    init?(icuLocaleID: String) {
        var status: Int32 = 0
        guard let pointer = sf_rbnf_open(icuLocaleID, &status) else { return nil }
        actualLocale = icuString { sf_rbnf_actual_locale(pointer, $0, $1) } ?? ""
        ruleSetNames = (0..<sf_rbnf_ruleset_count(pointer)).map { index in
            icuString { sf_rbnf_ruleset_name(pointer, index, $0, $1) } ?? ""
        }
        handles = ICUHandlePool(prototype: pointer, prefill: true,
                                clone: { var status: Int32 = 0; return sf_rbnf_clone($0, &status) },
                                close: { sf_rbnf_close($0) })
    }

    /// Runs `body` with a formatter no other thread is using.
    @inline(__always)
    func withFormatter<T>(_ body: (OpaquePointer) -> T) -> T {
        handles.withHandle(body)
    }

    /// Spells an integer with |value| < 10^18 using rule set `ruleSet`.
    @inline(__always)
    func format(_ value: Int64, ruleSet: Int32) -> String {
        withFormatter { formatter in
            icuString { sf_rbnf_format_int64(formatter, value, ruleSet, $0, $1) } ?? ""
        }
    }

    /// ICU's own spelling of a small decimal ("1.5"); used to learn the decimal word only.
    func formatDecimal(_ decimal: String, ruleSet: Int32) -> String {
        withFormatter { formatter in
            icuString { sf_rbnf_format_decimal_string(formatter, decimal, ruleSet, $0, $1) } ?? ""
        }
    }

    /// ICU's lenient parse of spelled-out text (for tests).
    func parse(_ text: String, lenient: Bool = true) -> Double? {
        withFormatter { formatter in
            var value = 0.0
            return sf_rbnf_parse(formatter, text, lenient, &value) ? value : nil
        }
    }
}
