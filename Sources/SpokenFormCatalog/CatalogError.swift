/// Why a catalog could not be read. Nothing is written when one is thrown: a reader
/// fails before any output exists.
public enum CatalogError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes are not valid UTF-8 (or UTF-16) at this offset.
    case invalidEncoding(byteOffset: Int, encoding: String)
    /// The file is not well-formed JSON, `.strings` or XML plist at this offset.
    case syntax(byteOffset: Int, message: String)
    /// An object holds the same key twice (`path` locates the object: `strings > "Done"`).
    case duplicateKey(String, path: String, byteOffset: Int)
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
        case .duplicateKey(let key, let path, let offset):
            return "duplicate key \(quoted(key)) in \(path.isEmpty ? "the top-level object" : path) at byte \(offset): each key must appear once."
        case .unexpectedValue(let path, let expected, let offset):
            return "\(path) at byte \(offset): expected \(expected)."
        case .binaryPropertyList:
            return "this is a compiled (binary property list) strings file: convert the source file, or decode it first with `plutil -convert xml1`."
        case .unknownFormat(let detail):
            return "not a string catalog: \(detail); expected an .xcstrings (JSON), .strings or .stringsdict (XML plist) file."
        }
    }
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
