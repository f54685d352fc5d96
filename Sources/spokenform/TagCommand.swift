import ArgumentParser
import Foundation
import SpokenForm

struct TagCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tag",
        abstract: "Find the words a screen reader must say in another language's voice.",
        discussion: """
        Prints the spans of TEXT that are in another language than --locale: English
        product names and phrases in French text, Cyrillic or Greek words in any
        text, and so on. Language markup already in TEXT (HTML lang attributes, SSML
        <lang>) is honoured and removed from the text. Without TEXT, each line of
        standard input is tagged and printed on its own line.

        Formats:
          json  one object per line: text, locale, and spans with start/end
                (Unicode scalars), start16/end16 (UTF-16 units) and lang
          ssml  <speak xml:lang="fr-FR">...<lang xml:lang="en">...</lang></speak>
          html  the text with <span lang="en">...</span> (also: text)

        Examples:
          spokenform tag "Activez le Bluetooth" --locale fr-FR --format json
          spokenform tag "Touchez Sign in with Apple" --locale fr --format ssml
          spokenform tag "She has a joie de vivre" --locale en
          spokenform tag --locale fr --format json < labels.txt

        Exit codes: \(ExitCodes.summary)
        """
    )

    @Argument(help: "The text to tag; omit to read standard input line by line.")
    var text: String?

    @Option(name: .shortAndLong, help: ArgumentHelp("Base locale of the text, as a BCP 47 tag.", valueName: "fr-FR"))
    var locale: String

    @Option(name: .long, help: "Output: json (one object per line), ssml, html or text (same as html).")
    var format: OutputFormat = .html

    func run() throws {
        let tagger: LanguageTagger
        do { tagger = try SpokenForm.shared(locale: locale).languages } catch { throw fail(error) }
        func emit(_ input: String) throws {
            let spoken = tagger.tag(input)
            switch format {
            case .json: print(String(decoding: try jsonEncoder.encode(spoken), as: UTF8.self))
            case .ssml: print(spoken.ssml)
            case .html, .text: print(spoken.html)
            }
        }
        if let text {
            try emit(text)
            return
        }
        while let line = readLine(strippingNewline: true) { try emit(line) }
    }
}
