import Foundation
import Testing

@Suite struct CatalogCLITests {
    private func example(_ name: String, file: String = #filePath) -> URL {
        URL(fileURLWithPath: file).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/Catalog").appendingPathComponent(name)
    }

    @Test func exampleConvertsToItsCompanion() throws {
        let directory = try CLIFiles.temporaryDirectory("catalog")
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("LocalizableSpoken.xcstrings")
        let report = directory.appendingPathComponent("report.json")
        let result = try CLI.run(["catalog", example("Localizable.xcstrings").path, "-o", output.path, "--report", report.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Data(contentsOf: output) == Data(contentsOf: example("LocalizableSpoken.xcstrings")))
        #expect(result.stderr.contains("12 key(s), xcstrings; 34 value(s) converted"))
        #expect(result.stderr.contains("not supported, copied unchanged: ja"))
        #expect(result.stderr.contains("kept as it was: \"Discount\" [fr]"))
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any]
        #expect(json?["unsupportedLanguages"] as? [String] == ["ja"])
        #expect((json?["kept"] as? [[String: Any]])?.first?["key"] as? String == "Discount")
    }

    @Test func unconvertedRunIsByteIdentical() throws {
        let directory = try CLIFiles.temporaryDirectory("catalog")
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out.xcstrings")
        // Only a language the file lacks: the input byte for byte.
        let result = try CLI.run(["catalog", example("Localizable.xcstrings").path, "--languages", "it", "-o", output.path])
        #expect(result.status == 0)
        #expect(try Data(contentsOf: output) == Data(contentsOf: example("Localizable.xcstrings")))
        #expect(result.stderr.contains("not in the file: it"))
    }

    @Test func malformedCatalogWritesNothing() throws {
        let directory = try CLIFiles.temporaryDirectory("catalog")
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("bad.xcstrings")
        try Data("{\"strings\" : {\"a\" : {}, \"a\" : {}}}".utf8).write(to: input)
        let output = directory.appendingPathComponent("out.xcstrings")
        let result = try CLI.run(["catalog", input.path, "-o", output.path])
        #expect(result.status == 65)
        #expect(result.stderr.contains("duplicate key \"a\" in \"strings\" at line 1 (byte 24)"))
        #expect(!FileManager.default.fileExists(atPath: output.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["bad.xcstrings"])
        // An existing -o file stays as it was.
        try Data("keep".utf8).write(to: output)
        #expect(try CLI.run(["catalog", input.path, "-o", output.path]).status == 65)
        #expect(try Data(contentsOf: output) == Data("keep".utf8))
    }

    @Test func writingOverTheInputNeedsInPlace() throws {
        let directory = try CLIFiles.temporaryDirectory("catalog")
        defer { try? FileManager.default.removeItem(at: directory) }
        let lproj = directory.appendingPathComponent("fr.lproj")
        try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
        let input = lproj.appendingPathComponent("Localizable.strings")
        // UTF-16LE with a BOM, as genstrings writes; the language comes from fr.lproj.
        let text = "/* Opening */\n\"open\" = \"Ouvert jusqu'à 17h30\";\n"
        try Data([0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }).write(to: input)
        let refused = try CLI.run(["catalog", input.path, "-o", input.path])
        #expect(refused.status == 4)
        #expect(refused.stderr.contains("refusing to write over the input"))
        let result = try CLI.run(["catalog", input.path, "--in-place", "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let expected = "/* Opening */\n\"open\" = \"Ouvert jusqu'à dix-sept heures trente\";\n"
        #expect(try Data(contentsOf: input) == Data([0xFF, 0xFE] + expected.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }))
    }

    @Test func stringsWithoutALanguageAskForOne() throws {
        let directory = try CLIFiles.temporaryDirectory("catalog")
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("Localizable.strings")
        try Data("\"open\" = \"Ouvert à 17h30\";\n".utf8).write(to: input)
        let result = try CLI.run(["catalog", input.path])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--locale"))
        let spoken = try CLI.run(["catalog", input.path, "--locale", "fr", "--quiet"])
        #expect(spoken.stdout == "\"open\" = \"Ouvert à dix-sept heures trente\";\n")
        #expect(try CLI.run(["catalog", input.path, "--locale", "fr", "--state", "done"]).status == 64)
        #expect(try CLI.run(["catalog", input.path, "--locale", "fr", "--kinds", "dates"]).status == 64)
    }
}
