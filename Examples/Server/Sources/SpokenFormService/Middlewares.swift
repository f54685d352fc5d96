import Foundation
import Hummingbird
import NIOCore
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
/// and cancels the work (a batch stops at its next input). One input is spoken in
/// microseconds, so what this really bounds is a client that sends its body slowly and
/// a large batch on an overloaded machine. (A handler, not a middleware: a middleware's
/// `next` cannot be moved into a child task.)
func withTimeLimit<T: Sendable>(_ limit: Duration, _ work: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await work() }
        group.addTask {
            try await Task.sleep(for: limit)
            throw ServiceError(.timeout, "the request took longer than the server's time limit of \(limit.milliseconds) ms.")
        }
        defer { group.cancelAll() }
        return try await group.next()!
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
