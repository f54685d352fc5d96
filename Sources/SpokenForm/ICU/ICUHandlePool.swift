import CICU

/// An ICU object's pointer, marked `Sendable` so that the class owning it can be:
/// whoever holds one guarantees (and says in its doc comment) that no two threads use
/// the object at once unless ICU documents the call as thread-safe.
struct ICUHandle: @unchecked Sendable {
    let pointer: OpaquePointer

    /// Opens an ICU object the one way every wrapper does: a failed status throws (and
    /// closes whatever ICU returned with it), a null pointer is an allocation failure.
    /// - Parameters:
    ///   - operation: what is being opened, for the error sentence.
    ///   - close: the object's close function.
    ///   - open: the C bridge's open call, given the status to fill.
    static func open(_ operation: @autoclosure () -> String, close: (OpaquePointer) -> Void,
                     _ open: (UnsafeMutablePointer<ICUStatus>) -> OpaquePointer?) throws(ICUError) -> ICUHandle {
        var status: ICUStatus = 0
        let opened = open(&status)
        guard status.isSuccess else {
            if let opened { close(opened) }
            throw ICUError(status: status, operation: operation())
        }
        guard let opened else { throw ICUError(status: ICUError.allocationFailure, operation: operation()) }
        return ICUHandle(pointer: opened)
    }
}

/// Copies of one ICU object that must never be used by two threads at once (ICU 72's
/// RuleBasedNumberFormat, a SimpleDateFormat that formats through its own Calendar).
///
/// Why it is safe across threads: each call borrows a copy no other thread is using
/// and gives it back; the pool grows to the number of threads that call at once.
/// Copies are cloned from a prototype that is itself only touched under its lock.
/// Both locks are `Locked` (pthread), so the thread sanitizer sees them; the
/// Concurrency suites of numbers and dates drive the pools from many threads.
final class ICUHandlePool: Sendable {
    /// Clones a handle, storing ICU's status (nil on failure).
    typealias Clone = @Sendable (OpaquePointer, UnsafeMutablePointer<ICUStatus>) -> OpaquePointer?
    typealias Close = @Sendable (OpaquePointer) -> Void

    private let prototype: Locked<ICUHandle>
    private let idle: Locked<[ICUHandle]>
    private let clone: Clone
    private let close: Close

    /// Takes ownership of `prototype`. `prefill` clones one copy right away, so the
    /// first call does not pay for cloning.
    init(prototype: OpaquePointer, prefill: Bool, clone: @escaping Clone, close: @escaping Close) {
        self.prototype = Locked(ICUHandle(pointer: prototype))
        self.clone = clone
        self.close = close
        idle = Locked([])
        if prefill, let copy = makeClone() { idle.withLock { $0.append(copy) } }
    }

    deinit {
        prototype.withLock { close($0.pointer) }
        idle.withLock { handles in handles.forEach { close($0.pointer) } }
    }

    /// Runs `body` with a copy no other thread is using.
    @inline(__always)
    func withHandle<T, E: Error>(_ body: (OpaquePointer) throws(E) -> T) throws(E) -> T {
        guard let handle = idle.withLock({ $0.popLast() }) ?? makeClone() else {
            // Cloning failed (ICU could not allocate): use the prototype, one thread at a time.
            return try prototype.withLock { (prototype: inout ICUHandle) throws(E) -> T in try body(prototype.pointer) }
        }
        defer { idle.withLock { $0.append(handle) } }
        return try body(handle.pointer)
    }

    /// A new copy of the prototype, or nil when ICU reports a failure (`withHandle`
    /// then falls back to the prototype under its lock: slower, never wrong).
    private func makeClone() -> ICUHandle? {
        prototype.withLock { prototype in
            var status: ICUStatus = 0
            let copy = clone(prototype.pointer, &status)
            guard let copy else { return nil }
            do {
                try status.checkSuccess("cloning an ICU formatter")
            } catch {
                close(copy)
                return nil
            }
            return ICUHandle(pointer: copy)
        }
    }
}
