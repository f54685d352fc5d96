import Foundation
import Testing
@testable import SpokenForm

@Suite struct PhoneErrorTests {
    let fr = try! SpokenForm.shared(locale: "fr-FR")

    private func message(_ input: String, _ spoken: SpokenForm? = nil, region: String? = nil) -> String? {
        do {
            _ = try (spoken ?? fr).phone(input, options: .init(region: region))
            return nil
        } catch let error as SpokenFormError {
            if case .invalidInput(_, let named, _) = error { #expect(named == input) }
            return error.description
        } catch {
            return "\(error)"
        }
    }

    @Test func tooShortSaysHowManyDigitsAreExpected() {
        #expect(message("0612") == "'0612' is not a valid phone number in France: expected 10 digits, found 4 (too short).")
        #expect(message("06 11 22 33") == "'06 11 22 33' is not a valid phone number in France: expected 10 digits, found 8 (too short).")
    }

    @Test func tooLong() {
        #expect(message("06 11 22 33 06 12 34") == "'06 11 22 33 06 12 34' is not a valid phone number in France: expected 10 digits, found 14 (too long).")
    }

    @Test func internationalLengthsCountAfterTheCountryCode() {
        #expect(message("+33 6 11") == "'+33 6 11' is not a valid phone number in France: expected 9 digits after +33, found 3 (too short).")
    }

    @Test func germanLengthsAreARange() throws {
        let de = try SpokenForm.shared(locale: "de-DE")
        let text = message("030 12345678901234567", de)
        #expect(text?.contains("in Germany") == true)
        #expect(text?.contains("from 5 to 16 digits") == true)
        #expect(text?.contains("too long") == true)
    }

    @Test func impossiblePrefix() {
        let text = message("02 123 45 67", region: "BE")
        #expect(text == "'02 123 45 67' is not a valid phone number in Belgium: expected a number in use there, such as 012 34 56 78: the length is right but no number starts this way.")
    }

    @Test func notANumber() {
        #expect(message("hello")?.hasPrefix("'hello' is not a valid phone number: expected digits") == true)
        #expect(message("")?.hasPrefix("'' is not a valid phone number: expected digits") == true)
        #expect(message("   ")?.hasPrefix("'   ' is not a valid phone number") == true)
    }

    @Test func unknownCountryCode() {
        #expect(message("+999 123 456") == "'+999 123 456' is not a valid phone number: expected a country calling code after + or 00 (the digits after it are not one).")
    }

    @Test func unknownRegionIsAnOptionError() {
        #expect(throws: SpokenFormError.invalidOption(name: "region", value: "XX", expected: "a region code such as FR, US or GB")) {
            try fr.phone("0611223306", options: .init(region: "XX"))
        }
    }

    @Test func unsupportedLanguage() throws {
        let ru = try SpokenForm(locale: "ru")
        #expect(throws: SpokenFormError.unsupportedLocale("ru", capability: "phone numbers")) { try ru.phones }
    }

    @Test func nothingTrapsOnOddInput() {
        let inputs = ["+", "++33", "00", "tel:", "tel:+", ";ext=1", "x123", "poste 12", "0" + String(repeating: "1", count: 300),
                      "+33 6 11 22 33 06 poste", "06 11 22 33 06 poste 1234567890123", "١٢٣٤٥٦٧٨٩٠", "０６ １１ ２２ ３３ ０６",
                      "\u{0}", "06\u{0}11", "🙂", "+1 (", "1-800-🙂", String(repeating: "+", count: 500)]
        for input in inputs {
            _ = try? fr.phone(input)
            _ = try? fr.phone(input, options: .init(lenient: true))
        }
    }
}

@Suite struct PhoneFuzzTests {
    /// Thousands of generated inputs (fixed seed): every call returns words or a typed error.
    @Test func generatedInputsNeverTrap() throws {
        let pieces = ["0", "1", "2", "6", "9", "00", "+", "+33", "(", ")", "-", ".", " ", "/", "\u{00A0}", "x", "ext.", "poste ",
                      "tel:", ";ext=", "١", "０", "A", "FLOWERS", "#", "🙂", "99999999999"]
        let spellers = try ["fr-FR", "en-GB", "de-DE", "es-ES"].map { try SpokenForm.shared(locale: $0) }
        var state: UInt64 = 42
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33)
        }
        var spoken = 0, errors = 0
        for _ in 0..<2000 {
            let input = (0..<(next() % 12)).map { _ in pieces[next() % pieces.count] }.joined()
            for speller in spellers {
                do {
                    let text = try speller.phone(input, options: .init(lenient: next() % 2 == 0))
                    #expect(!text.isEmpty)
                    spoken += 1
                } catch is SpokenFormError {
                    errors += 1
                }
            }
        }
        #expect(spoken > 0 && errors > 0)
    }
}

@Suite struct PhoneDataTests {
    @Test func everyLanguageFileLoads() throws {
        for language in LocaleDataStore.languages(having: "phones.txt") {
            let files = try LocaleDataStore.embedded.files(named: "phones.txt", language: language)
            let data = try PhoneLocaleData(files: files)
            #expect(!data.plusWord.isEmpty, "\(language)")
        }
        for (language, region) in [("en", "GB"), ("pt", "BR"), ("pt", "PT")] {
            _ = try PhoneLocaleData(files: LocaleDataStore.embedded.files(named: "phones.txt", language: language, region: region))
        }
    }

    @Test func malformedDataNamesFileAndLine() {
        let file = LocaleDataFile(path: "Locales/xx/phones.txt", contents: "# header\nplus = plus\nextension = ext\ngroup-4 = number 2 3\n")
        #expect(throws: SpokenFormError.malformedLocaleData(file: "Locales/xx/phones.txt", line: 4,
                                                           message: "the part sizes add up to 5, not 4 (in 'group-4 = number 2 3')")) {
            try PhoneLocaleData(files: [file])
        }
        let unknown = LocaleDataFile(path: "x.txt", contents: "plus = plus\nextension = e\nsing = loud\n")
        #expect(throws: SpokenFormError.self) { try PhoneLocaleData(files: [unknown]) }
        let missing = LocaleDataFile(path: "x.txt", contents: "group-2 = number\n")
        #expect(throws: SpokenFormError.self) { try PhoneLocaleData(files: [missing]) }
    }
}
