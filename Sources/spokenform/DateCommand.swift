import ArgumentParser

struct DateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "date", abstract: "Spell a date (not available yet).")
    @Argument var value: String?
    @Option(name: .shortAndLong) var locale: String?
    func run() throws { throw notAvailable("spokenform date") }
}
