import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import SpokenForm

@Suite struct LanguageTaggerGoldenTests {
    static let bases = ["fr-FR", "en-US", "de-DE", "es-ES", "it-IT", "pt-PT", "nl-NL"]

    @Test(arguments: bases) func golden(_ tag: String) throws {
        let tagger = try SpokenForm(locale: tag).languages
        let cases = try TaggerFixtures.sentences("\(tag.prefix(2)).tsv")
        #expect(cases.count >= (tag.hasPrefix("fr") || tag.hasPrefix("en") ? 40 : 20))
        for (number, sentence) in cases {
            let found = TaggerFixtures.spans(tagger.tag(sentence.text))
            let rendered = AnnotatedSentence.render(sentence.text, found)
            #expect(rendered == sentence.line, "\(tag.prefix(2)).tsv:\(number)")
        }
    }
}

@Suite struct LanguageTaggerTests {
    let fr: LanguageTagger
    init() throws { fr = try SpokenForm(locale: "fr-FR").languages }

    @Test func doneWhenBluetooth() throws {
        let spoken = try SpokenForm(locale: "fr-FR").tag("Activez le Bluetooth de votre smartphone")
        #expect(spoken.spans == [LanguageSpan(language: "en", start: 11, end: 20, start16: 11, end16: 20)])
        #expect(spoken.ssml == #"<speak xml:lang="fr-FR">Activez le <lang xml:lang="en">Bluetooth</lang> de votre smartphone</speak>"#)
        #expect(spoken.html == #"Activez le <span lang="en">Bluetooth</span> de votre smartphone"#)
        #expect(try SpokenForm(locale: "fr-FR").tag("Ouvrez les Réglages").spans.isEmpty)
    }

    @Test func jsonShape() throws {
        let spoken = fr.tag("Ouvrez AirDrop")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(spoken), as: UTF8.self)
        #expect(json == #"{"locale":"fr-FR","spans":[{"end":14,"end16":14,"lang":"en","start":7,"start16":7}],"text":"Ouvrez AirDrop"}"#)
        #expect(try JSONDecoder().decode(Spoken.self, from: Data(json.utf8)) == spoken)
    }

    @Test func utf16OffsetsAfterAstralCharacters() throws {
        // 😀 and 𝄞 are one scalar but two UTF-16 units each.
        let spoken = fr.tag("😀𝄞 Activez le Bluetooth 😀")
        let span = try #require(spoken.spans.first)
        #expect(span.start == 14 && span.end == 23)
        #expect(span.start16 == 16 && span.end16 == 25)
        let utf16 = Array(spoken.text.utf16)
        #expect(String(decoding: utf16[span.start16..<span.end16], as: UTF16.self) == "Bluetooth")
        #expect(spoken.substring(span) == "Bluetooth")
        let ns = spoken.text as NSString
        #expect(ns.substring(with: span.nsRange) == "Bluetooth")
    }

    @Test func combiningMarksStayInTheirWord() throws {
        // "Réglages" written with a combining acute accent (NFD).
        let spoken = fr.tag("Ouvrez les Re\u{301}glages puis AirDrop")
        #expect(spoken.spans.count == 1)
        #expect(spoken.spans.first.map(spoken.substring) == "AirDrop")
        #expect(spoken.spans[0].start == 26)
    }

    @Test func markupIsHonouredNotDoubleTagged() throws {
        let html = fr.tag(#"Ouvrez <span lang="en-GB">Settings</span> puis <b>Bluetooth</b>"#)
        #expect(html.text == "Ouvrez Settings puis Bluetooth")
        #expect(html.spans.map(\.language) == ["en-GB", "en"])
        #expect(html.ssml == #"<speak xml:lang="fr-FR">Ouvrez <lang xml:lang="en-GB">Settings</lang> puis <lang xml:lang="en">Bluetooth</lang></speak>"#)
        let ssml = fr.tag(#"<speak xml:lang="fr-FR">Activez le <lang xml:lang="en">Bluetooth</lang> &amp; le wifi</speak>"#)
        #expect(ssml.text == "Activez le Bluetooth & le wifi")
        #expect(ssml.spans.count == 1)
        #expect(ssml.ssml == #"<speak xml:lang="fr-FR">Activez le <lang xml:lang="en">Bluetooth</lang> &amp; le wifi</speak>"#)
        // A region marked as the base language is never tagged inside.
        let base = fr.tag(#"<span lang="fr">Le Bluetooth</span> est actif"#)
        #expect(base.spans.isEmpty)
    }

    @Test func textThatOnlyLooksLikeMarkupIsLiteral() throws {
        let spoken = fr.tag("Si a < b et b > c alors <3 AirDrop")
        #expect(spoken.text == "Si a < b et b > c alors <3 AirDrop")
        #expect(spoken.spans.count == 1)
    }

    @Test func digitsAndPunctuationNeverMakeASpan() throws {
        for text in ["123", "12:30", "!!!", "« … »", "", " ", "06.11.22.33.06", "H264 4K"] {
            #expect(fr.tag(text).spans.isEmpty, "\(text)")
        }
    }

    @Test func loneAmbiguousWordsAreNotTagged() throws {
        for text in ["Consultez la page", "Changez le style", "Choisissez le type", "Le design est réussi"] {
            #expect(fr.tag(text).spans.isEmpty, "\(text)")
        }
        let en = try SpokenForm(locale: "en").languages
        for text in ["Open the page", "Pick a style", "Choose the type", "The menu is long"] {
            #expect(en.tag(text).spans.isEmpty, "\(text)")
        }
    }

    @Test func nonLatinBaseGetsLatinSpans() throws {
        let ru = try SpokenForm.shared(locale: "ru").languages
        let spoken = ru.tag("Откройте настройки Bluetooth и нажмите Sign in with Apple")
        #expect(spoken.spans.map { spoken.substring($0).map(String.init) ?? "" } == ["Bluetooth", "Sign in with Apple"])
        #expect(spoken.spans.allSatisfy { $0.language == "en" })
    }

    @Test func latinBaseWithoutModelIsUnsupported() throws {
        #expect(throws: SpokenFormError.unsupportedLocale("pl", capability: "language tagging")) {
            _ = try LanguageTagger(locale: SpokenLocale("pl"))
        }
    }

    @Test func malformedLexiconNamesFileAndLine() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tagger-lexicon-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("fr"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "# test\nBluetooth | en\nVoiceOver\n".write(to: directory.appendingPathComponent("fr/lexicon.txt"), atomically: true, encoding: .utf8)
        #expect {
            _ = try LanguageTagger(locale: SpokenLocale("fr"), dataStore: LocaleDataStore(directories: [directory]))
        } throws: { error in
            guard case .malformedLocaleData(let file, let line, _) = error as? SpokenFormError else { return false }
            return file.hasSuffix("fr/lexicon.txt") && line == 3
        }
    }

    @Test func userLexiconAddsTerms() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tagger-lexicon-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("fr"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "# user terms\nFoobarizer | en\n".write(to: directory.appendingPathComponent("fr/lexicon.txt"), atomically: true, encoding: .utf8)
        let tagger = try LanguageTagger(locale: SpokenLocale("fr"), dataStore: LocaleDataStore(directories: [directory]))
        #expect(tagger.tag("Lancez Foobarizer maintenant").spans.map(\.language) == ["en"])
    }
}

/// SSML output parsed back by an XML parser, on inputs built to break it.
@Suite struct LanguageTaggerSSMLTests {
    final class Collector: NSObject, XMLParserDelegate {
        var text = ""
        var langs: [String] = []
        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes: [String: String] = [:]) {
            if elementName == "lang", let lang = attributes["xml:lang"] { langs.append(lang) }
        }
    }

    static let adversarial = [
        "Activez le Bluetooth & le <wifi> \"vite\" 'ok'",
        "a < b && c > d ]]> <![CDATA[ x ]]>",
        "Ouvrez VoiceOver 😀👩‍👩‍👧 🇫🇷",
        "Touchez Sign in with Apple &amp; &lt;tag&gt; &#x1F600;",
        "Ouvrez les Re\u{301}glages e\u{301}\u{302}\u{303} VoiceOver",
        "Le mot hébreu שָׁלוֹם et l'arabe مرحبا avec Bluetooth",
        "\u{202E}Bluetooth\u{202C} \u{200F}RTL\u{200E}",
        "contrôle \u{1}\u{8}\u{B}\u{C}\u{1F} \u{FFFE}\u{FFFF} Bluetooth",
        "<span lang=\"en\">Settings</span> & <b>gras</b>",
        "<lang xml:lang=\"en\">unterminated",
        "<span lang='\"><script>'>x</span>",
        "Le \"Do Not Disturb\" mode",
        "",
    ]

    @Test(arguments: ["fr-FR", "en-US", "de-DE", "ru"]) func ssmlParsesAsXML(_ tag: String) throws {
        let tagger = try SpokenForm.shared(locale: tag).languages
        for input in LanguageTaggerSSMLTests.adversarial {
            let spoken = tagger.tag(input)
            let parser = XMLParser(data: Data(spoken.ssml.utf8))
            let collector = Collector()
            parser.delegate = collector
            #expect(parser.parse(), "\(input) -> \(spoken.ssml)")
            #expect(collector.langs == spoken.spans.map(\.language))
            // The spoken text survives the round trip (minus the characters XML cannot carry).
            let expected = String(String.UnicodeScalarView(spoken.text.unicodeScalars.filter {
                $0.value >= 0x20 || $0 == "\t" || $0 == "\n" || $0 == "\r"
            }.filter { $0.value != 0xFFFE && $0.value != 0xFFFF }))
            #expect(collector.text == expected, "\(input)")
        }
    }
}

@Suite struct LanguageTaggerConcurrencyTests {
    @Test func manyThreadsSameResults() async throws {
        let locales = ["fr-FR", "en-US", "de-DE", "es-ES", "it-IT", "pt-PT", "nl-NL"]
        var collected: [(String, String)] = []
        for tag in locales {
            for (_, sentence) in try TaggerFixtures.sentences("\(tag.prefix(2)).tsv") { collected.append((tag, sentence.text)) }
        }
        let inputs = collected
        let taggers = try Dictionary(uniqueKeysWithValues: locales.map { ($0, try SpokenForm.shared(locale: $0).languages) })
        let expected = inputs.map { taggers[$0.0]!.tag($0.1) }
        let rounds = 3000 / inputs.count + 1
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    var bad = 0
                    for round in 0..<rounds {
                        for index in inputs.indices {
                            let i = (index + worker * 7 + round) % inputs.count
                            guard let tagger = try? SpokenForm.shared(locale: inputs[i].0).languages else { bad += 1; continue }
                            if tagger.tag(inputs[i].1) != expected[i] { bad += 1 }
                        }
                    }
                    return bad
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }
}

/// Random text from a mixed alphabet: never a trap, spans always sorted, disjoint, inside
/// the text, with UTF-16 offsets that match the scalar offsets.
@Suite struct LanguageTaggerFuzzTests {
    @Test func randomInputsGiveWellFormedSpans() throws {
        let pieces = ["Bluetooth", " ", "le", "the", "Sign in with Apple", "<", "&", "\"", "'", "’", "-", "_", ".", "?", "!",
                      "😀", "👩‍👩‍👧", "e\u{301}", "שלום", "مرحبا", "Привет", "設定", "を", "한국", "12", "٣", "\u{200F}",
                      "<span lang=\"en\">", "</span>", "<lang xml:lang=\"de\">", "</lang>", "&amp;", "l'", "d'", "NULL",
                      "workflow", "pull request", "Réglages", "joie de vivre", "\u{0}", "\u{FFFF}", "ß", "İ", "ﬁ"]
        var generator = SystemRandomNumberGenerator()
        for tag in ["fr", "en", "de", "ru", "ja"] {
            let tagger = try SpokenForm.shared(locale: tag).languages
            for _ in 0..<(Int(ProcessInfo.processInfo.environment["TAGGER_FUZZ"] ?? "") ?? 400) {
                let count = Int.random(in: 0...40, using: &generator)
                let text = (0..<count).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
                let spoken = tagger.tag(text)
                let scalars = Array(spoken.text.unicodeScalars)
                var previousEnd = 0
                for span in spoken.spans {
                    #expect(span.start >= previousEnd && span.start < span.end && span.end <= scalars.count, "\(text)")
                    let start16 = scalars[0..<min(span.start, scalars.count)].reduce(0) { $0 + $1.utf16.count }
                    let end16 = scalars[0..<min(span.end, scalars.count)].reduce(0) { $0 + $1.utf16.count }
                    #expect(span.start16 == start16 && span.end16 == end16, "\(text)")
                    previousEnd = span.end
                }
                #expect(XMLParser(data: Data(spoken.ssml.utf8)).parse(), "\(text)")
            }
        }
    }
}
