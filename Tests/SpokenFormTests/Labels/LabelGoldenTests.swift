import Foundation
import Testing
@testable import SpokenForm

/// `Golden/labels/<locale>.tsv`: elements as apps show them and what VoiceOver says,
/// written by someone who reads the language. `Golden/labels-lint/<locale>.tsv`: for each
/// rule, elements it must flag and elements it must leave alone.
enum LabelGolden {
    static let locales = ["fr-FR", "en-US", "de-DE", "es-ES", "it-IT", "pt-BR", "nl-NL"]
    /// The issue's minimum golden utterances per locale.
    static let minimum = ["fr-FR": 30, "en-US": 30, "de-DE": 15, "es-ES": 15, "it-IT": 15, "pt-BR": 15, "nl-NL": 15]

    static func element(_ fields: [String]) throws -> Label {
        if fields[0].hasPrefix("{") { return try JSONDecoder().decode(Label.self, from: Data(fields[0].utf8)) }
        func optional(_ text: String) -> String? { text.isEmpty ? nil : text }
        return Label(label: optional(fields[0]), value: optional(fields[1]), traits: try Label.Traits(list: fields[2]), hint: optional(fields[3]))
    }

    static func utterances(_ locale: String) throws -> [(line: Int, element: Label, expected: String)] {
        try GoldenFile.rows("labels", locale).map { line, fields in
            if fields.count == 2, fields[0].hasPrefix("{") { return (line, try element(fields), fields[1]) }
            guard fields.count == 5 else {
                Issue.record("labels/\(locale).tsv:\(line): expected label, value, traits, hint, expected")
                return (line, Label(), "")
            }
            return (line, try element(fields), fields[4])
        }
    }

    static func lintCases(_ locale: String) throws -> [(line: Int, rule: String, fires: Bool, element: Label)] {
        try GoldenFile.rows("labels-lint", locale).map { line, fields in
            guard fields.count == 6, fields[1] == "yes" || fields[1] == "no" else {
                Issue.record("labels-lint/\(locale).tsv:\(line): expected rule, yes|no, label, value, traits, hint")
                return (line, "", false, Label())
            }
            return (line, fields[0], fields[1] == "yes", try element(Array(fields[2...])))
        }
    }
}

@Suite struct LabelGoldenTests {
    @Test(arguments: LabelGolden.locales)
    func goldenUtterances(locale: String) throws {
        let cases = try LabelGolden.utterances(locale)
        #expect(cases.count >= LabelGolden.minimum[locale] ?? 15, "\(locale): \(cases.count) golden utterances")
        let assembler = try SpokenForm(locale: locale).labels
        for (line, element, expected) in cases {
            let spoken = try assembler.assemble(element)
            #expect(spoken.text == expected, "labels/\(locale).tsv:\(line)")
            // Every part's ranges point at its text in the utterance.
            for part in spoken.parts {
                let units = Array(spoken.text.utf16)
                #expect(String(decoding: units[part.start16..<part.end16], as: UTF16.self) == part.text, "labels/\(locale).tsv:\(line): \(part.role)")
                let scalars = Array(spoken.text.unicodeScalars)
                var view = String.UnicodeScalarView()
                view.append(contentsOf: scalars[part.start..<part.end])
                #expect(String(view) == part.text)
            }
        }
    }

    @Test(arguments: LabelGolden.locales)
    func lintRulesFireAndStayQuiet(locale: String) throws {
        let linter = try SpokenForm(locale: locale).labelLinter
        let cases = try LabelGolden.lintCases(locale)
        for (line, rule, fires, element) in cases {
            let issues = linter.lint(element)
            #expect(issues.contains { $0.rule == rule } == fires,
                    "labels-lint/\(locale).tsv:\(line): \(rule) \(fires ? "must fire" : "must not fire"); got \(issues.map(\.rule))")
        }
        // Every rule has a case that fires and one that must not, in every language
        // (misread-number's "no" in pt is the plain count of "3 mensagens").
        for rule in LabelLinter.rules {
            #expect(cases.contains { $0.rule == rule.id && $0.fires }, "\(locale): no case where \(rule.id) fires")
            #expect(cases.contains { $0.rule == rule.id && !$0.fires }, "\(locale): no case where \(rule.id) stays quiet")
        }
    }
}
