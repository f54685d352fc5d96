import CICU

/// Copies of one ICU object that must never be used by two threads at once (ICU 72's
/// RuleBasedNumberFormat, a SimpleDateFormat that formats through its own Calendar).
///
/// Each call borrows a copy no other thread is using and gives it back; the pool grows
/// to the number of threads that call at once. Copies are cloned from a prototype that
/// is itself only touched under `prototypeLock`. Both locks are pthread-based
/// (`Locked`), so the thread sanitizer sees them.
final class ICUHandlePool: Sendable {
    private struct Handle: @unchecked Sendable { let pointer: OpaquePointer }
    typealias Clone = @Sendable (OpaquePointer) -> OpaquePointer?
    typealias Close = @Sendable (OpaquePointer) -> Void

    private let prototype: Handle
    private let prototypeLock = PthreadLock()
    private let idle: Locked<[Handle]>
    private let clone: Clone
    private let close: Close

    /// Takes ownership of `prototype`. `prefill` clones one copy right away, so the
    /// first call does not pay for cloning.
    init(prototype: OpaquePointer, prefill: Bool, clone: @escaping Clone, close: @escaping Close) {
        self.prototype = Handle(pointer: prototype)
        self.clone = clone
        self.close = close
        idle = Locked(prefill ? clone(prototype).map { [Handle(pointer: $0)] } ?? [] : [])
    }

    deinit {
        close(prototype.pointer)
        idle.withLock { handles in handles.forEach { close($0.pointer) } }
    }

    /// Runs `body` with a copy no other thread is using.
    @inline(__always)
    func withHandle<T>(_ body: (OpaquePointer) -> T) -> T {
        guard let handle = idle.withLock({ $0.popLast() }) ?? makeClone() else {
            // Cloning fails only when memory is exhausted: use the prototype, one thread at a time.
            return prototypeLock.withLock { body(prototype.pointer) }
        }
        defer { idle.withLock { $0.append(handle) } }
        return body(handle.pointer)
    }

    private func makeClone() -> Handle? {
        prototypeLock.withLock { clone(prototype.pointer).map(Handle.init(pointer:)) }
    }
}
