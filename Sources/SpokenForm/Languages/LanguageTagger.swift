/// Finds the words a screen reader must say in another voice: "Activez le Bluetooth"
/// in French holds one English word.
///
/// Evidence, strongest first:
/// 1. language markup already in the input (HTML `lang`, SSML `<lang>`), honoured as is;
/// 2. the script of each character (ICU): Cyrillic, Greek, Arabic, Hebrew, CJK... inside
///    Latin text, and Latin inside text of another script;
/// 3. the lexicon of the base language (`Locales/und/lexicon.txt`, `Locales/<lang>/lexicon.txt`):
///    names and terms spoken in their own language, adopted loanwords never tagged;
/// 4. a statistical model of Latin-script words (word frequencies and character
///    trigrams of en fr de es it pt nl), decoded over the whole sentence so that a
///    voice switch must pay for itself.
///
/// Conservative by design: a wrong voice switch mid-sentence is worse than a missed
/// word. Digits and punctuation never make a span, capitalised unknown words (names)
/// stay in the base voice, and a lone word that is also a common word of the base
/// language ("page", "style", "type" in French) is never tagged without lexicon evidence.
///
/// Immutable and `Sendable`: share one per locale across threads.
public struct LanguageTagger: Sendable {
    /// The base locale: the language of the text around the spans.
    public let locale: SpokenLocale

    let model: LatinLanguageModel
    let lexicon: TaggerLexicon
    /// Decoder states: the model's languages, then lexicon-only languages, then a pseudo
    /// "base" state when the base language is not one the model knows (non-Latin bases).
    let states: [String]
    let baseState: Int
    let baseIsLatin: Bool
    /// Extra cost of switching into each state (see `uncommonLanguageCost`).
    let entryCost: [Float]
    /// ICU script codes that belong to the base language's own writing system.
    let baseScripts: Set<Int32>
    /// ICU's script names and CLDR's likely language per script.
    let scriptNames: ICUScript.Names
    /// The model index of the usual foreign language (`Locales/und/tagger.txt`), if the model knows it.
    let usualLanguageIndex: Int?
    /// The learned span model of the base language (`<lang>/span-model.txt`), when a data directory has one
    /// and borrows from the usual foreign language: it decides which words are that language's.
    let spanModel: SpanModel?

    // Decoder constants, in log10 units of probability (tuned on the evaluation set;
    // see Docs/tagger.md).
    /// Cost of switching language between two words (paid again to switch back), so a lone
    /// word needs 0.9 (an 8-fold likelihood ratio) to be tagged.
    static let switchCost: Float = 0.45
    /// Weight of the character-trigram evidence for words a language does not list.
    static let trigramWeight: Float = 0.5
    /// A lone word whose base-language Zipf frequency is at least this is ambiguous.
    static let ambiguousZipf: Float = 3.0
    /// Zipf x10 from which a listed word's languages are decided by frequency alone.
    static let settledZipf: UInt8 = 40
    /// A word next to a lexicon term joins it when the term's language explains it this much
    /// better than the base language (log10).
    static let lexiconNeighbourMargin: Float = 0.5
    /// A word at least this frequent (Zipf) in base-language text counts as a base word for
    /// the lone-word test even when it is not spelled like one.
    static let adoptedZipf: Float = 3.3
    /// An edge word of a span whose base-language probability is within this of the span
    /// language's stays out of the span.
    static let edgeMargin: Float = 0.5
    /// An edge word of a span that the span's language explains less than this much better than the
    /// base language carries no evidence for the span.
    static let noLean: Float = 0.2
    /// A base-language word at least this frequent (Zipf) is a function word ("a", "la", "in").
    static let functionWordZipf: Float = 6.0
    /// A word at least this frequent (Zipf) in a language is a determiner, preposition or other
    /// small word: a lone lowercase foreign word is a span only after one of the base language's
    /// ("le dashboard", "un commit", "des widgets"), not after a noun or a verb, where it is
    /// mostly a value or a name from code ("la propriété outline", "l'attribut title").
    static let contextWordZipf: Float = 5.5
    /// A capitalised word next to a capitalised span edge joins the span when the span's
    /// language explains it within this of the base language.
    static let titleCaseMargin: Float = 1.0
    /// Least total evidence (sum over the span's words of log10 P(word|span language) -
    /// log10 P(word|base)) for a detected span.
    static let minimumSpanEvidence: Float = 0.9
    /// Switching into a Latin-script language other than the usual foreign language
    /// (`usual-foreign-language` in `Locales/und/tagger.txt`: English, by far the most frequent
    /// in UI strings and technical text) costs this much more, so an English-looking word is
    /// not given to Dutch by a coin toss.
    static let uncommonLanguageCost: Float = 1.0
    /// A word the base language knows neither in its list nor in its tail (Zipf below 2.5 in
    /// French) but the usual foreign language knows is weighed this much less likely in the
    /// base language than the floor: "checkbox", "tooltip" and "backlog" are not French at all.
    static let absentFromBaseCost: Float = 2.0
    /// A rare base-language word spelled like the usual foreign language is weighed down by how
    /// unlike the base language it is spelled, less this margin: "storytelling" and "metrics" are
    /// borrowed English in French, "incorrect" (a small spelling gap) stays French.
    static let borrowedSpellingMargin: Float = 0.5
    /// A quoted or bracketed phrase is foreign when its words together lean that way by
    /// `minimumSpanEvidence` and one of them by at least this much.
    static let quotedPhraseLean: Float = 0.5
    /// Emission of a state that cannot produce a token.
    static let impossible: Float = -1000

    /// Throws `unsupportedLocale` for a Latin-script base language the model does not know.
    /// - Throws: `SpokenFormError.unsupportedLocale` for a Latin-script base without a language model; `malformedLocaleData` for a bad data file; `icuFailure` when ICU cannot read scripts.
    public init(locale: SpokenLocale, dataStore: LocaleDataStore = .embedded) throws {
        self.locale = locale
        model = try LatinLanguageModel.load(dataStore: dataStore)
        lexicon = try TaggerLexicon(base: locale, dataStore: dataStore)
        let scriptName = try ICUScript.likelyScript(ofLocale: locale.icuID)
        scriptNames = try ICUScript.names()
        baseIsLatin = scriptName == "Latn" || scriptName.isEmpty
        if baseIsLatin, !model.languages.contains(locale.language) {
            throw SpokenFormError.unsupportedLocale(locale.tag, capability: "language tagging")
        }
        var states = model.languages
        for language in lexicon.languages where !states.contains(language) { states.append(language) }
        if let index = states.firstIndex(of: locale.language) {
            baseState = index
        } else {
            baseState = states.count
            states.append(locale.language)
        }
        self.states = states
        let base = baseState, language = locale.language
        let usual = try LanguageTagger.usualForeignLanguage(base: locale, dataStore: dataStore)
        entryCost = states.indices.map { index in
            index == base || states[index] == usual || language == usual ? 0 : LanguageTagger.uncommonLanguageCost
        }
        usualLanguageIndex = model.languages.firstIndex(of: usual)
        baseScripts = scriptNames.codes(ofScriptNamed: scriptName)
        let borrows = usualLanguageIndex != nil && usualLanguageIndex != baseState && baseIsLatin
        spanModel = borrows ? try SpanModel(base: locale, dataStore: dataStore) : nil
    }

    /// The spans of `text` in languages other than the base one.
    ///
    /// When `text` carries language markup (HTML `lang`, SSML `<lang>`), the tags are
    /// removed, entities decoded, and the result's `text` is the plain text; the
    /// declared regions are kept as spans and nothing inside them is tagged again.
    public func tag(_ text: String) -> Spoken {
        tag(text, windows: .standard)
    }

    /// `tag(_:)` with a long text's windows given (tests give small ones).
    func tag(_ text: String, windows: TaggerWindows) -> Spoken {
        var scalars: [Unicode.Scalar]
        var segments: [(start: Int, end: Int, language: String?)]
        let plain: String
        if let markup = LanguageMarkup(text) {
            plain = markup.text
            scalars = Array(plain.unicodeScalars)
            segments = LanguageTagger.flatten(markup.regions, count: scalars.count)
        } else {
            plain = text
            scalars = Array(text.unicodeScalars)
            segments = [(0, scalars.count, nil)]
        }
        var spans: [ScalarSpan] = []
        var scratch = Scratch()
        for segment in segments {
            if let language = segment.language {
                // Declared by the markup: honoured as given, trimmed of surrounding spaces.
                guard LanguageTagger.primaryLanguage(language) != locale.language else { continue }
                var start = segment.start, end = segment.end
                while start < end, LanguageTagger.isSpace(scalars[start]) { start += 1 }
                while end > start, LanguageTagger.isSpace(scalars[end - 1]) { end -= 1 }
                if start < end {
                    if let last = spans.last, last.language == language, last.end == start { spans[spans.count - 1].end = end } else {
                        spans.append((start, end, language))
                    }
                }
            } else {
                guard segment.end - segment.start > windows.minimumScalars else {
                    detect(scalars, from: segment.start, to: segment.end, scratch: &scratch, into: &spans)
                    continue
                }
                for window in windows.windows(of: scalars, from: segment.start, to: segment.end) {
                    detect(scalars, from: window.lowerBound, to: window.upperBound, scratch: &scratch, into: &spans)
                }
            }
        }
        return Spoken(text: plain, locale: locale.bcp47, spans: LanguageTagger.withUTF16Offsets(spans, scalars))
    }
}


extension SpokenForm {
    /// The language tagger of this locale (created on first use).
    /// - Throws: `SpokenFormError.unsupportedLocale` for a Latin-script base without a language model.
    public var languages: LanguageTagger {
        get throws { try capability { try LanguageTagger(locale: locale, dataStore: dataStore) } }
    }

    /// The spans of `text` to speak in another language than this locale's.
    ///
    /// ```swift
    /// try SpokenForm(locale: "fr-FR").tag("Activez le Bluetooth").ssml
    /// // <speak xml:lang="fr-FR">Activez le <lang xml:lang="en">Bluetooth</lang></speak>
    /// ```
    /// - Throws: `SpokenFormError.unsupportedLocale` for a Latin-script base without a language model.
    public func tag(_ text: String) throws -> Spoken { try languages.tag(text) }
}
