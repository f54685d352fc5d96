import SpokenForm

/// How `CatalogLinter` lints a catalog.
public struct CatalogLintOptions: Sendable {
    /// The languages to lint, as the catalog names them (`fr`, `pt-BR`); nil for all.
    /// Matched without regard to case or `-`/`_`.
    public var languages: [String]?
    /// The label linter's limits (`LabelLinter.Options`), the same for every language.
    public var labelOptions: LabelLinter.Options
    /// Number spelling and user data directories of every language.
    public var spokenFormOptions: SpokenForm.Options
    /// Whether the rules of `CatalogLinter.misreadingRules` run too (units without a number,
    /// unknown abbreviations, codes read as numbers), in the languages the text normaliser
    /// speaks.
    public var misreadings: Bool

    /// Options linting every language with the default limits.
    ///
    /// - Parameters:
    ///   - languages: the languages to lint, as the catalog names them; nil for all.
    ///   - labelOptions: the label linter's limits.
    ///   - spokenFormOptions: number spelling and user data directories.
    ///   - misreadings: whether `CatalogLinter.misreadingRules` run too.
    public init(languages: [String]? = nil, labelOptions: LabelLinter.Options = LabelLinter.Options(),
                spokenFormOptions: SpokenForm.Options = SpokenForm.Options(), misreadings: Bool = true) {
        self.languages = languages
        self.labelOptions = labelOptions
        self.spokenFormOptions = spokenFormOptions
        self.misreadings = misreadings
    }
}

/// One issue the label linter found in one value of a catalog.
public struct CatalogLintIssue: Sendable, Equatable {
    /// The catalog key.
    public var key: String
    /// The language code as the catalog writes it.
    public var language: String
    /// The variation path (`plural > one` as `["plural", "one"]`); empty for a plain value.
    public var path: [String]
    /// The issue; its UTF-16 range is in the value's decoded text, its field is `label`.
    public var issue: LabelLinter.Issue

    /// An issue of the value `key` [`language`] at `path`.
    public init(key: String, language: String, path: [String], issue: LabelLinter.Issue) {
        self.key = key
        self.language = language
        self.path = path
        self.issue = issue
    }

    /// `key`, language and path as the reports show them: `"Done" [fr] plural > one`.
    public var location: String {
        "\(key.debugDescription) [\(language)]" + (path.isEmpty ? "" : " " + path.joined(separator: " > "))
    }
}

/// What linting a catalog found: the issues in the file's key order, and the languages
/// left unlinted.
public struct CatalogLint: Sendable, Equatable {
    /// Every issue, sorted by key in the file's order (within a key, in file order).
    public var issues: [CatalogLintIssue]
    /// Values linted, all languages together.
    public var valuesLinted: Int
    /// Languages of the file SpokenForm has no label linter for: their values are not linted.
    public var unsupportedLanguages: [String]
    /// Languages asked for with `languages` that the file does not have.
    public var missingLanguages: [String]

    /// The error-level issues (those that make `spokenform lint` exit 1).
    public var errorCount: Int { issues.filter { $0.issue.severity == .error }.count }
}

/// Lints every value of a catalog with the accessibility label linter (`LabelLinter`),
/// each value as a label in its own language, so that a CI can refuse strings
/// VoiceOver would misread ("Bouton envoyer", "Appeler le 06.11.22.33.06"); and, with
/// `CatalogLintOptions.misreadings`, finds what the displayed strings leave a screen reader
/// to misread beyond the label rules (`misreadingRules`: "Vitesse (km/h)" and "%d km", which
/// `spokenform catalog` says in the companion; "24 Std.", "Code postal 75008", which it
/// cannot fix).
public enum CatalogLinter {
    /// Lints `catalog`.
    ///
    /// A language SpokenForm has no label linter for is reported in
    /// `unsupportedLanguages`, not thrown; malformed user data
    /// (`SpokenForm.Options.dataDirectories`) is thrown as
    /// `SpokenFormError.malformedLocaleData`.
    public static func lint(_ catalog: Catalog, options: CatalogLintOptions = CatalogLintOptions()) throws -> CatalogLint {
        func normalised(_ language: String) -> String { language.lowercased().replacingOccurrences(of: "_", with: "-") }
        let wanted = options.languages.map { Set($0.map(normalised)) }
        var present: [String] = []
        var seen = Set<String>()
        for value in catalog.values where seen.insert(value.language).inserted { present.append(value.language) }

        var linters: [String: LabelLinter] = [:]
        var finders: [String: MisreadingFinder] = [:]
        var unsupported: [String] = []
        for language in present where wanted?.contains(normalised(language)) ?? true {
            do {
                let spokenForm = try SpokenForm.shared(locale: language, options: options.spokenFormOptions)
                linters[language] = try spokenForm.labelLinter.with(options: options.labelOptions)
                if options.misreadings {
                    do { finders[language] = try MisreadingFinder(spokenForm: spokenForm) } catch SpokenFormError.unsupportedLocale {}
                }
            } catch SpokenFormError.invalidLocale, SpokenFormError.unsupportedLocale {
                unsupported.append(language)
            }
        }
        let presentSet = Set(present.map(normalised))
        let missing = (options.languages ?? []).filter { !presentSet.contains(normalised($0)) }

        // Keys are unique by their exact scalars (a `String` dictionary would take "é" and
        // "e\u{301}" for one key and group their issues together).
        var keyOrder: [ExactKey: Int] = [:]
        for key in catalog.keys where keyOrder[ExactKey(key)] == nil { keyOrder[ExactKey(key)] = keyOrder.count }
        var found: [(order: Int, sequence: Int, issue: CatalogLintIssue)] = []
        var linted = 0
        for value in catalog.values {
            guard let linter = linters[value.language] else { continue }
            linted += 1
            for issue in linter.lint(label: value.text) + (finders[value.language]?.issues(in: value.text) ?? []) {
                found.append((keyOrder[ExactKey(value.key)] ?? Int.max, found.count,
                              CatalogLintIssue(key: value.key, language: value.language, path: value.path, issue: issue)))
            }
        }
        found.sort { ($0.order, $0.sequence) < ($1.order, $1.sequence) }
        return CatalogLint(issues: found.map(\.issue), valuesLinted: linted, unsupportedLanguages: unsupported, missingLanguages: missing)
    }
}
