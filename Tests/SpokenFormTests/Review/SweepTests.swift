import Foundation
import Testing
@testable import SpokenForm

/// Every cardinal 0-3000, every ordinal 1-200 in every gender and number the locale has,
/// and every year 1000-2100, checked against invariants no correct output can break, and
/// read back by ICU's lenient rule-based parser where it can read the language (the
/// independent reader of `NumberRoundTripTests`). Seconds, not minutes: run on every build.
@Suite struct SweepTests {
    static let locales = ["fr-FR", "fr-CA", "en-US", "en-GB", "de-DE", "es-ES", "es-MX", "it-IT", "pt-BR", "pt-PT", "nl-NL"]

    /// What no spoken number may contain: digits, soft hyphens, doubled or edge spaces, nothing.
    static func brokenInvariant(_ words: String) -> String? {
        if words.isEmpty { return "empty" }
        if words.unicodeScalars.contains(where: { ("0"..."9").contains($0) }) { return "a digit" }
        if words.unicodeScalars.contains("\u{00AD}") { return "a soft hyphen" }
        if words.unicodeScalars.contains("\u{200B}") { return "a zero-width space" }
        if words.contains("  ") { return "a double space" }
        if words.first == " " || words.last == " " { return "an edge space" }
        return nil
    }

    /// The genders ICU's rule sets distinguish in this locale (nil: the number said alone).
    static func genders(_ speller: NumberSpeller) -> [Gender?] {
        [nil] + Gender.allCases.filter { gender in speller.ruleSetNames.contains("%spellout-cardinal-\(gender.rawValue)") }
    }

    @Test(arguments: locales)
    func cardinals(_ locale: String) throws {
        let speller = try SpokenForm.shared(locale: locale).numbers
        let reads = NumberRoundTripTests.locales.contains { $0.hasPrefix(speller.locale.language + "-") }
        for gender in Self.genders(speller) {
            for value in 0...3000 {
                let words = try speller.cardinal(value, gender: gender)
                if let broken = Self.brokenInvariant(words) {
                    Issue.record("\(locale) \(value) \(gender?.rawValue ?? "") has \(broken): \"\(words)\"")
                }
                // The independent reader reads the counting forms.
                if reads, gender == nil, try NumberRoundTripTests.parseBack(words, speller) != Decimal(value) {
                    Issue.record("\(locale) \(value): \"\(words)\" reads back as \(String(describing: try NumberRoundTripTests.parseBack(words, speller)))")
                }
            }
        }
    }

    @Test(arguments: locales)
    func ordinals(_ locale: String) throws {
        let speller = try SpokenForm.shared(locale: locale).numbers
        // "un millionième", "um milionésimo", "eine Millionste": the count of one before a scale
        // ordinal makes it the fraction (English "one hundredth" is both and stays).
        let one = try speller.cardinal(1, gender: .masculine)
        let oneForms = Set([one, try speller.cardinal(1, gender: .feminine), try speller.cardinal(1)])
        let values = Array(1...200) + [1000, 2000, 10_000, 100_000, 1_000_000, 2_000_000, 1_000_000_000]
        for gender in [Gender.masculine, .feminine, .neuter] {
            for plural in [false, true] {
                for value in values {
                    let words = try speller.ordinal(value, gender: gender, plural: plural)
                    if let broken = Self.brokenInvariant(words) {
                        Issue.record("\(locale) ordinal \(value) \(gender) \(plural) has \(broken): \"\(words)\"")
                    }
                    if speller.locale.language != "en", let first = words.split(separator: " ").first,
                       oneForms.contains(String(first)), words.split(separator: " ").count == 2 {
                        Issue.record("\(locale) ordinal \(value) is the fraction form: \"\(words)\"")
                    }
                }
            }
        }
    }

    @Test(arguments: locales)
    func years(_ locale: String) throws {
        let speller = try SpokenForm.shared(locale: locale).numbers
        // Years said as cardinals read back as cardinals; English and Dutch years have their own shape.
        let reads = ["fr", "de", "es", "pt"].contains(speller.locale.language)
        for year in 1000...2100 {
            let words = try speller.year(year)
            if let broken = Self.brokenInvariant(words) {
                Issue.record("\(locale) year \(year) has \(broken): \"\(words)\"")
            }
            if reads, try NumberRoundTripTests.parseBack(words, speller) != Decimal(year) {
                Issue.record("\(locale) year \(year): \"\(words)\" reads back as \(String(describing: try NumberRoundTripTests.parseBack(words, speller)))")
            }
        }
    }

    @Test func theFractionCheckCatchesTheFractionForm() {
        #expect(Self.brokenInvariant("vingt et un") == nil)
        #expect(Self.brokenInvariant("vingt  et un") == "a double space")
        #expect(Self.brokenInvariant("zwei\u{00AD}hundert") == "a soft hyphen")
        #expect(Self.brokenInvariant("21") == "a digit")
        #expect(Self.brokenInvariant("") == "empty")
    }
}
