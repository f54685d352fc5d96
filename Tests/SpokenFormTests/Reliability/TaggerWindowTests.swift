import Foundation
import Testing
@testable import SpokenForm

/// A long text is tagged a window at a time (`TaggerWindows`, issue 18 finding 5). Cuts fall
/// after sentence ends, so the spans must be those of the whole text at once; these tests
/// check it on real prose (the tagger's evaluation sentences, written by others), cut into
/// windows far smaller than the standard ones.
@Suite struct TaggerWindowTests {
    /// The real-prose sentences, joined as one text: paragraphs of a documentation site.
    static func prose(_ half: String, sentences: Int) throws -> String {
        let url = TaggerRealProseTests.directory.appendingPathComponent("\(half).jsonl")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").prefix(sentences)
        return try lines.map { try JSONDecoder().decode(TaggerRealProseTests.Row.self, from: Data($0.utf8)).text }
            .joined(separator: " ")
    }

    static func spans(_ spoken: Spoken) -> [String] {
        spoken.spans.map { "\($0.start)-\($0.end) \($0.language)" }
    }

    @Test(arguments: [300, 2_000])
    func windowsGiveTheWholeTextsSpans(windowScalars: Int) throws {
        let tagger = try SpokenForm(locale: "fr-FR").languages
        let text = try Self.prose("tuning", sentences: 600)
        let whole = tagger.tag(text, windows: TaggerWindows(minimumScalars: .max, scalars: windowScalars))
        let windowed = tagger.tag(text, windows: TaggerWindows(minimumScalars: 0, scalars: windowScalars))
        #expect(windowed.text == whole.text)
        let a = Self.spans(whole), b = Self.spans(windowed)
        #expect(a.count > 100)
        let missing = a.filter { !b.contains($0) }, added = b.filter { !a.contains($0) }
        #expect(missing.isEmpty && added.isEmpty, "whole only: \(missing.prefix(10)), windows only: \(added.prefix(10))")
    }

    /// The windows are used: cut inside words (windows of 3 scalars, no space to cut at in
    /// "Bluetooth"), the English word is no longer found whole.
    @Test func windowsAreHonoured() throws {
        let tagger = try SpokenForm(locale: "fr-FR").languages
        let text = "Activez le Bluetooth"
        #expect(Self.spans(tagger.tag(text, windows: TaggerWindows(minimumScalars: .max, scalars: 3))) == ["11-20 en"])
        #expect(Self.spans(tagger.tag(text, windows: TaggerWindows(minimumScalars: 0, scalars: 3))) != ["11-20 en"])
    }

    @Test func cutsFallAfterSentenceEnds() {
        let s = Array("Une phrase. Puis une autre, sans fin".unicodeScalars)
        // Searching back from "sans": the sentence end after "phrase." wins over later spaces.
        #expect(TaggerWindows.cut(s, after: 1, before: 30) == 12)
        // No sentence end in reach: the last space.
        #expect(TaggerWindows.cut(s, after: 13, before: 30) == 28)
        // No space: a word boundary ("abc-def" cut before "-"), else the limit itself.
        let word = Array("abcdef-ghijkl".unicodeScalars)
        #expect(TaggerWindows.cut(word, after: 1, before: 11) == 7)
        let letters = Array(String(repeating: "a", count: 40).unicodeScalars)
        #expect(TaggerWindows.cut(letters, after: 5, before: 20) == 20)
        // A line break counts as a sentence end.
        let lines = Array("titre\nsuite du texte ici".unicodeScalars)
        #expect(TaggerWindows.cut(lines, after: 1, before: 20) == 6)
    }

    @Test func windowsCoverTheTextExactly() {
        let text = Array(String(repeating: "Le dashboard est prêt. Ouvrez-le vite ! ", count: 200).unicodeScalars)
        let windows = TaggerWindows(minimumScalars: 100, scalars: 97).windows(of: text, from: 3, to: text.count - 5)
        #expect(windows.first?.lowerBound == 3 && windows.last?.upperBound == text.count - 5)
        for (a, b) in zip(windows, windows.dropFirst()) { #expect(a.upperBound == b.lowerBound) }
        #expect(windows.allSatisfy { $0.count <= 97 && $0.count > 0 })
    }
}
