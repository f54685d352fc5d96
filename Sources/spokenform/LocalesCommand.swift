import ArgumentParser
import SpokenForm

struct LocalesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "locales",
        abstract: "List the supported locales, per capability."
    )

    @Option(help: "Output: text or json.")
    var format: OutputFormat = .text

    func run() throws {
        let support = SupportedLocales.all()
        switch format {
        case .json:
            print(String(decoding: try jsonEncoder.encode(support), as: UTF8.self))
        default:
            for (capability, entry) in support.sorted(by: { $0.key < $1.key }) {
                print("\(capability) (\(entry.note)):")
                print("  " + entry.languages.joined(separator: " "))
            }
        }
    }
}
