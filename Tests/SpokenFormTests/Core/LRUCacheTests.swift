import Foundation
import Testing
@testable import SpokenForm

/// The one cache type, tested without ICU.
@Suite struct LRUCacheTests {
    @Test func makesOnceAndReturnsTheStoredValue() {
        let cache = LRUCache<String, Int>(limit: 10)
        var calls = 0
        #expect(cache.value(for: "a") { calls += 1; return 1 } == 1)
        #expect(cache.value(for: "a") { calls += 1; return 2 } == 1)
        #expect(calls == 1)
        #expect(cache["b"] == nil)
    }

    @Test func theFirstStoredValueWins() {
        let cache = LRUCache<String, Int>(limit: 10)
        #expect(cache.insert(1, for: "a") == 1)
        #expect(cache.insert(2, for: "a") == 1)
        #expect(cache["a"] == 1)
    }

    @Test func forgetsTheLeastRecentlyUsedWhenFull() {
        let cache = LRUCache<Int, Int>(limit: 8)
        for key in 0..<8 { cache.insert(key, for: key) }
        // 0 and 1 used again: they are now the most recent.
        _ = cache[0]
        _ = cache[1]
        cache.insert(8, for: 8)
        #expect(cache.count <= 8)
        #expect(cache[0] == 0)
        #expect(cache[1] == 1)
        #expect(cache[8] == 8)
        // A quarter (2) forgotten, the oldest: 2 and 3.
        #expect(cache[2] == nil)
        #expect(cache[3] == nil)
        #expect(cache[4] == 4)
    }

    @Test func staysBoundedWhateverTheKeys() {
        let cache = LRUCache<Int, String>(limit: 100)
        for key in 0..<10_000 { _ = cache.value(for: key) { String(key) } }
        #expect(cache.count <= 100)
        #expect(cache[9_999] == "9999")
    }

    @Test func errorsOfMakeAreThrownAndNothingIsStored() {
        struct Failure: Error {}
        let cache = LRUCache<String, Int>(limit: 4)
        #expect(throws: Failure.self) { try cache.value(for: "a") { throw Failure() } }
        #expect(cache.count == 0)
    }
}

/// The cache driven from many threads (runs under TSan in CI).
@Suite struct LRUCacheConcurrencyTests {
    @Test func eightThreadsAgreeOnEveryValue() {
        let cache = LRUCache<Int, [Int]>(limit: 64)
        let threads = 8
        let bad = Locked(0)
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for i in 0..<5_000 {
                let key = (i * 7 + thread) % 200
                let value = cache.value(for: key) { [key, key * 2] }
                if value != [key, key * 2] { bad.withLock { $0 += 1 } }
            }
        }
        #expect(bad.withLock { $0 } == 0)
        #expect(cache.count <= 64)
    }
}
