/// A JSON value as the catalog reader needs it: objects keep their members in file
/// order, and every string keeps the byte range of its contents (between the quotes) so
/// that a value can be replaced in place. Nothing is re-serialised: the file's layout,
/// key order and unknown fields are never looked at, so they cannot change.
///
/// Our own scanner rather than `JSONSerialization` or `JSONDecoder`: both give values
/// without their positions, and re-emitting the tree would reorder keys (`JSONEncoder`
/// sorts by UTF-8 bytes on Linux) or drop unknown fields (a `Codable` model).
indirect enum JSONNode {
    case object([JSONMember], start: Int)
    case array([JSONNode], start: Int)
    case string(JSONString)
    /// A number, `true`, `false` or `null`: its bytes.
    case literal(Range<Int>)

    var start: Int {
        switch self {
        case .object(_, let start), .array(_, let start): return start
        case .string(let string): return string.contents.lowerBound - 1
        case .literal(let range): return range.lowerBound
        }
    }

    /// What the messages call this value's type.
    var typeName: String {
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .literal: return "a number, true, false or null"
        }
    }

    /// The member named `key`, when this is an object that has one.
    func member(_ key: String) -> JSONNode? {
        guard case .object(let members, _) = self else { return nil }
        return members.first { $0.key.utf8.elementsEqual(key.utf8) }?.value
    }
}

/// One `"key": value` of an object.
struct JSONMember {
    let key: String
    let keyOffset: Int
    let value: JSONNode
}

/// A string token: the byte range between its quotes, and whether it holds a backslash
/// (when it does not, its bytes are its text).
struct JSONString {
    let contents: Range<Int>
    let hasEscapes: Bool
}

/// Reads JSON bytes (RFC 8259) into `JSONNode`s. The bytes must already be valid UTF-8.
struct JSONScanner {
    /// Deeper nesting is refused rather than risking the stack (catalogs nest about 10 deep).
    static let depthLimit = CatalogLimits.depth

    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    /// Where the scanner is, for a duplicate key's message; spelled out only then (a path
    /// string built per member copied the whole path at every level).
    private var path: [PathComponent] = []

    private enum PathComponent {
        case key(String)
        case index(Int)
    }

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The single value of the document, followed only by whitespace.
    mutating func document() throws -> JSONNode {
        skipWhitespace()
        let root = try value(depth: 0)
        skipWhitespace()
        if position < bytes.count { throw CatalogError.syntax(byteOffset: position, message: "unexpected text after the end of the JSON value") }
        return root
    }

    /// Where the value starting at `start` ends (just past it), for a writer that copies a
    /// value found earlier (a `stringUnit` object).
    /// - Throws: what reading the value throws (it was read once already: nothing, in practice).
    mutating func end(ofValueAt start: Int) throws -> Int {
        position = start
        _ = try value(depth: 0)
        return position
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    private func fail(_ message: String) -> CatalogError {
        if position >= bytes.count { return .syntax(byteOffset: bytes.count, message: "the file ends inside a JSON value (truncated?): " + message) }
        return .syntax(byteOffset: position, message: message)
    }

    /// The scanner's path as the messages show it: `"strings" > "Done"`, `"a"[2]`.
    private func describedPath() -> String {
        var text = ""
        for component in path {
            switch component {
            case .key(let key): text += (text.isEmpty ? "" : " > ") + quoted(key)
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }

    private mutating func value(depth: Int) throws -> JSONNode {
        guard position < bytes.count else { throw fail("expected a value") }
        if bytes[position] == UInt8(ascii: "{") || bytes[position] == UInt8(ascii: "[") {
            guard depth < Self.depthLimit else { throw CatalogError.nestingTooDeep(byteOffset: position, limit: Self.depthLimit) }
        }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try word("true")
        case UInt8(ascii: "f"): return try word("false")
        case UInt8(ascii: "n"): return try word("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw fail("expected a value (object, array, string, number, true, false or null)")
        }
    }

    private mutating func object(depth: Int) throws -> JSONNode {
        let start = position
        position += 1
        var members: [JSONMember] = []
        skipWhitespace()
        if position < bytes.count && bytes[position] == UInt8(ascii: "}") {
            position += 1
            return .object(members, start: start)
        }
        // Small objects (a stringUnit, a localization) are the common case: a linear scan
        // for duplicates is cheaper than hashing; large ones (`strings`) use a set.
        // Keys compare by their exact scalars (`ExactKey`), as JSON does.
        var seen: Set<ExactKey>?
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw fail("expected a key in double quotes") }
            let keyOffset = position
            let keyToken = try string()
            let key = decode(keyToken)
            let duplicate: Bool
            if members.count >= 16 {
                if seen == nil { seen = Set(members.map { ExactKey($0.key) }) }
                duplicate = !seen!.insert(ExactKey(key)).inserted
            } else {
                duplicate = members.contains { $0.key.utf8.elementsEqual(key.utf8) }
            }
            if duplicate {
                throw CatalogError.duplicateKey(key, path: describedPath(), byteOffset: keyOffset, line: lineNumber(of: keyOffset, in: bytes))
            }
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw fail("expected ':' after a key") }
            position += 1
            skipWhitespace()
            path.append(.key(key))
            let child = try value(depth: depth + 1)
            path.removeLast()
            members.append(JSONMember(key: key, keyOffset: keyOffset, value: child))
            skipWhitespace()
            guard position < bytes.count else { throw fail("expected ',' or '}'") }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "}") { position += 1; return .object(members, start: start) }
            throw fail("expected ',' or '}' after a member")
        }
    }

    private mutating func array(depth: Int) throws -> JSONNode {
        let start = position
        position += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if position < bytes.count && bytes[position] == UInt8(ascii: "]") {
            position += 1
            return .array(elements, start: start)
        }
        while true {
            skipWhitespace()
            path.append(.index(elements.count))
            elements.append(try value(depth: depth + 1))
            path.removeLast()
            skipWhitespace()
            guard position < bytes.count else { throw fail("expected ',' or ']'") }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "]") { position += 1; return .array(elements, start: start) }
            throw fail("expected ',' or ']' after an element")
        }
    }

    private mutating func string() throws -> JSONString {
        position += 1
        let start = position
        var escapes = false
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return JSONString(contents: start..<(position - 1), hasEscapes: escapes)
            }
            if byte == UInt8(ascii: "\\") {
                escapes = true
                position += 1
                guard position < bytes.count else { break }
                switch bytes[position] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                     UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    position += 1
                case UInt8(ascii: "u"):
                    let unit = try hex4(at: position + 1)
                    position += 5
                    if (0xD800...0xDBFF).contains(unit) {
                        guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u"),
                              (0xDC00...0xDFFF).contains(try hex4(at: position + 2)) else {
                            throw CatalogError.syntax(byteOffset: position - 6, message: "a \\u escape of a high surrogate without its low surrogate")
                        }
                        position += 6
                    } else if (0xDC00...0xDFFF).contains(unit) {
                        throw CatalogError.syntax(byteOffset: position - 6, message: "a \\u escape of a lone low surrogate")
                    }
                default:
                    throw fail("unknown escape in a string (expected \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX)")
                }
                continue
            }
            if byte < 0x20 { throw fail("a control character (U+\(String(byte, radix: 16, uppercase: true))) inside a string must be escaped") }
            position += 1
        }
        throw fail("a string is not closed")
    }

    private func hex4(at offset: Int) throws -> UInt32 {
        guard offset + 4 <= bytes.count else { throw CatalogError.syntax(byteOffset: bytes.count, message: "the file ends inside a \\u escape (truncated?)") }
        var value: UInt32 = 0
        for index in offset..<(offset + 4) {
            guard let digit = hexValue(bytes[index]) else { throw CatalogError.syntax(byteOffset: index, message: "expected four hex digits after \\u") }
            value = value << 4 | digit
        }
        return value
    }

    private mutating func word(_ word: StaticString) throws -> JSONNode {
        let start = position
        let count = word.utf8CodeUnitCount
        guard start + count <= bytes.count else { throw fail("expected \(word)") }
        for index in 0..<count where bytes[start + index] != word.utf8Start[index] { throw fail("expected \(word)") }
        position += count
        return .literal(start..<position)
    }

    private mutating func number() throws -> JSONNode {
        let start = position
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        let integerStart = position
        while position < bytes.count, (0x30...0x39).contains(bytes[position]) { position += 1 }
        guard position > integerStart else { throw fail("expected digits in a number") }
        if bytes[integerStart] == 0x30 && position - integerStart > 1 { throw CatalogError.syntax(byteOffset: integerStart, message: "a number cannot start with 0") }
        if position < bytes.count && bytes[position] == UInt8(ascii: ".") {
            position += 1
            let fraction = position
            while position < bytes.count, (0x30...0x39).contains(bytes[position]) { position += 1 }
            guard position > fraction else { throw fail("expected digits after the decimal point") }
        }
        if position < bytes.count && (bytes[position] | 0x20) == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count && (bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")) { position += 1 }
            let exponent = position
            while position < bytes.count, (0x30...0x39).contains(bytes[position]) { position += 1 }
            guard position > exponent else { throw fail("expected digits in the exponent") }
        }
        return .literal(start..<position)
    }

    /// The text of a string token (its escapes decoded).
    func decode(_ token: JSONString) -> String {
        let raw = UnsafeBufferPointer(rebasing: bytes[token.contents])
        if !token.hasEscapes { return String(decoding: raw, as: UTF8.self) }
        return String(String.UnicodeScalarView(JSONEscapes.decode(raw).scalars))
    }
}

func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case 0x30...0x39: return UInt32(byte - 0x30)
    case 0x41...0x46: return UInt32(byte - 0x41 + 10)
    case 0x61...0x66: return UInt32(byte - 0x61 + 10)
    default: return nil
    }
}
