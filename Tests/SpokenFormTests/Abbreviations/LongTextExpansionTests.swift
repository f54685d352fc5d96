import Foundation
import Testing
@testable import SpokenForm

/// A text longer than `AbbreviationExpander.pieceBytes` is scanned in pieces (issue 18,
/// finding 5: a 16 MiB cell needed 791 MB). The pieces must expand exactly as the whole
/// text does, and every rewrite must still point at its original and its words.
@Suite struct LongTextExpansionTests {
    static let fr = try! SpokenForm(locale: "fr-FR")

    /// Lines that use every rule that looks at a neighbour: titles before names, sentence
    /// ends, house numbers, ranges, money with scale words, opening hours, ordinals, units in
    /// context, a name particle, and a long digit string.
    static let sample = [
        "Mme la directrice et M. de Gaulle habitent au 3 av. Foch, à 5 min.",
        "Prix : 1,5 million d’euros, puis 12,50 € et 10-12 km ; lun.-ven. 9h-18h.",
        "Le XXIe siècle commence ; François Ier et Louis XIV régnaient, etc.",
        "Durée 1h 30m, ouvert 7j/7, 24h/24, soit env. 20 pers. le 1er mai.",
        "voilà quelque chose comme trente pages entières avant", // quiet pairs: cut places
        String(repeating: "1", count: 300),
    ]

    static func text(bytes: Int, separator: String) -> String {
        repeatedLines(sample, bytes: bytes, separator: separator)
    }

    @Test(arguments: ["\n", " ", "\r\n"])
    func piecesExpandAsTheWholeText(separator: String) throws {
        let expander = try Self.fr.abbreviations
        let text = Self.text(bytes: 3 * AbbreviationExpander.pieceBytes, separator: separator)
        let pieces = expander.pieces(of: text)
        #expect(pieces.count > 1, "the text must be cut for this test to mean anything")
        #expect(pieces.joined() == text)
        // The reference: each line alone (a line break is a hard boundary) or, on one line,
        // the scan over the whole text without cutting.
        let whole: String
        if separator == " " {
            var scanned = ScannedText(text)
            scanned.markProtectedRegions(dottedWords: expander.matcher.dottedKeys)
            whole = try expander.expand(scanned).text
        } else {
            whole = try text.components(separatedBy: separator).map { try expander.expand($0).text }.joined(separator: separator)
        }
        let spoken = try expander.expand(text)
        #expect(spoken.text == whole)
        #expect(try expander.expandedText(text) == whole)
        #expect(spoken.rewrites.count > 100)
        expectRewritesInPlace(spoken, input: text)
    }

    /// A cut is never made next to a number, a title, a short link word or a key with a space.
    @Test func cutsOnlyBetweenQuietWords() throws {
        let expander = try Self.fr.abbreviations
        let text = Self.text(bytes: 2 * AbbreviationExpander.pieceBytes, separator: " ")
        for piece in expander.pieces(of: text).dropLast() {
            let words = piece.split(separator: " ")
            let last = try #require(words.last)
            #expect(piece.hasSuffix(" ") && last.count >= 4 && last.allSatisfy { $0.isASCII && $0.isLowercase }, "cut after \(last)")
        }
    }
}
