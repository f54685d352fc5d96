import Testing
@testable import SpokenForm

/// Nothing traps on any input: thousands of generated strings near the accepted forms
/// go through every parsing entry point; each gives words or a SpokenFormError.
@Suite struct DateRobustnessTests {
    /// A small deterministic generator (xorshift), so a failure can be replayed.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % UInt64(bound))
        }
    }

    static let pieces = ["0", "1", "2", "9", "12", "29", "31", "59", "60", "99", "2015", "9999", "0000", "10000",
                         "/", ".", "-", ":", " ", "T", "Z", "+", "h", "H", "P", "W", "D", "M", "S", "Y", "am", "pm",
                         "p.m.", "à", "@", "-", ",", "\u{00A0}", "é", "🙂", "", "99999999999999", "@-", "\u{202F}"]

    @Test(arguments: ["fr-FR", "en-US", "de-DE", "es-ES", "it-IT", "pt-BR", "nl-NL"])
    func generatedInputsNeverTrap(locale: String) throws {
        let spoken = try SpokenForm.shared(locale: locale)
        let dates = try spoken.dates
        var generator = Generator(state: 0x9E37_79B9_7F4A_7C15 &+ UInt64(locale.utf8.count))
        var spokenCount = 0
        for _ in 0..<3000 {
            let length = 1 + generator.next(7)
            let input = (0..<length).map { _ in Self.pieces[generator.next(Self.pieces.count)] }.joined()
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
