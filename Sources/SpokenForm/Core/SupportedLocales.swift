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
        var checked = Set<String>()
        // A listing ICU cannot give, or a language whose rules cannot be opened, is one
        // SpokenForm does not claim: the list errs on the side of "not supported".
        for id in (try? ICULocale.available()) ?? [] {
            guard let language = try? ICULocale.language(id), !language.isEmpty, checked.insert(language).inserted else { continue }
            if let pool = try? ICURuleBasedFormatterPool(icuLocaleID: language), (try? ICULocale.language(pool.actualLocale)) == language {
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
            "dates": Entry(languages: LocaleDataStore.languages(having: "times.txt"),
                           note: "dates, times, date-times, durations, relative dates: ICU patterns and Locales/<lang>/dates.txt + times.txt; hand-checked golden tests for every language listed"),
            "phones": Entry(languages: LocaleDataStore.languages(having: "phones.txt"),
                            note: "libphonenumber for every region; reading habits in Locales/<lang>/phones.txt (en-GB, pt-BR, pt-PT overrides); golden tests: fr en de es en-GB it pt-BR nl"),
            "abbreviations": Entry(languages: LocaleDataStore.languages(having: "abbreviations.txt"),
                                   note: "Locales/<lang>/abbreviations.txt, units.txt, money.txt; unit and currency names from ICU; golden tests: de en es fr (60+ sentences), it nl pt (25+)"),
            "languages": Entry(languages: LocaleDataStore.languages(having: "language-model.txt"),
                               note: "language tagging: these Latin-script bases (word model + lexicon, golden tests and evaluation set); any non-Latin-script base gets script runs and Latin spans"),
        ]
    }
}
