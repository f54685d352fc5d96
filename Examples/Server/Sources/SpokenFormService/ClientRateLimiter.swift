import NIOConcurrencyHelpers

/// A token bucket per client: each client may spend `burst` tokens at once, and gets
/// `perMinute` back per minute, continuously. Audio costs a process and a core for a
/// moment; a page's play button costs one token.
///
/// Clients are told apart by address. The table is bounded: past `maxClients`, the buckets
/// that are full again (clients who have not asked for a while) are forgotten, which
/// changes nothing for them; if every bucket is in use, the oldest is.
public final class ClientRateLimiter: Sendable {
    public let perMinute: Int
    public let burst: Int
    let maxClients: Int

    private struct Bucket {
        var tokens: Double
        var updated: ContinuousClock.Instant
    }
    private let buckets = NIOLockedValueBox([String: Bucket]())

    public init(perMinute: Int, burst: Int, maxClients: Int = 10_000) {
        precondition(perMinute > 0 && burst > 0 && maxClients > 0)
        self.perMinute = perMinute
        self.burst = burst
        self.maxClients = maxClients
    }

    /// Takes one token from `client`'s bucket: nil when it had one, else how long until
    /// it has one (for `Retry-After`).
    public func take(for client: String, now: ContinuousClock.Instant = .now) -> Duration? {
        let perSecond = Double(perMinute) / 60
        return buckets.withLockedValue { buckets -> Duration? in
            var bucket = buckets[client] ?? Bucket(tokens: Double(burst), updated: now)
            let elapsed = now - bucket.updated
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            bucket.tokens = min(Double(burst), bucket.tokens + max(0, seconds) * perSecond)
            bucket.updated = now
            guard bucket.tokens >= 1 else {
                buckets[client] = bucket
                return .milliseconds(Int64(((1 - bucket.tokens) / perSecond * 1000).rounded(.up)))
            }
            bucket.tokens -= 1
            if buckets[client] == nil, buckets.count >= maxClients { Self.forgetIdle(&buckets, now: now, perSecond: perSecond, burst: burst) }
            buckets[client] = bucket
            return nil
        }
    }

    /// How many clients are remembered now.
    public var count: Int { buckets.withLockedValue { $0.count } }

    /// Forgets the buckets that would be full by now; if none would, the least recently used.
    private static func forgetIdle(_ buckets: inout [String: Bucket], now: ContinuousClock.Instant, perSecond: Double, burst: Int) {
        let full = buckets.filter { _, bucket in
            let elapsed = now - bucket.updated
            return bucket.tokens + Double(elapsed.components.seconds) * perSecond >= Double(burst)
        }.map(\.key)
        if !full.isEmpty {
            for client in full { buckets.removeValue(forKey: client) }
        } else if let oldest = buckets.min(by: { $0.value.updated < $1.value.updated })?.key {
            buckets.removeValue(forKey: oldest)
        }
    }
}
