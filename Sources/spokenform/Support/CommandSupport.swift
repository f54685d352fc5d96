import ArgumentParser
import Foundation
import SpokenForm

/// Exit codes of every subcommand (also listed in `spokenform --help` and README.md).
enum ExitCodes {
    /// At least one input could not be converted (the rest were).
    static let invalidInput: Int32 = 1
    /// The locale is malformed or not supported for this capability.
    static let unsupportedLocale: Int32 = 2
    /// A locale data file is malformed.
    static let badLocaleData: Int32 = 3
    /// A file could not be read or written (standard input and output included).
    static let ioError: Int32 = 4
    /// The capability is not built yet.
    static let notAvailable: Int32 = 5
    /// Bad command-line usage (ArgumentParser's own code), a `--format` the command cannot produce included.
    static let usage: Int32 = 64

    static let summary = "0 success, 1 an input could not be converted, 2 unsupported or malformed locale, 3 malformed locale data, 4 read or write error, 5 not available yet, 64 usage error."

    static func code(for error: SpokenFormError) -> Int32 {
        switch error {
        case .invalidInput, .invalidOption, .icuFailure: return invalidInput
        case .invalidLocale, .unsupportedLocale: return unsupportedLocale
        case .malformedLocaleData: return badLocaleData
        case .notAvailable: return notAvailable
        }
    }
}

/// Writes one line to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data(("spokenform: " + message + "\n").utf8))
}

/// Reports a SpokenForm error and leaves with its documented exit code.
func fail(_ error: Error) -> ExitCode {
    if let error = error as? SpokenFormError {
        printError(error.description)
        return ExitCode(ExitCodes.code(for: error))
    }
    if let error = error as? ExitCode { return error }
    printError("\(error)")
    return ExitCode(ExitCodes.ioError)
}

/// A read or write error: the message, then exit code 4.
func ioFailure(_ message: String) -> ExitCode {
    printError(message)
    return ExitCode(ExitCodes.ioError)
}

/// Output formats. Each command lists those it can produce; any other is a usage error
/// (exit 64), never a silent fallback to another format.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case text, json, ssml, html

    /// Throws the usage error for a format `command` cannot produce.
    static func check(_ format: OutputFormat, among formats: [OutputFormat], command: String) throws {
        guard formats.contains(format) else {
            let names = formats.map(\.rawValue)
            let list = names.count == 2 ? names.joined(separator: " or ") : names.dropLast().joined(separator: ", ") + " or " + names.last!
            throw ValidationError("--format \(format.rawValue) is not available for \(command): use \(list).")
        }
    }
}

/// `--locale`, `--format`, `--number-spelling` and `--data-dir`, shared by the single-value commands.
struct LocaleOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: ArgumentHelp("Locale as a BCP 47 tag.", valueName: "fr-FR"))
    var locale: String

    @Option(name: .long, help: "Output: text (one line per value) or json (one object per line).")
    var format: OutputFormat = .text

    @Option(name: .customLong("number-spelling"), help: "French compound numbers: traditional (vingt et un) or reform (vingt-et-un).")
    var numberSpelling: NumberSpelling = .traditional

    @OptionGroup var data: DataDirectoryOptions

    func makeSpokenForm() throws -> SpokenForm {
        try SpokenForm.shared(locale: locale, options: .init(numberSpelling: numberSpelling, dataDirectories: try data.urls()))
    }
}

/// `--data-dir DIR` (repeatable): user data laid out like `Locales/`, read after the
/// built-in data (`SpokenForm.Options.dataDirectories`).
struct DataDirectoryOptions: ParsableArguments {
    @Option(name: .customLong("data-dir"),
            help: ArgumentHelp("A directory of extra locale data laid out like Locales/ (repeatable; read after the built-in data).", valueName: "dir"))
    var directories: [String] = []

    /// The directories, each checked to be a readable directory (exit 4 otherwise:
    /// a mistyped path must not silently give the built-in answers).
    func urls() throws -> [URL] {
        try directories.map { path in
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw ioFailure("cannot read the data directory \(path): it does not exist.")
            }
            guard isDirectory.boolValue, access(path, R_OK | X_OK) == 0 else {
                throw ioFailure("cannot read the data directory \(path): it is not a readable directory.")
            }
            return URL(fileURLWithPath: path, isDirectory: true)
        }
    }
}

extension NumberSpelling: ExpressibleByArgument {}
extension Gender: ExpressibleByArgument {}

/// One line of `--format json` output.
struct JSONLine: Encodable {
    var input: String
    var locale: String
    var kind: String
    var text: String?
    var error: String?
    var details: [String: String]?
}

let jsonEncoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
}()

/// `value` as one line of JSON. `JSONEncoder` leaves U+0085, U+2028 and U+2029 raw, as
/// JSON allows, but a reader that splits lines at them (Python's `splitlines`,
/// JavaScript before ES2019) would cut the line: they are written `\u0085`, `\u2028`,
/// `\u2029`. In UTF-8 JSON their bytes can only be those characters inside a string.
func jsonLine(_ value: some Encodable, encoder: JSONEncoder = jsonEncoder) throws -> String {
    let json = String(decoding: try encoder.encode(value), as: UTF8.self)
    // Every line separator's UTF-8 starts with C2 (NEL) or E2 (U+2028/9): most lines have neither.
    guard json.utf8.contains(where: { $0 == 0xC2 || $0 == 0xE2 }) else { return json }
    var escaped = String.UnicodeScalarView()
    for scalar in json.unicodeScalars {
        switch scalar.value {
        case 0x85: escaped.append(contentsOf: #"\u0085"#.unicodeScalars)
        case 0x2028: escaped.append(contentsOf: #"\u2028"#.unicodeScalars)
        case 0x2029: escaped.append(contentsOf: #"\u2029"#.unicodeScalars)
        default: escaped.append(scalar)
        }
    }
    return String(escaped)
}

/// What a command prints for one input: the plain answer, and optionally its own JSON
/// object (default: a `JSONLine` with the text) and its markup (a `Spoken` with its
/// spans and rewrites, rendered by `Spoken.ssml` and `Spoken.html`).
struct Answer {
    var text: String
    var json: (any Encodable)?
    var markup: Spoken?

    init(_ text: String, json: (any Encodable)? = nil, markup: Spoken? = nil) {
        self.text = text
        self.json = json
        self.markup = markup
    }
}

/// The one loop of every single-value command: VALUE, or each line of standard input
/// when VALUE is absent, answered one line per input in `format`.
///
/// - An input that cannot be converted (`SpokenFormError.invalidInput`, or bytes that are
///   not UTF-8) is reported on stderr and gives an empty line (or a JSON object with
///   "error"), so output stays aligned with input; the command exits 1 after the last line.
/// - Any other `SpokenFormError` (unsupported locale, bad option, bad data) stops at once
///   with its own exit code: it would fail every line alike.
/// - A read or write error stops with exit code 4.
/// - An answer never holds a line break: text output gets a space in its place, markup
///   a character reference, JSON its escape.
func answerEachValue(_ value: String?, format: OutputFormat, kind: String, locale: String,
                     _ answer: (String) throws -> Answer) throws {
    let output = StandardOutput()
    // `raw` is built only for an error message: an eager copy of every line cost a huge
    // line its size once more (issue 18, finding 5).
    func emit(_ input: String?, raw: @autoclosure () -> String) throws -> Bool {
        do {
            guard let input else {
                throw SpokenFormError.invalidInput(kind: "input", input: raw(),
                                                   expected: "UTF-8 text (the bytes shown as U+FFFD are not UTF-8)")
            }
            let result = try answer(input)
            switch format {
            case .text:
                try output.line(LineBreaks.replacedBySpaces(result.text))
            case .json:
                let object = result.json ?? JSONLine(input: input, locale: locale, kind: kind, text: result.text)
                try output.line(try jsonLine(object))
            case .ssml:
                try output.line(LineBreaks.replacedByReferences((result.markup ?? Spoken(text: result.text, locale: locale)).ssml))
            case .html:
                try output.line(LineBreaks.replacedByReferences((result.markup ?? Spoken(text: result.text, locale: locale)).html))
            }
            return true
        } catch let error as SpokenFormError {
            guard case .invalidInput(let what, let quoted, let expected) = error else { throw fail(error) }
            // stderr names the input, shortened: a 1 MiB line echoed whole would bury the reason.
            printError(SpokenFormError.invalidInput(kind: what, input: shortened(quoted), expected: expected).description)
            if format == .json {
                let line = JSONLine(input: input ?? raw(), locale: locale, kind: kind, error: error.description)
                try output.line(try jsonLine(line))
            } else if value == nil {
                try output.line("")
            }
            return false
        }
    }

    if let value {
        let valid = CommandLineArguments.isValidUTF8(value)
        let succeeded = try emit(valid ? value : nil, raw: value)
        try output.finish()
        guard succeeded else { throw ExitCode(ExitCodes.invalidInput) }
        return
    }
    var failures = 0
    let lines = StandardInputLines()
    while let line = try lines.next() {
        let succeeded: Bool
        switch line {
        case .text(let text): succeeded = try emit(text, raw: text)
        case .notUTF8(let repaired): succeeded = try emit(nil, raw: repaired)
        }
        if !succeeded { failures += 1 }
    }
    try output.finish()
    if failures > 0 {
        printError("\(failures) line(s) could not be converted.")
        throw ExitCode(ExitCodes.invalidInput)
    }
}

/// An input as quoted in a message: whole up to 200 characters, else its start, an
/// ellipsis and its length.
func shortened(_ input: String) -> String {
    let scalars = input.unicodeScalars
    guard scalars.count > 200 else { return input }
    return String(String.UnicodeScalarView(scalars.prefix(100))) + "… (\(scalars.count) characters)"
}

/// Characters that end a line for some reader of the output (Python's `splitlines`,
/// editors): none may appear inside one answer.
enum LineBreaks {
    /// LF, CR, VT, FF, the information separators FS GS RS, NEL, LINE and PARAGRAPH SEPARATOR.
    /// A switch, not a `Set`: hashing every scalar of every answer cost about 5% of `text`.
    @inline(__always)
    static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x1C...0x1E, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    @inline(__always)
    private static func contains(_ text: String) -> Bool {
        // Every line break's UTF-8 starts with a byte below 0x20, or 0xC2 (NEL) or 0xE2 (U+2028/9).
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0xC2 || $0 == 0xE2 }) else { return false }
        return text.unicodeScalars.contains(where: isLineBreak)
    }

    /// Plain text: each line break becomes a space.
    static func replacedBySpaces(_ text: String) -> String {
        guard contains(text) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { scalars.append(isLineBreak(scalar) ? " " : scalar) }
        return String(scalars)
    }

    /// SSML and HTML: each line break becomes a numeric character reference, which says
    /// the same to an XML or HTML reader and keeps the answer on one line.
    static func replacedByReferences(_ text: String) -> String {
        guard contains(text) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if isLineBreak(scalar) {
                out += "&#x" + String(scalar.value, radix: 16, uppercase: true) + ";"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// Standard output through stdio, with every write checked: `print` drops write errors,
/// so `spokenform number 12 > /dev/full` used to exit 0.
final class StandardOutput {
    /// A stream of our own on descriptor 1 (Glibc's `stdout` global is not concurrency-safe to name in Swift 6).
    private let file: UnsafeMutablePointer<FILE>? = fdopen(STDOUT_FILENO, "w")

    /// Writes `text` and a line feed. Two writes into stdio's buffer rather than `text + "\n"`,
    /// which copied a huge answer once more.
    func line(_ text: String) throws {
        guard let file else { throw failure() }
        var text = text
        let written = text.withUTF8 { fwrite($0.baseAddress, 1, $0.count, file) }
        guard written == text.utf8.count, fputc(0x0A, file) != EOF else { throw failure() }
    }

    /// Flushes; stdio reports a full disk or a closed descriptor only here.
    func finish() throws {
        guard let file, fflush(file) == 0, ferror(file) == 0 else { throw failure() }
    }

    private func failure() -> ExitCode {
        ioFailure("cannot write standard output: \(String(cString: strerror(errno))).")
    }
}

/// Standard input line by line as bytes (LF or CRLF ends a line), with read errors
/// reported: `readLine` returns nil for both the end and an error, so a directory given
/// as standard input read as an empty input.
final class StandardInputLines {
    private let file: UnsafeMutablePointer<FILE>? = fdopen(STDIN_FILENO, "r")
    private var buffer: UnsafeMutablePointer<CChar>?
    private var capacity = 0

    deinit { free(buffer) }

    /// One line of input: its text, or, when its bytes are not UTF-8, the text with U+FFFD
    /// in their place (for the message only).
    enum Line {
        case text(String)
        case notUTF8(repaired: String)
    }

    /// The next line without its terminator, nil at the end; throws exit code 4 on a read error.
    /// The line is decoded straight from getline's buffer: one copy of a huge line, not two.
    func next() throws -> Line? {
        guard let file else { throw ioFailure("cannot read standard input: \(String(cString: strerror(errno))).") }
        errno = 0
        let count = getline(&buffer, &capacity, file)
        guard count >= 0, let buffer else {
            if ferror(file) != 0 {
                throw ioFailure("cannot read standard input: \(String(cString: strerror(errno))).")
            }
            return nil
        }
        var length = count
        if length > 0 && buffer[length - 1] == 0x0A {
            length -= 1
            if length > 0 && buffer[length - 1] == 0x0D { length -= 1 }
        }
        return buffer.withMemoryRebound(to: UInt8.self, capacity: length) {
            let bytes = UnsafeBufferPointer(start: $0, count: length)
            if let text = String(validating: bytes, as: UTF8.self) { return .text(text) }
            return .notUTF8(repaired: String(decoding: bytes, as: UTF8.self))
        }
    }
}

/// The raw bytes of the command line: Swift decodes them with repairs (U+FFFD), so the
/// one way to know whether VALUE was UTF-8 is to look at what the process received.
enum CommandLineArguments {
    /// Whether `value` came from an argument that was valid UTF-8 (a value without
    /// U+FFFD always did; one with it did only if some argument spelled U+FFFD itself).
    static func isValidUTF8(_ value: String) -> Bool {
        guard value.unicodeScalars.contains("\u{FFFD}") else { return true }
        for index in 0..<Int(CommandLine.argc) {
            guard let raw = CommandLine.unsafeArgv[index] else { continue }
            let length = strlen(raw)
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: length)
            let decoded = String(decoding: bytes, as: UTF8.self)
            guard decoded == value else { continue }
            if String(validating: bytes, as: UTF8.self) != nil { return true }
        }
        return false
    }
}

/// `convertEachValue`'s usual case: a command speaking one value with its locale's
/// `SpokenForm`, in text or JSON. Checks `--format` first (exit 64), then the locale and
/// the `capability` it needs (exit 2: not once per line with exit 1), before any input is read.
func convertEachValue(
    _ value: String?, options: LocaleOptions, kind: String,
    formats: [OutputFormat] = [.text, .json],
    // Every value command speaks numbers: an unsupported locale fails before any input.
    requiring capability: (SpokenForm) throws -> Void = { _ = try $0.numbers },
    _ convert: (SpokenForm, String) throws -> String
) throws {
    try OutputFormat.check(options.format, among: formats, command: kind)
    let spoken: SpokenForm
    do {
        spoken = try options.makeSpokenForm()
        try capability(spoken)
    } catch { throw fail(error) }
    try answerEachValue(value, format: options.format, kind: kind, locale: spoken.locale.bcp47) { input in
        Answer(try convert(spoken, input))
    }
}

/// A subcommand that exists in the interface but whose capability is not built yet.
func notAvailable(_ what: String) -> ExitCode {
    fail(SpokenFormError.notAvailable(what))
}
