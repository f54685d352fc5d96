import Foundation
@testable import SpokenForm

/// A sentence annotated by hand: `Activez le {en|Bluetooth} de votre smartphone.`
struct AnnotatedSentence {
    var text: String
    var spans: [(start: Int, end: Int, language: String)]
    var line: String

    /// Parses `{lang|words}` marks; nil for a malformed line.
    init?(_ line: String) {
        self.line = line
        var text = String.UnicodeScalarView()
        var spans: [(Int, Int, String)] = []
        var count = 0
        var scalars = line.unicodeScalars.makeIterator()
        while let c = scalars.next() {
            if c == "{" {
                var language = ""
                while let l = scalars.next(), l != "|" { language.unicodeScalars.append(l) }
                let start = count
                var closed = false
                while let w = scalars.next() {
                    if w == "}" { closed = true; break }
                    text.append(w)
                    count += 1
                }
                guard closed, !language.isEmpty else { return nil }
                spans.append((start, count, language))
            } else {
                text.append(c)
                count += 1
            }
        }
        self.text = String(text)
        self.spans = spans
    }

    /// Renders spans in the same `{lang|words}` notation, for readable failures.
    static func render(_ text: String, _ spans: [(start: Int, end: Int, language: String)]) -> String {
        var out = String.UnicodeScalarView()
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            for span in spans where span.start == offset { out.append(contentsOf: "{\(span.language)|".unicodeScalars) }
            for span in spans where span.end == offset { _ = span; out.append("}") }
            out.append(scalar)
        }
        let count = text.unicodeScalars.count
        for span in spans where span.end == count { _ = span; out.append("}") }
        return String(out)
    }
}

enum TaggerFixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Golden/tagger")

    /// Annotated sentences of a file under Golden/tagger, with their line numbers.
    static func sentences(_ relativePath: String) throws -> [(number: Int, sentence: AnnotatedSentence)] {
        let text = try String(contentsOf: directory.appendingPathComponent(relativePath), encoding: .utf8)
        var result: [(Int, AnnotatedSentence)] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard let sentence = AnnotatedSentence(trimmed) else {
                throw SpokenFormError.invalidInput(kind: "annotated sentence", input: "\(relativePath):\(index + 1)", expected: "{lang|words} marks")
            }
            result.append((index + 1, sentence))
        }
        return result
    }

    static func spans(_ spoken: Spoken) -> [(start: Int, end: Int, language: String)] {
        spoken.spans.map { ($0.start, $0.end, $0.language) }
    }
}
