import Foundation
import SpokenForm
import SpokenFormService
import Testing

/// The per-locale cache in process (no HTTP): shared instances, a bound, LRU eviction.
@Suite struct SpokenFormCacheTests {
    @Test func sharesOneInstancePerLocale() throws {
        let cache = SpokenFormCache(capacity: 4)
        #expect(try cache.spokenForm(locale: "fr-FR") === cache.spokenForm(locale: "fr-FR"))
        #expect(cache.count == 1)
    }

    @Test func dropsTheLeastRecentlyUsedLocale() throws {
        let cache = SpokenFormCache(capacity: 2)
        let french = try cache.spokenForm(locale: "fr-FR")
        let german = try cache.spokenForm(locale: "de-DE")
        _ = try cache.spokenForm(locale: "fr-FR")   // French is now the most recent
        _ = try cache.spokenForm(locale: "es-ES")   // evicts German
        #expect(cache.count == 2)
        #expect(try cache.spokenForm(locale: "fr-FR") === french)
        #expect(try cache.spokenForm(locale: "de-DE") !== german)   // built anew
        #expect(cache.count == 2)
    }

    @Test func refusesUnknownLocalesWithoutKeepingThem() {
        let cache = SpokenFormCache(capacity: 2)
        #expect(throws: ServiceError.self) { try cache.spokenForm(locale: "zz") }
        #expect(cache.count == 0)
    }
}

/// The hand-written JSON of an answer decodes to the same value as `JSONEncoder` writes.
@Suite struct SpeakResultJSONTests {
    @Test func decodesToTheSameResult() throws {
        let spoken = Spoken(text: "Activez le \"Bluetooth\" \\ é\n\t\u{1}/", locale: "fr-FR",
                            spans: [LanguageSpan(language: "en", start: 12, end: 21, start16: 12, end16: 21)])
        let result = SpeakResult(kind: "tag", input: "Activez le \"Bluetooth\"\u{7}", spoken: spoken)
        let decoded = try JSONDecoder().decode(SpeakResult.self, from: Data(result.json.utf8))
        #expect(decoded == result)
        #expect(result.json.contains("\\u0001"))
        #expect(result.json.hasPrefix(#"{"input":"Activez le \"Bluetooth\"\u0007","kind":"tag","locale":"fr-FR","spans":[{"end":21,"end16":21,"lang":"en","start":12,"start16":12}],"#))
        // Integers of one digit, of many, and zero, written digit by digit.
        let wide = SpeakResult(kind: "tag", input: "x", spoken: Spoken(text: "x", locale: "fr-FR", spans: [
            LanguageSpan(language: "en", start: 0, end: 9, start16: 10, end16: 1_234_567_890)]))
        #expect(wide.json.contains(#""spans":[{"end":9,"end16":1234567890,"lang":"en","start":0,"start16":10}]"#))
        #expect(try JSONDecoder().decode(SpeakResult.self, from: Data(wide.json.utf8)) == wide)
    }

    /// The rewrites of `text` are written like `Spoken.Rewrite` encodes them, and left out when there are none.
    @Test func rewritesDecodeToTheSameResult() throws {
        let spoken = try SpokenForm(locale: "fr-FR").text("RDV le 01/04 à 5h30 😀")
        let result = SpeakResult(kind: "text", input: "RDV le 01/04 à 5h30 😀", spoken: spoken)
        #expect(result.rewrites?.map(\.kind) == [.abbreviation, .date, .time])
        let decoded = try JSONDecoder().decode(SpeakResult.self, from: Data(result.json.utf8))
        #expect(decoded == result)
        #expect(result.json.contains(#""rewrites":[{"kind":"abbreviation","original":"RDV","outputScalars":{"end":11,"start":0}"#))
        let plain = SpeakResult(kind: "number", input: "21", spoken: Spoken(text: "vingt et un", locale: "fr-FR"))
        #expect(!plain.json.contains("rewrites"))
    }
}
