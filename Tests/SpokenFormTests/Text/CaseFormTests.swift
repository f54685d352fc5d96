import Foundation
import Testing
@testable import SpokenForm

/// A count takes the case its governing word asks for, for any number, from data alone
/// (text.txt `count-case`, `count-case-form` mapping a case and a gender to an ICU spell-out
/// rule set). Russian is given as a user's data folder (SpokenForm does not ship Russian text
/// data yet): after "до", "от", "около" (prepositions with the genitive) the count is in the
/// genitive, "до 5 километров" → "до пяти километров", "около 21 минуты" → "около двадцати одной
/// минуты". References: the prepositions' government and the declension of cardinals as in
/// Russian grammars (Розенталь, Справочник по правописанию и стилистике, §§ on числительные);
/// the forms are ICU 72's `%spellout-cardinal-*-genitive`.
@Suite struct CaseFormTests {
    static func russian() throws -> (SpokenForm, URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sf-case-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("ru"), withIntermediateDirectories: true)
        try """
        # test data
        count-case = до, от, около, без | genitive
        count-case-form = genitive | masculine | %spellout-cardinal-masculine-genitive
        count-case-form = genitive | feminine | %spellout-cardinal-feminine-genitive
        count-case-form = genitive | neuter | %spellout-cardinal-neuter-genitive
        noun-gender = masculine | километров, километра, километр, рублей
        noun-gender = feminine | минуты, минут, минута
        """.write(to: directory.appendingPathComponent("ru/text.txt"), atomically: true, encoding: .utf8)
        return (try SpokenForm(locale: "ru-RU", options: .init(dataDirectories: [directory])), directory)
    }

    @Test(arguments: [
        ("до 5 километров", "до пяти километров"), ("от 2 километров", "от двух километров"),
        ("около 21 минуты", "около двадцати одной минуты"), ("без 1000 рублей", "без одной тысячи рублей"),
    ])
    func aCountTakesTheCaseOfItsPreposition(written: String, spoken: String) throws {
        let (ru, directory) = try Self.russian()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try ru.text(written).text == spoken)
    }

    /// A rule set the locale's speller does not have is refused with the file and line.
    @Test func anUnknownRuleSetNamesFileAndLine() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sf-case-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("ru"), withIntermediateDirectories: true)
        try "count-case = до | genitive\ncount-case-form = genitive | masculine | %spellout-cardinal-genitive\n"
            .write(to: directory.appendingPathComponent("ru/text.txt"), atomically: true, encoding: .utf8)
        let ru = try SpokenForm(locale: "ru-RU", options: .init(dataDirectories: [directory]))
        #expect {
            _ = try ru.text("до 5 километров")
        } throws: { error in
            guard case SpokenFormError.malformedLocaleData(let file, let line, let message) = error else { return false }
            return file.hasSuffix("ru/text.txt") && line == 2 && message.contains("%spellout-cardinal-genitive")
        }
    }
}
