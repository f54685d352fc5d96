import Foundation
import Testing

/// `spokenform lint CATALOG`: every value of a catalog through the label linter.
@Suite struct CatalogLintCLITests {
    /// Two languages that have a label linter (fr, en) and one that has not (ja); keys
    /// deliberately not in alphabetical order.
    private static let catalog = """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "Send" : {
          "localizations" : {
            "en" : { "stringUnit" : { "state" : "translated", "value" : "Send" } },
            "fr" : { "stringUnit" : { "state" : "translated", "value" : "Bouton envoyer" } },
            "ja" : { "stringUnit" : { "state" : "translated", "value" : "送信ボタン" } }
          }
        },
        "Call" : {
          "localizations" : {
            "fr" : { "stringUnit" : { "state" : "translated", "value" : "Appeler le 06.11.22.33.06" } }
          }
        },
        "Items" : {
          "localizations" : {
            "fr" : { "variations" : { "plural" : {
              "one" : { "stringUnit" : { "state" : "translated", "value" : "Envoyer." } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "Envoyer" } }
            } } }
          }
        },
        "Share" : {
          "localizations" : {
            "en" : { "stringUnit" : { "state" : "translated", "value" : "Share" } },
            "fr" : { "stringUnit" : { "state" : "translated", "value" : "Partager" } },
            "ja" : { "stringUnit" : { "state" : "translated", "value" : "共有" } }
          }
        }
      }
    }
    """

    private func write(_ text: String, name: String = "Localizable.xcstrings") throws -> (directory: URL, file: URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("spokenform-lint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return (directory, file)
    }

    @Test func textOutputOneLinePerIssueInFileKeyOrder() throws {
        let (directory, file) = try write(Self.catalog)
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try CLI.run(["lint", file.path])
        #expect(result.status == 1, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("\"Send\" [fr]: error label-type-word 0-6: "))
        #expect(lines[0].hasSuffix("(suggestion: Envoyer)"))
        #expect(lines[1].hasPrefix("\"Call\" [fr]: warning misread-number 11-25: "))
        #expect(lines[2].hasPrefix("\"Items\" [fr] plural > one: warning label-final-period 7-8: "))
        #expect(result.stderr.contains("not linted, no label linter for: ja."))
        #expect(result.stderr.components(separatedBy: "ja").count == 2, "ja named once: \(result.stderr)")
    }

    @Test func jsonOutputHasEveryField() throws {
        let (directory, file) = try write(Self.catalog)
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try CLI.run(["lint", file.path, "--format", "json"])
        #expect(result.status == 1)
        let objects = try result.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(objects.map { $0["key"] as? String } == ["Send", "Call", "Items"])
        let first = try #require(objects.first)
        #expect(first["language"] as? String == "fr")
        #expect(first["path"] as? [String] == [])
        #expect(first["rule"] as? String == "label-type-word")
        #expect(first["severity"] as? String == "error")
        #expect(first["start16"] as? Int == 0 && first["end16"] as? Int == 6)
        #expect(first["suggestion"] as? String == "Envoyer")
        #expect(first["message"] is String)
        #expect(objects[2]["path"] as? [String] == ["plural", "one"])
        #expect(objects[1]["severity"] as? String == "warning")
    }

    @Test func warningsAloneExitZero() throws {
        let (directory, file) = try write(Self.catalog)
        defer { try? FileManager.default.removeItem(at: directory) }
        // en has no issue at all; ja alone is reported, not failed.
        let english = try CLI.run(["lint", file.path, "--languages", "en"])
        #expect(english.status == 0, "\(english.stderr)")
        #expect(english.stdout.isEmpty)
        let japanese = try CLI.run(["lint", file.path, "--languages", "ja", "--format", "json"])
        #expect(japanese.status == 0)
        #expect(japanese.stdout.isEmpty)
        #expect(japanese.stderr.contains("no label linter for: ja"))
        // Without the "Bouton envoyer" key only warnings remain.
        let warningsOnly = Self.catalog.replacingOccurrences(of: "Bouton envoyer", with: "Envoyer")
        let (other, otherFile) = try write(warningsOnly)
        defer { try? FileManager.default.removeItem(at: other) }
        let warned = try CLI.run(["lint", otherFile.path])
        #expect(warned.status == 0)
        #expect(warned.stdout.split(separator: "\n").count == 2)
    }

    @Test func stringsFileAndMalformedCatalog() throws {
        let (directory, _) = try write(Self.catalog)
        defer { try? FileManager.default.removeItem(at: directory) }
        let lproj = directory.appendingPathComponent("fr.lproj")
        try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
        let strings = lproj.appendingPathComponent("Localizable.strings")
        try Data("\"send\" = \"Bouton envoyer\";\n\"share\" = \"Partager\";\n".utf8).write(to: strings)
        let result = try CLI.run(["lint", strings.path])
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("\"send\" [fr]: error label-type-word 0-6"))
        let bad = directory.appendingPathComponent("bad.xcstrings")
        try Data("{\"strings\" : {\"a\" : {}, \"a\" : {}}}".utf8).write(to: bad)
        #expect(try CLI.run(["lint", bad.path]).status == 65)
    }

    @Test func standardInputUnchanged() throws {
        let result = try CLI.run(["lint", "--locale", "fr-FR"], stdin: "{\"label\": \"Partager\"}\n{\"label\": \"Bouton envoyer\", \"traits\": [\"button\"]}\n")
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("ok\nerror label-type-word label 0-6: "))
        let missing = try CLI.run(["lint"], stdin: "{\"label\": \"Partager\"}\n")
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("--locale"))
    }
}
