import ArgumentParser

struct PhoneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "phone", abstract: "phone (not available yet).")
    @Argument var value: String?
    @Option(name: .shortAndLong) var locale: String?
    func run() throws { throw notAvailable("spokenform phone") }
}
