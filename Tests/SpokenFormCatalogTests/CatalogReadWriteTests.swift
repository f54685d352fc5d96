import Foundation
import Testing
@testable import SpokenFormCatalog

@Suite struct CatalogReadWriteTests {
    static let xcstrings = ["xcode.xcstrings", "bot.xcstrings"]

    @Test(arguments: xcstrings + ["Localizable.strings", "Localizable.stringsdict"])
    func unchangedCatalogIsWrittenByteForByte(name: String) throws {
        let bytes = try Fixture.bytes(name)
        let catalog = try Catalog(bytes: bytes, language: "fr")
        #expect(catalog.writing([]) == bytes)
        // Writing every value with its own text is no change either.
        let same = catalog.values.indices.map { CatalogChange(valueIndex: $0, text: catalog.values[$0].text) }
        #expect(catalog.writing(same) == bytes)
    }

    @Test(arguments: StringsEncoding.allCases)
    func stringsFileRoundTripsInEveryEncoding(encoding: StringsEncoding) throws {
        let text = String(decoding: try Fixture.bytes("Localizable.strings"), as: UTF8.self)
        let bytes = encoded(text, as: encoding)
        let catalog = try Catalog(bytes: bytes, language: "fr")
        #expect(catalog.format == .strings(encoding))
        #expect(catalog.writing([]) == bytes)
        #expect(catalog.keys == ["opening.hours", "delivery", "say.hi", "café", "octal", "battery", "count", "version", "bare.key", "unicode"])
        // Escapes decoded: \" \\ \n, \U00E9 and the octal \351.
        #expect(value(catalog, "say.hi", "fr") == "Dites \"Salut\" \\ puis attendez 5 min\npuis encore 10 min")
        #expect(value(catalog, "café", "fr") == "Café ouvert à 8h")
        #expect(value(catalog, "octal", "fr") == "Café : 3 €")
        #expect(value(catalog, "unicode", "fr") == "Température : +5 °C 🌡")
        // An unquoted value is not text; "bare.key"; has no value.
        #expect(value(catalog, "version", "fr") == nil)
        #expect(catalog.values.count == 8)

        // A changed value keeps the file's encoding and the spelling of its untouched escapes.
        let index = catalog.values.firstIndex { $0.key == "octal" }!
        let written = catalog.writing([CatalogChange(valueIndex: index, text: "Café : trois euros")])
        let expected = text.replacingOccurrences(of: #""Caf\351 : 3 \U20AC""#, with: #""Caf\351 : trois euros""#)
        #expect(written == encoded(expected, as: encoding))
    }

    @Test(arguments: xcstrings)
    func xcstringsValuesAtEveryDepth(name: String) throws {
        let catalog = try Catalog(bytes: try Fixture.bytes(name))
        #expect(catalog.format == .xcstrings)
        #expect(catalog.sourceLanguage == "en")
        #expect(catalog.keys.count == 12)
        #expect(catalog.untranslatableKeys == 1)
        #expect(value(catalog, "%lld files selected", "fr", ["plural", "many"]) == "%lld de fichiers sélectionnés")
        #expect(value(catalog, "Delivery on %@", "fr", ["device", "ipad"]) == "Livraison le %@, de 9h à 18h")
        #expect(value(catalog, "Files", "de", ["device", "other", "plural", "one"]) == "%lld Datei (max. 2 GB)")
        #expect(value(catalog, "Storage: %#@used@ of %#@total@", "fr", ["substitutions", "total", "plural", "other"]) == "%arg Go")
        #expect(value(catalog, "Storage: %#@used@ of %#@total@", "fr") == "Stockage : %#@used@ sur %#@total@ (mis à jour à 5h30)")
        #expect(value(catalog, "Say \"Hi\"\nthen wait 5 min", "fr") == "Dites « Salut »\npuis attendez 5 min")
        #expect(catalog.values.first { $0.key == "Temperature" && $0.language == "en" }?.state == "new")
        // shouldTranslate: false is left alone.
        #expect(!catalog.values.contains { $0.key == "SpokenForm 2.0" })
        #expect(catalog.values.count == 35)
    }

    @Test func stringsdictTextLeaves() throws {
        let catalog = try Catalog(bytes: try Fixture.bytes("Localizable.stringsdict"), language: "fr")
        #expect(catalog.format == .stringsdict)
        #expect(catalog.keys == ["files.selected", "tap.to.open"])
        #expect(value(catalog, "files.selected", "fr", ["NSStringLocalizedFormatKey"]) == "%#@files@ sélectionnés avant 17h30")
        #expect(value(catalog, "files.selected", "fr", ["files", "one"]) == "%lld fichier <2 Go>")
        #expect(value(catalog, "files.selected", "fr", ["files", "other"]) == "%lld fichiers & 3 dossiers")
        #expect(value(catalog, "tap.to.open", "fr", ["device", "mac"]) == "Cliquez pour ouvrir à 9h")
        // The rule names are not text.
        #expect(!catalog.values.contains { $0.text == "NSStringPluralRuleType" || $0.text == "lld" })
        #expect(catalog.values.count == 6)
        let index = catalog.values.firstIndex { $0.path == ["files", "one"] }!
        let written = String(decoding: catalog.writing([CatalogChange(valueIndex: index, text: "%lld fichier <deux Go> & plus")]), as: UTF8.self)
        #expect(written.contains("<string>%lld fichier &lt;deux Go&gt; &amp; plus</string>"))
    }

    /// Every value changed and then changed back gives the input again: the edits are
    /// exact, in the file's escape style (bot layout: `\u00e9`; Xcode: raw UTF-8). A
    /// `.strings` file mixes spellings (`\U00E9`, `\351`, raw é), so only the end of its
    /// values changes: the untouched start keeps its spelling.
    @Test(arguments: xcstrings + ["Localizable.strings", "Localizable.stringsdict"])
    func changedThenRestoredIsTheInput(name: String) throws {
        let bytes = try Fixture.bytes(name)
        let catalog = try Catalog(bytes: bytes, language: "fr")
        let opening = name.hasSuffix(".strings") ? "" : "«"
        func changed(_ text: String) -> String { opening + text + "» \"é\"\n\\ 😀 </string>" }
        let written = catalog.writing(catalog.values.indices.map { CatalogChange(valueIndex: $0, text: changed(catalog.values[$0].text)) })
        let reread = try Catalog(bytes: written, language: "fr")
        #expect(reread.values.map(\.text) == catalog.values.map { changed($0.text) })
        #expect(skeleton(reread) == skeleton(catalog))
        let restored = reread.writing(reread.values.indices.map { CatalogChange(valueIndex: $0, text: catalog.values[$0].text) })
        #expect(restored == bytes)
    }

    /// `\U41` then "1" must not become `\U411`: new text never starts right after an
    /// escape of variable length.
    @Test func newTextDoesNotJoinAShortEscape() throws {
        let catalog = try Catalog(bytes: Array(#""k" = "\U41"; "o" = "\77"; "full" = "\101";"#.utf8), language: "fr")
        #expect(catalog.values.map(\.text) == ["A", "?", "A"])
        let written = catalog.writing([CatalogChange(valueIndex: 0, text: "A1"), CatalogChange(valueIndex: 1, text: "?7"), CatalogChange(valueIndex: 2, text: "A7")])
        #expect(try Catalog(bytes: written, language: "fr").values.map(\.text) == ["A1", "?7", "A7"])
        // A full escape (three octal digits) ends by itself and is kept.
        #expect(String(decoding: written, as: UTF8.self) == #""k" = "A1"; "o" = "?7"; "full" = "\1017";"#)
    }

    @Test func botLayoutEditsAreEscapedLikeTheFile() throws {
        let catalog = try Catalog(bytes: try Fixture.bytes("bot.xcstrings"))
        let index = catalog.values.firstIndex { $0.key == "Opening hours" && $0.language == "fr" }!
        let written = String(decoding: catalog.writing([CatalogChange(valueIndex: index, text: "Ouvert jusqu'à dix-sept heures trente, café")]), as: UTF8.self)
        #expect(written.contains(#""value": "Ouvert jusqu'\u00e0 dix-sept heures trente, caf\u00e9""#))
    }

    @Test func stateIsEditedInPlace() throws {
        let bytes = try Fixture.bytes("xcode.xcstrings")
        let catalog = try Catalog(bytes: bytes)
        let index = catalog.values.firstIndex { $0.key == "Temperature" && $0.language == "fr" }!
        let written = try Catalog(bytes: catalog.writing([CatalogChange(valueIndex: index, text: "plus cinq degrés Celsius dehors", state: "needs_review")]))
        #expect(written.values[index].state == "needs_review")
        #expect(written.values[index].text == "plus cinq degrés Celsius dehors")
        #expect(written.bytes.count == bytes.count - "+5 °C dehors".utf8.count + "plus cinq degrés Celsius dehors".utf8.count
                    - "translated".utf8.count + "needs_review".utf8.count)
    }
}
