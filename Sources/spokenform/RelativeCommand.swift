import ArgumentParser
import SpokenForm

struct RelativeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "relative",
        abstract: "Spell a relative date (-1 day -> hier, +3 hours -> dans trois heures).",
        discussion: """
        Give --value and --unit, or VALUE as "COUNT UNIT" ("+3 days"; a negative VALUE needs "--" before it), or one such line per line of standard input. Negative counts are in the past. Units: year, month, week, day, hour, minute, second. ICU's words are used where the language has them (hier, avant-hier, demain, la semaine prochaine) unless --numeric.

        Examples:
          spokenform relative --value=-1 --unit day --locale fr-FR     # hier
          spokenform relative --value=1 --unit hour --locale de-DE     # in einer Stunde
          spokenform relative --locale de-DE -- "-3 days"              # vor drei Tagen
          spokenform relative --value=-1 --unit day --numeric -l fr-FR # il y a un jour
        """
    )

    @Argument(help: "\"COUNT UNIT\" (\"-3 days\"); omit with --value/--unit, or to read standard input.")
    var value: String?

    @OptionGroup var options: LocaleOptions

    @Option(name: .customLong("value"), help: ArgumentHelp("The count of units from now; negative is past.", valueName: "count"))
    var count: Int?

    @Option(help: "The unit of --value: year, month, week, day, hour, minute or second.")
    var unit: DateUnit?

    @Flag(help: "Always say the number (il y a un jour), never ICU's words (hier).")
    var numeric = false

    func validate() throws {
        if (count == nil) != (unit == nil) {
            throw ValidationError("--value and --unit go together: give both, e.g. --value=-1 --unit day.")
        }
        if count != nil && value != nil {
            throw ValidationError("Give either VALUE (\"-1 day\") or --value and --unit, not both.")
        }
    }

    func run() throws {
        if let count, let unit {
            try convertEachValue("\(count) \(unit.rawValue)", options: options, kind: "relative", requiring: { _ = try $0.dates }) { spoken, _ in
                try spoken.relative(count, unit: unit, numeric: numeric)
            }
            return
        }
        try convertEachValue(value, options: options, kind: "relative", requiring: { _ = try $0.dates }) { spoken, input in
            try spoken.dates.relative(input, numeric: numeric)
        }
    }
}
