import Foundation
import Testing
@testable import SpokenFormCSV

/// With several jobs the reading thread only cuts the input after a line end outside
/// quotes (counting quotes) and the workers scan their chunks: everything the one-job
/// scanner says must come out the same, byte for byte, malformed input included.
@Suite struct ParallelScanTests {
    struct Outcome: Equatable, CustomStringConvertible {
        var output: [UInt8]
        var problems: [CSVProblem]
        var summary: CSVSummary?
        var error: CSVError?
        var description: String {
            "output \(String(decoding: output, as: UTF8.self).debugDescription), problems \(problems), error \(String(describing: error))"
        }
    }

    static func outcome(_ input: [UInt8], jobs: Int, chunkBytes: Int, readSize: Int = .max, strict: Bool = false,
                        maxRecordBytes: Int = 64 << 20, columns: [String] = ["a=number", "c=number"]) throws -> Outcome {
        let run = try convert(input, columns: columns, readSize: readSize) {
            $0.jobs = jobs
            $0.chunkBytes = chunkBytes
            $0.readBufferBytes = 64
            $0.maxRecordBytes = maxRecordBytes
            $0.strict = strict
        }
        return Outcome(output: run.outputBytes, problems: run.problems, summary: run.summary, error: run.error)
    }

    static let cases: [String] = [
        "a,b,c\n1,2,3\n4,5,6\n",
        "a,b,c\r\n1,2,3\r\n4,5,6\r\n",
        "a,b,c\r1,2,3\r4,5,6\r",
        "a,b,c\n1,2,3\n4,5,6",                                  // no final newline
        "a,b,c\n\"1\r\n2\",\"x\ny\",\"3\"\n7,\"\"\"q\"\"\",8\r\n",  // quoted line breaks and quotes
        "a,b,c\n1,2\n\n3,4,5,6\n7,8,9\n",                        // ragged rows and a blank line
        "a,b,c\n1,2,3\n3,\"never\nclosed\n4,5\n",                // unterminated quote
        "a,b,c\n1,2,3\n3,x\"y,1\n\"q\nr\",5,6\n",                // stray quote, then a quoted line break
        "a,b,c\n1,2,3\n\"x\"y,2,3\n4,5,6\n",                     // a character after the closing quote
        "a,b,c\n\"1\n2\r\n3\",x,1\n4,\"y\"z,2\n",                // error line counts quoted line breaks
        "a,b,c\n1,beaucoup,3\nzéro,2,douze\n4,5,6\n",            // cells that cannot be converted
        "a,b,c\n1,2,\"3\r\"\r\n4,5,6\r",                          // CR inside quotes, then a lone CR line end
    ]

    @Test(arguments: cases)
    func parallelRunsSayWhatOneJobSays(_ input: String) throws {
        let bytes = Array(input.utf8)
        for strict in [false, true] {
            let expected = try Self.outcome(bytes, jobs: 1, chunkBytes: 1 << 20, strict: strict)
            for jobs in [2, 3] {
                for chunkBytes in [1, 2, 5, 13, 64, 1 << 20] {
                    for readSize in [1, 3, Int.max] {
                        let parallel = try Self.outcome(bytes, jobs: jobs, chunkBytes: chunkBytes, readSize: readSize, strict: strict)
                        #expect(parallel == expected, "jobs \(jobs), chunk \(chunkBytes), read \(readSize), strict \(strict)")
                    }
                }
            }
        }
    }

    /// The record limit: the same error, at the same record, whether a worker or the
    /// one-job scanner finds the record too long, including a long record that is
    /// complete and one that ends the input.
    @Test func recordLimitIsTheSameWithSeveralJobs() throws {
        let long = String(repeating: "x", count: 300)
        let inputs = [
            "a,b,c\n1,2,3\n\"\(long)",                       // a quote left open to the end
            "a,b,c\n1,2,3\n\"\(long)\",2,3\n4,5,6\n",          // one complete record over the limit
            "a,b,c\n1,2,3\n\(long),2,3\n4,5,6\n",
            "a,b,c\n1,2,3\n4,\"\(long.prefix(60))\",6\n7,8,9\n", // under the limit
            "a,b,c\n1,x\"2,3\n\(long)\n",                      // a stray quote before a long line
        ]
        for input in inputs {
            for limit in [16, 64, 100, 200] {
                let expected = try Self.outcome(Array(input.utf8), jobs: 1, chunkBytes: 1 << 20, maxRecordBytes: limit)
                for chunkBytes in [1, 7, 50, 1 << 20] {
                    for readSize in [1, Int.max] {
                        let parallel = try Self.outcome(Array(input.utf8), jobs: 2, chunkBytes: chunkBytes, readSize: readSize,
                                                        maxRecordBytes: limit)
                        #expect(parallel == expected, "limit \(limit), chunk \(chunkBytes), read \(readSize): \(input.prefix(20))")
                    }
                }
            }
        }
    }

    /// Generated files: random quoting, doubled quotes, CR, LF and CRLF inside quotes and as
    /// line ends, ragged rows, blank lines, invalid UTF-8, a BOM, and in some files one
    /// malformation (a stray quote, a character after a closing quote, a quote left open).
    @Test(arguments: 0..<40)
    func generatedFilesGiveTheSameOutcome(seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed))
        let bytes = Self.generatedFile(&random)
        let strict = seed % 5 == 4
        let limit = seed % 3 == 2 ? Int.random(in: 40...400, using: &random) : 64 << 20
        let expected = try Self.outcome(bytes, jobs: 1, chunkBytes: 1 << 20, strict: strict, maxRecordBytes: limit)
        for jobs in [2, 4] {
            for chunkBytes in [1, Int.random(in: 2...40, using: &random), Int.random(in: 41...600, using: &random)] {
                let readSize = [1, 7, Int.max][Int.random(in: 0...2, using: &random)]
                let parallel = try Self.outcome(bytes, jobs: jobs, chunkBytes: chunkBytes, readSize: readSize, strict: strict,
                                                maxRecordBytes: limit)
                #expect(parallel == expected, "seed \(seed), jobs \(jobs), chunk \(chunkBytes), read \(readSize)")
            }
        }
    }

    static func generatedFile(_ random: inout SeededGenerator) -> [UInt8] {
        func pick<T>(_ choices: [T]) -> T { choices[Int.random(in: 0..<choices.count, using: &random)] }
        var out: [UInt8] = Bool.random(using: &random) ? [0xEF, 0xBB, 0xBF] : []
        let lineEnd = pick(["\n", "\r\n", "\r"])
        out += Array("a,b,c\(lineEnd)".utf8)
        let rows = Int.random(in: 20...120, using: &random)
        let malformedRow = Int.random(in: 0..<3, using: &random) == 0 ? Int.random(in: 0..<rows, using: &random) : -1
        for row in 0..<rows {
            if Int.random(in: 0..<30, using: &random) == 0 {
                out += Array(pick(["\n", "\r\n", "\r"]).utf8)  // a blank line
                continue
            }
            let fieldCount = Int.random(in: 0..<15, using: &random) == 0 ? pick([2, 4]) : 3
            for field in 0..<fieldCount {
                if field > 0 { out.append(UInt8(ascii: ",")) }
                switch Int.random(in: 0..<8, using: &random) {
                case 0: break
                case 1: out += Array("mille".utf8)
                case 2: out += [0x31, 0xFF]  // invalid UTF-8
                case 3, 4:
                    out.append(csvQuote)
                    for _ in 0..<Int.random(in: 0...4, using: &random) {
                        out += Array(pick(["1", "x,y", "\"\"", "\n", "\r\n", "\r", "é", " 2 "]).utf8)
                    }
                    out.append(csvQuote)
                default:
                    out += Array(String(Int.random(in: -99_999...99_999, using: &random)).utf8)
                }
            }
            if row == malformedRow {
                out += Array(pick([",x\"y", ",\"q\"z", ",\"open\nto the end"]).utf8)
            }
            if row < rows - 1 || Bool.random(using: &random) { out += Array(pick([lineEnd, lineEnd, "\n", "\r\n"]).utf8) }
        }
        return out
    }
}
