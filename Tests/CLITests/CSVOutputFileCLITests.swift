import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `csv -o FILE` (issue 18, findings 3, 7, 11 and 13): what it refuses, what it keeps, and
/// that no temporary file survives a signal it can catch.
@Suite struct CSVOutputFileCLITests {
    static let input = "name,amount\nMartin,12\nDurand,1999\n"

    static func temporaryFiles(in directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.contains(".spokenform-") }
    }

    @Test func refusesADirectoryASymlinkAFIFOAndADeviceBeforeReading() throws {
        let directory = try ReliabilityCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("real.csv")
        try "keep\n".write(to: target, atomically: true, encoding: .utf8)
        let link = directory.appendingPathComponent("link.csv")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let fifo = directory.appendingPathComponent("fifo")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let subdirectory = directory.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: subdirectory, withIntermediateDirectories: true)

        for (path, what) in [(subdirectory.path, "a directory"), (link.path, "a symbolic link"), (fifo.path, "a FIFO"), ("/dev/null", "a device")] {
            let result = try CLI.run(["csv", "--locale", "fr", "--column", "amount=number", "-o", path], stdin: Self.input)
            #expect(result.status == 4, "\(path): \(result.stderr)")
            #expect(result.stderr.contains("refusing to write \(path): it is \(what)"), "\(result.stderr)")
        }
        var info = stat()
        #expect(lstat(link.path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
        #expect(lstat(fifo.path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        #expect(lstat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
        #expect(try String(contentsOf: target, encoding: .utf8) == "keep\n")
        #expect(Self.temporaryFiles(in: directory).isEmpty)
        #expect(Self.temporaryFiles(in: subdirectory).isEmpty)
    }

    @Test func refusesTheInputGivenOnStandardInput() throws {
        let directory = try ReliabilityCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("in.csv")
        try Self.input.write(to: file, atomically: true, encoding: .utf8)
        let result = try ReliabilityCLITests.run(["csv", "--locale", "fr", "--column", "amount=number", "-o", file.path], stdinPath: file.path)
        #expect(result.status == 4)
        #expect(result.stderr.contains("refusing to write over the input"))
        #expect(try String(contentsOf: file, encoding: .utf8) == Self.input)
    }

    @Test func keepsTheModeAndOwnerOfTheFileItReplaces() throws {
        let directory = try ReliabilityCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("out.csv")
        try "old\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(chmod(file.path, 0o600) == 0)
        // As root, also hand the file to another owner: the replacement must keep it.
        let otherOwner: uid_t? = geteuid() == 0 ? 4242 : nil
        if let otherOwner { #expect(chown(file.path, otherOwner, 4243) == 0) }
        let result = try CLI.run(["csv", "--locale", "fr", "--column", "amount=number", "-o", file.path], stdin: Self.input)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try String(contentsOf: file, encoding: .utf8) == "name,amount,amount_spoken\nMartin,12,douze\nDurand,1999,mille neuf cent quatre-vingt-dix-neuf\n")
        var info = stat()
        #expect(stat(file.path, &info) == 0)
        #expect(info.st_mode & 0o7777 == 0o600)
        if let otherOwner {
            #expect(info.st_uid == otherOwner)
            #expect(info.st_gid == 4243)
        }
        // A new file gets the mode a plain create gives (0666 less the umask).
        let fresh = directory.appendingPathComponent("new.csv")
        _ = try CLI.run(["csv", "--locale", "fr", "-o", fresh.path], stdin: Self.input)
        let mask = umask(0)
        umask(mask)
        #expect(stat(fresh.path, &info) == 0 && info.st_mode & 0o777 == 0o666 & ~mask)
    }

    /// The run waits on a standard input that stays open; the signal arrives while the
    /// temporary file exists; afterwards neither it nor a target is left.
    @Test(arguments: [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGXFSZ, SIGALRM])
    func everyCatchableSignalRemovesTheTemporaryFile(signal: Int32) throws {
        let directory = try ReliabilityCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("out.csv")
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = ["csv", "--locale", "fr", "--column", "amount=number", "-o", target.path]
        let input = Pipe()
        process.standardInput = input
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data(Self.input.utf8))
        var waited = 0
        while Self.temporaryFiles(in: directory).isEmpty && waited < 200 {
            usleep(50_000)
            waited += 1
        }
        #expect(!Self.temporaryFiles(in: directory).isEmpty)
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        try? input.fileHandleForWriting.close()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == signal)
        #expect(Self.temporaryFiles(in: directory).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: target.path))
    }

    /// A file size limit (`ulimit -f`) stops the run with SIGXFSZ or EFBIG; the temporary file goes either way.
    @Test func fileSizeLimitLeavesNoTemporaryFile() throws {
        let directory = try ReliabilityCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("big.csv")
        var rows = "name,amount\n"
        for i in 0..<20_000 { rows += "n\(i),\(i)\n" }
        try rows.write(to: source, atomically: true, encoding: .utf8)
        let target = directory.appendingPathComponent("out.csv")
        let result = try ReliabilityCLITests.shell("ulimit -f 8; exec \"$0\" csv \(source.path) --locale fr --column amount=number -o \(target.path)")
        #expect(result.status != 0)
        #expect(Self.temporaryFiles(in: directory).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: target.path))
    }
}
