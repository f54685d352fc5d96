import ArgumentParser
import SpokenForm

struct TimeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "time",
        abstract: "Spell a time of day (05:30 -> cinq heures trente).",
        discussion: """
        \(DateHelp.timeForms)

        A date-time or a Unix timestamp is accepted too (its time is spoken). Each locale has a default style (fr, de, it, pt, nl: 24h; en, es: 12h) and one alternative (the other clock; for en, "clock": five o'clock); see Docs/dates.md.

        Examples:
          spokenform time 05:30 --locale fr-FR                 # cinq heures trente
          spokenform time 17h --locale fr-FR --style 12h
            cinq heures de l'après-midi
          spokenform time "5:05 pm" --locale en-US             # five oh five PM
          spokenform time 13:00 --locale es-ES                 # la una de la tarde
          spokenform time 2015-04-01T05:30Z --locale de --timezone Europe/Berlin
            sieben Uhr dreißig
        """
    )

    @Argument(help: "The time; omit to read standard input line by line.")
    var value: String?

    @OptionGroup var options: LocaleOptions

    @Option(help: ArgumentHelp("Time style: 24h, 12h, or clock (en); default: the locale's.", valueName: "style"))
    var style: String?

    @OptionGroup var zone: TimeZoneOption

    func run() throws {
        let timeZone = try zone.timeZone()
        try convertEachValue(value, options: options, kind: "time", requiring: { _ = try $0.dates }) { spoken, input in
            try spoken.time(input, style: style.map(TimeStyle.init(rawValue:)), timeZone: timeZone)
        }
    }
}
