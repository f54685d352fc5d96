#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value guarded by a pthread mutex, with `Mutex`'s `withLock` shape: the one lock
/// type of SpokenForm (`package`, so that SpokenFormCSV's worker pool uses it too).
///
/// Why not `Synchronization.Mutex`: on Linux it locks with futex calls the thread
/// sanitizer cannot see, so `swift test --sanitize=thread` reports every guarded access
/// as a race (reproduced with a 10-line program: 8 threads, popLast/append under
/// `withLock`). TSan intercepts pthread_mutex_lock, so this lock keeps the sanitizer
/// useful. Why not `NSLock`: it is the same mutex behind an Objective-C-shaped API, and
/// one lock type is easier to audit. Cost: one uncontended lock/unlock pair, ~20 ns.
///
/// To guard an object outside Swift's view (an ICU handle), make the value the handle
/// itself (`Locked<ICUHandle>`) rather than `Locked<Void>`: an empty value may share
/// its address with the mutex pointer, and the sanitizer then reports a race on it.
package final class Locked<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    /// A lock guarding `value`.
    package init(_ value: Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        self.value = value
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    @inline(__always)
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
