import Foundation

/// SpokenForm for one locale: turns what an app displays into what a screen reader
/// should say. Build one per locale and share it; it is `Sendable` and every method
/// may be called from many threads at once.
///
/// ```swift
/// let fr = try SpokenForm(locale: "fr-FR")
/// try fr.number("54 038 921,7")  // "cinquante-quatre millions trente-huit mille neuf cent vingt et un virgule sept"
/// ```
///
/// Each capability lives in its own folder with one public entry type
/// (`NumberSpeller`, `DateSpeller`, ...); `SpokenForm` creates each the first time
/// it is used and keeps it (see `capability(_:make:)`).
public final class SpokenForm: Sendable {
    /// How a `SpokenForm` speaks: choices that are not part of the locale.
    public struct Options: Hashable, Sendable {
        /// French compound-number spelling; ignored by other languages.
        public var numberSpelling: NumberSpelling
        /// Extra data directories laid out like `Locales/` (user dictionaries), read after the built-in data.
        public var dataDirectories: [URL]

        /// Options with the traditional French spelling and only the embedded data by default.
        public init(numberSpelling: NumberSpelling = .traditional, dataDirectories: [URL] = []) {
            self.numberSpelling = numberSpelling
            self.dataDirectories = dataDirectories
        }
    }

    /// The locale this instance speaks.
    public let locale: SpokenLocale
    /// The options it was built with.
    public let options: Options
    /// Where this instance reads locale data: the embedded `Locales/` and `options.dataDirectories`.
    let dataStore: LocaleDataStore

    /// The capability objects built so far, one per type (a handful: never evicted).
    private let capabilities = LRUCache<ObjectIdentifier, any Sendable>(limit: .max)

    /// Reads the tag; builds nothing else. Each capability is built the first time it is
    /// used, so each works wherever its own data does (`tag` with a `bn` base, which
    /// has no spell-out rules).
    /// - Throws: `SpokenFormError.invalidLocale` for a malformed tag.
    public init(locale tag: String, options: Options = Options()) throws {
        locale = try SpokenLocale(tag)
        self.options = options
        dataStore = LocaleDataStore(directories: options.dataDirectories)
    }

    /// Numbers: cardinals, ordinals, years, digits, decimals, percentages (see `NumberSpeller`).
    /// Built on first use.
    /// - Throws: `SpokenFormError.unsupportedLocale` when ICU has no spell-out rules for
    ///   the language (it would otherwise answer in English), `malformedLocaleData` for a bad
    ///   `numbers.txt`.
    public var numbers: NumberSpeller {
        get throws {
            try capability { try NumberSpeller(locale: locale, spelling: options.numberSpelling, dataStore: dataStore) }
        }
    }

    /// A shared instance per locale and options: creating spellers opens ICU objects
    /// (0.2–5 ms), so code that switches locales often should use this.
    ///
    /// Tags that resolve to the same locale data share one instance: `fr-FR`, `fr_FR`
    /// and `fr-FR-x-anything` (a private-use subtag selects no data) all give the
    /// instance of `fr-FR`. At most `sharedLimit` instances are kept; the least
    /// recently used ones are let go, so memory stays bounded whatever tags arrive.
    /// - Throws: `SpokenFormError.invalidLocale` for a malformed tag, and whatever
    ///   `init(locale:options:)` throws.
    public static func shared(locale tag: String, options: Options = Options()) throws -> SpokenForm {
        let dataTag = Self.withoutPrivateUse(tag)
        let key = SharedKey(icuID: try SpokenLocale(dataTag).icuID, options: options)
        return try sharedInstances.value(for: key) { try SpokenForm(locale: dataTag, options: options) }
    }

    /// How many instances `shared(locale:options:)` keeps at most.
    public static let sharedLimit = 128

    /// The tag without its private-use part ("fr-FR-x-00000001" -> "fr-FR"): private-use
    /// subtags (BCP 47 `x-`) select no ICU or `Locales/` data.
    static func withoutPrivateUse(_ tag: String) -> String {
        let lower = tag.lowercased()
        if lower.hasPrefix("x-") { return tag }
        guard let range = lower.range(of: "-x-") ?? lower.range(of: "_x_") else { return tag }
        return String(tag[..<range.lowerBound])
    }

    private struct SharedKey: Hashable, Sendable { let icuID: String; let options: Options }
    private static let sharedInstances = LRUCache<SharedKey, SpokenForm>(limit: sharedLimit)

    /// How many instances `shared(locale:options:)` holds now (for tests of its bound).
    static var sharedCount: Int { sharedInstances.count }

    /// The capability object of type `T` for this locale, created by `make` on first use.
    /// `make` runs outside the lock; if two threads race, one result is kept.
    func capability<T: Sendable>(_ type: T.Type = T.self, make: () throws -> T) rethrows -> T {
        let key = ObjectIdentifier(T.self)
        if let existing = capabilities[key] as? T { return existing }
        let created = try make()
        // Keyed by T's identity, so the stored value is always a T.
        return capabilities.insert(created, for: key) as? T ?? created
    }
}
