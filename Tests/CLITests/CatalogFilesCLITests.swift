import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What `catalog` and `lint` read and write besides the catalog itself (issue 33, findings
/// 5, 8 and 9): `--report` goes through the same checked atomic output as `-o`, and an
/// input that is not a regular file is refused by name, never opened for a blocking read.
@Suite struct CatalogFilesCLITests {
    private static let catalog = #"{"sourceLanguage" : "en", "strings" : {"a" : {"localizations" : {"fr" : {"stringUnit" : {"state" : "translated", "value" : "5 km"}}}}}}"#

    private func fixture() throws -> (directory: URL, input: URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("spokenform-catalog-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let input = directory.appendingPathComponent("in.xcstrings")
        try Data(Self.catalog.utf8).write(to: input)
        return (directory, input)
    }

    private func listing(_ directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    @Test func reportNamingTheInputOrTheOutputIsRefused() throws {
        let (directory, input) = try fixture()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out.xcstrings")
        // The input: it used to be replaced by the report, exit 0.
        var result = try CLI.run(["catalog", input.path, "-o", output.path, "--report", input.path])
        #expect(result.status == 4)
        #expect(result.stderr.contains("refusing to write the report over the input"), "\(result.stderr)")
        #expect(try Data(contentsOf: input) == Data(Self.catalog.utf8))
        result = try CLI.run(["catalog", input.path, "--in-place", "--report", input.path])
        #expect(result.status == 4)
        #expect(try Data(contentsOf: input) == Data(Self.catalog.utf8))
        // The -o file, new or existing, however spelled.
        result = try CLI.run(["catalog", input.path, "-o", output.path, "--report", directory.path + "/./out.xcstrings"])
        #expect(result.status == 4)
        #expect(result.stderr.contains("it is the -o file"), "\(result.stderr)")
        #expect(try listing(directory) == ["in.xcstrings"])
        try Data("keep".utf8).write(to: output)
        result = try CLI.run(["catalog", input.path, "-o", output.path, "--report", output.path])
        #expect(result.status == 4)
        #expect(try Data(contentsOf: output) == Data("keep".utf8))
    }

    @Test func reportRefusesWhatOutputRefusesBeforeAnythingIsWritten() throws {
        let (directory, input) = try fixture()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out.xcstrings")
        try Data("keep".utf8).write(to: output)
        let target = directory.appendingPathComponent("real.json")
        try Data("old report".utf8).write(to: target)
        let link = directory.appendingPathComponent("link.json")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let fifo = directory.appendingPathComponent("fifo.json")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let missing = directory.appendingPathComponent("missing/report.json")
        for (path, what) in [(link.path, "it is a symbolic link"), (fifo.path, "it is a FIFO"), ("/dev/null", "it is a device"),
                             (directory.path, "it is a directory"), (missing.path, "cannot create a temporary file")] {
            let result = try CLI.run(["catalog", input.path, "-o", output.path, "--report", path])
            #expect(result.status == 4, "\(path): \(result.stderr)")
            #expect(result.stderr.contains(what), "\(path): \(result.stderr)")
            // Refused before -o was committed: its target is as it was, no temporary file left.
            #expect(try Data(contentsOf: output) == Data("keep".utf8), "\(path)")
        }
        var info = stat()
        #expect(lstat(link.path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
        #expect(lstat(fifo.path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        #expect(lstat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
        #expect(try Data(contentsOf: target) == Data("old report".utf8))
        #expect(try listing(directory) == ["fifo.json", "in.xcstrings", "link.json", "out.xcstrings", "real.json"])
    }

    @Test func reportKeepsTheModeOfTheFileItReplaces() throws {
        let (directory, input) = try fixture()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out.xcstrings")
        let report = directory.appendingPathComponent("report.json")
        try Data("old".utf8).write(to: report)
        #expect(chmod(report.path, 0o600) == 0)
        let result = try CLI.run(["catalog", input.path, "-o", output.path, "--report", report.path, "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        var info = stat()
        #expect(stat(report.path, &info) == 0 && info.st_mode & 0o7777 == 0o600)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any]
        #expect(json?["languages"] != nil)
        #expect(try Data(contentsOf: output).count > 0)
        #expect(try listing(directory) == ["in.xcstrings", "out.xcstrings", "report.json"])
    }

    /// Both temporary files exist while the catalog converts; a signal then removes both
    /// (the handler once knew only the last one created).
    @Test(arguments: [SIGTERM, SIGINT])
    func aSignalRemovesBothTemporaryFiles(signal: Int32) throws {
        let (directory, _) = try fixture()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("fr.lproj/Large.strings")
        try FileManager.default.createDirectory(at: input.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data((0..<40_000).map { "\"k\($0)\" = \"Ouvert le 1er mai 2015 de 9h à 17h30, \($0) km\";\n" }.joined().utf8).write(to: input)
        let output = directory.appendingPathComponent("out.strings"), report = directory.appendingPathComponent("report.json")
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = ["catalog", input.path, "-o", output.path, "--report", report.path, "--jobs", "1"]
        process.standardError = FileHandle.nullDevice
        try process.run()
        func temporaryFiles() -> [String] { ((try? listing(directory)) ?? []).filter { $0.contains(".spokenform-") } }
        var waited = 0
        while temporaryFiles().count < 2 && waited < 400 && process.isRunning {
            usleep(25_000)
            waited += 1
        }
        #expect(temporaryFiles().count == 2)
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(temporaryFiles().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: output.path))
        #expect(!FileManager.default.fileExists(atPath: report.path))
    }

    @Test func inputThatIsNotARegularFileIsRefusedByName() throws {
        let (directory, _) = try fixture()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("fifo.xcstrings")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let folder = directory.appendingPathComponent("folder.xcstrings")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // A FIFO without a writer used to hang `catalog` in open; `lint` said "You don't have permission".
        for command in ["catalog", "lint"] {
            for (path, what) in [(fifo.path, "it is a FIFO, not a regular file"), (folder.path, "it is a directory, not a regular file"),
                                 ("/dev/zero", "it is a character device, not a regular file")] {
                let result = try CLI.run([command, path] + (command == "lint" ? [] : ["--quiet"]))
                #expect(result.status == 4, "\(command) \(path): \(result.stderr)")
                #expect(result.stderr.contains("cannot read \(path): \(what); expected a catalog file"), "\(command) \(path): \(result.stderr)")
            }
            let result = try CLI.run([command, directory.appendingPathComponent("none.xcstrings").path])
            #expect(result.status == 4)
            #expect(result.stderr.contains("No such file or directory"), "\(result.stderr)")
        }
    }

    @Test func oversizedInputIsRefusedBeforeItIsRead() throws {
        let (directory, _) = try fixture()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A sparse file past the 256 MiB bound: refused from its size, no byte read.
        let large = directory.appendingPathComponent("large.xcstrings")
        #expect(FileManager.default.createFile(atPath: large.path, contents: nil))
        #expect(truncate(large.path, off_t(257 << 20)) == 0)
        for command in ["catalog", "lint"] {
            let result = try CLI.run([command, large.path])
            #expect(result.status == 4, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("it is larger than 256 MiB; expected a catalog file"), "\(result.stderr)")
        }
    }

    @Test func emptyXCStringsIsNotACatalog() throws {
        let (directory, _) = try fixture()
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, bytes) in [("empty.xcstrings", [UInt8]()), ("blank.xcstrings", Array(" \n".utf8)), ("bom.xcstrings", [0xEF, 0xBB, 0xBF])] {
            let file = directory.appendingPathComponent(name)
            try Data(bytes).write(to: file)
            for command in ["catalog", "lint"] {
                let result = try CLI.run([command, file.path])
                #expect(result.status == 65, "\(command) \(name): \(result.stderr)")
                #expect(result.stderr.contains("expected a JSON object"), "\(result.stderr)")
            }
        }
        // A BOM before the JSON is kept, byte for byte.
        let withBOM = directory.appendingPathComponent("bom-json.xcstrings")
        try Data([0xEF, 0xBB, 0xBF] + Array(Self.catalog.utf8)).write(to: withBOM)
        let result = try CLI.run(["catalog", withBOM.path, "--languages", "it", "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Array(result.stdout.utf8) == [0xEF, 0xBB, 0xBF] + Array(Self.catalog.utf8))
    }
}
