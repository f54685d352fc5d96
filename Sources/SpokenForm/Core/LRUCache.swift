/// The one cache type of SpokenForm: a bounded, thread-safe map from a `Hashable`
/// signature (a locale and options, a number and a gender, a unit and a count) to
/// something that costs more to make than to look up (an ICU formatter, a spelled
/// number, a `SpokenForm`).
///
/// - `value(for:make:)` runs `make` outside the lock, so a slow ICU open never blocks
///   readers of other keys; when two threads race on one key, the first value stored
///   is the one every caller gets (ICU objects keep one identity per key).
/// - Bounded: when it holds `limit` values it forgets the least recently used quarter
///   (one sort per `limit / 4` insertions, so O(1) amortised per call), so memory
///   stays bounded whatever the input. Forgotten values are made again, never wrong.
/// - Guarded by `Locked` (pthread), so the thread sanitizer sees every access.
final class LRUCache<Key: Hashable, Value>: @unchecked Sendable {
    private struct Entry {
        var value: Value
        var lastUse: UInt64
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var clock: UInt64 = 0
    }

    /// How many values the cache keeps at most.
    let limit: Int
    private let state = Locked(State())

    /// - Parameter limit: the most values kept (at least 1); `Int.max` for a cache whose
    ///   keys are few by construction (one per capability type).
    init(limit: Int) {
        precondition(limit >= 1, "an LRUCache keeps at least one value")
        self.limit = limit
    }

    /// How many values the cache holds now.
    var count: Int { state.withLock { $0.entries.count } }

    /// The value stored for `key`, marked as just used; nil when there is none.
    @inline(__always)
    subscript(key: Key) -> Value? {
        state.withLock { state in
            guard let index = state.entries.index(forKey: key) else { return nil }
            // An unbounded cache never evicts: no need to note the use (a write saved per hit).
            guard limit != .max else { return state.entries.values[index].value }
            state.clock &+= 1
            state.entries.values[index].lastUse = state.clock
            return state.entries.values[index].value
        }
    }

    /// The value for `key`: the stored one, or the one `make` returns, stored.
    /// `make` runs outside the lock; if another thread stored a value for `key`
    /// meanwhile, that value is returned and `make`'s is dropped.
    @inline(__always)
    func value(for key: Key, make: () throws -> Value) rethrows -> Value {
        if let found = self[key] { return found }
        let made = try make()
        return insert(made, for: key)
    }

    /// Stores `value` for `key` unless a value is already there; returns the one kept.
    @discardableResult
    func insert(_ value: Value, for key: Key) -> Value {
        state.withLock { state in
            state.clock &+= 1
            if let index = state.entries.index(forKey: key) {
                state.entries.values[index].lastUse = state.clock
                return state.entries.values[index].value
            }
            if state.entries.count >= limit { Self.evictLeastRecentlyUsed(&state, keeping: limit - Swift.max(1, limit / 4)) }
            state.entries[key] = Entry(value: value, lastUse: state.clock)
            return value
        }
    }

    /// Forgets every value.
    func removeAll() {
        state.withLock { $0.entries.removeAll() }
    }

    private static func evictLeastRecentlyUsed(_ state: inout State, keeping kept: Int) {
        guard kept > 0 else { state.entries.removeAll(keepingCapacity: true); return }
        let uses = state.entries.values.map(\.lastUse).sorted()
        let threshold = uses[uses.count - kept]
        state.entries = state.entries.filter { $0.value.lastUse >= threshold }
    }
}
