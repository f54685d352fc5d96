import Foundation

/// What the server is started with (`SpokenFormServer --help` lists the same).
public struct ServerConfiguration: Sendable {
    /// Address to listen on. The default serves this machine only.
    public var hostname = "127.0.0.1"
    /// Port; 0 picks a free one (the "listening" log line names it).
    public var port = 8080
    /// Longest request body taken; a longer one answers 413 `body_too_large`.
    public var maxBodyBytes = 1 << 20
    /// Longest a request may take, reading its body included; past it, 503 `timeout`.
    public var timeLimit: Duration = .seconds(5)
    /// Longest input in UTF-8 bytes; a longer one answers 422 `input_too_long`. Labels are
    /// short, and a library call cannot be interrupted (95 kB of `text` takes seconds),
    /// so this is what keeps each call short.
    public var maxInputBytes = 2048
    /// Most inputs in one `POST /v1/speak/batch`.
    public var maxBatchInputs = 1000
    /// Most locales kept ready at once (see `SpokenFormCache`).
    public var localeCacheCapacity = 64
    /// How many threads run the library's calls (see `LibraryThreads`): one per core.
    public var libraryThreads = ProcessInfo.processInfo.activeProcessorCount
    /// Longest text `POST /v1/speak/audio` says, in UTF-8 bytes of its input (what it says
    /// may be at most four times that: "1 000 000" grows into words); a longer one
    /// answers 413 `speech_too_long`. Audio is made in memory: this bounds its size.
    public var maxSpeechBytes = 500
    /// Audio requests one client (one address) may make per minute, on average; up to
    /// `speechBurst` at once. More answer 429 `rate_limited`.
    public var speechPerMinute = 30
    public var speechBurst = 5
    /// The espeak-ng program; nil finds `espeak-ng` on the PATH. Without it,
    /// `POST /v1/speak/audio` answers 503 `speech_unavailable` and the rest still works.
    public var espeakPath: String?
    /// A connection with no request for this long is closed.
    public var idleTimeout: Duration = .seconds(60)

    public init() {}
}
