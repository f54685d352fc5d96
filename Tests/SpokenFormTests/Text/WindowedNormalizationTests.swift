import Foundation
import Testing
@testable import SpokenForm

/// A long text is detected and resolved a window at a time (`TextNormalizer.normalizeInWindows`,
/// issue 18, finding 5: a huge line without a place to cut it kept every candidate until the
/// end, about 24 times its size). The windows must say exactly what the whole text says, with
/// the same rewrites, wherever a window ends: the texts here are generated from fragments
/// with every class and the rules that look at a neighbour (a sign, a code word, a date
/// followed by a time, ranges, elisions), glued without a line feed, and said with windows
/// from one scalar to a thousand.
@Suite struct WindowedNormalizationTests {
    static let fragments: [String: [String]] = [
        "fr-FR": ["Dr Martin, 3 av. Foch, 12,50 €.", "RDV le 01/04/2015 à 5h30 au 06.11.22.33.06,", "ou le 2 mai de 9h-18h.",
                  "Prix : 1,5 million d’euros, puis 12,50 € et 10-12 km ;", "21 pages, 1 heure.", "Le XXIe siècle, François Ier ;",
                  "%1$@ a réservé %2$lld places le 01/04.", "n° 2024-360785", "+5 °C", "de 1 €", "que 1 place",
                  "10:20:30, version 2.4.1, 3 % de remise.", "tél. 612345678", "1/2", "½", "1er", "M. Dupont", "env. 5 km/h",
                  "Louis XIV", "chapitre IV", "1 000 000 €", "-3,20 €", "2015–2020", "<b>5</b>", "{name}", "lun.-ven. 9-18",
                  "17/18 juin", "1h 30m", "#12", "A4", "12,5 %"],
        "en-US": ["Dr Smith, 3 Main St., $12.50.", "Doors open at 9:30", "Call +1 650-253-0000 or (650) 253-0000.",
                  "$2.5 million", "5:30 PM", "April 1, 2015", "1st", "No. 5", "10-12 km", "1/2", "+5 °C", "about 3%", "v2.4.1",
                  "order #12345", "from 9am-5pm", "in 2015", "the '90s", "Mr. Jones", "approx. 5 kg", "World War II",
                  "Henry VIII", "12 ft", "1,234,567", "-3.20 $"],
        "de-DE": ["Dr. Müller, Hauptstr. 3, 12,50 €.", "am 1. April 2015 um 17.30 Uhr", "am Sonntag, 4. Februar",
                  "Tel. 030 1234567", "z.B. 5 km", "9–17 Uhr", "2,5 Mrd. €", "22. 2. 2024", "Sie haben heute 1 Anruf", "1/2",
                  "+5 °C", "3 %", "Nr. 12345", "ca. 10-12 km", "Ludwig XIV.", "1.000.000 €", "usw.", "Kap. 3",
                  "01.04.2015 05:30", "5. Mai", "1h 30min"],
    ]

    /// `fragments` in a seeded random order, glued by spaces, commas or dashes (never a line
    /// feed), to at least `bytes` bytes.
    static func text(_ locale: String, bytes: Int, seed: UInt64) -> String {
        var generator = SplitMix64(state: seed)
        let fragments = Self.fragments[locale]!
        let glues = [" ", " ", " ", ", ", "  ", " – ", " ; "]
        var text = ""
        while text.utf8.count < bytes {
            text += fragments[Int(generator.next() % UInt64(fragments.count))]
            text += glues[Int(generator.next() % UInt64(glues.count))]
        }
        return text
    }

    @Test(arguments: ["fr-FR", "en-US", "de-DE"])
    func windowsSayWhatTheWholeTextSays(locale: String) throws {
        let normalizer = try SpokenForm(locale: locale).texts
        let text = Self.text(locale, bytes: 12_000, seed: 18)
        let whole = try normalizer.normalizeWhole(text, only: nil, skip: [], addresses: false, recordingRewrites: true, windows: nil)
        #expect(whole.rewrites.count > 500)
        for scalars in [1, 7, 61, 1000] {
            let windows = TextWindows(minimumBytes: 0, scalars: scalars, lookBack: TextWindows.standard.lookBack)
            let windowed = try #require(try normalizer.normalizeInWindows(normalizer.scanned(text, addresses: false), windows: windows,
                                                                          only: nil, skip: [], addresses: false, recordingRewrites: true),
                                        "windows of \(scalars) scalars fell back to the whole text")
            #expect(windowed.text == whole.text, "windows of \(scalars) scalars")
            #expect(windowed.rewrites == whole.rewrites, "windows of \(scalars) scalars")
        }
        // Seams right behind the detectors (a sign, a code word may start before where one
        // stands): said in windows or, when a candidate turns up behind a seam, at once; the
        // same either way.
        let tight = TextWindows(minimumBytes: 0, scalars: 5, lookBack: 2)
        let spoken = try normalizer.normalizeWhole(text, only: nil, skip: [], addresses: false, recordingRewrites: true, windows: tight)
        #expect(spoken == whole)
    }

    /// What the reference says, read by someone who reads each language: the comparison above
    /// is worth only as much.
    @Test func theWholeTextSaysTheFragmentsAsAReaderDoes() throws {
        let fr = try SpokenForm(locale: "fr-FR").texts
        let frText = "Dr Martin, 3 av. Foch, 12,50 €. n° 2024-360785 ; de 1 € ; RDV le 01/04/2015 à 5h30."
        #expect(try fr.normalizeWhole(frText, only: nil, skip: [], addresses: false, recordingRewrites: false,
                                      windows: TextWindows(minimumBytes: 0, scalars: 3, lookBack: 8)).text
                == "docteur Martin, trois avenue Foch, douze euros cinquante. numéro deux zéro deux quatre, trois six zéro sept huit cinq ; "
                + "d'un euro ; rendez-vous le premier avril deux mille quinze à cinq heures trente.")
        let de = try SpokenForm(locale: "de-DE").texts
        #expect(try de.normalizeWhole("am 1. April 2015 um 17.30 Uhr, +5 °C", only: nil, skip: [], addresses: false, recordingRewrites: false,
                                      windows: TextWindows(minimumBytes: 0, scalars: 2, lookBack: 4)).text
                == "am ersten April zweitausendfünfzehn um siebzehn Uhr dreißig, plus fünf Grad Celsius")
    }

    /// The public path windows a text of more than 64 KiB without a place to cut it (the
    /// audit's line), and a text without a place to cut it says the same as one said whole.
    @Test func aLongLineWithoutACutPointIsSaidInWindows() throws {
        let normalizer = try SpokenForm(locale: "fr-FR").texts
        let text = String(repeating: "Dr Martin, 3 av. Foch, 12,50 €. ", count: 2_200)
        #expect(text.utf8.count > TextWindows.standard.minimumBytes)
        let windowed = try #require(try normalizer.normalizeInWindows(normalizer.scanned(text, addresses: false), windows: .standard,
                                                                      only: nil, skip: [], addresses: false, recordingRewrites: false))
        let whole = try normalizer.normalizeWhole(text, only: nil, skip: [], addresses: false, recordingRewrites: false, windows: nil)
        #expect(windowed.text == whole.text)
        #expect(try normalizer.normalizedText(text) == whole.text)
        #expect(whole.text.hasPrefix("docteur Martin, trois avenue Foch, douze euros cinquante. docteur Martin"))
    }

    /// en "9:30" is said without AM/PM unless the text writes a 24-hour time: one written at the
    /// end decides for the first window too, as it does for the whole text.
    @Test func aTwentyFourHourTimeAtTheEndSetsTheClockOfTheFirstWindow() throws {
        let normalizer = try SpokenForm(locale: "en-US").texts
        let text = String(repeating: "Doors open at 9:30, ", count: 400) + "the last entry is at 18:00."
        let windows = TextWindows(minimumBytes: 0, scalars: 50, lookBack: 100)
        let windowed = try #require(try normalizer.normalizeInWindows(normalizer.scanned(text, addresses: false), windows: windows,
                                                                      only: nil, skip: [], addresses: false, recordingRewrites: false))
        #expect(windowed.text.hasPrefix("Doors open at nine thirty AM, Doors open"))
        #expect(windowed.text.hasSuffix("the last entry is at six PM."))
        #expect(windowed.text == (try normalizer.normalizeWhole(text, only: nil, skip: [], addresses: false, recordingRewrites: false,
                                                                 windows: nil).text))
    }

    /// Kinds left out and addresses spelled: the windows choose and say the same.
    @Test func onlySkipAndAddressesInWindows() throws {
        let normalizer = try SpokenForm(locale: "fr-FR").texts
        let text = Self.text("fr-FR", bytes: 6_000, seed: 5) + " écrire à anna.b@exemple.fr ou www.a.fr, le 01/04/2015"
        let windows = TextWindows(minimumBytes: 0, scalars: 13, lookBack: 64)
        for (only, skip) in [(Set<Spoken.Rewrite.Kind>?.none, Set<Spoken.Rewrite.Kind>([.date, .cardinal])),
                             (Set<Spoken.Rewrite.Kind>([.money, .phone]), Set<Spoken.Rewrite.Kind>())] {
            let whole = try normalizer.normalizeWhole(text, only: only, skip: skip, addresses: true, recordingRewrites: true, windows: nil)
            let windowed = try normalizer.normalizeWhole(text, only: only, skip: skip, addresses: true, recordingRewrites: true, windows: windows)
            #expect(windowed == whole)
        }
        let spelled = try normalizer.normalizeWhole(text, only: nil, skip: [], addresses: true, recordingRewrites: false, windows: windows)
        #expect(spelled.text.contains("anna point b arobase exemple point f r"))
    }

    /// The seam: the greatest position up to the target that no pending candidate crosses.
    @Test func theSeamIsThePositionNoCandidateCrosses() {
        func candidate(_ start: Int, _ end: Int) -> TextCandidate { TextCandidate(start: start, end: end, kind: .cardinal, spoken: "x") }
        #expect(TextNormalizer.seam(before: 50, after: 0, []) == 50)
        #expect(TextNormalizer.seam(before: 50, after: 0, [[candidate(10, 20)], [candidate(40, 60)]]) == 40)
        // Overlapping spans chain: 30..<45 reaches past 40..<60's start.
        #expect(TextNormalizer.seam(before: 50, after: 0, [[candidate(10, 35), candidate(30, 45)], [candidate(40, 60)]]) == 10)
        #expect(TextNormalizer.seam(before: 50, after: 10, [[candidate(10, 60)]]) == 10)
        #expect(TextNormalizer.seam(before: 5, after: 10, [[candidate(12, 14)]]) == 10)
    }
}
