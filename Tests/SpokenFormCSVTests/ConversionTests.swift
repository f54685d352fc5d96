import Foundation
import SpokenForm
import Testing
@testable import SpokenFormCSV

@Suite struct ConversionTests {
    @Test func insertsSpokenColumnAfterEachConvertedOne() throws {
        let run = try convert("name,balance,code\n\"Martin, Jean\",\"1 234,5\",0042\r\nBob,21,7\r\n",
                              columns: ["balance=number", "code=digits"])
        #expect(run.output == """
            name,balance,balance_spoken,code,code_spoken
            "Martin, Jean","1 234,5",mille deux cent trente-quatre virgule cinq,0042,zéro zéro quatre deux\r
            Bob,21,vingt et un,7,sept\r

            """)
        #expect(run.problems.isEmpty)
        #expect(run.summary?.convertedCells == 4)
    }

    @Test func replaceAndSuffix() throws {
        let input = "n,x\n21,a\n"
        #expect(try convert(input, columns: ["n=number"]) { $0.output = .replace }.output == "n,x\nvingt et un,a\n")
        #expect(try convert(input, columns: ["n=number"]) { $0.output = .insert(suffix: "_vo") }.output == "n,n_vo,x\n21,vingt et un,a\n")
    }

    @Test func columnsByNumberAndWithoutHeader() throws {
        #expect(try convert("a,b\nx,2\n", columns: ["2=ordinal:feminine"]).output == "a,b,b_spoken\nx,2,deuxième\n")
        let run = try convert("x,1\ny,21\n", columns: ["2=number:feminine"]) { $0.hasHeader = false }
        #expect(run.output == "x,1,une\ny,21,vingt et une\n")
        let byName = try convert("x,1\n", columns: ["b=number"]) { $0.hasHeader = false }
        #expect(byName.error == .invalidColumnSpec("b", reason: "without a header, columns are given by number (1 is the first)"))
    }

    @Test func headerNameWinsOverNumber() throws {
        #expect(try convert("2,1\n5,21\n", locale: "en-US", columns: ["2=number"]).output == "2,2_spoken,1\n5,five,21\n")
    }

    @Test func perRowLocale() throws {
        let input = "lang,n\nfr,21\nen-US,21\nde-DE,21\nes-ES,21\n,21\n"
        let run = try convert(input, columns: ["n=number"]) { $0.localeColumn = "lang" }
        #expect(run.output == """
            lang,n,n_spoken
            fr,21,vingt et un
            en-US,21,twenty-one
            de-DE,21,einundzwanzig
            es-ES,21,veintiuno
            ,21,vingt et un

            """)
    }

    @Test func unsupportedRowLocaleKeepsTheCells() throws {
        let run = try convert("lang,n\nbn,21\nfr,2\n", columns: ["n=number"]) { $0.localeColumn = "lang" }
        #expect(run.output == "lang,n,n_spoken\nbn,21,21\nfr,2,deux\n")
        #expect(run.problems.count == 1)
        #expect(run.problems.first?.line == 2)
    }

    @Test func unconvertibleCellKeepsItsTextAndIsReported() throws {
        let run = try convert("n,x\n1,a\n\"abc, d\",b\n,c\n3,d\n", columns: ["n=number"])
        #expect(run.output == "n,n_spoken,x\n1,un,a\n\"abc, d\",\"abc, d\",b\n,,c\n3,trois,d\n")
        #expect(run.problems.count == 1)
        guard case .unconvertibleCell(let column, let reason)? = run.problems.first?.kind else {
            Issue.record("expected a cell problem")
            return
        }
        #expect(column == "n")
        #expect(reason.contains("'abc, d' is not a valid number"))
        #expect(run.problems.first?.line == 3)
        #expect(run.summary?.failedCells == 1)
        #expect(run.summary?.convertedCells == 2)
    }

    @Test func strictStopsAtTheFirstBadCellAfterTheRowsBefore() throws {
        let run = try convert("n\n1\n2\nabc\n4\n", columns: ["n=number"]) { $0.strict = true }
        guard case .strictFailure(let problem)? = run.error else {
            Issue.record("expected a strict failure")
            return
        }
        #expect(problem.line == 4)
        #expect(run.output == "n,n_spoken\n1,un\n2,deux\n")
    }

    @Test func raggedRowsPassThroughAndAreReported() throws {
        let run = try convert("a,b\n1,2\n3\n4,5,6\n\n7,8", columns: ["a=number"])
        #expect(run.output == "a,a_spoken,b\n1,un,2\n3\n4,5,6\n\n7,sept,8")
        #expect(run.problems == [
            CSVProblem(line: 3, kind: .raggedRow(expected: 2, found: 1)),
            CSVProblem(line: 4, kind: .raggedRow(expected: 2, found: 3)),
        ])
        #expect(run.summary?.blankLines == 1)
        #expect(run.summary?.rows == 6)
    }

    @Test func spokenTextWithDelimiterIsQuoted() throws {
        // Spanish digits read with the row's delimiter ';' inside nothing; use ',' in the value instead.
        let run = try convert("n;x\n1,5;a\n", columns: ["n=number"]) { $0.delimiter = UInt8(ascii: ";") }
        #expect(run.output == "n;n_spoken;x\n1,5;un virgule cinq;a\n")
    }

    @Test func quotedCellIsUnquotedBeforeConversion() throws {
        let run = try convert("n\n\" 1 234 \"\n", columns: ["n=number"])
        #expect(run.output == "n,n_spoken\n\" 1 234 \",mille deux cent trente-quatre\n")
    }

    @Test func bomStaysInFrontAndHeaderMatchesWithoutIt() throws {
        let run = try convert("\u{FEFF}n,x\n2,a\n", columns: ["n=number"])
        #expect(run.output == "\u{FEFF}n,n_spoken,x\n2,deux,a\n")
    }

    @Test func badColumnsAreRefused() throws {
        #expect(try convert("a,b\n1,2\n", columns: ["c=number"]).error == .unknownColumn("c", available: ["a", "b"]))
        #expect(try convert("a,b\n1,2\n", columns: ["3=number"]).error == .columnOutOfRange(3, fieldCount: 2))
        #expect(try convert("a,b\n1,2\n", columns: ["a=number", "1=digits"]).error == .duplicateColumn("1"))
    }

    @Test func kindTable() throws {
        #expect(try CSVColumnSpec(parsing: "note=text").kind.name == "text")
        #expect(try CSVColumnSpec(parsing: "tel=phone:region=FR").kind.name == "phone")
        #expect(throws: CSVError.unknownKind("colour", known: CSVKind.table.map(\.name))) { try CSVColumnSpec(parsing: "a=colour") }
        #expect(throws: CSVError.invalidKindOption(kind: "number", option: "plural", accepted: ["masculine", "feminine", "neuter"])) {
            try CSVColumnSpec(parsing: "a=number:plural")
        }
        #expect(throws: CSVError.invalidColumnSpec("number", reason: "no '='")) { try CSVColumnSpec(parsing: "number") }
        let spec = try CSVColumnSpec(parsing: "order number=ordinal:feminine:plural")
        #expect(spec.column == "order number")
        #expect(spec.options.gender == .feminine)
        #expect(spec.options.contains("plural"))
        for name in ["number", "ordinal", "year", "digits", "percent", "text"] { #expect(CSVKind.table.contains { $0.name == name && $0.convert != nil }) }
        for name in ["currency", "date", "time", "datetime", "duration", "relative", "phone", "expand", "tag", "text"] {
            #expect(CSVKind.table.contains { $0.name == name })
        }
    }

    @Test func textKindSaysEverythingInTheCell() throws {
        let run = try convert("id,note\n1,RDV le 01/04/2015 à 5h30\n2,rien à dire\n", columns: ["note=text"])
        #expect(run.output == """
            id,note,note_spoken
            1,RDV le 01/04/2015 à 5h30,rendez-vous le premier avril deux mille quinze à cinq heures trente
            2,rien à dire,rien à dire

            """)
        #expect(run.problems.isEmpty)
    }

    @Test func yearsPercentOrdinals() throws {
        let run = try convert("y,p,o\n1999,12.5 %,1\n2001,x %,2\n", locale: "en-US", columns: ["y=year", "p=percent", "o=ordinal"])
        #expect(run.output == """
            y,y_spoken,p,p_spoken,o,o_spoken
            1999,nineteen ninety-nine,12.5 %,twelve point five percent,1,first
            2001,two thousand one,x %,x %,2,second

            """)
        #expect(run.problems.count == 1)
    }
}

/// Runs under the thread sanitizer in CI (`--filter Concurrency`).
@Suite struct CSVConcurrencyTests {
    /// A few thousand rows in four locales, some bad cells and ragged rows, converted with 1 to 8 jobs
    /// and small chunks: the output and the reports must be identical.
    @Test func jobsGiveIdenticalOutputAndReports() throws {
        var generator = SeededGenerator(seed: 7)
        var input = "lang,n,note,code\n"
        let langs = ["fr", "en-US", "de-DE", "es-ES"]
        for i in 0..<3000 {
            let n = Int.random(in: -100_000...100_000, using: &generator)
            let cell = i % 97 == 0 ? "n/a" : String(n)
            let ragged = i % 501 == 0 ? ",extra" : ""
            input += "\(langs[i % 4]),\(cell),\"note \(i), \"\"quoted\"\"\nsecond line\",\(i)\(ragged)\n"
        }
        func run(jobs: Int) throws -> Run {
            try convert(input, columns: ["n=number", "code=digits"]) {
                $0.localeColumn = "lang"
                $0.jobs = jobs
                $0.chunkBytes = 4096
            }
        }
        let single = try run(jobs: 1)
        #expect(single.summary?.failedCells == 30) // row 0 is ragged, so not converted
        #expect(single.summary?.raggedRows == 6)
        for jobs in [2, 8] {
            let parallel = try run(jobs: jobs)
            #expect(parallel.outputBytes == single.outputBytes)
            #expect(parallel.problems == single.problems)
            #expect(parallel.summary == single.summary)
        }
    }

    @Test func strictWithJobsStopsAtTheSameRow() throws {
        var input = "n\n"
        for i in 0..<5000 { input += i == 3210 ? "bad\n" : "\(i)\n" }
        let one = try convert(input, columns: ["n=number"]) { $0.strict = true; $0.chunkBytes = 512 }
        let four = try convert(input, columns: ["n=number"]) { $0.strict = true; $0.chunkBytes = 512; $0.jobs = 4 }
        #expect(one.error != nil)
        #expect(four.error == one.error)
        #expect(four.outputBytes == one.outputBytes)
        #expect(one.output.hasSuffix("3209,trois mille deux cent neuf\n"))
    }
}
