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
          html  the text with <span lang="en">...</span> (the default)
          text  the text alone, markup removed

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

    @Option(name: .long, help: "Output: html (the default), ssml, json (one object per line) or text (the text without markup).")
    var format: OutputFormat = .html

    @OptionGroup var data: DataDirectoryOptions

    func run() throws {
        let tagger: LanguageTagger
        let base: String
        do {
            let spoken = try SpokenForm.shared(locale: locale, options: .init(dataDirectories: try data.urls()))
            tagger = try spoken.languages
            base = spoken.locale.bcp47
        } catch { throw fail(error) }
        try answerEachValue(text, format: format, kind: "tag", locale: base) { input in
            let spoken = tagger.tag(input)
            return Answer(spoken.text, json: spoken, markup: spoken)
        }
    }
}
