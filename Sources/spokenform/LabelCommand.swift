import ArgumentParser
import Foundation
import SpokenForm
import SpokenFormCatalog

struct LabelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "label",
        abstract: "Say an accessibility element as VoiceOver does: label, value, traits, hint.",
        discussion: """
        Prints what a VoiceOver user hears for an element: "selected" first when it is, then the label, the value, the trait words (dimmed, button, switch and its state, tab, heading, link, adjustable, image, search field) and the hint, each part through `spokenform text` (a date in the value is said as a date), the trait words in the locale's language (Locales/<lang>/traits.txt).

        --template fills a label template instead: {name} or {name:type} placeholders (text, number, ordinal, date, time, datetime, relative, duration, phone, money:EUR, raw) from --set name=value; a clause whose values are all missing is dropped with its separator.

        Without --label, --value, --hint, --traits or --template, each line of standard input is a JSON object {"label", "value", "traits": [...], "hint", "children": [...]} and its utterance is printed on its own line.

        Formats:
          text  the utterance
          json  the utterance with its parts (role, text, start/end in scalars, start16/end16 in UTF-16) and language spans
          ssml  <speak xml:lang="fr-FR">…<lang xml:lang="en">…</lang>…</speak>

        Exit codes: \(ExitCodes.summary)

        Examples:
          spokenform label --locale fr-FR --label "Messages" --value 3 --traits button --hint "Ouvre la boîte de réception."
            Messages, trois, bouton. Ouvre la boîte de réception.
          spokenform label --locale fr-FR --label "Rendez-vous" --value "01/04/2015 05:30"
          spokenform label --locale en-US --label "Wi-Fi" --value 1 --traits toggle
            Wi-Fi, switch button, on.
          spokenform label --locale fr-FR --template "Publié par {author}, {published:relative}. {title}" --set author=Léa --set published=2026-11-20 --set title="Les 3 mousquetaires"
        """
    )

    @Option(name: .shortAndLong, help: ArgumentHelp("Locale as a BCP 47 tag.", valueName: "fr-FR"))
    var locale: String

    @OptionGroup var element: ElementOptions

    @Option(name: .long, help: ArgumentHelp("A label template with {name:type} placeholders.", valueName: "template"))
    var template: String?

    @Option(name: .customLong("set"), help: ArgumentHelp("A template value (repeatable).", valueName: "name=value"))
    var values: [String] = []

    @Option(name: .long, help: ArgumentHelp("The date {x:relative} counts from (default: today).", valueName: "YYYY-MM-DD"))
    var today: String?

    @Option(name: .long, help: "Output: text, json or ssml.")
    var format: OutputFormat = .text

    @OptionGroup var data: DataDirectoryOptions

    func validate() throws {
        try OutputFormat.check(format, among: [.text, .json, .ssml], command: "label")
        if template != nil && element.given {
            throw ValidationError("--template cannot be used with --label, --value, --traits or --hint.")
        }
        if template == nil && !values.isEmpty { throw ValidationError("--set needs --template.") }
        for pair in values where !pair.contains("=") { throw ValidationError("--set expects name=value, got '\(pair)'.") }
    }

    func run() throws {
        let spoken: SpokenForm
        let assembler: LabelAssembler
        let given: Label?
        let referenceDay: CivilDate?
        do {
            spoken = try SpokenForm.shared(locale: locale, options: .init(dataDirectories: try data.urls()))
            assembler = try spoken.labels
            given = try element.makeLabel()
            referenceDay = try today.map { try Self.civilDate($0) }
        } catch { throw fail(error) }
        let locale = spoken.locale.bcp47

        if let template {
            var filled: [String: String] = [:]
            for pair in values {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                filled[String(parts[0])] = String(parts[1])
            }
            try answerEachValue(template, format: format, kind: "label", locale: locale) { source in
                let result = try LabelTemplate(source).fill(filled, with: spoken, today: referenceDay)
                return Answer(result.text, json: result, markup: result)
            }
            return
        }
        if let given {
            try answerEachValue(ElementOptions.shown(given), format: format, kind: "label", locale: locale) { _ in
                let result = try assembler.assemble(given)
                return Answer(result.text, json: result, markup: result)
            }
            return
        }
        try answerEachValue(nil, format: format, kind: "label", locale: locale) { line in
            let result = try assembler.assemble(try Self.decodeLabel(line))
            return Answer(result.text, json: result, markup: result)
        }
    }

    static func civilDate(_ text: String) throws -> CivilDate {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, text.count == 10 else {
            throw SpokenFormError.invalidOption(name: "--today", value: text, expected: "a date written YYYY-MM-DD")
        }
        return try CivilDate(year: parts[0], month: parts[1], day: parts[2])
    }

    /// One line of standard input as an element: a JSON object, every key optional.
    static func decodeLabel(_ line: String) throws -> Label {
        do {
            return try JSONDecoder().decode(Label.self, from: Data(line.utf8))
        } catch {
            throw SpokenFormError.invalidInput(kind: "accessibility element", input: line,
                                               expected: "a JSON object {\"label\", \"value\", \"traits\": [\"button\"], \"hint\"} (\(Self.reason(error)))")
        }
    }

    private static func reason(_ error: Error) -> String {
        if let error = error as? DecodingError {
            switch error {
            case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context):
                return context.debugDescription
            @unknown default: return "\(error)"
            }
        }
        return "\(error)"
    }
}

struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check accessibility labels for what VoiceOver would misread.",
        discussion: """
        With a CATALOG file (.xcstrings, .strings, .stringsdict), lints every value of the catalog as a label in the value's own language instead; see "Catalogs" below.

        One element can be given as `spokenform label` takes it (--label, --value, --traits, --hint). Otherwise reads one JSON object per line on standard input, {"label": "…", "value": "…", "traits": ["button", "selected"], "hint": "…"} (traits named as in UIAccessibilityTraits; any key may be missing; "children" for a group), and prints one result per line: "ok", or the issues separated by " | ", each as "severity rule field start16-end16: message (suggestion: …)".

        Rules: \(LabelLinter.rules.map { "\($0.id) (\($0.severity.rawValue))" }.joined(separator: ", ")). Their words are in Locales/<lang>/labels.txt and hint-verbs.txt.

        Formats:
          text  one line per input, as above
          json  {"issues": [{"rule", "severity", "field", "start16", "end16", "message", "suggestion"}]} per line

        Catalogs: every value of the chosen languages (--languages, default all) is linted as a label in its own locale; a language without a label linter is named once on stderr and skipped, not failed. One line per issue, sorted by key in the file's order:
          text  "Key" [fr] plural > one: severity rule start16-end16: message (suggestion: …)
          json  {"key", "language", "path": [...], "rule", "severity", "start16", "end16", "message", "suggestion"} per issue
        .strings and .stringsdict files take their language from their xx.lproj folder, or from --locale. Malformed catalog: exit 65.
        A catalog also gets the misreading rules, in the languages `text` speaks: units left written (which spokenform catalog says in the companion, with plural forms after a placeholder) and what conversion cannot fix: \(CatalogLinter.misreadingRules.map { "\($0.id) (\($0.severity.rawValue))" }.joined(separator: ", ")). --no-misreadings leaves them out.
          "Speed" [fr]: warning unit-without-number 9-13: 'km/h' has no number: … (suggestion: kilomètres par heure)

        Exit codes: 1 when any error-level issue is found (so it can gate a CI) or a line is not a JSON object; otherwise \(ExitCodes.summary)

        Examples:
          echo '{"label": "Bouton envoyer", "traits": ["button"]}' | spokenform lint --locale fr-FR
            error label-type-word label 0-6: 'Bouton' names the control type; VoiceOver says it from the traits. (suggestion: Envoyer)
          spokenform lint --locale fr-FR --label "Envoyer." --traits button
            warning label-final-period label 7-8: …
          echo '{"label": "Partager", "hint": "Ouvre le menu de partage."}' | spokenform lint --locale fr-FR --format json
            {"issues":[]}
          spokenform lint Localizable.xcstrings --languages fr,de --format json
        """
    )

    @Argument(help: ArgumentHelp("A catalog to lint (.xcstrings, .strings, .stringsdict); without it, standard input.", valueName: "catalog"))
    var catalog: String?

    @Option(name: .shortAndLong, help: ArgumentHelp("Locale of the labels, as a BCP 47 tag (with a catalog: the language of a .strings or .stringsdict file outside an xx.lproj folder).", valueName: "fr-FR"))
    var locale: String?

    @Option(help: ArgumentHelp("With a catalog: the languages to lint, comma-separated, as the catalog names them (default: all).", valueName: "fr,de"))
    var languages: [String] = []

    @Option(name: .long, help: "Output: text or json (one object per line).")
    var format: OutputFormat = .text

    @Option(name: .customLong("max-label-words"), help: "label-too-long fires above this many words.")
    var maxLabelWords: Int = LabelLinter.Options().maxLabelWords

    @Flag(inversion: .prefixedNo, help: "With a catalog: also report units left written (without a number, after a placeholder), unknown abbreviations and codes read as numbers.")
    var misreadings = true

    @OptionGroup var element: ElementOptions

    @OptionGroup var data: DataDirectoryOptions

    func validate() throws {
        try OutputFormat.check(format, among: [.text, .json], command: "lint")
        guard maxLabelWords > 0 else { throw ValidationError("--max-label-words must be positive.") }
        if catalog == nil && locale == nil { throw ValidationError("Missing expected argument '--locale <fr-FR>'") }
        if catalog == nil && !languages.isEmpty { throw ValidationError("--languages needs a catalog file.") }
        if catalog != nil && element.given { throw ValidationError("--label, --value, --traits and --hint cannot be used with a catalog.") }
    }

    func run() throws {
        if let catalog { return try lintCatalog(at: catalog) }
        guard let locale else { throw ValidationError("Missing expected argument '--locale <fr-FR>'") }
        let linter: LabelLinter
        let base: String
        do {
            let spoken = try SpokenForm.shared(locale: locale, options: .init(dataDirectories: try data.urls()))
            linter = try spoken.labelLinter.with(options: .init(maxLabelWords: maxLabelWords))
            base = spoken.locale.bcp47
        } catch { throw fail(error) }
        var errors = 0
        let given: Label?
        do { given = try element.makeLabel() } catch { throw fail(error) }
        try answerEachValue(given.map(ElementOptions.shown), format: format, kind: "lint", locale: base) { line in
            let issues = linter.lint(try given ?? LabelCommand.decodeLabel(line))
            errors += issues.filter { $0.severity == .error }.count
            return Answer(Self.text(issues), json: LintJSONLine(issues: issues))
        }
        if errors > 0 {
            printError("\(errors) error-level issue(s) found.")
            throw ExitCode(ExitCodes.invalidInput)
        }
    }

    static func text(_ issues: [LabelLinter.Issue]) -> String {
        guard !issues.isEmpty else { return "ok" }
        return issues.map { issue in
            "\(issue.severity.rawValue) \(issue.rule) \(issue.field.rawValue) \(issue.start16)-\(issue.end16): \(issue.message)"
                + (issue.suggestion.map { " (suggestion: \($0))" } ?? "")
        }.joined(separator: " | ")
    }
}

/// One line of `lint --format json`: the element's issues, each with every key
/// (`LabelLinter.Issue`'s JSON, `suggestion` null when there is none).
struct LintJSONLine: Encodable {
    var issues: [LabelLinter.Issue]
}

/// One accessibility element given on the command line (`label` and `lint` take the same options).
struct ElementOptions: ParsableArguments {
    @Option(name: .long, help: "The accessibility label.")
    var label: String?

    @Option(name: .long, help: "The accessibility value.")
    var value: String?

    @Option(name: .long, help: ArgumentHelp("Traits, comma-separated, named as in UIAccessibilityTraits.", valueName: "button,selected"))
    var traits: String?

    @Option(name: .long, help: "The accessibility hint.")
    var hint: String?

    /// Whether any of the four was given.
    var given: Bool { label != nil || value != nil || traits != nil || hint != nil }

    /// The element, or nil when none of the four was given (standard input is read instead).
    func makeLabel() throws -> Label? {
        guard given else { return nil }
        return try Label(label: label, value: value, traits: Label.Traits(list: traits ?? ""), hint: hint)
    }

    /// What the JSON output names as the input: the first field the element has.
    static func shown(_ element: Label) -> String { element.label ?? element.value ?? element.hint ?? "" }
}
