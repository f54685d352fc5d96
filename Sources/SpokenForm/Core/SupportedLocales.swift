/// What each capability supports, for `spokenform locales` and for callers that
/// want to check before they build a `SpokenForm`.
public enum SupportedLocales {
    /// The locales of one capability.
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

    /// The locales one capability supports, and how that is checked.
    public static func entry(for capability: Capability) -> Entry {
        switch capability {
        case .numbers:
            return Entry(languages: spellOutLanguages,
                         note: "ICU spell-out rules; hand-checked: \(handCheckedNumberLanguages.joined(separator: " ")); words above 10^18 where Locales/ has scale data, else digit by digit")
        case .dates:
            return Entry(languages: LocaleDataStore.languages(having: "times.txt"),
                         note: "dates, times, date-times, durations, relative dates: ICU patterns and Locales/<lang>/dates.txt + times.txt; hand-checked golden tests for every language listed")
        case .phones:
            return Entry(languages: LocaleDataStore.languages(having: "phones.txt"),
                         note: "libphonenumber for every region; reading habits in Locales/<lang>/phones.txt (en-GB, pt-BR, pt-PT overrides); golden tests: fr en de es en-GB it pt-BR nl")
        case .abbreviations:
            return Entry(languages: LocaleDataStore.languages(having: "abbreviations.txt"),
                         note: "Locales/<lang>/abbreviations.txt, units.txt, money.txt; unit and currency names from ICU; golden tests: de en es fr (60+ sentences), it nl pt (25+)")
        case .languages:
            return Entry(languages: LocaleDataStore.languages(having: "language-model.txt"),
                         note: "language tagging: these Latin-script bases (word model + lexicon, golden tests and evaluation set); any non-Latin-script base gets script runs and Latin spans")
        }
    }

    /// Every capability and its locales, keyed by `Capability.rawValue` (for JSON output).
    public static func all() -> [String: Entry] {
        Dictionary(uniqueKeysWithValues: Capability.allCases.map { ($0.rawValue, entry(for: $0)) })
    }
}

/// The capabilities of SpokenForm, as `spokenform locales` and `SupportedLocales` name them.
public enum Capability: String, Sendable, CaseIterable, Codable {
    /// Cardinals, ordinals, years, digits, decimals, percentages (`NumberSpeller`).
    case numbers
    /// Dates, times, date-times, durations, relative dates (`DateSpeller`).
    case dates
    /// Phone numbers (`PhoneSpeller`).
    case phones
    /// Abbreviations, units, amounts of money, ordinals in text (`AbbreviationExpander`).
    case abbreviations
    /// Foreign-language spans (`LanguageTagger`).
    case languages
}
