import Foundation
import Testing
@testable import SpokenForm

/// The lines of `Golden/phones/<locale>.tsv`: input, region for numbers without a country code, expected words.
func phoneGoldenCases() -> [GoldenCase] {
    GoldenFile.names("phones").flatMap { GoldenCase.load("phones", $0, layout: .inputOptionExpected) }
}

@Suite struct PhoneGoldenTests {
    @Test func thereAreEnoughCases() {
        let cases = phoneGoldenCases()
        #expect(cases.count >= 60)
        let malformed = cases.filter { !$0.isWellFormed }.map(\.testDescription)
        #expect(malformed.isEmpty)
        // Each of the numbers is spoken in fr, en, de and es.
        for locale in ["fr-FR", "en-US", "de-DE", "es-ES"] {
            #expect(cases.filter { $0.locale == locale }.count >= 15, "\(locale)")
        }
    }

    @Test(arguments: phoneGoldenCases())
    func spoken(_ golden: GoldenCase) throws {
        let spoken = try SpokenForm.shared(locale: golden.locale)
        let text = try spoken.phone(golden.input, options: .init(region: golden.option))
        #expect(text == golden.expected)
    }
}

@Suite struct PhoneReadingTests {
    let fr = try! SpokenForm.shared(locale: "fr-FR")
    let en = try! SpokenForm.shared(locale: "en-US")

    @Test func defaultRegionComesFromTheLocale() throws {
        #expect(try fr.phones.defaultRegion == "FR")
        #expect(try en.phones.defaultRegion == "US")
        #expect(try SpokenForm.shared(locale: "fr").phones.defaultRegion == "FR")
        #expect(try fr.phone("0611223306") == "zéro six, onze, vingt-deux, trente-trois, zéro six")
        #expect(try en.phone("(201) 555-0123") == "two zero one, five five five, zero one two three")
    }

    @Test func internationalInputSwitchesRegionAndFormat() throws {
        let number = try fr.phones.read("+1 416 555 0123")
        #expect(number.region == "CA")
        #expect(number.countryCode == 1)
        #expect(number.isInternational)
        #expect(number.groups == ["1", "416", "555", "0123"])
        #expect(number.text == "plus un, quatre cent seize, cinq cent cinquante-cinq, zéro un, vingt-trois")
        let viaIDD = try fr.phones.read("00 44 20 7946 0018")
        #expect(viaIDD.region == "GB")
        #expect(viaIDD.formatted == "+44 20 7946 0018")
    }

    @Test func italianNumbersKeepTheirZeroInternationally() throws {
        let number = try en.phones.read("+39 02 1234 5678")
        #expect(number.groups == ["39", "02", "1234", "5678"])
        #expect(number.text.hasPrefix("plus three nine, zero two,"))
    }

    @Test func numberTypes() throws {
        #expect(try fr.phones.read("06 11 22 33 06").type == .mobile)
        #expect(try fr.phones.read("01 23 45 67 89").type == .fixedLine)
        #expect(try fr.phones.read("0 800 12 34 56").type == .tollFree)
        #expect(try en.phones.read("(201) 555-0123").type == .fixedLineOrMobile)
    }

    @Test func extensionsInEveryWrittenForm() throws {
        let expected = "zéro un, vingt-trois, quarante-cinq, soixante-sept, quatre-vingt-neuf, poste douze"
        for input in ["01 23 45 67 89 poste 12", "01 23 45 67 89, poste 12", "01 23 45 67 89 p. 12", "01 23 45 67 89 ext. 12",
                      "01 23 45 67 89 x12", "tel:+33-1-23-45-67-89;ext=12"] {
            let text = try fr.phone(input)
            #expect(text.hasSuffix("poste douze"), "\(input)")
            if !input.hasPrefix("tel:") { #expect(text == expected, "\(input)") }
        }
        #expect(try fr.phones.read("01 23 45 67 89 poste 12").extensionDigits == "12")
        #expect(try en.phone("201-555-0123 x123").hasSuffix("extension one two three"))
        // Long extensions are cut into parts, never one big number; any script's digits count.
        #expect(try fr.phone("01 23 45 67 89 poste 1234567").hasSuffix("poste cent vingt-trois, quarante-cinq, soixante-sept"))
        #expect(try fr.phone("01 23 45 67 89 poste 123").hasSuffix("poste cent vingt-trois"))
        #expect(try fr.phone("01 23 45 67 89 ext. ١٢").hasSuffix("poste douze"))
        _ = try fr.phone("01 23 45 67 89 poste " + String(repeating: "9", count: 40))
    }

    @Test func vanityLetters() throws {
        let number = try en.phones.read("1-800-FLOWERS")
        #expect(number.groups == ["1", "800", "356", "9377"])
        #expect(number.type == .tollFree)
        #expect(!number.isInternational)
    }

    @Test func ohOption() throws {
        let oh = try en.phone("(201) 555-0123", options: .init(zero: .oh))
        #expect(oh == "two oh one, five five five, oh one two three")
        let gb = try SpokenForm.shared(locale: "en-GB")
        #expect(try gb.phone("020 7946 0018", options: .init(zero: .zero)) == "zero two zero, seven nine four six, double zero one eight")
    }

    @Test func aRunOfDigitsIsNeverOneBigNumber() throws {
        // Every spoken part stands for at most three digits.
        for input in ["0611223306", "+33611223306", "0033611223306"] {
            let number = try fr.phones.read(input)
            #expect(!number.text.contains("million"))
            #expect(!number.text.contains("mille"))
            #expect(number.spokenGroups.count >= 5)
        }
        let lenient = try fr.phone("123456789012345", options: .init(lenient: true))
        #expect(!lenient.contains("mille") && !lenient.contains("million"))
    }

    @Test func lenientReadsWhatLibphonenumberRejects() throws {
        #expect(try fr.phone("0612", options: .init(lenient: true)) == "zéro six, douze")
        #expect(try fr.phone("06 12 345", options: .init(lenient: true)) == "zéro six, douze, trois cent quarante-cinq")
        #expect(try en.phone("12345", options: .init(lenient: true)) == "one two three four five")
        let number = try fr.phones.read("0612", options: .init(lenient: true))
        #expect(!number.isValid)
        #expect(number.type == .unknown)
        // A valid number reads the same with or without lenient.
        #expect(try fr.phone("0611223306", options: .init(lenient: true)) == "zéro six, onze, vingt-deux, trente-trois, zéro six")
        // No digit at all stays an error.
        #expect(throws: SpokenFormError.self) { try fr.phone("hello", options: .init(lenient: true)) }
    }

    @Test func partSizes() {
        #expect(PhoneSpeller.partSizes(count: 4, pattern: [2, 2]) == [2, 2])
        #expect(PhoneSpeller.partSizes(count: 5, pattern: [2]) == [2, 3])
        #expect(PhoneSpeller.partSizes(count: 9, pattern: [2]) == [2, 2, 2, 3])
        #expect(PhoneSpeller.partSizes(count: 1, pattern: [2]) == [1])
        #expect(PhoneSpeller.partSizes(count: 7, pattern: []) == [7])
    }

    @Test func separatorsAreDroppedOnlyFromPlainInputs() {
        #expect(PhoneSpeller.withoutSeparators("06.11.22.33.06") == "0611223306")
        #expect(PhoneSpeller.withoutSeparators("+33 6-11/22 33 06") == "+33611223306")
        #expect(PhoneSpeller.withoutSeparators("(201) 555-0123") == "2015550123")
        #expect(PhoneSpeller.withoutSeparators("+44 (0)20 7946 0018") == "+44 (0)20 7946 0018")
        #expect(PhoneSpeller.withoutSeparators("1-800-FLOWERS") == "1-800-FLOWERS")
        #expect(PhoneSpeller.withoutSeparators("06 + 11") == "06 + 11")
    }

    @Test func extensionMarkerNeedsDigitsAfterIt() throws {
        let speller = try fr.phones
        #expect(speller.splitExtension("01 23 45 67 89").extension == nil)
        #expect(speller.splitExtension("01 23 45 67 89 poste 12").main == "01 23 45 67 89")
        #expect(speller.splitExtension("poste 12").extension == nil)
    }
}
