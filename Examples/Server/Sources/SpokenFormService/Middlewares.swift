import Foundation
import Hummingbird
import Logging

/// Turns every error into the JSON error body with its stable code and status, so
/// no request is answered with an empty 500 or a framework-made page. Also logs each
/// request at debug level (method, path, status, microseconds).
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let response: Response
        do {
            response = try await next(request, context)
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
}

/// Bounds the time of a request, reading its body included: past `limit` it answers
/// `timeout` and cancels the handler (a batch stops at its next input). One input is
/// spoken in microseconds, so what this really bounds is a client that sends its body
/// slowly and a batch on a machine that is overloaded.
struct TimeLimitMiddleware<Context: RequestContext>: RouterMiddleware {
    let limit: Duration

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        try await withThrowingTaskGroup(of: Response.self) { group in
            group.addTask { try await next(request, context) }
            group.addTask {
                try await Task.sleep(for: limit)
                throw ServiceError(.timeout, "the request took longer than the server's time limit of \(limit.milliseconds) ms.")
            }
            defer { group.cancelAll() }
            return try await group.next()!
        }
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
