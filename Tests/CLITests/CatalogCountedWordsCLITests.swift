import Foundation
import Testing

/// `spokenform catalog` and units next to placeholders: `values-fr/strings.xml`'s
/// `<string name="x">%1$d m</string>` becomes a `<plurals>` ("%1$d mètre" / "%1$d mètres"),
/// and the same in `.xcstrings` and `.stringsdict`; `--counted-words other` and `written`.
@Suite struct CatalogCountedWordsCLITests {
    private static let android = """
    <?xml version="1.0" encoding="utf-8"?>
    <resources>
        <string name="x">%1$d m</string>
        <string name="speed">Vitesse (km/h)</string>
    </resources>

    """

    @Test func androidStringBecomesPlurals() throws {
        let directory = try CLIFiles.temporaryDirectory("counted")
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("res/values-fr/strings.xml")
        try CLIFiles.write(Self.android, to: input)
        let report = directory.appendingPathComponent("report.json")
        let result = try CLI.run(["catalog", input.path, "--report", report.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
        <?xml version="1.0" encoding="utf-8"?>
        <resources>
            <plurals name="x">
                <item quantity="one">%1$d mètre</item>
                <item quantity="many">%1$d mètres</item>
                <item quantity="other">%1$d mètres</item>
            </plurals>
            <string name="speed">Vitesse (kilomètres par heure)</string>
        </resources>

        """)
        #expect(result.stderr.contains("1 <string> became <plurals> (read them with getQuantityString)"))
        #expect(result.stderr.contains("plural forms: \"x\" [fr]: <plurals> (getQuantityString), one, many, other."))
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any]
        let plural = (json?["pluralValues"] as? [[String: Any]])?.first
        #expect(plural?["written"] as? String == "plurals")
        #expect(plural?["categories"] as? [String] == ["one", "many", "other"])
        #expect(json?["countedWords"] as? Int == 1)
        #expect(json?["unitNames"] as? Int == 1)
    }

    @Test func otherFormAndWrittenKeepEveryString() throws {
        let directory = try CLIFiles.temporaryDirectory("counted")
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("values-fr/strings.xml")
        try CLIFiles.write(Self.android, to: input)
        let other = try CLI.run(["catalog", input.path, "--counted-words", "other", "--quiet"])
        #expect(other.status == 0)
        #expect(other.stdout.contains("<string name=\"x\">%1$d mètres</string>"))
        #expect(!other.stdout.contains("<plurals"))
        let written = try CLI.run(["catalog", input.path, "--counted-words", "written", "--quiet"])
        #expect(written.stdout == Self.android)
        let wrong = try CLI.run(["catalog", input.path, "--counted-words", "plurals"])
        #expect(wrong.status == 64)
        #expect(wrong.stderr.contains("--counted-words must be plural, other or written, not 'plurals'"))
    }

    @Test func xcstringsAndStringsdictGetPluralForms() throws {
        let directory = try CLIFiles.temporaryDirectory("counted")
        defer { try? FileManager.default.removeItem(at: directory) }
        let catalog = directory.appendingPathComponent("Localizable.xcstrings")
        try CLIFiles.write("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"%lld m\" : {\n      \"localizations\" : {\n        \"fr\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"%lld m\"\n          }\n        }\n      }\n    }\n  },\n  \"version\" : \"1.0\"\n}", to: catalog)
        let output = directory.appendingPathComponent("LocalizableSpoken.xcstrings")
        let result = try CLI.run(["catalog", catalog.path, "-o", output.path])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: output)) as? [String: Any]
        let french = (((json?["strings"] as? [String: Any])?["%lld m"] as? [String: Any])?["localizations"] as? [String: Any])?["fr"] as? [String: Any]
        let plural = (french?["variations"] as? [String: Any])?["plural"] as? [String: [String: [String: String]]]
        #expect(plural?["one"]?["stringUnit"]?["value"] == "%lld mètre")
        #expect(plural?["other"]?["stringUnit"]?["value"] == "%lld mètres")

        let plist = directory.appendingPathComponent("fr.lproj/Localizable.stringsdict")
        try CLIFiles.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>x</key>\n\t<dict>\n\t\t<key>NSStringLocalizedFormatKey</key>\n\t\t<string>%1$d m</string>\n\t</dict>\n</dict>\n</plist>\n", to: plist)
        let dict = try CLI.run(["catalog", plist.path, "--quiet"])
        #expect(dict.status == 0)
        let parsed = try PropertyListSerialization.propertyList(from: Data(dict.stdout.utf8), format: nil) as? [String: [String: Any]]
        #expect(parsed?["x"]?["NSStringLocalizedFormatKey"] as? String == "%1$#@arg1@")
        #expect((parsed?["x"]?["arg1"] as? [String: String])?["one"] == "%1$d mètre")
        #expect((parsed?["x"]?["arg1"] as? [String: String])?["other"] == "%1$d mètres")
    }

    @Test func gettextSingularEntryIsReported() throws {
        let directory = try CLIFiles.temporaryDirectory("counted")
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("fr.po")
        try CLIFiles.write("msgid \"\"\nmsgstr \"\"\n\"Language: fr\\n\"\n\"Plural-Forms: nplurals=2; plural=(n > 1);\\n\"\n\n#, c-format\nmsgid \"%d min\"\nmsgstr \"%d min\"\n", to: input)
        let result = try CLI.run(["catalog", input.path])
        #expect(result.status == 0)
        #expect(result.stdout.hasSuffix("msgid \"%d min\"\nmsgstr \"%d minutes\"\n"))
        #expect(result.stderr.contains("one form: \"%d min\" [fr]: the word's form depends on the count, but an entry without msgid_plural has one msgstr"))
    }
}
