import ArgumentParser
import SpokenForm

struct DateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "date",
        abstract: "Spell a date (01/04/2015 -> premier avril deux mille quinze).",
        discussion: """
        \(DateHelp.dateForms)

        A date-time is accepted too; with --timezone its date is taken in that zone. Without VALUE, each line of standard input is spelled and printed on its own line.

        Examples:
          spokenform date 2015-04-01 --locale fr-FR --style full
            mercredi premier avril deux mille quinze
          spokenform date 01/04/2015 --locale en-US
            January fourth, twenty fifteen
          spokenform date 1.4.2015 --locale de-DE
            erster April zweitausendfünfzehn
          spokenform date 2015-04-01T23:30Z --locale fr --timezone Europe/Paris
            deux avril deux mille quinze
        """
    )

    @Argument(help: "The date; omit to read standard input line by line.")
    var value: String?

    @OptionGroup var options: LocaleOptions

    @Option(help: "What to say: full (weekday, day, month, year), long (day, month, year), weekday-day-month, day-month, month-year.")
    var style: DateStyle = .long

    @OptionGroup var zone: TimeZoneOption

    func run() throws {
        let timeZone = try zone.timeZone()
        try convertEachValue(value, options: options, kind: "date", requiring: { _ = try $0.dates }) { spoken, input in
            try spoken.date(input, style: style, timeZone: timeZone)
        }
    }
}
