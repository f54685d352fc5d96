import Foundation
import Testing
@testable import SpokenForm

/// A text longer than `AbbreviationExpander.pieceBytes` is said in pieces (issue 18, finding
/// 5: prose cost about 40 times its size). The pieces must say exactly what the whole text
/// says, and every rewrite must still point at its original and its words.
@Suite struct LongTextNormalizationTests {
    static let fr = try! SpokenForm(locale: "fr-FR")

    /// Lines with every class and the rules that look at a neighbour: a date followed by a
    /// time, a phone number, money with a scale word, a range, ordinals, a count agreeing
    /// with its noun, a placeholder, and pairs of quiet words where a cut may fall.
    static let sample = [
        "RDV le 01/04/2015 à 5h30 au 06.11.22.33.06, ou le 2 mai de 9h-18h.",
        "Prix : 1,5 million d’euros, puis 12,50 € et 10-12 km ; 21 pages, 1 heure.",
        "Le XXIe siècle, François Ier ; %1$@ a réservé %2$lld places le 01/04.",
        "voilà quelque chose comme trente pages entières avant",
        "Dernière synchronisation à 10:20:30, version 2.4.1, 3 % de remise.",
    ]

    @Test(arguments: ["\n", " "])
    func piecesSayWhatTheWholeTextSays(separator: String) throws {
        let normalizer = try Self.fr.texts
        // Just over one piece: two pieces are enough to check the seam (and keep a debug run short).
        let text = repeatedLines(Self.sample, bytes: AbbreviationExpander.pieceBytes * 5 / 4, separator: separator)
        #expect(try Self.fr.abbreviations.pieces(of: text).count > 1, "the text must be cut for this test to mean anything")
        // The reference: the whole text said in one scan, without cutting.
        let whole = try normalizer.normalizeWhole(text, only: nil, skip: [], addresses: false, recordingRewrites: false, windows: nil).text
        // A spot check that the reference itself says the sample as a reader does.
        #expect(whole.hasPrefix("rendez-vous le premier avril deux mille quinze à cinq heures trente au zéro six, onze, vingt-deux, trente-trois, zéro six"))
        #expect(whole.contains("à dix heures vingt et trente secondes"))
        let spoken = try normalizer.normalize(text)
        #expect(spoken.text == whole)
        #expect(try normalizer.normalizedText(text) == whole)
        #expect(spoken.rewrites.count > 500)
        expectRewritesInPlace(spoken, input: text)
    }

    /// en "9:30" is said without AM/PM unless the text writes a 24-hour time: one written in
    /// the last piece decides for the first piece too, as it does for the whole text.
    @Test func aTwentyFourHourTimeInOnePieceSetsTheClockOfAll() throws {
        let en = try SpokenForm(locale: "en-US")
        let normalizer = try en.texts
        let opening = repeatedLines(["Doors open at 9:30 for the early visitors of the museum"],
                                    bytes: AbbreviationExpander.pieceBytes * 5 / 4, separator: "\n")
        let text = opening + "\nThe last entry is at 18:00."
        #expect(try en.abbreviations.pieces(of: text).count > 1, "the text must be cut for this test to mean anything")
        let whole = try normalizer.normalizeWhole(text, only: nil, skip: [], addresses: false, recordingRewrites: false, windows: nil).text
        #expect(whole.hasPrefix("Doors open at nine thirty AM for the early visitors"))
        #expect(whole.hasSuffix("The last entry is at six PM."))
        #expect(try normalizer.normalizedText(text) == whole)
        // Without the 24-hour time, the same opening keeps its unmarked hour.
        #expect(try normalizer.normalizedText(opening).hasPrefix("Doors open at nine thirty for the early visitors"))
    }
}
