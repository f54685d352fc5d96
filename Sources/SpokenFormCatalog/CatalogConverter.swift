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
    public init(languages: [String]? = nil, only: Set<Spoken.Rewrite.Kind>? = nil, state: StateChange = .keep,
                spokenFormOptions: SpokenForm.Options = SpokenForm.Options(), jobs: Int = 1,
                output: Output = .text, tag: Bool = false) {
        self.languages = languages
        self.only = only
        self.state = state
        self.spokenFormOptions = spokenFormOptions
        self.jobs = jobs
        self.output = output
        self.tag = tag
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
        if fuzzyEntries > 0 { lines.append("  \(fuzzyEntries) fuzzy entr\(fuzzyEntries == 1 ? "y" : "ies") left alone (gettext does not use them)") }
        return lines.joined(separator: "\n")
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
            speakers[language] = ValueSpeaker(normalizer: normalizer, tagger: tagger, only: options.only, output: options.output)
        }
        let presentSet = Set(present.map(normalised))
        let missing = (options.languages ?? []).filter { !presentSet.contains(normalised($0)) }

        let chosen = speakers
        let indices = catalog.values.indices.filter { chosen[catalog.values[$0].language] != nil }
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
                    outcomes.set(slot, chosen[value.language]!.outcome(of: value))
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
                if case .converted(let text, let runs, _, _) = outcome {
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
            case .converted(let text, let runs, let specifiers, let spans):
                report.languages[value.language]!.converted += 1
                report.specifiersChecked += specifiers
                report.foreignSpans += spans.map { CatalogReport.ForeignSpan(key: value.key, language: value.language, path: value.path, spanLanguage: $0.language, text: $0.text) }
                changes.append(CatalogChange(valueIndex: index, text: text, state: state, runs: runs))
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

    enum Outcome {
        case unchanged(spans: [FoundSpan])
        case converted(String, runs: [String]?, specifiers: Int, spans: [FoundSpan])
        /// Kept as it was; in SSML output, `escaped` is the original written as SSML text.
        case kept(String, specifiers: Int, escaped: (text: String, runs: [String]?)?)
    }

    /// A foreign-language span of a converted value: its language and its text as said.
    struct FoundSpan {
        let language: String
        let text: String
    }
}

/// What one language's values become: the normaliser (with its tagger) and the output.
struct ValueSpeaker: Sendable {
    /// nil: a language SpokenForm does not speak, whose values are only escaped (SSML output).
    let normalizer: TextNormalizer?
    let tagger: LanguageTagger?
    let only: Set<Spoken.Rewrite.Kind>?
    let output: CatalogConversionOptions.Output

    /// One run of a value: text kept as it is (a placeholder, message syntax, or a language
    /// not spoken), or text said, with the white space at its ends kept as it was.
    private enum Piece {
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

    func outcome(of value: CatalogValue) -> CatalogConverter.Outcome {
        let pieces: [Piece]
        do {
            if let segments = value.segments {
                // Each run on its own: markup stays between runs, placeholders and message syntax are not text.
                let scalars = Array(value.text.unicodeScalars)
                pieces = try segments.map { segment in
                    let run = String(String.UnicodeScalarView(scalars[segment.range]))
                    return segment.convertible ? try said(run) : .raw(run)
                }
            } else {
                pieces = [try said(value.text, trimming: false)]
            }
        } catch {
            return .kept("\(error)", specifiers: 0, escaped: escaped(value))
        }
        let runs = value.segments == nil ? nil : pieces.map { output == .ssml ? $0.fragment : $0.text }
        let spoken = runs?.joined() ?? (output == .ssml ? pieces[0].fragment : pieces[0].text)
        let spans = pieces.flatMap(\.spans)
        if spoken == value.text { return .unchanged(spans: spans) }
        let before = FormatSpecifiers.multiset(of: value.text)
        if let reason = value.keepReason { return .kept(reason, specifiers: before.count, escaped: escaped(value)) }
        if let reason = refusal(of: spoken, for: value, specifiers: before) {
            return .kept(reason, specifiers: before.count, escaped: escaped(value))
        }
        return .converted(spoken, runs: runs, specifiers: before.count, spans: spans)
    }

    /// Why `spoken` may not replace `value`'s text; nil when it may.
    private func refusal(of spoken: String, for value: CatalogValue, specifiers before: [String]) -> String? {
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

    /// A run said in the value's language (with its foreign spans when tagging); `trimming`:
    /// a run between markup, whose white space at both ends is kept as it was.
    private func said(_ run: String, trimming: Bool = true) throws -> Piece {
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
        return .said(lead: String(String.UnicodeScalarView(scalars[..<lower])), spoken,
                     trail: String(String.UnicodeScalarView(scalars[upper...])))
    }
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
