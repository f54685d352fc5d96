import Foundation
import Testing

/// `spokenform catalog` and `lint` on Android `strings.xml` and gettext `.po` files.
@Suite struct CatalogFormatsCLITests {
    private static let android = """
    <?xml version="1.0" encoding="utf-8"?>
    <resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">
        <!-- Opening hours. -->
        <string name="open">Ouvert jusqu\\'à 17h30</string>
        <string name="next">Prochain train à <xliff:g id="t" example="17h30">%1$s</xliff:g>, voie <b>3</b></string>
        <plurals name="seats">
            <item quantity="one">%d place avant 17h30</item>
            <item quantity="other">%d places avant 17h30</item>
        </plurals>
    </resources>

    """

    private static let po = """
    msgid ""
    msgstr ""
    "Language: fr\\n"
    "Plural-Forms: nplurals=2; plural=(n > 1);\\n"

    #: src/home.c:12
    msgid "Open until 5:30 PM"
    msgstr "Ouvert jusqu'à 17h30"

    #, fuzzy
    msgid "Closed at 6 PM"
    msgstr "Fermé à 18h00"

    """

    @Test func androidValuesFolderConvertsAtomicallyToOutput() throws {
        let directory = try CLIFiles.temporaryDirectory("formats")
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("res/values-fr/strings.xml")
        try CLIFiles.write(Self.android, to: input)
        let output = directory.appendingPathComponent("spoken/strings.xml")
        try FileManager.default.createDirectory(at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
        let result = try CLI.run(["catalog", input.path, "-o", output.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("3 key(s), android; 4 value(s) converted"))
        let expected = Self.android
            .replacingOccurrences(of: "jusqu\\'à 17h30", with: "jusqu\\'à dix-sept heures trente")
            .replacingOccurrences(of: "<b>3</b>", with: "<b>trois</b>")
            .replacingOccurrences(of: "avant 17h30", with: "avant dix-sept heures trente")
        #expect(String(decoding: try Data(contentsOf: output), as: UTF8.self) == expected)
        // No temporary file is left beside the output, and the input is as it was.
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.deletingLastPathComponent().path) == ["strings.xml"])
        #expect(String(decoding: try Data(contentsOf: input), as: UTF8.self) == Self.android)
    }

    @Test func androidDefaultValuesNeedALocale() throws {
        let directory = try CLIFiles.temporaryDirectory("formats")
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("res/values/strings.xml")
        try CLIFiles.write(Self.android, to: input)
        let refused = try CLI.run(["catalog", input.path])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("values folder without a language"))
        #expect(refused.stderr.contains("--locale"))
        let spoken = try CLI.run(["catalog", input.path, "--locale", "fr", "--quiet"])
        #expect(spoken.status == 0)
        #expect(spoken.stdout.contains("Ouvert jusqu\\'à dix-sept heures trente"))
        // A run converting nothing is the input byte for byte.
        let none = try CLI.run(["catalog", input.path, "--locale", "fr", "--languages", "de", "--quiet"])
        #expect(none.stdout == Self.android)
    }

    @Test func poConvertsInPlaceWithItsHeaderLanguage() throws {
        let directory = try CLIFiles.temporaryDirectory("formats")
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("po/messages.po")
        try CLIFiles.write(Self.po, to: input)
        let result = try CLI.run(["catalog", input.path, "--in-place"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("1 fuzzy entry left alone"))
        let expected = Self.po.replacingOccurrences(of: "msgstr \"Ouvert jusqu'à 17h30\"", with: "msgstr \"Ouvert jusqu'à dix-sept heures trente\"")
        #expect(String(decoding: try Data(contentsOf: input), as: UTF8.self) == expected)
        #expect(try FileManager.default.contentsOfDirectory(atPath: input.deletingLastPathComponent().path) == ["messages.po"])
    }

    @Test func poLanguageFromItsNameAndLocaleWins() throws {
        let directory = try CLIFiles.temporaryDirectory("formats")
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("de.po")
        try CLIFiles.write("msgid \"Open until 5:30 PM\"\nmsgstr \"Geöffnet bis 17:30 Uhr\"\n", to: input)
        let german = try CLI.run(["catalog", input.path, "--quiet"])
        #expect(german.stdout == "msgid \"Open until 5:30 PM\"\nmsgstr \"Geöffnet bis siebzehn Uhr dreißig\"\n")
        let named = try CLI.run(["catalog", input.path, "--locale", "de-AT"])
        #expect(named.stderr.contains("de-AT: 1 value(s)"))
        let unnamed = directory.appendingPathComponent("messages.po")
        try CLIFiles.write("msgid \"a\"\nmsgstr \"b 5\"\n", to: unnamed)
        let refused = try CLI.run(["catalog", unnamed.path])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("without a Language: header"))
    }

    @Test func malformedFilesWriteNothing() throws {
        let directory = try CLIFiles.temporaryDirectory("formats")
        defer { try? FileManager.default.removeItem(at: directory) }
        let xml = directory.appendingPathComponent("values-fr/strings.xml")
        try CLIFiles.write("<resources>\n<string name=\"a\">Ouvert <b>jusqu\\'à 17h30</string>\n</resources>\n", to: xml)
        let output = directory.appendingPathComponent("out.xml")
        try Data("keep".utf8).write(to: output)
        let result = try CLI.run(["catalog", xml.path, "-o", output.path])
        #expect(result.status == 65)
        #expect(result.stderr.contains("line 2: in <string> \"a\": </string> closes <b>: expected </b>"))
        #expect(try Data(contentsOf: output) == Data("keep".utf8))
        let po = directory.appendingPathComponent("fr.po")
        try CLIFiles.write("msgid \"a\"\nmsgstr \"b\"\n\nmsgid \"a\"\nmsgstr \"c\"\n", to: po)
        let duplicate = try CLI.run(["catalog", po.path, "-o", output.path])
        #expect(duplicate.status == 65)
        #expect(duplicate.stderr.contains("duplicate key \"a\""))
        #expect(duplicate.stderr.contains("line 4"))
        #expect(try Data(contentsOf: output) == Data("keep".utf8))
    }

    @Test func lintReadsBothFormatsValueByValue() throws {
        let directory = try CLIFiles.temporaryDirectory("formats")
        defer { try? FileManager.default.removeItem(at: directory) }
        let xml = directory.appendingPathComponent("values-fr/strings.xml")
        try CLIFiles.write("<resources>\n<string name=\"send\">Bouton envoyer</string>\n<string name=\"share\">Partager</string>\n</resources>\n", to: xml)
        let android = try CLI.run(["lint", xml.path])
        #expect(android.status == 1)
        #expect(android.stdout.contains("\"send\" [fr]: error label-type-word"))
        #expect(!android.stdout.contains("\"share\""))
        let po = directory.appendingPathComponent("fr.po")
        try CLIFiles.write("msgid \"Send\"\nmsgstr \"Bouton envoyer\"\n", to: po)
        let gettext = try CLI.run(["lint", po.path])
        #expect(gettext.status == 1)
        #expect(gettext.stdout.contains("\"Send\" [fr]: error label-type-word"))
    }
}
