import ArgumentParser

struct DateTimeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "datetime", abstract: "Spell a datetime (not available yet).")
    @Argument var value: String?
    @Option(name: .shortAndLong) var locale: String?
    func run() throws { throw notAvailable("spokenform datetime") }
}
