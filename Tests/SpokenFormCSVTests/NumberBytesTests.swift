import Foundation
import SpokenForm
import Testing
@testable import SpokenFormCSV

/// The `number` kind speaks its cells from bytes (`NumberByteSpeaker`, written straight into
/// the output); the same closure as a kind of another name takes the general way (a
/// `String` per cell, the answer cache, `guarded` and `appendEscaped`). Both must write the
/// same bytes and report the same problems, whatever the delimiter, quoting, locale column,
/// output mode and formula escaping.
@Suite struct NumberBytesTests {
    static let cells = ["0", "-0", "21", "-7", "+5", "80000", "1 234,5", "3,14", "12,5", "999999999999", "-320874",
                        "1000000000000000000", "123456789012345678901", "", "abc", " 42 ", "\t42", "42 ", "1e5",
                        "1\u{202F}234", "12 abc", "=1+1", "-", "@", "5,", "0,05"]
    static let locales = ["fr-FR", "de-DE", "nl-NL", "es-ES", "", "fr-FR-x-private", "zz-ZZ", "not a tag"]

    /// The 8-bytes-at-a-time test for words that need quotes answers as a byte loop does:
    /// every length 0-40, each target byte (and bytes next to it: 0x21, 0x23, 0x0B, 0x0C,
    /// 0xA2, 0xAC) at every position, and random words with high bytes.
    @Test func quotingTestIsTheByteLoops() {
        var random = SeededGenerator(seed: 11)
        for delimiter: UInt8 in [0x2C, 0x3B, 0x09, 0x7C] {
            for length in 0...40 {
                for trial in 0..<60 {
                    var words = (0..<length).map { _ in UInt8(0x61 + random.next() % 26) }
                    if trial % 3 == 1, length > 0 { words[Int(random.next() % UInt64(length))] = UInt8(truncatingIfNeeded: random.next()) }
                    if trial % 3 == 2, length > 0 {
                        let pick: [UInt8] = [delimiter, 0x22, 0x0A, 0x0D, 0x21, 0x23, 0x0B, 0x0C, 0xA2, 0xAC, delimiter &+ 1, delimiter &- 1]
                        words[Int(random.next() % UInt64(length))] = pick[Int(random.next() % UInt64(pick.count))]
                    }
                    let expected = words.contains { $0 == delimiter || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }
                    let got = words.withUnsafeBufferPointer { ConversionPlan.holdsDelimiterQuoteOrLineBreak($0, delimiter: delimiter) }
                    #expect(got == expected, "\(words) with delimiter \(delimiter)")
                }
            }
        }
    }

    static func input(seed: UInt64, delimiter: Character, rows: Int) -> String {
        var random = SeededGenerator(seed: seed)
        func field(_ value: String) -> String {
            let special = value.contains(delimiter) || value.contains("\"") || value.contains("\n") || value.contains("\r")
            return special || random.next() % 5 == 0 ? "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : value
        }
        let d = String(delimiter)
        var text = ["lang", "n", "note", "m"].map { $0.contains(delimiter) ? "\"\($0)\"" : $0 }.joined(separator: d) + "\n"
        for i in 0..<rows {
            let lang = locales[Int(random.next() % UInt64(locales.count))]
            let n = random.next() % 3 == 0 ? cells[Int(random.next() % UInt64(cells.count))] : String(Int(random.next() % 2_000_001) - 1_000_000)
            let m = cells[Int(random.next() % UInt64(cells.count))]
            text += [field(lang), field(n), field("note \(i)"), field(m)].joined(separator: d) + "\n"
        }
        return text
    }

    @Test(arguments: [(1, ","), (2, ";"), (3, "e"), (4, "-"), (5, " "), (6, "\t")] as [(UInt64, Character)])
    func bytePathWritesWhatTheGeneralPathWrites(seed: UInt64, delimiter: Character) throws {
        let input = Self.input(seed: seed, delimiter: delimiter, rows: 600)
        let number = try CSVKind.named("number")
        let general = CSVKind("number-general", options: number.acceptedOptions, convert: number.convert)
        for escapeFormulas in [false, true] {
            for replace in [false, true] {
                func run(_ kind: CSVKind) throws -> Run {
                    try convert(input, columns: []) { options in
                        options.columns = [CSVColumnSpec(column: "n", kind: kind),
                                           CSVColumnSpec(column: "m", kind: kind, options: CSVColumnOptions(["feminine"]))]
                        options.localeColumn = "lang"
                        options.delimiter = UInt8(ascii: delimiter.unicodeScalars.first!)
                        options.escapeFormulas = escapeFormulas
                        options.output = replace ? .replace : .insert(suffix: "_spoken")
                        options.chunkBytes = 700
                    }
                }
                let fast = try run(number), slow = try run(general)
                #expect(fast.outputBytes == slow.outputBytes, "delimiter '\(delimiter)', escape \(escapeFormulas), replace \(replace)")
                #expect(fast.problems == slow.problems)
                #expect(fast.summary == slow.summary)
                #expect(fast.error == nil)
                // The comparison is not empty: most number cells were converted.
                #expect((fast.summary?.convertedCells ?? 0) > 500)
            }
        }
    }

    /// `--strict` stops before the row of the first failed cell on both paths alike.
    @Test func strictStopsAtTheSameRow() throws {
        let input = "n,m\n21,22\n23,abc\n24,25\n"
        let number = try CSVKind.named("number")
        let general = CSVKind("number-general", convert: number.convert)
        func run(_ kind: CSVKind) throws -> Run {
            try convert(input) { options in
                options.columns = [CSVColumnSpec(column: "n", kind: kind), CSVColumnSpec(column: "m", kind: kind)]
                options.strict = true
            }
        }
        let fast = try run(number), slow = try run(general)
        #expect(fast.output == "n,n_spoken,m,m_spoken\n21,vingt et un,22,vingt-deux\n")
        #expect(fast.output == slow.output)
        #expect(fast.error != nil && slow.error != nil)
    }
}
