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

    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    var values: [CatalogValue] = []
    var keys: [String] = []
    let language: String

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
        guard startsWith("<plist") else { throw fail("expected <plist>") }
        try skipTag()
        skipMisc()
        if !startsWith("</plist") {
            try value(keyPath: [])
            skipMisc()
        }
        guard startsWith("</plist") else { throw fail("expected </plist>") }
        try skipTag()
        skipMisc()
        guard position == bytes.count else { throw fail("unexpected text after </plist>") }
    }

    private func startsWith(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        for k in 0..<count where bytes[position + k] != text.utf8Start[k] { return false }
        return true
    }

    /// Whitespace, `<?xml …?>`, `<!DOCTYPE …>` and comments.
    private mutating func skipMisc() {
        while position < bytes.count {
            let byte = bytes[position]
            if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1; continue }
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
        let count = text.utf8CodeUnitCount
        var index = start
        while index + count <= bytes.count {
            var matches = true
            for k in 0..<count where bytes[index + k] != text.utf8Start[k] { matches = false; break }
            if matches { return index }
            index += 1
        }
        return nil
    }

    private mutating func skipTag() throws {
        let start = position
        while position < bytes.count && bytes[position] != UInt8(ascii: ">") { position += 1 }
        guard position < bytes.count else { throw fail("a tag is not closed", at: start) }
        position += 1
    }

    /// The element name at `<name…>`; `selfClosing` when it ends with `/>`.
    private mutating func openTag() throws -> (name: String, selfClosing: Bool) {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "<") else { throw fail("expected an element") }
        let start = position + 1
        var end = start
        while end < bytes.count, ![UInt8(ascii: ">"), UInt8(ascii: "/"), 0x20, 0x09, 0x0A, 0x0D].contains(bytes[end]) { end += 1 }
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        position = end
        try skipTag()
        return (name, bytes[position - 2] == UInt8(ascii: "/"))
    }

    /// Contents up to `</name>`: its byte range.
    private mutating func contents(until name: StaticString) throws -> Range<Int> {
        let start = position
        guard let end = find(name, from: start) else { throw fail("an element is not closed", at: start) }
        position = end
        try skipTag()
        return start..<end
    }

    private mutating func value(keyPath: [String]) throws {
        let tagStart = position
        let (name, selfClosing) = try openTag()
        if selfClosing {
            // `<string/>` is an empty text: nothing to say; `<true/>`, `<dict/>` hold no text.
            return
        }
        switch name {
        case "dict":
            while true {
                skipMisc()
                if startsWith("</dict") { try skipTag(); return }
                guard startsWith("<key") else { throw fail("expected <key> or </dict> in a <dict>") }
                let (_, emptyKey) = try openTag()
                let key = emptyKey ? "" : decode(try contents(until: "</key")).string
                if keyPath.isEmpty {
                    if keys.contains(key) { throw CatalogError.duplicateKey(key, path: "", byteOffset: tagStart) }
                    keys.append(key)
                }
                skipMisc()
                try value(keyPath: keyPath + [key])
            }
        case "array":
            var index = 0
            while true {
                skipMisc()
                if startsWith("</array") { try skipTag(); return }
                try value(keyPath: keyPath + [String(index)])
                index += 1
            }
        case "string":
            let range = try contents(until: "</string")
            guard let key = keyPath.first, let last = keyPath.last, !Self.ruleKeys.contains(last) else { return }
            let raw = UnsafeBufferPointer(rebasing: bytes[range])
            // A CDATA section or a nested element is left as it is: its text is not plain character data.
            if raw.contains(UInt8(ascii: "<")) { return }
            values.append(CatalogValue(key: key, language: language, path: Array(keyPath.dropFirst()), text: decode(range).string,
                                       state: nil, rawRange: range, stateRange: nil))
        default:
            // integer, real, date, data, true/false with a closing tag: no text.
            guard let end = find("</", from: position) else { throw fail("an element is not closed", at: tagStart) }
            position = end
            try skipTag()
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
            if raw[index] == UInt8(ascii: "&"), let semicolon = raw[index...].prefix(12).firstIndex(of: UInt8(ascii: ";")) {
                let name = String(decoding: UnsafeBufferPointer(rebasing: raw[(index + 1)..<semicolon]), as: UTF8.self)
                var scalar: Unicode.Scalar?
                switch name {
                case "lt": scalar = "<"
                case "gt": scalar = ">"
                case "amp": scalar = "&"
                case "quot": scalar = "\""
                case "apos": scalar = "'"
                default:
                    if name.hasPrefix("#x") || name.hasPrefix("#X") {
                        scalar = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
                    } else if name.hasPrefix("#") {
                        scalar = UInt32(name.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init)
                    }
                }
                if let scalar {
                    result.scalars.append(scalar)
                    index = semicolon + 1
                    continue
                }
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
