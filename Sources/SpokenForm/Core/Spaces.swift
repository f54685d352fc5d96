/// The one place that turns ICU's no-break spaces into the plain spaces speech needs.
///
/// ICU writes U+00A0 (French grouping, "5 %") and U+202F (CLDR 42+ before AM/PM, French
/// "h") between words; a speech engine reads them as plain spaces, and an app comparing
/// strings wants plain ones. Every capability goes through these helpers.
extension Unicode.Scalar {
    /// Whether the scalar is one of ICU's no-break spaces (U+00A0, U+202F).
    @inline(__always)
    var isNoBreakSpace: Bool { value == 0xA0 || value == 0x202F }
}

extension StringProtocol {
    /// The text with no-break spaces (U+00A0, U+202F) made plain spaces.
    var withPlainSpaces: String {
        // Both no-break spaces start with byte 0xC2 or 0xE2 in UTF-8: most texts have neither.
        guard utf8.contains(where: { $0 == 0xC2 || $0 == 0xE2 }) else { return String(self) }
        var view = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            view.append(scalar.isNoBreakSpace ? " " : scalar)
        }
        return String(view)
    }

    /// Plain single spaces, no-break spaces included, trimmed at both ends.
    var collapsingSpaces: String {
        // Fast path: nothing to do unless a space is doubled, leading or trailing, or no-break.
        var previousSpace = true
        var clean = true
        for byte in utf8 {
            if byte == 0x20 {
                if previousSpace { clean = false; break }
                previousSpace = true
            } else if byte == 0xC2 || byte == 0xE2 {
                clean = false; break  // possibly U+00A0 or U+202F: take the careful path
            } else {
                previousSpace = false
            }
        }
        if clean && !previousSpace { return String(self) }
        var result = ""
        result.reserveCapacity(utf8.count)
        var pendingSpace = false
        for character in self {
            if character == " " || character == "\u{00A0}" || character == "\u{202F}" {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(" ") }
                pendingSpace = false
                result.append(character)
            }
        }
        return result
    }
}

enum PlainSpaces {
    /// Copies `source[range]` (UTF-8) into `out` from `written` on, writing U+00A0 and
    /// U+202F as one plain space each, and returns the new `written`. For callers that
    /// build a string in one allocation (the spoken date).
    @inline(__always)
    static func copy(_ source: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
                     into out: UnsafeMutableBufferPointer<UInt8>, at written: Int) -> Int {
        var written = written
        var index = range.lowerBound
        let end = range.upperBound
        while index < end {
            let byte = source[index]
            if byte == 0xC2, index + 1 < end, source[index + 1] == 0xA0 {
                out[written] = 0x20; index += 2
            } else if byte == 0xE2, index + 2 < end, source[index + 1] == 0x80, source[index + 2] == 0xAF {
                out[written] = 0x20; index += 3
            } else {
                out[written] = byte; index += 1
            }
            written += 1
        }
        return written
    }
}
