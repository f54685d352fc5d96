import Foundation
import Testing
@testable import SpokenForm

/// `Golden/text/<locale>.tsv`: a sentence as an app shows it, TAB, what is said, written
/// by someone who reads the language. `<locale>-untouched.tsv`: sentences that must come
/// out byte for byte as they went in.
enum TextGolden {
    static func cases(_ name: String) throws -> [(line: Int, input: String, expected: String)] {
        try GoldenFile.rows("text", name).map { line, fields in
            guard fields.count == 2 else { Issue.record("\(name).tsv:\(line): expected input TAB expected"); return (line, "", "") }
            return (line, fields[0], fields[1])
        }
    }

    static func untouched(_ name: String) throws -> [(line: Int, input: String)] {
        try GoldenFile.rows("text", name).map { line, fields in (line, fields.joined(separator: "\t")) }
    }

    /// Minimum golden sentences per locale (the issue's counts).
    static let minimums = ["fr-FR": 150, "en-US": 150, "de-DE": 150, "es-ES": 150, "it-IT": 60, "pt-BR": 60, "nl-NL": 60]
    static let locales = ["fr-FR", "en-US", "de-DE", "es-ES", "it-IT", "pt-BR", "nl-NL"]

    /// Every rewrite's ranges point at its original in the input and its spoken form in the output.
    static func checkRanges(_ input: String, _ result: Spoken, _ where: String) {
        let inputScalars = Array(input.unicodeScalars), outputScalars = Array(result.text.unicodeScalars)
        let input16 = Array(input.utf16), output16 = Array(result.text.utf16)
        for rewrite in result.rewrites {
            #expect(String(String.UnicodeScalarView(inputScalars[rewrite.inputScalars])) == rewrite.original, "\(`where`)")
            #expect(String(String.UnicodeScalarView(outputScalars[rewrite.outputScalars])) == rewrite.spoken, "\(`where`)")
            #expect(String(decoding: input16[rewrite.inputUTF16], as: UTF16.self) == rewrite.original, "\(`where`)")
            #expect(String(decoding: output16[rewrite.outputUTF16], as: UTF16.self) == rewrite.spoken, "\(`where`)")
        }
    }
}

@Suite struct TextGoldenTests {
    @Test(arguments: TextGolden.locales)
    func goldenSentences(locale: String) throws {
        let normalizer = try SpokenForm(locale: locale).texts
        let cases = try TextGolden.cases(locale)
        let minimum = TextGolden.minimums[locale] ?? 60
        #expect(cases.count >= minimum, "\(locale): only \(cases.count) golden sentences, \(minimum) wanted")
        for (line, input, expected) in cases {
            let result = try normalizer.normalize(input)
            #expect(result.text == expected, "\(locale).tsv:\(line): \(input)")
            #expect(!result.text.unicodeScalars.contains("\u{00AD}"), "\(locale).tsv:\(line): soft hyphen")
            TextGolden.checkRanges(input, result, "\(locale).tsv:\(line)")
        }
    }

    @Test(arguments: TextGolden.locales)
    func untouchedSentences(locale: String) throws {
        let normalizer = try SpokenForm(locale: locale).texts
        let cases = try TextGolden.untouched(locale + "-untouched")
        #expect(cases.count >= 10)
        for (line, input) in cases {
            let result = try normalizer.normalize(input)
            #expect(result.text == input, "\(locale)-untouched.tsv:\(line)")
            #expect(result.rewrites.isEmpty, "\(locale)-untouched.tsv:\(line)")
        }
    }
}
