import Dispatch
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The reliability audit's findings (issue 18), each reproduced against the built binary.
@Suite struct ReliabilityCLITests {
    /// Runs the binary with its standard input and output bound to files (`/dev/full`, a
    /// directory) instead of pipes.
    static func run(_ arguments: [String], stdinPath: String? = nil, stdoutPath: String? = nil) throws -> CLIResult {
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = arguments
        let err = Pipe()
        process.standardError = err
        let out = Pipe()
        if let stdoutPath {
            process.standardOutput = FileHandle(forWritingAtPath: stdoutPath)
        } else {
            process.standardOutput = out
        }
        if let stdinPath {
            let fd = open(stdinPath, O_RDONLY)
            process.standardInput = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        let outData = stdoutPath == nil ? out.fileHandleForReading.readDataToEndOfFile() : Data()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CLIResult(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                         stderr: String(decoding: errData, as: UTF8.self))
    }

    /// `sh -c SCRIPT` with the binary as $0: for arguments that are not UTF-8.
    static func shell(_ script: String) throws -> CLIResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, CLI.binary.path]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CLIResult(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                         stderr: String(decoding: errData, as: UTF8.self))
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("spokenform-reliability-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Every single-value command with a VALUE it can speak.
    static let commands: [[String]] = [
        ["number", "12"], ["ordinal", "1"], ["year", "1999"], ["digits", "0042"], ["percent", "25"],
        ["date", "2015-04-01"], ["time", "05:30"], ["datetime", "2015-04-01T05:30"], ["duration", "PT1H"],
        ["relative", "3 days"], ["phone", "06 11 22 33 06"], ["expand", "Dr Martin"], ["tag", "Activez le Bluetooth"],
    ]

    // MARK: 1, 2, 10: long and odd input

    @Test func twoHundredThousandDigitsNeitherCrashNorHang() throws {
        let start = Date()
        let result = try CLI.run(["number", "--locale", "fr-FR"], stdin: String(repeating: "1", count: 200_000) + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("onze trillions "))
        #expect(result.stdout.hasSuffix(" cent onze\n"))
        #expect(Date().timeIntervalSince(start) < 60)
    }

    @Test func longInvalidPhoneLineIsRejectedAtOnce() throws {
        let start = Date()
        let result = try CLI.run(["phone", "--locale", "fr-FR"], stdin: String(repeating: "0", count: 1 << 20) + "}\n")
        #expect(result.status == 1)
        #expect(result.stdout == "\n")
        #expect(result.stderr.contains("is not a valid phone number"))
        #expect(Date().timeIntervalSince(start) < 20)
    }

    @Test func nulIsACharacterOfThePhoneInputNotItsEnd() throws {
        let result = try CLI.run(["phone", "--locale", "fr-FR"], stdin: "06 11 22 33 06\u{0} not a phone\n06 11 22 33 06\n")
        #expect(result.status == 1)
        #expect(result.stdout == "\nzéro six, onze, vingt-deux, trente-trois, zéro six\n")
    }

    // MARK: 8: one line per input line

    @Test func decodedLineBreaksStayInsideTheirLine() throws {
        let input = "<span lang=\"en\">Hello&#10;world</span> et <b>x&#13;y</b>\nOuvrez les Réglages\n"
        for format in ["html", "ssml", "text", "json"] {
            let result = try CLI.run(["tag", "--locale", "fr", "--format", format], stdin: input)
            #expect(result.status == 0)
            let lines = result.stdout.split(omittingEmptySubsequences: false) { $0.isNewline }
            #expect(lines.count == 3 && lines[2].isEmpty, "\(format): \(result.stdout.debugDescription)")
        }
        let html = try CLI.run(["tag", "--locale", "fr", "--format", "html"], stdin: input)
        #expect(html.stdout.hasPrefix("<span lang=\"en\">Hello&#xA;world</span> et x&#xD;y\n"))
        let text = try CLI.run(["tag", "--locale", "fr", "--format", "text"], stdin: input)
        #expect(text.stdout == "Hello world et x y\nOuvrez les Réglages\n")
    }

    @Test func lineSeparatorsInsideAnInputLineDoNotSplitTheAnswer() throws {
        let result = try CLI.run(["expand", "--locale", "fr"], stdin: "Dr Martin\r3 av. Foch\u{2028}fin\nMme Durand\n")
        #expect(result.stdout == "docteur Martin trois avenue Foch fin\nmadame Durand\n")
    }

    // MARK: 9: read and write errors

    @Test func everyCommandExits4WhenStandardOutputIsFull() throws {
        for command in Self.commands + [["csv", "--locale", "fr", "/dev/null"], ["locales"]] {
            let locale = command.first == "csv" || command.first == "locales" ? [] : ["--locale", "fr-FR"]
            let result = try Self.run(command + locale, stdoutPath: "/dev/full")
            #expect(result.status == 4 || (command.first == "csv" && result.status == 0), "\(command): \(result.status) \(result.stderr)")
            if result.status == 4 { #expect(result.stderr.contains("No space left on device"), "\(command)") }
        }
        let csv = try Self.run(["csv", "--locale", "fr", "/proc/self/exe"], stdoutPath: "/dev/full")
        #expect(csv.status == 4 || csv.status == 65, "\(csv.stderr)")
    }

    @Test func everyCommandExits4WhenStandardInputIsADirectory() throws {
        for command in Self.commands + [["csv"]] {
            let result = try Self.run([command[0], "--locale", "fr-FR"], stdinPath: "/tmp")
            #expect(result.status == 4, "\(command): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains("Is a directory"), "\(command)")
        }
    }

    // MARK: 13: invalid UTF-8

    @Test func invalidUTF8IsReportedNotReplaced() throws {
        for command in ["expand", "tag", "number"] {
            let single = try Self.shell("exec \"$0\" \(command) \"$(printf 'Dr\\377Martin')\" --locale fr")
            #expect(single.status == 1, "\(command): \(single.stdout)")
            #expect(single.stdout.isEmpty)
            #expect(single.stderr.contains("not UTF-8"))
            let lines = try Self.shell("printf 'Dr\\377\\n12\\n' | \"$0\" \(command) --locale fr --format json")
            #expect(lines.status == 1)
            let answers = lines.stdout.split(separator: "\n")
            #expect(answers.count == 2)
            #expect(answers.first?.contains("\"error\"") == true)
        }
        // U+FFFD typed as such is text like any other.
        let typed = try CLI.run(["expand", "Dr Martin \u{FFFD}", "--locale", "fr"])
        #expect(typed.status == 0)
        #expect(typed.stdout == "docteur Martin \u{FFFD}\n")
    }

    // MARK: issue 10: formats, --version, --data-dir

    @Test func aFormatACommandCannotProduceIsAUsageError() throws {
        for command in Self.commands where command[0] != "tag" {
            for format in ["ssml", "html"] {
                let result = try CLI.run(command + ["--locale", "fr", "--format", format])
                #expect(result.status == 64, "\(command) \(format): \(result.stdout)")
                #expect(result.stdout.isEmpty)
                #expect(result.stderr.contains("text or json"))
            }
        }
        let locales = try CLI.run(["locales", "--format", "ssml"])
        #expect(locales.status == 64)
    }

    @Test func tagTextIsTheTextWithoutMarkup() throws {
        let result = try CLI.run(["tag", "Activez le <span lang=\"en\">Bluetooth</span>", "--locale", "fr-FR", "--format", "text"])
        #expect(result.status == 0)
        #expect(result.stdout == "Activez le Bluetooth\n")
    }

    @Test func version() throws {
        let result = try CLI.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil, "\(result.stdout)")
    }

    @Test func dataDirectoryAddsUserEntries() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("fr"), withIntermediateDirectories: true)
        try "bdg. | bâtiment de garde\n".write(to: directory.appendingPathComponent("fr/abbreviations.txt"), atomically: true, encoding: .utf8)
        let plain = try CLI.run(["expand", "le bdg. nord", "--locale", "fr"])
        #expect(plain.stdout == "le bdg. nord\n")
        let user = try CLI.run(["expand", "le bdg. nord", "--locale", "fr", "--data-dir", directory.path])
        #expect(user.status == 0, "\(user.stderr)")
        #expect(user.stdout == "le bâtiment de garde nord\n")
        let csv = try CLI.run(["csv", "--locale", "fr", "--column", "t=expand", "--data-dir", directory.path], stdin: "t\nle bdg. nord\n")
        #expect(csv.stdout == "t,t_spoken\nle bdg. nord,le bâtiment de garde nord\n")
        let missing = try CLI.run(["number", "12", "--locale", "fr", "--data-dir", directory.appendingPathComponent("nowhere").path])
        #expect(missing.status == 4)
        #expect(missing.stderr.contains("does not exist"))
    }
}
