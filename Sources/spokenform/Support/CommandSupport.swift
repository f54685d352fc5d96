import ArgumentParser
import Foundation
import SpokenForm

/// Exit codes of every subcommand (also listed in `spokenform --help` and README.md).
enum ExitCodes {
    /// At least one input could not be converted (the rest were).
    static let invalidInput: Int32 = 1
    /// The locale is malformed or not supported for this capability.
    static let unsupportedLocale: Int32 = 2
    /// A locale data file is malformed.
    static let badLocaleData: Int32 = 3
    /// A file could not be read or written.
    static let ioError: Int32 = 4
    /// The capability is not built yet.
    static let notAvailable: Int32 = 5
    /// Bad command-line usage (ArgumentParser's own code).
    static let usage: Int32 = 64

    static let summary = "0 success, 1 an input could not be converted, 2 unsupported or malformed locale, 3 malformed locale data, 4 file error, 5 not available yet, 64 usage error."

    static func code(for error: SpokenFormError) -> Int32 {
        switch error {
        case .invalidInput, .invalidOption, .icuFailure: return invalidInput
        case .invalidLocale, .unsupportedLocale: return unsupportedLocale
        case .malformedLocaleData: return badLocaleData
        case .notAvailable: return notAvailable
        }
    }
}

/// Writes one line to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data(("spokenform: " + message + "\n").utf8))
}

/// Reports a SpokenForm error and leaves with its documented exit code.
func fail(_ error: Error) -> ExitCode {
    if let error = error as? SpokenFormError {
        printError(error.description)
        return ExitCode(ExitCodes.code(for: error))
    }
    printError("\(error)")
    return ExitCode(ExitCodes.ioError)
}

/// Output format shared by the single-value commands.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case text, json, ssml, html
}

/// `--locale` and `--format`, shared by the single-value commands.
struct LocaleOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: ArgumentHelp("Locale as a BCP 47 tag.", valueName: "fr-FR"))
    var locale: String

    @Option(name: .long, help: "Output: text (one line per value) or json (one object per line).")
    var format: OutputFormat = .text

    @Option(name: .customLong("number-spelling"), help: "French compound numbers: traditional (vingt et un) or reform (vingt-et-un).")
    var numberSpelling: NumberSpelling = .traditional

    func makeSpokenForm() throws -> SpokenForm {
        try SpokenForm.shared(locale: locale, options: .init(numberSpelling: numberSpelling))
    }
}

extension NumberSpelling: ExpressibleByArgument {}
extension Gender: ExpressibleByArgument {}

/// One line of `--format json` output.
struct JSONLine: Encodable {
    var input: String
    var locale: String
    var kind: String
    var text: String?
    var error: String?
    var details: [String: String]?
}

let jsonEncoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
}()

/// Runs `convert` on VALUE, or on each line of standard input when VALUE is absent,
/// printing one result per line. A line that fails is reported on stderr (and as an
/// empty line, or a json object with "error", so output stays aligned with input);
/// the command then exits with code 1 after the last line.
func convertEachValue(
    _ value: String?, options: LocaleOptions, kind: String,
    _ convert: (SpokenForm, String) throws -> String
) throws {
    let spoken: SpokenForm
    // Every command that reads values speaks numbers: an unsupported locale fails here, before any input.
    do { spoken = try options.makeSpokenForm(); _ = try spoken.numbers } catch { throw fail(error) }

    func emit(_ input: String) -> Bool {
        do {
            let text = try convert(spoken, input)
            switch options.format {
            case .json:
                let line = JSONLine(input: input, locale: spoken.locale.bcp47, kind: kind, text: text)
                print(String(decoding: try jsonEncoder.encode(line), as: UTF8.self))
            default:
                print(text)
            }
            return true
        } catch let error as SpokenFormError {
            printError(error.description)
            if options.format == .json {
                let line = JSONLine(input: input, locale: spoken.locale.bcp47, kind: kind, error: error.description)
                print(String(decoding: (try? jsonEncoder.encode(line)) ?? Data(), as: UTF8.self))
            } else if value == nil {
                print("")
            }
            return false
        } catch {
            printError("\(error)")
            return false
        }
    }

    if let value {
        guard emit(value) else { throw ExitCode(ExitCodes.invalidInput) }
        return
    }
    var failures = 0
    while let line = readLine(strippingNewline: true) {
        if !emit(line) { failures += 1 }
    }
    if failures > 0 {
        printError("\(failures) line(s) could not be converted.")
        throw ExitCode(ExitCodes.invalidInput)
    }
}

/// A subcommand that exists in the interface but whose capability is not built yet.
func notAvailable(_ what: String) -> ExitCode {
    fail(SpokenFormError.notAvailable(what))
}
