import Testing
@testable import SpokenForm

/// Nothing traps on any input: thousands of generated strings near the accepted forms
/// go through every parsing entry point; each gives words or a SpokenFormError.
@Suite struct DateRobustnessTests {
    static let pieces = ["0", "1", "2", "9", "12", "29", "31", "59", "60", "99", "2015", "9999", "0000", "10000",
                         "/", ".", "-", ":", " ", "T", "Z", "+", "h", "H", "P", "W", "D", "M", "S", "Y", "am", "pm",
                         "p.m.", "à", "@", "-", ",", "\u{00A0}", "é", "🙂", "", "99999999999999", "@-", "\u{202F}"]

    @Test(arguments: ["fr-FR", "en-US", "de-DE", "es-ES", "it-IT", "pt-BR", "nl-NL"])
    func generatedInputsNeverTrap(locale: String) throws {
        let spoken = try SpokenForm.shared(locale: locale)
        let dates = try spoken.dates
        var generator = SplitMix64(state: UInt64(locale.utf8.count))
        var spokenCount = 0
        for _ in 0..<3000 {
            let length = 1 + Int.random(in: 0..<7, using: &generator)
            let input = (0..<length).map { _ in Self.pieces[Int.random(in: 0..<Self.pieces.count, using: &generator)] }.joined()
            for call in [{ try dates.date(input) }, { try dates.time(input) }, { try dates.dateTime(input) },
                         { try dates.duration(input) }, { try dates.relative(input) }] as [() throws -> String] {
                do {
                    let words = try call()
                    #expect(!words.isEmpty)
                    #expect(!words.contains(where: { $0.isNumber }), "digits left in '\(words)' for '\(input)'")
                    spokenCount += 1
                } catch is SpokenFormError {
                    continue
                }
            }
        }
        #expect(spokenCount > 0)
    }

    @Test func extremeValues() throws {
        let fr = try SpokenForm.shared(locale: "fr-FR").dates
        #expect(throws: SpokenFormError.self) { try fr.relative(Int.min, unit: .day) }
        #expect(try fr.relative(Int(Int32.max), unit: .second).hasPrefix("dans deux milliards"))
        #expect(try fr.duration("999999999999999").hasPrefix("onze milliards"))
        #expect(try fr.duration("P999999999Y").hasPrefix("neuf cent quatre-vingt-dix-neuf millions"))
        #expect(try fr.date("@-62135596800") == "premier janvier un")
        #expect(throws: SpokenFormError.self) { try fr.date("@-62135596801") }
    }
}
