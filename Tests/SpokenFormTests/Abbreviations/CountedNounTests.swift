import Foundation
import Testing
@testable import SpokenForm

/// Counted words for templates (`CountedNoun`, `AbbreviationExpander.phrase(_:around:count:)`):
/// a unit, currency or counted abbreviation said around a placeholder for a count of each CLDR
/// plural category. The words are ICU's (CLDR's unit and currency names) and the locale data's.
@Suite struct CountedNounTests {
    private func expander(_ locale: String) throws -> AbbreviationExpander { try SpokenForm(locale: locale).abbreviations }

    @Test func samplesOfEachCategory() throws {
        let french = try expander("fr")
        // CLDR French: one (i = 0,1), many (multiples of a million), other.
        #expect(try french.pluralSamples(fractionDigits: 0).map { "\($0.category.rawValue) \($0.sample)" } == ["one 0", "many 1000000", "other 2"])
        #expect(try french.pluralSamples(fractionDigits: 1).map { "\($0.category.rawValue) \($0.sample)" } == ["one 0.1", "other 2.1"])
        // English decimals are all "other" (v != 0).
        #expect(try expander("en").pluralSamples(fractionDigits: 1).map(\.category) == [.other])
        #expect(try expander("de").pluralSamples(fractionDigits: 0).map(\.category) == [.one, .other])
        #expect(try expander("es").pluralSamples(fractionDigits: 0).map(\.category) == [.one, .many, .other])
    }

    @Test func wordsAroundAPlaceholder() throws {
        let french = try expander("fr")
        let km = try #require(french.countedNoun("km"))
        #expect(km.kind == .unit)
        #expect(try french.phrase(km, around: "%d", count: "1") == "%d kilomètre")
        #expect(try french.phrase(km, around: "%d", count: "2") == "%d kilomètres")
        let euro = try #require(french.countedNoun("€"))
        #expect(euro.kind == .currency && euro.goesBeforeAmount)
        #expect(try french.phrase(euro, around: "%@", count: "2") == "%@ euros")
        // A currency written as a word is said after an amount only.
        #expect(french.countedNoun("euros")?.goesBeforeAmount == false)
        let persons = try #require(french.countedNoun("pers."))
        #expect(persons.kind == .noun)
        #expect(try french.phrase(persons, around: "%d", count: "1") == "%d personne")
        // "m" after hours is minutes (units.txt unit-in-context).
        let minutes = try #require(french.countedNoun("m", previousUnit: "h"))
        #expect(try french.phrase(minutes, around: "%d", count: "5") == "%d minutes")
        #expect(french.countedNoun("xyz") == nil)
        #expect(french.countedNoun("h")?.notBeforeNumber == true)
        let german = try expander("de")
        #expect(try german.phrase(try #require(german.countedNoun("Std.")), around: "%d", count: "1") == "%d Stunde")
        let english = try expander("en")
        #expect(try english.phrase(try #require(english.countedNoun("$")), around: "%d", count: "1") == "%d dollar")
    }

    @Test func unitNamesWithoutANumber() throws {
        let french = try expander("fr")
        #expect(try french.unitName("km/h", category: .other) == "kilomètres par heure")
        #expect(try french.unitName("kg", category: .one) == "kilogramme")
        #expect(try french.unitName("mg/l", category: .other) == "milligrammes par litre")
        #expect(try french.unitName("xyz", category: .other) == nil)
    }
}
