import ArgumentParser

struct DurationCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "duration", abstract: "Spell a duration (not available yet).")
    @Argument var value: String?
    @Option(name: .shortAndLong) var locale: String?
    func run() throws { throw notAvailable("spokenform duration") }
}
