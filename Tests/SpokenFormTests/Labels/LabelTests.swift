import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import SpokenForm

@Suite struct LabelTests {
    /// The issue's "Done when" examples, through the library.
    @Test func doneWhenExamples() throws {
        let fr = try SpokenForm(locale: "fr-FR")
        let messages = try fr.label(Label(label: "Messages", value: "3", traits: .button, hint: "Ouvre la boîte de réception."))
        #expect(messages.text == "Messages, trois, bouton. Ouvre la boîte de réception.")
        #expect(messages.parts.map(\.role) == [.label, .value, .trait, .hint])
        #expect(messages.parts.map(\.text) == ["Messages", "trois", "bouton", "Ouvre la boîte de réception."])
        let appointment = try fr.label(Label(label: "Rendez-vous", value: "01/04/2015 05:30"))
        #expect(appointment.text == "Rendez-vous, premier avril deux mille quinze à cinq heures trente.")

        let linter = try fr.labelLinter
        let typeWord = linter.lint(Label(label: "Bouton envoyer", traits: .button))
        #expect(typeWord.map(\.rule) == ["label-type-word"])
        #expect(typeWord.first.map { ($0.field, $0.start16, $0.end16, $0.severity) } ?? (.hint, 0, 0, .info) == (.label, 0, 6, .error))
        #expect(typeWord.first?.suggestion == "Envoyer")
        #expect(linter.lint(Label(label: "Envoyer.")).map(\.rule) == ["label-final-period"])
        let phone = linter.lint(Label(label: "Appeler le 06.11.22.33.06"))
        #expect(phone.map(\.rule) == ["misread-number"])
        #expect(phone.first?.suggestion == "zéro six, onze, vingt-deux, trente-trois, zéro six")
        #expect(phone.first.map { ($0.start16, $0.end16) } ?? (0, 0) == (11, 25))
        #expect(linter.lint(Label(label: "Partager", hint: "Ouvre le menu de partage.")).isEmpty)
    }

    @Test func rangesAreUTF16() throws {
        let linter = try SpokenForm(locale: "fr-FR").labelLinter
        // The emoji is two UTF-16 units: the type word starts at 3.
        let issues = linter.lint(label: "😀 Icône de partage")
        let issue = try #require(issues.first { $0.rule == "label-type-word" })
        #expect((issue.start16, issue.end16) == (3, 8))
        #expect(LabelLinter.substring(Array("😀 Icône de partage".utf16), issue.start16..<issue.end16) == "Icône")
    }

    @Test func selectedToggleAndDimmedFollowVoiceOverOrder() throws {
        let en = try SpokenForm(locale: "en-US")
        #expect(try en.label(Label(label: "Photos", traits: [.tab, .selected, .button])).text == "Selected, Photos, tab.")
        #expect(try en.label(Label(label: "Wi-Fi", value: "0", traits: .toggle, hint: "Turns Wi-Fi on or off.")).text
            == "Wi-Fi, switch button, off. Turns Wi-Fi on or off.")
        // A switch whose value is a sentence keeps it after the trait words (iOS 17).
        #expect(try en.label(Label(label: "Alarm", value: "7:30 AM", traits: .toggle)).text == "Alarm, switch button, seven thirty AM.")
        #expect(try en.label(Label(label: "Buy", traits: [.button, .notEnabled])).text == "Buy, dimmed, button.")
        #expect(try en.label(Label()).text == "")
        // A hint alone is said alone; a final period in a label is not said twice.
        #expect(try en.label(Label(hint: "Opens the menu.")).text == "Opens the menu.")
        #expect(try en.label(Label(label: "Send.", traits: .button)).text == "Send, button.")
    }

    @Test func groupsArePausedWithPeriods() throws {
        let fr = try SpokenForm(locale: "fr-FR")
        let post = Label(label: "Publication", children: [
            Label(label: "Léa Martin", traits: .header),
            Label(label: "Publié le 01/04/2015"),
            Label(label: "J'aime", value: "12", traits: .button),
        ])
        let spoken = try fr.label(post)
        #expect(spoken.text == "Publication. Léa Martin, en-tête. Publié le premier avril deux mille quinze. J'aime, douze, bouton.")
        #expect(spoken.parts.map(\.element) == [0, 1, 1, 2, 3, 3, 3])
    }

    @Test func foreignSpansOfTheUtterance() throws {
        let fr = try SpokenForm(locale: "fr-FR")
        let spoken = try fr.label(Label(label: "Activez le Bluetooth", traits: .button))
        let span = try #require(spoken.spans.first)
        #expect(spoken.substring(span) == "Bluetooth")
        #expect(span.language == "en")
        #expect(spoken.ssml == "<speak xml:lang=\"fr-FR\">Activez le <lang xml:lang=\"en\">Bluetooth</lang>, bouton.</speak>")
    }

    @Test func codableUsesTraitNames() throws {
        let element = Label(label: "Wi-Fi", value: "1", traits: [.toggle, .button], hint: "Active le Wi-Fi.",
                            children: [Label(label: "Réseau")])
        let json = try JSONEncoder().encode(element)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(object["traits"] as? [String] == ["button", "toggle"])
        #expect(try JSONDecoder().decode(Label.self, from: json) == element)
        let decoded = try JSONDecoder().decode(Label.self, from: Data(#"{"traits": ["switchButton", "tabBarItem", "notEnabled"]}"#.utf8))
        #expect(decoded.traits == [.toggle, .tab, .notEnabled])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Label.self, from: Data(#"{"traits": ["buton"]}"#.utf8)) }
        #expect(throws: SpokenFormError.self) { try Label.Traits(list: "button,shiny") }
        // A Spoken with parts round-trips; one without keeps its old JSON shape.
        let spoken = try SpokenForm(locale: "fr-FR").label(element)
        #expect(try JSONDecoder().decode(Spoken.self, from: try JSONEncoder().encode(spoken)) == spoken)
        let plain = String(decoding: try JSONEncoder().encode(Spoken(text: "a", locale: "fr")), as: UTF8.self)
        #expect(!plain.contains("parts"))
    }

    @Test func unsupportedLocaleIsAnError() throws {
        #expect(throws: SpokenFormError.unsupportedLocale("ru", capability: "labels")) { try SpokenForm(locale: "ru").labels }
        #expect(throws: SpokenFormError.self) { try SpokenForm(locale: "ru").labelLinter }
    }

    /// Every rule's words exist for every supported locale: all trait words, type and state
    /// words, and a generated verb list of real size with the guides' verbs in it.
    @Test(arguments: ["fr", "en", "de", "es", "it", "pt", "nl"])
    func everyRuleHasItsWords(language: String) throws {
        let data = try SpokenForm(locale: language).labelData
        for key in LabelLocaleData.traitKeys { #expect(data.traitWords[key]?.isEmpty == false, "\(language): trait word \(key)") }
        #expect(data.typeWords.count >= 5, "\(language): type-words")
        #expect(data.stateWords.count >= 5, "\(language): state-words")
        #expect(data.gestureOpeners.count >= 3, "\(language): gesture-openers")
        #expect(data.hintVerbList.count >= 5000, "\(language): hint verbs \(data.hintVerbList.count)")
        let opens = ["fr": "ouvre", "en": "opens", "de": "öffnet", "es": "abre", "it": "apre", "pt": "abre", "nl": "opent"]
        #expect(data.isHintVerb(opens[language]!), "\(language): the verb for 'opens'")
        let nouns = ["fr": "menu", "en": "menu", "de": "menü", "es": "menú", "it": "menu", "pt": "menu", "nl": "menu"]
        #expect(!data.isHintVerb(nouns[language]!), "\(language): 'menu' is not a verb")
        // Every rule is registered once and has words or mechanisms in every language.
        #expect(Set(LabelLinter.rules.map(\.id)).count == LabelLinter.rules.count)
        #expect(LabelLinter.rules.count == 13)
    }

    /// The embedded verb lists are searched in place, so they must be lowercase (the generator
    /// writes them so); lines out of byte order are sorted at load, which costs start-up.
    @Test(arguments: ["fr", "en", "de", "es", "it", "pt", "nl"])
    func embeddedVerbListsAreLowercaseAndSorted(language: String) throws {
        let lines = try LocaleDataStore.embedded.files(named: "hint-verbs.txt", language: language).flatMap(\.lines).map(\.text)
        #expect(lines.count >= 5000)
        #expect(lines.filter { $0 != $0.lowercased() }.prefix(3) == [], "\(language)")
        #expect(zip(lines, lines.dropFirst()).filter { !$0.utf8.lexicographicallyPrecedes($1.utf8) }.prefix(3).map { "\($0) \($1)" } == [], "\(language)")
    }

    @Test func sortedWordListFindsEveryWordAndNothingElse() {
        // Unsorted lines with a comment, blanks, CR and spaces: sorted at load.
        let list = SortedWordList(texts: ["# verbs\nouvre\r\n  ferme \n\nappuie\n", "éteint\nallume"], lowercase: false)
        #expect(list.count == 5)
        for word in ["ouvre", "ferme", "appuie", "éteint", "allume"] { #expect(list.contains(word), "\(word)") }
        for word in ["", "ouvr", "ouvres", "# verbs", "Ouvre", "a", "zzz"] { #expect(!list.contains(word), "\(word)") }
        #expect(SortedWordList(texts: ["Ouvre"], lowercase: true).contains("ouvre"))
        #expect(!SortedWordList(texts: [], lowercase: false).contains("ouvre"))
    }

    @Test func malformedTraitsDataNamesFileAndLine() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("labels-data-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("fr"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "bouton = truc\n".write(to: directory.appendingPathComponent("fr/traits.txt"), atomically: true, encoding: .utf8)
        let spoken = try SpokenForm(locale: "fr-FR", options: .init(dataDirectories: [directory]))
        #expect {
            try spoken.labels
        } throws: { error in
            guard case SpokenFormError.malformedLocaleData(let file, let line, _)? = error as? SpokenFormError else { return false }
            return file.hasSuffix("fr/traits.txt") && line == 1
        }
        // A user file may override a word.
        try "button = touche\n".write(to: directory.appendingPathComponent("fr/traits.txt"), atomically: true, encoding: .utf8)
        let custom = try SpokenForm(locale: "fr-FR", options: .init(dataDirectories: [directory]))
        #expect(try custom.label(Label(label: "Envoyer", traits: .button)).text == "Envoyer, touche.")
    }
}

@Suite struct LabelTemplateTests {
    let fr: SpokenForm
    let today: CivilDate
    init() throws {
        fr = try SpokenForm(locale: "fr-FR")
        today = try CivilDate(year: 2026, month: 11, day: 23)
    }

    @Test func guideExampleFilledPerLocale() throws {
        let template = "Publié par {author}, {published:relative}. {title}. Extrait. {excerpt}"
        let full = try fr.label(template: template, values: [
            "author": "Léa Martin", "published": "2026-11-22", "title": "Les 3 mousquetaires", "excerpt": "Un pour tous, tous pour un.",
        ], today: today)
        #expect(full.text == "Publié par Léa Martin, hier. Les trois mousquetaires. Extrait. Un pour tous, tous pour un.")
        // No author: its clause goes; no excerpt: the caption "Extrait" goes with it.
        let partial = try fr.label(template: template, values: ["published": "2026-11-20", "title": "Le Cid"], today: today)
        #expect(partial.text == "Il y a trois jours. Le Cid.")
        // Nothing at all: nothing is said, not ". . Extrait."
        #expect(try fr.label(template: "{a}, {b}. {c}", values: [:]).text == "")
        // A comma clause between two periods: the period stays, no ", ." is said.
        #expect(try fr.label(template: "{a}. {b}, {c}. {d}", values: ["a": "Un", "c": "", "b": "deux", "d": "quatre"]).text == "Un. Deux. Quatre")
    }

    @Test func typedValues() throws {
        let text = try fr.label(template: "Prix : {price:money:EUR} ; {count:number} articles, le {day:date} à {time:time}, {rank:ordinal}, {phone:phone}, {length:duration}, {raw:raw}",
                                values: ["price": "12.50", "count": "1234", "day": "2026-11-20", "time": "17:30", "rank": "3",
                                         "phone": "0611223306", "length": "PT1H30M", "raw": "5h30"]).text
        #expect(text == "Prix : douze euros cinquante ; mille deux cent trente-quatre articles, le vingt novembre deux mille vingt-six à dix-sept heures trente, troisième, zéro six, onze, vingt-deux, trente-trois, zéro six, une heure et trente minutes, 5h30")
        let en = try SpokenForm(locale: "en-US")
        #expect(try en.label(template: "{n:number} new messages. {when:relative}", values: ["n": "3", "when": "1"], today: today).text
            == "Three new messages. Tomorrow")
    }

    @Test func badTemplatesAndValuesAreTypedErrors() throws {
        #expect(throws: SpokenFormError.self) { try LabelTemplate("Publié par {author") }
        #expect(throws: SpokenFormError.self) { try LabelTemplate("{:date}") }
        #expect(throws: SpokenFormError.self) { try LabelTemplate("{x:colour}") }
        #expect(throws: SpokenFormError.self) { try fr.label(template: "{n:ordinal}", values: ["n": "trois"]) }
        #expect(throws: SpokenFormError.self) { try fr.label(template: "{d:relative}", values: ["d": "hier"]) }
        #expect(throws: SpokenFormError.self) { try fr.label(template: "{p:money:EUR}", values: ["p": "12,50"]) }
        #expect(try LabelTemplate("{a}, {b:date}. {c:money:usd}").names == ["a", "b", "c"])
    }

    @Test func dayCountsAreExact() throws {
        #expect(LabelTemplate.days(from: try CivilDate(year: 2024, month: 2, day: 28), to: try CivilDate(year: 2024, month: 3, day: 1)) == 2)
        #expect(LabelTemplate.days(from: try CivilDate(year: 2026, month: 12, day: 31), to: try CivilDate(year: 2027, month: 1, day: 1)) == 1)
        #expect(LabelTemplate.dayNumber(try CivilDate(year: 1970, month: 1, day: 1)) == 0)
    }
}

/// SSML of any element parses as XML: random labels, values and hints of any Unicode
/// (controls, markup characters, surrogate-range neighbours, emoji).
@Suite struct LabelRandomInputTests {
    static let alphabet: [Unicode.Scalar] = Array("abcXYZ éàü <>&\"'.,;:%@{}$#/\\-–01239".unicodeScalars)
        + ["\u{0}", "\u{1}", "\u{B}", "\u{1F}", "\u{7F}", "\u{85}", "\u{A0}", "\u{202F}", "\u{2028}", "\u{FFFE}", "\u{FFFF}", "\u{FEFF}", "\u{1F600}", "\u{10FFFF}", "\u{D7FF}", "\u{E000}"]

    static func randomText(_ generator: inout SplitMix64) -> String? {
        if Int.random(in: 0..<4, using: &generator) == 0 { return nil }
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0..<24, using: &generator) {
            if Int.random(in: 0..<5, using: &generator) == 0 {
                scalars.append(contentsOf: ["01/04/2015", " 06.11.22.33.06", " 5h30", " Bluetooth", " 12,50 €", " RDV"].randomElement(using: &generator)!.unicodeScalars)
            } else {
                scalars.append(alphabet.randomElement(using: &generator)!)
            }
        }
        return String(scalars)
    }

    @Test func ssmlAlwaysParsesAsXML() throws {
        var generator = SplitMix64(state: 20261123)
        let iterations = Int(ProcessInfo.processInfo.environment["LABEL_FUZZ"] ?? "") ?? 300
        let speakers = try ["fr-FR", "en-US", "de-DE"].map { try SpokenForm(locale: $0) }
        for _ in 0..<iterations {
            let names = Label.Traits.named.map(\.name)
            let traits = try Label.Traits(names: (0..<Int.random(in: 0..<4, using: &generator)).map { _ in names.randomElement(using: &generator)! })
            var element = Label(label: Self.randomText(&generator), value: Self.randomText(&generator), traits: traits, hint: Self.randomText(&generator))
            if Int.random(in: 0..<5, using: &generator) == 0 {
                element.children = [Label(label: Self.randomText(&generator), value: Self.randomText(&generator))]
            }
            let speaker = speakers.randomElement(using: &generator)!
            let spoken = try speaker.label(element)
            #expect(XMLParser(data: Data(spoken.ssml.utf8)).parse(), "\(element)")
            #expect(!spoken.text.unicodeScalars.contains("\u{AD}"))
            // The linter never traps and its ranges fit the field they name.
            _ = try speaker.labelLinter.lint(element)
            for issue in try speaker.labelLinter.lint(label: element.label, value: element.value, traits: element.traits, hint: element.hint) {
                let field = issue.field == .label ? element.label : issue.field == .value ? element.value : element.hint
                #expect(issue.start16 >= 0 && issue.start16 <= issue.end16 && issue.end16 <= (field ?? "").utf16.count
                        || issue.rule == "label-empty", "\(issue) in \(element)")
            }
        }
    }
}

/// One assembler and linter per locale shared by many threads answer as one thread does
/// (run again under the thread sanitizer by scripts/test.sh).
@Suite struct LabelConcurrencyTests {
    @Test func sharedAssemblerAndLinterAnswerAlike() throws {
        var work: [(SpokenForm, Label, String)] = []
        for locale in ["fr-FR", "en-US", "de-DE"] {
            let spoken = try SpokenForm(locale: locale)
            for (_, element, expected) in try LabelGolden.utterances(locale).prefix(12) { work.append((spoken, element, expected)) }
        }
        let shared = work
        let failures = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 6) { worker in
            for index in stride(from: worker % shared.count, to: shared.count, by: 2) {
                let (spoken, element, expected) = shared[index]
                do {
                    let got = try spoken.label(element).text
                    _ = try spoken.labelLinter.lint(element)
                    if got != expected { failures.withLock { $0.append("\(element): \(got)") } }
                } catch {
                    failures.withLock { $0.append("\(element): \(error)") }
                }
            }
        }
        #expect(failures.withLock { $0 } == [])
    }
}
