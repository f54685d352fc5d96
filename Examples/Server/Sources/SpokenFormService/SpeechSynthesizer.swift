import Foundation
import NIOConcurrencyHelpers
#if canImport(Glibc)
import Glibc
#endif

/// Says SSML aloud with espeak-ng (Debian `espeak-ng`), for `POST /v1/speak/audio`: one
/// process per request, its WAV read from standard output into memory (nothing is written
/// to disk), killed when it overruns its time or its size.
///
/// espeak-ng reads SSML 1.0 (`-m`): it has `<voice xml:lang>` but not SSML 1.1's `<lang>`,
/// which the library writes for a run in another language, so `<lang>` is sent as
/// `<voice>` (the base voice, `-v`, is where `</voice>` returns to).
public final class SpeechSynthesizer: Sendable {
    /// The espeak-ng program.
    public let executable: URL
    /// The languages of espeak-ng's voices, lowercased (`fr`, `fr-fr`, `en-us`, …).
    public let voices: Set<String>
    /// Audio longer than this is cut off by killing the process: about six minutes of
    /// espeak-ng's 22 050 Hz 16-bit mono, far more than the text limit lets through.
    static let maxAudioBytes = 16 << 20
    /// Syntheses under way, at most `maxConcurrent` (each is a process holding a core).
    private let running = NIOLockedValueBox(0)
    let maxConcurrent: Int

    /// The synthesizer of `path` (nil: `espeak-ng` on the PATH), or nil when there is no
    /// such program or it lists no voice.
    public init?(path: String? = nil, maxConcurrent: Int = 2 * ProcessInfo.processInfo.activeProcessorCount) {
        guard let executable = path.map({ URL(fileURLWithPath: $0) }) ?? Self.onPath("espeak-ng"),
              FileManager.default.isExecutableFile(atPath: executable.path),
              let listing = try? Self.run(executable, ["--voices"]), listing.status == 0 else { return nil }
        self.executable = executable
        voices = Self.voiceLanguages(String(decoding: listing.output, as: UTF8.self))
        self.maxConcurrent = maxConcurrent
        guard !voices.isEmpty else { return nil }
        // Writing to an espeak-ng that died must fail the write, not end the server.
        signal(SIGPIPE, SIG_IGN)
    }

    /// The voice for a BCP 47 tag: the whole tag when espeak-ng has it (`fr-fr`), else its
    /// language (`fr`); nil when espeak-ng speaks neither.
    public func voice(for locale: String) -> String? {
        let tag = locale.lowercased().replacingOccurrences(of: "_", with: "-")
        if voices.contains(tag) { return tag }
        let language = String(tag.prefix(while: { $0 != "-" }))
        return voices.contains(language) ? language : nil
    }

    /// The SSML as espeak-ng reads it: SSML 1.1's `<lang>` as `<voice>`. The library
    /// escapes every text, so these tags are its own.
    static func espeakSSML(_ ssml: String) -> String {
        ssml.replacingOccurrences(of: "<lang xml:lang=", with: "<voice xml:lang=")
            .replacingOccurrences(of: "</lang>", with: "</voice>")
    }

    /// `ssml` said by `voice`, as WAV bytes. Throws `timeout` when espeak-ng has not
    /// finished within `limit` (it is killed), `rate_limited` when `maxConcurrent`
    /// syntheses run already, `speech_unavailable` when it fails.
    public func wav(ssml: String, voice: String, within limit: Duration) async throws(ServiceError) -> [UInt8] {
        let admitted = running.withLockedValue { count -> Bool in
            guard count < maxConcurrent else { return false }
            count += 1
            return true
        }
        guard admitted else {
            throw ServiceError(.rateLimited, "the server is making as much audio as it can (\(maxConcurrent) at once): try again in a moment.",
                               retryAfterSeconds: 1)
        }
        defer { running.withLockedValue { $0 -= 1 } }
        let arguments = ["-m", "-b", "1", "-v", voice, "--stdout", "--stdin"]
        let input = Data(Self.espeakSSML(ssml).utf8)
        let executable = executable
        let outcome: Result<Output, ServiceError> = await withCheckedContinuation { continuation in
            // The process is waited for on a thread of its own: a blocking wait must not
            // hold a thread of the handlers' pool or a library thread.
            Thread {
                continuation.resume(returning: Result { () throws(ServiceError) in try Self.run(executable, arguments, input: input, limit: limit) })
            }.start()
        }
        let output = try outcome.get()
        if output.killedAtLimit {
            throw ServiceError(.timeout, "espeak-ng took longer than the \(limit.milliseconds) ms left to this request: it was stopped.")
        }
        if output.killedAtSize {
            throw ServiceError(.speechTooLong, "the audio grew past \(Self.maxAudioBytes) bytes: it was stopped.")
        }
        guard output.status == 0, output.output.count > 44 else {
            let message = String(decoding: output.errors.prefix(300), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw ServiceError(.speechUnavailable, "espeak-ng failed (status \(output.status)): \(message.isEmpty ? "no audio" : message)")
        }
        return Self.withSizes(output.output)
    }

    /// espeak-ng writes its WAV to a pipe, where it cannot seek back to write the sizes:
    /// its header says 0x7FFFF000 bytes. The whole file is in memory here, so the RIFF and
    /// `data` sizes are written as they are (some players refuse the placeholder).
    static func withSizes(_ wav: [UInt8]) -> [UInt8] {
        var wav = wav
        guard wav.count >= 12, wav[0..<4].elementsEqual("RIFF".utf8), wav[8..<12].elementsEqual("WAVE".utf8) else { return wav }
        func put(_ value: Int, at offset: Int) {
            let value = UInt32(clamping: value)
            for byte in 0..<4 { wav[offset + byte] = UInt8((value >> (8 * UInt32(byte))) & 0xFF) }
        }
        put(wav.count - 8, at: 4)
        var chunk = 12
        while chunk + 8 <= wav.count {
            let size = (0..<4).reduce(0) { $0 | Int(wav[chunk + 4 + $1]) << (8 * $1) }
            if wav[chunk..<chunk + 4].elementsEqual("data".utf8) {
                put(wav.count - chunk - 8, at: chunk + 4)
                break
            }
            chunk += 8 + size + (size & 1)
        }
        return wav
    }

    /// What a run of espeak-ng gave.
    struct Output {
        var status: Int32
        var output: [UInt8]
        var errors: [UInt8]
        var killedAtLimit = false
        var killedAtSize = false
    }

    /// Runs `executable` with `arguments`, `input` on its standard input, its standard
    /// output and error read into memory; killed (SIGKILL) at `limit` or when its output
    /// passes `maxAudioBytes`. Blocks the calling thread until the process has exited.
    static func run(_ executable: URL, _ arguments: [String], input: Data = Data(), limit: Duration = .seconds(5)) throws(ServiceError) -> Output {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        do { try process.run() } catch {
            throw ServiceError(.speechUnavailable, "espeak-ng could not be started: \(error.localizedDescription)")
        }
        let pid = process.processIdentifier
        let killed = NIOLockedValueBox(false)
        let timer = DispatchWorkItem {
            killed.withLockedValue { $0 = true }
            kill(pid, SIGKILL)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(Int(max(1, limit.milliseconds))), execute: timer)
        // The SSML is a few kilobytes, within the pipe's buffer: written whole before reading.
        try? stdin.fileHandleForWriting.write(contentsOf: input)
        try? stdin.fileHandleForWriting.close()
        // Standard error is read on another thread, so that neither pipe can fill and stall the process.
        let errors = NIOLockedValueBox([UInt8]())
        let errorsRead = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let data = (try? stderr.fileHandleForReading.readToEnd()) ?? nil
            errors.withLockedValue { $0 = [UInt8]((data ?? Data()).prefix(4096)) }
            errorsRead.signal()
        }
        var output = [UInt8]()
        var killedAtSize = false
        let reader = stdout.fileHandleForReading
        while let chunk = try? reader.read(upToCount: 1 << 16), !chunk.isEmpty {
            output.append(contentsOf: chunk)
            if output.count > maxAudioBytes {
                killedAtSize = true
                kill(pid, SIGKILL)
                break
            }
        }
        process.waitUntilExit()
        timer.cancel()
        errorsRead.wait()
        return Output(status: process.terminationStatus, output: output, errors: errors.withLockedValue { $0 },
                      killedAtLimit: killed.withLockedValue { $0 }, killedAtSize: killedAtSize)
    }

    /// The language column of `espeak-ng --voices`, lowercased, and the language of each
    /// (`fr` for `fr-fr`): espeak-ng's `-v fr` picks that language's default voice.
    static func voiceLanguages(_ listing: String) -> Set<String> {
        var languages = Set<String>()
        for line in listing.split(separator: "\n").dropFirst() {
            let columns = line.split(separator: " ", omittingEmptySubsequences: true)
            guard columns.count > 1 else { continue }
            let language = columns[1].lowercased()
            languages.insert(language)
            languages.insert(String(language.prefix(while: { $0 != "-" })))
        }
        return languages
    }

    /// The first executable named `name` in the PATH's folders.
    static func onPath(_ name: String) -> URL? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        return folders.lazy.map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
