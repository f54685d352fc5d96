import Foundation
import SpokenForm
import Testing
@testable import SpokenFormCSV

/// Python's `csv` module as an independent parser: generated torture files are converted
/// in process, then Python parses input and output and the cells are compared one by one.
@Suite(.serialized) struct DifferentialTests {
    /// Writes a torture CSV: random quoting (needed or not), delimiters, quotes, CR/LF/CRLF
    /// inside quotes, empty fields, non-ASCII, CRLF/LF/mixed line ends, sometimes a BOM,
    /// sometimes no final newline. Column 2 ("n") holds numbers and some non-numbers.
    static let generator = #"""
    import random, sys
    path, seed, delim, rows = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
    r = random.Random(seed)
    pieces = ["", "a", "plain text", "x" * 80, "comma,inside", "semi;colon", "tab\there", 'quote"inside', '"',
              '""', "line\nbreak", "crlf\r\nbreak", "cr\ronly", "  spaces  ", "ünïcødé ✓ 😀", "日本語", "\u00a0nbsp",
              "trailing\n", "\n"]
    numbers = ["0", "21", "-7", "1 234,5", "80000000", "3,14", "", "abc", " 42 ", "1e5", "12,5", "999999999999"]
    ncols = r.randint(3, 6)
    eol_style = r.choice(["\n", "\r\n", "mixed"])
    def field(v):
        if any(c in v for c in (delim, '"', "\r", "\n")) or r.random() < 0.2:
            return '"' + v.replace('"', '""') + '"'
        return v
    def eol():
        return r.choice(["\n", "\r\n"]) if eol_style == "mixed" else eol_style
    header = ["id", "n"] + ["c%d" % i for i in range(ncols - 2)]
    out = "\ufeff" if r.random() < 0.3 else ""
    out += delim.join(field(h) for h in header)
    for i in range(rows):
        cells = [str(i), r.choice(numbers)] + [r.choice(pieces) + r.choice(pieces) for _ in range(ncols - 2)]
        out += eol() + delim.join(field(c) for c in cells)
    if r.random() < 0.7:
        out += eol()
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(out)
    """#

    /// Prints {"input": rows, "output": rows} as parsed by Python's csv module (strict mode).
    static let oracle = #"""
    import csv, json, sys
    def rows(path, delim):
        with open(path, newline="", encoding="utf-8-sig") as f:
            return list(csv.reader(f, delimiter=delim, strict=True))
    print(json.dumps({"input": rows(sys.argv[1], sys.argv[3]), "output": rows(sys.argv[2], sys.argv[3])}))
    """#

    struct Parsed: Decodable { var input: [[String]]; var output: [[String]] }

    @Test(arguments: [(1, ","), (2, ";"), (3, "\t"), (4, ","), (5, ","), (6, ";"), (7, ","), (8, "\t")])
    func pythonReadsWhatWeWrite(seed: Int, delimiter: String) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let inputURL = directory.appendingPathComponent("in.csv")
        let outputURL = directory.appendingPathComponent("out.csv")
        _ = try runPython(Self.generator, [inputURL.path, String(seed), delimiter, "400"])
        let input = try [UInt8](Data(contentsOf: inputURL))
        let delimiterByte = UInt8(ascii: delimiter.unicodeScalars.first ?? ",")

        // No column: byte for byte, at several read sizes.
        for readSize in [1, 5, 4096] {
            let identity = try convert(input, readSize: readSize) { $0.delimiter = delimiterByte; $0.readBufferBytes = 256 }
            #expect(identity.error == nil)
            #expect(identity.outputBytes == input, "seed \(seed), read size \(readSize)")
        }

        let run = try convert(input, columns: ["n=number"], readSize: 777) {
            $0.delimiter = delimiterByte
            $0.readBufferBytes = 512
            $0.chunkBytes = 2048
            $0.jobs = 2
        }
        #expect(run.error == nil)
        try Data(run.outputBytes).write(to: outputURL)
        let parsed = try JSONDecoder().decode(Parsed.self, from: runPython(Self.oracle, [inputURL.path, outputURL.path, delimiter]))

        let french = try SpokenForm.shared(locale: "fr-FR")
        #expect(parsed.input.count == 401)
        #expect(parsed.output.count == parsed.input.count)
        var failures = 0
        for (index, (inputRow, outputRow)) in zip(parsed.input, parsed.output).enumerated() {
            var expected = inputRow
            if index == 0 {
                expected.insert("n_spoken", at: 2)
            } else {
                let cell = inputRow[1].trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
                let spoken = cell.isEmpty ? "" : ((try? french.number(cell)) ?? inputRow[1])
                if !cell.isEmpty && (try? french.number(cell)) == nil { failures += 1 }
                expected.insert(spoken, at: 2)
            }
            #expect(outputRow == expected, "seed \(seed), row \(index)")
        }
        #expect(run.summary?.failedCells == failures)
        #expect(run.problems.count == failures)
    }
}
