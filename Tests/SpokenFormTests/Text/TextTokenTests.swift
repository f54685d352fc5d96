import Testing
@testable import SpokenForm

/// Typed tokens (issue 34, item 1): detectors propose without words, and only the winners of
/// arbitration are said.
@Suite struct TextTokenTests {
    /// A candidate stays 32 bytes of which the token is plain data: copied as bytes.
    @Test func candidatesStayNarrowAndPlain() {
        #expect(MemoryLayout<TextCandidate>.size <= 32)
        #expect(_isPOD(TextToken.self))
        #expect(MemoryLayout<NumberToken>.size == 1)
    }

    /// The numbers inside a measure, a date and an amount are proposed typed: no word of
    /// theirs is made, and what wins is said in full (rows of Golden/text/fr-FR.tsv).
    @Test(arguments: [
        ("Il fait +5 °C à Paris, -3 °C à Lyon.", "Il fait plus cinq degrés Celsius à Paris, moins trois degrés Celsius à Lyon."),
        ("Rendez-vous le 1er avril 2015 à 14h30.", "Rendez-vous le premier avril deux mille quinze à quatorze heures trente."),
        ("Prix : 12,50 € TTC", "Prix : douze euros cinquante toutes taxes comprises"),
    ])
    func numbersInsideOtherFormsAreNotSpelled(written: String, spoken: String) throws {
        let french = try SpokenForm(locale: "fr-FR")
        let normalizer = try french.texts
        let text = normalizer.scanned(written, addresses: false)
        var candidates: [TextCandidate] = []
        try NumberDetector().detect(in: text, context: normalizer.context, into: &candidates)
        let counts = candidates.filter { $0.kind == .cardinal || $0.kind == .year }
        #expect(!counts.isEmpty)
        #expect(counts.allSatisfy { $0.isUnsaid && $0.spoken.isEmpty })
        #expect(try french.text(written).text == spoken)
    }

    /// Each typed form said by its verbalizer, as a reader of the language says it (rows of the
    /// golden files of each language).
    @Test func typedFormsAreSaidWhenTheyWin() throws {
        let en = try SpokenForm(locale: "en-US")
        #expect(try en.text("Save 10%-20% today").text == "Save ten to twenty percent today")
        #expect(try en.text("Stats for the 2015-16 season").text == "Stats for the twenty fifteen to twenty sixteen season")
        #expect(try en.text("The 1999-00 budget").text == "The nineteen ninety-nine to two thousand budget")
        #expect(try en.text("Pick a value between 5-10").text == "Pick a value between five and ten")
        let it = try SpokenForm(locale: "it-IT")
        // units.txt `range-start` opens a range of counts; after "tra" it is dropped and the ends take "e".
        #expect(try it.text("Il valore deve essere tra 62 - 126 cm").text == "Il valore deve essere tra sessantadue e centoventisei centimetri")
        let de = try SpokenForm(locale: "de-DE")
        #expect(try de.text("Akku bei 15 %.").text == "Akku bei fünfzehn Prozent.")
    }
}
