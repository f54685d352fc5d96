import Foundation
import Testing
@testable import SpokenForm

/// Spell-out rules kept as rule text in `Locales/<lang>/spellout.txt` replace ICU 72's where
/// they are wrong: a language's numbers are fixed in data, with no Swift written for them.
@Suite struct SpellOutRuleTextTests {
    /// Czech (Locales/cs/spellout.txt; reference: Internetová jazyková příručka, ÚJČ AV ČR,
    /// "tisíc" masculine, "miliarda" feminine). ICU 72 says "jedna tisíc", "dvě tisíce",
    /// "jeden miliarda", "dva miliardy", "pět miliardů".
    @Test(arguments: [
        (1000, "tisíc"), (1234, "tisíc dvě stě třicet čtyři"), (2000, "dva tisíce"), (4000, "čtyři tisíce"),
        (5000, "pět tisíc"), (1_000_000_000, "miliarda"), (2_000_000_000, "dvě miliardy"), (5_000_000_000, "pět miliard"),
        (1_000_000_000_000_000, "biliarda"), (200, "dvě stě"), (21, "dvacet jeden"), (1_000_000, "jeden milión"),
    ])
    func czechCardinals(value: Int, spoken: String) throws {
        #expect(try SpokenForm(locale: "cs-CZ").number(value) == spoken)
    }

    /// The rule text ICU writes opens again to the same words (the round trip the data file
    /// starts from), and a user's data folder may carry its own rules.
    @Test func ruleTextRoundTripsAndAUserFileReplacesICU() throws {
        let icu = try NumberSpeller(locale: SpokenLocale("sk"), dataStore: LocaleDataStore(directories: []))
        let text = try icu.spellOutRuleText()
        #expect(text.contains("%spellout-cardinal-masculine:"))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sf-rbnf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("sk"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("sk/spellout.txt")
        try ("# ICU's own rules, read back\n" + text).write(to: file, atomically: true, encoding: .utf8)
        let same = try NumberSpeller(locale: SpokenLocale("sk"), dataStore: LocaleDataStore(directories: [directory]))
        for value in [0, 1, 7, 21, 100, 1999, 123_456_789] {
            #expect(try same.cardinal(value) == icu.cardinal(value), "\(value)")
        }
        // Slovak 100 is "sto" (ICU 72: "jednasto"), written as one rule of the user's file.
        try ("# one rule changed\n" + text.replacingOccurrences(of: "100: <%spellout-cardinal-feminine<\u{AD}sto;", with: "100: sto;"))
            .write(to: file, atomically: true, encoding: .utf8)
        let fixed = try NumberSpeller(locale: SpokenLocale("sk"), dataStore: LocaleDataStore(directories: [directory]))
        #expect(try icu.cardinal(100) == "jednasto")
        #expect(try fixed.cardinal(100) == "sto")
    }

    /// Rule text ICU refuses is a typed error naming the file, never a fallback to ICU's rules
    /// or to another language.
    @Test func malformedRuleTextIsAnErrorNamingTheFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sf-rbnf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("sk"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "%spellout-numbering:\n0: =%spellout-nowhere=;\n".write(to: directory.appendingPathComponent("sk/spellout.txt"), atomically: true, encoding: .utf8)
        #expect {
            _ = try NumberSpeller(locale: SpokenLocale("sk"), dataStore: LocaleDataStore(directories: [directory]))
        } throws: { error in
            guard case SpokenFormError.malformedLocaleData(let file, _, let message) = error else { return false }
            return file.hasSuffix("sk/spellout.txt") && message.contains("spell-out rule text")
        }
    }
}
