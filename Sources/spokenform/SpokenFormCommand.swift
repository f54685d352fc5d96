import ArgumentParser

@main
struct SpokenFormCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spokenform",
        abstract: "Turn what an app displays into what a screen reader should say.",
        discussion: """
        Examples:
          spokenform number "54 038 921,7" --locale fr-FR
          spokenform ordinal 1 --gender feminine --locale fr
          echo 2015 | spokenform year --locale en-US

        Exit codes: \(ExitCodes.summary)
        """,
        version: spokenformVersion,
        subcommands: [
            NumberCommand.self, OrdinalCommand.self, YearCommand.self, DigitsCommand.self, PercentCommand.self,
            DateCommand.self, TimeCommand.self, DateTimeCommand.self, DurationCommand.self, RelativeCommand.self,
            PhoneCommand.self, ExpandCommand.self, TagCommand.self, TextCommand.self, CSVCommand.self, CatalogCommand.self, LocalesCommand.self,
        ]
    )
}

/// The release this binary belongs to (`spokenform --version`); raised with each release.
let spokenformVersion = "0.1.0"
