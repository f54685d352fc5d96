/// The text of a quoted value, decoded scalar by scalar, with where each scalar starts in
/// the raw (escaped) units: `boundaries` has one entry per scalar plus the end.
///
/// A changed value is written as a minimal edit: the raw units of the common prefix and
/// suffix are kept as they were (escape spelling included: `\U00E9`, `\u00e9`, `&#233;`
/// stay), and only the middle is encoded anew in the file's style.
struct DecodedText {
    var scalars: [Unicode.Scalar] = []
    var boundaries: [Int] = []
    /// Scalars written as a short escape of variable length (`.strings`' `\U41` or octal
    /// `\35`): new text must not start right after one, or a digit could join it.
    var openEscapes: Set<Int> = []

    var string: String { String(String.UnicodeScalarView(scalars)) }

    /// The raw range (relative to the value's start) to replace and the scalars to encode
    /// there, so that the value reads `new`.
    func minimalEdit(to new: [Unicode.Scalar]) -> (raw: Range<Int>, middle: ArraySlice<Unicode.Scalar>) {
        var prefix = 0
        let limit = min(scalars.count, new.count)
        while prefix < limit && scalars[prefix] == new[prefix] { prefix += 1 }
        // `\U41` followed by a new "1" would read `\U411`: the escape is then written anew.
        while prefix > 0 && openEscapes.contains(prefix - 1) && prefix < new.count && new[prefix].properties.isASCIIHexDigit { prefix -= 1 }
        var suffix = 0
        while suffix < limit - prefix && scalars[scalars.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        return (boundaries[prefix]..<boundaries[scalars.count - suffix], new[prefix..<(new.count - suffix)])
    }
}

/// JSON string escapes, read and written the way the file writes them.
enum JSONEscapes {
    /// How the file spells what must or may be escaped. Xcode writes non-ASCII raw and `/`
    /// unescaped; Python's `json.dump` writes `\u00e9` unless `ensure_ascii=False`.
    struct Style: Equatable, Sendable {
        var escapeNonASCII = false
        var uppercaseHex = false
        var escapeSlash = false

        /// The style of the file: non-ASCII is escaped when the file has `\u` escapes of
        /// non-ASCII characters and no raw non-ASCII byte.
        init(of bytes: UnsafeBufferPointer<UInt8>) {
            var rawNonASCII = false, escapedNonASCII = false, sawHex = false
            var index = 0
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                if byte >= 0x80 { rawNonASCII = true; index += 1; continue }
                if byte == UInt8(ascii: "\\"), index + 1 < count {
                    let next = bytes[index + 1]
                    if next == UInt8(ascii: "/") { escapeSlash = true }
                    if next == UInt8(ascii: "u"), index + 5 < count {
                        var value: UInt32 = 0
                        for k in 2...5 { value = value << 4 | (hexValue(bytes[index + k]) ?? 0) }
                        if value >= 0x80 { escapedNonASCII = true }
                        if !sawHex, let letter = bytes[(index + 2)...(index + 5)].first(where: { $0 >= 0x41 }) {
                            sawHex = true
                            uppercaseHex = letter <= 0x46
                        }
                    }
                    index += 2
                    continue
                }
                index += 1
            }
            escapeNonASCII = escapedNonASCII && !rawNonASCII
        }

        init() {}
    }

    /// The scalars of a string token's raw bytes (already checked by `JSONScanner`).
    static func decode(_ raw: UnsafeBufferPointer<UInt8>) -> DecodedText {
        var result = DecodedText()
        result.scalars.reserveCapacity(raw.count)
        result.boundaries.reserveCapacity(raw.count + 1)
        var index = 0
        while index < raw.count {
            result.boundaries.append(index)
            let byte = raw[index]
            if byte == UInt8(ascii: "\\") {
                let kind = raw[index + 1]
                switch kind {
                case UInt8(ascii: "u"):
                    var value = hex4(raw, index + 2)
                    index += 6
                    if (0xD800...0xDBFF).contains(value) {
                        let low = hex4(raw, index + 2)
                        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                        index += 6
                    }
                    result.scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
                    continue
                case UInt8(ascii: "b"): result.scalars.append("\u{08}")
                case UInt8(ascii: "f"): result.scalars.append("\u{0C}")
                case UInt8(ascii: "n"): result.scalars.append("\n")
                case UInt8(ascii: "r"): result.scalars.append("\r")
                case UInt8(ascii: "t"): result.scalars.append("\t")
                default: result.scalars.append(Unicode.Scalar(kind))
                }
                index += 2
                continue
            }
            let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
            var decoder = UTF8()
            var iterator = raw[index..<(index + length)].makeIterator()
            if case .scalarValue(let scalar) = decoder.decode(&iterator) { result.scalars.append(scalar) }
            index += length
        }
        result.boundaries.append(raw.count)
        return result
    }

    private static func hex4(_ raw: UnsafeBufferPointer<UInt8>, _ offset: Int) -> UInt32 {
        var value: UInt32 = 0
        for k in offset..<(offset + 4) { value = value << 4 | (hexValue(raw[k]) ?? 0) }
        return value
    }

    /// The scalars as JSON string contents in `style`.
    static func encode<S: Sequence>(_ scalars: S, style: Style) -> [UInt8] where S.Element == Unicode.Scalar {
        var out: [UInt8] = []
        func escapeUnit(_ unit: UInt16) {
            out.append(contentsOf: Array("\\u".utf8))
            let digits: [UInt8] = Array((style.uppercaseHex ? "0123456789ABCDEF" : "0123456789abcdef").utf8)
            for shift in stride(from: 12, through: 0, by: -4) { out.append(digits[Int((unit >> UInt16(shift)) & 0xF)]) }
        }
        for scalar in scalars {
            switch scalar {
            case "\"": out.append(contentsOf: Array("\\\"".utf8))
            case "\\": out.append(contentsOf: Array("\\\\".utf8))
            case "/" where style.escapeSlash: out.append(contentsOf: Array("\\/".utf8))
            case "\n": out.append(contentsOf: Array("\\n".utf8))
            case "\r": out.append(contentsOf: Array("\\r".utf8))
            case "\t": out.append(contentsOf: Array("\\t".utf8))
            case "\u{08}": out.append(contentsOf: Array("\\b".utf8))
            case "\u{0C}": out.append(contentsOf: Array("\\f".utf8))
            default:
                if scalar.value < 0x20 {
                    escapeUnit(UInt16(scalar.value))
                } else if scalar.value >= 0x80 && style.escapeNonASCII {
                    for unit in String(scalar).utf16 { escapeUnit(unit) }
                } else {
                    out.append(contentsOf: Array(String(scalar).utf8))
                }
            }
        }
        return out
    }
}
