import Foundation
import Testing
@testable import SpokenForm

/// The Swift API a Foundation user reaches for: integer types, `Date`, `Duration`, `Spoken` JSON.
@Suite struct APITests {
    let fr = try! SpokenForm(locale: "fr-FR")

    @Test func everyIntegerType() throws {
        #expect(try fr.number(Int8(-5)) == "moins cinq")
        #expect(try fr.number(UInt16(21), gender: .feminine) == "vingt et une")
        #expect(try fr.number(Int64(80_000_000)) == "quatre-vingts millions")
        // Beyond Int: the same words as the digits typed in.
        #expect(try fr.number(UInt64.max) == fr.number("18446744073709551615"))
    }

    @Test func foundationDatesInATimeZone() throws {
        let moment = Date(timeIntervalSince1970: 1_427_846_400)  // 2015-04-01T00:00:00Z
        let paris = try #require(TimeZone(identifier: "Europe/Paris"))
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        #expect(try fr.date(moment, timeZone: paris) == "premier avril deux mille quinze")
        #expect(try fr.date(moment, timeZone: newYork) == "trente et un mars deux mille quinze")
        #expect(try fr.time(moment, timeZone: paris) == "deux heures")
        #expect(try fr.dateTime(moment, timeZone: paris, dateStyle: .full)
                == "mercredi premier avril deux mille quinze à deux heures")
        let en = try SpokenForm(locale: "en-US")
        #expect(try en.time(moment, timeZone: newYork) == "eight PM")
        #expect(try en.time(moment, timeZone: newYork, style: .clock) == "eight o'clock")
        #expect(throws: SpokenFormError.self) { try fr.date(Date.distantFuture.addingTimeInterval(1e12), timeZone: paris) }
    }

    @Test func swiftDurations() throws {
        #expect(try fr.duration(.seconds(19_800)) == "cinq heures et trente minutes")
        #expect(try fr.duration(.seconds(3_600)) == "une heure")
    }

    @Test func timeStylesAreNamesFromTheData() throws {
        #expect(try fr.dates.timeStyles.first == .twentyFourHour)
        #expect(throws: SpokenFormError.self) { try fr.time("05:30", style: "no-such-style") }
    }

    @Test func spokenJSONIsStable() throws {
        let spoken = try fr.expand("😀 Dr Martin")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(spoken), as: UTF8.self)
        #expect(json == #"{"locale":"fr-FR","rewrites":[{"kind":"abbreviation","original":"Dr","outputScalars":{"end":9,"start":2},"outputUTF16":{"end":10,"start":3},"scalars":{"end":4,"start":2},"spoken":"docteur","utf16":{"end":5,"start":3}}],"spans":[],"text":"😀 docteur Martin"}"#)
        #expect(try JSONDecoder().decode(Spoken.self, from: Data(json.utf8)) == spoken)
        // No rewrites: the key is left out (the shape `tag` has always printed).
        let tagged = String(decoding: try encoder.encode(fr.tag("Ouvrez les Réglages")), as: UTF8.self)
        #expect(tagged == #"{"locale":"fr-FR","spans":[],"text":"Ouvrez les Réglages"}"#)
    }

    /// A text with nothing to mark is escaped as a whole; the result must be the same as
    /// the scalar walk's for a text with a span.
    @Test func ssmlEscapesTextWithoutSpans() {
        let plain = Spoken(text: "premier avril deux mille quinze", locale: "fr-FR")
        #expect(plain.ssml == #"<speak xml:lang="fr-FR">premier avril deux mille quinze</speak>"#)
        #expect(plain.html == "premier avril deux mille quinze")
        // Specials escaped; tab, line feed kept; other C0 controls, U+FFFE and U+FFFF left out;
        // U+F000 (lead byte 0xEF like U+FFFE) and é kept.
        let tricky = "a&b <c> \"d\" 'e'\tf\ng\u{1}h\u{FFFE}i\u{FFFF}j\u{F000}k é"
        let escaped = "a&amp;b &lt;c&gt; &quot;d&quot; &apos;e&apos;\tf\nghij\u{F000}k é"
        #expect(Spoken(text: tricky, locale: "fr-FR").ssml == #"<speak xml:lang="fr-FR">"# + escaped + "</speak>")
        #expect(Spoken(text: tricky, locale: "fr-FR").html == escaped)
        #expect(Spoken.xmlEscaped(tricky) == escaped)
        // The same text after a span goes through the scalar walk, and escapes the same way.
        let spanned = Spoken(text: "Go " + tricky, locale: "fr-FR", spans: [LanguageSpan(language: "en", start: 0, end: 2, start16: 0, end16: 2)])
        #expect(spanned.ssml == #"<speak xml:lang="fr-FR"><lang xml:lang="en">Go</lang> "# + escaped + "</speak>")
    }

    @Test func capabilitiesAreListedByName() {
        #expect(Set(SupportedLocales.all().keys) == Set(Capability.allCases.map(\.rawValue)))
        #expect(SupportedLocales.entry(for: .phones).languages.contains("fr"))
    }
}
