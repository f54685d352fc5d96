import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// Runs `work` on `threads` and answers within `limit` of `start`: past it, throws
/// `timeout` without waiting for the work. A library call is synchronous and cannot be
/// interrupted, so the work is handed a `WorkDeadline` to check between items (each input
/// of a batch, each element of a label or lint request): once the answer was given, it
/// stops at the next item, and whatever it returns is dropped. (A helper for the handlers,
/// not a middleware: a middleware's `next` cannot leave the caller's task.)
///
/// The caller only waits, on a continuation: its thread of the cooperative pool stays free
/// for other requests, `/health` and the 503 (see `LibraryThreads`). The deadline is kept
/// by `watchdog`, within its tick. The body's arrival is bounded before, on the event
/// loop, by `BodyTimeLimitHandler`; short speak requests do not come here at all (see `Routes`).
func withTimeLimit<T: Sendable>(_ limit: Duration, since start: ContinuousClock.Instant,
                                watchdog: TimeLimitWatchdog, threads: LibraryThreads,
                                _ work: @escaping @Sendable (WorkDeadline) throws -> T) async throws -> T {
    let deadline = WorkDeadline(at: start + limit, limit: limit)
    let outcome = TimeLimitOutcome<T>(deadline: deadline)
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let remaining = max(.milliseconds(1), (start + limit) - ContinuousClock.now)
            let timer = watchdog.add(after: remaining) { outcome.finish(.failure(deadline.timeout)) }
            outcome.start(continuation, timer: timer, watchdog: watchdog)
            threads.run {
                // The request may have been answered while the job waited for a thread.
                guard !deadline.isAbandoned else { return }
                let result: Result<T, any Error>
                do { result = .success(try work(deadline)) } catch { result = .failure(error) }
                outcome.finish(result)
            }
        }
    } onCancel: {
        outcome.finish(.failure(CancellationError()))
    }
}

/// The time limit of one request, as its work on a library thread sees it. `check()` is
/// cheap (a lock and a clock read) and is called between items, never inside a library call.
public final class WorkDeadline: Sendable {
    /// When the work must have ended; nil for work without a limit.
    let instant: ContinuousClock.Instant?
    /// The limit the request had, for the error's message.
    let limit: Duration
    /// Set once the request was answered without this work (timeout, cancellation).
    private let abandoned = NIOLockedValueBox(false)

    init(at instant: ContinuousClock.Instant?, limit: Duration) {
        self.instant = instant
        self.limit = limit
    }

    /// A deadline that never passes, for work called outside a request (the tests).
    public static var unlimited: WorkDeadline { WorkDeadline(at: nil, limit: .zero) }

    /// Throws `timeout` once the deadline has passed or the request was answered.
    public func check() throws(ServiceError) {
        if isAbandoned { throw timeout }
        if let instant, ContinuousClock.now >= instant { throw timeout }
    }

    var isAbandoned: Bool { abandoned.withLockedValue { $0 } }

    func abandon() { abandoned.withLockedValue { $0 = true } }

    var timeout: ServiceError {
        ServiceError(.timeout, "the request took longer than the server's time limit of \(limit.milliseconds) ms.")
    }
}

/// Keeps the deadlines of the requests under way and fires those that pass, from one
/// repeating timer on one event loop. A timer per request (an event loop's
/// `scheduleTask`, then its `cancel`) wakes that event loop twice per request through
/// its eventfd: in a profile those wake-ups and the thread switches they caused were
/// the largest cost of a speak request after the library itself. Adding and removing a
/// deadline here is a lock and a dictionary entry; the price is precision: a deadline
/// fires up to one tick late (the tick is a tenth of the time limit, at most 100 ms).
public final class TimeLimitWatchdog: Sendable {
    private struct State {
        var nextID: UInt64 = 0
        var deadlines: [UInt64: (at: NIODeadline, expire: @Sendable () -> Void)] = [:]
    }
    private let state = NIOLockedValueBox(State())
    private let timer = NIOLockedValueBox<RepeatedTask?>(nil)

    /// Starts ticking every `tick` on one of the shared event loops.
    public init(tick: TimeAmount) {
        let task = MultiThreadedEventLoopGroup.singleton.next().scheduleRepeatedTask(initialDelay: tick, delay: tick) { [weak self] _ in
            self?.expire(now: .now())
        }
        timer.withLockedValue { $0 = task }
    }

    deinit {
        timer.withLockedValue { $0?.cancel() }
    }

    /// The tick for a time limit: a tenth of it, between 1 ms and 100 ms.
    public static func tick(for limit: Duration) -> TimeAmount {
        .milliseconds(min(100, max(1, limit.milliseconds / 10)))
    }

    /// Calls `expire` once `limit` has passed, unless `remove` is called first.
    /// Returns the deadline's identifier, for `remove`.
    public func add(after limit: Duration, expire: @escaping @Sendable () -> Void) -> UInt64 {
        let at = NIODeadline.now() + .nanoseconds(Int64(limit.microseconds) * 1000)
        return state.withLockedValue { state in
            state.nextID += 1
            state.deadlines[state.nextID] = (at, expire)
            return state.nextID
        }
    }

    /// Forgets a deadline (its work ended first).
    public func remove(_ id: UInt64) {
        state.withLockedValue { _ = $0.deadlines.removeValue(forKey: id) }
    }

    /// How many deadlines are kept now.
    public var count: Int { state.withLockedValue { $0.deadlines.count } }

    /// Fires, outside the lock, every deadline at or before `now`.
    func expire(now: NIODeadline) {
        let expired = state.withLockedValue { state -> [@Sendable () -> Void] in
            let ids = state.deadlines.filter { $0.value.at <= now }.map(\.key)
            return ids.compactMap { state.deadlines.removeValue(forKey: $0)?.expire }
        }
        for expire in expired { expire() }
    }
}


/// Resumes the continuation once, with whichever ends first (the work, the timer or a
/// cancellation), then abandons the deadline (the work stops at its next check) and
/// removes the timer.
private final class TimeLimitOutcome<T: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<T, any Error>?
        var timer: (id: UInt64, watchdog: TimeLimitWatchdog)?
        /// Set when the outcome came before the continuation was stored (a cancellation).
        var early: Result<T, any Error>?
        var done = false
    }
    private let state = NIOLockedValueBox(State())
    private let deadline: WorkDeadline

    init(deadline: WorkDeadline) {
        self.deadline = deadline
    }

    func start(_ continuation: CheckedContinuation<T, any Error>, timer: UInt64, watchdog: TimeLimitWatchdog) {
        let early: Result<T, any Error>? = state.withLockedValue { state in
            state.timer = (timer, watchdog)
            if let early = state.early { return early }
            state.continuation = continuation
            return nil
        }
        if let early {
            watchdog.remove(timer)
            continuation.resume(with: early)
        }
    }

    func finish(_ result: Result<T, any Error>) {
        let (continuation, timer) = state.withLockedValue { state -> (CheckedContinuation<T, any Error>?, (id: UInt64, watchdog: TimeLimitWatchdog)?) in
            guard !state.done else { return (nil, nil) }
            state.done = true
            guard let continuation = state.continuation else {
                state.early = result
                return (nil, nil)
            }
            state.continuation = nil
            return (continuation, state.timer)
        }
        deadline.abandon()
        if let timer { timer.watchdog.remove(timer.id) }
        continuation?.resume(with: result)
    }
}
