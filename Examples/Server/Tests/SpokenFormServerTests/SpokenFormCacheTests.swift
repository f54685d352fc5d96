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
