import Foundation
import Testing
@testable import SpokenForm

/// Every language ICU has spell-out rules for: output is words, clean, and not English.
@Suite struct NumberCoverageTests {
    static let values = [0, 1, 7, 21, 99, 100, 101, 999, 1_000, 1_999, 12_345, 654_321, 1_000_000, 987_654_321, 1_000_000_000_000,
                         999_999_999_999_999_999]

    @Test func icuHasSeventySevenSpellOutLanguages() {
        // ICU-NOTES.md: 77 languages with spell-out rules in ICU 72.
        #expect(SupportedLocales.spellOutLanguages.count == 77)
    }

    @Test(arguments: SupportedLocales.spellOutLanguages)
    func cardinalsAreCleanWordsInTheLanguage(_ language: String) throws {
        let spoken = try SpokenForm(locale: language)
        let english = try SpokenForm(locale: "en")
        for value in Self.values + Self.values.map({ -$0 }) {
            let words = try spoken.number(value)
            #expect(!words.isEmpty, "\(language) \(value)")
            #expect(!words.contains { $0.isASCII && $0.isNumber }, "\(language) \(value): \(words)")
            #expect(!words.unicodeScalars.contains { $0 == "\u{00AD}" || $0 == "\u{200B}" }, "\(language) \(value)")
            #expect(!words.contains("  ") && words == words.trimmingCharacters(in: .whitespaces), "\(language) \(value): spacing")
            #expect(words == words.precomposedStringWithCanonicalMapping, "\(language) \(value): not NFC")
            if language != "en" && value >= 100 {
                #expect(try words != english.number(value), "\(language) \(value) is English: \(words)")
            }
        }
        // Beyond ICU's range: words where the language has scale data, digit by digit otherwise; never ASCII digits.
        let huge = DecimalText(isNegative: false, integer: "123456789012345678901234")
        let words = try spoken.numbers.cardinal(huge)
        #expect(!words.contains { $0.isASCII && $0.isNumber }, "\(language) 10^23: \(words)")
    }

    @Test(arguments: SupportedLocales.spellOutLanguages)
    func decimalsHaveADecimalWord(_ language: String) throws {
        let spoken = try SpokenForm(locale: language)
        let words = try spoken.number("3.5")
        #expect(!words.contains { $0.isASCII && $0.isNumber }, "\(language): \(words)")
        #expect(try words != spoken.number(3) && words != spoken.number(35), "\(language): \(words)")
    }
}
