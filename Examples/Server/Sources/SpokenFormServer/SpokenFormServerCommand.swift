import ArgumentParser
import Hummingbird
import NIOCore
import Logging
import ServiceLifecycle
import SpokenFormService

/// `SpokenFormServer --port 8080`: SpokenForm over HTTP (see README.md and openapi.yaml).
@main
struct SpokenFormServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "SpokenFormServer",
        abstract: "SpokenForm over HTTP: POST /v1/speak, /v1/speak/batch, /v1/speak/audio, /v1/label, /v1/lint, /v1/catalog/convert; GET /v1/locales, /health, and the listening page at /.",
        discussion: """
        Example: SpokenFormServer --port 8080, then open http://localhost:8080/ (paste text or a catalog, listen), or
          curl -s localhost:8080/v1/speak -d '{"locale":"fr-FR","kind":"date","input":"01/04/2015"}'
        Audio (POST /v1/speak/audio) needs espeak-ng (Debian package espeak-ng) on the PATH or at --espeak-path.
        Logs are JSON lines on standard error. SIGTERM or SIGINT stop it gracefully: it
        stops accepting connections and finishes the requests under way.
        """
    )

    @Option(help: "Address to listen on (default: this machine only).")
    var hostname = "127.0.0.1"

    @Option(help: "Port to listen on; 0 picks a free port, named in the 'listening' log line.")
    var port = 8080

    @Option(help: "Largest request body in bytes, e.g. 1048576; a larger one answers 413 body_too_large.")
    var maxBodyBytes = 1 << 20

    @Option(help: "Longest a request may take in milliseconds, e.g. 5000; past it the answer is 503 timeout.")
    var timeLimitMs = 5000

    @Option(help: "Longest input in UTF-8 bytes, e.g. 2048; a longer one answers 422 input_too_long.")
    var maxInputBytes = 2048

    @Option(help: "Most inputs in one POST /v1/speak/batch, e.g. 1000.")
    var maxBatchInputs = 1000

    @Option(help: "Most locales kept ready at once, e.g. 64.")
    var localeCacheCapacity = 64

    @Option(help: "Longest input said aloud by POST /v1/speak/audio, in UTF-8 bytes, e.g. 500; a longer one answers 413 speech_too_long.")
    var maxSpeechBytes = 500

    @Option(help: "Audio requests one client may make per minute, e.g. 30; more answer 429 rate_limited.")
    var speechPerMinute = 30

    @Option(help: "Audio requests one client may make at once before --speech-per-minute applies, e.g. 5.")
    var speechBurst = 5

    @Option(help: "The espeak-ng program, e.g. /usr/bin/espeak-ng (default: espeak-ng on the PATH).")
    var espeakPath: String?

    @Option(help: "Log level: trace, debug (one line per request), info, notice, warning, error, critical.")
    var logLevel: String = "info"

    func validate() throws {
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError("'\(logLevel)' is not a log level: expected trace, debug, info, notice, warning, error or critical.") }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
        guard maxBodyBytes > 0, timeLimitMs > 0, maxInputBytes > 0, maxBatchInputs > 0, localeCacheCapacity > 0,
              maxSpeechBytes > 0, speechPerMinute > 0, speechBurst > 0 else {
            throw ValidationError("--max-body-bytes, --time-limit-ms, --max-input-bytes, --max-batch-inputs, --locale-cache-capacity, --max-speech-bytes, --speech-per-minute and --speech-burst must be positive.")
        }
    }

    func run() async throws {
        let level = Logger.Level(rawValue: logLevel) ?? .info
        LoggingSystem.bootstrap { JSONLogHandler(label: $0, level: level) }
        let logger = Logger(label: "SpokenFormServer")

        var configuration = ServerConfiguration()
        configuration.hostname = hostname
        configuration.port = port
        configuration.maxBodyBytes = maxBodyBytes
        configuration.timeLimit = .milliseconds(timeLimitMs)
        configuration.maxInputBytes = maxInputBytes
        configuration.maxBatchInputs = maxBatchInputs
        configuration.localeCacheCapacity = localeCacheCapacity
        configuration.maxSpeechBytes = maxSpeechBytes
        configuration.speechPerMinute = speechPerMinute
        configuration.speechBurst = speechBurst
        configuration.espeakPath = espeakPath

        let app = try Routes.application(configuration: configuration, logger: logger) { channel in
            logger.info("listening", metadata: [
                "host": "\(channel.localAddress?.ipAddress ?? hostname)",
                "port": "\(channel.localAddress?.port ?? port)",
            ])
        }
        let services = ServiceGroup(configuration: .init(
            services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await services.run()
        logger.info("stopped")
    }
}
