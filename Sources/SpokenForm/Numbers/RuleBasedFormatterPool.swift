import CICU
import Foundation

/// A pool of ICU spell-out formatters for one locale.
///
/// Why a pool: ICU 72's RuleBasedNumberFormat is not thread-safe even for const
/// calls (races fixed upstream only in ICU-23348; a shared instance crashed here
/// under 4 threads). Each call takes a formatter out of the pool, uses it alone,
/// and puts it back, so no two threads ever touch one instance. The pool grows to
/// the number of threads that call at once; clones are made from a prototype that
/// is itself only touched under `prototypeLock`.
///
/// The locks are `NSLock` (pthread mutexes), not `Synchronization.Mutex`: the thread
/// sanitizer of this toolchain does not see Mutex's futex-based locking and reports
/// false races on the data it guards; pthread locks it understands.
final class RuleBasedFormatterPool: @unchecked Sendable {
    private struct Handle { let pointer: OpaquePointer }

    private let prototype: Handle
    private let prototypeLock = NSLock()
    private let idleLock = NSLock()
    /// Formatters not in use; only touched under `idleLock`.
    private var idle: [Handle]

    /// Rule-set names by index, as ICU lists them (`%spellout-cardinal-feminine`, ...).
    let ruleSetNames: [String]
    /// The locale ICU actually loaded ("fr", "en_001").
    let actualLocale: String

    init?(icuLocaleID: String) {
        var status: Int32 = 0
        guard let pointer = sf_rbnf_open(icuLocaleID, &status) else { return nil }
        prototype = Handle(pointer: pointer)
        actualLocale = icuString { sf_rbnf_actual_locale(pointer, $0, $1) } ?? ""
        ruleSetNames = (0..<sf_rbnf_ruleset_count(pointer)).map { index in
            icuString { sf_rbnf_ruleset_name(pointer, index, $0, $1) } ?? ""
        }
        var first = status
        guard let clone = sf_rbnf_clone(pointer, &first) else { sf_rbnf_close(pointer); return nil }
        idle = [Handle(pointer: clone)]
    }

    deinit {
        sf_rbnf_close(prototype.pointer)
        idle.forEach { sf_rbnf_close($0.pointer) }
    }

    /// Runs `body` with a formatter no other thread is using.
    @inline(__always)
    func withFormatter<T>(_ body: (OpaquePointer) -> T) -> T {
        guard let handle = idleLock.withLock({ idle.popLast() }) ?? makeClone() else {
            // Cloning fails only when memory is exhausted: fall back to the prototype, one thread at a time.
            return prototypeLock.withLock { body(prototype.pointer) }
        }
        defer { idleLock.withLock { idle.append(handle) } }
        return body(handle.pointer)
    }

    private func makeClone() -> Handle? {
        prototypeLock.withLock {
            var status: Int32 = 0
            return sf_rbnf_clone(prototype.pointer, &status).map(Handle.init(pointer:))
        }
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
