import ArgumentParser
import SpokenForm

struct DurationCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "duration",
        abstract: "Spell a duration (PT5H30M -> cinq heures et trente minutes).",
        discussion: """
        VALUE is whole seconds (19800, split into days, hours, minutes and seconds), ISO 8601 (PT5H30M, P1DT2H, P2W, P1Y2M) or H:MM[:SS] (5:30:00). Units from seconds to years; zero parts are not spoken. The number agrees with the unit (une heure, eine Stunde).

        Examples:
          spokenform duration PT5H30M --locale fr-FR   # cinq heures et trente minutes
          spokenform duration PT1H --locale de-DE      # eine Stunde
          spokenform duration 19800 --locale en-US     # five hours, thirty minutes
        """
    )

    @Argument(help: "The duration; omit to read standard input line by line.")
    var value: String?

    @OptionGroup var options: LocaleOptions

    func run() throws {
        try convertEachValue(value, options: options, kind: "duration", requiring: { _ = try $0.dates }) { spoken, input in
            try spoken.duration(input)
        }
    }
}
