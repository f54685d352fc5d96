import ArgumentParser

struct ExpandCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "expand", abstract: "expand (not available yet).")
    @Argument var value: String?
    @Option(name: .shortAndLong) var locale: String?
    func run() throws { throw notAvailable("spokenform expand") }
}
