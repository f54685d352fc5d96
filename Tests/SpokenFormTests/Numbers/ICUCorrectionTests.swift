import Foundation
import Testing
@testable import SpokenForm

/// Each test names an ICU 72 error (ICU-NOTES.md) that SpokenForm corrects.
@Suite struct ICUCorrectionTests {
    let fr = try! SpokenForm(locale: "fr-FR")

    @Test func frenchQuatreVingtsBeforeMillions() throws {
        // ICU 72: "quatre-vingt millions".
        #expect(try fr.number(80_000_000) == "quatre-vingts millions")
        #expect(try fr.number(180_000_000) == "cent quatre-vingts millions")
        // Not before mille (an invariable numeral) and not when another numeral follows.
        #expect(try fr.number(80_000) == "quatre-vingt mille")
        #expect(try fr.number(81_000_000) == "quatre-vingt-un millions")
    }

    @Test func frenchDeuxCentsBeforeMillionsAndMilliards() throws {
        // ICU 72: "deux cent millions", "deux cent milliards".
        #expect(try fr.number(200_000_000) == "deux cents millions")
        #expect(try fr.number(300_000_000_000) == "trois cents milliards")
        // A lone "cent" is not multiplied; "deux cent un millions" keeps cent invariable.
        #expect(try fr.number(1_100_000_000) == "un milliard cent millions")
        #expect(try fr.number(201_000_000) == "deux cent un millions")
        #expect(try fr.number(200_000) == "deux cent mille")
    }

    @Test func frenchTraditionalAndReformSpellings() throws {
        #expect(try fr.number(21) == "vingt et un")
        #expect(try fr.ordinal(71) == "soixante et onzième")
        let reform = try SpokenForm(locale: "fr-FR", options: .init(numberSpelling: .reform))
        #expect(try reform.number(21) == "vingt-et-un")
        #expect(try reform.number(200_300_000) == "deux-cents millions trois-cent-mille")
        #expect(try reform.number(1999) == "mille-neuf-cent-quatre-vingt-dix-neuf")
    }

    @Test func dutchYearsKeepHonderd() throws {
        // ICU 72: 1999 "negentiennegenennegentig", 1905 "negentienvijf".
        let nl = try! SpokenForm(locale: "nl-NL")
        #expect(try nl.year(1999) == "negentienhonderdnegenennegentig")
        #expect(try nl.year(1905) == "negentienhonderdvijf")
    }

    @Test func arabicHundredsAreOneWord() throws {
        // ICU 72: "تسعة مائة".
        let ar = try! SpokenForm(locale: "ar")
        #expect(try ar.number(900) == "تسعمائة")
        #expect(try ar.number(2_900).hasSuffix(" وتسعمائة"))
        #expect(try !ar.number(2_900).contains("تسعة مائة"))
    }

    @Test func europeanPortugueseThousandMillions() throws {
        // ICU 72: "um mil milhões".
        let pt = try! SpokenForm(locale: "pt-PT")
        #expect(try pt.number(1_000_000_000) == "mil milhões")
        #expect(try pt.number(21_000_000_000) == "vinte e um mil milhões")
    }

    @Test func russianDecimalsAreFractions() throws {
        // ICU 72: "двадцать одна целый семьдесят миллионов стомиллионных".
        let ru = try SpokenForm(locale: "ru-RU")
        #expect(try ru.number("21,7") == "двадцать одна целая семь десятых")
    }

    @Test func noSoftHyphensOrZeroWidthSpaces() throws {
        // ICU 72 inserts U+00AD in de, it, nl, es...; U+200B in th, lo, km.
        for tag in ["de", "it", "nl", "es", "da", "sv", "nb", "fi", "hu", "th", "lo", "km"] {
            let spoken = try SpokenForm(locale: tag)
            for value in [21, 1999, 654_321, 987_654_321] {
                let words = try spoken.number(value)
                #expect(!words.unicodeScalars.contains { $0 == "\u{00AD}" || $0 == "\u{200B}" }, "\(tag) \(value): \(words)")
            }
        }
    }

    @Test func largeDoublesAreSpokenExactly() throws {
        // ICU's double path (and Foundation's NumberFormatter) spell 2^54+ as the wrong number.
        let en = try SpokenForm(locale: "en-US")
        #expect(try en.number(1e20) == "one hundred quintillion")
        #expect(try en.number(18014398509481984.0) == "eighteen quadrillion fourteen trillion three hundred ninety-eight billion five hundred nine million four hundred eighty-one thousand nine hundred eighty-four")
        #expect(try en.number(0.1 + 0.2) == "zero point three zero zero zero zero zero zero zero zero zero zero zero zero zero zero zero four")
        #expect(try en.number(0.3) == "zero point three")
    }

    @Test func spanishMasculineBeforeScaleNouns() throws {
        let es = try! SpokenForm(locale: "es-ES")
        #expect(try es.number(21_000_000) == "veintiún millones")
        #expect(try es.numbers.cardinal(DecimalText(isNegative: false, integer: "21000000000000000000")) == "veintiún trillones")
    }
}

@Suite struct NumberParsingTests {
    @Test func frenchNotations() throws {
        let fr = try SpokenForm(locale: "fr-FR")
        for text in ["54 038 921,7", "54\u{00A0}038\u{00A0}921,7", "54\u{202F}038\u{202F}921,7", "54038921,7", "54038921.7"] {
            #expect(try fr.numbers.parse(text) == DecimalText(isNegative: false, integer: "54038921", fraction: "7"), "\(text)")
        }
        #expect(try fr.numbers.parse("-3,5") == DecimalText(isNegative: true, integer: "3", fraction: "5"))
        #expect(try fr.numbers.parse("\u{2212}3,5") == DecimalText(isNegative: true, integer: "3", fraction: "5"))
    }

    @Test func englishAndGermanGrouping() throws {
        let en = try SpokenForm(locale: "en-US")
        #expect(try en.numbers.parse("54,038,921.7").description == "54038921.7")
        #expect(try en.numbers.parse("1,234").description == "1234")
        #expect(try en.numbers.parse("1.5").description == "1.5")
        let de = try SpokenForm(locale: "de-DE")
        #expect(try de.numbers.parse("54.038.921,7").description == "54038921.7")
        #expect(try de.numbers.parse("1.234").description == "1234")
        #expect(try de.numbers.parse("1.5").description == "1.5")
        #expect(try de.numbers.parse("1,5").description == "1.5")
        let ch = try SpokenForm(locale: "de-CH")
        #expect(try ch.numbers.parse("1’234’567.5").description == "1234567.5")
    }

    @Test func integersOfAnyLength() throws {
        let en = try SpokenForm(locale: "en-US")
        let digits = String(repeating: "9", count: 40)
        #expect(try en.numbers.parse(digits).integer == digits)
        #expect(try en.number(digits).hasPrefix("nine million nine hundred ninety-nine thousand nine hundred ninety-nine decillion nine hundred ninety-nine nonillion"))
        let es = try SpokenForm(locale: "es-ES")
        #expect(try es.numbers.cardinal(DecimalText(isNegative: false, integer: "1001000000000000000000")) == "mil un trillones")
    }

    @Test(arguments: ["", "abc", "1,2,3", "12 34", "1.2.3,4,5", "--1", "1e5", "١٢٣", "3,", ",", "1 000,5,5", "٣"])
    func rejectsMalformedNumbers(_ text: String) throws {
        let fr = try SpokenForm(locale: "fr-FR")
        #expect(throws: SpokenFormError.self) { try fr.numbers.parse(text) }
    }

    @Test func errorsNameTheInputAndWhatWasExpected() throws {
        let fr = try SpokenForm(locale: "fr-FR")
        do {
            _ = try fr.number("12a")
            Issue.record("no error")
        } catch let error as SpokenFormError {
            guard case .invalidInput(let kind, let input, let expected) = error else { Issue.record("\(error)"); return }
            #expect(kind == "number")
            #expect(input == "12a")
            #expect(expected.contains("','"))
        }
    }

    @Test func doublesAndDecimals() throws {
        let fr = try SpokenForm(locale: "fr-FR")
        #expect(try fr.number(3.14) == "trois virgule quatorze")
        #expect(try fr.number(Decimal(string: "54038921.7")!) == "cinquante-quatre millions trente-huit mille neuf cent vingt et un virgule sept")
        #expect(throws: SpokenFormError.self) { try fr.number(Double.nan) }
        #expect(throws: SpokenFormError.self) { try fr.number(Double.infinity) }
        #expect(try fr.number(1e-5) == "zéro virgule zéro zéro zéro zéro un")
    }

    @Test func digitsRejectLetters() throws {
        let fr = try SpokenForm(locale: "fr-FR")
        #expect(try fr.digits("06 11-22.33") == "zéro six un un deux deux trois trois")
        #expect(throws: SpokenFormError.self) { try fr.digits("12a") }
        #expect(throws: SpokenFormError.self) { try fr.digits("") }
    }
}

@Suite struct LocaleTests {
    @Test func unsupportedLanguagesAreTypedErrorsNotEnglish() {
        for tag in ["bn", "bn-BD", "xx", "zu-ZA"] {
            #expect(throws: SpokenFormError.self) { try SpokenForm(locale: tag).numbers }
            #expect(throws: SpokenFormError.self) { try SpokenForm(locale: tag).number(5) }
        }
        #expect(throws: SpokenFormError.unsupportedLocale("bn", capability: "numbers")) { try SpokenForm(locale: "bn").numbers }
    }

    /// Capabilities are built on first use: a base without spell-out rules still tags.
    @Test func taggingNeedsNoNumberRules() throws {
        let bn = try SpokenForm(locale: "bn")
        let spoken = try bn.tag("Open Settings")
        #expect(spoken.text == "Open Settings")
        #expect(spoken.locale == "bn")
        #expect(spoken.spans.map(\.language) == ["en"])
    }

    @Test(arguments: ["", "fr FR", "français", "12", "fr-FR!"])
    func malformedTagsAreInvalidLocale(_ tag: String) {
        #expect(throws: SpokenFormError.invalidLocale(tag)) { try SpokenForm(locale: tag) }
    }

    @Test func tagsInEitherSyntax() throws {
        #expect(try SpokenLocale("fr-FR").icuID == "fr_FR")
        #expect(try SpokenLocale("fr_FR").icuID == "fr_FR")
        #expect(try SpokenLocale("fr").likelyRegion == "FR")
        #expect(try SpokenLocale("pt").likelyRegion == "BR")
    }

    @Test func ordinalsNeedOrdinalRules() throws {
        // Every hand-checked language has ordinal rules; the rule-set names differ per locale.
        for tag in ["fr", "en", "de", "es", "it", "pt", "nl"] {
            #expect(try !SpokenForm(locale: tag).ordinal(2).isEmpty)
        }
    }
}
