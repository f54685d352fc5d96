/// Why a catalog could not be read. Nothing is written when one is thrown: a reader
/// fails before any output exists.
public enum CatalogError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes are not valid UTF-8 (or UTF-16) at this offset.
    case invalidEncoding(byteOffset: Int, encoding: String)
    /// The file is not well-formed JSON, `.strings` or XML plist at this offset.
    case syntax(byteOffset: Int, message: String)
    /// An object or dict holds the same key twice (`path` locates it: `strings > "Done"`);
    /// keys are compared by their exact scalars, as JSON and Xcode do ("é" and "e\u{301}"
    /// are two keys). `line` counts from 1.
    case duplicateKey(String, path: String, byteOffset: Int, line: Int)
    /// Objects, arrays or dicts nested deeper than `limit`: refused before the reader's
    /// stack or memory grows with the depth.
    case nestingTooDeep(byteOffset: Int, limit: Int)
    /// A catalog field holds another type of value than the format allows.
    case unexpectedValue(path: String, expected: String, byteOffset: Int)
    /// A compiled (binary property list, `bplist00`) `.strings` or `.stringsdict`.
    case binaryPropertyList
    /// The bytes are none of the catalog formats SpokenForm reads.
    case unknownFormat(String)

    /// One sentence for a user, with the byte offset or key.
    public var description: String {
        switch self {
        case .invalidEncoding(let offset, let encoding):
            return "invalid \(encoding) at byte \(offset): expected \(encoding) text."
        case .syntax(let offset, let message):
            return "malformed catalog at byte \(offset): \(message)."
        case .duplicateKey(let key, let path, let offset, let line):
            return "duplicate key \(quoted(key)) in \(path.isEmpty ? "the top level" : path) at line \(line) (byte \(offset)): each key must appear once."
        case .nestingTooDeep(let offset, let limit):
            return "nesting deeper than \(limit) levels at byte \(offset): expected at most \(limit) nested objects, arrays or dicts (catalogs nest about 10 deep)."
        case .unexpectedValue(let path, let expected, let offset):
            return "\(path) at byte \(offset): expected \(expected)."
        case .binaryPropertyList:
            return "this is a compiled (binary property list) strings file: convert the source file, or decode it first with `plutil -convert xml1`."
        case .unknownFormat(let detail):
            return "not a string catalog: \(detail); expected an .xcstrings (JSON), .strings or .stringsdict (XML plist) file."
        }
    }
}

/// Limits every reader shares.
enum CatalogLimits {
    /// Nested objects, arrays or dicts allowed: real catalogs nest about 10 deep (a device →
    /// plural variation with substitutions is 13 in JSON, 4 in a plist). A bound keeps the
    /// recursion off the end of the stack and each value's path short.
    static let depth = 64
}

/// The 1-based line of the unit at `offset`: the line feeds before it, plus one.
func lineNumber<C: Collection>(of offset: Int, in units: C) -> Int where C.Element: BinaryInteger, C.Index == Int {
    var line = 1
    var index = units.startIndex
    while index < min(offset, units.endIndex) {
        if units[index] == 0x0A { line += 1 }
        index += 1
    }
    return line
}

/// A key as its exact scalars, for duplicate checks: Swift's `String ==` and hashing use
/// canonical equivalence, which would take "é" and "e\u{301}" for one key.
struct ExactKey: Hashable {
    let utf8: [UInt8]
    init(_ key: String) { utf8 = Array(key.utf8) }
}

/// A key as the messages show it: in double quotes, control characters escaped, and
/// shortened past 80 characters so one message stays one line.
func quoted(_ key: String) -> String {
    var shown = ""
    for scalar in key.unicodeScalars.prefix(80) {
        switch scalar {
        case "\n": shown += "\\n"
        case "\r": shown += "\\r"
        case "\t": shown += "\\t"
        case "\"": shown += "\\\""
        default: shown.unicodeScalars.append(scalar)
        }
    }
    return "\"" + shown + (key.unicodeScalars.count > 80 ? "…" : "") + "\""
}
