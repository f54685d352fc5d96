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

/// Scale words and multipliers take the form of the number's CLDR plural category (text.txt
/// `scale`, `multiplier`): Russian "2 млн" is "два миллиона", "5 млн" "пять миллионов", from
/// data alone. The forms are those of A. A. Zaliznyak's Grammatical Dictionary of Russian
/// (миллион: masculine 1a, genitive singular миллиона, genitive plural миллионов; раз, "пять
/// раз", genitive plural раз); the categories CLDR's Russian plural rules as ICU applies them.
@Suite struct ScalePluralFormsTests {
    static let russianText = """
        # test data
        scale = млн, миллион | миллион | миллиона | few=миллиона | many=миллионов
        multiplier = x, × | раз | раза | few=раза | many=раз | masculine
        """

    @Test func scaleWordsTakeTheCategoryOfTheirNumber() throws {
        let data = try TextLocaleData(files: [LocaleDataFile(path: "ru/text.txt", contents: Self.russianText)])
        let rules = try ICUPluralRules(icuLocaleID: "ru")
        let text = ScannedText("1 млн, 2 млн, 5 млн, 21 млн, 1,5 млн")
        var said: [String] = []
        for (number, end) in [("1", 1), ("2", 8), ("5", 15), ("21", 23), ("1.5", 32)] {
            let scale = try #require(text.scaleWord(after: end, data: data, glued: false))
            said.append(scale.forms.form(for: try rules.category(of: number)))
        }
        #expect(said == ["миллион", "миллиона", "миллионов", "миллион", "миллиона"])
        let multiplier = try #require(data.multiplier)
        let five = try rules.category(of: "5"), three = try rules.category(of: "3")
        #expect(multiplier.forms.form(for: five) == "раз" && multiplier.forms.form(for: three) == "раза")
        #expect(multiplier.gender == .masculine)
    }

    @Test func aMalformedCategoryNamesFileAndLine() {
        let bad = LocaleDataFile(path: "ru/text.txt", contents: "scale = млн | миллион | миллиона | fewer=миллиона\n")
        #expect(throws: SpokenFormError.self) { _ = try TextLocaleData(files: [bad]) }
    }
}
