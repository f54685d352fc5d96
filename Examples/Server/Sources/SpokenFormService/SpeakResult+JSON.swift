import NIOCore
import SpokenForm

extension SpeakResult {
    /// The JSON of one answer, written directly: the same document as `JSONEncoder` with
    /// sorted keys and unescaped slashes (the tests decode it as JSON), without its
    /// generic encoding machinery, which cost about 5% of a request in a profile.
    public var json: String {
        var buffer = ByteBuffer()
        write(to: &buffer)
        return String(buffer: buffer)
    }

    /// Writes the answer's JSON into `buffer` as UTF-8 bytes, the form the response body
    /// takes (no intermediate `String`: building one scalar by scalar cost 3.5% of a
    /// request in a profile).
    public func write(to buffer: inout ByteBuffer) {
        buffer.reserveCapacity(minimumWritableBytes: jsonCapacity)
        buffer.writeStaticString("{\"input\":")
        Self.writeString(input, to: &buffer)
        buffer.writeStaticString(",\"kind\":")
        Self.writeString(kind, to: &buffer)
        buffer.writeStaticString(",\"locale\":")
        Self.writeString(locale, to: &buffer)
        buffer.writeStaticString(",\"spans\":[")
        for (index, span) in spans.enumerated() {
            buffer.writeStaticString(index > 0 ? ",{\"end\":" : "{\"end\":")
            Self.writeInteger(span.end, to: &buffer)
            buffer.writeStaticString(",\"end16\":")
            Self.writeInteger(span.end16, to: &buffer)
            buffer.writeStaticString(",\"lang\":")
            Self.writeString(span.language, to: &buffer)
            buffer.writeStaticString(",\"start\":")
            Self.writeInteger(span.start, to: &buffer)
            buffer.writeStaticString(",\"start16\":")
            Self.writeInteger(span.start16, to: &buffer)
            buffer.writeStaticString("}")
        }
        buffer.writeStaticString("]")
        if let rewrites {
            buffer.writeStaticString(",\"rewrites\":[")
            for (index, rewrite) in rewrites.enumerated() {
                buffer.writeStaticString(index > 0 ? ",{\"kind\":" : "{\"kind\":")
                Self.writeString(rewrite.kind.rawValue, to: &buffer)
                buffer.writeStaticString(",\"original\":")
                Self.writeString(rewrite.original, to: &buffer)
                buffer.writeStaticString(",\"outputScalars\":")
                Self.writeBounds(rewrite.outputScalars, to: &buffer)
                buffer.writeStaticString(",\"outputUTF16\":")
                Self.writeBounds(rewrite.outputUTF16, to: &buffer)
                buffer.writeStaticString(",\"scalars\":")
                Self.writeBounds(rewrite.inputScalars, to: &buffer)
                buffer.writeStaticString(",\"spoken\":")
                Self.writeString(rewrite.spoken, to: &buffer)
                buffer.writeStaticString(",\"utf16\":")
                Self.writeBounds(rewrite.inputUTF16, to: &buffer)
                buffer.writeStaticString("}")
            }
            buffer.writeStaticString("]")
        }
        buffer.writeStaticString(",\"ssml\":")
        Self.writeString(ssml, to: &buffer)
        buffer.writeStaticString(",\"text\":")
        Self.writeString(text, to: &buffer)
        buffer.writeStaticString("}")
    }

    /// Enough bytes for the JSON of most answers, so that the buffer is allocated once:
    /// the keys and punctuation (about 70 bytes), each string with room for some escapes
    /// (the SSML's quotes are escaped), about 80 bytes a span, 160 a rewrite besides its strings.
    var jsonCapacity: Int {
        var bytes = 96 + input.utf8.count + kind.utf8.count + locale.utf8.count + text.utf8.count
            + ssml.utf8.count + ssml.utf8.count / 4 + spans.count * 80
        if let rewrites {
            for rewrite in rewrites { bytes += 160 + rewrite.original.utf8.count + rewrite.spoken.utf8.count }
        }
        return bytes
    }

    /// A range as `Spoken.Rewrite` writes it: `{"end":4,"start":2}` (keys sorted).
    private static func writeBounds(_ range: Range<Int>, to buffer: inout ByteBuffer) {
        buffer.writeStaticString("{\"end\":")
        writeInteger(range.upperBound, to: &buffer)
        buffer.writeStaticString(",\"start\":")
        writeInteger(range.lowerBound, to: &buffer)
        buffer.writeStaticString("}")
    }

    /// An integer in decimal, written digit by digit into the buffer (string interpolation
    /// built a heap string per range of a rewrite: 2% of a `text` request in a profile).
    static func writeInteger(_ value: Int, to buffer: inout ByteBuffer) {
        // 20 digits and a sign hold any Int.
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: 21) { out in
            var magnitude = value.magnitude
            var digits = 0
            repeat {
                digits += 1
                magnitude /= 10
            } while magnitude > 0
            let length = digits + (value < 0 ? 1 : 0)
            if value < 0 { out[0] = UInt8(ascii: "-") }
            magnitude = value.magnitude
            for position in stride(from: length - 1, through: length - digits, by: -1) {
                out[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            }
            return length
        }
    }

    /// A JSON string literal (RFC 8259): quote, backslash and control characters escaped,
    /// and the line separators U+0085, U+2028 and U+2029 too (JSON allows them raw, but a
    /// reader that splits lines at them cuts the answer: see `JSONResponse.escapingLineSeparators`);
    /// every other byte of the UTF-8 is copied in runs. The escapes are counted first, so
    /// that the literal is written straight into the buffer's memory, reserved at its
    /// exact length (one `ByteBuffer` write per byte or run cost 2% of a request in a profile).
    static func writeString(_ string: String, to buffer: inout ByteBuffer) {
        var string = string
        string.withUTF8 { bytes in
            Self.escapeClasses.withUnsafeBufferPointer { classes in
                var escapeBytes = 0
                for index in bytes.indices {
                    let byte = bytes[index]
                    switch classes[Int(byte)] {
                    case Self.escaped:
                        switch byte {
                        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): escapeBytes += 1
                        default: escapeBytes += 5
                        }
                    case Self.maybeLineSeparator:
                        let length = JSONResponse.lineSeparatorLength(bytes, at: index)
                        if length > 0 { escapeBytes += 6 - length }
                    default: break
                    }
                }
                buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: bytes.count + escapeBytes + 2) { out in
                    var written = 0
                    func put(_ byte: UInt8) {
                        out[written] = byte
                        written += 1
                    }
                    put(UInt8(ascii: "\""))
                    var runStart = 0
                    if escapeBytes > 0 {
                        for index in bytes.indices {
                            let byte = bytes[index]
                            let byteClass = classes[Int(byte)]
                            guard byteClass != Self.plain else { continue }
                            let separatorLength = byteClass == Self.maybeLineSeparator ? JSONResponse.lineSeparatorLength(bytes, at: index) : 0
                            guard byteClass == Self.escaped || separatorLength > 0 else { continue }
                            if runStart < index {
                                UnsafeMutableRawBufferPointer(rebasing: out[written...]).copyMemory(from: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[runStart..<index])))
                                written += index - runStart
                            }
                            if separatorLength > 0 {
                                // Its continuation bytes are never escaped: the loop passes over them.
                                runStart = index + separatorLength
                                JSONResponse.lineSeparatorEscape(bytes, at: index).withUTF8Buffer { $0.forEach(put) }
                                continue
                            }
                            runStart = index + 1
                            put(UInt8(ascii: "\\"))
                            switch byte {
                            case UInt8(ascii: "\""): put(UInt8(ascii: "\""))
                            case UInt8(ascii: "\\"): put(UInt8(ascii: "\\"))
                            case UInt8(ascii: "\n"): put(UInt8(ascii: "n"))
                            case UInt8(ascii: "\r"): put(UInt8(ascii: "r"))
                            case UInt8(ascii: "\t"): put(UInt8(ascii: "t"))
                            default:
                                let hex: StaticString = "0123456789abcdef"
                                put(UInt8(ascii: "u"))
                                put(UInt8(ascii: "0"))
                                put(UInt8(ascii: "0"))
                                put(hex.utf8Start[Int(byte >> 4)])
                                put(hex.utf8Start[Int(byte & 0xF)])
                            }
                        }
                    }
                    if runStart < bytes.count {
                        UnsafeMutableRawBufferPointer(rebasing: out[written...]).copyMemory(from: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[runStart...])))
                        written += bytes.count - runStart
                    }
                    put(UInt8(ascii: "\""))
                    return written
                }
            }
        }
    }

    /// What each byte of UTF-8 needs in a JSON string, looked up in one load (testing the
    /// five cases byte by byte doubled the time of the counting pass in a micro-benchmark).
    private static let escapeClasses: [UInt8] = (0...255).map { byte in
        if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return escaped }
        // The first byte of U+0085 (C2 85) and of U+2028 and U+2029 (E2 80 A8, E2 80 A9).
        return byte == 0xC2 || byte == 0xE2 ? maybeLineSeparator : plain
    }
    private static let plain: UInt8 = 0, escaped: UInt8 = 1, maybeLineSeparator: UInt8 = 2
}
