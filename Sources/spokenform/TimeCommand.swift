import ArgumentParser

struct TimeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "time", abstract: "Spell a time (not available yet).")
    @Argument var value: String?
    @Option(name: .shortAndLong) var locale: String?
    func run() throws { throw notAvailable("spokenform time") }
}
