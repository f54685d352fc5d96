import ArgumentParser
import Foundation
import SpokenForm

extension PhoneSpeller.ZeroWord: ExpressibleByArgument {}

struct PhoneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "phone",
        abstract: "Read a phone number the way people of the locale's language say it.",
        discussion: """
        libphonenumber parses and validates VALUE and groups it as its region writes it; the language of --locale decides how each group is said. Numbers without a country code belong to --region (default: the locale's region); +CC, 00CC and tel: URIs name their own. Groups are joined by ", " so that a screen reader pauses. Without VALUE, each line of standard input is read and printed on its own line.

        An invalid number is reported with what is wrong ("expected 10 digits, found 4 (too short)") and exit code 1.

        Examples:
          spokenform phone 06.11.22.33.06 --locale fr-FR
            zéro six, onze, vingt-deux, trente-trois, zéro six
          spokenform phone "(201) 555-0123" --locale en-US
            two zero one, five five five, zero one two three
          spokenform phone "+33 6 11 22 33 06" --locale fr-FR
            plus trente-trois, six, onze, vingt-deux, trente-trois, zéro six
          spokenform phone "020 7946 0018" --locale en-GB
            oh two oh, seven nine four six, double oh one eight
          spokenform phone "01 23 45 67 89 poste 12" --locale fr
          spokenform phone 0612 --locale fr --lenient
            zéro six, douze
          spokenform phone 0611223306 --locale fr --format json

        Exit codes: \(ExitCodes.summary)
        """
    )

    @Argument(help: "The phone number; omit to read standard input line by line.")
    var value: String?

    @OptionGroup var options: LocaleOptions

    @Option(help: ArgumentHelp("Region of numbers written without a country code (default: the locale's region).", valueName: "FR"))
    var region: String?

    @Flag(help: "Read a number libphonenumber rejects anyway, in the language's default grouping, instead of failing.")
    var lenient = false

    @Option(help: "Word for 0 read digit by digit: zero or oh (default: the locale's habit; en-GB says oh).")
    var zero: PhoneSpeller.ZeroWord?

    /// One line of `--format json` output.
    struct PhoneJSONLine: Encodable {
        var input: String
        var locale: String
        var kind = "phone"
        var text: String?
        var region: String?
        var countryCode: Int?
        var type: String?
        var valid: Bool?
        var international: Bool?
        var formatted: String?
        var groups: [String]?
        var spokenGroups: [String]?
        var `extension`: String?
    }

    func run() throws {
        try OutputFormat.check(options.format, among: [.text, .json], command: "phone")
        let spoken: SpokenForm
        let phones: PhoneSpeller
        do {
            spoken = try options.makeSpokenForm()
            phones = try spoken.phones
        } catch { throw fail(error) }
        let readOptions = PhoneSpeller.Options(region: region, lenient: lenient, zero: zero)
        let locale = spoken.locale.bcp47

        try answerEachValue(value, format: options.format, kind: "phone", locale: locale) { input in
            let number = try phones.read(input, options: readOptions)
            return Answer(number.text, json: PhoneJSONLine(
                input: input, locale: locale, text: number.text, region: number.region,
                countryCode: number.countryCode, type: number.type.rawValue, valid: number.isValid,
                international: number.isInternational, formatted: number.formatted,
                groups: number.groups, spokenGroups: number.spokenGroups, extension: number.extensionDigits))
        }
    }
}
