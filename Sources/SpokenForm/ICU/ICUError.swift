// The ICU layer: how SpokenForm talks to ICU (and libphonenumber) through `CICU`.
//
// The pattern, for every wrapper (files in `ICU/`, or an `ICU…`-named file beside its
// capability, such as `Dates/ICUDateFormatterPool.swift`; `Phones/PhoneNumberLibrary.swift`
// for libphonenumber). Only these files call `CICU`; capability code never does.
//
// 1. Statuses: a bridge function reports ICU's `UErrorCode` either through an
//    `int32_t *status` out-parameter or, for text, as a negative length. Every status
//    is read through `ICUStatus.checkSuccess()` (warnings count as success), or through
//    `icuString(_:_:)`, which reads the length convention. Nothing is dropped.
// 2. Errors: a wrapper method throws `SpokenFormError` (typed): it runs its ICU calls in
//    `do { … } catch { throw SpokenFormError(error) }`, where `error` is the `ICUError`
//    naming the operation and ICU's status name. An ICU failure is never an empty answer.
// 3. Handles: one `final class` per ICU object. It owns the pointer, closes it in
//    `deinit`, and says in its doc comment why using it from several threads is safe
//    (a const ICU call ICU documents as thread-safe; a `Locked` handle; or an
//    `ICUHandlePool` of clones). A concurrency test under TSan proves the claim.
// 4. Caching: objects that cost to open are kept in an `LRUCache` keyed by a `Hashable`
//    signature (locale + options), created outside its lock. Locks are `Locked`.
import CICU

/// An ICU status code (`UErrorCode`) as the bridge hands it over: 0 is success,
/// negative values are warnings (which count as success, as in ICU's `U_SUCCESS`),
/// positive values are failures.
typealias ICUStatus = Int32

extension ICUStatus {
    /// Whether ICU's `U_SUCCESS` holds: no error, or only a warning.
    var isSuccess: Bool { self <= 0 }

    /// Throws the failure this status reports; returns for success and warnings.
    /// - Parameter operation: what was being done, for the error sentence ("opening the fr spell-out rules").
    @inline(__always)
    func checkSuccess(_ operation: @autoclosure () -> String) throws(ICUError) {
        if !isSuccess { throw ICUError(status: self, operation: operation()) }
    }
}

/// An ICU call that failed: its status and what SpokenForm was doing.
/// Wrappers turn it into `SpokenFormError.icuFailure` before it leaves them.
struct ICUError: Error, Hashable, CustomStringConvertible {
    /// ICU's `UErrorCode` (positive: a failure).
    let status: ICUStatus
    /// What was being done ("spelling 42 with %spellout-numbering").
    let operation: String

    /// U_MEMORY_ALLOCATION_ERROR: what a bridge's nil handle with no status set means.
    static let allocationFailure: ICUStatus = 7

    /// ICU's own name of the status ("U_MEMORY_ALLOCATION_ERROR").
    var statusName: String { String(cString: sf_error_name(status)) }

    var description: String { "\(operation): \(statusName)" }
}

extension SpokenFormError {
    /// The library's typed error for an ICU failure.
    init(_ error: ICUError) {
        self = .icuFailure(operation: error.operation, status: error.statusName)
    }
}
