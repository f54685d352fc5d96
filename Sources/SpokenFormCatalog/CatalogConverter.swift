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

    /// Options converting every language, every class, keeping states, on one thread.
    public init(languages: [String]? = nil, only: Set<Spoken.Rewrite.Kind>? = nil, state: StateChange = .keep,
                spokenFormOptions: SpokenForm.Options = SpokenForm.Options(), jobs: Int = 1) {
        self.languages = languages
        self.only = only
        self.state = state
        self.spokenFormOptions = spokenFormOptions
        self.jobs = jobs
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
            lines.append("  not supported, copied unchanged: \(unsupportedLanguages.joined(separator: ", "))")
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

        var normalizers: [String: TextNormalizer] = [:]
        var unsupported: [String] = []
        for language in present where wanted?.contains(normalised(language)) ?? true {
            do {
                normalizers[language] = try SpokenForm.shared(locale: language, options: options.spokenFormOptions).texts
            } catch SpokenFormError.invalidLocale, SpokenFormError.unsupportedLocale {
                unsupported.append(language)
            }
        }
        let presentSet = Set(present.map(normalised))
        let missing = (options.languages ?? []).filter { !presentSet.contains(normalised($0)) }

        let chosen = normalizers
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
                    outcomes.set(slot, outcome(of: value, normalizer: chosen[value.language]!, only: options.only))
                    slot += jobs
                }
            }
            done = end
            progress?(done, indices.count)
        }

        var report = CatalogReport(format: catalog.format.description, keys: catalog.keys.count, untranslatableKeys: catalog.untranslatableKeys,
                                   languages: [:], unsupportedLanguages: unsupported, missingLanguages: missing, specifiersChecked: 0, kept: [])
        report.fuzzyEntries = catalog.fuzzyEntries
        for language in chosen.keys { report.languages[language] = CatalogReport.LanguageCounts() }
        var changes: [CatalogChange] = []
        for (slot, index) in indices.enumerated() {
            let value = catalog.values[index]
            report.languages[value.language]!.values += 1
            switch outcomes.get(slot) {
            case .unchanged:
                report.languages[value.language]!.unchanged += 1
            case .converted(let text, let runs, let specifiers):
                report.languages[value.language]!.converted += 1
                report.specifiersChecked += specifiers
                let state: String? = options.state == .keep ? nil : options.state.rawValue
                changes.append(CatalogChange(valueIndex: index, text: text, state: state, runs: runs))
            case .kept(let reason, let specifiers):
                report.languages[value.language]!.kept += 1
                report.specifiersChecked += specifiers
                report.kept.append(CatalogReport.KeptValue(key: value.key, language: value.language, path: value.path, reason: reason))
            }
        }
        return CatalogConversion(bytes: catalog.writing(changes), report: report, changes: changes)
    }

    enum Outcome {
        case unchanged
        case converted(String, runs: [String]?, specifiers: Int)
        case kept(String, specifiers: Int)
    }

    static func outcome(of value: CatalogValue, normalizer: TextNormalizer, only: Set<Spoken.Rewrite.Kind>?) -> Outcome {
        let spoken: String
        var runs: [String]?
        do {
            if let segments = value.segments {
                // Each run on its own: markup stays between runs, placeholders and message syntax are not text.
                let scalars = Array(value.text.unicodeScalars)
                runs = try segments.map { segment in
                    let run = String(String.UnicodeScalarView(scalars[segment.range]))
                    return segment.convertible ? try normalizedRun(run, normalizer: normalizer, only: only) : run
                }
                spoken = runs!.joined()
            } else {
                spoken = try normalizer.normalize(value.text, only: only).text
            }
        } catch {
            return .kept("\(error)", specifiers: 0)
        }
        if spoken == value.text { return .unchanged }
        let before = FormatSpecifiers.multiset(of: value.text)
        if let reason = value.keepReason { return .kept(reason, specifiers: before.count) }
        let after = FormatSpecifiers.multiset(of: spoken)
        if before != after {
            return .kept("the format specifiers would change from [\(before.joined(separator: " "))] to [\(after.joined(separator: " "))]", specifiers: before.count)
        }
        // msgfmt refuses a msgstr that does not start and end with a line break where its msgid does.
        if value.text.hasPrefix("\n") != spoken.hasPrefix("\n") || value.text.hasSuffix("\n") != spoken.hasSuffix("\n") {
            return .kept("the spoken text would gain or lose a line break at its start or end", specifiers: before.count)
        }
        if value.isICUMessage && ICUMessageFormat.syntax(of: spoken) != ICUMessageFormat.syntax(of: value.text) {
            return .kept("the spoken text would change the ICU MessageFormat syntax (a brace, # or apostrophe)", specifiers: before.count)
        }
        return .converted(spoken, runs: runs, specifiers: before.count)
    }

    /// A run between markup, converted with its white space at both ends kept as it was.
    private static func normalizedRun(_ run: String, normalizer: TextNormalizer, only: Set<Spoken.Rewrite.Kind>?) throws -> String {
        let scalars = Array(run.unicodeScalars)
        var lower = 0, upper = scalars.count
        while lower < upper && scalars[lower].properties.isWhitespace { lower += 1 }
        while upper > lower && scalars[upper - 1].properties.isWhitespace { upper -= 1 }
        guard lower < upper else { return run }
        let core = String(String.UnicodeScalarView(scalars[lower..<upper]))
        let spoken = try normalizer.normalize(core, only: only).text
        return String(String.UnicodeScalarView(scalars[..<lower])) + spoken + String(String.UnicodeScalarView(scalars[upper...]))
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
        slots.initialize(repeating: .unchanged, count: max(1, count))
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
