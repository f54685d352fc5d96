import Foundation
import Testing
@testable import SpokenForm

/// Golden files by file name, with the locale they are spoken in.
let numberGoldenFiles: [(file: String, locale: String)] = [
    ("fr", "fr-FR"), ("en", "en-US"), ("de", "de-DE"), ("es", "es-ES"), ("it", "it-IT"),
    ("pt", "pt-BR"), ("pt-PT", "pt-PT"), ("nl", "nl-NL"), ("ru", "ru-RU"), ("ar", "ar"),
]

/// The well-formed lines of every numbers golden file (`kind  input  expected`).
func loadNumberGoldenCases() -> [GoldenCase] {
    numberGoldenFiles.flatMap { file, locale in
        GoldenCase.load("numbers", file, locale: locale, layout: .kindInputExpected).filter(\.isWellFormed)
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
    func golden(_ golden: GoldenCase) throws {
        let spoken = try SpokenForm.shared(locale: golden.locale)
        #expect(try speak(golden, with: spoken) == golden.expected)
    }

    private func speak(_ golden: GoldenCase, with spoken: SpokenForm) throws -> String {
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
