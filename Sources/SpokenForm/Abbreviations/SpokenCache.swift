import Foundation

/// A bounded, thread-safe memo of spoken pieces (spelled numbers, plural categories,
/// currency names, unit phrases). UI text repeats the same few numbers and units, and
/// the pieces behind them cost microseconds each (ICU calls, Foundation string
/// searches in the number polishing), against a hash lookup here.
///
/// Guarded by an `NSLock` rather than `Synchronization.Mutex`, whose locking the thread
/// sanitizer of this toolchain does not see. When full, it stops remembering: the
/// values are recomputed, never wrong.
final class SpokenCache<Key: Hashable, Value>: @unchecked Sendable {
    private let lock = NSLock()
    /// Only touched under `lock`.
    private var values: [Key: Value] = [:]
    private let limit: Int

    init(limit: Int = 4096) { self.limit = limit }

    func value(for key: Key, _ make: () -> Value) -> Value {
        if let found = lock.withLock({ values[key] }) { return found }
        let made = make()
        lock.withLock {
            if values.count < limit { values[key] = made }
        }
        return made
    }
}
