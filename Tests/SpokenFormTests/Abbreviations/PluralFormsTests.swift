import Foundation
import Testing
@testable import SpokenForm

/// Forms by CLDR plural category in the data (`PluralForms`): a language with few and many is
/// spoken from data alone. Russian is given here as a user's data folder (SpokenForm does not
/// ship Russian text data yet): "рубль" one (1, 21), "рубля" few (2–4, 22–24), "рублей" many
/// (5–20, 25–30), and "рубля" other (fractions). Reference: CLDR's Russian plural rules, as ICU
/// applies them; the forms are the dictionary's (Ожегов: рубль, рубля, рублей).
@Suite struct PluralFormsTests {
    static func russian() throws -> (SpokenForm, URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sf-plural-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("ru"), withIntermediateDirectories: true)
        try "# test data\nруб. | рубль\n".write(to: directory.appendingPathComponent("ru/abbreviations.txt"), atomically: true, encoding: .utf8)
        try """
        # test data
        symbol | ₽ | RUB | рубль | рубля | few=рубля | many=рублей
        gender | RUB | masculine
        minor | RUB | копейка | копейки | few=копейки | many=копеек | feminine
        template | major | {major} {major-name}
        template | major-minor | {major} {major-name} {minor} {minor-name}
        """.write(to: directory.appendingPathComponent("ru/money.txt"), atomically: true, encoding: .utf8)
        return (try SpokenForm(locale: "ru-RU", options: .init(dataDirectories: [directory])), directory)
    }

    @Test(arguments: [
        ("1 ₽", "один рубль"), ("2 ₽", "два рубля"), ("5 ₽", "пять рублей"), ("11 ₽", "одиннадцать рублей"),
        ("21 ₽", "двадцать один рубль"), ("22 ₽", "двадцать два рубля"), ("25 ₽", "двадцать пять рублей"),
        ("2,05 ₽", "два рубля пять копеек"), ("1,21 ₽", "один рубль двадцать одна копейка"), ("5,02 ₽", "пять рублей две копейки"),
    ])
    func russianRoublesTakeTheirCategory(written: String, spoken: String) throws {
        let (ru, directory) = try Self.russian()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try ru.expand(written).text == spoken)
    }

    @Test func formsFallBackToOtherAndRefuseMistakes() throws {
        let forms = try PluralForms.parse(one: "a", other: "b", more: ["few=c"])
        #expect(forms.form(for: .one) == "a" && forms.form(for: .few) == "c" && forms.form(for: .many) == "b" && forms.form(for: .two) == "b")
        for bad in [["fewer=c"], ["one=c"], ["few="], ["few=c", "few=d"], ["c"]] {
            #expect(throws: PluralFormsError.self) { _ = try PluralForms.parse(one: "a", other: "b", more: bad) }
        }
    }
}
