import ArgumentParser

struct CSVCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "csv", abstract: "csv (not available yet).")
    @Argument var value: String?
    @Option(name: .shortAndLong) var locale: String?
    func run() throws { throw notAvailable("spokenform csv") }
}
