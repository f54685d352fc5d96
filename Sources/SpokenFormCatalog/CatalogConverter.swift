import Dispatch
import SpokenForm

/// How `CatalogConverter` converts a catalog.
public struct CatalogConversionOptions: Sendable {
    /// What happens to the `state` of a `stringUnit` whose value was converted.
    public enum StateChange: String, Sendable, CaseIterable {
        /// The state stays as it was (the default: only value strings change).
        case keep
        /// `needs_review`, so that a localiser looks at each spoken form in Xcode.
        case needsReview = "needs_review"
        /// `translated`.
        case translated
    }

    /// The languages to convert, as the catalog names them (`fr`, `pt-BR`); nil for all.
    /// Matched without regard to case or `-`/`_`.
    public var languages: [String]?
    /// The text classes to rewrite (`SpokenForm.text(_:only:skip:addresses:)`); nil for all.
    public var only: Set<Spoken.Rewrite.Kind>?
    /// The state of converted values.
    public var state: StateChange
    /// Number spelling and user data directories of every language.
    public var spokenFormOptions: SpokenForm.Options
    /// Threads converting values; the output does not depend on it.
    public var jobs: Int
    /// What each value becomes: its spoken text, or its SSML fragment.
    public var output: Output
    /// Whether foreign-language spans are found in each value (`LanguageTagger`): each is
    /// said by its own language's normaliser, listed in `CatalogReport.foreignSpans`, and
    /// marked `<lang xml:lang="…">` in SSML output. Plain output gets no markup.
    public var tag: Bool
    /// How units, currencies and counted words next to a placeholder (`%d km`, `%@ €`,
    /// `$%d`, `%d Pers.`) and unit symbols with no number (`Vitesse (km/h)`) are said.
    public var countedWords: CountedWords

    /// How a conversion says a unit, currency or counted word whose count is a placeholder,
    /// known only at run time: the form of its word depends on that count ("%d mètre" for
    /// one, "%d mètres" for other).
    public enum CountedWords: String, Sendable, CaseIterable {
        /// Said in the value's language; where the word's form depends on the count, the
        /// value becomes plural forms keyed by that placeholder, one per CLDR category of the
        /// language (`.xcstrings` `variations.plural`, or `substitutions` when the value has
        /// several placeholders; a `.stringsdict` variable; an Android `<string>` becomes a
        /// `<plurals>` of the same name, read with `getQuantityString`). A value that cannot
        /// vary (`.strings`, a `.po` entry without `msgid_plural`, an array item) takes the
        /// `other` form; a value that is already one form of a plural variation takes that
        /// form's category. The default.
        case plural
        /// Said in the value's language, every value keeping its shape: the `other` form, or
        /// the category of the variation the value already is. Nothing becomes `<plurals>`.
        case other
        /// Left as written ("%d km"), as are unit symbols with no number.
        case written
    }

    /// What `CatalogConverter` writes for each value.
    public enum Output: String, Sendable, CaseIterable {
        /// The spoken text (`Spoken.text`), for `accessibilityLabel`: a companion table of
        /// plain strings.
        case text
        /// The SSML 1.1 fragment (`Spoken.ssmlFragment`), for the attributed-string attribute
        /// `accessibilitySpeechSSML` (`AXSpeechAttributeSSML`, iOS 27): a companion of the
        /// same format whose every value is a fragment, escaped, with its format specifiers
        /// in text outside the markup. Values of languages SpokenForm does not speak, and
        /// values kept as they were, are written escaped, so every value parses.
        case ssml
    }

    /// Options converting every language, every class, keeping states, on one thread.
    ///
    /// - Parameters:
    ///   - languages: the languages to convert, as the catalog names them; nil for all.
    ///   - only: the text classes to rewrite; nil for all.
    ///   - state: the state of converted `stringUnit`s.
    ///   - spokenFormOptions: number spelling and user data directories.
    ///   - jobs: threads converting values.
    ///   - output: spoken text (the default) or SSML fragments.
    ///   - tag: whether foreign-language spans are found and reported (marked in SSML).
    ///   - countedWords: how units, currencies and counted words next to a placeholder are said.
    public init(languages: [String]? = nil, only: Set<Spoken.Rewrite.Kind>? = nil, state: StateChange = .keep,
                spokenFormOptions: SpokenForm.Options = SpokenForm.Options(), jobs: Int = 1,
                output: Output = .text, tag: Bool = false, countedWords: CountedWords = .plural) {
        self.languages = languages
        self.only = only
        self.state = state
        self.spokenFormOptions = spokenFormOptions
        self.jobs = jobs
        self.output = output
        self.tag = tag
        self.countedWords = countedWords
    }
}

/// What a conversion did: counts per language, the languages left as they were, and
/// each value kept unconverted with why.
public struct CatalogReport: Sendable, Equatable, Codable, CustomStringConvertible {
    /// Counts of one language.
    public struct LanguageCounts: Sendable, Equatable, Codable {
        /// Values of this language in the catalog.
        public var values = 0
        /// Values written in their spoken form.
        public var converted = 0
        /// Values with nothing to say differently.
        public var unchanged = 0
        /// Values that would have changed but were kept as they were (see `kept`).
        public var kept = 0
    }

    /// A value kept as it was although the normaliser changed it.
    public struct KeptValue: Sendable, Equatable, Codable {
        /// The catalog key.
        public var key: String
        /// The language code.
        public var language: String
        /// The variation path (`plural > one`); empty for a plain value.
        public var path: [String]
        /// Why it was kept: the specifiers that would have changed, or the error.
        public var reason: String
    }

    /// A foreign-language span found in a value (`CatalogConversionOptions.tag`).
    public struct ForeignSpan: Sendable, Equatable, Codable {
        /// The catalog key.
        public var key: String
        /// The value's language code, as the catalog writes it.
        public var language: String
        /// The variation path (`plural > one`); empty for a plain value.
        public var path: [String]
        /// The span's language (`en`), as the tagger names it.
        public var spanLanguage: String
        /// The span's text, as said (in the converted value).
        public var text: String
    }

    /// A value whose counted word's form depends on its placeholder's count
    /// (`CatalogConversionOptions.CountedWords`).
    public struct CountedValue: Sendable, Equatable, Codable {
        /// The catalog key.
        public var key: String
        /// The language code.
        public var language: String
        /// The variation path; empty for a plain value.
        public var path: [String]
        /// What the value became: `variations` (`.xcstrings` `variations.plural`),
        /// `substitutions` (`.xcstrings`), `stringsdict` (a variable), `plurals` (an Android
        /// `<string>` became a `<plurals>`), or `one form`.
        public var written: String
        /// The CLDR categories of its forms, in CLDR's order (`one`, `many`, `other`).
        public var categories: [String]
        /// Why it has one form where the count decides it; nil for plural forms.
        public var reason: String?
    }

    /// The file's format (`xcstrings`, `strings (utf16le)`, `stringsdict`).
    public var format: String
    /// Keys in the file.
    public var keys: Int
    /// `.xcstrings` keys marked `shouldTranslate: false` (Android: `translatable="false"`), left alone.
    public var untranslatableKeys: Int
    /// `.po` entries flagged fuzzy, left alone.
    public var fuzzyEntries: Int = 0
    /// Counts per converted language.
    public var languages: [String: LanguageCounts]
    /// Languages of the file SpokenForm does not speak: their values are copied unchanged.
    public var unsupportedLanguages: [String]
    /// Languages asked for with `languages` that the file does not have.
    public var missingLanguages: [String]
    /// Format specifiers compared before and after conversion.
    public var specifiersChecked: Int
    /// Values kept as they were, in file order.
    public var kept: [KeptValue]
    /// What each value became: `text` or `ssml` (`CatalogConversionOptions.Output`).
    public var output: String = CatalogConversionOptions.Output.text.rawValue
    /// Foreign-language spans found, in file order (only with `CatalogConversionOptions.tag`).
    public var foreignSpans: [ForeignSpan] = []
    /// Languages of the file with no language tagger: their values were not tagged.
    public var untaggedLanguages: [String] = []
    /// SSML output: values of unsupported languages, written escaped as SSML text.
    public var escapedOnly: Int = 0
    /// Units, currencies and counted words next to a placeholder said in the value's language.
    public var countedWords: Int = 0
    /// Unit symbols with no number said as the unit's name (`Vitesse (km/h)`).
    public var unitNames: Int = 0
    /// Values given plural forms keyed by a placeholder's count, in file order.
    public var pluralValues: [CountedValue] = []
    /// Values whose counted word takes one form (`other`) although the count decides it,
    /// because the value cannot vary (a `.strings` value, a `.po` entry without
    /// `msgid_plural`…), with why; in file order.
    public var oneFormValues: [CountedValue] = []

    /// Values converted, all languages together.
    public var converted: Int { languages.values.reduce(0) { $0 + $1.converted } }

    /// The summary printed on stderr: one line per language, then what was left alone.
    public var description: String {
        var lines = ["\(keys) key(s), \(format); \(converted) value(s) converted, \(specifiersChecked) format specifier(s) checked."]
        for (language, counts) in languages.sorted(by: { $0.key < $1.key }) {
            var line = "  \(language): \(counts.values) value(s), \(counts.converted) converted, \(counts.unchanged) unchanged"
            if counts.kept > 0 { line += ", \(counts.kept) kept as they were" }
            lines.append(line)
        }
        if !unsupportedLanguages.isEmpty {
            let what = output == CatalogConversionOptions.Output.ssml.rawValue ? "written as escaped SSML text (\(escapedOnly) value(s))" : "copied unchanged"
            lines.append("  not supported, \(what): \(unsupportedLanguages.joined(separator: ", "))")
        }
        if !foreignSpans.isEmpty {
            lines.append("  \(foreignSpans.count) foreign-language span(s) marked")
        }
        if !untaggedLanguages.isEmpty {
            lines.append("  no language tagger, not tagged: \(untaggedLanguages.joined(separator: ", "))")
        }
        if !missingLanguages.isEmpty {
            lines.append("  not in the file: \(missingLanguages.joined(separator: ", "))")
        }
        if untranslatableKeys > 0 {
            let mark = format == "android" ? "translatable=\"false\"" : "shouldTranslate: false"
            lines.append("  \(untranslatableKeys) key(s) marked \(mark), left alone")
        }
        if countedWords > 0 || unitNames > 0 {
            lines.append("  \(countedWords) unit(s), currenc(ies) or counted word(s) next to a placeholder said, \(unitNames) unit name(s) without a number")
        }
        if !pluralValues.isEmpty {
            var line = "  \(pluralValues.count) value(s) given plural forms by their placeholder's count"
            let plurals = pluralValues.filter { $0.written == "plurals" }.count
            if plurals > 0 { line += "; \(plurals) <string> became <plurals> (read them with getQuantityString)" }
            lines.append(line)
        }
        if !oneFormValues.isEmpty {
            lines.append("  \(oneFormValues.count) value(s) in one form although the count decides it (see --report)")
        }
        if fuzzyEntries > 0 { lines.append("  \(fuzzyEntries) fuzzy entr\(fuzzyEntries == 1 ? "y" : "ies") left alone (gettext does not use them)") }
        return lines.joined(separator: "\n")
    }
}

extension CatalogReport {
    /// Counts a converted value's counted words, and lists it when it became plural forms or
    /// took one form where the count decides it.
    mutating func count(_ counted: CountedCounts, of value: CatalogValue) {
        countedWords += counted.words
        unitNames += counted.bareUnits
        if let shape = counted.shape {
            pluralValues.append(CountedValue(key: value.key, language: value.language, path: value.path, written: shape,
                                             categories: counted.categories.map(\.rawValue), reason: nil))
        } else if let reason = counted.oneFormReason {
            oneFormValues.append(CountedValue(key: value.key, language: value.language, path: value.path, written: "one form",
                                              categories: [], reason: reason))
        }
    }
}

/// The result of converting a catalog: its new bytes and the report.
public struct CatalogConversion: Sendable {
    /// The converted file: the input's bytes with the changed values replaced.
    public let bytes: [UInt8]
    /// What was converted and what was kept.
    public let report: CatalogReport
    /// The changes applied, one per converted value.
    public let changes: [CatalogChange]
}

/// Converts every value of a catalog to its spoken form, in the value's own language,
/// through the free-text normaliser (`SpokenForm.text(_:only:skip:addresses:)`).
///
/// The normaliser already leaves format specifiers and placeholders alone; on top of
/// that, a converted value whose multiset of specifiers (`FormatSpecifiers`) differs
/// from its original's is not written but kept and reported, so no specifier is ever
/// added or dropped ("100% anonym" holds `% a` for `String(format:)`).
public enum CatalogConverter {
    /// Converts `catalog`; `progress(done, total)` is called on the calling thread
    /// between batches of values.
    ///
    /// A language SpokenForm does not speak is reported in `unsupportedLanguages`, not
    /// thrown; malformed user data (`SpokenForm.Options.dataDirectories`) is thrown as
    /// `SpokenFormError.malformedLocaleData`.
    public static func convert(_ catalog: Catalog, options: CatalogConversionOptions = CatalogConversionOptions(),
                               progress: ((Int, Int) -> Void)? = nil) throws -> CatalogConversion {
        func normalised(_ language: String) -> String { language.lowercased().replacingOccurrences(of: "_", with: "-") }
        let wanted = options.languages.map { Set($0.map(normalised)) }
        var present: [String] = []
        var seen = Set<String>()
        for value in catalog.values where seen.insert(value.language).inserted { present.append(value.language) }

        var speakers: [String: ValueSpeaker] = [:]
        var unsupported: [String] = []
        var untagged: [String] = []
        for language in present where wanted?.contains(normalised(language)) ?? true {
            let spoken: SpokenForm
            let normalizer: TextNormalizer
            do {
                spoken = try SpokenForm.shared(locale: language, options: options.spokenFormOptions)
                normalizer = try spoken.texts
            } catch SpokenFormError.invalidLocale, SpokenFormError.unsupportedLocale {
                unsupported.append(language)
                // SSML output escapes every value, spoken or not, so that each one parses.
                if options.output == .ssml { speakers[language] = ValueSpeaker(normalizer: nil, tagger: nil, only: nil, output: .ssml) }
                continue
            }
            var tagger: LanguageTagger?
            if options.tag {
                do { tagger = try spoken.languages } catch SpokenFormError.invalidLocale, SpokenFormError.unsupportedLocale { untagged.append(language) }
            }
            var speaker = ValueSpeaker(normalizer: normalizer, tagger: tagger, only: options.only, output: options.output)
            if options.countedWords != .written {
                do {
                    speaker.counted = CountedTemplates(expander: try spoken.abbreviations, mode: options.countedWords, only: options.only, locale: language)
                } catch SpokenFormError.unsupportedLocale {}
            }
            speakers[language] = speaker
        }
        let presentSet = Set(present.map(normalised))
        let missing = (options.languages ?? []).filter { !presentSet.contains(normalised($0)) }

        let chosen = speakers
        let indices = catalog.values.indices.filter { chosen[catalog.values[$0].language] != nil }
        let contexts = try Self.contexts(of: catalog, indices: indices, speakers: chosen)
        let outcomes = OutcomeSlots(count: indices.count)
        let jobs = max(1, options.jobs)
        let batch = 4096
        var done = 0
        while done < indices.count {
            let end = min(indices.count, done + batch)
            let start = done
            DispatchQueue.concurrentPerform(iterations: jobs) { worker in
                var slot = start + worker
                while slot < end {
                    let value = catalog.values[indices[slot]]
                    outcomes.set(slot, chosen[value.language]!.outcome(of: value, context: contexts[slot]))
                    slot += jobs
                }
            }
            done = end
            progress?(done, indices.count)
        }

        var report = CatalogReport(format: catalog.format.description, keys: catalog.keys.count, untranslatableKeys: catalog.untranslatableKeys,
                                   languages: [:], unsupportedLanguages: unsupported, missingLanguages: missing, specifiersChecked: 0, kept: [])
        report.fuzzyEntries = catalog.fuzzyEntries
        report.output = options.output.rawValue
        report.untaggedLanguages = untagged
        let unsupportedSet = Set(unsupported)
        for language in chosen.keys where !unsupportedSet.contains(language) { report.languages[language] = CatalogReport.LanguageCounts() }
        var changes: [CatalogChange] = []
        let state: String? = options.state == .keep ? nil : options.state.rawValue
        for (slot, index) in indices.enumerated() {
            let value = catalog.values[index]
            let outcome = outcomes.get(slot)
            if unsupportedSet.contains(value.language) {
                // Escaped only: no spoken form, so no state change and no count as converted.
                if case .converted(let text, let runs, _, _, _) = outcome {
                    report.escapedOnly += 1
                    changes.append(CatalogChange(valueIndex: index, text: text, state: nil, runs: runs))
                }
                continue
            }
            report.languages[value.language]!.values += 1
            switch outcome {
            case .unchanged(let spans):
                report.languages[value.language]!.unchanged += 1
                report.foreignSpans += spans.map { CatalogReport.ForeignSpan(key: value.key, language: value.language, path: value.path, spanLanguage: $0.language, text: $0.text) }
            case .converted(let text, let runs, let specifiers, let spans, let counted):
                report.languages[value.language]!.converted += 1
                report.specifiersChecked += specifiers
                report.foreignSpans += spans.map { CatalogReport.ForeignSpan(key: value.key, language: value.language, path: value.path, spanLanguage: $0.language, text: $0.text) }
                report.count(counted, of: value)
                changes.append(CatalogChange(valueIndex: index, text: text, state: state, runs: runs))
            case .plural(let plural, let text, let runs, let specifiers, let spans, let counted):
                report.languages[value.language]!.converted += 1
                report.specifiersChecked += specifiers
                report.foreignSpans += spans.map { CatalogReport.ForeignSpan(key: value.key, language: value.language, path: value.path, spanLanguage: $0.language, text: $0.text) }
                report.count(counted, of: value)
                changes.append(CatalogChange(valueIndex: index, text: text, state: state, runs: runs, plural: plural))
            case .kept(let reason, let specifiers, let escaped):
                report.languages[value.language]!.kept += 1
                report.specifiersChecked += specifiers
                report.kept.append(CatalogReport.KeptValue(key: value.key, language: value.language, path: value.path, reason: reason))
                if let escaped, escaped.text != value.text {
                    changes.append(CatalogChange(valueIndex: index, text: escaped.text, state: nil, runs: escaped.runs))
                }
            }
        }
        return CatalogConversion(bytes: catalog.writing(changes), report: report, changes: changes)
    }

    /// Where each value is and what it may become (`ValueContext`), slot by slot.
    private static func contexts(of catalog: Catalog, indices: [Int], speakers: [String: ValueSpeaker]) throws -> [ValueContext] {
        // A `.po` file's forms: the CLDR category of each msgstr[n], per language.
        var gettextCategories: [String: [PluralCategory]] = [:]
        if catalog.format == .gettext, let header = catalog.pluralForms, let forms = GettextPluralForms(header) {
            for (language, speaker) in speakers {
                guard let expander = speaker.counted?.expander else { continue }
                gettextCategories[language] = try forms.categories { try expander.pluralCategory(ofCount: String($0)) }
            }
        }
        // `.stringsdict` variable names already used, per key.
        var usedNames: [ExactKey: Set<String>] = [:]
        if catalog.format == .stringsdict {
            for value in catalog.values {
                if let first = value.path.first { usedNames[ExactKey(value.key), default: []].insert(first) }
            }
        }
        return indices.map { index in
            let value = catalog.values[index]
            let path = value.path
            var context = ValueContext(category: nil, shape: .single, wholeCounts: catalog.format == .android || catalog.format == .gettext)
            switch catalog.format {
            case .gettext:
                if let at = path.lastIndex(of: "plural"), at + 1 < path.count, let form = Int(path[at + 1]) {
                    // Without Plural-Forms, the forms' counts are unknown: each takes `other`.
                    context.category = gettextCategories[value.language].flatMap { form < $0.count ? $0[form] : nil } ?? .other
                }
            case .stringsdict:
                if path.count >= 2, let category = PluralCategory(rawValue: path[path.count - 1]) { context.category = category }
            default:
                if let at = path.lastIndex(of: "plural"), at + 1 < path.count, let category = PluralCategory(rawValue: path[at + 1]) { context.category = category }
            }
            switch (catalog.format, value.container) {
            case (.xcstrings, .stringUnit?): context.shape = .xcstrings
            case (.android, .androidString?) where !path.contains("product"): context.shape = .android
            case (.stringsdict, .formatKey?):
                context.shape = .stringsdict(reservedNames: usedNames[ExactKey(value.key)] ?? [])
            case (.stringsdict, .plainEntry?) where catalog.isStringsdict:
                context.shape = .stringsdict(reservedNames: usedNames[ExactKey(value.key)] ?? [])
            case (.strings, _):
                context.oneTextReason = "a .strings value holds one text (a .stringsdict entry can vary)"
            case (.gettext, _):
                context.oneTextReason = "an entry without msgid_plural has one msgstr, which gettext() returns for every count (give it a msgid_plural and read it with ngettext for every form)"
            case (.android, _):
                context.oneTextReason = path.contains("product") ? "a <string> with a product attribute stays a <string>" : "a <string-array> item holds one text"
            case (.xcstrings, _):
                context.oneTextReason = "its localization holds more than a stringUnit"
            default: break
            }
            return context
        }
    }

    enum Outcome {
        case unchanged(spans: [FoundSpan])
        case converted(String, runs: [String]?, specifiers: Int, spans: [FoundSpan], counted: CountedCounts)
        /// Plural forms keyed by a placeholder's count; `text` is the change's text (the
        /// `other` form, or the value with its `%#@name@` variables).
        case plural(PluralChange, text: String, runs: [String]?, specifiers: Int, spans: [FoundSpan], counted: CountedCounts)
        /// Kept as it was; in SSML output, `escaped` is the original written as SSML text.
        case kept(String, specifiers: Int, escaped: (text: String, runs: [String]?)?)
    }

    /// A foreign-language span of a converted value: its language and its text as said.
    struct FoundSpan {
        let language: String
        let text: String
    }
}

/// What one language's values become: the normaliser (with its tagger), the output, and
/// the counted words next to placeholders.
struct ValueSpeaker: Sendable {
    /// nil: a language SpokenForm does not speak, whose values are only escaped (SSML output).
    let normalizer: TextNormalizer?
    let tagger: LanguageTagger?
    let only: Set<Spoken.Rewrite.Kind>?
    let output: CatalogConversionOptions.Output
    /// Units, currencies and counted words next to placeholders, and unit names without a
    /// number; nil: left written (`CountedWords.written`, or a language without their data).
    var counted: CountedTemplates? = nil

    /// One run of a value: text kept as it is (a placeholder, message syntax, or a language
    /// not spoken), or text said, with the white space at its ends kept as it was.
    enum Piece {
        case raw(String)
        case said(lead: String, Spoken, trail: String)

        var text: String {
            switch self {
            case .raw(let text): return text
            case .said(let lead, let spoken, let trail): return lead + spoken.text + trail
            }
        }

        var fragment: String {
            switch self {
            case .raw(let text): return Spoken.xmlContentEscaped(text)
            case .said(let lead, let spoken, let trail):
                return Spoken.xmlContentEscaped(lead) + spoken.ssmlFragment + Spoken.xmlContentEscaped(trail)
            }
        }

        var spans: [CatalogConverter.FoundSpan] {
            guard case .said(_, let spoken, _) = self else { return [] }
            return spoken.spans.compactMap { span in spoken.substring(span).map { CatalogConverter.FoundSpan(language: span.language, text: String($0)) } }
        }
    }

    func outcome(of value: CatalogValue, context: ValueContext = ValueContext(category: nil, shape: .single, wholeCounts: false)) -> CatalogConverter.Outcome {
        if let counted, let outcome = countedOutcome(value, context: context, counted: counted) { return outcome }
        let pieces: [Piece]
        var named = 0
        do {
            pieces = try self.pieces(of: value.text, segments: value.segments, named: &named)
        } catch {
            return .kept("\(error)", specifiers: 0, escaped: escaped(value))
        }
        let (spoken, runs, spans) = render(pieces, segmented: value.segments != nil)
        if spoken == value.text { return .unchanged(spans: spans) }
        let before = FormatSpecifiers.multiset(of: value.text)
        if let reason = value.keepReason { return .kept(reason, specifiers: before.count, escaped: escaped(value)) }
        if let reason = refusal(of: spoken, for: value, specifiers: before) {
            return .kept(reason, specifiers: before.count, escaped: escaped(value))
        }
        return .converted(spoken, runs: runs, specifiers: before.count, spans: spans, counted: CountedCounts(bareUnits: named))
    }

    /// The runs of `text` said (each segment on its own: markup stays between runs,
    /// placeholders and message syntax are not text); `named` counts unit names written.
    private func pieces(of text: String, segments: [CatalogSegment]?, named: inout Int) throws -> [Piece] {
        guard let segments else { return [try said(text, trimming: false, named: &named)] }
        let scalars = Array(text.unicodeScalars)
        return try segments.map { segment in
            let run = String(String.UnicodeScalarView(scalars[segment.range]))
            return segment.convertible ? try said(run, named: &named) : .raw(run)
        }
    }

    /// The pieces joined as text or SSML (`runs` when the value is segmented), with the
    /// stand-ins of `outputs` replaced.
    private func render(_ pieces: [Piece], segmented: Bool, outputs: [String: SiteOutput] = [:]) -> (String, [String]?, [CatalogConverter.FoundSpan]) {
        let made = outputs.isEmpty ? pieces : pieces.map { piece -> Piece in
            guard case .said(let lead, let spoken, let trail) = piece else { return piece }
            return .said(lead: lead, Self.replacingStandIns(spoken, outputs), trail: trail)
        }
        let runs = segmented ? made.map { output == .ssml ? $0.fragment : $0.text } : nil
        let joined = runs?.joined() ?? (output == .ssml ? made[0].fragment : made[0].text)
        return (joined, runs, made.flatMap(\.spans))
    }

    /// `spoken` with each stand-in of `outputs` (`%#@spokenformcountN@`) replaced by its phrase or variable.
    private static func replacingStandIns(_ spoken: Spoken, _ outputs: [String: SiteOutput]) -> Spoken {
        var replacements: [SpokenReplacement] = []
        for (name, output) in outputs {
            for range in occurrences(of: name, in: spoken.text) {
                switch output {
                case .phrase(let phrase): replacements.append(phrase.replacement(at: range))
                case .variable(let token): replacements.append(SpokenReplacement(range: range, text: token, said: nil))
                }
            }
        }
        return spoken.replacing(replacements)
    }

    /// The scalar ranges where `needle` occurs in `text`.
    static func occurrences(of needle: String, in text: String) -> [Range<Int>] {
        guard text.utf8.count >= needle.utf8.count else { return [] }
        let scalars = Array(text.unicodeScalars), pattern = Array(needle.unicodeScalars)
        guard let first = pattern.first else { return [] }
        var found: [Range<Int>] = []
        var index = 0
        while index + pattern.count <= scalars.count {
            if scalars[index] == first, scalars[index..<(index + pattern.count)].elementsEqual(pattern) {
                found.append(index..<(index + pattern.count))
                index += pattern.count
            } else {
                index += 1
            }
        }
        return found
    }

    /// Why `spoken` may not replace `value`'s text; nil when it may.
    func refusal(of spoken: String, for value: CatalogValue, specifiers before: [String]) -> String? {
        if output == .ssml {
            if !SSMLFragmentCheck.keepsSpecifiers(of: before, in: spoken) {
                let after = FormatSpecifiers.multiset(of: SSMLFragmentCheck.textOutsideMarkup(spoken))
                return "the format specifiers outside the SSML markup would change from [\(before.joined(separator: " "))] to [\(after.joined(separator: " "))]"
            }
        } else {
            let after = FormatSpecifiers.multiset(of: spoken)
            if before != after {
                return "the format specifiers would change from [\(before.joined(separator: " "))] to [\(after.joined(separator: " "))]"
            }
        }
        // msgfmt refuses a msgstr that does not start and end with a line break where its msgid does.
        if value.text.hasPrefix("\n") != spoken.hasPrefix("\n") || value.text.hasSuffix("\n") != spoken.hasSuffix("\n") {
            return "the spoken text would gain or lose a line break at its start or end"
        }
        if value.isICUMessage && ICUMessageFormat.syntax(of: spoken) != ICUMessageFormat.syntax(of: value.text) {
            return "the spoken text would change the ICU MessageFormat syntax (a brace, # or apostrophe)"
        }
        return nil
    }

    /// In SSML output, a value kept as it was is still written as SSML text: escaped, run by
    /// run, so that it parses (escaping `&`, `<`, `>` changes no specifier, line break or
    /// message syntax). nil in text output.
    private func escaped(_ value: CatalogValue) -> (text: String, runs: [String]?)? {
        guard output == .ssml else { return nil }
        guard let segments = value.segments else { return (Spoken.xmlContentEscaped(value.text), nil) }
        let scalars = Array(value.text.unicodeScalars)
        let runs = segments.map { Spoken.xmlContentEscaped(String(String.UnicodeScalarView(scalars[$0.range]))) }
        return (runs.joined(), runs)
    }

    /// A run said in the value's language (with its foreign spans when tagging), and its unit
    /// symbols without a number named where the context makes them units; `trimming`: a run
    /// between markup, whose white space at both ends is kept as it was.
    private func said(_ run: String, trimming: Bool = true, named: inout Int) throws -> Piece {
        guard let normalizer else { return .raw(run) }
        let scalars = Array(run.unicodeScalars)
        var lower = 0, upper = scalars.count
        while trimming && lower < upper && scalars[lower].properties.isWhitespace { lower += 1 }
        while trimming && upper > lower && scalars[upper - 1].properties.isWhitespace { upper -= 1 }
        guard lower < upper else { return .raw(run) }
        let core = String(String.UnicodeScalarView(scalars[lower..<upper]))
        var spoken: Spoken
        if let tagger {
            spoken = try normalizer.normalize(core, only: only, languages: tagger)
            spoken.spans = SSMLFragmentCheck.spans(spoken.spans, notCutting: spoken.text)
        } else {
            spoken = try normalizer.normalize(core, only: only)
        }
        if let counted, counted.mode != .written {
            let (withNames, count) = try counted.namingBareUnits(spoken)
            spoken = withNames
            named += count
        }
        return .said(lead: String(String.UnicodeScalarView(scalars[..<lower])), spoken,
                     trail: String(String.UnicodeScalarView(scalars[upper...])))
    }

    // MARK: counted words

    /// A value with units, currencies or counted words next to its placeholders: each said in
    /// the form its count needs, as one text or as plural forms (`context.shape`). nil when it
    /// has none, or when saying them would not keep the value's specifiers, line breaks or
    /// message syntax (the value is then converted without them).
    private func countedOutcome(_ value: CatalogValue, context: ValueContext, counted: CountedTemplates) -> CatalogConverter.Outcome? {
        guard normalizer != nil, counted.mode != .written, value.keepReason == nil else { return nil }
        let text = value.text
        let specifierRanges = FormatSpecifiers.ranges(in: text)
        guard !specifierRanges.isEmpty, !text.contains("spokenformcount") else { return nil }
        let scalars = Array(text.unicodeScalars)
        let segments = value.segments
        let sites = counted.finder.sites(in: scalars, specifiers: specifierRanges) { range in
            segments?.contains { $0.convertible && $0.range.lowerBound <= range.lowerBound && range.upperBound <= $0.range.upperBound } ?? true
        }.filter { counted.allows($0.noun) }
        guard !sites.isEmpty else { return nil }

        // Each site becomes a stand-in the normaliser leaves alone (a `%#@name@` specifier),
        // replaced by its phrase once the rest is said.
        let names = sites.indices.map { "%#@spokenformcount\($0)@" }
        var standIn = String.UnicodeScalarView()
        var cursor = 0
        var growth: [(end: Int, delta: Int)] = []
        for (index, site) in sites.enumerated() {
            standIn.append(contentsOf: scalars[cursor..<site.region.lowerBound])
            standIn.append(contentsOf: names[index].unicodeScalars)
            growth.append((site.region.upperBound, (growth.last?.delta ?? 0) + names[index].unicodeScalars.count - site.region.count))
            cursor = site.region.upperBound
        }
        standIn.append(contentsOf: scalars[cursor...])
        func moved(_ offset: Int) -> Int { growth.last { $0.end <= offset }.map { offset + $0.delta } ?? offset }
        let standInSegments = segments?.map { CatalogSegment(range: moved($0.range.lowerBound)..<moved($0.range.upperBound), convertible: $0.convertible) }

        do {
            var named = 0
            let pieces = try self.pieces(of: String(standIn), segments: standInSegments, named: &named)
            // Each stand-in said once, in the value's own language (not inside a foreign span).
            for name in names {
                var found = 0
                for case .said(_, let spoken, _) in pieces {
                    for range in Self.occurrences(of: name, in: spoken.text) {
                        found += 1
                        if spoken.spans.contains(where: { $0.start < range.upperBound && range.lowerBound < $0.end && !counted.sameLanguage($0.language) }) { return nil }
                    }
                }
                guard found == 1 else { return nil }
            }
            let before = FormatSpecifiers.multiset(of: text)
            let fallback = try counted.fallbackCategory()
            var counts = CountedCounts(words: sites.count, bareUnits: named)

            // The forms of each site: its category's only, or one per category its count takes.
            var siteForms: [[(category: PluralCategory, sample: String, phrase: CountedPhrase)]] = []
            for site in sites {
                var forms: [(category: PluralCategory, sample: String, phrase: CountedPhrase)] = []
                let choices: [(category: PluralCategory, sample: String)]
                if let category = context.category {
                    choices = [(category, try counted.sample(category, count: site.count))]
                } else if site.partOfNumber || counted.mode == .other {
                    choices = [(fallback, try counted.sample(fallback, count: site.count))]
                } else {
                    choices = try counted.samples(site.count, wholeCounts: context.wholeCounts)
                }
                for choice in choices {
                    guard var phrase = try counted.phrase(site, placeholder: site.specifierText, sample: choice.sample) else { return nil }
                    if site.wordOnly {
                        // The placeholder stays in its own run: only the words after it are written.
                        guard phrase.text.hasPrefix(site.specifierText) else { return nil }
                        phrase = CountedPhrase(text: String(phrase.text.dropFirst(site.specifierText.count)), placeholder: "",
                                               written: phrase.written, kind: phrase.kind)
                    }
                    forms.append((choice.category, choice.sample, phrase))
                }
                guard !forms.isEmpty else { return nil }
                // The same words for every count (de "Kilometer"): one form.
                if forms.count > 1, Set(forms.map(\.phrase.text)).count == 1 {
                    forms = [forms.first { $0.category == fallback } ?? forms[forms.count - 1]]
                }
                siteForms.append(forms)
            }
            let varying = siteForms.indices.filter { siteForms[$0].count > 1 }
            func oneForm(_ index: Int) -> CountedPhrase {
                (siteForms[index].first { $0.category == fallback } ?? siteForms[index][siteForms[index].count - 1]).phrase
            }
            func all(_ choose: (Int) -> SiteOutput) -> (String, [String]?, [CatalogConverter.FoundSpan]) {
                var outputs: [String: SiteOutput] = [:]
                for index in sites.indices { outputs[names[index]] = choose(index) }
                return render(pieces, segmented: segments != nil, outputs: outputs)
            }
            func single(reason: String?) -> CatalogConverter.Outcome? {
                let (spoken, runs, spans) = all { .phrase(oneForm($0)) }
                counts.oneFormReason = reason
                if spoken == value.text { return .unchanged(spans: spans) }
                guard refusal(of: spoken, for: value, specifiers: before) == nil else { return nil }
                return .converted(spoken, runs: runs, specifiers: before.count, spans: spans, counted: counts)
            }
            guard !varying.isEmpty else { return single(reason: nil) }

            let specifierTexts = FormatSpecifiers.list(in: text)
            let numbers = argumentNumbers(of: specifierTexts)
            let arguments = Set((numbers ?? []).compactMap { $0 })
            switch context.shape {
            case .xcstrings where varying.count == 1 && arguments.count == 1, .android where varying.count == 1:
                // The whole value varies by its one counted placeholder.
                let varied = varying[0]
                var forms: [PluralForm] = []
                for form in siteForms[varied] {
                    let (spoken, runs, _) = all { $0 == varied ? .phrase(form.phrase) : .phrase(oneForm($0)) }
                    guard refusal(of: spoken, for: value, specifiers: before) == nil else { return nil }
                    forms.append(PluralForm(category: form.category, text: spoken, runs: runs))
                }
                let (text, runs, spans) = all { .phrase(oneForm($0)) }
                counts.shape = context.shape == .android ? "plurals" : "variations"
                counts.categories = forms.map(\.category)
                return .plural(PluralChange(forms: forms), text: text, runs: runs, specifiers: before.count, spans: spans, counted: counts)
            case .xcstrings, .stringsdict:
                guard let numbers, segments == nil, !sites.contains(where: \.wordOnly) else {
                    return single(reason: "its placeholders' argument numbers cannot be told (mixed positions, * widths or variables): one form is written")
                }
                let isXCStrings = context.shape == .xcstrings
                var reserved: Set<String> = []
                if case .stringsdict(let names) = context.shape { reserved = names }
                var tokens: [Int: String] = [:]
                var variables: [PluralArgument] = []
                for index in varying {
                    let site = sites[index]
                    guard let position = specifierRanges.firstIndex(of: site.specifier), let number = numbers[position] else { return nil }
                    var name = "arg\(number)"
                    var suffix = 2
                    while reserved.contains(name) || text.contains("@" + name + "@") { name = "arg\(number)_\(suffix)"; suffix += 1 }
                    reserved.insert(name)
                    let positional = site.specifierText.dropFirst().prefix { $0 != "$" }.allSatisfy(\.isNumber) && site.specifierText.contains("$")
                    tokens[index] = (positional ? "%\(number)$#@" : "%#@") + name + "@"
                    let placeholder = isXCStrings ? "%arg" : site.specifierText
                    var leaves: [PluralForm] = []
                    for form in siteForms[index] {
                        guard let phrase = try counted.phrase(site, placeholder: placeholder, sample: form.sample) else { return nil }
                        let leaf = Spoken(text: names[index], locale: counted.locale).replacing([phrase.replacement(at: 0..<names[index].unicodeScalars.count)])
                        let written = output == .ssml ? leaf.ssmlFragment : leaf.text
                        let kept = output == .ssml ? FormatSpecifiers.multiset(of: SSMLFragmentCheck.textOutsideMarkup(written)) : FormatSpecifiers.multiset(of: written)
                        guard kept == [placeholder], FormatSpecifiers.multiset(of: written) == [placeholder] else { return nil }
                        leaves.append(PluralForm(category: form.category, text: written, runs: nil))
                    }
                    variables.append(PluralArgument(name: name, argNum: number, formatSpecifier: formatSpecifierBody(site.specifierText),
                                                    valueType: formatValueType(site.specifierText), forms: leaves))
                }
                let (top, _, spans) = all { index in tokens[index].map { .variable($0) } ?? .phrase(oneForm(index)) }
                // Filled with each variable's `other` form, the text keeps the value's specifiers.
                var expanded = top
                for (variable, index) in zip(variables, varying) {
                    guard let leaf = variable.forms.first(where: { $0.category == fallback }) ?? variable.forms.last, let token = tokens[index] else { return nil }
                    let filled = isXCStrings ? leaf.text.replacingOccurrences(of: "%arg", with: sites[index].specifierText) : leaf.text
                    expanded = expanded.replacingOccurrences(of: token, with: filled)
                }
                guard refusal(of: expanded, for: value, specifiers: before) == nil, FormatSpecifiers.multiset(of: top).count == before.count else { return nil }
                counts.shape = isXCStrings ? "substitutions" : "stringsdict"
                counts.categories = variables.first?.forms.map(\.category) ?? []
                return .plural(PluralChange(arguments: variables), text: top, runs: nil, specifiers: before.count, spans: spans, counted: counts)
            case .android:
                return single(reason: "the word's form depends on \(varying.count) counts, and a <plurals> varies by one: the \(fallback.rawValue) form is written")
            case .single:
                return single(reason: "the word's form depends on the count, but \(context.oneTextReason): the \(fallback.rawValue) form is written")
            }
        } catch {
            return nil
        }
    }
}

/// What a value's counted words came to, for the report.
struct CountedCounts: Sendable {
    /// Units, currencies or counted words next to a placeholder, said.
    var words = 0
    /// Unit symbols with no number, named.
    var bareUnits = 0
    /// Why the words take one form where the count decides it; nil when they do not.
    var oneFormReason: String?
    /// What the value became: `variations`, `substitutions`, `plurals`, `stringsdict`; nil: one text.
    var shape: String?
    /// The categories of its forms.
    var categories: [PluralCategory] = []
}

/// One outcome per value, written by the worker threads of `CatalogConverter` without a
/// lock: each slot is written by exactly one worker (slots are striped by worker index)
/// and read only after `concurrentPerform` has returned, which orders the writes before
/// the reads.
private final class OutcomeSlots: @unchecked Sendable {
    private let slots: UnsafeMutablePointer<CatalogConverter.Outcome>

    init(count: Int) {
        slots = .allocate(capacity: max(1, count))
        slots.initialize(repeating: .unchanged(spans: []), count: max(1, count))
        self.count = max(1, count)
    }

    private let count: Int

    func set(_ index: Int, _ outcome: CatalogConverter.Outcome) { slots[index] = outcome }
    func get(_ index: Int) -> CatalogConverter.Outcome { slots[index] }

    deinit {
        slots.deinitialize(count: count)
        slots.deallocate()
    }
}
