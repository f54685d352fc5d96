import Foundation
import Testing

/// `spokenform catalog --tag` and `--format ssml` end to end.
@Suite struct CatalogSSMLCLITests {
    private static let spanish = """
    "settings.title" = "Ajustes";
    "download" = "Download the latest version";
    "count" = "Tienes %d mensajes & 3 avisos";

    """

    private func spanishFile() throws -> (directory: URL, input: URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("spokenform-ssml-\(UUID().uuidString)")
        let input = directory.appendingPathComponent("es.lproj/Localizable.strings")
        try FileManager.default.createDirectory(at: input.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(Self.spanish.utf8).write(to: input)
        return (directory, input)
    }

    @Test func tagMarksUntranslatedEnglishInSSMLAndListsItInThePlainReport() throws {
        let (directory, input) = try spanishFile()
        defer { try? FileManager.default.removeItem(at: directory) }
        let ssml = try CLI.run(["catalog", input.path, "--tag", "--format", "ssml"])
        #expect(ssml.status == 0, "\(ssml.stderr)")
        #expect(ssml.stdout == """
        "settings.title" = "Ajustes";
        "download" = "<lang xml:lang=\\"en\\">Download the latest version</lang>";
        "count" = "Tienes %d mensajes &amp; <sub alias=\\"tres\\">3</sub> avisos";

        """)

        let report = directory.appendingPathComponent("report.json")
        let plain = try CLI.run(["catalog", input.path, "--tag", "--report", report.path])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout == Self.spanish.replacingOccurrences(of: "& 3 avisos", with: "& tres avisos"))
        #expect(plain.stderr.contains(#"foreign span: "download" [es]: en "Download the latest version"."#))
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any]
        let spans = json?["foreignSpans"] as? [[String: Any]]
        #expect(spans?.count == 1)
        #expect(spans?.first?["spanLanguage"] as? String == "en")
        #expect(spans?.first?["text"] as? String == "Download the latest version")
        #expect(json?["output"] as? String == "text")
    }

    @Test func anUnknownFormatIsAUsageError() throws {
        let (directory, input) = try spanishFile()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try CLI.run(["catalog", input.path, "--format", "html"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--format must be text or ssml, not 'html'"))
    }
}
