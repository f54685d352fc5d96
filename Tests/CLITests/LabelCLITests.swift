import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

@Suite struct LabelCLITests {
    /// The "Done when" examples, literally.
    @Test func doneWhenLabelExamples() throws {
        let messages = try CLI.run(["label", "--locale", "fr-FR", "--label", "Messages", "--value", "3", "--traits", "button",
                                    "--hint", "Ouvre la boîte de réception."])
        #expect(messages.stdout == "Messages, trois, bouton. Ouvre la boîte de réception.\n")
        #expect(messages.status == 0)
        let appointment = try CLI.run(["label", "--locale", "fr-FR", "--label", "Rendez-vous", "--value", "01/04/2015 05:30"])
        #expect(appointment.stdout == "Rendez-vous, premier avril deux mille quinze à cinq heures trente.\n")
    }

    @Test func ssmlParsesForAnyInput() throws {
        for label in ["<b>Fish & \"Chips\"</b>", "a\u{1}b\u{FFFE}", "Activez le Bluetooth", "]]><!--", "l'été"] {
            let result = try CLI.run(["label", "--locale", "fr-FR", "--label", label, "--value", "5 < 6", "--traits", "button,selected", "--format", "ssml"])
            #expect(result.status == 0)
            #expect(XMLParser(data: Data(result.stdout.utf8)).parse(), "\(result.stdout)")
        }
    }

    @Test func jsonHasPartsWithRanges() throws {
        let result = try CLI.run(["label", "--locale", "en-US", "--label", "😀 Wi-Fi", "--value", "1", "--traits", "toggle", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["text"] as? String == "😀 Wi-Fi, switch button, on.")
        let parts = try #require(object["parts"] as? [[String: Any]])
        #expect(parts.map { $0["role"] as? String } == ["label", "trait", "state"])
        #expect(parts[1]["start"] as? Int == 9)
        #expect(parts[1]["start16"] as? Int == 10)
    }

    @Test func jsonLinesOnStandardInputAndTemplates() throws {
        let lines = try CLI.run(["label", "--locale", "de-DE"], stdin: "{\"label\": \"Senden\", \"traits\": [\"button\"]}\n{\"label\": 3}\n")
        #expect(lines.stdout == "Senden, Taste.\n\n")
        #expect(lines.status == 1)
        let template = try CLI.run(["label", "--locale", "fr-FR", "--template", "Publié par {author}, {published:relative}. {title}",
                                    "--set", "author=Léa", "--set", "published=2026-11-20", "--set", "title=Les 3 mousquetaires", "--today", "2026-11-23"])
        #expect(template.stdout == "Publié par Léa, il y a trois jours. Les trois mousquetaires\n")
        #expect(try CLI.run(["label", "--locale", "fr-FR", "--template", "{x:colour}"]).status == 1)
        #expect(try CLI.run(["label", "--locale", "fr-FR", "--label", "x", "--traits", "shiny"]).status == 1)
        #expect(try CLI.run(["label", "--locale", "fr-FR", "--label", "x", "--format", "html"]).status == 64)
        #expect(try CLI.run(["label", "--locale", "ru", "--label", "x"]).status == 2)
    }

    /// The lint examples: flags and exit code.
    @Test func doneWhenLintExamples() throws {
        let input = """
        {"label": "Bouton envoyer", "traits": ["button"]}
        {"label": "Envoyer."}
        {"label": "Appeler le 06.11.22.33.06"}
        {"label": "Partager", "hint": "Ouvre le menu de partage."}

        """
        let result = try CLI.run(["lint", "--locale", "fr-FR", "--format", "json"], stdin: input)
        let objects = try result.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(objects.count == 4)
        func rules(_ index: Int) -> [String] { (objects[index]["issues"] as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String } }
        #expect(rules(0) == ["label-type-word"])
        #expect(rules(1) == ["label-final-period"])
        #expect(rules(2) == ["misread-number"])
        #expect(rules(3) == [])
        let first = try #require((objects[0]["issues"] as? [[String: Any]])?.first)
        #expect(Set(first.keys) == ["rule", "severity", "field", "start16", "end16", "message", "suggestion"])
        #expect(first["severity"] as? String == "error")
        #expect(first["field"] as? String == "label")
        #expect(first["start16"] as? Int == 0 && first["end16"] as? Int == 6)
        // An error-level issue gates a CI.
        #expect(result.status == 1)
        let clean = try CLI.run(["lint", "--locale", "fr-FR"], stdin: "{\"label\": \"Partager\", \"hint\": \"Ouvre le menu de partage.\"}\n")
        #expect(clean.stdout == "ok\n")
        #expect(clean.status == 0)
        // Warnings alone do not fail.
        let warning = try CLI.run(["lint", "--locale", "fr-FR"], stdin: "{\"label\": \"Envoyer.\"}\n")
        #expect(warning.stdout == "warning label-final-period label 7-8: The label ends with a period. (suggestion: Envoyer)\n")
        #expect(warning.status == 0)
        // A line that is not a JSON object is reported, the others are answered.
        let broken = try CLI.run(["lint", "--locale", "fr-FR", "--format", "json"], stdin: "not json\n{\"label\": \"Envoyer\"}\n")
        #expect(broken.status == 1)
        #expect(broken.stdout.hasSuffix("{\"issues\":[]}\n"))
        #expect(try CLI.run(["lint", "--locale", "fr-FR", "--format", "ssml"], stdin: "").status == 64)
    }

    /// One element on the command line, given as `spokenform label` takes it.
    @Test func lintOneElementFromOptions() throws {
        let typeWord = try CLI.run(["lint", "--locale", "fr-FR", "--label", "Bouton envoyer", "--traits", "button"])
        #expect(typeWord.stdout.hasPrefix("error label-type-word label 0-6: "))
        #expect(typeWord.status == 1)
        let period = try CLI.run(["lint", "--locale", "fr-FR", "--label", "Envoyer."])
        #expect(period.stdout == "warning label-final-period label 7-8: The label ends with a period. (suggestion: Envoyer)\n")
        #expect(period.status == 0)
        let phone = try CLI.run(["lint", "--locale", "fr-FR", "--label", "Appeler le 06.11.22.33.06", "--format", "json"])
        #expect(phone.stdout.contains("\"rule\":\"misread-number\""))
        let clean = try CLI.run(["lint", "--locale", "fr-FR", "--label", "Partager", "--hint", "Ouvre le menu de partage."])
        #expect(clean.stdout == "ok\n")
        #expect(clean.status == 0)
        // A catalog and one element at once is a usage error.
        #expect(try CLI.run(["lint", "Localizable.xcstrings", "--label", "Envoyer"]).status == 64)
    }
}
