import ArgumentParser

struct RelativeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "relative", abstract: "Spell a relative (not available yet).")
    @Argument var value: String?
    @Option(name: .shortAndLong) var locale: String?
    func run() throws { throw notAvailable("spokenform relative") }
}
