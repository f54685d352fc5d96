import Foundation
import Hummingbird
import NIOCore
import Logging
import SpokenForm

/// The HTTP routes. Each handler reads the body (bounded), decodes it, and hands it to
/// `Speaker`; errors become JSON in `ErrorMiddleware`.
public struct Routes: Sendable {
    let speaker: Speaker
    let labeller: Labeller
    let configuration: ServerConfiguration
    /// `GET /v1/locales` does not change while the server runs: encoded once.
    let localesBody: Data
    /// Keeps every request's time limit (one timer for all, see `TimeLimitWatchdog`).
    let watchdog: TimeLimitWatchdog
    static let healthBody = Data(#"{"status":"ok"}"#.utf8)
    /// Runs the library's calls, off the handlers' pool (see `LibraryThreads`).
    let threads: LibraryThreads
    /// Values up to this many UTF-8 bytes are spoken on the thread that read the request:
    /// a number or a date takes tens of microseconds, the slowest 256-byte values about
    /// 5 ms in a debug build (running text goes to `threads` at any length).
    static let inlineInputBytes = 256
    /// Speak bodies up to this many bytes are decoded on the thread that read them (an
    /// input of `inlineInputBytes`, its locale, kind and options); a longer one is decoded
    /// on `threads`, as every other body is.
    static let inlineBodyBytes = 1024

    /// Converts uploaded catalogs (`POST /v1/catalog/convert`).
    let catalogs: CatalogService
    /// espeak-ng, when this machine has it (`POST /v1/speak/audio`).
    let synthesizer: SpeechSynthesizer?
    /// Audio requests per client (`--speech-per-minute`).
    let speechRate: ClientRateLimiter
    /// `GET /` and its files.
    let page: ListenPage

    public init(configuration: ServerConfiguration) throws {
        self.configuration = configuration
        speaker = Speaker(cache: SpokenFormCache(capacity: configuration.localeCacheCapacity),
                          maxBatchInputs: configuration.maxBatchInputs, maxInputBytes: configuration.maxInputBytes)
        labeller = Labeller(cache: speaker.cache, maxElements: configuration.maxBatchInputs, maxInputBytes: configuration.maxInputBytes)
        let locales = LocalesResponse(
            kinds: SpeakKind.all.map { .init(name: $0.name, available: $0.speak != nil, options: $0.acceptedOptions) },
            capabilities: SupportedLocales.all())
        watchdog = TimeLimitWatchdog(tick: TimeLimitWatchdog.tick(for: configuration.timeLimit))
        threads = LibraryThreads(count: configuration.libraryThreads)
        localesBody = try JSONResponse.encode(locales)
        catalogs = CatalogService(maxInputBytes: configuration.maxInputBytes)
        synthesizer = SpeechSynthesizer(path: configuration.espeakPath)
        speechRate = ClientRateLimiter(perMinute: configuration.speechPerMinute, burst: configuration.speechBurst)
        page = ListenPage.load()
    }

    public func add(to router: Router<ServerRequestContext>) {
        router.middlewares.add(ErrorMiddleware<ServerRequestContext>())

        for (path, _, _) in ListenPage.files {
            router.get(RouterPath(path)) { _, _ in try page.response(path) }
        }

        // GET only: the router answers HEAD of these paths from them (see `application`).
        router.get("/health") { _, _ in JSONResponse.response(.ok, Self.healthBody) }
        router.get("/v1/locales") { _, _ in JSONResponse.response(.ok, localesBody) }
        // The body's arrival is bounded by `BodyTimeLimitHandler`. Everything after it runs
        // on `threads` within the time limit (`withTimeLimit`), decoding included (a body
        // may be a megabyte), except a short speak request: a small body, one value (not
        // running text) of up to `inlineInputBytes` in a locale already held, answered in
        // the handler's own task (its call takes tens of microseconds; the hand-over to a
        // library thread and back would cost more than the call).
        router.post("/v1/speak") { request, _ in
            let start = ContinuousClock.now
            let body = try await readBody(request)
            guard body.readableBytes <= Self.inlineBodyBytes else {
                return try await withTimeLimit(configuration.timeLimit, since: start, watchdog: watchdog, threads: threads) { _ in
                    let speakRequest = try SpeakRequest.fastParse(body) ?? JSONResponse.decode(SpeakRequest.self, from: body)
                    return Self.answer(try speaker.speak(speakRequest))
                }
            }
            let speakRequest = try SpeakRequest.fastParse(body) ?? JSONResponse.decode(SpeakRequest.self, from: body)
            if speakRequest.input.utf8.count <= Self.inlineInputBytes, !SpeakKind.runningTextKinds.contains(speakRequest.kind),
               speaker.cache.holds(locale: speakRequest.locale) {
                return Self.answer(try speaker.speak(speakRequest))
            }
            // A long input or running text may take long (95 kB of text: seconds), and a new
            // locale sets up ICU.
            return try await withTimeLimit(configuration.timeLimit, since: start, watchdog: watchdog, threads: threads) { _ in
                Self.answer(try speaker.speak(speakRequest))
            }
        }
        router.post("/v1/speak/audio") { request, context in
            try await audio(request, client: context.client)
        }
        router.post("/v1/catalog/convert") { request, _ in
            let start = ContinuousClock.now
            let body = try await readBody(request)
            let query = request.uri.queryParameters
            let conversion = CatalogConversionRequest(bytes: Array(body.readableBytesView), language: query["language"].map(String.init),
                                                      languages: CatalogService.languages(query["languages"].map(String.init)))
            return try await withTimeLimit(configuration.timeLimit, since: start, watchdog: watchdog, threads: threads) { deadline in
                try JSONResponse.ok(try catalogs.convert(conversion, deadline: deadline))
            }
        }
        router.post("/v1/speak/batch") { request, _ in
            let start = ContinuousClock.now
            let body = try await readBody(request)
            return try await withTimeLimit(configuration.timeLimit, since: start, watchdog: watchdog, threads: threads) { deadline in
                let batch = try JSONResponse.decode(SpeakBatchRequest.self, from: body)
                return try JSONResponse.ok(try speaker.speak(batch, deadline: deadline))
            }
        }
        router.post("/v1/label") { request, _ in
            let start = ContinuousClock.now
            let body = try await readBody(request)
            return try await withTimeLimit(configuration.timeLimit, since: start, watchdog: watchdog, threads: threads) { deadline in
                let label = try JSONResponse.decode(LabelRequest.self, from: body)
                return try JSONResponse.ok(try labeller.label(label, deadline: deadline))
            }
        }
        router.post("/v1/lint") { request, _ in
            let start = ContinuousClock.now
            let body = try await readBody(request)
            return try await withTimeLimit(configuration.timeLimit, since: start, watchdog: watchdog, threads: threads) { deadline in
                let lint = try JSONResponse.decode(LintRequest.self, from: body)
                return try JSONResponse.ok(try labeller.lint(lint, deadline: deadline))
            }
        }
    }

    /// `POST /v1/speak/audio`: the speak request's SSML said by espeak-ng, as WAV. The text
    /// is bounded (413 `speech_too_long`), the client's rate too (429 `rate_limited`), and
    /// espeak-ng gets what is left of the request's time limit, killed past it (503
    /// `timeout`). The audio is made in memory and sent; nothing is kept.
    func audio(_ request: Request, client: String) async throws -> Response {
        let start = ContinuousClock.now
        let body = try await readBody(request)
        guard let synthesizer else {
            throw ServiceError(.speechUnavailable, "this server has no speech engine: install espeak-ng (Debian package espeak-ng) and restart it.")
        }
        let maxBytes = configuration.maxSpeechBytes
        let result = try await withTimeLimit(configuration.timeLimit, since: start, watchdog: watchdog, threads: threads) { _ in
            let speakRequest = try SpeakRequest.fastParse(body) ?? JSONResponse.decode(SpeakRequest.self, from: body)
            guard speakRequest.input.utf8.count <= maxBytes else {
                throw ServiceError(.speechTooLong, "the input has \(speakRequest.input.utf8.count) bytes in UTF-8: at most \(maxBytes) are said aloud.")
            }
            let result = try speaker.speak(speakRequest)
            guard result.text.utf8.count <= Self.spokenGrowth * maxBytes else {
                throw ServiceError(.speechTooLong, "the input says \(result.text.utf8.count) bytes in UTF-8: at most \(Self.spokenGrowth * maxBytes) are said aloud.")
            }
            return result
        }
        guard let voice = synthesizer.voice(for: result.locale) else {
            throw ServiceError(.unsupportedCapability, "espeak-ng has no voice for '\(result.locale)'.")
        }
        if let wait = speechRate.take(for: client) {
            let seconds = max(1, Int((wait.milliseconds + 999) / 1000))
            throw ServiceError(.rateLimited, "at most \(speechRate.perMinute) audio requests a minute are taken from one client: try again in \(seconds) s.",
                               retryAfterSeconds: seconds)
        }
        let remaining = (start + configuration.timeLimit) - ContinuousClock.now
        guard remaining > .milliseconds(1) else {
            throw ServiceError(.timeout, "the request took longer than the server's time limit of \(configuration.timeLimit.milliseconds) ms.")
        }
        let wav = try await synthesizer.wav(ssml: result.ssml, voice: voice, within: remaining)
        return Response(status: .ok, headers: [.contentType: "audio/wav", .cacheControl: "no-store"], body: ResponseBody(byteBuffer: ByteBuffer(bytes: wav)))
    }

    /// What an input of `--max-speech-bytes` may say at most, as a multiple of it: a number
    /// or a date grows into words ("1 000 000" into "un million"), a sentence barely.
    static let spokenGrowth = 4

    /// The answer to one speak request, its JSON written straight into the body's buffer.
    /// The buffer is allocated once at its final size, and the headers are built once for
    /// all answers (a growing buffer and a header literal per request showed in a profile).
    static func answer(_ result: SpeakResult) -> Response {
        var answer = allocator.buffer(capacity: result.jsonCapacity)
        result.write(to: &answer)
        return Response(status: .ok, headers: JSONResponse.headers, body: ResponseBody(byteBuffer: answer))
    }
    private static let allocator = ByteBufferAllocator()

    /// Every path, and the methods it answers: a GET path answers HEAD too (a path asked
    /// with another method answers 405 with `Allow`, see `ErrorMiddleware`).
    static var endpoints: [(path: String, methods: [HTTPRequest.Method])] {
        [("/health", [.get, .head]), ("/v1/locales", [.get, .head]), ("/v1/speak", [.post]), ("/v1/speak/batch", [.post]),
         ("/v1/speak/audio", [.post]), ("/v1/label", [.post]), ("/v1/lint", [.post]), ("/v1/catalog/convert", [.post])]
            + ListenPage.files.map { ($0.path, [.get, .head]) }
    }

    /// The whole body, at most `maxBodyBytes`: a declared length over the limit is
    /// refused before anything is read.
    func readBody(_ request: Request) async throws -> ByteBuffer {
        let limit = configuration.maxBodyBytes
        if let declared = Self.declaredLength(request.headers), declared > limit {
            throw ServiceError(.bodyTooLarge, "the body has \(declared) bytes: at most \(limit) are taken.")
        }
        do {
            return try await request.body.collect(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw ServiceError(.bodyTooLarge, "the body is longer than \(limit) bytes, the most taken.")
        }
    }

    /// The `Content-Length` a request declares, read from its one field: the subscript
    /// `headers[.contentLength]` joins the values of every such field through a generic
    /// `joined(separator:)`, which cost more than the rest of reading the body in a profile.
    /// A repeated field gives nil, as the joined "10, 10" did (and the HTTP parser refuses it first).
    static func declaredLength(_ headers: HTTPFields) -> Int? {
        var declared: Int?
        var seen = false
        for field in headers where field.name == .contentLength {
            if seen { return nil }
            seen = true
            declared = Int(field.value)
        }
        return declared
    }

    /// The application: the routes on an HTTP/1.1 server, not yet running.
    public static func application(
        configuration: ServerConfiguration, logger: Logger,
        onServerRunning: @escaping @Sendable (any Channel) async -> Void = { _ in }
    ) throws -> some ApplicationProtocol {
        // HEAD of a GET path is its GET without the body (monitors probe /health with HEAD).
        let router = Router(context: ServerRequestContext.self, options: .autoGenerateHeadEndpoints)
        let routes = try Routes(configuration: configuration)
        routes.add(to: router)
        if routes.synthesizer == nil {
            logger.warning("espeak-ng not found: POST /v1/speak/audio answers 503 speech_unavailable; install the Debian package espeak-ng")
        }
        if routes.page.assets.count < ListenPage.files.count {
            logger.warning("the listening page's files were not found beside the server: GET / answers 404")
        }
        return Application(
            router: router,
            server: .http1(configuration: .init(
                additionalChannelHandlers: [BodyTimeLimitHandler(limit: .nanoseconds(Int64(configuration.timeLimit.microseconds) * 1000))],
                idleTimeout: .nanoseconds(Int64(configuration.idleTimeout.microseconds) * 1000))),
            configuration: .init(address: .hostname(configuration.hostname, port: configuration.port), serverName: "SpokenFormServer"),
            onServerRunning: onServerRunning,
            logger: logger)
    }
}
