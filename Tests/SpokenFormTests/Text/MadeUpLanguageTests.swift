import Foundation
import Testing
@testable import SpokenForm

/// A language made only of data (issue 34): the test fixtures in `Golden/made-up-language/qaa`
/// (ISO 639's private-use code) give its plural rules with a dual, few and many
/// (`plurals.txt`), its numbers and six cases as spell-out rule text (`spellout.txt`), its
/// kilometre's names by plural category (`units.txt` `unit-name`), and the cases its words
/// govern (`text.txt`). No Swift knows the language: every form below is chosen by its data.
@Suite struct MadeUpLanguageTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Golden/made-up-language")

    static func language() throws -> SpokenForm {
        try SpokenForm(locale: "qaa", options: .init(dataDirectories: [fixtures]))
    }

    @Test func numbersComeFromItsRuleText() throws {
        let qaa = try Self.language()
        #expect(try qaa.number(21) == "dudek un")
        #expect(try qaa.number(1234) == "un mil du cent tridek kat")
    }

    /// "1, 2, 5, 21 kilometres": one, the dual, many, and one again (21), then few (23).
    @Test func kilometresTakeTheCategoryOfTheirCount() throws {
        let qaa = try Self.language()
        #expect(try qaa.text("1 km, 2 km, 5 km, 21 km, 23 km").text
            == "un kilometra, du kilometrau, pen kilometru, dudek un kilometra, dudek tri kilometre")
    }

    /// A date with its forms chosen by the data: the day an ordinal in the genitive (dates.txt
    /// `day-ruleset`), the month in the genitive inside the date and in the nominative alone
    /// (`month-names`), the weekday's own name (`weekday-names`), day first (`pattern-replace`).
    @Test func aDateTakesItsFormsFromTheData() throws {
        let qaa = try Self.language()
        let date = try CivilDate(year: 2015, month: 4, day: 1)
        #expect(try qaa.dates.date(date) == "untos aprilos du mil dekpen")
        #expect(try qaa.dates.date(date, style: .full) == "merkis, untos aprilos du mil dekpen")
        #expect(try qaa.dates.date(date, style: .monthYear) == "april du mil dekpen")
        #expect(try qaa.text("1.4.2015").text == "untos aprilos du mil dekpen")
    }

    /// A time template names the rule set each number is said with (times.txt `{h24:%RULESET}`):
    /// the hour an ordinal in the genitive, the minutes a cardinal in the locative (qaa's rule
    /// text: "deksep" + "tos", "tridek" + "e"); the default style keeps its plain cardinals.
    @Test func aTimeTakesTheFormsItsTemplateNames() throws {
        let qaa = try Self.language()
        let time = try CivilTime(hour: 17, minute: 30)
        #expect(try qaa.dates.time(time, style: TimeStyle(rawValue: "ordinal")) == "dekseptos hor trideke")
        #expect(try qaa.dates.time(try CivilTime(hour: 21, minute: 0), style: TimeStyle(rawValue: "ordinal")) == "dudek untos hor")
        #expect(try qaa.dates.time(time) == "deksep hor tridek")
    }

    /// A count takes the case its governing word asks for, through the case's rule set.
    @Test func countsTakeTheCaseOfTheirGoverningWord() throws {
        let qaa = try Self.language()
        #expect(try qaa.text("be 5 libri, ad 2 libri, per 21 libri, in 3 libri").text
            == "be penos libri, ad duui libri, per dudek unem libri, in trie libri")
    }
}

/// Plural rules and unit names in the data are checked like every other line.
@Suite struct PluralRuleDataTests {
    static func folder(_ files: [String: String]) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sf-qaa-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("qaa"), withIntermediateDirectories: true)
        let fixtures = MadeUpLanguageTests.fixtures.appendingPathComponent("qaa")
        for name in try FileManager.default.contentsOfDirectory(atPath: fixtures.path) {
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent(name), to: directory.appendingPathComponent("qaa/\(name)"))
        }
        for (name, text) in files {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent("qaa/\(name)"))
            try text.write(to: directory.appendingPathComponent("qaa/\(name)"), atomically: true, encoding: .utf8)
        }
        return directory
    }

    @Test(arguments: ["dual = n = 2\n", "two = n = = 2\n", "other = n = 2\n"])
    func malformedPluralRulesNameTheFile(text: String) throws {
        let directory = try Self.folder(["plurals.txt": text])
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect {
            _ = try SpokenForm(locale: "qaa", options: .init(dataDirectories: [directory])).number(2)
        } throws: { error in
            guard case SpokenFormError.malformedLocaleData(let file, _, _) = error else { return false }
            return file.hasSuffix("qaa/plurals.txt")
        }
    }

    /// dates.txt `year-ruleset`: the year inside a date said with another rule set (an ordinal
    /// in the genitive, as Russian "две тысячи пятнадцатого года"); the year alone keeps its own.
    @Test func theYearInsideADateTakesTheDataRuleSet() throws {
        let fixture = MadeUpLanguageTests.fixtures.appendingPathComponent("qaa/dates.txt")
        let dates = try String(contentsOf: fixture, encoding: .utf8) + "year-ruleset = %spellout-ordinal-genitive\n"
        let directory = try Self.folder(["dates.txt": dates])
        defer { try? FileManager.default.removeItem(at: directory) }
        let qaa = try SpokenForm(locale: "qaa", options: .init(dataDirectories: [directory]))
        #expect(try qaa.dates.date(try CivilDate(year: 2015, month: 4, day: 1)) == "untos aprilos du mil dekpentos")
        #expect(try qaa.year(2015) == "du mil dekpen")
    }

    @Test(arguments: ["rule = 24h | * | * | {h24:%spellout-ordinal-ablative} hor {minute}\n",
                      "rule = 24h | * | * | {h24:spellout-ordinal} hor {minute}\n",
                      "rule = 24h | * | * | {h24} hor {period:%spellout-ordinal}\n"])
    func aTimeTemplateNamingNoRuleSetNamesTheFile(rule: String) throws {
        let directory = try Self.folder(["times.txt": "default = 24h\nhour-gender = none\nminute-gender = none\n" + rule])
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect {
            _ = try SpokenForm(locale: "qaa", options: .init(dataDirectories: [directory])).dates.time(try CivilTime(hour: 17, minute: 30))
        } throws: { error in
            guard case SpokenFormError.malformedLocaleData(let file, _, _) = error else { return false }
            return file.hasSuffix("qaa/times.txt")
        }
    }

    @Test func aMalformedUnitNameNamesTheFileAndLine() throws {
        let directory = try Self.folder(["units.txt": "unit | km | length-kilometer\nunit-name | length-kilometer | kilometra | twin=kilometrau\n"])
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect {
            _ = try SpokenForm(locale: "qaa", options: .init(dataDirectories: [directory])).expand("5 km")
        } throws: { error in
            guard case SpokenFormError.malformedLocaleData(let file, let line, _) = error else { return false }
            return file.hasSuffix("qaa/units.txt") && line == 2
        }
    }
}
