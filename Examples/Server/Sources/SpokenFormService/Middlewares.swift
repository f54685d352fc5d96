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
        let start = ContinuousClock.now
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
        context.logger.debug("request", metadata: [
            "method": "\(request.method)", "path": "\(request.uri.path)", "status": "\(response.status.code)",
            "microseconds": "\((ContinuousClock.now - start).microseconds)",
        ])
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

/// Runs `work` (reading the body included) within `limit`: past it, throws `timeout`
/// at once and cancels the work. The answer does not wait for the work to stop: a
/// library call is synchronous and cannot be interrupted, so it finishes in the
/// background while the client already has its 503 (`--max-input-bytes` is what keeps
/// such a call short). (A helper for the handlers, not a middleware: a middleware's
/// `next` cannot leave the caller's task.)
func withTimeLimit<T: Sendable>(_ limit: Duration, _ work: @escaping @Sendable () async throws -> T) async throws -> T {
    let outcome = TimeLimitOutcome<T>()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            // The timer is a task scheduled on an event loop, not a sleeping Swift task:
            // it costs a heap entry, where a `Task.sleep` per request costs a task.
            let timer = MultiThreadedEventLoopGroup.singleton.next().scheduleTask(in: .nanoseconds(Int64(limit.microseconds) * 1000)) {
                outcome.finish(.failure(ServiceError(.timeout, "the request took longer than the server's time limit of \(limit.milliseconds) ms.")))
            }
            outcome.start(continuation, timer: timer, work: Task {
                let result: Result<T, any Error>
                do { result = .success(try await work()) } catch { result = .failure(error) }
                outcome.finish(result)
            })
        }
    } onCancel: {
        outcome.finish(.failure(CancellationError()))
    }
}

/// Resumes the continuation once, with whichever ends first (the work, the timer or a
/// cancellation), and cancels the others.
private final class TimeLimitOutcome<T: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<T, any Error>?
        var work: Task<Void, Never>?
        var timer: Scheduled<Void>?
        /// Set when the outcome came before the continuation was stored.
        var early: Result<T, any Error>?
        var done = false
    }
    private let state = NIOLockedValueBox(State())

    func start(_ continuation: CheckedContinuation<T, any Error>, timer: Scheduled<Void>, work: Task<Void, Never>) {
        let early: Result<T, any Error>? = state.withLockedValue { state in
            state.work = work
            state.timer = timer
            if let early = state.early { return early }
            state.continuation = continuation
            return nil
        }
        if let early {
            work.cancel()
            timer.cancel()
            continuation.resume(with: early)
        }
    }

    func finish(_ result: Result<T, any Error>) {
        let (continuation, work, timer) = state.withLockedValue { state -> (CheckedContinuation<T, any Error>?, Task<Void, Never>?, Scheduled<Void>?) in
            guard !state.done else { return (nil, nil, nil) }
            state.done = true
            guard let continuation = state.continuation else {
                state.early = result
                return (nil, nil, nil)
            }
            state.continuation = nil
            return (continuation, state.work, state.timer)
        }
        work?.cancel()
        timer?.cancel()
        continuation?.resume(with: result)
    }
}

extension ServiceError {
    /// Hummingbird's own errors (no route, a body over the size limit) as service errors.
    init(httpError error: any Error) {
        switch error {
        case let error as HTTPError where error.status == .notFound:
            self.init(.notFound, "no such endpoint: see openapi.yaml for POST /v1/speak, POST /v1/speak/batch, GET /v1/locales and GET /health.")
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
