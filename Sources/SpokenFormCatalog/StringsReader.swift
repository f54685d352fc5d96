/// The encodings `.strings` files come in (genstrings writes UTF-16LE with a BOM).
public enum StringsEncoding: String, Sendable, Equatable, CaseIterable {
    /// UTF-8 without a byte order mark.
    case utf8
    /// UTF-8 after the bytes EF BB BF.
    case utf8BOM = "utf8-bom"
    /// UTF-16 little-endian after the bytes FF FE (genstrings' default).
    case utf16LE = "utf16le"
    /// UTF-16 big-endian after the bytes FE FF.
    case utf16BE = "utf16be"

    /// Bytes before the text: the byte order mark.
    var bom: [UInt8] {
        switch self {
        case .utf8: return []
        case .utf8BOM: return [0xEF, 0xBB, 0xBF]
        case .utf16LE: return [0xFF, 0xFE]
        case .utf16BE: return [0xFE, 0xFF]
        }
    }

    var unitSize: Int { self == .utf16LE || self == .utf16BE ? 2 : 1 }
}

/// The code units of a `.strings` file after its BOM: bytes for UTF-8, 16-bit units for
/// UTF-16. The syntax (`"key" = "value";`, comments) is ASCII, so one scanner serves both;
/// a unit index maps to a byte offset as `bom + index × unitSize`.
struct StringsUnits {
    let encoding: StringsEncoding
    let units: [UInt16]

    init(bytes: [UInt8], encoding: StringsEncoding) throws {
        self.encoding = encoding
        let body = bytes.dropFirst(encoding.bom.count)
        if encoding.unitSize == 1 {
            units = body.map { UInt16($0) }
            return
        }
        guard body.count % 2 == 0 else { throw CatalogError.invalidEncoding(byteOffset: bytes.count - 1, encoding: "UTF-16 (an odd number of bytes)") }
        var result: [UInt16] = []
        result.reserveCapacity(body.count / 2)
        var index = body.startIndex
        while index < body.endIndex {
            let first = UInt16(body[index]), second = UInt16(body[index + 1])
            result.append(encoding == .utf16LE ? first | second << 8 : first << 8 | second)
            index += 2
        }
        // Unpaired surrogates cannot be written back unchanged through a String: refuse them.
        var k = 0
        while k < result.count {
            let unit = result[k]
            if (0xD800...0xDBFF).contains(unit) {
                guard k + 1 < result.count, (0xDC00...0xDFFF).contains(result[k + 1]) else {
                    throw CatalogError.invalidEncoding(byteOffset: encoding.bom.count + 2 * k, encoding: "UTF-16 (an unpaired surrogate)")
                }
                k += 2
                continue
            }
            if (0xDC00...0xDFFF).contains(unit) {
                throw CatalogError.invalidEncoding(byteOffset: encoding.bom.count + 2 * k, encoding: "UTF-16 (an unpaired surrogate)")
            }
            k += 1
        }
        units = result
    }

    func byteOffset(_ unitIndex: Int) -> Int { encoding.bom.count + unitIndex * encoding.unitSize }

    /// The scalar starting at unit `index` and how many units it takes (input already valid).
    func scalar(at index: Int) -> (Unicode.Scalar, Int) {
        let unit = units[index]
        if encoding.unitSize == 2 {
            if (0xD800...0xDBFF).contains(unit) {
                let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(units[index + 1]) - 0xDC00)
                return (Unicode.Scalar(value) ?? "\u{FFFD}", 2)
            }
            return (Unicode.Scalar(UInt32(unit)) ?? "\u{FFFD}", 1)
        }
        let lead = UInt32(unit)
        if lead < 0x80 { return (Unicode.Scalar(lead)!, 1) }
        let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        var value = lead & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for k in 1..<length { value = value << 6 | (UInt32(units[index + k]) & 0x3F) }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    /// Encodes scalars as the file's bytes.
    func bytes<S: Sequence>(of scalars: S) -> [UInt8] where S.Element == Unicode.Scalar {
        var out: [UInt8] = []
        let text = String(String.UnicodeScalarView(scalars))
        switch encoding {
        case .utf8, .utf8BOM: out.append(contentsOf: text.utf8)
        case .utf16LE: for unit in text.utf16 { out.append(UInt8(unit & 0xFF)); out.append(UInt8(unit >> 8)) }
        case .utf16BE: for unit in text.utf16 { out.append(UInt8(unit >> 8)); out.append(UInt8(unit & 0xFF)) }
        }
        return out
    }
}

/// Reads the old-style property list text of a `.strings` file: `"key" = "value";` pairs
/// with `/* */` and `//` comments. Values keep their unit ranges so they are edited in place.
struct StringsReader {
    let file: StringsUnits
    var position = 0
    var values: [CatalogValue] = []
    var keys: [String] = []
    /// Keys seen so far, by their exact scalars: a duplicate is refused, as in every format.
    private var seen = Set<ExactKey>()

    init(file: StringsUnits) {
        self.file = file
    }

    private var units: [UInt16] { file.units }

    private func fail(_ message: String, at index: Int? = nil) -> CatalogError {
        let at = index ?? position
        if at >= units.count { return .syntax(byteOffset: file.byteOffset(units.count), message: "the file ends early (truncated?): " + message) }
        return .syntax(byteOffset: file.byteOffset(at), message: message)
    }

    mutating func read(language: String) throws {
        while true {
            try skipSpaceAndComments()
            guard position < units.count else { return }
            let keyStart = position
            guard let keyRange = try token() else { throw fail("expected a key in double quotes") }
            let key = decode(keyRange, quoted: units[keyStart] == 0x22).string
            try skipSpaceAndComments()
            guard position < units.count else { throw fail("expected '=' or ';' after the key \(quoted(key))") }
            if units[position] == 0x3B {
                // `"key";` is short for `"key" = "key";`: nothing to convert.
                position += 1
                try add(key, at: keyStart)
                continue
            }
            guard units[position] == 0x3D else { throw fail("expected '=' after the key \(quoted(key))") }
            position += 1
            try skipSpaceAndComments()
            let valueStart = position
            guard let valueRange = try token() else { throw fail("expected a value in double quotes after the key \(quoted(key))") }
            try skipSpaceAndComments()
            guard position < units.count, units[position] == 0x3B else { throw fail("expected ';' after the value of \(quoted(key))") }
            position += 1
            try add(key, at: keyStart)
            // Only quoted values are text; an unquoted one is an identifier or a number.
            guard units[valueStart] == 0x22 else { continue }
            let text = decode(valueRange, quoted: true).string
            values.append(CatalogValue(key: key, language: language, path: nil, text: text, state: nil,
                                       rawRange: file.byteOffset(valueRange.lowerBound)..<file.byteOffset(valueRange.upperBound), stateRange: nil))
        }
    }

    private mutating func add(_ key: String, at keyStart: Int) throws {
        guard seen.insert(ExactKey(key)).inserted else {
            throw CatalogError.duplicateKey(key, path: "", byteOffset: file.byteOffset(keyStart), line: lineNumber(of: keyStart, in: units))
        }
        keys.append(key)
    }

    private mutating func skipSpaceAndComments() throws {
        while position < units.count {
            let unit = units[position]
            if unit == 0x20 || unit == 0x09 || unit == 0x0A || unit == 0x0D || unit == 0x0C || unit == 0x0B { position += 1; continue }
            if unit == 0x2F && position + 1 < units.count {
                if units[position + 1] == 0x2A {
                    let start = position
                    position += 2
                    while position + 1 < units.count && !(units[position] == 0x2A && units[position + 1] == 0x2F) { position += 1 }
                    guard position + 1 < units.count else { throw fail("a /* comment is not closed", at: start) }
                    position += 2
                    continue
                }
                if units[position + 1] == 0x2F {
                    while position < units.count && units[position] != 0x0A { position += 1 }
                    continue
                }
            }
            return
        }
    }

    /// A quoted string (range of its contents) or an unquoted word; nil when neither starts here.
    private mutating func token() throws -> Range<Int>? {
        guard position < units.count else { return nil }
        if units[position] == 0x22 {
            let start = position + 1
            position += 1
            while position < units.count {
                if units[position] == 0x5C { position += 2; continue }
                if units[position] == 0x22 {
                    position += 1
                    return start..<(position - 1)
                }
                position += 1
            }
            throw fail("a string is not closed", at: start - 1)
        }
        let start = position
        while position < units.count, Self.isUnquotedChar(units[position]) { position += 1 }
        return position > start ? start..<position : nil
    }

    private static func isUnquotedChar(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x5F, 0x24, 0x2B, 0x2F, 0x3A, 0x2E, 0x2D: return true
        default: return false
        }
    }

    /// The text of a token, escapes decoded (`\n \t \r \" \\ \' \a \b \f \v`, `\UXXXX`,
    /// octal `\NNN`), with byte boundaries relative to the token's start.
    func decode(_ range: Range<Int>, quoted: Bool) -> DecodedText {
        Self.decode(file, range, quoted: quoted)
    }

    static func decode(_ file: StringsUnits, _ range: Range<Int>, quoted: Bool) -> DecodedText {
        var result = DecodedText()
        let units = file.units
        var index = range.lowerBound
        let size = file.encoding.unitSize
        while index < range.upperBound {
            result.boundaries.append((index - range.lowerBound) * size)
            if quoted && units[index] == 0x5C && index + 1 < range.upperBound {
                let kind = units[index + 1]
                index += 2
                switch kind {
                case 0x6E: result.scalars.append("\n")
                case 0x74: result.scalars.append("\t")
                case 0x72: result.scalars.append("\r")
                case 0x61: result.scalars.append("\u{07}")
                case 0x62: result.scalars.append("\u{08}")
                case 0x66: result.scalars.append("\u{0C}")
                case 0x76: result.scalars.append("\u{0B}")
                case 0x55, 0x75:
                    var value: UInt32 = 0
                    var digits = 0
                    while digits < 4 && index < range.upperBound, units[index] < 0x80, let digit = hexValue(UInt8(units[index])) {
                        value = value << 4 | digit
                        index += 1
                        digits += 1
                    }
                    // `\UD83D\UDE00`: a surrogate pair spelled as two escapes.
                    if (0xD800...0xDBFF).contains(value), index + 5 < range.upperBound + 1, index + 1 < range.upperBound,
                       units[index] == 0x5C, units[index + 1] == 0x55 || units[index + 1] == 0x75 {
                        var low: UInt32 = 0
                        var k = index + 2
                        while k < index + 6 && k < range.upperBound, units[k] < 0x80, let digit = hexValue(UInt8(units[k])) { low = low << 4 | digit; k += 1 }
                        if (0xDC00...0xDFFF).contains(low) {
                            value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                            index = k
                        }
                    }
                    if digits < 4 { result.openEscapes.insert(result.scalars.count) }
                    result.scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
                case 0x30...0x37:
                    var value = UInt32(kind - 0x30)
                    var digits = 1
                    while digits < 3 && index < range.upperBound && (0x30...0x37).contains(units[index]) {
                        value = value << 3 | UInt32(units[index] - 0x30)
                        index += 1
                        digits += 1
                    }
                    if digits < 3 { result.openEscapes.insert(result.scalars.count) }
                    result.scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
                default:
                    let (scalar, length) = file.scalar(at: index - 1)
                    result.scalars.append(scalar)
                    index += length - 1
                }
                continue
            }
            let (scalar, length) = file.scalar(at: index)
            result.scalars.append(scalar)
            index += length
        }
        result.boundaries.append((range.upperBound - range.lowerBound) * size)
        return result
    }

    /// Scalars as `.strings` quoted contents: quotes, backslashes and line breaks escaped
    /// the way genstrings and Xcode write them; everything else raw.
    static func escape<S: Sequence>(_ scalars: S) -> [Unicode.Scalar] where S.Element == Unicode.Scalar {
        var out: [Unicode.Scalar] = []
        for scalar in scalars {
            switch scalar {
            case "\"": out += ["\\", "\""]
            case "\\": out += ["\\", "\\"]
            case "\n": out += ["\\", "n"]
            case "\r": out += ["\\", "r"]
            case "\t": out += ["\\", "t"]
            default: out.append(scalar)
            }
        }
        return out
    }
}
