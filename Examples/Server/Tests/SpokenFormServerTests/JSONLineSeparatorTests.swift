import Foundation
import SpokenForm
import SpokenFormService
import Testing

/// No JSON answer carries U+0085, U+2028 or U+2029 raw: each is written `\u0085`,
/// `\u2028`, `\u2029`, so that a reader splitting lines at them (Python's `splitlines`,
/// JavaScript before ES2019) reads one answer per line. The strings decode unchanged.
@Suite struct JSONLineSeparatorTests {
    static let separators = "a\u{2028}b\u{2029}c\u{85}d"
    static let rawSequences: [[UInt8]] = [[0xC2, 0x85], [0xE2, 0x80, 0xA8], [0xE2, 0x80, 0xA9]]

    private func expectEscaped(_ body: Data, sourceLocation: SourceLocation = #_sourceLocation) {
        let bytes = Array(body)
        for raw in Self.rawSequences {
            #expect(bytes.firstRange(of: raw) == nil, "raw \(raw) in \(String(decoding: body, as: UTF8.self))", sourceLocation: sourceLocation)
        }
        let text = String(decoding: body, as: UTF8.self)
        #expect(text.contains(#"\u2028"#) && text.contains(#"\u2029"#) && text.contains(#"\u0085"#), "\(text)", sourceLocation: sourceLocation)
        #expect(text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).count == 1, sourceLocation: sourceLocation)
    }

    /// The speak answer's own writer, with the other escapes and the characters around the
    /// separators' lead bytes (é is C3 A9, … E2 80 A6, NBSP C2 A0): the same document as JSONEncoder's.
    @Test func speakResultWriterEscapesThem() throws {
        let input = "\"\\\u{1}\t" + Self.separators + " é … \u{A0}€ \u{2028}"
        let result = SpeakResult(kind: "text", input: input, spoken: Spoken(text: input, locale: "fr-FR"))
        let json = Data(result.json.utf8)
        expectEscaped(json)
        #expect(try JSONDecoder().decode(SpeakResult.self, from: json) == result)
    }

    @Test func everyEndpointEscapesThem() throws {
        let connection = try ServerProcess.shared.connect()
        let speak = try connection.post("/v1/speak", ["locale": "fr-FR", "kind": "text", "input": Self.separators])
        #expect(speak.status == 200)
        expectEscaped(speak.body)
        #expect(speak.json["input"] as? String == Self.separators)

        let batch = try connection.post("/v1/speak/batch", ["locale": "fr-FR", "kind": "number", "inputs": [Self.separators]])
        #expect(batch.status == 200)
        expectEscaped(batch.body)

        let label = try connection.post("/v1/label", ["locale": "fr-FR", "label": Self.separators])
        #expect(label.status == 200)
        expectEscaped(label.body)

        // An error message quoting the input.
        let error = try connection.post("/v1/speak", ["locale": "fr-FR", "kind": "number", "input": Self.separators])
        expectError(error, .unparsableValue)
        expectEscaped(error.body)
    }
}
