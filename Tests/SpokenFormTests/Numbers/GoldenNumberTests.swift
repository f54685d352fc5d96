import Foundation
import Testing
@testable import SpokenForm

/// One golden case: `kind<TAB>input<TAB>expected` in Golden/numbers/<locale>.tsv.
struct NumberGoldenCase: CustomTestStringConvertible, Sendable {
    let locale: String
    let line: Int
    let kind: String
    let input: String
    let expected: String

    var testDescription: String { "\(locale):\(line) \(kind) \(input)" }
}

/// Golden files by file name, with the locale they are spoken in.
let numberGoldenFiles: [(file: String, locale: String)] = [
    ("fr", "fr-FR"), ("en", "en-US"), ("de", "de-DE"), ("es", "es-ES"), ("it", "it-IT"),
    ("pt", "pt-BR"), ("pt-PT", "pt-PT"), ("nl", "nl-NL"), ("ru", "ru-RU"), ("ar", "ar"),
]

func loadNumberGoldenCases() -> [NumberGoldenCase] {
    numberGoldenFiles.flatMap { file, locale in
        ((try? GoldenFile.rows("numbers", file)) ?? []).compactMap { line, fields in
            fields.count == 3 ? NumberGoldenCase(locale: locale, line: line, kind: fields[0], input: fields[1], expected: fields[2]) : nil
        }
    }
}

@Suite struct GoldenNumberTests {
    @Test func everyGoldenFileIsWellFormed() throws {
        for (file, _) in numberGoldenFiles {
            for (line, fields) in try GoldenFile.rows("numbers", file) {
                #expect(fields.count == 3, "\(file).tsv:\(line)")
            }
        }
    }

    @Test func handCheckedLanguagesHaveAtLeastFortyCases() {
        let cases = loadNumberGoldenCases()
        for locale in ["fr-FR", "en-US", "de-DE", "es-ES", "it-IT", "pt-BR", "nl-NL"] {
            #expect(cases.filter { $0.locale == locale }.count >= 40, "\(locale)")
        }
    }

    @Test(arguments: loadNumberGoldenCases())
    func golden(_ golden: NumberGoldenCase) throws {
        let spoken = try SpokenForm.shared(locale: golden.locale)
        #expect(try speak(golden, with: spoken) == golden.expected)
    }

    private func speak(_ golden: NumberGoldenCase, with spoken: SpokenForm) throws -> String {
        let numbers = try spoken.numbers
        switch golden.kind {
        case "cardinal": return try numbers.cardinal(try numbers.parse(golden.input))
        case "cardinal-masculine": return try numbers.cardinal(try numbers.parse(golden.input), gender: .masculine)
        case "cardinal-feminine": return try numbers.cardinal(try numbers.parse(golden.input), gender: .feminine)
        case "cardinal-neuter": return try numbers.cardinal(try numbers.parse(golden.input), gender: .neuter)
        case "number": return try numbers.number(golden.input)
        case "year": return try numbers.year(Int(golden.input)!)
        case "ordinal": return try numbers.ordinal(Int(golden.input)!)
        case "ordinal-masculine": return try numbers.ordinal(Int(golden.input)!, gender: .masculine)
        case "ordinal-feminine": return try numbers.ordinal(Int(golden.input)!, gender: .feminine)
        case "ordinal-masculine-plural": return try numbers.ordinal(Int(golden.input)!, gender: .masculine, plural: true)
        case "ordinal-feminine-plural": return try numbers.ordinal(Int(golden.input)!, gender: .feminine, plural: true)
        case "percent": return try numbers.percent(golden.input)
        case "digits": return try numbers.digits(golden.input)
        default:
            Issue.record("unknown kind \(golden.kind)")
            return ""
        }
    }
}
