import CICU

/// What each capability supports, for `spokenform locales` and for callers that
/// want to check before they build a `SpokenForm`.
public enum SupportedLocales {
    public struct Entry: Codable, Sendable {
        /// Language subtags ("fr") or full tags ("fr-FR").
        public var languages: [String]
        /// How the support is checked ("hand-checked golden tests: fr en de es it pt nl").
        public var note: String
    }

    /// Languages for which ICU has spell-out rules of their own (checked the way
    /// `NumberSpeller` checks: the rules ICU loads must be for the language asked).
    public static let spellOutLanguages: [String] = {
        var languages = Set<String>()
        for index in 0..<sf_available_locale_count() {
            guard let id = icuString({ sf_available_locale(index, $0, $1) }) else { continue }
            let language = ICULocale.language(id)
            guard !languages.contains(language), !language.isEmpty else { continue }
            if let pool = RuleBasedFormatterPool(icuLocaleID: language), ICULocale.language(pool.actualLocale) == language {
                languages.insert(language)
            }
        }
        return languages.sorted()
    }()

    /// Languages whose number words are checked by hand in the golden tests.
    public static let handCheckedNumberLanguages = ["de", "en", "es", "fr", "it", "nl", "pt"]

    /// Every capability and its locales.
    public static func all() -> [String: Entry] {
        [
            "numbers": Entry(languages: spellOutLanguages,
                             note: "ICU spell-out rules; hand-checked: \(handCheckedNumberLanguages.joined(separator: " ")); words above 10^18 where Locales/ has scale data, else digit by digit"),
            "languages": Entry(languages: LocaleDataStore.languages(having: "language-model.txt"),
                               note: "language tagging: these Latin-script bases (word model + lexicon, golden tests and evaluation set); any non-Latin-script base gets script runs and Latin spans"),
        ]
    }
}
