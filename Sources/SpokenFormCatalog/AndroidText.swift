/// The text of an Android string resource as `aapt2` reads it from the XML between
/// `<string …>` and `</string>` (or an `<item>`), with where each character lies in the
/// file, so that a changed value is written back in place and read by `aapt2` as the new
/// text.
///
/// What `aapt2` does, and this decoder with it: XML entities (`&amp;`, `&#233;`) decoded;
/// backslash escapes (`\'` `\"` `\\` `\n` `\t` `\@` `\?` `\uXXXX`, any other `\c` is `c`);
/// an unescaped `"` starts or ends a quoted run (the quote is not text; white space inside
/// is kept); outside quotes a run of white space is one space and the value is trimmed; an
/// unescaped `'` outside quotes is an error. Elements inside (`<b>`, `<i>`, `<u>`,
/// `<annotation>`, `<xliff:g>`) are markup: their text is part of the value, the tags are
/// not. The text inside `<xliff:g>` is a placeholder: read, never converted. CDATA
/// sections are text (escapes still apply); HTML tags inside them are markup too.
struct AndroidText {
    /// The value's characters (after trimming).
    var scalars: [Unicode.Scalar] = []
    /// Where each character's raw form starts and ends in the buffer.
    var starts: [Int] = []
    var ends: [Int] = []
    /// Whether each character was read inside a quoted run / a CDATA section.
    var quoted: [Bool] = []
    var inCDATA: [Bool] = []
    /// The CDATA section each character was read in (its order in the value), -1 outside:
    /// an edit across a section's boundary must leave its `<![CDATA[` and `]]>` in place.
    var section: [Int] = []
    /// Runs of characters between markup, in order; those inside `<xliff:g>` are kept.
    var segments: [CatalogSegment] = []
    /// The value starts with an unescaped `@` or `?`: a resource reference, not text.
    var isReference = false
    /// Where the raw contents end (the `</` closing the element).
    var end = 0
    /// The first error, as `aapt2` would report it.
    var error: (offset: Int, message: String)?
    /// The error is markup nested deeper than `CatalogLimits.depth`.
    var tooDeep = false

    var text: String { String(String.UnicodeScalarView(scalars)) }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0B}" || scalar == "\u{0C}"
    }

    /// Reads the contents starting at `start` up to the `</` that closes the element at
    /// depth 0. `depth` is the element's own nesting, for the shared limit.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, depth: Int) -> AndroidText {
        var result = AndroidText()
        var position = start
        var quote = false
        var lastWasSpace = false
        var escapePending: Int? = nil
        var level = 0
        var openNames: [String] = []
        var protectedLevel: Int? = nil
        var segment = 0
        var segmentOf: [Int] = []
        var protected: [Bool] = []
        var fromRawSpace: [Bool] = []
        var sawText = false

        func fail(_ offset: Int, _ message: String) -> AndroidText {
            var failed = result
            failed.error = (offset, message)
            failed.end = offset
            return failed
        }
        func startsWith(_ text: StaticString, at index: Int) -> Bool {
            let count = text.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            for k in 0..<count where bytes[index + k] != text.utf8Start[k] { return false }
            return true
        }
        func find(_ text: StaticString, from index: Int) -> Int? { bytes.firstOffset(of: text, from: index) }
        var sections = -1
        func append(_ scalar: Unicode.Scalar, _ from: Int, _ to: Int, cdata: Bool, rawSpace: Bool) {
            result.section.append(cdata ? sections : -1)
            result.scalars.append(scalar)
            result.starts.append(from)
            result.ends.append(to)
            result.quoted.append(quote)
            result.inCDATA.append(cdata)
            segmentOf.append(segment)
            protected.append(protectedLevel != nil)
            fromRawSpace.append(rawSpace)
        }
        /// One character of text (decoded from the raw `from..<to`).
        func character(_ scalar: Unicode.Scalar, _ from: Int, _ to: Int, cdata: Bool, entity: Bool) -> (Int, String)? {
            if let escape = escapePending {
                escapePending = nil
                lastWasSpace = false
                switch scalar {
                case "n": append("\n", escape, to, cdata: cdata, rawSpace: false)
                case "t": append("\t", escape, to, cdata: cdata, rawSpace: false)
                case "u":
                    var value: UInt32 = 0
                    var index = to
                    for _ in 0..<4 {
                        guard index < bytes.count, let digit = hexValue(bytes[index]) else {
                            return (escape, "\\u must be followed by four hexadecimal digits (\\u00E9)")
                        }
                        value = value << 4 | digit
                        index += 1
                    }
                    guard let decoded = Unicode.Scalar(value) else { return (escape, "\\u\(String(value, radix: 16)) is a surrogate, not a character") }
                    append(decoded, escape, index, cdata: cdata, rawSpace: false)
                    position = index
                default: append(scalar, escape, to, cdata: cdata, rawSpace: false)
                }
                return nil
            }
            if !sawText && !isSpace(scalar) {
                sawText = true
                if (scalar == "@" || scalar == "?") && !entity { result.isReference = true }
            }
            if isSpace(scalar) && !quote {
                if lastWasSpace, !result.ends.isEmpty, fromRawSpace[fromRawSpace.count - 1] {
                    // Collapsed into the space before (after markup, the bytes stay between the runs).
                    if segmentOf.last == segment { result.ends[result.ends.count - 1] = to }
                } else {
                    append(" ", from, to, cdata: cdata, rawSpace: true)
                }
                lastWasSpace = true
                return nil
            }
            lastWasSpace = false
            switch scalar {
            case "\\": escapePending = from
            case "\"": quote.toggle()
            case "'" where !quote:
                return (from, "an unescaped apostrophe: write \\' or put the text in double quotes (aapt2 refuses it)")
            default: append(scalar, from, to, cdata: cdata, rawSpace: false)
            }
            return nil
        }
        func decodeUTF8(at index: Int) -> (Unicode.Scalar, Int) {
            let byte = bytes[index]
            let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
            var decoder = UTF8()
            var iterator = bytes[index..<min(bytes.count, index + length)].makeIterator()
            if case .scalarValue(let scalar) = decoder.decode(&iterator) { return (scalar, length) }
            return ("\u{FFFD}", 1)
        }
        func newSegment() { segment += 1 }

        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "<") {
                if startsWith("<!--", at: position) {
                    guard let close = find("-->", from: position + 4) else { return fail(position, "a comment is not closed") }
                    position = close + 3
                    continue
                }
                if startsWith("<![CDATA[", at: position) {
                    guard let close = find("]]>", from: position + 9) else { return fail(position, "a CDATA section is not closed") }
                    sections += 1
                    var index = position + 9
                    while index < close {
                        if bytes[index] == UInt8(ascii: "<") {
                            // HTML markup inside CDATA (for Html.fromHtml): kept as it is.
                            var tagEnd = index + 1
                            while tagEnd < close && bytes[tagEnd] != UInt8(ascii: ">") { tagEnd += 1 }
                            if tagEnd < close, tagEnd > index + 1 {
                                if let escape = escapePending { return fail(escape, "a backslash before markup: write \\\\ for a backslash") }
                                newSegment()
                                index = tagEnd + 1
                                continue
                            }
                        }
                        let (scalar, length) = decodeUTF8(at: index)
                        position = index + length
                        if let failure = character(scalar, index, index + length, cdata: true, entity: false) { return fail(failure.0, failure.1) }
                        index = min(position, close)
                    }
                    position = close + 3
                    continue
                }
                if let escape = escapePending, !startsWith("<!--", at: position) {
                    return fail(escape, "a backslash before markup: write \\\\ for a backslash")
                }
                if startsWith("</", at: position) {
                    if level == 0 { break }
                    var nameEnd = position + 2
                    while nameEnd < bytes.count, ![UInt8(ascii: ">"), 0x20, 0x0A, 0x0D, 0x09].contains(bytes[nameEnd]) { nameEnd += 1 }
                    let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(position + 2)..<nameEnd]), as: UTF8.self)
                    guard name == openNames.last else { return fail(position, "</\(name)> closes <\(openNames.last ?? "")>: expected </\(openNames.last ?? "")>") }
                    openNames.removeLast()
                    while nameEnd < bytes.count, bytes[nameEnd] != UInt8(ascii: ">") {
                        guard [0x20, 0x0A, 0x0D, 0x09].contains(bytes[nameEnd]) else { return fail(position, "a closing tag holds more than its name") }
                        nameEnd += 1
                    }
                    guard nameEnd < bytes.count else { return fail(position, "a tag is not closed") }
                    level -= 1
                    if protectedLevel == level { protectedLevel = nil }
                    newSegment()
                    position = nameEnd + 1
                    continue
                }
                // An inline element: <b>, <xliff:g id="…">, <annotation …/>.
                guard let tag = AndroidTag.scan(bytes, at: position) else { return fail(position, "a tag is not closed or is malformed") }
                if let problem = tag.problem { return fail(position, problem) }
                newSegment()
                position = tag.end
                if !tag.selfClosing {
                    guard depth + level + 1 < CatalogLimits.depth else {
                        var failed = fail(position, "nesting")
                        failed.tooDeep = true
                        return failed
                    }
                    if tag.name == "xliff:g" && protectedLevel == nil { protectedLevel = level }
                    level += 1
                    openNames.append(tag.name)
                }
                continue
            }
            if byte == UInt8(ascii: "&") {
                guard let (scalar, length) = XMLEntity.decode(bytes, at: position) else {
                    return fail(position, "an & that starts no entity: write &amp;")
                }
                let here = position
                position += length
                if let failure = character(scalar, here, here + length, cdata: false, entity: true) { return fail(failure.0, failure.1) }
                continue
            }
            if byte == UInt8(ascii: ">") && position >= 2 && bytes[position - 1] == UInt8(ascii: "]") && bytes[position - 2] == UInt8(ascii: "]") {
                return fail(position - 2, "]]> outside a CDATA section")
            }
            let (scalar, length) = decodeUTF8(at: position)
            let here = position
            position += length
            if let failure = character(scalar, here, here + length, cdata: false, entity: false) { return fail(failure.0, failure.1) }
        }
        guard position < bytes.count else { return fail(bytes.count, "the file ends inside a value (truncated?)") }
        if level > 0 { return fail(position, "an element inside the value is not closed") }
        if let escape = escapePending { return fail(escape, "a backslash at the end of the value: write \\\\ for a backslash") }
        result.end = position

        // Trimming: unquoted white space at both ends is not text.
        var first = 0, last = result.scalars.count
        while first < last && fromRawSpace[first] { first += 1 }
        while last > first && fromRawSpace[last - 1] { last -= 1 }
        if first > 0 || last < result.scalars.count {
            result.scalars = Array(result.scalars[first..<last])
            result.starts = Array(result.starts[first..<last])
            result.ends = Array(result.ends[first..<last])
            result.quoted = Array(result.quoted[first..<last])
            result.inCDATA = Array(result.inCDATA[first..<last])
            result.section = Array(result.section[first..<last])
            segmentOf = Array(segmentOf[first..<last])
            protected = Array(protected[first..<last])
        }
        var index = 0
        while index < segmentOf.count {
            var next = index + 1
            while next < segmentOf.count && segmentOf[next] == segmentOf[index] && protected[next] == protected[index] { next += 1 }
            result.segments.append(CatalogSegment(range: index..<next, convertible: !protected[index]))
            index = next
        }
        return result
    }

    /// The bytes of `scalars` (`new[range]`, in a value whose new text is `new`) as Android
    /// text at a place read `quoted` (inside double quotes) or inside CDATA: what `aapt2`
    /// reads back as these characters.
    static func encode(_ new: [Unicode.Scalar], _ range: Range<Int>, quoted: Bool, cdata: Bool) -> [UInt8] {
        var out: [UInt8] = []
        func raw(_ text: String) { out.append(contentsOf: text.utf8) }
        func unicode(_ scalar: Unicode.Scalar) {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            raw("\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex)
        }
        for i in range {
            let scalar = new[i]
            switch scalar {
            case "\\": raw("\\\\")
            case "\"": raw("\\\"")
            case "'": raw("\\'")
            case "\n": raw("\\n")
            case "\t": raw("\\t")
            case "@" where i == 0: raw("\\@")
            case "?" where i == 0: raw("\\?")
            case " ":
                // aapt2 drops white space at the ends and a raw space after another: those are
                // escaped. A space after this one in the text written here is escaped in its turn.
                let collapses = i == 0 || i == new.count - 1 || isSpace(new[i - 1]) || (i + 1 == range.upperBound && isSpace(new[i + 1]))
                if quoted || !collapses { raw(" ") } else { raw("\\u0020") }
            case "&": cdata ? unicode(scalar) : raw("&amp;")
            case "<": cdata ? unicode(scalar) : raw("&lt;")
            case ">": cdata ? unicode(scalar) : raw("&gt;")
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0xFFFE...0xFFFF).contains(scalar.value) {
                    if scalar.value <= 0xFFFF { unicode(scalar) } else { out.append(contentsOf: String(scalar).utf8) }
                } else {
                    out.append(contentsOf: String(scalar).utf8)
                }
            }
        }
        return out
    }

    /// Each changed run is written whole rather than as a minimal edit (see `Catalog`'s
    /// check of the edited value).
    var rewritesRuns = false

    /// The edits (byte ranges and their new bytes) that make the value read `newText`. Each
    /// changed run is edited inside its own characters, so tags are never moved or dropped;
    /// with `runs` (one text per segment) each segment changes on its own, otherwise the
    /// old and new texts are aligned by their common prefix and suffix and the new text goes
    /// into the first run touched.
    func edits(to newText: String, runs: [String]?, contentStart: Int) -> [(range: Range<Int>, bytes: [UInt8])] {
        let new = Array(newText.unicodeScalars)
        if scalars.isEmpty {
            return new.isEmpty ? [] : [(contentStart..<contentStart, Self.encode(new, 0..<new.count, quoted: false, cdata: false))]
        }
        var newRuns: [[Unicode.Scalar]] = segments.map { Array(scalars[$0.range]) }
        if let runs, runs.count == segments.count, runs.joined() == newText {
            newRuns = runs.map { Array($0.unicodeScalars) }
        } else {
            var prefix = 0
            while prefix < min(scalars.count, new.count) && scalars[prefix] == new[prefix] { prefix += 1 }
            var suffix = 0
            while suffix < min(scalars.count, new.count) - prefix && scalars[scalars.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
            let old = prefix..<(scalars.count - suffix)
            let inserted = Array(new[prefix..<(new.count - suffix)])
            if old.isEmpty {
                let at = old.lowerBound
                let index = segments.firstIndex { $0.range.lowerBound <= at && at < $0.range.upperBound } ?? segments.count - 1
                let local = at - segments[index].range.lowerBound
                newRuns[index].insert(contentsOf: inserted, at: local)
            } else {
                var first = true
                for (index, segment) in segments.enumerated() where segment.range.overlaps(old) {
                    let lower = max(old.lowerBound, segment.range.lowerBound) - segment.range.lowerBound
                    let upper = min(old.upperBound, segment.range.upperBound) - segment.range.lowerBound
                    newRuns[index].replaceSubrange(lower..<upper, with: first ? inserted : [])
                    first = false
                }
            }
        }
        let joined = Array(newRuns.joined())
        var result: [(range: Range<Int>, bytes: [UInt8])] = []
        var offset = 0
        for (segment, run) in zip(segments, newRuns) {
            defer { offset += run.count }
            let old = scalars[segment.range]
            if old.elementsEqual(run) { continue }
            var prefix = 0, suffix = 0
            if !rewritesRuns {
                while prefix < min(old.count, run.count) && old[old.startIndex + prefix] == run[prefix] { prefix += 1 }
                while suffix < min(old.count, run.count) - prefix && old[old.endIndex - 1 - suffix] == run[run.count - 1 - suffix] { suffix += 1 }
            }
            let replaced = (segment.range.lowerBound + prefix)..<(segment.range.upperBound - suffix)
            let start: Int, end: Int, quote: Bool, cdata: Bool
            var closesQuote = false
            if replaced.isEmpty {
                let at = replaced.lowerBound
                if at < segment.range.upperBound {
                    (start, end, quote, cdata) = (starts[at], starts[at], quoted[at], inCDATA[at])
                } else {
                    (start, end, quote, cdata) = (ends[at - 1], ends[at - 1], quoted[at - 1], inCDATA[at - 1])
                }
            } else {
                // Characters on both sides of a CDATA section's start or end: the new text goes
                // in the first stretch of one kind, the others are emptied, and the section's
                // markers stay where they were ("17h30 <![CDATA[5 km]]>" keeps its CDATA).
                var a = replaced.lowerBound, b = replaced.upperBound - 1
                var stretchEnd = a
                while stretchEnd + 1 <= b && section[stretchEnd + 1] == section[a] { stretchEnd += 1 }
                if stretchEnd < b {
                    var from = stretchEnd + 1
                    while from <= b {
                        var to = from
                        while to + 1 <= b && section[to + 1] == section[from] { to += 1 }
                        result.append((starts[from]..<ends[to], []))
                        from = to + 1
                    }
                    b = stretchEnd
                }
                (start, end, quote, cdata) = (starts[a], ends[b], quoted[a], inCDATA[a])
                // Quotes inside the replaced bytes: the text after them is read in the mode they left.
                closesQuote = quoted[a] != quoted[b]
                a = b
            }
            var bytes = Self.encode(joined, (offset + prefix)..<(offset + run.count - suffix), quoted: quote, cdata: cdata)
            if closesQuote { bytes.append(UInt8(ascii: "\"")) }
            result.append((start..<end, bytes))
        }
        return result
    }
}

/// An element's start tag inside a value (`<b>`, `<xliff:g id="t" example="5 min">`,
/// `<annotation font="serif"/>`).
struct AndroidTag {
    var name: String
    var attributes: [(name: String, value: String)] = []
    var selfClosing = false
    /// Just past the `>`.
    var end: Int
    var problem: String?

    /// The tag at `start` (a `<`); nil when it is not closed.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> AndroidTag? {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
        var index = start + 1
        while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "/") { index += 1 }
        var tag = AndroidTag(name: String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<index]), as: UTF8.self), end: index)
        if tag.name.isEmpty || tag.name.utf8.contains(where: { [UInt8(ascii: "<"), UInt8(ascii: "&"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "="), UInt8(ascii: "!"), UInt8(ascii: "?")].contains($0) }) {
            tag.problem = "a malformed tag: expected an element name after <"
        }
        while true {
            while index < bytes.count && isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: ">") { tag.end = index + 1; return tag }
            if bytes[index] == UInt8(ascii: "/") {
                guard index + 1 < bytes.count else { return nil }
                guard bytes[index + 1] == UInt8(ascii: ">") else { tag.problem = tag.problem ?? "a / inside a tag"; index += 1; continue }
                tag.selfClosing = true
                tag.end = index + 2
                return tag
            }
            let nameStart = index
            while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: "="), bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "/") { index += 1 }
            let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<index]), as: UTF8.self)
            while index < bytes.count && isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count else { return nil }
            guard bytes[index] == UInt8(ascii: "="), !name.isEmpty else {
                tag.problem = tag.problem ?? "an attribute without a value in <\(tag.name)>: expected name=\"value\""
                if index == nameStart { index += 1 }
                continue
            }
            index += 1
            while index < bytes.count && isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count else { return nil }
            let quote = bytes[index]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                tag.problem = tag.problem ?? "the attribute \(name) of <\(tag.name)> is not quoted"
                continue
            }
            let valueStart = index + 1
            index = valueStart
            while index < bytes.count && bytes[index] != quote {
                if bytes[index] == UInt8(ascii: "<") { tag.problem = tag.problem ?? "a < inside the attribute \(name)" }
                index += 1
            }
            guard index < bytes.count else { return nil }
            var value = ""
            var k = valueStart
            while k < index {
                if bytes[k] == UInt8(ascii: "&"), let (scalar, length) = XMLEntity.decode(bytes, at: k), k + length <= index {
                    value.unicodeScalars.append(scalar)
                    k += length
                } else {
                    let byte = bytes[k]
                    let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
                    value += String(decoding: UnsafeBufferPointer(rebasing: bytes[k..<min(index, k + length)]), as: UTF8.self)
                    k += length
                }
            }
            if tag.attributes.contains(where: { $0.name == name }) { tag.problem = tag.problem ?? "the attribute \(name) appears twice in <\(tag.name)>" }
            tag.attributes.append((name, value))
            index += 1
        }
    }
}

/// XML's predefined and numeric entities, for the Android and the property-list readers
/// (`&#X41;` read as `&#x41;`, as the property-list reader always did; `&#0;` is no character).
enum XMLEntity {
    /// The character of the entity at `index` (an `&`) and the entity's length.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int)? {
        var end = index + 1
        while end < bytes.count && end < index + 12 && bytes[end] != UInt8(ascii: ";") { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else { return nil }
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end]), as: UTF8.self)
        let scalar: Unicode.Scalar?
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
            } else {
                scalar = nil
            }
        }
        guard let scalar, scalar.value != 0 else { return nil }
        return (scalar, end + 1 - index)
    }
}
