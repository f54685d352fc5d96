import Foundation
import Testing
@testable import SpokenForm

/// Reads `Golden/abbreviations/<name>.tsv` beside this folder: one case per line, `#` comments.
enum AbbreviationGolden {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Golden/abbreviations")

    static func lines(_ name: String) throws -> [(line: Int, fields: [String])] {
        let text = try String(contentsOf: directory.appendingPathComponent(name + ".tsv"), encoding: .utf8)
        var result: [(Int, [String])] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if raw.isEmpty || raw.hasPrefix("#") { continue }
            result.append((index + 1, raw.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)))
        }
        return result
    }

    /// Golden sentences: input, expected.
    static func cases(_ locale: String) throws -> [(line: Int, input: String, expected: String)] {
        try lines(locale).map { line, fields in
            guard fields.count == 2 else { Issue.record("\(locale).tsv:\(line): expected input TAB expected"); return (line, "", "") }
            return (line, fields[0], fields[1])
        }
    }

    static let locales = ["fr-FR", "en-US", "de-DE", "es-ES"]
    /// Smaller dictionaries, smaller golden files.
    static let moreLocales = ["it-IT", "pt-BR", "nl-NL"]
}

@Suite struct AbbreviationGoldenTests {
    @Test(arguments: AbbreviationGolden.locales)
    func goldenSentences(locale: String) throws {
        let expander = try SpokenForm(locale: locale).abbreviations
        let cases = try AbbreviationGolden.cases(locale)
        #expect(cases.count >= 60, "\(locale): only \(cases.count) golden sentences")
        for (line, input, expected) in cases {
            let result = try expander.expand(input)
            #expect(result.text == expected, "\(locale).tsv:\(line): \(input)")
            // Every expansion's ranges point at its original and its spoken text.
            let inputScalars = Array(input.unicodeScalars), outputScalars = Array(result.text.unicodeScalars)
            for expansion in result.rewrites {
                #expect(String(String.UnicodeScalarView(inputScalars[expansion.inputScalars])) == expansion.original)
                #expect(String(String.UnicodeScalarView(outputScalars[expansion.outputScalars])) == expansion.spoken)
            }
        }
    }

    @Test(arguments: AbbreviationGolden.moreLocales)
    func goldenSentencesSmallerDictionaries(locale: String) throws {
        let expander = try SpokenForm(locale: locale).abbreviations
        let cases = try AbbreviationGolden.cases(locale)
        #expect(cases.count >= 25)
        for (line, input, expected) in cases {
            #expect(try expander.expand(input).text == expected, "\(locale).tsv:\(line): \(input)")
        }
    }

    /// Words that look like abbreviations but are not, and what must never be touched.
    @Test(arguments: AbbreviationGolden.locales + AbbreviationGolden.moreLocales)
    func falsePositivesAreLeftAlone(locale: String) throws {
        let expander = try SpokenForm(locale: locale).abbreviations
        let lines = try AbbreviationGolden.lines(locale + "-untouched")
        #expect(lines.count >= 6)
        for (line, fields) in lines {
            let input = fields.joined(separator: "\t")
            let result = try expander.expand(input)
            #expect(result.text == input, "\(locale)-untouched.tsv:\(line)")
            #expect(result.rewrites.isEmpty, "\(locale)-untouched.tsv:\(line): \(result.rewrites.map(\.original))")
        }
    }
}
