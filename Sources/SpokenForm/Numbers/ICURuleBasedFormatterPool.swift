import CICU

/// ICU's spell-out formatters (RBNF) for one locale, pooled.
///
/// Why it is safe across threads: ICU 72's RuleBasedNumberFormat is not thread-safe
/// even for const calls (races fixed upstream only in ICU-23348; a shared instance
/// crashed here under 4 threads). Each call takes a formatter out of an
/// `ICUHandlePool`, uses it alone and puts it back, so no two threads ever touch one
/// instance (proved by the numbers Concurrency suite under TSan).
final class ICURuleBasedFormatterPool: Sendable {
    private let handles: ICUHandlePool

    /// Rule-set names by index, as ICU lists them (`%spellout-cardinal-feminine`, ...).
    let ruleSetNames: [String]
    /// The locale ICU actually loaded ("fr", "en_001"): ICU falls back to the process
    /// default locale without an error, so callers compare its language with theirs.
    let actualLocale: String

    /// ICU's own rules for the locale, or, with `rules`, the rule text given (ICU's syntax,
    /// `Locales/<lang>/spellout.txt`: a language whose ICU 72 rules are missing or wrong).
    /// - Throws: `ICUError` when ICU cannot open spell-out rules for the locale, or finds the
    ///   rule text malformed (`ruleTextError` says where).
    init(icuLocaleID: String, rules: String? = nil) throws(ICUError) {
        let pointer: OpaquePointer
        if let rules {
            pointer = try Self.open(rules: rules, icuLocaleID: icuLocaleID)
        } else {
            pointer = try ICUHandle.open("opening the spell-out rules of \(icuLocaleID)", close: sf_rbnf_close) {
                sf_rbnf_open(icuLocaleID, $0)
            }.pointer
        }
        do {
            // Rules from text are the language's own: ICU reports no actual locale for them.
            actualLocale = rules != nil ? icuLocaleID
                : try icuString("reading the locale of the spell-out rules of \(icuLocaleID)") { sf_rbnf_actual_locale(pointer, $0, $1) }
            var names: [String] = []
            for index in 0..<sf_rbnf_ruleset_count(pointer) {
                names.append(try icuString("listing the spell-out rule sets of \(icuLocaleID)") { sf_rbnf_ruleset_name(pointer, index, $0, $1) })
            }
            ruleSetNames = names
        } catch {
            sf_rbnf_close(pointer)
            throw error
        }
        handles = ICUHandlePool(prototype: pointer, prefill: true,
                                clone: { sf_rbnf_clone($0, $1) },
                                close: { sf_rbnf_close($0) })
    }

    /// Rules opened from rule text; a syntax error names ICU's offset in the text.
    private static func open(rules: String, icuLocaleID: String) throws(ICUError) -> OpaquePointer {
        var status: ICUStatus = 0
        var errorLine: Int32 = 0, errorOffset: Int32 = 0
        var text = rules
        let opened = text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                sf_rbnf_open_rules(chars.baseAddress, Int32(chars.count), icuLocaleID, &status, &errorLine, &errorOffset)
            }
        }
        guard status.isSuccess, let opened else {
            if let opened { sf_rbnf_close(opened) }
            throw ICUError(status: status.isSuccess ? ICUError.allocationFailure : status,
                           operation: "opening spell-out rule text for \(icuLocaleID) (ICU stopped at line \(errorLine), offset \(errorOffset))")
        }
        return opened
    }

    /// Spells an integer with |value| < 10^18 using the rule set at index `ruleSet`.
    /// - Throws: `SpokenFormError.icuFailure` when ICU fails.
    @inline(__always)
    func format(_ value: Int64, ruleSet: Int32) throws(SpokenFormError) -> String {
        do {
            return try handles.withHandle { formatter throws(ICUError) in
                try icuString("spelling \(value) with \(ruleSetNames[Int(ruleSet)])") { sf_rbnf_format_int64(formatter, value, ruleSet, $0, $1) }
            }
        } catch {
            throw SpokenFormError(error)
        }
    }

    /// ICU's own spelling of a small decimal ("1.5"); used to learn the decimal word only.
    func formatDecimal(_ decimal: String, ruleSet: Int32) throws(SpokenFormError) -> String {
        do {
            return try handles.withHandle { formatter throws(ICUError) in
                try icuString("spelling \(decimal) with \(ruleSetNames[Int(ruleSet)])") { sf_rbnf_format_decimal_string(formatter, decimal, ruleSet, $0, $1) }
            }
        } catch {
            throw SpokenFormError(error)
        }
    }

    /// The rule text of these rules (every rule set, private ones included), as ICU writes
    /// it: what `scripts/icu-spellout-rules.sh` starts a `spellout.txt` from.
    func ruleText() throws(ICUError) -> String {
        try handles.withHandle { formatter throws(ICUError) in
            try icuString("reading the spell-out rule text") { sf_rbnf_rules(formatter, $0, $1) }
        }
    }

    /// ICU's lenient parse of spelled-out text (for round-trip tests); nil when it does not parse.
    func parse(_ text: String, lenient: Bool = true) -> Double? {
        handles.withHandle { formatter in
            var value = 0.0
            return sf_rbnf_parse(formatter, text, lenient, &value) ? value : nil
        }
    }

    /// The raw ICU cost reference for benchmarks (see `sf_rbnf_benchmark_loop`).
    func benchmarkLoop(start: Int64, count: Int64, ruleSet: Int32) -> Int64 {
        handles.withHandle { sf_rbnf_benchmark_loop($0, start, count, ruleSet) }
    }
}
