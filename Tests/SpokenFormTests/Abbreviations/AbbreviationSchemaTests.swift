import Foundation
import Testing
@testable import SpokenForm

/// The data files in Locales/ are well formed; a malformed entry fails with its file and line.
@Suite struct AbbreviationSchemaTests {
    static let languages = LocaleDataStore.languages(having: "abbreviations.txt")

    @Test func everyLanguageWithDataLoadsWithItsUnitsAndCurrencies() throws {
        #expect(Set(["de", "en", "es", "fr"]).isSubset(of: Set(Self.languages)))
        for language in Self.languages {
            // Building the expander parses every file and asks ICU for every unit.
            _ = try SpokenForm(locale: language).abbreviations
        }
    }

    @Test(arguments: ["de", "en", "es", "fr"])
    func atLeastTwoHundredEntries(language: String) throws {
        let files = try LocaleDataStore.embedded.files(named: "abbreviations.txt", language: language)
        let data = try AbbreviationLocaleData(abbreviations: files, units: [], money: [])
        #expect(data.entries.count >= 200, "\(language): \(data.entries.count) entries")
    }

    /// Every data file of this capability starts with a header comment that documents its format.
    @Test func everyFileHasAFormatHeader() throws {
        let names = ["abbreviations.txt", "units.txt", "money.txt"]
        let paths = LocaleDataStore.embeddedPaths.filter { path in names.contains { path.hasSuffix("/" + $0) } }
        #expect(paths.count >= 12)
        for path in paths {
            let text = try #require(EmbeddedLocales.files[path])
            let first = text.split(separator: "\n").first.map(String.init) ?? ""
            #expect(first.hasPrefix("# "), "\(path) has no header comment")
            #expect(text.contains("Format") || text.contains("format") || text.contains("|"), "\(path)")
        }
    }

    private func parse(abbreviations: String = "", units: String = "", money: String = "") throws {
        _ = try AbbreviationLocaleData(
            abbreviations: abbreviations.isEmpty ? [] : [LocaleDataFile(path: "test/abbreviations.txt", contents: abbreviations)],
            units: units.isEmpty ? [] : [LocaleDataFile(path: "test/units.txt", contents: units)],
            money: money.isEmpty ? [] : [LocaleDataFile(path: "test/money.txt", contents: money)])
    }

    private func expectMalformed(file: String, line: Int, _ body: () throws -> Void) {
        do {
            try body()
            Issue.record("expected a malformed-data error at \(file):\(line)")
        } catch let SpokenFormError.malformedLocaleData(errorFile, errorLine, message) {
            #expect(errorFile == file, "\(message)")
            #expect(errorLine == line, "\(message)")
            #expect(SpokenFormError.malformedLocaleData(file: errorFile, line: errorLine, message: message).description.contains("\(file):\(line)"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func malformedAbbreviationEntriesNameFileAndLine() {
        let header = "# header\n"
        expectMalformed(file: "test/abbreviations.txt", line: 3) { try parse(abbreviations: header + "av. | avenue\nbd boulevard\n") }
        expectMalformed(file: "test/abbreviations.txt", line: 2) { try parse(abbreviations: header + "av. | avenue | sideways\n") }
        expectMalformed(file: "test/abbreviations.txt", line: 2) { try parse(abbreviations: header + "av. |  | street\n") }
        expectMalformed(file: "test/abbreviations.txt", line: 2) { try parse(abbreviations: header + "pers. | one=personne; lots=personnes | after-number\n") }
        expectMalformed(file: "test/abbreviations.txt", line: 2) { try parse(abbreviations: header + "pers. | one=personne | after-number\n") }
        expectMalformed(file: "test/abbreviations.txt", line: 2) { try parse(abbreviations: header + "pers. | one=personne; other=personnes\n") }
        expectMalformed(file: "test/abbreviations.txt", line: 2) { try parse(abbreviations: header + "pers. | personne | after-number gender=plural\n") }
        expectMalformed(file: "test/abbreviations.txt", line: 4) { try parse(abbreviations: header + "av. | avenue\n\nav. | avenida\n") }
        expectMalformed(file: "test/abbreviations.txt", line: 2) { try parse(abbreviations: header + "@ordinal | er | sideways\n") }
        expectMalformed(file: "test/abbreviations.txt", line: 2) { try parse(abbreviations: header + "@shout | loud\n") }
    }

    @Test func malformedUnitAndMoneyRecordsNameFileAndLine() {
        expectMalformed(file: "test/units.txt", line: 2) { try parse(units: "# h\nunit | km\n") }
        expectMalformed(file: "test/units.txt", line: 2) { try parse(units: "# h\nunit | km | Length Kilometer\n") }
        expectMalformed(file: "test/units.txt", line: 3) { try parse(units: "# h\nunit | km | length-kilometer\nunit | km | length-meter\n") }
        expectMalformed(file: "test/units.txt", line: 2) { try parse(units: "# h\nunit | h | duration-hour | sometimes\n") }
        expectMalformed(file: "test/units.txt", line: 2) { try parse(units: "# h\nspeed | fast | slow\n") }
        expectMalformed(file: "test/money.txt", line: 2) { try parse(money: "# h\nsymbol | € | euro\n") }
        expectMalformed(file: "test/money.txt", line: 2) { try parse(money: "# h\ngender | EUR | plural\n") }
        expectMalformed(file: "test/money.txt", line: 2) { try parse(money: "# h\ntemplate | major | {amount} {currency}\n") }
        expectMalformed(file: "test/money.txt", line: 2) { try parse(money: "# h\ntemplate | huge | {major}\n") }
        expectMalformed(file: "test/money.txt", line: 2) { try parse(money: "# h\nminor | EUR | cent\n") }
    }

    /// A unit id ICU does not know is caught when the expander is built, with file and line.
    @Test func unknownICUUnitNamesFileAndLine() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sf-units-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("fr"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("fr/units.txt")
        try "# user units\nunit | lp | length-lightparsec\n".write(to: url, atomically: true, encoding: .utf8)
        let fr = try SpokenForm(locale: "fr", options: .init(dataDirectories: [directory]))
        expectMalformed(file: url.path, line: 2) { _ = try fr.abbreviations }
    }
}
