import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `spokenform csv` end to end: files, exit codes, atomic -o, jobs, GNU parallel, memory.
@Suite(.serialized) struct CSVCLITests {
    /// Examples/contacts.csv, found from this file's path (tests must not depend on the working directory).
    static let contacts = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples/contacts.csv")

    struct Outcome { var status: Int32; var stdout: Data; var stderr: String }

    /// Runs `spokenform` through /bin/sh so that stdin/stdout can be files (binary-safe).
    static func run(_ arguments: [String], stdin: URL? = nil) throws -> Outcome {
        let directory = FileManager.default.temporaryDirectory
        let out = directory.appendingPathComponent("spokenform-out-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = arguments
        process.standardInput = try stdin.map { try FileHandle(forReadingFrom: $0) } ?? FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: out)
        let err = Pipe()
        process.standardError = err
        try process.run()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, stdout: try Data(contentsOf: out),
                       stderr: String(decoding: errData, as: UTF8.self))
    }

    static func shell(_ command: String) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("spokenform-csvcli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func write(_ text: String, to url: URL) throws { try Data(text.utf8).write(to: url) }

    @Test func convertsTheBundledExample() throws {
        let result = try Self.run(["csv", Self.contacts.path, "--locale", "fr-FR", "--locale-column", "lang",
                                   "--column", "balance=number", "--column", "order number=digits"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let lines = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "id,name,lang,birthday,appointment,phone,balance,balance_spoken,currency,order number,order number_spoken,note")
        #expect(lines[1] == #"1,"Johnson, Noah",en-US,1/6/1949,3/12/2026 1:15 PM,+1 503-555-1940,"3,120.61",three thousand one hundred twenty point six one,USD,2024-360785,two zero two four three six zero seven eight five,"Call back after 5 PM, ask for ""Sam""""#)
        #expect(lines[4] == #"4,François Martin,fr,18/11/2000,14/03/2026 17:15,06 22 54 18 58,"1 843 864,45",un million huit cent quarante-trois mille huit cent soixante-quatre virgule quarante-cinq,EUR,2026-232440,deux zéro deux six deux trois deux quatre quatre zéro,"Rappeler avant 18h, demander le code ""VIP""""#)
    }

    @Test func noColumnIsByteIdentical() throws {
        let result = try Self.run(["csv", Self.contacts.path, "--locale", "fr-FR"])
        #expect(result.status == 0)
        #expect(result.stdout == (try Data(contentsOf: Self.contacts)))
        let viaStdin = try Self.run(["csv", "-", "--locale", "fr-FR"], stdin: Self.contacts)
        #expect(viaStdin.stdout == (try Data(contentsOf: Self.contacts)))
    }

    @Test func unterminatedQuoteLeavesNoHalfFile() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("in.csv"), output = directory.appendingPathComponent("out.csv")
        var text = "n,note\n"
        for i in 1...5000 { text += "\(i),\"fine, really\"\n" }
        text += "5001,\"never closed\n5002,x\n"
        try Self.write(text, to: input)

        let toFile = try Self.run(["csv", input.path, "--locale", "fr-FR", "--column", "n=number", "-o", output.path])
        #expect(toFile.status == 65)
        #expect(toFile.stderr.contains("line 5002, column 6"))
        #expect(!FileManager.default.fileExists(atPath: output.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["in.csv"])

        // An existing target stays as it was.
        try Self.write("old\n", to: output)
        _ = try Self.run(["csv", input.path, "--locale", "fr-FR", "-o", output.path])
        #expect(try String(contentsOf: output, encoding: .utf8) == "old\n")

        // On stdout, every row before the bad one is complete.
        let toStdout = try Self.run(["csv", input.path, "--locale", "fr-FR", "--column", "n=number", "--jobs", "2"])
        #expect(toStdout.status == 65)
        let out = String(decoding: toStdout.stdout, as: UTF8.self)
        #expect(out.hasSuffix("5000,cinq mille,\"fine, really\"\n"))
        #expect(out.split(separator: "\n").count == 5001)
    }

    @Test func outputFileIsWrittenAndNeverOverTheInput() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("in.csv"), output = directory.appendingPathComponent("out.csv")
        try Self.write("n\n21\n", to: input)
        let ok = try Self.run(["csv", input.path, "--locale", "fr-FR", "--column", "n=number", "-o", output.path])
        #expect(ok.status == 0)
        #expect(try String(contentsOf: output, encoding: .utf8) == "n,n_spoken\n21,vingt et un\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["in.csv", "out.csv"])

        let over = try Self.run(["csv", input.path, "--locale", "fr-FR", "--column", "n=number", "-o", input.path])
        #expect(over.status == 4)
        #expect(over.stderr.contains("refusing to write over the input"))
        #expect(try String(contentsOf: input, encoding: .utf8) == "n\n21\n")
    }

    @Test func badCellsAreReportedAndKept() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("in.csv")
        try Self.write("amount,x\n12,a\nbeaucoup,b\n3,c,extra\n", to: input)
        let result = try Self.run(["csv", input.path, "--locale", "fr-FR", "--column", "amount=number"])
        #expect(result.status == 1)
        #expect(String(decoding: result.stdout, as: UTF8.self) == "amount,amount_spoken,x\n12,douze,a\nbeaucoup,beaucoup,b\n3,c,extra\n")
        #expect(result.stderr.contains("line 3, column 'amount': 'beaucoup' is not a valid number"))
        #expect(result.stderr.contains("line 4: 3 field(s) where the header has 2"))
        #expect(result.stderr.contains("1 cell(s) could not be converted"))

        let strict = try Self.run(["csv", input.path, "--locale", "fr-FR", "--column", "amount=number", "--strict"])
        #expect(strict.status == 1)
        #expect(String(decoding: strict.stdout, as: UTF8.self) == "amount,amount_spoken,x\n12,douze,a\n")
        #expect(strict.stderr.contains("--strict"))
    }

    @Test func invalidUTF8IsReportedWithItsOffset() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("in.csv")
        let bytes = Data("n,x\n1,caf".utf8) + Data([0xE9]) + Data("\n".utf8)  // Latin-1 é
        try bytes.write(to: input)
        let result = try Self.run(["csv", input.path, "--locale", "fr-FR"])
        #expect(result.status == 1)
        #expect(result.stdout == bytes)
        #expect(result.stderr.contains("line 2: invalid UTF-8 at byte offset 9"))
    }

    @Test func usageErrors() throws {
        let contacts = Self.contacts.path
        let unknown = try Self.run(["csv", contacts, "--locale", "fr-FR", "--column", "salary=number"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("no column named 'salary'"))
        #expect(unknown.stdout.isEmpty)
        #expect(try Self.run(["csv", contacts, "--locale", "bn", "--column", "balance=number"]).status == 2)
        #expect(try Self.run(["csv", contacts, "--locale", "fr", "--replace", "--suffix", "_x"]).status == 64)
        #expect(try Self.run(["csv", "/nonexistent/in.csv", "--locale", "fr"]).status == 4)
    }

    @Test func replaceSuffixNoHeaderAndTab() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("in.tsv")
        try Self.write("Anna\t3\t1999\r\nOtto\t21\t2001\r\n", to: input)
        let common = ["csv", input.path, "--locale", "de-DE", "--no-header", "--delimiter", "tab"]
        let inserted = try Self.run(common + ["--column", "2=ordinal", "--column", "3=year", "--suffix", "_vo"])
        #expect(inserted.status == 0, "\(inserted.stderr)")
        #expect(String(decoding: inserted.stdout, as: UTF8.self) ==
            "Anna\t3\tdritte\t1999\tneunzehnhundertneunundneunzig\r\nOtto\t21\teinundzwanzigste\t2001\tzweitausendeins\r\n")
        let replaced = try Self.run(common + ["--column", "2=number", "--replace"])
        #expect(String(decoding: replaced.stdout, as: UTF8.self) == "Anna\tdrei\t1999\r\nOtto\teinundzwanzig\t2001\r\n")
        let byName = try Self.run(common + ["--column", "age=number"])
        #expect(byName.status == 64)
    }

    @Test func jobsGiveTheSameBytesAsOneJob() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("in.csv")
        var text = "lang,n,note\n"
        let langs = ["fr", "en-US", "de-DE", "es-ES"]
        for i in 0..<40_000 { text += "\(langs[i % 4]),\(i * 37 - 500_000),\"n° \(i), ok\"\n" }
        try Self.write(text, to: input)
        let arguments = ["csv", input.path, "--locale", "fr-FR", "--locale-column", "lang", "--column", "n=number"]
        let one = try Self.run(arguments + ["--jobs", "1"])
        let two = try Self.run(arguments + ["--jobs", "2"])
        let four = try Self.run(arguments + ["--jobs", "4"])
        #expect(one.status == 0)
        #expect(two.stdout == one.stdout)
        #expect(four.stdout == one.stdout)
        #expect(one.stdout.count > text.utf8.count)
    }

    /// The recipe of Docs/csv.md for scaling out: GNU parallel cuts the input into blocks,
    /// repeats the header in each, and the header is kept from the first block only.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/parallel"), "GNU parallel is not installed"))
    func gnuParallelRecipeMatchesOneRun() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("in.csv")
        var text = "id,balance,note\n"
        for i in 0..<20_000 { text += "\(i),\(i * 13),\"row \(i), fine\"\n" }
        try Self.write(text, to: input)
        let direct = try Self.run(["csv", input.path, "--locale", "fr-FR", "--column", "balance=number"])
        let binary = CLI.binary.path
        let recipe = """
            parallel --pipe --header : --keep-order --block 100k \
              '\(binary) csv --locale fr-FR --column balance=number --quiet | { if [ {#} -eq 1 ]; then cat; else tail -n +2; fi; }' \
              < '\(input.path)' > '\(directory.path)/out.csv'
            """
        #expect(try Self.shell(recipe) == 0)
        let parallel = try Data(contentsOf: directory.appendingPathComponent("out.csv"))
        #expect(direct.status == 0)
        #expect(parallel == direct.stdout)
    }

    /// Runs spokenform under python3 (already a test dependency) and returns its exit status
    /// and peak resident set in KiB, measured for that process alone with wait4.
    static func peakResidentSet(_ arguments: [String], stdinPath: String = "/dev/null") throws -> (status: Int32, kib: Int) {
        let script = """
            import os, sys
            pid = os.fork()
            if pid == 0:
                os.dup2(os.open(os.environ["SPOKENFORM_TEST_STDIN"], os.O_RDONLY), 0)
                os.execv(sys.argv[1], sys.argv[1:])
            _, status, usage = os.wait4(pid, 0)
            print(os.waitstatus_to_exitcode(status), usage.ru_maxrss)
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, CLI.binary.path] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["SPOKENFORM_TEST_STDIN": stdinPath]) { $1 }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let fields = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard fields.count == 2 else { return (-1, -1) }
        return (Int32(fields[0]), fields[1])
    }

    /// Writes a CSV of at least `bytes` bytes: an id, a number, and a 3 KB quoted text with a line break.
    static func writeLargeCSV(_ url: URL, bytes target: Int) throws {
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        let filler = String(repeating: "lorem ipsum, dolor \"\"sit\"\" amet; ", count: 100)
        var block = "id,n,text\n"
        var rows = 0, written = 0
        while written < target {
            block += "\(rows),\(rows % 10_000),\"\(filler)\nline two\"\n"
            rows += 1
            if block.utf8.count > 1 << 20 || written + block.utf8.count >= target {
                handle.write(Data(block.utf8))
                written += block.utf8.count
                block = ""
            }
        }
    }

    /// Hundreds of MiB go through with the same resident set as a file ten times smaller:
    /// memory does not grow with the input.
    @Test func largeFileInConstantMemory() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let small = directory.appendingPathComponent("small.csv"), big = directory.appendingPathComponent("big.csv")
        let output = directory.appendingPathComponent("out.csv")
        try Self.writeLargeCSV(small, bytes: 30 << 20)
        try Self.writeLargeCSV(big, bytes: 300 << 20)
        let bigSize = try FileManager.default.attributesOfItem(atPath: big.path)[.size] as? Int ?? 0

        let passthrough = try Self.peakResidentSet(["csv", big.path, "--locale", "fr-FR", "-o", output.path])
        #expect(passthrough.status == 0)
        #expect(try Self.shell("cmp -s '\(big.path)' '\(output.path)'") == 0)

        let convert = ["--locale", "fr-FR", "--column", "n=number", "--jobs", "2", "-o", output.path]
        let smallRun = try Self.peakResidentSet(["csv", small.path] + convert)
        let bigRun = try Self.peakResidentSet(["csv", big.path] + convert)
        #expect(smallRun.status == 0 && bigRun.status == 0)
        let outputSize = try FileManager.default.attributesOfItem(atPath: output.path)[.size] as? Int ?? 0
        #expect(outputSize > bigSize)

        print("csv memory: \(bigSize >> 20) MiB file: passthrough \(passthrough.kib >> 10) MiB, converted (--jobs 2) \(bigRun.kib >> 10) MiB; 30 MiB file converted \(smallRun.kib >> 10) MiB peak RSS")
        #expect(passthrough.kib < 64 << 10)
        #expect(bigRun.kib < 64 << 10)
        // The input grows by 270 MiB; allocator noise between threads moves the peak by a
        // few MiB from run to run, so allow 16 MiB (a buffered input would add hundreds).
        #expect(bigRun.kib - smallRun.kib < 16 << 10, "peak RSS grew from \(smallRun.kib) KiB to \(bigRun.kib) KiB")
    }
}
