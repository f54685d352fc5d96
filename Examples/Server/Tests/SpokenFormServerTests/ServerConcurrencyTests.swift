import Foundation
import NIOConcurrencyHelpers
import SpokenForm
import Testing

/// Many clients at once, each on its own connection and thread, with mixed locales and
/// kinds: every answer must equal what the library answers in this process.
@Suite struct ServerConcurrencyTests {
    struct Case: Sendable {
        var locale: String
        var kind: String
        var input: String
        var expected: String
    }

    static func cases() throws -> [Case] {
        var cases: [Case] = []
        for locale in ["fr-FR", "en-US", "de-DE", "es-ES", "it-IT", "nl-NL", "pt-BR"] {
            let spoken = try SpokenForm(locale: locale)
            for value in [0, 7, 21, 80, 1999, 123_456, -42, 1_000_001] {
                cases.append(Case(locale: locale, kind: "number", input: String(value), expected: spoken.number(value)))
            }
            for date in ["2015-04-01", "1999-12-31", "2024-02-29"] {
                cases.append(Case(locale: locale, kind: "date", input: date, expected: try spoken.date(date)))
            }
            cases.append(Case(locale: locale, kind: "duration", input: "PT2H5M", expected: try spoken.duration("PT2H5M")))
        }
        return cases
    }

    @Test func concurrentClientsGetTheLibrarysAnswers() async throws {
        let cases = try Self.cases()
        let clients = 8, requestsPerClient = 300
        let mismatches = NIOLockedValueBox([String]())
        try await withThrowingTaskGroup(of: Void.self) { group in
            for client in 0..<clients {
                group.addTask {
                    // A blocking socket per client, off the cooperative pool.
                    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                        Thread.detachNewThread {
                            do {
                                let connection = try ServerProcess.shared.connect()
                                for index in 0..<requestsPerClient {
                                    let item = cases[(client * 31 + index * 7) % cases.count]
                                    let response = try connection.post("/v1/speak", ["locale": item.locale, "kind": item.kind, "input": item.input])
                                    if response.status != 200 || response.text != item.expected {
                                        mismatches.withLockedValue {
                                            $0.append("\(item.locale) \(item.kind) \(item.input): \(response.status) \(response.text ?? "-") != \(item.expected)")
                                        }
                                    }
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
        #expect(mismatches.withLockedValue { $0 }.isEmpty, "\(mismatches.withLockedValue { $0.prefix(5) })")
    }
}
