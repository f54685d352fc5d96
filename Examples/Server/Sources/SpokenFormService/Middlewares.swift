import Foundation
import Hummingbird
import NIOCore
import Logging
import NIOHTTP1

/// Turns every error into the JSON error body with its stable code and status, so
/// no request is answered with an empty 500 or a framework-made page; the answer to a
/// HEAD request keeps its status and headers and drops its body. Also logs each
/// request at debug level (method, path, status, microseconds).
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // Reading the clock only when the request will be logged: info level logs none.
        let start = context.logger.logLevel <= .debug ? ContinuousClock.now : nil
        var response: Response
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
            if let seconds = serviceError.retryAfterSeconds { response.headers[.retryAfter] = "\(seconds)" }
            // The parser cannot find where this request ends: the connection cannot carry another.
            if error is HTTPParserError { response.headers[.connection] = "close" }
        }
        // A body after the head of a HEAD answer would be read as the start of the next answer.
        if request.method == .head { response = response.createHeadResponse() }
        if let start {
            context.logger.debug("request", metadata: [
                "method": "\(request.method)", "path": "\(request.uri.path)", "status": "\(response.status.code)",
                "microseconds": "\((ContinuousClock.now - start).microseconds)",
            ])
        }
        return response
    }

    /// The router has no route for this method and path: 405 with `Allow` when the path
    /// exists for other methods (a router alone answers 404 as if it did not exist).
    static func notFound(_ request: Request) -> Response {
        guard let endpoint = Routes.endpoints.first(where: { $0.path == request.uri.path }) else {
            return JSONResponse.error(ServiceError(httpError: HTTPError(.notFound)))
        }
        let methods = endpoint.methods.map(\.rawValue)
        var response = JSONResponse.error(ServiceError(.methodNotAllowed, "\(endpoint.path) answers \(methods.joined(separator: " and ")) only."))
        response.headers[.allow] = methods.joined(separator: ", ")
        return response
    }
}

extension ServiceError {
    /// Hummingbird's own errors (no route, a body over the size limit) as service errors.
    init(httpError error: any Error) {
        switch error {
        case let error as HTTPError where error.status == .notFound:
            self.init(.notFound, "no such endpoint: see openapi.yaml for POST /v1/speak, POST /v1/speak/batch, POST /v1/speak/audio, POST /v1/label, POST /v1/lint, POST /v1/catalog/convert, GET /v1/locales, GET /health and the listening page, GET /.")
        case let error as HTTPError where error.status == .contentTooLarge:
            self.init(.bodyTooLarge, "the request body is too large.")
        case is NIOTooManyBytesError:
            self.init(.bodyTooLarge, "the request body is too large.")
        case is CancellationError:
            self.init(.timeout, "the request was cancelled before it finished.")
        case let error as HTTPParserError:
            // Raised while the body is read (a chunk size that is not hexadecimal): the request's fault.
            self.init(.malformedHTTP, "the request is not valid HTTP/1.1 (\(error)): the connection is closed.")
        default:
            self.init(error)
        }
    }
}

extension Duration {
    var microseconds: Int64 { components.seconds * 1_000_000 + components.attoseconds / 1_000_000_000_000 }
    var milliseconds: Int64 { microseconds / 1000 }
}
