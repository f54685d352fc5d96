import Foundation
import NIOConcurrencyHelpers
import NIOCore
import SpokenFormService
import Testing

/// `SpeakRequest.fastParse` reads the common bodies and gives up on the others, and
/// whatever it reads, `JSONDecoder` reads the same.
@Suite struct SpeakRequestFastParseTests {
    private func decoded(_ body: [UInt8]) -> SpeakRequest? {
        try? JSONDecoder().decode(SpeakRequest.self, from: Data(body))
    }

    private func same(_ a: SpeakRequest?, _ b: SpeakRequest?) -> Bool {
        a?.locale == b?.locale && a?.kind == b?.kind && a?.input == b?.input && a?.options == b?.options
    }

    @Test func readsTheCommonShapes() throws {
        let bodies = [
            #"{"locale":"fr-FR","kind":"date","input":"01/04/2015"}"#,
            #" { "input" : "54 038 921,7" ,"kind":"number", "locale":"fr-FR" } "#,
            "{\"locale\":\"de-DE\",\n\t\"kind\":\"ordinal\",\r\n\"input\":\"3\",\"options\":{\"gender\":\"feminine\",\"plural\":true,\"x\":false}}",
            #"{"locale":"fr-FR","kind":"number","input":"été 2 €","options":null}"#,
            #"{"locale":"fr-FR","kind":"number","input":"","options":{}}"#,
        ]
        for body in bodies {
            let fast = try #require(SpeakRequest.fastParse(ByteBuffer(string: body)), "\(body)")
            #expect(same(fast, decoded(Array(body.utf8))), "\(body)")
        }
        let ordinal = SpeakRequest.fastParse(ByteBuffer(string: bodies[2]))
        #expect(ordinal?.options == ["gender": .string("feminine"), "plural": .bool(true), "x": .bool(false)])
        #expect(SpeakRequest.fastParse(ByteBuffer(string: bodies[3]))?.input == "été 2 €")
    }

    /// Escapes, unknown or repeated keys, other types, a missing field, bad UTF-8 and
    /// malformed JSON are left to JSONDecoder (which answers them or names the error).
    @Test func leavesTheRestToJSONDecoder() {
        let bodies: [[UInt8]] = [
            #"{"locale":"fr-FR","kind":"text","input":"a \"b\""}"#,
            #"{"locale":"fr-FR","kind":"text","input":"caf\u00e9"}"#,
            #"{"locale":"fr-FR","kind":"number","input":"1","extra":"x"}"#,
            #"{"locale":"fr-FR","kind":"number","input":"1","input":"2"}"#,
            #"{"locale":"fr-FR","kind":"number","input":1}"#,
            #"{"locale":"fr-FR","kind":"number"}"#,
            #"{"locale":"fr-FR","kind":"number","input":"1","options":{"plural":1}}"#,
            #"{"locale":"fr-FR","kind":"number","input":"1","options":{"a":true,"a":false}}"#,
            #"{"locale":"fr-FR","kind":"number","input":"1"} x"#,
            #"{"locale":"fr-FR","kind":"number","input":"1",}"#,
            #"{"locale":"fr-FR","kind":"number","input":"1""#,
            #"["fr-FR"]"#, "", "{}",
        ].map { Array($0.utf8) } + [
            Array(#"{"locale":"fr-FR","kind":"number","input":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8),
            Array(#"{"locale":"fr-FR","kind":"number","input":"a"#.utf8) + [0x01] + Array(#""}"#.utf8),
        ]
        for body in bodies {
            #expect(SpeakRequest.fastParse(ByteBuffer(bytes: body)) == nil, "\(String(decoding: body, as: UTF8.self))")
        }
    }

    /// Bodies cut, doubled and altered at random: whatever fastParse accepts, JSONDecoder
    /// decodes to the same request.
    @Test func agreesWithJSONDecoderOnAlteredBodies() {
        let seed = Array(#"{"locale":"fr-FR","kind":"ordinal","input":"3 ","options":{"gender":"feminine","plural":true}}"#.utf8)
        let alphabet = Array(#"{}[]:," \"ab1tfnul"#.utf8) + [0x0A, 0xC3, 0xA9]
        var generator = SystemRandomNumberGenerator()
        var accepted = 0
        for _ in 0..<3000 {
            var body = seed
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let position = Int.random(in: 0..<body.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: body.remove(at: position)
                case 1: body.insert(alphabet.randomElement(using: &generator)!, at: position)
                default: body[position] = alphabet.randomElement(using: &generator)!
                }
                if body.isEmpty { body = seed }
            }
            guard let fast = SpeakRequest.fastParse(ByteBuffer(bytes: body)) else { continue }
            accepted += 1
            #expect(same(fast, decoded(body)), "\(String(decoding: body, as: UTF8.self))")
        }
        #expect(accepted > 0)
    }
}

/// The time limit's watchdog fires a deadline once it has passed, and never a removed one.
@Suite struct TimeLimitWatchdogTests {
    @Test func firesPassedDeadlinesOnly() async throws {
        let watchdog = TimeLimitWatchdog(tick: .milliseconds(5))
        let fired = NIOLockedValueBox<[String]>([])
        _ = watchdog.add(after: .milliseconds(20)) { fired.withLockedValue { $0.append("short") } }
        let removed = watchdog.add(after: .milliseconds(20)) { fired.withLockedValue { $0.append("removed") } }
        _ = watchdog.add(after: .seconds(600)) { fired.withLockedValue { $0.append("long") } }
        watchdog.remove(removed)
        for _ in 0..<200 where fired.withLockedValue({ $0.isEmpty }) {
            try await Task.sleep(for: .milliseconds(10))
        }
        try await Task.sleep(for: .milliseconds(50))
        #expect(fired.withLockedValue { $0 } == ["short"])
        #expect(watchdog.count == 1)
    }
}
