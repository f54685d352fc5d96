import ArgumentParser
import Foundation
import SpokenForm

struct ExpandCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "expand",
        abstract: "Write out abbreviations, units, amounts of money and ordinals as they are said.",
        discussion: """
        Everything else is left exactly as it is: words, URLs, e-mail addresses, hashtags, code-like tokens and format specifiers or placeholders (%@, %1$lld, %#@count@, {name}). Without TEXT, each line of standard input is expanded and printed on its own line.

        --format json prints one object per line: the input, the expanded text and each expansion with its kind, original and spoken text, and its ranges in the input (scalars, utf16) and in the output (outputScalars, outputUTF16), in Unicode scalars and UTF-16 code units.

        Exit codes: \(ExitCodes.summary)

        Examples:
          spokenform expand "Dr Martin, 3 av. Foch" --locale fr-FR
            docteur Martin, trois avenue Foch
          spokenform expand "12,50 €" --locale fr-FR
            douze euros cinquante
          spokenform expand '$5.50, approx. 10-12 km' --locale en-US
            five dollars and fifty cents, approximately ten to twelve kilometers
          spokenform expand 'Total: %1$lld km' --locale en-US
            Total: %1$lld km
          printf 'Mme Durand\\n1er étage\\n' | spokenform expand --locale fr --format json
        """
    )

    @Argument(help: "The text to expand; omit to read standard input line by line.")
    var text: String?

    @OptionGroup var options: LocaleOptions

    func validate() throws {
        try OutputFormat.check(options.format, among: [.text, .json], command: "expand")
    }

    func run() throws {
        let expander: AbbreviationExpander
        let locale: String
        do {
            let spoken = try options.makeSpokenForm()
            expander = try spoken.abbreviations
            locale = spoken.locale.bcp47
        } catch { throw fail(error) }

        let json = options.format == .json
        try answerEachValue(text, format: options.format, kind: "expand", locale: locale) { input in
            // Text output needs no rewrites: the lighter scan (memory a small multiple of the line).
            if !json { return Answer(try expander.expandedText(input)) }
            let result = try expander.expand(input)
            return Answer(result.text, json: ExpandJSONLine(input: input, locale: locale, text: result.text,
                                                           expansions: result.rewrites.map(ExpandJSONLine.Item.init)))
        }
    }
}

/// One line of `expand --format json`.
struct ExpandJSONLine: Encodable {
    struct Span: Encodable {
        var start: Int
        var end: Int
        init(_ range: Range<Int>) { start = range.lowerBound; end = range.upperBound }
    }

    struct Item: Encodable {
        var kind: String
        var original: String
        var spoken: String
        /// Range of `original` in the input.
        var scalars: Span
        var utf16: Span
        /// Range of `spoken` in `text`.
        var outputScalars: Span
        var outputUTF16: Span

        init(_ expansion: Spoken.Rewrite) {
            kind = expansion.kind.rawValue
            original = expansion.original
            spoken = expansion.spoken
            scalars = Span(expansion.inputScalars)
            utf16 = Span(expansion.inputUTF16)
            outputScalars = Span(expansion.outputScalars)
            outputUTF16 = Span(expansion.outputUTF16)
        }
    }

    var input: String
    var locale: String
    var text: String
    var expansions: [Item]
}
