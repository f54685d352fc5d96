import Foundation
import NIOConcurrencyHelpers
import Testing

/// A bounded soak, graceful shutdown and the structured logs: each on a server of its own.
@Suite(.serialized) struct ServerLifecycleTests {
    /// 100,000 requests on 4 keep-alive connections. The resident set after the first
    /// 20,000 (caches and pools warm) and at the end must stay within 8 MiB: a leak of
    /// even 100 bytes per request would add 8 MiB. Bounded in time: 240 s at most.
    @Test(.timeLimit(.minutes(5))) func soakKeepsMemoryFlat() async throws {
        let server = try ServerProcess()
        let total = 100_000, connections = 4, perConnection = total / connections
        let bodies = [
            #"{"locale":"fr-FR","kind":"number","input":"54 038 921,7"}"#,
            #"{"locale":"fr-FR","kind":"date","input":"01/04/2015"}"#,
            #"{"locale":"en-US","kind":"phone","input":"(201) 555-0123"}"#,
            #"{"locale":"de-DE","kind":"expand","input":"ca. 3 km"}"#,
            #"{"locale":"fr-FR","kind":"number","input":"beaucoup"}"#,
        ].map { Data($0.utf8) }
        let done = NIOLockedValueBox(0)
        let failures = NIOLockedValueBox([String]())
        let warmRSS = NIOLockedValueBox<Int?>(nil)
        let start = Date()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for client in 0..<connections {
                group.addTask {
                    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                        Thread.detachNewThread {
                            do {
                                let connection = try server.connect()
                                for index in 0..<perConnection {
                                    let body = bodies[(client + index) % bodies.count]
                                    let response = try connection.request("POST", "/v1/speak", body: body)
                                    let expectedStatus = body == bodies[4] ? 422 : 200
                                    if response.status != expectedStatus {
                                        failures.withLockedValue { $0.append("\(response.status) for \(String(decoding: body, as: UTF8.self))") }
                                    }
                                    let count = done.withLockedValue { $0 += 1; return $0 }
                                    if count == 20_000 { warmRSS.withLockedValue { $0 = try? server.residentKiB() } }
                                    guard Date().timeIntervalSince(start) < 240 else { break }
                                }
                                continuation.resume()
                            } catch {
                                continuation.resume(throwing: error)
                            }
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        let elapsed = Date().timeIntervalSince(start)
        let endRSS = try server.residentKiB()
        let warm = try #require(warmRSS.withLockedValue { $0 })
        let requests = done.withLockedValue { $0 }
        print("soak: \(requests) requests in \(String(format: "%.1f", elapsed)) s (\(Int(Double(requests) / elapsed)) req/s); RSS \(warm) KiB after 20,000, \(endRSS) KiB at the end")
        #expect(requests == total, "the soak did not finish in its time bound")
        #expect(failures.withLockedValue { $0 }.isEmpty, "\(failures.withLockedValue { $0.prefix(3) })")
        #expect(endRSS - warm < 8 * 1024, "RSS grew from \(warm) KiB to \(endRSS) KiB")
        #expect(server.stop() == 0)
    }

    /// SIGTERM while a request is under way: that request is still answered, new
    /// connections are refused, and the process exits with status 0.
    @Test func sigtermFinishesTheRequestUnderWay() throws {
        let server = try ServerProcess()
        let connection = try server.connect()
        let body = #"{"locale":"fr-FR","kind":"date","input":"01/04/2015"}"#
        try connection.write(Array("POST /v1/speak HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(body.utf8.count)\r\n\r\n".utf8))
        usleep(300_000)  // the server has read the head: the request is under way
        kill(server.process.processIdentifier, SIGTERM)
        usleep(300_000)
        try connection.write(Array(body.utf8))
        let response = try connection.readResponse()
        #expect(response.status == 200)
        #expect(response.text == "premier avril deux mille quinze")
        let deadline = Date().addingTimeInterval(10)
        while server.process.isRunning, Date() < deadline { usleep(10_000) }
        #expect(!server.process.isRunning)
        #expect(server.process.terminationStatus == 0)
        #expect(throws: (any Error).self) { try server.connect() }
        #expect(server.logs().contains { $0["message"] as? String == "stopped" })
    }

    /// Logs are JSON lines with time, level, logger and message; at debug level each
    /// request is logged with its method, path and status.
    @Test func logsAreJSONLines() throws {
        let server = try ServerProcess(arguments: ["--log-level", "debug"])
        let connection = try server.connect()
        _ = try connection.post("/v1/speak", json: "{")
        #expect(server.stop() == 0)
        let logs = server.logs()
        let listening = try #require(logs.first { $0["message"] as? String == "listening" })
        #expect(listening["level"] as? String == "info")
        #expect(listening["logger"] as? String == "SpokenFormServer")
        #expect(listening["host"] as? String == "127.0.0.1")
        #expect((listening["time"] as? String)?.isEmpty == false)
        let request = try #require(logs.first { $0["message"] as? String == "request" })
        #expect(request["path"] as? String == "/v1/speak")
        #expect(request["status"] as? String == "400")
        #expect(request["level"] as? String == "debug")
    }
}
