import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SpokenFormCatalog
import SpokenFormService
import Testing

/// The listening page and its endpoints: `GET /` and its files, `POST /v1/speak/audio`
/// (espeak-ng, Debian `espeak-ng`, installed by scripts/install-deps.sh) and
/// `POST /v1/catalog/convert`. The page itself is tested in Chromium by test_listen_page.py.
@Suite struct ListenPageTests {
    /// The repository's sample catalog (the tests run from any folder).
    static let sampleCatalog = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../Catalog/Localizable.xcstrings").standardized

    @Test(arguments: [("/", "text/html; charset=utf-8"), ("/listen.js", "text/javascript; charset=utf-8"),
                      ("/listen.css", "text/css; charset=utf-8")])
    func pageFilesAreServed(path: String, contentType: String) throws {
        let response = try ServerProcess.shared.connect().request("GET", path)
        #expect(response.status == 200)
        #expect(response.headers["content-type"] == contentType)
        #expect(response.headers["content-security-policy"]?.contains("script-src 'self'") == true)
        #expect(response.headers["x-content-type-options"] == "nosniff")
        #expect(!response.body.isEmpty)
    }

    /// A French sentence with an English run: a WAV (RIFF sizes written), made within a
    /// bounded time. espeak-ng makes a second of speech in milliseconds; the bound is the
    /// request's time limit, with room for a debug build on a shared machine.
    @Test func audioOfAFrenchSentenceWithAnEnglishRun() throws {
        let connection = try ServerProcess.shared.connect()
        let request: [String: Any] = ["locale": "fr-FR", "kind": "text", "input": "Activez le Bluetooth le 01/04/2015.", "options": ["tag": true]]
        let spoken = try connection.post("/v1/speak", request)
        #expect((spoken.json["ssml"] as? String)?.contains(#"<lang xml:lang="en">Bluetooth</lang>"#) == true, "\(spoken.json)")
        let start = Date()
        let response = try connection.post("/v1/speak/audio", request)
        let seconds = Date().timeIntervalSince(start)
        #expect(response.status == 200, "\(String(decoding: response.body.prefix(300), as: UTF8.self))")
        #expect(response.headers["content-type"] == "audio/wav")
        #expect(response.headers["cache-control"] == "no-store")
        let wav = [UInt8](response.body)
        #expect(wav.count > 44_100, "at least a second of 22 050 Hz 16-bit audio")
        #expect(wav.prefix(4).elementsEqual("RIFF".utf8) && wav[8..<12].elementsEqual("WAVE".utf8))
        #expect(Self.littleEndian(wav, at: 4) == wav.count - 8, "the RIFF size is the file's")
        #expect(seconds < 5, "audio took \(seconds) s")
        print("audio of a French sentence with an English run: \(Int(seconds * 1000)) ms, \(wav.count) bytes")
    }

    /// Over `--max-speech-bytes`: a JSON 413 in the server's error shape, before any audio is made.
    @Test func overLongTextIsRefusedWithA413() throws {
        let connection = try ServerProcess.shared.connect()
        let response = try connection.post("/v1/speak/audio", ["locale": "fr-FR", "kind": "text", "input": String(repeating: "Bonjour. ", count: 100)])
        expectError(response, .speechTooLong, mentioning: "at most 500")
        #expect(response.status == 413)
        // Within the input's limit, but what it says is over four times it: long numbers grow into words.
        let numbers = String(repeating: "9999999999999 ", count: 34)
        expectError(try connection.post("/v1/speak/audio", ["locale": "fr-FR", "kind": "text", "input": numbers]), .speechTooLong, mentioning: "at most 2000")
    }

    /// Each client has `--speech-burst` requests at once, then `--speech-per-minute`: a
    /// server of its own, so that the other tests' requests do not spend its tokens.
    @Test func audioRateIsLimitedPerClient() throws {
        let server = try ServerProcess(arguments: ["--speech-per-minute", "1", "--speech-burst", "2"])
        let connection = try server.connect()
        let body: [String: Any] = ["locale": "en-US", "kind": "number", "input": "21"]
        #expect(try connection.post("/v1/speak/audio", body).status == 200)
        #expect(try connection.post("/v1/speak/audio", body).status == 200)
        let refused = try connection.post("/v1/speak/audio", body)
        expectError(refused, .rateLimited)
        #expect(refused.status == 429)
        #expect(Int(refused.headers["retry-after"] ?? "") ?? 0 > 0)
        // A request that makes no audio spends no token: the bucket is empty, yet this is a 413.
        expectError(try connection.post("/v1/speak/audio", ["locale": "fr-FR", "kind": "text", "input": String(repeating: "x", count: 600)]), .speechTooLong)
        #expect(server.stop() == 0)
    }

    /// An espeak-ng that overruns the request's time limit is killed, and the answer is a
    /// 503 `timeout` at the limit: a stand-in program that lists a voice and then sleeps,
    /// writing its process id where the test can check that it is gone.
    @Test func overrunningSpeechEngineIsKilledAtTheLimit() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("slow-espeak-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pidFile = folder.appendingPathComponent("pid")
        let program = folder.appendingPathComponent("espeak-ng")
        try """
            #!/bin/sh
            if [ "$1" = "--voices" ]; then printf 'Pty Language Age/Gender VoiceName File Other Languages\n 5  fr  --/M  French  roa/fr\n'; exit 0; fi
            echo $$ > '\(pidFile.path)'
            exec sleep 60
            """.write(to: program, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program.path)

        let server = try ServerProcess(arguments: ["--espeak-path", program.path, "--time-limit-ms", "1000"])
        let start = Date()
        let response = try server.connect().post("/v1/speak/audio", ["locale": "fr-FR", "kind": "number", "input": "21"])
        let seconds = Date().timeIntervalSince(start)
        expectError(response, .timeout, mentioning: "espeak-ng")
        #expect(abs(seconds - 1) < 0.5, "answered after \(seconds) s, the limit is 1 s")
        let pid = try #require(Int32(try String(contentsOf: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(kill(pid, 0) == -1 && errno == ESRCH, "the stand-in espeak-ng (pid \(pid)) still runs")
        #expect(server.stop() == 0)
    }

    /// Without espeak-ng, audio is a 503 `speech_unavailable` and the rest still works.
    @Test func withoutSpeechEngineAudioIsUnavailable() throws {
        let server = try ServerProcess(arguments: ["--espeak-path", "/nonexistent/espeak-ng"])
        let connection = try server.connect()
        let response = try connection.post("/v1/speak/audio", ["locale": "fr-FR", "kind": "number", "input": "21"])
        expectError(response, .speechUnavailable, mentioning: "espeak-ng")
        #expect(response.status == 503)
        #expect(try connection.post("/v1/speak", ["locale": "fr-FR", "kind": "number", "input": "21"]).text == "vingt et un")
        #expect(server.logs().contains { ($0["message"] as? String)?.hasPrefix("espeak-ng not found") == true })
        #expect(server.stop() == 0)
    }

    /// Tokens come back at `perMinute`, up to `burst`; a client's wait is said.
    @Test func tokenBucketRefillsAtItsRate() {
        let limiter = ClientRateLimiter(perMinute: 30, burst: 2)
        let start = ContinuousClock.now
        #expect(limiter.take(for: "a", now: start) == nil)
        #expect(limiter.take(for: "a", now: start) == nil)
        let wait = limiter.take(for: "a", now: start)
        #expect(wait == .milliseconds(2000), "one token every 2 s")
        #expect(limiter.take(for: "b", now: start) == nil, "each client has its own bucket")
        #expect(limiter.take(for: "a", now: start + .milliseconds(1000)) != nil)
        #expect(limiter.take(for: "a", now: start + .milliseconds(2100)) == nil)
        #expect(limiter.take(for: "a", now: start + .seconds(600)) == nil, "never more than the burst")
        #expect(limiter.take(for: "a", now: start + .seconds(600)) == nil)
        #expect(limiter.take(for: "a", now: start + .seconds(600)) != nil)
    }

    /// The table of clients stays bounded: an idle client's full bucket is forgotten first.
    @Test func tokenBucketTableIsBounded() {
        let limiter = ClientRateLimiter(perMinute: 60, burst: 1, maxClients: 3)
        let start = ContinuousClock.now
        for client in ["a", "b", "c"] { #expect(limiter.take(for: client, now: start) == nil) }
        #expect(limiter.take(for: "d", now: start + .seconds(10)) == nil)
        #expect(limiter.count <= 3)
    }

    /// The converted file is byte for byte `CatalogConverter`'s (what `spokenform catalog`
    /// writes), and each changed value is listed with its language, before and after.
    @Test func catalogConversionEqualsTheLibrarys() throws {
        let bytes = try Data(contentsOf: Self.sampleCatalog)
        let response = try ServerProcess.shared.connect().request("POST", "/v1/catalog/convert", body: bytes,
                                                                 headers: ["Content-Type": "application/octet-stream"])
        #expect(response.status == 200)
        let expected = try CatalogConverter.convert(try Catalog(bytes: [UInt8](bytes)))
        let file = (response.json["file"] as? String).flatMap { Data(base64Encoded: $0) }
        #expect(file.map([UInt8].init) == expected.bytes)
        #expect(response.json["format"] as? String == "xcstrings")
        let changes = response.json["changes"] as? [[String: Any]] ?? []
        #expect(changes.count == expected.changes.count && !changes.isEmpty)
        #expect(changes.allSatisfy { ($0["original"] as? String) != ($0["spoken"] as? String) && $0["language"] is String })
    }

    @Test func catalogOfAStringsFileNeedsItsLanguage() throws {
        let strings = Data("\"when\" = \"le 01/04/2015\";\n".utf8)
        let connection = try ServerProcess.shared.connect()
        expectError(try connection.request("POST", "/v1/catalog/convert", body: strings), .invalidRequest, mentioning: "language")
        let response = try connection.request("POST", "/v1/catalog/convert?language=fr", body: strings)
        #expect(response.status == 200)
        let file = (response.json["file"] as? String).flatMap { Data(base64Encoded: $0) }
        #expect(file.map { String(decoding: $0, as: UTF8.self) } == "\"when\" = \"le premier avril deux mille quinze\";\n")
    }

    @Test func malformedCatalogIsA422() throws {
        let connection = try ServerProcess.shared.connect()
        let response = try connection.request("POST", "/v1/catalog/convert", body: Data("{\"strings\": {".utf8))
        expectError(response, .malformedCatalog, mentioning: "byte")
        #expect(response.status == 422)
        // No body at all: a mistake, not an empty `.strings` file.
        expectError(try connection.request("POST", "/v1/catalog/convert", body: Data()), .invalidRequest, mentioning: "empty")
    }

    static func littleEndian(_ bytes: [UInt8], at offset: Int) -> Int {
        (0..<4).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
    }
}
