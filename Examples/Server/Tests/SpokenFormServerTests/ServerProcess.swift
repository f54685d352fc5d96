import Foundation
import NIOConcurrencyHelpers
#if canImport(Glibc)
import Glibc
#endif

/// The built `SpokenFormServer` binary, started on 127.0.0.1 with a free port (it sits
/// beside the test bundle in the build folder). Its JSON log lines are read from its
/// standard error: the "listening" line gives the port.
final class ServerProcess: @unchecked Sendable {
    let process = Process()
    let port: Int
    private let logLines = LogLines()

    /// Shared by the tests that need no special setting, started once per test run and
    /// stopped when the test process exits.
    static let shared: ServerProcess = {
        let server = try! ServerProcess()
        sharedPID = server.process.processIdentifier
        atexit { if sharedPID > 0 { kill(sharedPID, SIGTERM) } }
        return server
    }()

    static var binary: URL {
        // The test bundle and the executable are built into the same products directory.
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("SpokenFormServer")
    }

    init(arguments: [String] = []) throws {
        process.executableURL = Self.binary
        process.arguments = ["--hostname", "127.0.0.1", "--port", "0"] + arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        let lines = logLines
        errors.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if !data.isEmpty { lines.append(data) }
        }
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while true {
            if let line = logLines.all().first(where: { $0["message"] as? String == "listening" }),
               let port = (line["port"] as? String).flatMap(Int.init) {
                self.port = port
                break
            }
            guard Date() < deadline, process.isRunning else {
                process.terminate()
                throw HTTPConnection.Failure(description: "the server did not start: \(logLines.raw())")
            }
            usleep(20_000)
        }
    }

    deinit { if process.isRunning { process.terminate() } }

    func connect() throws -> HTTPConnection { try HTTPConnection(port: port) }

    /// The resident set size of the server process, in KiB (`VmRSS` of /proc).
    func residentKiB() throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kib = Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" })[1]) else {
            throw HTTPConnection.Failure(description: "no VmRSS in /proc/\(process.processIdentifier)/status")
        }
        return kib
    }

    /// Sends SIGTERM and waits for the exit; returns the exit status.
    func stop(within seconds: Double = 10) -> Int32? {
        kill(process.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        guard !process.isRunning else { process.interrupt(); return nil }
        return process.terminationStatus
    }

    /// Every JSON log line read so far.
    func logs() -> [[String: Any]] { logLines.all() }
}

private nonisolated(unsafe) var sharedPID: pid_t = 0

/// Standard error of the server, split into lines, parsed as JSON where they are.
private final class LogLines: Sendable {
    private let data = NIOLockedValueBox(Data())

    func append(_ chunk: Data) { data.withLockedValue { $0.append(chunk) } }

    func raw() -> String { String(decoding: data.withLockedValue { $0 }, as: UTF8.self) }

    func all() -> [[String: Any]] {
        raw().split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
    }
}
