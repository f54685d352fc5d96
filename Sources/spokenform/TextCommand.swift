import ArgumentParser
import Foundation
import SpokenForm

struct TextCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "text",
        abstract: "Say every number, date, time, phone number, amount and abbreviation in a text.",
        discussion: """
        Finds each written form in TEXT, decides what it is from its shape and the words around it, and replaces it with what a person says. Format specifiers and placeholders (%@, %1$lld, %#@count@, {name}, $(VAR)), markup tags, URLs, e-mail addresses and code-like identifiers are never touched; what cannot be classified stays as it was. Without TEXT, each line of standard input is converted and printed on its own line.

        Classes (for --only and --skip): cardinal, ordinal, fraction, percent, date, time, duration, year, range, phone, money, unit, abbreviation, roman, version, serial, and with --addresses email, url.

        Formats:
          text  the spoken text
          json  one object per line: input, locale, text, and rewrites with kind, original, spoken and ranges in the input (scalars, utf16) and in the output (outputScalars, outputUTF16)
          ssml  <speak xml:lang="fr-FR">…<sub alias="spoken">written</sub>…</speak>; with --tag, foreign spans as <lang>
          html  the spoken text; with --tag, foreign spans as <span lang="…">

        Exit codes: \(ExitCodes.summary)

        Examples:
          spokenform text "RDV le 01/04/2015 à 5h30 au 06.11.22.33.06" --locale fr-FR
            rendez-vous le premier avril deux mille quinze à cinq heures trente au zéro six, onze, vingt-deux, trente-trois, zéro six
          spokenform text "Termin am 1. April 2015 um 17.30 Uhr" --locale de-DE
            Termin am ersten April zweitausendfünfzehn um siebzehn Uhr dreißig
          spokenform text '%1$@ a réservé %2$lld places le 01/04' --locale fr-FR
            %1$@ a réservé %2$lld places le premier avril
          spokenform text "Call (201) 555-0123" --locale en-US --only phone --format json
        """
    )

    @Argument(help: "The text to say; omit to read standard input line by line.")
    var text: String?

    @OptionGroup var options: LocaleOptions

    @Option(name: .long, parsing: .upToNextOption, help: ArgumentHelp("Rewrite only these classes (comma-separated or repeated).", valueName: "date,time"))
    var only: [String] = []

    @Option(name: .long, parsing: .upToNextOption, help: ArgumentHelp("Rewrite every class but these.", valueName: "phone"))
    var skip: [String] = []

    @Flag(name: .long, help: "Spell e-mail and web addresses in the language (\"arobase\", \"point\"); by default they stay as written.")
    var addresses = false

    @Flag(name: .long, help: "Also mark foreign-language spans (ssml: <lang>, html: <span lang>, json: spans); a span's numbers are said in its language.")
    var tag = false

    static func classes(_ values: [String], option: String) throws -> Set<Spoken.Rewrite.Kind> {
        var found: Set<Spoken.Rewrite.Kind> = []
        for name in values.flatMap({ $0.split(separator: ",") }).map({ $0.trimmingSpaces() }) where !name.isEmpty {
            guard let kind = Spoken.Rewrite.Kind(rawValue: name) else {
                throw ValidationError("--\(option): unknown class '\(name)'; expected one of \(Spoken.Rewrite.Kind.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            found.insert(kind)
        }
        return found
    }

    func validate() throws {
        if !only.isEmpty && !skip.isEmpty { throw ValidationError("--only and --skip cannot be used together.") }
        _ = try Self.classes(only, option: "only")
        _ = try Self.classes(skip, option: "skip")
    }

    func run() throws {
        let normalizer: TextNormalizer
        let tagger: LanguageTagger?
        let locale: String
        do {
            let spoken = try options.makeSpokenForm()
            normalizer = try spoken.texts
            tagger = tag ? try spoken.languages : nil
            locale = spoken.locale.bcp47
        } catch { throw fail(error) }
        let onlyClasses = only.isEmpty ? nil : try Self.classes(only, option: "only")
        let skipClasses = try Self.classes(skip, option: "skip")

        try answerEachValue(text, format: options.format, kind: "text", locale: locale) { input in
            // Text output needs neither rewrites nor spans: the lighter path (memory a small multiple of the line).
            if options.format == .text && tagger == nil {
                return Answer(try normalizer.normalizedText(input, only: onlyClasses, skip: skipClasses, addresses: addresses))
            }
            // With --tag, a foreign span's numbers are said in its language, the voice's.
            let result = try tagger.map { try normalizer.normalize(input, only: onlyClasses, skip: skipClasses, addresses: addresses, languages: $0) }
                ?? normalizer.normalize(input, only: onlyClasses, skip: skipClasses, addresses: addresses)
            let json = TextJSONLine(input: input, locale: locale, text: result.text,
                                    rewrites: result.rewrites, spans: tagger == nil ? nil : result.spans)
            // SSML carries the rewrites (<sub alias>) and the spans; HTML only the spans.
            return Answer(result.text, json: json, markup: result)
        }
    }
}

/// One line of `text --format json`: the input, and `Spoken`'s own JSON of the result
/// (its rewrites as `Spoken.Rewrite` encodes them), with the spans only under `--tag`.
struct TextJSONLine: Encodable {
    var input: String
    var locale: String
    var text: String
    var rewrites: [Spoken.Rewrite]
    var spans: [LanguageSpan]?
}
