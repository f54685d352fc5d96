/// Reads an XML property list (`.stringsdict`, or a `.strings` saved as XML) and lists
/// its text leaves: every `<string>` except the two that name a rule
/// (`NSStringFormatSpecTypeKey`, `NSStringFormatValueTypeKey`). The top-level key is the
/// catalog key; the keys below it are the value's path (`items > one`).
///
/// Our own small scanner rather than `PropertyListSerialization` or `XMLParser`: both
/// give values without their byte positions, and writing the plist back would change
/// its indentation and escapes.
struct StringsdictReader {
    static let ruleKeys: Set<String> = ["NSStringFormatSpecTypeKey", "NSStringFormatValueTypeKey"]
    /// Deeper nesting is refused: the reader recurses once per level.
    static let depthLimit = CatalogLimits.depth

    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    var values: [CatalogValue] = []
    var keys: [String] = []
    let language: String
    /// The keys from the top-level dict down to where the reader is: pushed and popped,
    /// never copied per level (a copy per level made a 10,000-deep file take 821 MB).
    private var keyPath: [String] = []
    /// The same levels below the top-level key, as the values' shared path (nil at the top).
    private var pathNodes: [CatalogPath?] = []
    /// Where each key of `keyPath` starts (its `<key>`'s `<`).
    private var keyStarts: [Int] = []

    private mutating func push(_ component: String, at start: Int) {
        keyPath.append(component)
        keyStarts.append(start)
        pathNodes.append(keyPath.count == 1 ? nil : CatalogPath(pathNodes.last ?? nil, component))
    }

    private mutating func pop() {
        keyPath.removeLast()
        keyStarts.removeLast()
        pathNodes.removeLast()
    }

    init(bytes: UnsafeBufferPointer<UInt8>, language: String) {
        self.bytes = bytes
        self.language = language
    }

    private func fail(_ message: String, at index: Int? = nil) -> CatalogError {
        let at = index ?? position
        if at >= bytes.count { return .syntax(byteOffset: bytes.count, message: "the file ends early (truncated?): " + message) }
        return .syntax(byteOffset: at, message: message)
    }

    mutating func read() throws {
        skipMisc()
        guard startsWith("<plist"), isNameEnd(at: position + 6) else { throw fail("expected <plist>") }
        try skipTag()
        skipMisc()
        if !startsWith("</plist") {
            try value(depth: 0)
            skipMisc()
        }
        try closeTag("plist")
        skipMisc()
        guard position == bytes.count else { throw fail("unexpected text after </plist>") }
    }

    private func startsWith(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        for k in 0..<count where bytes[position + k] != text.utf8Start[k] { return false }
        return true
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

    /// Whether an element name ends at `index` (`<key>`, `<key/>`, `<key attr>`), so that
    /// `<keyx>` is not taken for `<key>`.
    private func isNameEnd(at index: Int) -> Bool {
        guard index < bytes.count else { return false }
        let byte = bytes[index]
        return byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || Self.isSpace(byte)
    }

    /// Whitespace, `<?xml …?>`, `<!DOCTYPE …>` and comments.
    private mutating func skipMisc() {
        while position < bytes.count {
            let byte = bytes[position]
            if Self.isSpace(byte) { position += 1; continue }
            if startsWith("<!--") {
                guard let end = find("-->", from: position + 4) else { position = bytes.count; return }
                position = end + 3
                continue
            }
            if startsWith("<?") || startsWith("<!DOCTYPE") {
                while position < bytes.count && bytes[position] != UInt8(ascii: ">") { position += 1 }
                position += 1
                continue
            }
            return
        }
    }

    private func find(_ text: StaticString, from start: Int) -> Int? {
        bytes.firstOffset(of: text, from: start)
    }

    private mutating func skipTag() throws {
        let start = position
        while position < bytes.count && bytes[position] != UInt8(ascii: ">") { position += 1 }
        guard position < bytes.count else { throw fail("a tag is not closed", at: start) }
        position += 1
    }

    /// `</name>` exactly (spaces allowed before `>`): `</stringx>` or `</string junk>` is
    /// not a closing tag.
    private mutating func closeTag(_ name: String) throws {
        let start = position
        let expected = "</" + name
        var index = position
        for byte in expected.utf8 {
            guard index < bytes.count, bytes[index] == byte else { throw fail("expected </\(name)>", at: start) }
            index += 1
        }
        while index < bytes.count && Self.isSpace(bytes[index]) { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { throw fail("expected </\(name)>", at: start) }
        position = index + 1
    }

    /// The element name at `<name…>`; `selfClosing` when it ends with `/>`.
    private mutating func openTag() throws -> (name: String, selfClosing: Bool) {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "<") else { throw fail("expected an element, not text") }
        let start = position + 1
        var end = start
        while end < bytes.count, !isNameEnd(at: end) { end += 1 }
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        position = end
        try skipTag()
        return (name, bytes[position - 2] == UInt8(ascii: "/"))
    }

    /// Character data up to `</name>`: its byte range. Markup inside is refused, except
    /// comments and, where `cdata` allows, CDATA sections.
    private mutating func contents(of name: String, cdata: Bool) throws -> (range: Range<Int>, hasMarkup: Bool) {
        let start = position
        var hasMarkup = false
        while position < bytes.count {
            guard bytes[position] == UInt8(ascii: "<") else { position += 1; continue }
            if startsWith("</") { break }
            if startsWith("<!--"), let end = find("-->", from: position + 4) {
                hasMarkup = true
                position = end + 3
            } else if cdata, startsWith("<![CDATA["), let end = find("]]>", from: position + 9) {
                hasMarkup = true
                position = end + 3
            } else {
                throw fail("an element inside <\(name)>: expected text")
            }
        }
        guard position < bytes.count else { throw fail("<\(name)> is not closed", at: start) }
        let end = position
        try closeTag(name)
        return (start..<end, hasMarkup)
    }

    private mutating func value(depth: Int) throws {
        let tagStart = position
        let (name, selfClosing) = try openTag()
        switch name {
        case "dict", "array":
            guard depth < Self.depthLimit else { throw CatalogError.nestingTooDeep(byteOffset: tagStart, limit: Self.depthLimit) }
        case "string", "integer", "real", "date", "data", "true", "false":
            break
        default:
            throw fail("unknown element <\(name)>: expected <dict>, <array>, <string>, <integer>, <real>, <date>, <data>, <true/> or <false/>", at: tagStart)
        }
        if selfClosing {
            // `<string/>` is an empty text: nothing to say; `<true/>`, `<dict/>` hold no text.
            return
        }
        switch name {
        case "dict":
            // Keys compare by their exact scalars; a set per dict keeps 100,000 keys linear.
            var seen = Set<ExactKey>()
            while true {
                skipMisc()
                if startsWith("</") { try closeTag("dict"); return }
                let keyStart = position
                guard startsWith("<key"), isNameEnd(at: position + 4) else { throw fail("expected <key> or </dict> in a <dict>") }
                let (_, emptyKey) = try openTag()
                var key = ""
                if !emptyKey {
                    let (range, hasMarkup) = try contents(of: "key", cdata: false)
                    if hasMarkup { throw fail("a comment inside <key>: expected the key's text", at: range.lowerBound) }
                    key = decode(range).string
                }
                guard seen.insert(ExactKey(key)).inserted else {
                    throw CatalogError.duplicateKey(key, path: keyPath.map(quoted).joined(separator: " > "), byteOffset: keyStart,
                                                    line: lineNumber(of: keyStart, in: bytes))
                }
                if keyPath.isEmpty { keys.append(key) }
                skipMisc()
                guard !startsWith("</") else { throw fail("expected a value after the key \(quoted(key))") }
                push(key, at: keyStart)
                try value(depth: depth + 1)
                pop()
            }
        case "array":
            var index = 0
            while true {
                skipMisc()
                if startsWith("</") { try closeTag("array"); return }
                push(String(index), at: position)
                try value(depth: depth + 1)
                pop()
                index += 1
            }
        case "string":
            let (range, hasMarkup) = try contents(of: "string", cdata: true)
            guard let key = keyPath.first, let last = keyPath.last, !Self.ruleKeys.contains(last) else { return }
            // A CDATA section or a comment is left as it is: its text is not plain character data.
            if hasMarkup { return }
            var container: CatalogContainer?
            if keyPath.count == 2, last == "NSStringLocalizedFormatKey", let start = keyStarts.last {
                container = .formatKey(keyStart: start, stringEnd: position)
            } else if keyPath.count == 1, let start = keyStarts.last {
                container = .plainEntry(keyStart: start, element: tagStart..<position)
            }
            values.append(CatalogValue(key: key, language: language, path: pathNodes.last ?? nil, text: decode(range).string,
                                       state: nil, rawRange: range, stateRange: nil, container: container))
        default:
            // integer, real, date, data, true/false with a closing tag: no text to say.
            _ = try contents(of: name, cdata: false)
        }
    }

    func decode(_ range: Range<Int>) -> DecodedText {
        XMLEscapes.decode(UnsafeBufferPointer(rebasing: bytes[range]))
    }
}

/// XML character data: entities decoded on reading, `& < >` escaped on writing (what
/// Apple's plist writer escapes).
enum XMLEscapes {
    static func decode(_ raw: UnsafeBufferPointer<UInt8>) -> DecodedText {
        var result = DecodedText()
        var index = 0
        while index < raw.count {
            result.boundaries.append(index)
            if raw[index] == UInt8(ascii: "&"), let (scalar, length) = XMLEntity.decode(raw, at: index) {
                result.scalars.append(scalar)
                index += length
                continue
            }
            let byte = raw[index]
            let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
            var decoder = UTF8()
            var iterator = raw[index..<min(raw.count, index + length)].makeIterator()
            if case .scalarValue(let scalar) = decoder.decode(&iterator) { result.scalars.append(scalar) } else { result.scalars.append("\u{FFFD}") }
            index += length
        }
        result.boundaries.append(raw.count)
        return result
    }

    static func encode<S: Sequence>(_ scalars: S) -> [UInt8] where S.Element == Unicode.Scalar {
        var out: [UInt8] = []
        for scalar in scalars {
            switch scalar {
            case "&": out.append(contentsOf: Array("&amp;".utf8))
            case "<": out.append(contentsOf: Array("&lt;".utf8))
            case ">": out.append(contentsOf: Array("&gt;".utf8))
            default: out.append(contentsOf: Array(String(scalar).utf8))
            }
        }
        return out
    }
}
