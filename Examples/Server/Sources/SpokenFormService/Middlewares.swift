import Foundation
import Hummingbird
import NIOCore
import Logging
import NIOConcurrencyHelpers
import NIOPosix

/// Turns every error into the JSON error body with its stable code and status, so
/// no request is answered with an empty 500 or a framework-made page. Also logs each
/// request at debug level (method, path, status, microseconds).
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // Reading the clock only when the request will be logged: info level logs none.
        let start = context.logger.logLevel <= .debug ? ContinuousClock.now : nil
        let response: Response
        do {
            response = try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            response = Self.notFound(request)
        } catch {
            let serviceError = ServiceError(httpError: error)
            if serviceError.code == .internalError {
                context.logger.error("request failed", metadata: ["path": "\(request.uri.path)", "error": "\(error)"])
            }
            response = JSONResponse.error(serviceError)
        }
        if let start {
            context.logger.debug("request", metadata: [
                "method": "\(request.method)", "path": "\(request.uri.path)", "status": "\(response.status.code)",
                "microseconds": "\((ContinuousClock.now - start).microseconds)",
            ])
        }
        return response
    }

    /// The router has no route for this method and path: 405 with `Allow` when the path
    /// exists for another method (a router alone answers 404 as if it did not exist).
    static func notFound(_ request: Request) -> Response {
        guard let endpoint = Routes.endpoints.first(where: { $0.path == request.uri.path }) else {
            return JSONResponse.error(ServiceError(httpError: HTTPError(.notFound)))
        }
        var response = JSONResponse.error(ServiceError(.methodNotAllowed, "\(endpoint.path) answers \(endpoint.method.rawValue) only."))
        response.headers[.allow] = endpoint.method.rawValue
        return response
    }
}

/// Runs `work` within `limit`: past it, throws `timeout` and cancels the work. The
/// answer does not wait for the work to stop: a library call is synchronous and cannot be
/// interrupted, so it finishes in the background while the client already has its 503
/// (`--max-input-bytes` is what keeps such a call short). (A helper for the handlers, not
/// a middleware: a middleware's `next` cannot leave the caller's task.) The deadline is
/// kept by `watchdog`, within its tick. The body's arrival is bounded before, on the
/// event loop, by `BodyTimeLimitHandler`; short speak requests do not come here at all
/// (see `Routes`).
///
/// The work runs in a task of its own (`Task`), never on the caller's thread: the caller
/// must stay free to answer 503 while a long call runs.
func withTimeLimit<T: Sendable>(_ limit: Duration, watchdog: TimeLimitWatchdog,
                                _ work: @escaping @Sendable () async throws -> T) async throws -> T {
    let outcome = TimeLimitOutcome<T>()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let deadline = watchdog.add(after: limit) {
                outcome.finish(.failure(ServiceError(.timeout, "the request took longer than the server's time limit of \(limit.milliseconds) ms.")))
            }
            let run: @Sendable () async -> Void = {
                let result: Result<T, any Error>
                do { result = .success(try await work()) } catch { result = .failure(error) }
                outcome.finish(result)
            }
            let task = Task { await run() }
            outcome.start(continuation, deadline: deadline, watchdog: watchdog, work: task)
        }
    } onCancel: {
        outcome.finish(.failure(CancellationError()))
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
/// cancellation), and cancels the others.
private final class TimeLimitOutcome<T: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<T, any Error>?
        var work: Task<Void, Never>?
        var deadline: (id: UInt64, watchdog: TimeLimitWatchdog)?
        /// Set when the outcome came before the continuation was stored.
        var early: Result<T, any Error>?
        var done = false
    }
    private let state = NIOLockedValueBox(State())

    func start(_ continuation: CheckedContinuation<T, any Error>, deadline: UInt64, watchdog: TimeLimitWatchdog, work: Task<Void, Never>) {
        let early: Result<T, any Error>? = state.withLockedValue { state in
            state.work = work
            state.deadline = (deadline, watchdog)
            if let early = state.early { return early }
            state.continuation = continuation
            return nil
        }
        if let early {
            work.cancel()
            watchdog.remove(deadline)
            continuation.resume(with: early)
        }
    }

    func finish(_ result: Result<T, any Error>) {
        let (continuation, work, deadline) = state.withLockedValue { state -> (CheckedContinuation<T, any Error>?, Task<Void, Never>?, (id: UInt64, watchdog: TimeLimitWatchdog)?) in
            guard !state.done else { return (nil, nil, nil) }
            state.done = true
            guard let continuation = state.continuation else {
                state.early = result
                return (nil, nil, nil)
            }
            state.continuation = nil
            return (continuation, state.work, state.deadline)
        }
        work?.cancel()
        if let deadline { deadline.watchdog.remove(deadline.id) }
        continuation?.resume(with: result)
    }
}

extension ServiceError {
    /// Hummingbird's own errors (no route, a body over the size limit) as service errors.
    init(httpError error: any Error) {
        switch error {
        case let error as HTTPError where error.status == .notFound:
            self.init(.notFound, "no such endpoint: see openapi.yaml for POST /v1/speak, POST /v1/speak/batch, POST /v1/label, POST /v1/lint, GET /v1/locales and GET /health.")
        case let error as HTTPError where error.status == .contentTooLarge:
            self.init(.bodyTooLarge, "the request body is too large.")
        case is NIOTooManyBytesError:
            self.init(.bodyTooLarge, "the request body is too large.")
        case is CancellationError:
            self.init(.timeout, "the request was cancelled before it finished.")
        default:
            self.init(error)
        }
    }
}

extension Duration {
    var microseconds: Int64 { components.seconds * 1_000_000 + components.attoseconds / 1_000_000_000_000 }
    var milliseconds: Int64 { microseconds / 1000 }
}
