import ArgumentParser
import Foundation
import SpokenForm
import SpokenFormCatalog

extension LintCommand {
    /// `spokenform lint CATALOG`: every value of the catalog through `CatalogLinter`,
    /// one line per issue on stdout, exit 1 when any is an error.
    func lintCatalog(at path: String) throws {
        let bytes: [UInt8]
        do { bytes = try CatalogFile.read(path).bytes } catch { throw ioFailure("\(error)") }
        let catalog: Catalog
        do { catalog = try CatalogCommand.read(bytes, path: path, locale: locale) } catch let error as CatalogError {
            printError("\(path): \(error.description)")
            throw ExitCode(CatalogCommand.malformedCatalog)
        }
        let names = languages.flatMap { $0.split(separator: ",") }.map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
        let options = CatalogLintOptions(languages: names.isEmpty ? nil : names,
                                         labelOptions: LabelLinter.Options(maxLabelWords: maxLabelWords),
                                         spokenFormOptions: SpokenForm.Options(dataDirectories: try data.urls()),
                                         misreadings: misreadings)
        let lint: CatalogLint
        do { lint = try CatalogLinter.lint(catalog, options: options) } catch { throw fail(error) }

        if !lint.unsupportedLanguages.isEmpty {
            printError("not linted, no label linter for: \(lint.unsupportedLanguages.joined(separator: ", ")).")
        }
        if !lint.missingLanguages.isEmpty { printError("not in the file: \(lint.missingLanguages.joined(separator: ", ")).") }

        var out = ""
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        for found in lint.issues {
            switch format {
            case .json:
                out += try jsonLine(CatalogLintJSONLine(found), encoder: encoder) + "\n"
            default:
                let issue = found.issue
                out += "\(found.location): \(issue.severity.rawValue) \(issue.rule) \(issue.start16)-\(issue.end16): \(issue.message)"
                    + (issue.suggestion.map { " (suggestion: \($0))" } ?? "") + "\n"
            }
        }
        do { try FileHandle.standardOutput.write(contentsOf: Data(out.utf8)) } catch {
            throw ioFailure("cannot write to standard output: \(error.localizedDescription).")
        }
        let errors = lint.errorCount
        printError("\(lint.valuesLinted) value(s) linted, \(lint.issues.count) issue(s), \(errors) error-level.")
        if errors > 0 { throw ExitCode(ExitCodes.invalidInput) }
    }
}

/// One line of `lint CATALOG --format json`: every key of one issue, `suggestion` null
/// when there is none.
struct CatalogLintJSONLine: Encodable {
    let found: CatalogLintIssue

    init(_ found: CatalogLintIssue) { self.found = found }

    private enum CodingKeys: String, CodingKey { case key, language, path, rule, severity, start16, end16, message, suggestion }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(found.key, forKey: .key)
        try container.encode(found.language, forKey: .language)
        try container.encode(found.path, forKey: .path)
        try container.encode(found.issue.rule, forKey: .rule)
        try container.encode(found.issue.severity.rawValue, forKey: .severity)
        try container.encode(found.issue.start16, forKey: .start16)
        try container.encode(found.issue.end16, forKey: .end16)
        try container.encode(found.issue.message, forKey: .message)
        try container.encode(found.issue.suggestion, forKey: .suggestion)
    }
}
