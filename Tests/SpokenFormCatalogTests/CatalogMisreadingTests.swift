import Foundation
import SpokenForm
import Testing
@testable import SpokenFormCatalog

/// `CatalogLinter`'s misreading rules: what a screen reader misreads that conversion cannot
/// fix. Expectations read as a French or German reader would hear them.
@Suite struct CatalogMisreadingTests {
    private func lint(_ strings: String, _ language: String, misreadings: Bool = true) throws -> [String: [LabelLinter.Issue]] {
        let catalog = try Catalog(bytes: Array(strings.utf8), language: language)
        let lint = try CatalogLinter.lint(catalog, options: CatalogLintOptions(misreadings: misreadings))
        return Dictionary(grouping: lint.issues, by: \.key).mapValues { $0.map(\.issue) }
    }

    private static let french = """
    "speed" = "Vitesse (km/h)";
    "distance" = "Distance (m)";
    "temperature" = "Température en °C";
    "duration" = "Durée (min)";
    "zip" = "Code postal : 75008";
    "template" = "Encore %d km";
    "word" = "Il m'a dit non";
    "acronym" = "Exporter en PDF";
    "share" = "Partager";
    "distanceSaid" = "À 5 km";

    """

    @Test func frenchUnitsCodesAndWhatMustNotFire() throws {
        let issues = try lint(Self.french, "fr")
        func only(_ key: String) -> [String] { (issues[key] ?? []).filter { CatalogLinter.misreadingRules.map(\.id).contains($0.rule) }
            .map { "\($0.rule) \($0.start16)-\($0.end16) \($0.suggestion ?? "-")" } }
        #expect(only("speed") == ["unit-without-number 9-13 kilomètres par heure"])
        #expect(only("distance") == ["unit-without-number 10-11 mètres"])
        #expect(only("temperature") == ["unit-without-number 15-17 degrés Celsius"])
        #expect(only("duration") == ["unit-without-number 7-10 minutes"])
        #expect(only("zip") == ["code-read-as-number 14-19 sept cinq zéro zéro huit"])
        #expect(only("template") == ["unit-after-placeholder 10-12 kilomètres"])
        // "m" in "m'a" is a word; "PDF" is read as letters; "5 km" is converted ("cinq kilomètres").
        #expect(only("word").isEmpty)
        #expect(only("acronym").isEmpty)
        #expect(only("share").isEmpty)
        #expect(only("distanceSaid").isEmpty)
        #expect(issues["zip"]?.first { $0.rule == "code-read-as-number" }?.message.contains("soixante-quinze mille huit") == true)
    }

    @Test func germanAbbreviationsTheDataDoesNotKnow() throws {
        let german = """
        "track" = "Gl. 3";
        "departure" = "Abfl. um 10 Uhr";
        "wait" = "Wartezeit: %d Std.";
        "speed" = "Geschwindigkeit in km/h";
        "name" = "Herr K. Müller";
        "station" = "Abfahrt ab Bhf. Mitte";

        """
        let issues = try lint(german, "de")
        func rules(_ key: String) -> [String] { (issues[key] ?? []).map { "\($0.rule) \($0.start16)-\($0.end16)" } }
        #expect(rules("track").contains("unknown-abbreviation 0-3"))
        #expect(rules("departure").contains("unknown-abbreviation 0-5"))
        #expect(issues["wait"]?.first { $0.rule == "unit-after-placeholder" }?.suggestion == "Stunden")
        #expect(issues["speed"]?.first { $0.rule == "unit-without-number" }?.suggestion == "Kilometer pro Stunde")
        // An initial before a name is no abbreviation; "Bhf." is known, so the label linter's
        // unexpanded-abbreviation reports it (conversion says "Bahnhof"), not this rule.
        #expect(!rules("name").contains { $0.hasPrefix("unknown-abbreviation") })
        #expect(rules("station") == ["unexpanded-abbreviation 11-15"])
    }

    @Test func misreadingsCanBeTurnedOff() throws {
        let issues = try lint(Self.french, "fr", misreadings: false)
        #expect(issues.values.joined().allSatisfy { !CatalogLinter.misreadingRules.map(\.id).contains($0.rule) })
    }
}
