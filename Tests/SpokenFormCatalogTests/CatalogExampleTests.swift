import Foundation
import Testing
@testable import SpokenFormCatalog

/// `Examples/Catalog/LocalizableSpoken.xcstrings` is what `spokenform catalog` writes for
/// `Localizable.xcstrings`. Run with `SPOKENFORM_UPDATE_EXAMPLES=1` to rewrite it after a
/// change, then read its diff before committing.
@Suite struct CatalogExampleTests {
    @Test func spokenCompanionIsUpToDate() throws {
        let input = try Catalog(bytes: [UInt8](try Data(contentsOf: Fixture.example("Localizable.xcstrings"))))
        let conversion = try CatalogConverter.convert(input)
        let companion = Fixture.example("LocalizableSpoken.xcstrings")
        if ProcessInfo.processInfo.environment["SPOKENFORM_UPDATE_EXAMPLES"] == "1" {
            try Data(conversion.bytes).write(to: companion)
        }
        #expect(conversion.bytes == [UInt8](try Data(contentsOf: companion)), "run with SPOKENFORM_UPDATE_EXAMPLES=1 and read the diff")

        let spoken = try Catalog(bytes: conversion.bytes)
        #expect(untouchedBytesKept(input, conversion))
        #expect(value(spoken, "booking.confirmed", "fr") == "Votre place est réservée : voiture douze, place quarante-cinq, départ le premier avril deux mille vingt-cinq.")
        #expect(value(spoken, "booking.confirmed", "de") == "Ihr Platz ist reserviert: Wagen zwölf, Platz fünfundvierzig, Abfahrt am ersten April zweitausendfünfundzwanzig.")
        #expect(value(spoken, "price.total", "en") == "Total: twelve dollars and fifty cents")
        #expect(value(spoken, "price.total", "es") == "Total: doce euros con cincuenta céntimos")
        #expect(value(spoken, "train.delay", "fr") == "%@ : retard de quinze minutes, nouveau départ à dix-sept heures quarante-cinq")
        #expect(value(spoken, "Seats left", "en", ["device", "other", "plural", "one"]) == "Only %lld seat left in coach seven")
        #expect(value(spoken, "support.phone", "fr", ["device", "iphone"]) == "Appelez le zéro un, vingt-trois, quarante-cinq, soixante-sept, quatre-vingt-neuf")
        #expect(value(spoken, "Trip: %lld stops, %lld h", "fr") == "Trajet : %#@stops@, %#@hours@ (deuxième classe)")
        #expect(value(spoken, "Trip: %lld stops, %lld h", "fr", ["substitutions", "hours", "plural", "other"]) == "%2$lld heures")
        // "25 % avec": String(format:) would read "% a"; the French value is kept and reported.
        #expect(value(spoken, "Discount", "fr") == "Économisez 25 % avec la carte Avantage")
        #expect(value(spoken, "Discount", "en") == "Save twenty-five percent with a Railcard")
        #expect(conversion.report.kept.map { "\($0.key) [\($0.language)]" } == ["Discount [fr]"])
        #expect(conversion.report.unsupportedLanguages == ["ja"])
        // A unit after a placeholder: plural variations where the word changes with the count
        // (CLDR: fr "kilomètre" / "kilomètres", es "kilómetro" / "kilómetros"), one text where it does not (de "Kilometer").
        #expect(value(spoken, "distance.left", "fr", ["plural", "one"]) == "Encore %lld kilomètre")
        #expect(value(spoken, "distance.left", "fr", ["plural", "many"]) == "Encore %lld kilomètres")
        #expect(value(spoken, "distance.left", "fr", ["plural", "other"]) == "Encore %lld kilomètres")
        #expect(value(spoken, "distance.left", "en", ["plural", "one"]) == "%lld kilometer to go")
        #expect(value(spoken, "distance.left", "es", ["plural", "other"]) == "Quedan %lld kilómetros")
        #expect(value(spoken, "distance.left", "de") == "Noch %lld Kilometer")
        #expect(value(spoken, "speed.unit", "fr") == "Vitesse (kilomètres par heure)")
        #expect(value(spoken, "speed.unit", "de") == "Geschwindigkeit (Kilometer pro Stunde)")
        #expect(conversion.report.pluralValues.map { "\($0.key) [\($0.language)]" } == ["distance.left [en]", "distance.left [es]", "distance.left [fr]"])
    }
}

/// `Examples/Catalog/LocalizableSSML.xcstrings` is what `spokenform catalog --format ssml --tag`
/// writes for `Localizable.xcstrings` (`SPOKENFORM_UPDATE_EXAMPLES=1` rewrites it).
@Suite struct CatalogSSMLExampleTests {
    @Test func ssmlCompanionIsUpToDate() throws {
        let input = try Catalog(bytes: [UInt8](try Data(contentsOf: Fixture.example("Localizable.xcstrings"))))
        let conversion = try CatalogConverter.convert(input, options: CatalogConversionOptions(output: .ssml, tag: true))
        let companion = Fixture.example("LocalizableSSML.xcstrings")
        if ProcessInfo.processInfo.environment["SPOKENFORM_UPDATE_EXAMPLES"] == "1" {
            try Data(conversion.bytes).write(to: companion)
        }
        #expect(conversion.bytes == [UInt8](try Data(contentsOf: companion)), "run with SPOKENFORM_UPDATE_EXAMPLES=1 and read the diff")
        let ssml = try Catalog(bytes: conversion.bytes)
        #expect(untouchedBytesKept(input, conversion))
        #expect(value(ssml, "distance.left", "fr", ["plural", "one"]) == #"Encore %lld <sub alias="kilomètre">km</sub>"#)
        #expect(value(ssml, "booking.confirmed", "fr")
                == #"Votre place est réservée : voiture <sub alias="douze">12</sub>, place <sub alias="quarante-cinq">45</sub>, départ le <sub alias="premier avril deux mille vingt-cinq">1er avril 2025</sub>."#)
        #expect(value(ssml, "price.total", "de") == #"Gesamt: <sub alias="zwölf Euro fünfzig">12,50 €</sub>"#)
        #expect(value(ssml, "Seats left", "en", ["device", "other", "plural", "one"]) == #"Only %lld seat left in coach <sub alias="seven">7</sub>"#)
        #expect(value(ssml, "Discount", "fr") == "Économisez 25 % avec la carte Avantage")
    }
}

/// `Examples/Catalog/android` and `Examples/Catalog/po`: a run converting no language gives
/// each file back byte for byte, and a conversion keeps every value's specifiers.
@Suite struct CatalogFormatExampleTests {
    static let files = ["android/values/strings.xml", "android/values-fr/strings.xml", "android/values-de/strings.xml", "po/fr.po", "po/de.po"]

    private func read(_ name: String, _ bytes: [UInt8]) throws -> Catalog {
        let language = CatalogLanguage.fromPath(name) ?? "en"
        return try Catalog(bytes: bytes, language: name.hasSuffix(".po") ? "" : language, kind: Catalog.FileKind(path: name))
    }

    @Test(arguments: files)
    func roundTripAndSpecifiers(name: String) throws {
        let bytes = [UInt8](try Data(contentsOf: Fixture.example(name)))
        let catalog = try read(name, bytes)
        #expect(!catalog.values.isEmpty)
        #expect(catalog.writing([]) == bytes)
        #expect(try CatalogConverter.convert(catalog, options: CatalogConversionOptions(languages: ["xx"])).bytes == bytes)
        // Every value keeping its shape: only value strings change, each keeping its specifiers.
        let conversion = try CatalogConverter.convert(catalog, options: CatalogConversionOptions(countedWords: .other))
        #expect(conversion.report.converted > 0)
        let spoken = try read(name, conversion.bytes)
        #expect(spoken.keys == catalog.keys)
        #expect(skeleton(spoken) == skeleton(catalog))
        for (before, after) in zip(catalog.values, spoken.values) {
            #expect(FormatSpecifiers.multiset(of: before.text) == FormatSpecifiers.multiset(of: after.text), "\(before.location)")
        }
        // With plural forms: every form keeps them, and every byte outside the changes is kept.
        let plural = try CatalogConverter.convert(catalog)
        #expect(try read(name, plural.bytes).keys == catalog.keys)
        #expect(untouchedBytesKept(catalog, plural))
        for change in plural.changes {
            #expect(pluralFormsKeep(FormatSpecifiers.multiset(of: catalog.values[change.valueIndex].text), change), "\(catalog.values[change.valueIndex].location)")
        }
    }

    /// Each expectation written by someone who reads the language.
    @Test func examplesAreSpoken() throws {
        func spoken(_ name: String) throws -> Catalog {
            let catalog = try read(name, [UInt8](try Data(contentsOf: Fixture.example(name))))
            return try read(name, try CatalogConverter.convert(catalog).bytes)
        }
        let fr = try spoken("android/values-fr/strings.xml")
        #expect(value(fr, "booking_confirmed", "fr") == "Votre place est réservée : voiture douze, place quarante-cinq, départ le premier avril deux mille vingt-cinq.")
        #expect(value(fr, "train_delay", "fr") == "%1$s : retard de quinze minutes, nouveau départ à dix-sept heures quarante-cinq")
        #expect(value(fr, "next_train", "fr") == "Prochain train à %1$s, voie trois")
        #expect(value(fr, "seats_left", "fr", ["plural", "many"]) == "Plus que %d places en voiture sept")
        #expect(value(fr, "trip_summary", "fr") == "{stops, plural, one {# arrêt, arrivée à vingt et une heures dix} other {# arrêts, arrivée à vingt et une heures dix}}")
        let de = try spoken("android/values-de/strings.xml")
        #expect(value(de, "booking_confirmed", "de") == "Ihr Platz ist reserviert: Wagen zwölf, Platz fünfundvierzig, Abfahrt am ersten April zweitausendfünfundzwanzig.")
        #expect(value(de, "train_delay", "de") == "%1$s: fünfzehn Minuten Verspätung, neue Abfahrt um siebzehn Uhr fünfundvierzig")
        let po = try spoken("po/fr.po")
        #expect(value(po, "Only %d seat left in coach 7", "fr", ["plural", "1"]) == "Plus que %d places en voiture sept")
        #expect(value(po, "Open until 7 PM", "fr") == nil)
        let poDE = try spoken("po/de.po")
        #expect(value(poDE, "Only %d seat left in coach 7", "de", ["plural", "0"]) == "Nur noch %d Platz in Wagen sieben")
        // Counted words: a <string> became <plurals>; msgstr[n] each in its category; a singular entry in the other form.
        #expect(value(fr, "distance_left", "fr", ["plural", "one"]) == "Encore %1$d kilomètre")
        #expect(value(fr, "distance_left", "fr", ["plural", "other"]) == "Encore %1$d kilomètres")
        #expect(value(fr, "speed_unit", "fr") == "Vitesse (kilomètres par heure)")
        let en = try spoken("android/values/strings.xml")
        #expect(value(en, "distance_left", "en", ["plural", "one"]) == "%1$d kilometer to go")
        #expect(value(de, "distance_left", "de") == "Noch %1$d Kilometer")
        #expect(value(po, "%d km to go", "fr", ["plural", "0"]) == "Encore %d kilomètre")
        #expect(value(po, "%d km to go", "fr", ["plural", "1"]) == "Encore %d kilomètres")
        #expect(value(po, "%d min walk", "fr") == "%d minutes à pied")
        #expect(value(poDE, "%d min walk", "de") == "%d Minuten zu Fuß")
        #expect(value(poDE, "Speed (km/h)", "de") == "Geschwindigkeit (Kilometer pro Stunde)")
    }
}
