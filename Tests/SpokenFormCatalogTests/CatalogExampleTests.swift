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
        #expect(skeleton(spoken) == skeleton(input))
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
    }
}
