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
    public struct Options: Hashable, Sendable {
        /// French compound-number spelling; ignored by other languages.
        public var numberSpelling: NumberSpelling
        /// Extra data directories laid out like `Locales/` (user dictionaries), read after the built-in data.
        public var dataDirectories: [URL]

        public init(numberSpelling: NumberSpelling = .traditional, dataDirectories: [URL] = []) {
            self.numberSpelling = numberSpelling
            self.dataDirectories = dataDirectories
        }
    }

    public let locale: SpokenLocale
    public let options: Options
    /// Numbers: cardinals, ordinals, years, digits, decimals, percentages.
    public let numbers: NumberSpeller
    public let dataStore: LocaleDataStore

    private let capabilities = Locked<[ObjectIdentifier: any Sendable]>([:])

    /// Throws `invalidLocale` for a malformed tag and `unsupportedLocale` when ICU has
    /// no spell-out rules for the language (it would otherwise answer in English).
    public init(locale tag: String, options: Options = Options()) throws {
        locale = try SpokenLocale(tag)
        self.options = options
        dataStore = LocaleDataStore(directories: options.dataDirectories)
        numbers = try NumberSpeller(locale: locale, spelling: options.numberSpelling, dataStore: dataStore)
    }

    /// A shared instance per (locale, options): creating spellers opens ICU objects
    /// (0.2–5 ms), so code that switches locales often should use this.
    public static func shared(locale tag: String, options: Options = Options()) throws -> SpokenForm {
        let key = SharedKey(tag: tag, options: options)
        if let existing = sharedInstances.withLock({ $0[key] }) { return existing }
        let created = try SpokenForm(locale: tag, options: options)
        return sharedInstances.withLock { instances in
            if let existing = instances[key] { return existing }
            instances[key] = created
            return created
        }
    }

    private struct SharedKey: Hashable, Sendable { let tag: String; let options: Options }
    private static let sharedInstances = Locked<[SharedKey: SpokenForm]>([:])

    /// The capability object of type `T` for this locale, created by `make` on first use.
    /// `make` runs outside the lock; if two threads race, one result is kept.
    public func capability<T: Sendable>(_ type: T.Type = T.self, make: () throws -> T) rethrows -> T {
        let key = ObjectIdentifier(T.self)
        if let existing = capabilities.withLock({ $0[key] }) as? T { return existing }
        let created = try make()
        return capabilities.withLock { cache in
            if let existing = cache[key] as? T { return existing }
            cache[key] = created
            return created
        }
    }

    // MARK: Numbers (see NumberSpeller for the details)

    /// A number typed in the locale's notation or plain ("54 038 921,7", "54038921.7").
    public func number(_ text: String, gender: Gender? = nil) throws -> String { try numbers.number(text, gender: gender) }
    public func number(_ value: Int, gender: Gender? = nil) -> String { numbers.cardinal(value, gender: gender) }
    public func number(_ value: Double, gender: Gender? = nil) throws -> String { try numbers.number(value, gender: gender) }
    public func number(_ value: Decimal, gender: Gender? = nil) throws -> String { try numbers.number(value, gender: gender) }
    public func ordinal(_ value: Int, gender: Gender? = nil, plural: Bool = false) throws -> String {
        try numbers.ordinal(value, gender: gender, plural: plural)
    }
    public func year(_ value: Int) -> String { numbers.year(value) }
    public func digits(_ text: String) throws -> String { try numbers.digits(text) }
    public func percent(_ text: String) throws -> String { try numbers.percent(text) }
}
