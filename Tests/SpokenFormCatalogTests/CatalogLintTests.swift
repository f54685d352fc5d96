import SpokenForm
import Testing
@testable import SpokenFormCatalog

/// `CatalogLinter` on `Fixtures/lint.xcstrings` (en, fr, and ja, which has no label linter)
/// and `Fixtures/lint-fr.strings`.
@Suite struct CatalogLintTests {
    private func summary(_ lint: CatalogLint) -> [String] {
        lint.issues.map { "\($0.location) \($0.issue.rule) \($0.issue.start16)-\($0.issue.end16)" }
    }

    @Test func everyLanguageLintedInItsOwnLocaleInFileKeyOrder() throws {
        let lint = try CatalogLinter.lint(try Catalog(bytes: Fixture.bytes("lint.xcstrings")))
        // The file's key order (Send, Call, Delete, Sent, Share), not alphabetical order.
        #expect(summary(lint) == [
            "\"Send\" [en] label-type-word 5-11",            // "Send button"
            "\"Send\" [fr] label-type-word 0-6",             // "Bouton envoyer"
            "\"Call\" [fr] misread-number 11-25",            // "Appeler le 06.11.22.33.06"
            "\"Delete\" [fr] device > mac label-type-word 0-6", // "Bouton supprimer"
            "\"Sent\" [en] label-final-period 4-5",          // "Sent."
            "\"Sent\" [fr] label-final-period 7-8",          // "Envoyer."
        ])
        let bouton = try #require(lint.issues.first { $0.key == "Send" && $0.language == "fr" })
        #expect(bouton.issue.severity == .error)
        #expect(bouton.issue.suggestion == "Envoyer")
        #expect(bouton.path.isEmpty)
        #expect(lint.issues.first { $0.key == "Delete" }?.path == ["device", "mac"])
        // "Partager", "Share", "Call", "Supprimer": nothing to say.
        #expect(!lint.issues.contains { $0.key == "Share" })
        #expect(lint.errorCount == 3)
        // Everything but ja: 2 + 2 + 2 + 2 + 2 values.
        #expect(lint.valuesLinted == 10)
        #expect(lint.unsupportedLanguages == ["ja"])
        #expect(lint.missingLanguages.isEmpty)
    }

    @Test func languagesOptionLintsOnlyThose() throws {
        let catalog = try Catalog(bytes: Fixture.bytes("lint.xcstrings"))
        let lint = try CatalogLinter.lint(catalog, options: CatalogLintOptions(languages: ["EN", "it"]))
        #expect(lint.issues.map(\.language) == ["en", "en"])
        #expect(lint.valuesLinted == 4)
        #expect(lint.missingLanguages == ["it"])
        #expect(lint.unsupportedLanguages.isEmpty)
        let onlyUnsupported = try CatalogLinter.lint(catalog, options: CatalogLintOptions(languages: ["ja"]))
        #expect(onlyUnsupported.issues.isEmpty && onlyUnsupported.valuesLinted == 0)
        #expect(onlyUnsupported.unsupportedLanguages == ["ja"])
    }

    @Test func stringsFileInItsFolderLanguage() throws {
        let lint = try CatalogLinter.lint(try Catalog(bytes: Fixture.bytes("lint-fr.strings"), language: "fr"))
        #expect(summary(lint) == ["\"Send\" [fr] label-type-word 0-6"])
        #expect(lint.valuesLinted == 2)
    }

    @Test func labelOptionsApply() throws {
        // "Appeler le 06.11.22.33.06" has at least three words: above a limit of two.
        let lint = try CatalogLinter.lint(try Catalog(bytes: Fixture.bytes("lint.xcstrings")),
                                          options: CatalogLintOptions(languages: ["fr"], labelOptions: .init(maxLabelWords: 2)))
        #expect(lint.issues.contains { $0.key == "Call" && $0.issue.rule == "label-too-long" })
    }
}
