import Foundation
import Testing

/// `spokenform lint CATALOG`: the misreading rules, and `--no-misreadings`.
@Suite struct CatalogMisreadingCLITests {
    @Test func unitsWithoutANumberAndCodesAreReportedPerLanguage() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("spokenform-misreadings-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("fr.lproj/Localizable.strings")
        try FileManager.default.createDirectory(at: input.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("\"speed\" = \"Vitesse (km/h)\";\n\"zip\" = \"Code postal : 75008\";\n\"share\" = \"Partager\";\n".utf8).write(to: input)

        let result = try CLI.run(["lint", input.path])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("\"speed\" [fr]: warning unit-without-number 9-13: 'km/h' has no number") == true)
        #expect(lines.first?.hasSuffix("(suggestion: kilomètres par heure)") == true)
        #expect(lines.last?.hasPrefix("\"zip\" [fr]: warning code-read-as-number 14-19:") == true)
        #expect(lines.last?.hasSuffix("(suggestion: sept cinq zéro zéro huit)") == true)

        let off = try CLI.run(["lint", input.path, "--no-misreadings"])
        #expect(off.status == 0)
        #expect(off.stdout.isEmpty)
    }
}
