import Foundation
import Testing
@testable import SpokenForm

/// `text` with a tagger: a foreign span is said in its own language, the one of the voice
/// that reads it, and the spans are ranges of the spoken text.
@Suite struct TextLanguagesTests {
    /// The substring of `spoken` under each span, with its language.
    private func spanTexts(_ spoken: Spoken) -> [String] {
        let scalars = Array(spoken.text.unicodeScalars), units = Array(spoken.text.utf16)
        return spoken.spans.map { span in
            let text = String(String.UnicodeScalarView(scalars[span.start..<span.end]))
            #expect(String(decoding: units[span.start16..<span.end16], as: UTF16.self) == text)
            return span.language + ":" + text
        }
    }

    /// An English string left untranslated in a Spanish catalog: its numbers are English.
    @Test func aForeignSentenceIsSaidInItsLanguage() throws {
        let es = try SpokenForm(locale: "es-ES")
        let input = "You are allowed 300 push notifications per 24 hours."
        let spoken = try es.texts.normalize(input, languages: es.languages)
        #expect(spoken.text == "You are allowed three hundred push notifications per twenty-four hours.")
        #expect(spanTexts(spoken) == ["en:You are allowed three hundred push notifications per twenty-four hours"])
        #expect(spoken.rewrites.map(\.spoken) == ["three hundred", "twenty-four"])
        expectRewritesInPlace(spoken, input: input)
        #expect(spoken.ssml == "<speak xml:lang=\"es-ES\"><lang xml:lang=\"en\">You are allowed <sub alias=\"three hundred\">300</sub> "
            + "push notifications per <sub alias=\"twenty-four\">24</sub> hours</lang>.</speak>")
        // Without the tagger, the base language says everything.
        #expect(try es.text(input).text == "You are allowed trescientos push notifications per veinticuatro hours.")
    }

    /// The base text keeps its whole context around a foreign span, and a reading before the
    /// span and one after it move by what the span's own reading changed.
    @Test func theBaseTextAroundASpanKeepsItsReading() throws {
        let fr = try SpokenForm(locale: "fr-FR")
        let input = "Le 5 juin, appuyez sur Save 2 files puis attendez 10 min."
        let spoken = try fr.texts.normalize(input, languages: fr.languages)
        #expect(spoken.text == "Le cinq juin, appuyez sur Save two files puis attendez dix minutes.")
        #expect(spanTexts(spoken) == ["en:Save two files"])
        #expect(spoken.rewrites.map(\.kind) == [.date, .cardinal, .unit])
        expectRewritesInPlace(spoken, input: input)
        // A span with nothing to say is marked where it stands in the spoken text.
        let bluetooth = try fr.texts.normalize("Activez le 1er Bluetooth", languages: fr.languages)
        #expect(bluetooth.text == "Activez le premier Bluetooth")
        #expect(spanTexts(bluetooth) == ["en:Bluetooth"])
    }

    /// A span in a language `text` does not speak keeps the base reading; so does a text with
    /// no span at all.
    @Test func otherSpansKeepTheBaseReading() throws {
        let de = try SpokenForm(locale: "de-DE")
        let plain = try de.texts.normalize("Termin am 1. April um 17.30 Uhr", languages: de.languages)
        #expect(plain == (try de.text("Termin am 1. April um 17.30 Uhr")))
        let russian = try de.texts.normalize("Das Wort привет hat 6 Buchstaben", languages: de.languages)
        #expect(russian.text == "Das Wort привет hat sechs Buchstaben")
        #expect(spanTexts(russian) == ["ru:привет"])
    }
}
