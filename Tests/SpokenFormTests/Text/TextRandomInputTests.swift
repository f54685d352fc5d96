import Foundation
import Testing
@testable import SpokenForm

/// Random text (any Unicode scalar, invalid UTF-8 replaced, very long lines) must never
/// trap, every rewrite's ranges must hold, and protected pieces planted in the text must
/// come out byte-identical; said a window at a time, each text says the same as at once.
/// `TEXT_FUZZ` sets the iteration count (default 300).
@Suite struct TextRandomInputTests {
    static let iterations = Int(ProcessInfo.processInfo.environment["TEXT_FUZZ"] ?? "") ?? 300

    static let protectedPieces = [
        "%1$@", "%2$lld", "%#@count@", "%d", "%@", "{name}", "{{code}}", "$(PRODUCT_NAME)", "<b>", "</a>",
        "https://example.com/a?id=42&x=1.5", "help@example.fr", "max_count_2", "config.json", "iPhone15", "x86",
    ]
    static let fragments = [
        "01/04/2015", "5h30", "17.30 Uhr", "5:30 PM", "06.11.22.33.06", "(201) 555-0123", "+33 6 11 22 33 06",
        "12,50 €", "$2.5 million", "25 %", "1er", "XXIe", "Louis XIV", "1/2", "½", "2015–2020", "9h-18h", "n° 2024-360785",
        "iOS 17.2", "1h 30m", "-3 °C", "+5 °C", "1.234,56", "1,234.56", "3 millions", "le", "am", "on", " ", "  ", "\n", "\t",
        "é", "ß", "日本", "😀", "\u{0301}", "\u{200B}", "\u{00A0}", "\u{202F}", "-", "–", "/", ".", ",", ":", "%", "#", "+", "'",
    ]

    static func randomScalar(_ rng: inout SplitMix64) -> Unicode.Scalar {
        while true {
            let pick = rng.next() % 10
            let value: UInt32
            switch pick {
            case 0...4: value = UInt32(0x20 + rng.next() % 0x5F)
            case 5, 6: value = UInt32(0x30 + rng.next() % 10)
            case 7: value = UInt32(0x80 + rng.next() % 0x780)
            case 8: value = UInt32(rng.next() % 0x10000)
            default: value = UInt32(rng.next() % 0x110000)
            }
            if let scalar = Unicode.Scalar(value) { return scalar }
        }
    }

    static func randomText(_ rng: inout SplitMix64, pieces: inout [String], length: Int) -> String {
        var text = ""
        while text.unicodeScalars.count < length {
            switch rng.next() % 6 {
            case 0:
                let piece = protectedPieces[Int(rng.next() % UInt64(protectedPieces.count))]
                text += " " + piece + " "
                pieces.append(piece)
            case 1, 2:
                text += fragments[Int(rng.next() % UInt64(fragments.count))]
            default:
                for _ in 0..<(1 + rng.next() % 8) { text.unicodeScalars.append(randomScalar(&rng)) }
            }
        }
        return text
    }

    @Test(arguments: ["fr-FR", "en-US", "de-DE", "es-ES", "it-IT", "pt-BR", "nl-NL"])
    func randomTextNeverTrapsAndKeepsProtectedPieces(locale: String) throws {
        let normalizer = try SpokenForm(locale: locale).texts
        var rng = SplitMix64(state: UInt64(locale.unicodeScalars.reduce(0) { $0 &* 31 &+ UInt64($1.value) }))
        for iteration in 0..<Self.iterations {
            var pieces: [String] = []
            let length = iteration % 50 == 0 ? 20_000 : Int(1 + rng.next() % 200)
            let input = Self.randomText(&rng, pieces: &pieces, length: length)
            let result = try normalizer.normalize(input)
            TextGolden.checkRanges(input, result, "\(locale) #\(iteration)")
            // Said a window at a time, of any size, with seams near or far behind the detectors
            // (`TextNormalizer.normalizeInWindows`): the same text and rewrites.
            // (Long inputs take longer windows: a debug run of 20,000 one-scalar steps is slow.)
            let windows = TextWindows(minimumBytes: 0, scalars: Int(1 + rng.next() % (length > 1_000 ? 500 : 40)),
                                      lookBack: rng.next() % 3 == 0 ? Int(rng.next() % 8) : Int(64 + rng.next() % 192))
            let windowed = try normalizer.normalizeWhole(input, only: nil, skip: [], addresses: false, recordingRewrites: true, windows: windows)
            let whole = input.utf8.count > TextWindows.standard.minimumBytes
                ? try normalizer.normalizeWhole(input, only: nil, skip: [], addresses: false, recordingRewrites: true, windows: nil) : result
            #expect(windowed == whole, "\(locale) #\(iteration): windows of \(windows.scalars), look-back \(windows.lookBack)")
            for piece in Set(pieces) {
                // Planted pieces stand between spaces; a piece's letters may also turn up inside random text.
                let before = input.components(separatedBy: " " + piece + " ").count
                let after = result.text.components(separatedBy: " " + piece + " ").count
                if after < before {
                    let culprits = result.rewrites.filter { $0.original.contains(piece) || piece.contains($0.original) }
                        .map { "\($0.kind): \($0.original.debugDescription)" }
                    Issue.record("\(locale) #\(iteration): \(piece) rewritten by \(culprits)")
                    if let path = ProcessInfo.processInfo.environment["TEXT_FUZZ_DUMP"] { try? input.write(toFile: path + "-\(locale)-\(iteration).txt", atomically: true, encoding: .utf8) }
                }
            }
            for rewrite in result.rewrites {
                #expect(!rewrite.spoken.unicodeScalars.contains("\u{00AD}"), "\(locale): soft hyphen in \(rewrite.spoken)")
            }
        }
    }

    /// Every decimal digit Unicode has (the zero of each block of ten, `Nd`), for texts whose
    /// digits and separators are not ASCII.
    static let digitZeros: [UInt32] = (UInt32(0)..<0x110000).compactMap { value -> UInt32? in
        guard let scalar = Unicode.Scalar(value), scalar.properties.numericType == .decimal,
              scalar.properties.numericValue == 0 else { return nil }
        return value
    }

    /// Text with digits of any block, separators of any script ("٫" is the decimal mark of
    /// `-u-nu-arab`), currencies and units before and after them, said in locales that
    /// write their numbers with other digits: never a trap, the ranges hold. (Audit 3's
    /// "EUR٫5" in en-US-u-nu-arab trapped: the cents reader read a number from the separator.)
    @Test(arguments: ["en-US-u-nu-arab", "fr-FR-u-nu-arabext", "de-DE-u-nu-deva", "es-ES-u-nu-beng",
                      "it-IT-u-nu-thai", "pt-BR-u-nu-fullwide", "nl-NL-u-nu-mymr", "en-GB-u-nu-latn"])
    func otherDigitsAndSeparatorsNeverTrap(locale: String) throws {
        let spoken = try SpokenForm(locale: locale)
        let normalizer = try spoken.texts
        let around = ["EUR", "USD", "€", "$", "£", "CHF ", "km", " %", "h", ":", "-", "–", "/", " ", "\u{00A0}", "\u{202F}",
                      ".", ",", "٫", "٬", "،", "٪", "'", "+", "−", "#", "n° ", "le ", "am ", "x", "°C", "\n"]
        var rng = SplitMix64(state: UInt64(locale.unicodeScalars.reduce(0) { $0 &* 31 &+ UInt64($1.value) }))
        for iteration in 0..<(Self.iterations * 2) {
            var input = ""
            for _ in 0..<(1 + rng.next() % 12) {
                if rng.next() % 2 == 0 {
                    input += around[Int(rng.next() % UInt64(around.count))]
                } else {
                    // A run of one to six digits of one block, or of ASCII digits.
                    let zero = rng.next() % 3 == 0 ? 0x30 : Self.digitZeros[Int(rng.next() % UInt64(Self.digitZeros.count))]
                    for _ in 0..<(1 + rng.next() % 6) { input.unicodeScalars.append(Unicode.Scalar(zero + UInt32(rng.next() % 10))!) }
                }
            }
            let result = try normalizer.normalize(input)
            TextGolden.checkRanges(input, result, "\(locale) #\(iteration) \(input.debugDescription)")
            _ = try spoken.expand(input)
            _ = try? spoken.labelLinter.lint(label: input)
        }
    }

    /// The audit's six characters, and their kin, in every locale of another numbering system:
    /// said, never a trap. Where the separator is "٫", "EUR٫5" is fifty cents, as "EUR.5" is in en-US.
    @Test func centsAfterAForeignSeparator() throws {
        #expect(try SpokenForm(locale: "en-US-u-nu-arab").text("EUR٫5").text == "fifty cents")
        #expect(try SpokenForm(locale: "en-US").text("EUR.5").text == "fifty cents")
        #expect(try SpokenForm(locale: "fr-FR-u-nu-arabext").text("€٫05").text == "cinq centimes")
        for locale in ["en-US-u-nu-arab", "en-US-u-nu-arabext", "fr-FR-u-nu-arab", "de-DE-u-nu-arab", "es-ES-u-nu-arabext"] {
            let spoken = try SpokenForm(locale: locale)
            for input in ["EUR٫5", "USD٫5", "€٫5", "$٫", "€٫٫5", "EUR٫5٫5", "EUR٫", "€-٫5"] {
                _ = try spoken.text(input)
                _ = try spoken.expand(input)
            }
        }
    }

    @Test func invalidUTF8IsReplacedNotTrapped() throws {
        let normalizer = try SpokenForm(locale: "fr-FR").texts
        var rng = SplitMix64(state: 42)
        for _ in 0..<200 {
            let bytes = (0..<(rng.next() % 300)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            let input = String(decoding: bytes + Array("le 01/04/2015 à 5h30".utf8), as: UTF8.self)
            let result = try normalizer.normalize(input)
            TextGolden.checkRanges(input, result, "invalid UTF-8")
            #expect(result.text.hasSuffix("le premier avril deux mille quinze à cinq heures trente") || !result.rewrites.isEmpty)
        }
    }

    @Test func veryLongLineWithNothingToRewrite() throws {
        let input = String(repeating: "Bonjour le monde, tout va bien ici. ", count: 30_000)
        let result = try SpokenForm(locale: "fr-FR").texts.normalize(input)
        #expect(result.text == input)
        #expect(result.rewrites.isEmpty)
    }
}
