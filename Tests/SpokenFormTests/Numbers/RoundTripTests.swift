import Foundation
import Testing
@testable import SpokenForm

/// Spells random numbers and reads them back with an independent parser: ICU's
/// rule-based parser in lenient mode, which knows nothing of SpokenForm's
/// corrections, large-number scale words or decimal readings.
@Suite struct NumberRoundTripTests {
    static let locales = ["fr-FR", "en-US", "de-DE", "es-ES", "it-IT", "pt-BR", "nl-NL"]
    static let count = 10_000

    /// Random integers with a spread of magnitudes (up to 10^15, where ICU's parser
    /// still returns exact doubles), some negative, some decimals.
    static func randomValues(seed: UInt64) -> [DecimalText] {
        var rng = SplitMix64(state: seed)
        return (0..<count).map { i in
            let digits = Int.random(in: 1...15, using: &rng)
            let magnitude = Int64.random(in: 0..<Int64(pow(10.0, Double(digits))), using: &rng)
            let negative = i % 10 == 3
            var fraction = ""
            if i % 4 == 1 { fraction = String(Int.random(in: 1...99, using: &rng)) }
            return DecimalText(isNegative: negative, integer: String(magnitude), fraction: fraction)
        }
    }

    /// Reads SpokenForm's words back to a value with ICU's parser. Decimals are split at
    /// the decimal word; the fraction is read as a whole number after its spoken zeros
    /// (fr/es/it/pt/nl) or digit by digit (en/de).
    static func parseBack(_ words: String, _ speller: NumberSpeller) throws -> Decimal? {
        var text = words
        var negative = false
        let minus = try speller.cardinal(-2).replacingOccurrences(of: try speller.cardinal(2), with: "").trimmingCharacters(in: .whitespaces)
        if text.hasPrefix(minus + " ") { negative = true; text = String(text.dropFirst(minus.count + 1)) }
        let parts = text.components(separatedBy: " " + speller.decimalWord + " ")
        // ICU returns a double; below 10^15 it is exact, and Decimal(Double) is not: go through Int64.
        func readInteger(_ words: String) -> Int64? {
            if speller.locale.language == "it" { return ItalianNumberReader.read(words) }
            return speller.parseSpelled(words).flatMap { Int64(exactly: $0) }
        }
        guard parts.count <= 2, let whole = readInteger(parts[0]) else { return nil }
        var value = Decimal(whole)
        if parts.count == 2 {
            var fractionDigits = ""
            var rest = parts[1].split(separator: " ").map(String.init)
            let zero = try speller.cardinal(0)
            while rest.first == zero && rest.count > 1 { fractionDigits += "0"; rest.removeFirst() }
            if speller.data.fractionReading == .digits {
                for word in rest {
                    guard let digit = readInteger(word) else { return nil }
                    fractionDigits += String(digit)
                }
            } else {
                guard let number = readInteger(rest.joined(separator: " ")) else { return nil }
                fractionDigits += String(number)
            }
            guard let fraction = Decimal(string: "0." + fractionDigits) else { return nil }
            value += fraction
        }
        return negative ? -value : value
    }

    /// ICU's Italian parser (and PyPI text2num's) cannot read elided compounds such as
    /// "centottantotto" (cento + ottantotto) once ICU's soft hyphens are removed, which
    /// SpokenForm must do. This reader splits Italian number words into morphemes on its own.
    struct ItalianNumberReader {
        static let morphemes: [(String, Int64)] = [
            ("zero", 0), ("uno", 1), ("una", 1), ("un", 1), ("due", 2), ("tré", 3), ("tre", 3), ("quattro", 4), ("cinque", 5),
            ("sei", 6), ("sette", 7), ("otto", 8), ("nove", 9), ("dieci", 10), ("undici", 11), ("dodici", 12), ("tredici", 13),
            ("quattordici", 14), ("quindici", 15), ("sedici", 16), ("diciassette", 17), ("diciotto", 18), ("diciannove", 19),
            ("venti", 20), ("vent", 20), ("trenta", 30), ("trent", 30), ("quaranta", 40), ("quarant", 40), ("cinquanta", 50),
            ("cinquant", 50), ("sessanta", 60), ("sessant", 60), ("settanta", 70), ("settant", 70), ("ottanta", 80),
            ("ottant", 80), ("novanta", 90), ("novant", 90), ("cento", 100), ("cent", 100), ("mille", 1_000), ("mila", 1_000),
            ("milioni", 1_000_000), ("milione", 1_000_000), ("miliardi", 1_000_000_000), ("miliardo", 1_000_000_000),
            ("bilioni", 1_000_000_000_000), ("bilione", 1_000_000_000_000),
        ].sorted { $0.0.count > $1.0.count }

        /// Reads "due miliardi novecentottantacinque milioni ..." to its value.
        static func read(_ text: String) -> Int64? {
            guard let values = split(Substring(text.replacingOccurrences(of: " ", with: ""))) else { return nil }
            var total: Int64 = 0, current: Int64 = 0
            for value in values {
                switch value {
                case 100: current = (current == 0 ? 1 : current) * 100
                case 1_000...: total += (current == 0 ? 1 : current) * value; current = 0
                default: current += value
                }
            }
            return total + current
        }

        /// Splits the text into morphemes, backtracking ("cento" vs "cent" + "ottanta").
        private static func split(_ rest: Substring) -> [Int64]? {
            if rest.isEmpty { return [] }
            for (word, value) in morphemes where rest.hasPrefix(word) {
                if let tail = split(rest.dropFirst(word.count)) { return [value] + tail }
            }
            return nil
        }
    }

    @Test func italianReaderReadsElisions() {
        #expect(ItalianNumberReader.read("centottantotto") == 188)
        #expect(ItalianNumberReader.read("due miliardi novecentottantacinque milioni cinquecentonovemilatrecentocinquantuno") == 2_985_509_351)
        #expect(ItalianNumberReader.read("ventitré") == 23)
        #expect(ItalianNumberReader.read("mille") == 1_000)
    }

    @Test(arguments: locales)
    func tenThousandRandomNumbersReadBack(_ tag: String) throws {
        let speller = try SpokenForm(locale: tag).numbers
        var failures: [String] = []
        for value in Self.randomValues(seed: UInt64(abs(tag.hashValue % 1000)) + 7) {
            let words = try speller.cardinal(value)
            let expected = Decimal(string: value.description)!
            if try Self.parseBack(words, speller) != expected { failures.append("\(value) -> \(words)") }
        }
        let count = failures.count
        let examples = failures.prefix(5).joined(separator: "; ")
        #expect(count == 0, "\(tag): \(count) of \(Self.count) did not read back, e.g. \(examples)")
    }
}
