import Foundation
import Hummingbird
import NIOCore
import Logging
import SpokenForm

/// The HTTP routes. Each handler reads the body (bounded), decodes it, and hands it to
/// `Speaker`; errors become JSON in `ErrorMiddleware`.
public struct Routes: Sendable {
    let speaker: Speaker
    let configuration: ServerConfiguration
    /// `GET /v1/locales` does not change while the server runs: encoded once.
    let localesBody: Data
    static let healthBody = Data(#"{"status":"ok"}"#.utf8)

    public init(configuration: ServerConfiguration) throws {
        self.configuration = configuration
        speaker = Speaker(cache: SpokenFormCache(capacity: configuration.localeCacheCapacity),
                          maxBatchInputs: configuration.maxBatchInputs)
        let locales = LocalesResponse(
            kinds: SpeakKind.all.map { .init(name: $0.name, available: $0.speak != nil, options: $0.acceptedOptions) },
            capabilities: SupportedLocales.all(),
            plannedEndpoints: Self.plannedEndpoints.map { "POST \($0.path)" })
        let encoder = JSONResponse.encoder()
        localesBody = try encoder.encode(locales)
    }

    /// Endpoints whose capability is not built yet, with the issue that builds it. They
    /// answer `unsupported_capability` today; each becomes a handler like `speak` when
    /// the library has the call (`spokenForm.label(...)`, `spokenForm.lint(...)`).
    static let plannedEndpoints: [(path: String, capability: String)] = [
        ("/v1/label", "labels (a whole accessibility label: values, abbreviations and languages in one call)"),
        ("/v1/lint", "label linting (what a screen reader would misread in a label)"),
    ]

    public func add<Context: RequestContext>(to router: Router<Context>) {
        router.middlewares.add(ErrorMiddleware<Context>())

        router.get("/health") { _, _ in JSONResponse.response(.ok, Self.healthBody) }
        router.get("/v1/locales") { _, _ in JSONResponse.response(.ok, localesBody) }
        router.post("/v1/speak") { request, _ in
            try await withTimeLimit(configuration.timeLimit) {
                let body = try await readBody(request)
                return try JSONResponse.ok(try speaker.speak(try JSONResponse.decode(SpeakRequest.self, from: body)))
            }
        }
        router.post("/v1/speak/batch") { request, _ in
            try await withTimeLimit(configuration.timeLimit) {
                let body = try await readBody(request)
                return try JSONResponse.ok(try speaker.speak(try JSONResponse.decode(SpeakBatchRequest.self, from: body)))
            }
        }
        for planned in Self.plannedEndpoints {
            router.post(RouterPath(planned.path)) { request, _ -> Response in
                // Read the body all the same, so the connection stays usable for the next request.
                _ = try await withTimeLimit(configuration.timeLimit) { try await readBody(request) }
                throw ServiceError(.unsupportedCapability, "\(planned.capability) is not available yet in this version of SpokenForm.")
            }
        }
    }

    /// Every path, and the one method it answers (a path asked with another method
    /// answers 405 with `Allow`, see `ErrorMiddleware`).
    static var endpoints: [(path: String, method: HTTPRequest.Method)] {
        [("/health", .get), ("/v1/locales", .get), ("/v1/speak", .post), ("/v1/speak/batch", .post)]
            + plannedEndpoints.map { ($0.path, .post) }
    }

    /// The whole body, at most `maxBodyBytes`: a declared length over the limit is
    /// refused before anything is read.
    func readBody(_ request: Request) async throws -> ByteBuffer {
        let limit = configuration.maxBodyBytes
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > limit {
            throw ServiceError(.bodyTooLarge, "the body has \(declared) bytes: at most \(limit) are taken.")
        }
        do {
            return try await request.body.collect(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw ServiceError(.bodyTooLarge, "the body is longer than \(limit) bytes, the most taken.")
        }
    }

    /// The application: the routes on an HTTP/1.1 server, not yet running.
    public static func application(
        configuration: ServerConfiguration, logger: Logger,
        onServerRunning: @escaping @Sendable (any Channel) async -> Void = { _ in }
    ) throws -> some ApplicationProtocol {
        let router = Router()
        try Routes(configuration: configuration).add(to: router)
        return Application(
            router: router,
            server: .http1(configuration: .init(idleTimeout: .nanoseconds(Int64(configuration.idleTimeout.microseconds) * 1000))),
            configuration: .init(address: .hostname(configuration.hostname, port: configuration.port), serverName: "SpokenFormServer"),
            onServerRunning: onServerRunning,
            logger: logger)
    }
}
