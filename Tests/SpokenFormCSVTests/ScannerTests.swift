import Foundation
import SpokenForm
import Testing
@testable import SpokenFormCSV

/// The scanner through the converter with no column: every byte must come back.
@Suite struct PassthroughTests {
    static let edgeCases: [String] = [
        "",
        "a",
        "a,b,c\n1,2,3\n",
        "a,b,c\r\n1,2,3\r\n",
        "a,b\n1,2",                                   // no final newline
        "a,b\n1,",                                    // ends with an empty field
        "a,b\n,\n,\n",                                // empty fields
        "\u{FEFF}a,b\n1,2\n",                          // UTF-8 BOM
        "\u{FEFF}",                                    // only a BOM
        "a,b\r1,2\r",                                 // old Mac line ends
        "a,b\n\"x,y\",\"say \"\"hi\"\"\"\n",          // delimiter and doubled quotes inside quotes
        "a,b\n\"line\nbreak\",\"crlf\r\nbreak\"\r\n", // line breaks inside quotes
        "a,b\n\"\",\"\"\n",                           // empty quoted fields
        "a,b\n\"\"\"\",x\n",                          // a field that is one quote
        "a,b\n\"ends at eof\"",                       // quoted field at the end, no newline
        "a,b\n\"cr at end\r\"",
        "a,b\n1,2\n\n3,4\n\n",                        // blank lines
        "héllo,wörld\n😀,✓\n",
        "a,b,c\n1,2\n4,5,6,7\n",                      // ragged rows
    ]

    @Test(arguments: edgeCases)
    func unchangedWithoutColumns(_ input: String) throws {
        for readSize in [1, 2, 3, 7, Int.max] {
            let run = try convert(input, readSize: readSize) { $0.readBufferBytes = 64 }
            #expect(run.error == nil)
            #expect(run.outputBytes == Array(input.utf8), "read size \(readSize)")
        }
    }

    @Test func semicolonAndTab() throws {
        let semicolon = "a;b\n\"1;5\";\"x\"\"y\"\n2,5;3\n"
        #expect(try convert(semicolon) { $0.delimiter = UInt8(ascii: ";") }.output == semicolon)
        let tab = "a\tb\n\"1\t5\"\tx\n"
        #expect(try convert(tab) { $0.delimiter = UInt8(ascii: "\t") }.output == tab)
    }

    @Test func recordLongerThanTheBufferGrowsIt() throws {
        let long = String(repeating: "x", count: 10_000)
        let input = "a,b\n\"\(long)\n\(long)\",1\n"
        let run = try convert(input, readSize: 100) { $0.readBufferBytes = 64 }
        #expect(run.output == input)
    }

    @Test func invalidUTF8IsReportedWithItsOffsetAndKept() throws {
        var input = Array("a,b\n1,2\nx".utf8)
        input += [0xFF, 0xC3]                 // 0xFF never starts a character
        input += Array(",\"ok\"\n".utf8)
        let run = try convert(input)
        #expect(run.outputBytes == input)
        #expect(run.problems == [CSVProblem(line: 3, kind: .invalidUTF8(byteOffset: 9))])
        #expect(run.summary?.invalidUTF8Rows == 1)
    }

    @Test func invalidUTF8InTheHeaderIsReported() throws {
        let input: [UInt8] = Array("n,caf".utf8) + [0xE9] + Array("\n1,2\n".utf8)
        let run = try convert(input, columns: ["n=number"])
        #expect(run.outputBytes == Array("n,n_spoken,caf".utf8) + [0xE9] + Array("\n1,un,2\n".utf8))
        #expect(run.problems == [CSVProblem(line: 1, kind: .invalidUTF8(byteOffset: 5))])
    }

    @Test func overlongAndSurrogatesAreInvalid() {
        func check(_ bytes: [UInt8]) -> Int? { bytes.withUnsafeBufferPointer { firstInvalidUTF8($0) } }
        #expect(check(Array("é😀✓".utf8)) == nil)
        #expect(check([0x41, 0xC0, 0x80]) == 1)         // overlong NUL
        #expect(check([0xED, 0xA0, 0x80]) == 0)         // UTF-16 surrogate
        #expect(check([0xF4, 0x90, 0x80, 0x80]) == 0)   // above U+10FFFF
        #expect(check([0x41, 0xE2, 0x82]) == 1)         // cut short
    }
}

@Suite struct MalformedCSVTests {
    @Test func unterminatedQuoteNamesWhereItOpened() throws {
        let run = try convert("a,b\n1,2\n3,\"never\nclosed\n4,5\n", columns: ["a=number"])
        guard case .syntax(let line, let column, let offset, let message)? = run.error else {
            Issue.record("expected a syntax error, got \(String(describing: run.error))")
            return
        }
        #expect(line == 3)
        #expect(column == 3)
        #expect(offset == 10)
        #expect(message.contains("never closed"))
        // Every row before the bad one is complete.
        #expect(run.output == "a,a_spoken,b\n1,un,2\n")
    }

    @Test func strayQuoteInUnquotedField() throws {
        let run = try convert("a,b\n1,2\n3,x\"y\n", readSize: 2)
        #expect(run.error == .syntax(line: 3, column: 4, byteOffset: 11,
                                     message: "a quote inside an unquoted field (quote the whole field and double the quote)"))
        #expect(run.output == "a,b\n1,2\n")
    }

    @Test func characterAfterClosingQuote() throws {
        let run = try convert("a,b\n\"x\"y,2\n")
        guard case .syntax(let line, let column, _, _)? = run.error else {
            Issue.record("expected a syntax error")
            return
        }
        #expect(line == 2 && column == 4)
        #expect(run.output == "a,b\n")
    }

    @Test func lineNumbersCountLineBreaksInsideQuotes() throws {
        let run = try convert("a,b\n\"1\n2\r\n3\",x\n4,\"y\"z\n")
        guard case .syntax(let line, let column, _, _)? = run.error else {
            Issue.record("expected a syntax error")
            return
        }
        #expect(line == 5 && column == 6)
    }

    @Test func columnCountsCharactersNotBytes() throws {
        let run = try convert("a,b\né😀,x\"\n")
        guard case .syntax(_, let column, _, _)? = run.error else {
            Issue.record("expected a syntax error")
            return
        }
        #expect(column == 5)
    }

    @Test func recordLimitBoundsMemory() throws {
        let input = "a\n\"" + String(repeating: "x", count: 5000)
        let run = try convert(input) { $0.readBufferBytes = 64; $0.maxRecordBytes = 1024 }
        guard case .syntax(let line, _, _, let message)? = run.error else {
            Issue.record("expected a syntax error")
            return
        }
        #expect(line == 2)
        #expect(message.contains("is a quote left open"))
        #expect(run.output == "a\n")
    }
}
