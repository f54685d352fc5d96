import Foundation
import Testing
@testable import SpokenForm

/// One case of the native-speaker review of November 2026 (../shared/reviews/linguistic-review-2026-11.md):
/// `id<TAB>command<TAB>input<TAB>expected` in Golden/review/<locale>.tsv. The id names the
/// review's defect (N1, O2, E5…) or the rejected input ("R-date", "R-time"…); neighbouring
/// values around a fixed boundary carry the id of the defect they guard.
struct ReviewCase: CustomTestStringConvertible, Sendable {
    let locale: String
    let line: Int
    let id: String
    let command: String
    let input: String
    let expected: String

    var testDescription: String { "\(id) \(locale) \(command) \(input)" }
}

func loadReviewCases() -> [ReviewCase] {
    GoldenFile.names("review").flatMap { locale in
        ((try? GoldenFile.rows("review", locale)) ?? []).compactMap { line, fields in
            fields.count == 4 ? ReviewCase(locale: locale, line: line, id: fields[0], command: fields[1], input: fields[2], expected: fields[3]) : nil
        }
    }
}

@Suite struct ReviewGoldenTests {
    @Test func everyReviewFileIsWellFormed() throws {
        let names = GoldenFile.names("review")
        #expect(names.count >= 11)
        for name in names {
            for (line, fields) in try GoldenFile.rows("review", name) {
                #expect(fields.count == 4, "\(name).tsv:\(line)")
            }
        }
    }

    /// The ids of the review's table (section 2), in its order: each has at least one golden case,
    /// so none of its 70 defects can come back unnoticed.
    static let reviewedDefects: [String] = [
        "N1", "N9", "O2", "E1", "E2", "E3", "E4", "E5", "N11", "O6", "O8", "T1", "P1", "E6",
        "N2", "N5", "N6", "N7", "O1", "O3", "O4", "O5", "O7", "O9", "R1", "R2", "E7", "E8",
        "E9", "E10", "E11", "E12", "E19", "N8", "E20", "N3", "N4", "O10", "E14", "E17", "E21", "E24",
        "E25", "E27", "G1", "G3", "O11", "T2", "T3", "R3", "R4", "P2", "E13", "E15", "E16", "E18",
        "E22", "E26", "E28", "G2", "G4", "T4", "P3", "P4", "P5", "P6", "N10", "R5", "E23", "E29"
    ]

    @Test func everyReviewedDefectHasAGoldenCase() {
        #expect(Self.reviewedDefects.count == 70)
        let covered = Set(loadReviewCases().map(\.id))
        #expect(Self.reviewedDefects.filter { !covered.contains($0) } == [])
    }

    @Test(arguments: loadReviewCases())
    func review(_ golden: ReviewCase) throws {
        let spoken = try SpokenForm.shared(locale: golden.locale)
        let said = try Self.speak(golden, with: spoken)
        #expect(said == golden.expected, "\(golden.locale).tsv:\(golden.line): said \"\(said)\"")
    }

    /// `command` is the CLI's command name, with options after colons ("ordinal:feminine:plural", "time:12h");
    /// `tag` answers with the SSML of `spokenform tag --format ssml`.
    static func speak(_ golden: ReviewCase, with spoken: SpokenForm) throws -> String {
        let parts = golden.command.split(separator: ":").map(String.init)
        let options = Set(parts.dropFirst())
        let gender: Gender? = options.contains("feminine") ? .feminine : options.contains("masculine") ? .masculine : options.contains("neuter") ? .neuter : nil
        let input = golden.input
        switch parts[0] {
        case "number": return try spoken.number(input, gender: gender)
        case "percent": return try spoken.percent(input)
        case "ordinal": return try spoken.ordinal(Int(input)!, gender: gender, plural: options.contains("plural"))
        case "year": return try spoken.year(Int(input)!)
        case "digits": return try spoken.digits(input)
        case "date": return try spoken.date(input, style: options.contains("full") ? .full : .long)
        case "time": return try spoken.time(input, style: options.first.map(TimeStyle.init(rawValue:)))
        case "datetime": return try spoken.dateTime(input)
        case "duration": return try spoken.duration(input)
        case "relative": return try spoken.dates.relative(input)
        case "phone": return try spoken.phone(input, options: .init(lenient: options.contains("lenient")))
        case "expand": return try spoken.expand(input).text
        case "tag": return try spoken.tag(input).ssml
        default:
            Issue.record("unknown command \(golden.command)")
            return ""
        }
    }
}

/// The review's "rejected inputs" whose answer is an error: the message must say what was
/// wrong without suggesting the very form it refused.
@Suite struct ReviewErrorMessageTests {
    @Test(arguments: ["de-DE", "es-ES", "it-IT", "pt-BR", "nl-NL"])
    func refusedNumberIsNotSuggested(_ locale: String) throws {
        let spoken = try SpokenForm.shared(locale: locale)
        do {
            _ = try spoken.number("123456.789")
            Issue.record("\(locale): 123456.789 was accepted")
        } catch SpokenFormError.invalidInput(_, let input, let expected) {
            #expect(input == "123456.789")
            #expect(!expected.contains("54038921.7"), "\(expected)")
            #expect(expected.contains("54038921,7"), "\(expected)")
        }
    }

    @Test func shortCodesAreNotCalledLocalNumbers() throws {
        let de = try SpokenForm.shared(locale: "de-DE")
        do {
            _ = try de.phone("112")
            Issue.record("112 was accepted")
        } catch SpokenFormError.invalidInput(_, _, let expected) {
            #expect(!expected.contains("area code"), "\(expected)")
            #expect(expected.contains("short code"), "\(expected)")
        }
    }

    @Test func aLeadingZeroGroupIsNeverAThousandsGroup() throws {
        // N1: "0.500.000" has a group after a leading zero: an error, never 500000.
        let de = try SpokenForm.shared(locale: "de-DE")
        #expect(throws: SpokenFormError.self) { try de.number("0.500.000") }
    }

    @Test func frCanadianTwoDigitYearIsNeverReadYearFirst() throws {
        // T1: 01/04/15 in fr-CA is the 1st of April 2015, not 2001-04-15.
        let ca = try SpokenForm.shared(locale: "fr-CA")
        #expect(try ca.date("01/04/15") == "premier avril deux mille quinze")
        #expect(throws: SpokenFormError.self) { try ca.date("31/31/2015") }
    }
}
