import Foundation
import Testing

@Suite struct TextCLITests {
    @Test func doneWhenExamples() throws {
        #expect(try CLI.run(["text", "RDV le 01/04/2015 à 5h30 au 06.11.22.33.06", "--locale", "fr-FR"]).stdout
            == "rendez-vous le premier avril deux mille quinze à cinq heures trente au zéro six, onze, vingt-deux, trente-trois, zéro six\n")
        #expect(try CLI.run(["text", "Call (201) 555-0123 before 5:30 PM on April 1, 2015: $2.5 million at stake", "--locale", "en-US"]).stdout
            == "Call two zero one, five five five, zero one two three before five thirty PM on April first, twenty fifteen: two point five million dollars at stake\n")
        #expect(try CLI.run(["text", "Termin am 1. April 2015 um 17.30 Uhr", "--locale", "de-DE"]).stdout
            == "Termin am ersten April zweitausendfünfzehn um siebzehn Uhr dreißig\n")
        let specifiers = try CLI.run(["text", "%1$@ a réservé %2$lld places le 01/04", "--locale", "fr-FR"])
        #expect(specifiers.stdout == "%1$@ a réservé %2$lld places le premier avril\n")
        #expect(specifiers.status == 0)
    }

    @Test func stdinLineByLine() throws {
        let result = try CLI.run(["text", "--locale", "fr-FR"], stdin: "Le 01/04 à 5h30\nrien à dire\n")
        #expect(result.stdout == "Le premier avril à cinq heures trente\nrien à dire\n")
    }

    @Test func jsonListsRewritesWithClassesAndRanges() throws {
        let result = try CLI.run(["text", "😀 le 01/04", "--locale", "fr", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["text"] as? String == "😀 le premier avril")
        let rewrites = try #require(object["rewrites"] as? [[String: Any]])
        #expect(rewrites.count == 1)
        #expect(rewrites.first?["kind"] as? String == "date")
        #expect(rewrites.first?["scalars"] as? [String: Int] == ["start": 5, "end": 10])
        #expect(rewrites.first?["utf16"] as? [String: Int] == ["start": 6, "end": 11])
    }

    /// JSON output is one line per input: U+2028, U+2029 and U+0085 in the input (and so in
    /// `input` and `text`) are written as escapes, never raw, and decode unchanged.
    @Test func jsonEscapesLineSeparators() throws {
        let input = "a\u{2028}b \u{85} 12 \u{2029}"
        let result = try CLI.run(["text", input, "--locale", "fr-FR", "--format", "json"])
        #expect(result.status == 0)
        #expect(!result.stdout.unicodeScalars.contains { [0x85, 0x2028, 0x2029].contains($0.value) }, "\(result.stdout)")
        #expect(result.stdout.contains(#"\u2028"#) && result.stdout.contains(#"\u2029"#) && result.stdout.contains(#"\u0085"#))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["input"] as? String == input)
        #expect(object["text"] as? String == "a\u{2028}b \u{85} douze \u{2029}")
    }

    @Test func ssmlAndClassChoice() throws {
        #expect(try CLI.run(["text", "Le 01/04 à 5h30", "--locale", "fr-FR", "--format", "ssml", "--only", "time"]).stdout
            == "<speak xml:lang=\"fr-FR\">Le 01/04 à <sub alias=\"cinq heures trente\">5h30</sub></speak>\n")
        #expect(try CLI.run(["text", "Le 01/04 à 5h30", "--locale", "fr-FR", "--skip", "date,time"]).stdout == "Le 01/04 à 5h30\n")
        #expect(try CLI.run(["text", "x", "--locale", "fr-FR", "--only", "colour"]).status == 64)
        #expect(try CLI.run(["text", "x", "--locale", "ru"]).status == 2)
    }

    @Test func csvTextKindConverts() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("text-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("in.csv")
        try Data("id,note\n1,RDV le 01/04/2015 à 5h30\n".utf8).write(to: input)
        let result = try CLI.run(["csv", input.path, "--locale", "fr-FR", "--column", "note=text"])
        #expect(result.status == 0)
        #expect(result.stdout == "id,note,note_spoken\n1,RDV le 01/04/2015 à 5h30,rendez-vous le premier avril deux mille quinze à cinq heures trente\n")
    }

    /// With --tag a foreign span is said in its language, in every format.
    @Test func tagSaysAForeignSpanInItsLanguage() throws {
        #expect(try CLI.run(["text", "Snooze 1 hour", "--locale", "es-ES", "--tag"]).stdout == "Snooze one hour\n")
        #expect(try CLI.run(["text", "Snooze 1 hour", "--locale", "es-ES"]).stdout == "Snooze un hour\n")
        #expect(try CLI.run(["text", "Snooze 1 hour", "--locale", "es-ES", "--tag", "--format", "ssml"]).stdout
            == "<speak xml:lang=\"es-ES\"><lang xml:lang=\"en\">Snooze <sub alias=\"one\">1</sub> hour</lang></speak>\n")
    }

    @Test func addressesFlagSpellsAddresses() throws {
        #expect(try CLI.run(["text", "Écrivez à support@exemple.fr", "--locale", "fr-FR"]).stdout == "Écrivez à support@exemple.fr\n")
        #expect(try CLI.run(["text", "Écrivez à support@exemple.fr", "--locale", "fr-FR", "--addresses"]).stdout
            == "Écrivez à support arobase exemple point f r\n")
    }
}
