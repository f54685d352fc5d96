import ArgumentParser
import SpokenForm

struct DateTimeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "datetime",
        abstract: "Spell a date and time (01/04/2015 05:30 -> premier avril deux mille quinze à cinq heures trente).",
        discussion: """
        VALUE is a date, then T, a space or a comma, then a time; or a Unix timestamp.

        \(DateHelp.dateForms)

        \(DateHelp.timeForms)

        Time zones: without --timezone the input's own wall-clock time is spoken (UTC for a timestamp); with --timezone an input that carries an offset is converted to that zone.

        Examples:
          spokenform datetime "01/04/2015 05:30" --locale fr-FR
            premier avril deux mille quinze à cinq heures trente
          spokenform datetime 2015-04-01T03:30Z --locale fr --timezone Europe/Paris
            premier avril deux mille quinze à cinq heures trente
          spokenform datetime 1427866200 --locale en-US --timezone America/New_York
            April first, twenty fifteen at one thirty AM
        """
    )

    @Argument(help: "The date and time; omit to read standard input line by line.")
    var value: String?

    @OptionGroup var options: LocaleOptions

    @Option(help: "Date part: full, long, weekday-day-month, day-month or month-year.")
    var style: DateStyle = .long

    @Option(name: .customLong("time-style"), help: ArgumentHelp("Time part: 24h, 12h, or clock (en); default: the locale's.", valueName: "style"))
    var timeStyle: String?

    @OptionGroup var zone: TimeZoneOption

    func run() throws {
        let timeZone = try zone.timeZone()
        try convertEachValue(value, options: options, kind: "datetime", requiring: { _ = try $0.dates }) { spoken, input in
            try spoken.dateTime(input, dateStyle: style, timeStyle: timeStyle.map(TimeStyle.init(rawValue:)), timeZone: timeZone)
        }
    }
}
