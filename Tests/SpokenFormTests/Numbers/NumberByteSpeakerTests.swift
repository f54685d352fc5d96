import Foundation
import Testing
@testable import SpokenForm

/// `NumberByteSpeaker` (the CSV number column's path: bytes in, words appended to a byte
/// buffer) must say exactly what `NumberSpeller.number(_:gender:)` says, or hand the text
/// back untouched so that the caller asks `number(_:gender:)` itself.
@Suite struct NumberByteSpeakerTests {
    /// Texts of every shape a number cell holds: plain integers of 1 to 22 digits, negatives,
    /// the locale's grouping, decimals, a written "+", zero and minus zero, and non-numbers.
    static func texts(count: Int, seed: UInt64) -> [String] {
        var random = SplitMix64(state: seed)
        var texts = ["0", "-0", "+0", "1", "-1", "+5", "21", "80", "100", "1000", "1001", "-21000", "999999999999999999",
                     "1000000000000000000", "-1000000000000000000", "123456789012345678901", "1 234", "1 234,5", "1,234.5",
                     "1.234,5", "3,05", "0,5", "-0,25", "12abc", "abc", "", " ", " 42 ", "١٢٣", "1e5", "--5", "5-", "+-5",
                     "\u{202F}1\u{202F}234", "1\u{00A0}234", "٫5"]
        for _ in 0..<count {
            let digits = Int(random.next() % 20) + 1
            var text = random.next() % 4 == 0 ? "-" : ""
            for index in 0..<digits {
                let digit = random.next() % 10
                text += String(index == 0 && digits > 1 ? max(1, digit) : digit)
            }
            switch random.next() % 8 {
            case 0: text += ",\(random.next() % 100)"
            case 1: text += ".\(random.next() % 1000)"
            default: break
            }
            texts.append(text)
        }
        return texts
    }

    /// The texts `speaker` says differently from `number(_:gender:)` (at most 5), and how
    /// many it said itself.
    static func compare(_ speller: NumberSpeller, gender: Gender?, texts: [String]) throws -> (mismatches: [String], spoken: Int) {
        let speaker = NumberByteSpeaker(speller, gender: gender)
        var mismatches: [String] = []
        var spoken = 0
        var out: [UInt8] = Array("prefix|".utf8)
        for text in texts {
            let reference = try? speller.number(text, gender: gender)
            out.removeSubrange(7...)
            let said = try Array(text.utf8).withUnsafeBufferPointer { try speaker.append($0, to: &out) }
            let words = String(decoding: out[7...], as: UTF8.self)
            if said {
                spoken += 1
                if words != reference, mismatches.count < 5 {
                    mismatches.append("\(speller.locale.tag) \(gender?.rawValue ?? "-") '\(text)': '\(words)' != '\(reference ?? "error")'")
                }
            } else if !words.isEmpty, mismatches.count < 5 {
                mismatches.append("\(speller.locale.tag) '\(text)': handed back, but '\(words)' was appended")
            }
            #expect(out.starts(with: Array("prefix|".utf8)))
        }
        return (mismatches, spoken)
    }

    @Test(arguments: ["fr-FR", "en-US", "de-DE", "es-ES", "it-IT", "pt-BR", "nl-NL", "en-GB", "en-IN", "fr-CH", "ru-RU"])
    func speaksWhatNumberSpeaks(_ tag: String) throws {
        let speller = try SpokenForm(locale: tag).numbers
        let texts = Self.texts(count: 20_000, seed: 29)
        for gender in [nil] + Gender.allCases {
            let (mismatches, spoken) = try Self.compare(speller, gender: gender, texts: texts)
            #expect(mismatches == [])
            // Most texts are plain numbers the speaker says itself: the comparison is not empty.
            #expect(spoken > texts.count / 2, "\(tag) \(gender?.rawValue ?? "-"): \(spoken) of \(texts.count) said")
        }
    }

    /// Traditional and reform French spellings both keep their own pieces.
    @Test func reformSpellingSpeaksWhatNumberSpeaks() throws {
        let speller = try SpokenForm(locale: "fr-FR", options: .init(numberSpelling: .reform)).numbers
        let (mismatches, _) = try Self.compare(speller, gender: nil, texts: Self.texts(count: 5_000, seed: 31))
        #expect(mismatches == [])
    }

    @Test func spokenWordsAreAppended() throws {
        let fr = try SpokenForm(locale: "fr-FR").numbers
        let speaker = NumberByteSpeaker(fr, gender: nil)
        var out: [UInt8] = []
        for text in ["-320874", "21", "80000", "2000000"] {
            #expect(try Array(text.utf8).withUnsafeBufferPointer { try speaker.append($0, to: &out) })
            out.append(UInt8(ascii: "|"))
        }
        #expect(String(decoding: out, as: UTF8.self)
                == "moins trois cent vingt mille huit cent soixante-quatorze|vingt et un|quatre-vingt mille|deux millions|")
        // A written "+" and text that is not a number are left to `number(_:gender:)`, untouched.
        for text in ["+5", "douze"] {
            #expect(try !Array(text.utf8).withUnsafeBufferPointer { try speaker.append($0, to: &out) })
        }
        #expect(out.count == "moins trois cent vingt mille huit cent soixante-quatorze|vingt et un|quatre-vingt mille|deux millions|".utf8.count)
    }
}
