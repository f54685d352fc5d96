import ArgumentParser
import SpokenForm

struct LocalesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "locales",
        abstract: "List the supported locales, per capability."
    )

    @Option(help: "Output: text or json.")
    var format: OutputFormat = .text

    func validate() throws {
        try OutputFormat.check(format, among: [.text, .json], command: "locales")
    }

    func run() throws {
        let support = SupportedLocales.all()
        let output = StandardOutput()
        switch format {
        case .json:
            try output.line(try jsonLine(support))
        default:
            for (capability, entry) in support.sorted(by: { $0.key < $1.key }) {
                try output.line("\(capability) (\(entry.note)):")
                try output.line("  " + entry.languages.joined(separator: " "))
            }
        }
        try output.finish()
    }
}
