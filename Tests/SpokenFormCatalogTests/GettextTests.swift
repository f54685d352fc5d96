import Foundation
import Testing
@testable import SpokenFormCatalog

/// gettext `.po`: what is read, what is converted, what is written back.
@Suite struct GettextTests {
    private func catalog(_ text: String, language: String = "") throws -> Catalog {
        try Catalog(bytes: Array(text.utf8), language: language, kind: .po)
    }

    private static let header = "msgid \"\"\nmsgstr \"\"\n\"Language: fr\\n\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n\n"

    private func error(_ text: String) -> CatalogError? {
        do { _ = try catalog(text); return nil } catch let error as CatalogError { return error } catch { return nil }
    }

    @Test func entriesAreReadWithTheirEscapesContextsAndPlurals() throws {
        let file = try Catalog(bytes: try Fixture.bytes("gettext-fr.po"), kind: .po)
        #expect(file.format == .gettext)
        #expect(file.writing([]) == file.bytes)
        #expect(file.declaredLanguage == "fr")
        #expect(file.pluralForms == "nplurals=2; plural=(n > 1);")
        #expect(file.keys == ["Open until 5:30 PM", "%s: %d min late", "%d seat left", "Share", "Departure", "Arrival at 7 PM", "Untranslated 5 km",
                              "Say \"Hi\"\tthen wait 5 min", "Bytes"])
        #expect(file.values.allSatisfy { $0.language == "fr" })
        #expect(value(file, "Open until 5:30 PM", "fr") == "Ouvert jusqu'à 17h30")
        #expect(value(file, "%d seat left", "fr", ["plural", "0"]) == "%d place restante, départ à 17h30")
        #expect(value(file, "%d seat left", "fr", ["plural", "1"]) == "%d places restantes, départ à 17h30")
        #expect(value(file, "Share", "fr", ["context", "button"]) == "Partager")
        #expect(value(file, "Departure", "fr", ["context", "menu"]) == "Départ le 01/04/2015\nà 5h30")
        #expect(value(file, "Say \"Hi\"\tthen wait 5 min", "fr") == "Dites \"Salut\"\tpuis attendez 5 min")
        // Octal and hex escapes are bytes of UTF-8, as in C.
        #expect(value(file, "Bytes", "fr") == "Café A à 17h30")
        // Fuzzy, untranslated and obsolete entries, and the header, are not values.
        #expect(file.fuzzyEntries == 1)
        #expect(value(file, "Arrival at 7 PM", "fr") == nil)
        #expect(value(file, "Untranslated 5 km", "fr") == nil)
        #expect(!file.values.contains { $0.text.contains("Ancienne") })
        #expect(file.values.count == 8)
    }

    /// Each expectation written by someone who reads French; only msgstrs change.
    @Test func fixtureIsSpokenInFrench() throws {
        let input = try Catalog(bytes: try Fixture.bytes("gettext-fr.po"), kind: .po)
        let conversion = try CatalogConverter.convert(input)
        let text = String(decoding: conversion.bytes, as: UTF8.self)
        let spoken = try catalog(text)
        #expect(value(spoken, "Open until 5:30 PM", "fr") == "Ouvert jusqu'à dix-sept heures trente")
        #expect(value(spoken, "%d seat left", "fr", ["plural", "1"]) == "%d places restantes, départ à dix-sept heures trente")
        #expect(value(spoken, "Say \"Hi\"\tthen wait 5 min", "fr") == "Dites \"Salut\"\tpuis attendez cinq minutes")
        #expect(value(spoken, "Bytes", "fr") == "Café A à dix-sept heures trente")
        // A converted value keeps its line layout: one line per \n.
        #expect(text.contains("msgstr \"\"\n\"Départ le premier avril deux mille quinze\\n\"\n\"à cinq heures trente\"\n"))
        // Escapes outside the changed part stay as written; msgids, fuzzy and obsolete entries stay.
        #expect(text.contains("msgstr \"Caf\\303\\251 \\x41 à dix-sept heures trente\""))
        #expect(text.contains("msgid \"Open until 5:30 PM\"\n"))
        #expect(text.contains("#, fuzzy\n#| msgid \"Arrival at 6 PM\"\nmsgid \"Arrival at 7 PM\"\nmsgstr \"Arrivée à 18h00\""))
        #expect(text.contains("#~ msgstr \"Ancienne entrée à 17h00\""))
        #expect(conversion.report.fuzzyEntries == 1)
        #expect(skeleton(spoken) == skeleton(input))
        for (before, after) in zip(input.values, spoken.values) {
            #expect(FormatSpecifiers.multiset(of: before.text) == FormatSpecifiers.multiset(of: after.text), "\(before.location)")
        }
    }

    @Test func germanValuesAreSpokenInGerman() throws {
        let file = try catalog("msgid \"\"\nmsgstr \"Language: de_DE\\n\"\n\nmsgid \"Open until 5:30 PM\"\nmsgstr \"Geöffnet bis 17:30 Uhr\"\n")
        #expect(file.declaredLanguage == "de-DE")
        let spoken = try catalog(String(decoding: try CatalogConverter.convert(file).bytes, as: UTF8.self))
        #expect(value(spoken, "Open until 5:30 PM", "de-DE") == "Geöffnet bis siebzehn Uhr dreißig")
    }

    @Test func newTextIsEscapedTheCWay() throws {
        let file = try catalog(Self.header + "msgid \"a\"\nmsgstr \"x\"\n\nmsgid \"b\"\nmsgstr \"t\\x41\"\n")
        let texts = ["\"cité\"\n\t\\ \u{07} fin", "tA1"]
        let changed = file.writing(texts.enumerated().map { CatalogChange(valueIndex: $0.offset, text: $0.element) })
        let text = String(decoding: changed, as: UTF8.self)
        #expect(text.contains("msgstr \"\\\"cité\\\"\\n\\t\\\\ \\007 fin\""))
        #expect(try catalog(text).values.map(\.text) == texts)
        // "\x41" then a new "1" would read as "\x411": the escape is written anew.
        #expect(text.contains("msgstr \"tA1\""))
    }

    /// `--locale` (a given language) wins over the header; the header is read otherwise.
    @Test func languageComesFromTheHeaderOrTheCaller() throws {
        #expect(try catalog(Self.header + "msgid \"a\"\nmsgstr \"b\"\n").values.first?.language == "fr")
        #expect(try catalog(Self.header + "msgid \"a\"\nmsgstr \"b\"\n", language: "fr-CA").values.first?.language == "fr-CA")
        #expect(try catalog("msgid \"a\"\nmsgstr \"b\"\n").values.first?.language == "")
        #expect(try catalog("msgid \"\"\nmsgstr \"Language: sr@latin\\n\"\n").declaredLanguage == "sr-Latn")
        #expect(CatalogLanguage.fromPath("po/fr.po") == "fr")
        #expect(CatalogLanguage.fromPath("po/pt_BR.po") == "pt-BR")
        #expect(CatalogLanguage.fromPath("po/sr@latin.po") == "sr-Latn")
        #expect(CatalogLanguage.fromPath("locale/de/LC_MESSAGES/app.po") == "de")
        #expect(CatalogLanguage.fromPath("po/app.pot") == nil)
        #expect(CatalogLanguage.fromPath("po/messages.po") == nil)
    }

    @Test func entriesWithoutBlankLinesAndCRLF() throws {
        let file = try catalog("msgid \"a\"\r\nmsgstr \"Départ à 5h30\"\r\n#, fuzzy\r\nmsgid \"b\"\r\nmsgstr \"c\"\r\nmsgid \"d\"\r\nmsgstr \"e\"\r\n", language: "fr")
        #expect(file.keys == ["a", "b", "d"])
        #expect(file.values.map(\.text) == ["Départ à 5h30", "e"])
        let spoken = try CatalogConverter.convert(file).bytes
        #expect(String(decoding: spoken, as: UTF8.self).hasPrefix("msgid \"a\"\r\nmsgstr \"Départ à cinq heures trente\"\r\n#, fuzzy"))
    }

    /// msgfmt refuses a msgstr whose leading or trailing line break differs from its msgid's.
    @Test func lineBreaksAtTheEndsStay() throws {
        let file = try catalog("msgid \"a\\n\"\nmsgstr \"Départ à 5h30\\n\"\n\nmsgid \"\\nb\"\nmsgstr \"\\nDépart à 5h30\"\n", language: "fr")
        let spoken = try catalog(String(decoding: try CatalogConverter.convert(file).bytes, as: UTF8.self), language: "fr")
        #expect(spoken.values.map(\.text) == ["Départ à cinq heures trente\n", "\nDépart à cinq heures trente"])
    }

    @Test func malformedFilesAreRefusedWithLineAndWhat() {
        func message(_ text: String) -> String { error(Self.header + text).map { "\($0)" } ?? "accepted" }
        #expect(message("msgid \"a\"\nmsgstr \"b") .contains("line 7: a string is not closed"))
        #expect(message("msgid \"a\"\nmsgstr \"\\q\"\n").contains("an unknown escape \\q"))
        #expect(message("msgid \"a\"\nmsgstr \"\\x\"\n").contains("\\x must be followed by hexadecimal digits"))
        #expect(message("msgid \"a\"\nmsgstr \"b\" c\n").contains("text after the closing quote"))
        #expect(message("msgid \"a\"\nmsgfoo \"b\"\n").contains("is not a .po keyword"))
        #expect(message("msgid \"a\"\n").contains("has no msgstr"))
        #expect(message("msgstr \"a\"\n").contains("expected msgid"))
        #expect(message("msgid \"a\"\nmsgid_plural \"as\"\nmsgstr \"b\"\n").contains("expected msgstr[0]"))
        #expect(message("msgid \"a\"\nmsgid_plural \"as\"\nmsgstr[0] \"b\"\nmsgstr[2] \"c\"\n").contains("expected msgstr[1]"))
        #expect(message("msgid \"a\"\nmsgstr[0] \"b\"\n").contains("msgstr[n] needs msgid_plural"))
        #expect(message("\"orphan\"\n").contains("a string outside an entry"))
        #expect(message("msgid \"a\"\nmsgstr \"b\"\n") == "accepted")
        if case .duplicateKey("a", _, _, let line) = error(Self.header + "msgid \"a\"\nmsgstr \"b\"\n\nmsgid \"a\"\nmsgstr \"c\"\n") {
            #expect(line == 9)
        } else {
            Issue.record("a duplicate msgid was accepted")
        }
        // The same msgid in two contexts is two entries.
        #expect(error(Self.header + "msgctxt \"x\"\nmsgid \"a\"\nmsgstr \"b\"\n\nmsgid \"a\"\nmsgstr \"c\"\n") == nil)
        #expect("\(error("msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=ISO-8859-1\\n\"\n")!)".contains("UTF-8 only"))
        #expect(error("msgid \"a\"\nmsgstr \"\\xff\"\n") == nil)
    }

    @Test func formatIsFoundFromTheContents() throws {
        #expect(try Catalog(bytes: Array("# c\nmsgid \"a\"\nmsgstr \"b\"\n".utf8), language: "fr").format == .gettext)
        #expect(try Catalog(bytes: Array("msgid \"a\"\nmsgstr \"b\"\n".utf8), language: "fr").format == .gettext)
        #expect(Catalog.FileKind(path: "po/fr.po") == .po)
    }
}
