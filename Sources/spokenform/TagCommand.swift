import ArgumentParser

struct TagCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "tag", abstract: "tag (not available yet).")
    @Argument var value: String?
    @Option(name: .shortAndLong) var locale: String?
    func run() throws { throw notAvailable("spokenform tag") }
}
