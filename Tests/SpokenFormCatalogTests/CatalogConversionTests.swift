import Foundation
import Testing
@testable import SpokenFormCatalog

@Suite struct CatalogConversionTests {
    static let all = ["xcode.xcstrings", "bot.xcstrings", "Localizable.strings", "Localizable.stringsdict"]

    /// Each expectation written by someone who reads the language.
    @Test(arguments: ["xcode.xcstrings", "bot.xcstrings"])
    func valuesAreSpokenInTheirOwnLanguage(name: String) throws {
        let conversion = try CatalogConverter.convert(try Catalog(bytes: try Fixture.bytes(name)))
        let spoken = try Catalog(bytes: conversion.bytes)
        #expect(value(spoken, "Opening hours", "fr") == "Ouvert jusqu'à dix-sept heures trente")
        #expect(value(spoken, "Opening hours", "de") == "Geöffnet bis siebzehn Uhr dreißig")
        #expect(value(spoken, "Opening hours", "en") == "Open until five thirty PM")
        #expect(value(spoken, "order.shipping", "fr") == "Votre commande part le premier avril deux mille quinze.")
        #expect(value(spoken, "order.shipping", "de") == "Ihre Bestellung wird am ersten April zweitausendfünfzehn versandt.")
        #expect(value(spoken, "order.shipping", "en") == "Your order ships on April first, twenty fifteen.")
        #expect(value(spoken, "Delivery on %@", "fr", ["device", "other"]) == "Livraison le %@ entre neuf heures et dix-huit heures")
        #expect(value(spoken, "Delivery on %@", "en", ["device", "other"]) == "Delivery on %@ between nine AM and six PM")
        #expect(value(spoken, "Files", "de", ["device", "other", "plural", "other"]) == "%lld Dateien (maximal zwei Gigabyte)")
        #expect(value(spoken, "Storage: %#@used@ of %#@total@", "fr") == "Stockage : %#@used@ sur %#@total@ (mis à jour à cinq heures trente)")
        #expect(value(spoken, "Say \"Hi\"\nthen wait 5 min", "fr") == "Dites « Salut »\npuis attendez cinq minutes")
        #expect(value(spoken, "Temperature", "fr") == "plus cinq degrés Celsius dehors")
        // Nothing to say differently: kept.
        #expect(value(spoken, "%lld files selected", "fr", ["plural", "one"]) == "%lld fichier sélectionné")
        // A unit after a placeholder, in the form of the variation's category (ICU: "1 gigaoctet", "2 gigaoctets").
        #expect(value(spoken, "Storage: %#@used@ of %#@total@", "fr", ["substitutions", "used", "plural", "one"]) == "%1$lld gigaoctet")
        #expect(value(spoken, "Storage: %#@used@ of %#@total@", "fr", ["substitutions", "used", "plural", "other"]) == "%1$lld gigaoctets")
        #expect(value(spoken, "Storage: %#@used@ of %#@total@", "fr", ["substitutions", "total", "plural", "one"]) == "%arg gigaoctet")
        // Japanese is not spoken by SpokenForm: copied and reported once.
        #expect(value(spoken, "Opening hours", "ja") == "17:30まで営業")
        #expect(conversion.report.unsupportedLanguages == ["ja"])
        // "100 % chargée": String(format:) reads "% c" as a specifier; the spoken form would drop it.
        #expect(value(spoken, "Battery: 100% charged", "fr") == "Batterie : 100 % chargée")
        #expect(conversion.report.kept.map(\.key) == ["Battery: 100% charged", "Battery: 100% charged"])
        #expect(conversion.report.kept.first { $0.language == "fr" }?.reason.contains("[% c]") == true)
        #expect(conversion.report.languages["fr"] == CatalogReport.LanguageCounts(values: 16, converted: 11, unchanged: 4, kept: 1))
        #expect(conversion.report.converted == 21)
        #expect(conversion.report.countedWords == 4)
        #expect(conversion.report.pluralValues.isEmpty)
        #expect(conversion.report.untranslatableKeys == 1)
        // shouldTranslate: false: even its French date stays.
        #expect(String(decoding: conversion.bytes, as: UTF8.self).contains("SpokenForm 2.0 du 01/04/2015"))
    }

    /// Only value strings differ: the files without their values are identical, and each
    /// value keeps its multiset of format specifiers.
    @Test(arguments: all)
    func onlyValueStringsChangeAndSpecifiersStay(name: String) throws {
        let original = try Catalog(bytes: try Fixture.bytes(name), language: "fr")
        let conversion = try CatalogConverter.convert(original)
        let converted = try Catalog(bytes: conversion.bytes, language: "fr")
        #expect(conversion.report.converted > 0)
        #expect(skeleton(converted) == skeleton(original))
        #expect(converted.keys == original.keys)
        #expect(converted.values.count == original.values.count)
        for (before, after) in zip(original.values, converted.values) {
            #expect(FormatSpecifiers.multiset(of: before.text) == FormatSpecifiers.multiset(of: after.text), "\(before.location)")
            #expect((before.key, before.language, before.path, before.state) == (after.key, after.language, after.path, after.state))
        }
    }

    /// The JSON trees of the input and the output differ only in `stringUnit` values.
    @Test(arguments: ["xcode.xcstrings", "bot.xcstrings"])
    func jsonTreesDifferOnlyInValues(name: String) throws {
        let bytes = try Fixture.bytes(name)
        let conversion = try CatalogConverter.convert(try Catalog(bytes: bytes))
        let before = try JSONSerialization.jsonObject(with: Data(bytes))
        let after = try JSONSerialization.jsonObject(with: Data(conversion.bytes))
        var differences: [String] = []
        compare(before, after, path: [], into: &differences)
        #expect(!differences.isEmpty)
        for path in differences { #expect(path.hasSuffix("stringUnit/value"), "\(path)") }
    }

    private func compare(_ a: Any, _ b: Any, path: [String], into differences: inout [String]) {
        if let a = a as? [String: Any], let b = b as? [String: Any] {
            #expect(Set(a.keys) == Set(b.keys), "\(path)")
            for (key, value) in a { if let other = b[key] { compare(value, other, path: path + [key], into: &differences) } }
        } else if let a = a as? [Any], let b = b as? [Any] {
            #expect(a.count == b.count)
            for (x, y) in zip(a, b) { compare(x, y, path: path + ["[]"], into: &differences) }
        } else if let a = a as? String, let b = b as? String {
            if a != b { differences.append(path.joined(separator: "/")) }
        } else {
            #expect("\(a)" == "\(b)", "\(path)")
        }
    }

    @Test func stringsAndStringsdictAreSpoken() throws {
        let strings = try Catalog(bytes: try CatalogConverter.convert(try Catalog(bytes: try Fixture.bytes("Localizable.strings"), language: "fr")).bytes, language: "fr")
        #expect(value(strings, "opening.hours", "fr") == "Ouvert jusqu'à dix-sept heures trente")
        #expect(value(strings, "say.hi", "fr") == "Dites \"Salut\" \\ puis attendez cinq minutes\npuis encore dix minutes")
        #expect(value(strings, "octal", "fr") == "Café : trois euros")
        #expect(value(strings, "café", "fr") == "Café ouvert à huit heures")
        #expect(value(strings, "unicode", "fr") == "Température : plus cinq degrés Celsius 🌡")
        let plist = try Catalog(bytes: try CatalogConverter.convert(try Catalog(bytes: try Fixture.bytes("Localizable.stringsdict"), language: "fr")).bytes, language: "fr")
        #expect(value(plist, "files.selected", "fr", ["NSStringLocalizedFormatKey"]) == "%#@files@ sélectionnés avant dix-sept heures trente")
        #expect(value(plist, "files.selected", "fr", ["files", "other"]) == "%lld fichiers & trois dossiers")
        #expect(value(plist, "tap.to.open", "fr", ["device", "iphone"]) == "Touchez pour ouvrir à neuf heures")
    }

    @Test func languagesKindsAndState() throws {
        let bytes = try Fixture.bytes("xcode.xcstrings")
        let catalog = try Catalog(bytes: bytes)
        // Only German, only times, converted values marked for review.
        let conversion = try CatalogConverter.convert(catalog, options: CatalogConversionOptions(languages: ["DE"], only: [.time], state: .needsReview))
        let spoken = try Catalog(bytes: conversion.bytes)
        #expect(value(spoken, "Opening hours", "de") == "Geöffnet bis siebzehn Uhr dreißig")
        #expect(spoken.values.first { $0.key == "Opening hours" && $0.language == "de" }?.state == "needs_review")
        #expect(value(spoken, "order.shipping", "de") == "Ihre Bestellung wird am 1. April 2015 versandt.")
        #expect(value(spoken, "Opening hours", "fr") == "Ouvert jusqu'à 17h30")
        #expect(spoken.values.first { $0.key == "order.shipping" && $0.language == "de" }?.state == "translated")
        #expect(Array(conversion.report.languages.keys) == ["de"])
        // A language the file lacks: the input byte for byte.
        let missing = try CatalogConverter.convert(catalog, options: CatalogConversionOptions(languages: ["it"]))
        #expect(missing.bytes == bytes)
        #expect(missing.report.missingLanguages == ["it"])
        // Only an unsupported language: the input byte for byte, reported.
        let japanese = try CatalogConverter.convert(catalog, options: CatalogConversionOptions(languages: ["ja"]))
        #expect(japanese.bytes == bytes)
        #expect(japanese.report.unsupportedLanguages == ["ja"])
    }

    @Test func specifierGrammar() {
        #expect(FormatSpecifiers.list(in: "%1$@ a %2$lld places, %#@items@ %1#@count@ %arg %% %.2f %-5d %'d %hhd %zu") ==
                ["%1$@", "%2$lld", "%#@items@", "%1#@count@", "%arg", "%%", "%.2f", "%-5d", "%'d", "%hhd", "%zu"])
        // What String(format:) would consume in text written with a bare percent sign.
        #expect(FormatSpecifiers.list(in: "100% anonym") == ["% a"])
        #expect(FormatSpecifiers.list(in: "25 % de remise") == ["% d"])
        #expect(FormatSpecifiers.list(in: "Sparen Sie 25 %") == [])
        #expect(FormatSpecifiers.list(in: "50%!") == [])
        #expect(FormatSpecifiers.multiset(of: "%2$@ %1$@") == FormatSpecifiers.multiset(of: "%1$@ %2$@"))
        // `%` is a conversion after flags as after nothing: "% %" is one specifier, so the
        // `%` of "%1$@" belongs to it (printf's grammar; issue 33, finding 11).
        #expect(FormatSpecifiers.list(in: "5 % %1$@") == ["% %"])
        #expect(FormatSpecifiers.list(in: "%-5% and %'%") == ["%-5%", "%'%"])
    }

    @Test func valueWhoseSpecifiersWouldChangeIsKept() throws {
        let text = "\"a\" = \"5 % %1$@\";\n"
        let catalog = try Catalog(bytes: Array(text.utf8), language: "fr")
        let conversion = try CatalogConverter.convert(catalog, options: CatalogConversionOptions(languages: ["fr"]))
        let spoken = try Catalog(bytes: conversion.bytes, language: "fr")
        // Written as it was, and reported, whatever the normaliser made of it.
        #expect(value(spoken, "a", "fr") == "5 % %1$@")
        for (before, after) in zip(catalog.values, spoken.values) {
            #expect(FormatSpecifiers.multiset(of: before.text) == FormatSpecifiers.multiset(of: after.text), "\(after.text)")
        }
        #expect(conversion.report.kept.map(\.key) == ["a"])
    }
}

/// The conversion on several threads gives what one thread gives (run under the thread
/// sanitizer by scripts/test.sh).
@Suite struct CatalogConcurrencyTests {
    @Test func parallelConversionMatchesSerial() throws {
        for name in ["xcode.xcstrings", "bot.xcstrings"] {
            let catalog = try Catalog(bytes: try Fixture.bytes(name))
            let serial = try CatalogConverter.convert(catalog, options: CatalogConversionOptions(jobs: 1))
            let parallel = try CatalogConverter.convert(catalog, options: CatalogConversionOptions(jobs: 4))
            #expect(parallel.bytes == serial.bytes)
            #expect(parallel.report == serial.report)
        }
    }
}
