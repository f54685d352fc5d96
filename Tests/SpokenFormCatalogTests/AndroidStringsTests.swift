import Foundation
import Testing
@testable import SpokenFormCatalog

/// Android `strings.xml`: what is read, what is converted, what is written back.
@Suite struct AndroidStringsTests {
    private func catalog(_ text: String, language: String = "fr") throws -> Catalog {
        try Catalog(bytes: Array(text.utf8), language: language, kind: .xml)
    }

    private func resources(_ body: String) -> String {
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources xmlns:xliff=\"urn:oasis:names:tc:xliff:document:1.2\">\n\(body)\n</resources>\n"
    }

    private func error(_ text: String) -> CatalogError? {
        do { _ = try catalog(text); return nil } catch let error as CatalogError { return error } catch { return nil }
    }

    @Test func everyValueIsReadAsAapt2ReadsIt() throws {
        let file = try Catalog(bytes: try Fixture.bytes("android-fr.xml"), language: "fr", kind: .xml)
        #expect(file.format == .android)
        #expect(file.writing([]) == file.bytes)
        #expect(file.keys == ["app_name", "opening_hours", "departure", "quoted", "delay", "markup", "placeholder", "entities", "cdata", "escapes",
                              "percent", "decimal", "icu", "reference", "seats", "times", "share"])
        #expect(file.untranslatableKeys == 1)
        #expect(value(file, "app_name", "fr") == nil)
        #expect(value(file, "reference", "fr") == nil)
        #expect(value(file, "opening_hours", "fr") == "Ouvert jusqu'à 17h30")
        #expect(value(file, "quoted", "fr") == "  Dites « Salut »  puis attendez 5 min")
        #expect(value(file, "markup", "fr") == "Quai 12, départ à 17h45")
        #expect(value(file, "placeholder", "fr") == "Prochain train à %1$s (voie 3, 5 min)")
        #expect(value(file, "entities", "fr") == "Tom & Jerry <3 : 2 km")
        #expect(value(file, "cdata", "fr") == "Réduction de %1$d € avant 18h00")
        #expect(value(file, "escapes", "fr") == "Ligne 1\nLigne 2\tfin @ ? A")
        #expect(value(file, "percent", "fr") == "100%% remboursé le 01/04/2015")
        #expect(value(file, "seats", "fr", ["plural", "one"]) == "%d place, départ à 17h30")
        #expect(value(file, "seats", "fr", ["plural", "many"]) == "%d places, départ à 17h30")
        #expect(value(file, "times", "fr", ["1"]) == "Soir (après 18h00)")
        #expect(file.values.count == 18)
    }

    @Test func whiteSpaceCollapsesOutsideQuotesAndIsTrimmed() throws {
        let file = try catalog(resources("""
            <string name="a">
                Départ   à\t5h30
            </string>
            <string name="b">a <b> b</b>  c</string>
            <string name="c">"  gardé  "  puis   réduit</string>
            <string name="d">\\u0020escapé\\u0020</string>
            """))
        #expect(value(file, "a", "fr") == "Départ à 5h30")
        #expect(value(file, "b", "fr") == "a b c")
        #expect(value(file, "c", "fr") == "  gardé   puis réduit")
        #expect(value(file, "d", "fr") == " escapé ")
    }

    @Test func productVariantsAndOtherResources() throws {
        let file = try catalog(resources("""
            <string name="screen" product="tablet">Tablette</string>
            <string name="screen" product="default">Téléphone</string>
            <integer name="n">12</integer>
            <color name="c">#FF0000</color>
            <declare-styleable name="S"><attr name="x" format="string"/></declare-styleable>
            <string name="empty"></string>
            <string name="selfClosing"/>
            """))
        // Only text resources are keys: <integer>, <color> and the like are not read.
        #expect(file.keys == ["screen", "empty", "selfClosing"])
        #expect(value(file, "screen", "fr", ["product", "tablet"]) == "Tablette")
        #expect(value(file, "screen", "fr", ["product", "default"]) == "Téléphone")
        #expect(value(file, "empty", "fr") == "")
        #expect(file.values.count == 3)
    }

    /// Each expectation written by someone who reads French.
    @Test func fixtureIsSpokenInFrench() throws {
        let input = try Catalog(bytes: try Fixture.bytes("android-fr.xml"), language: "fr", kind: .xml)
        // Every value keeping its shape (a counted word in its other form): only value strings change.
        let conversion = try CatalogConverter.convert(input, options: CatalogConversionOptions(countedWords: .other))
        let spoken = try Catalog(bytes: conversion.bytes, language: "fr", kind: .xml)
        #expect(value(spoken, "opening_hours", "fr") == "Ouvert jusqu'à dix-sept heures trente")
        #expect(value(spoken, "departure", "fr") == "Départ le premier avril deux mille quinze à cinq heures trente")
        #expect(value(spoken, "quoted", "fr") == "  Dites « Salut »  puis attendez cinq minutes")
        #expect(value(spoken, "delay", "fr") == "%1$s : retard de quinze minutes")
        #expect(value(spoken, "markup", "fr") == "Quai douze, départ à dix-sept heures quarante-cinq")
        #expect(value(spoken, "placeholder", "fr") == "Prochain train à %1$s (voie trois, cinq minutes)")
        #expect(value(spoken, "cdata", "fr") == "Réduction de %1$d euros avant dix-huit heures")
        #expect(value(spoken, "icu", "fr") == "{count, plural, one {# place restante avant dix-sept heures trente} other {# places restantes avant dix-sept heures trente}}")
        #expect(value(spoken, "seats", "fr", ["plural", "other"]) == "%d places, départ à dix-sept heures trente")
        #expect(value(spoken, "times", "fr", ["0"]) == "Matin (avant midi)")
        // "100%% remboursé": the spoken form would drop the %% specifier: kept and reported.
        #expect(value(spoken, "percent", "fr") == "100%% remboursé le 01/04/2015")
        #expect(conversion.report.kept.map(\.key) == ["percent"])
        #expect(conversion.report.untranslatableKeys == 1)
        let text = String(decoding: conversion.bytes, as: UTF8.self)
        // Escapes, markup, quotes and the placeholder stay as they were written.
        #expect(text.contains("<string name=\"opening_hours\">Ouvert jusqu\\'à dix-sept heures trente</string>"))
        #expect(text.contains("<string name=\"markup\">Quai <b>douze</b>, départ à <i>dix-sept heures quarante-cinq</i></string>"))
        #expect(text.contains("<xliff:g id=\"time\" example=\"17h30\">%1$s</xliff:g> (voie trois, cinq minutes)"))
        #expect(text.contains("<string name=\"quoted\">\"  Dites « Salut »  puis attendez cinq minutes\"</string>"))
        #expect(text.contains("<![CDATA[Réduction de <b>%1$d</b> euros avant dix-huit heures]]>"))
        #expect(text.contains("<string name=\"app_name\" translatable=\"false\">TrainBot 2.0 du 01/04/2015</string>"))
        #expect(skeleton(spoken) == skeleton(input))
        for (before, after) in zip(input.values, spoken.values) {
            #expect(FormatSpecifiers.multiset(of: before.text) == FormatSpecifiers.multiset(of: after.text), "\(before.location)")
        }
        // With plural forms, the CDATA and the markup stay in each item.
        let plural = String(decoding: try CatalogConverter.convert(input).bytes, as: UTF8.self)
        #expect(plural.contains("<item quantity=\"one\"><![CDATA[Réduction de <b>%1$d</b> euro avant dix-huit heures]]></item>"))
        #expect(plural.contains("<item quantity=\"other\"><![CDATA[Réduction de <b>%1$d</b> euros avant dix-huit heures]]></item>"))
    }

    @Test func anEditAcrossACDATABoundaryKeepsItsMarkers() throws {
        // The new text goes before the section, whose emptied markers stay: the file reads again.
        let file = try catalog(resources("    <string name=\"a\">Départ 17h30 <![CDATA[<b>quai</b>]]></string>\n    <string name=\"b\">a <![CDATA[5]]> <![CDATA[km]]> b 17h30</string>"))
        let changes = [CatalogChange(valueIndex: 0, text: "Départ dix-sept heures trente quai"), CatalogChange(valueIndex: 1, text: "a cinq kilomètres b dix-sept heures trente")]
        let written = file.writing(changes)
        let reread = try Catalog(bytes: written, language: "fr", kind: .xml)
        #expect(reread.values.map(\.text) == changes.map(\.text))
        let text = String(decoding: written, as: UTF8.self)
        #expect(text.contains("<string name=\"a\">Départ dix-sept heures trente <![CDATA[<b>quai</b>]]></string>"))
        #expect(text.contains("<![CDATA[]]>"))
    }

    @Test func germanValuesAreSpokenInGerman() throws {
        let file = try catalog(resources("""
            <string name="open">Geöffnet bis 17:30 Uhr</string>
            <string name="ship">Ihre Bestellung wird am 01.04.2015 versandt.</string>
            """), language: "de")
        let spoken = try Catalog(bytes: try CatalogConverter.convert(file).bytes, language: "de", kind: .xml)
        #expect(value(spoken, "open", "de") == "Geöffnet bis siebzehn Uhr dreißig")
        #expect(value(spoken, "ship", "de") == "Ihre Bestellung wird am ersten April zweitausendfünfzehn versandt.")
    }

    /// New text is escaped so that aapt2 reads it as written: apostrophes, quotes, line
    /// breaks, `@` and `?` at the start, white space at the ends or doubled, `& < >`.
    @Test func newTextIsEscapedTheAndroidWay() throws {
        let file = try catalog(resources("""
            <string name="a">x</string>
            <string name="b">"dans des guillemets"</string>
            <string name="c"><![CDATA[dans CDATA]]></string>
            <string name="d">a <b>b</b> c</string>
            """))
        let texts = ["@l'été \"5\"\n\tà  deux  espaces ", "?a & b < c > d  \\", " <x>&amp; ]]> ", "a b c fin"]
        let changed = file.writing(texts.enumerated().map { CatalogChange(valueIndex: $0.offset, text: $0.element) })
        let reread = try catalog(String(decoding: changed, as: UTF8.self))
        #expect(reread.values.map(\.text) == texts)
        let text = String(decoding: changed, as: UTF8.self)
        #expect(text.contains(#"<string name="a">\@l\'été \"5\"\n\tà \u0020deux \u0020espaces\u0020</string>"#))
        #expect(text.contains("<b>b</b>"))
        // Restored, the file is its input again.
        let restored = reread.writing(file.values.indices.map { CatalogChange(valueIndex: $0, text: file.values[$0].text) })
        #expect(restored == file.bytes)
    }

    @Test func icuMessagesKeepTheirSyntax() throws {
        let file = try catalog(resources("""
            <string name="a">{n, plural, offset:1 =0 {Aucun train avant 17h30} one {# train à 17h30} other {{n, number} trains à 17h30}}</string>
            <string name="b">Il est {time} : départ à 17h30</string>
            <string name="c">Ouvert {jusqu\\'à 17h30</string>
            <string name="d">{g, select, female {Elle part à 17h30} other {Il part à 17h30}}</string>
            """))
        let conversion = try CatalogConverter.convert(file)
        let spoken = try catalog(String(decoding: conversion.bytes, as: UTF8.self))
        #expect(value(spoken, "a", "fr") == "{n, plural, offset:1 =0 {Aucun train avant dix-sept heures trente} one {# train à dix-sept heures trente} other {{n, number} trains à dix-sept heures trente}}")
        #expect(value(spoken, "b", "fr") == "Il est {time} : départ à dix-sept heures trente")
        #expect(value(spoken, "d", "fr") == "{g, select, female {Elle part à dix-sept heures trente} other {Il part à dix-sept heures trente}}")
        // Not a well-formed pattern: kept and reported.
        #expect(value(spoken, "c", "fr") == "Ouvert {jusqu'à 17h30")
        #expect(conversion.report.kept.map(\.key) == ["c"])
        #expect(ICUMessageFormat.syntax(of: "{a, plural, one {# x} other {# y}}") == ["{a, plural, one {#", "} other {#", "}}"])
        // ICU's apostrophe before a brace quotes: "l'{a}" is the literal text "l{a}".
        #expect(ICUMessageFormat.syntax(of: "l'{a}") == ["'{a}"])
        #expect(ICUMessageFormat.syntax(of: "jusqu'à {a}") == ["{a}"])
        #expect(ICUMessageFormat.syntax(of: "'{' littéral") == ["'{'"])
        #expect(ICUMessageFormat.syntax(of: "{a, plural, one {x}") == nil)
    }

    @Test func malformedFilesAreRefusedWithWhereAndWhat() {
        func message(_ body: String) -> String { error(resources(body)).map { "\($0)" } ?? "accepted" }
        #expect(message("<string name=\"a\">Ouvert <b>jusqu\\'à</string>").contains("</string> closes <b>"))
        #expect(message("<string name=\"a\">a <b>b</i></string>").contains("</i> closes <b>: expected </b>"))
        #expect(message("<string name=\"a\">Départ \\u12 ici</string>").contains("\\u must be followed by four hexadecimal digits"))
        #expect(message("<string name=\"a\">jusqu'à</string>").contains("an unescaped apostrophe"))
        #expect(message("<string name=\"a\">fin \\</string>").contains("a backslash before markup"))
        #expect(message("<string name=\"a\">a &bogus; b</string>").contains("an & that starts no entity"))
        #expect(message("<string>sans nom</string>").contains("has no name attribute"))
        #expect(message("<plurals name=\"p\"><item quantity=\"several\">x</item></plurals>").contains("quantity=\"several\": expected zero, one"))
        #expect(message("<plurals name=\"p\"><string name=\"x\">y</string></plurals>").contains("expected <item> or </plurals>"))
        #expect(message("texte libre <string name=\"a\">x</string>").contains("text between resources"))
        #expect(message("<string name=\"a\">x</string").contains("expected </string>") || message("<string name=\"a\">x</string").contains("truncated"))
        #expect(message("<string name=\"a\" name=\"b\">x</string>").contains("appears twice"))
        #expect(message("<string name=\"a\">jusqu'à</string>").contains("line 3"))
        #expect(message("<string name=\"a\">x</string>") == "accepted")
        if case .duplicateKey("a", _, _, let line) = error(resources("<string name=\"a\">x</string>\n<string name=\"a\">y</string>")) {
            #expect(line == 4)
        } else {
            Issue.record("a duplicate name was accepted")
        }
        if case .duplicateKey("one", _, _, _) = error(resources("<plurals name=\"p\"><item quantity=\"one\">a</item><item quantity=\"one\">b</item></plurals>")) {} else {
            Issue.record("a duplicate quantity was accepted")
        }
        #expect(error("<plist><dict/></plist>") != nil)
        #expect(error("") != nil)
        #expect(error(String(resources("<string name=\"a\">x</string>").dropLast(14))) != nil)
        // Markup nested past the limit, inside a value and in another resource.
        let deep = String(repeating: "<b>", count: 70) + "x" + String(repeating: "</b>", count: 70)
        if case .nestingTooDeep = error(resources("<string name=\"a\">\(deep)</string>")) {} else { Issue.record("deep markup was accepted") }
        let deepOther = String(repeating: "<x>", count: 70) + String(repeating: "</x>", count: 70)
        if case .nestingTooDeep = error(resources("<declare-styleable name=\"a\">\(deepOther)</declare-styleable>")) {} else { Issue.record("deep markup was accepted") }
        // At the limit: read.
        let fine = String(repeating: "<b>", count: 60) + "x" + String(repeating: "</b>", count: 60)
        #expect(error(resources("<string name=\"a\">\(fine)</string>")) == nil)
    }

    @Test func formatIsFoundFromTheContents() throws {
        let file = try Catalog(bytes: Array(resources("<string name=\"a\">17h30</string>").utf8), language: "fr")
        #expect(file.format == .android)
        #expect(Catalog.FileKind(path: "res/values-fr/strings.xml") == .xml)
    }

    @Test func languageComesFromTheValuesFolder() {
        #expect(CatalogLanguage.fromPath("app/src/main/res/values-fr/strings.xml") == "fr")
        #expect(CatalogLanguage.fromPath("res/values-fr-rCA/strings.xml") == "fr-CA")
        #expect(CatalogLanguage.fromPath("res/values-b+sr+Latn/strings.xml") == "sr-Latn")
        #expect(CatalogLanguage.fromPath("res/values-b+es+419/strings.xml") == "es-419")
        #expect(CatalogLanguage.fromPath("res/values-es-rUS-land/strings.xml") == "es-US")
        #expect(CatalogLanguage.fromPath("res/values-mcc310-en/strings.xml") == "en")
        #expect(CatalogLanguage.fromPath("res/values-iw/strings.xml") == "he")
        #expect(CatalogLanguage.fromPath("res/values/strings.xml") == nil)
        #expect(CatalogLanguage.fromPath("res/values-night/strings.xml") == nil)
        #expect(CatalogLanguage.fromPath("res/values-v21/strings.xml") == nil)
        #expect(CatalogLanguage.fromPath("fr.lproj/Localizable.strings") == "fr")
        #expect(CatalogLanguage.fromPath("Base.lproj/Localizable.strings") == nil)
    }
}
