import Foundation
import SpokenForm
import Testing
@testable import SpokenFormCSV

/// Issue 18's CSV findings: formula injection (6), quoted header names (12), bounded
/// per-worker caches (4) and memory per cell (5).
@Suite struct CSVReliabilityTests {
    /// ` =1+1` is text in a spreadsheet; trimmed and passed through by `expand` it became
    /// the formula `=1+1`. The trimmed space is kept when the answer would start a formula.
    @Test func aConvertedCellStartsNoFormulaItsInputDidNotStart() throws {
        let input = "t\n\" =1+1\"\n\" +33\"\n\" -x\"\n\" @SUM(A1)\"\n\"\t=2\"\n=3\n -5\n\" Dr Martin\"\n"
        let run = try convert(input, columns: ["t=expand"])
        let spoken = run.output.split(separator: "\n").dropFirst().map { line -> String in
            // The added column is the last field; quoted only when it must be.
            String(line[line.index(after: line.lastIndex(of: ",")!)...])
        }
        #expect(spoken == [" =1+1", " +33", " -x", " @SUM(A1)", "\t=2", "=3", " -5", "docteur Martin"], "\(run.output)")
    }

    @Test func escapeFormulasPrefixesAQuote() throws {
        let run = try convert("t,n\n=1+1,-5\n\" @x\",3\n", columns: ["t=expand", "n=number"]) { $0.escapeFormulas = true }
        #expect(run.output == "t,t_spoken,n,n_spoken\n=1+1,'=1+1,-5,moins cinq\n\" @x\", @x,3,trois\n")
        let replaced = try convert("t\n+1\n", columns: ["t=expand"]) { $0.escapeFormulas = true; $0.output = .replace }
        #expect(replaced.output == "t\n'+1\n")
    }

    @Test func aDoubledQuoteInAHeaderNameIsOneQuote() throws {
        let run = try convert("\"a\"\"b\",c\n12,x\n", columns: ["a\"b=number"])
        #expect(run.error == nil)
        #expect(run.output == "\"a\"\"b\",\"a\"\"b_spoken\",c\n12,douze,x\n")
    }

    /// A locale column of 150 distinct private-use tags: every row is converted in its
    /// locale, and the worker's table of locales stays at its limit.
    @Test func distinctLocaleTagsAreConvertedWithABoundedTable() throws {
        var input = "lang,n\n"
        for i in 0..<150 { input += "fr-FR-x-\(String(format: "%08d", i)),21\n" }
        let run = try convert(input, columns: ["n=number"]) { $0.localeColumn = "lang" }
        #expect(run.problems.isEmpty)
        #expect(run.output.components(separatedBy: ",vingt et un\n").count == 151)
        var cache = WorkerCache()
        let plan = try #require(planFor(input))
        let scanner = CSVScanner(source: MemorySource(Array(input.utf8)), delimiter: UInt8(ascii: ","))
        _ = try scanner.nextChunk(targetBytes: 1, maxRecords: 1)
        let (chunk, _) = try scanner.nextChunk(targetBytes: 1 << 20)
        _ = plan.convert(try #require(chunk), cache: &cache)
        #expect(cache.locales.count <= WorkerCache.localeLimit)
    }

    private func planFor(_ input: String) -> ConversionPlan? {
        ConversionPlan(columns: [.init(index: 1, name: "n", convert: try! CSVKind.named("number").convert!, options: .init())],
                       localeColumn: 0, expectedFieldCount: 2, defaultLocale: "fr-FR", spokenFormOptions: .init(),
                       delimiter: UInt8(ascii: ","), output: .insert(suffix: "_spoken"), strict: false, escapeFormulas: false)
    }

    /// Long cells are converted but not cached: a cache entry would keep two more copies.
    @Test func longCellsAreNotCached() throws {
        let long = String(repeating: "Dr Martin ", count: 100)
        var cache = WorkerCache()
        let input = "t\n\(long)\n\(long)\n"
        let scanner = CSVScanner(source: MemorySource(Array(input.utf8)), delimiter: UInt8(ascii: ","))
        _ = try scanner.nextChunk(targetBytes: 1, maxRecords: 1)
        let (chunk, _) = try scanner.nextChunk(targetBytes: 1 << 20)
        let plan = ConversionPlan(columns: [.init(index: 0, name: "t", convert: try CSVKind.named("expand").convert!, options: .init())],
                                  localeColumn: nil, expectedFieldCount: 1, defaultLocale: "fr-FR", spokenFormOptions: .init(),
                                  delimiter: UInt8(ascii: ","), output: .replace, strict: false, escapeFormulas: false)
        let converted = plan.convert(try #require(chunk), cache: &cache)
        #expect(converted.summary.convertedCells == 2)
        #expect(cache.spoken.isEmpty)
        #expect(String(decoding: converted.output, as: UTF8.self).hasPrefix("docteur Martin docteur Martin"))
    }
}

/// Several conversions at once from Swift-concurrency tasks, each with parallel workers and
/// a locale column of many distinct tags: `SpokenForm.shared`, the workers' locale tables
/// and the ordered pipelines are all driven at the same time. Runs under the thread
/// sanitizer in CI (`--filter Concurrency`).
@Suite struct CSVTaskConcurrencyTests {
    @Test func conversionsFromTasksMatchTheSequentialOne() async throws {
        var input = "lang,n,t\n"
        for i in 0..<300 {
            let tag = ["fr-FR", "de-DE", "es-ES"][i % 3] + "-x-\(String(format: "%04d", i % 100))"
            input += "\(tag),\(i * 37),\"Dr Martin, \(i) km\"\n"
        }
        let bytes = Array(input.utf8)
        func run(jobs: Int) throws -> String {
            try convert(bytes, columns: ["n=number", "t=expand"]) { $0.localeColumn = "lang"; $0.jobs = jobs; $0.chunkBytes = 512 }.output
        }
        let expected = try run(jobs: 1)
        #expect(expected.contains("\nde-DE-x-0001,37,siebenunddreißig,"))
        let outputs = try await withThrowingTaskGroup(of: String.self) { group in
            for task in 0..<6 { group.addTask { try run(jobs: 1 + task % 3) } }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(outputs.allSatisfy { $0 == expected })
    }
}
