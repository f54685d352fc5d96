/// Reads a gettext catalog (`.po`): entries of `#` comments, `msgctxt`, `msgid`,
/// `msgid_plural` and `msgstr` or `msgstr[n]`, each a string in double quotes with C
/// escapes, continued on lines that start with `"`.
///
/// Values are the translations: each non-empty `msgstr` (path empty) or `msgstr[n]`
/// (path `plural > n`, n as gettext numbers the forms of `Plural-Forms`), keyed by the
/// `msgid` (with a `msgctxt`, the path starts `context > …`). Never values: the msgids,
/// the header entry (`msgid ""`), empty msgstrs (not translated), entries flagged
/// `#, fuzzy` (gettext does not use them at run time) and obsolete `#~` entries, which
/// are comments to the reader and kept byte for byte.
struct GettextReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    var values: [CatalogValue] = []
    var keys: [String] = []
    /// Entries flagged fuzzy, not converted.
    var fuzzyEntries = 0
    /// The header's `Language:`, when it names one.
    var headerLanguage: String?
    /// The header's `Plural-Forms:`.
    var pluralForms: String?
    /// The language given by the caller; empty: the header's.
    let language: String
    private var seen = Set<ExactKey>()
    private var seenKeys = Set<ExactKey>()

    init(bytes: UnsafeBufferPointer<UInt8>, language: String) {
        self.bytes = bytes
        self.language = language
    }

    private struct Field {
        var keyword: String
        var line: Int
        var offset: Int
        /// The strings' contents (between their quotes), in order.
        var strings: [Range<Int>] = []
        var text = ""
    }

    private struct Entry {
        var fuzzy = false
        var fields: [Field] = []
        var start = 0
    }

    private func fail(_ message: String, line: Int, at offset: Int) -> CatalogError {
        if offset >= bytes.count { return .syntax(byteOffset: bytes.count, message: "the file ends early (truncated?): line \(line): " + message) }
        return .syntax(byteOffset: offset, message: "line \(line): " + message)
    }

    mutating func read() throws {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        var entries: [Entry] = []
        var entry = Entry()
        var line = 0
        var lastField: Int? = nil
        func finish() {
            if !entry.fields.isEmpty { entries.append(entry) }
            entry = Entry()
            lastField = nil
        }
        while position < bytes.count {
            line += 1
            let lineStart = position
            var lineEnd = position
            while lineEnd < bytes.count && bytes[lineEnd] != 0x0A { lineEnd += 1 }
            defer { position = lineEnd + 1 }
            var index = lineStart
            while index < lineEnd && (bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0D) { index += 1 }
            if index == lineEnd {
                finish()
                continue
            }
            let first = bytes[index]
            if first == UInt8(ascii: "#") {
                // `#,` flags; `#~` obsolete entries and `#|` previous strings are comments here.
                if index + 1 < lineEnd && bytes[index + 1] == UInt8(ascii: ",") {
                    if entry.fields.contains(where: { $0.keyword == "msgid" }) { finish() }
                    let flags = String(decoding: UnsafeBufferPointer(rebasing: bytes[(index + 2)..<lineEnd]), as: UTF8.self)
                    if flags.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" || $0 == "\r" }).contains("fuzzy") { entry.fuzzy = true }
                } else if entry.fields.contains(where: { $0.keyword.hasPrefix("msgstr") }) {
                    // A comment after a complete entry starts the next one.
                    finish()
                }
                continue
            }
            if first == UInt8(ascii: "\"") {
                guard let field = lastField else {
                    throw fail("a string outside an entry: expected msgid, msgstr or msgctxt before it", line: line, at: index)
                }
                let range = try string(at: index, lineEnd: lineEnd, line: line)
                entry.fields[field].strings.append(range)
                continue
            }
            var wordEnd = index
            while wordEnd < lineEnd && bytes[wordEnd] != 0x20 && bytes[wordEnd] != 0x09 && bytes[wordEnd] != UInt8(ascii: "\"") { wordEnd += 1 }
            let keyword = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<wordEnd]), as: UTF8.self)
            let known = ["msgctxt", "msgid", "msgid_plural", "msgstr"].contains(keyword) || Self.pluralIndex(keyword) != nil
            guard known else {
                throw fail("\(quoted(String(keyword.prefix(40)))) is not a .po keyword: expected msgctxt, msgid, msgid_plural, msgstr, msgstr[n], a string or a # comment", line: line, at: index)
            }
            // msgctxt or msgid after a complete entry starts the next one (no blank line needed).
            if keyword == "msgctxt" || keyword == "msgid", entry.fields.contains(where: { $0.keyword.hasPrefix("msgstr") }) { finish() }
            var stringStart = wordEnd
            while stringStart < lineEnd && (bytes[stringStart] == 0x20 || bytes[stringStart] == 0x09) { stringStart += 1 }
            guard stringStart < lineEnd, bytes[stringStart] == UInt8(ascii: "\"") else {
                throw fail("expected a string in double quotes after \(keyword)", line: line, at: stringStart)
            }
            if entry.fields.isEmpty { entry.start = index }
            entry.fields.append(Field(keyword: keyword, line: line, offset: index))
            lastField = entry.fields.count - 1
            entry.fields[entry.fields.count - 1].strings.append(try string(at: stringStart, lineEnd: lineEnd, line: line))
        }
        finish()
        for entry in entries { try add(entry) }
        if language.isEmpty, let headerLanguage {
            values = values.map {
                CatalogValue(key: $0.key, language: headerLanguage, path: $0.pathNode, text: $0.text, state: nil, rawRange: $0.rawRange, stateRange: nil)
            }
        }
    }

    /// `msgstr[3]` → 3.
    static func pluralIndex(_ keyword: String) -> Int? {
        guard keyword.hasPrefix("msgstr["), keyword.hasSuffix("]") else { return nil }
        let digits = keyword.dropFirst(7).dropLast()
        guard !digits.isEmpty, digits.count <= 3, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }

    /// A string starting at its opening quote: the range of its contents, checked.
    private func string(at start: Int, lineEnd: Int, line: Int) throws -> Range<Int> {
        var index = start + 1
        while index < lineEnd {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") {
                guard index + 1 < lineEnd else { break }
                let kind = bytes[index + 1]
                switch kind {
                case UInt8(ascii: "n"), UInt8(ascii: "t"), UInt8(ascii: "r"), UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "a"),
                     UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "v"), UInt8(ascii: "'"), UInt8(ascii: "?"):
                    index += 2
                case UInt8(ascii: "0")...UInt8(ascii: "7"):
                    index += 2
                case UInt8(ascii: "x"):
                    guard index + 2 < lineEnd, hexValue(bytes[index + 2]) != nil else {
                        throw fail("\\x must be followed by hexadecimal digits", line: line, at: index)
                    }
                    index += 2
                default:
                    throw fail("an unknown escape \\\(String(decoding: [kind], as: UTF8.self)): expected \\n, \\t, \\\", \\\\, an octal or a \\x escape", line: line, at: index)
                }
                continue
            }
            if byte == UInt8(ascii: "\"") {
                var after = index + 1
                while after < lineEnd && (bytes[after] == 0x20 || bytes[after] == 0x09 || bytes[after] == 0x0D) { after += 1 }
                guard after == lineEnd else { throw fail("text after the closing quote: expected the end of the line", line: line, at: after) }
                return (start + 1)..<index
            }
            index += 1
        }
        throw fail("a string is not closed on its line: expected a closing \"", line: line, at: start)
    }

    private mutating func add(_ entry: Entry) throws {
        var fields = entry.fields
        for k in fields.indices { fields[k].text = GettextEscapes.decode(bytes, fields[k].strings).string }
        let order = fields.map(\.keyword)
        let first = fields[0]
        var k = 0
        let context = order.first == "msgctxt" ? fields[0].text : nil
        if context != nil { k += 1 }
        guard k < order.count, order[k] == "msgid" else {
            throw fail("expected msgid" + (context != nil ? " after msgctxt" : ""), line: fields[min(k, fields.count - 1)].line, at: fields[min(k, fields.count - 1)].offset)
        }
        let msgid = fields[k]
        k += 1
        let plural = k < order.count && order[k] == "msgid_plural"
        if plural { k += 1 }
        let translations = Array(fields[k...])
        guard !translations.isEmpty else { throw fail("msgid \(quoted(msgid.text)) has no msgstr", line: msgid.line, at: msgid.offset) }
        for (n, field) in translations.enumerated() {
            if plural {
                guard Self.pluralIndex(field.keyword) == n else {
                    throw fail("expected msgstr[\(n)] (forms of msgid_plural are numbered from 0), not \(field.keyword)", line: field.line, at: field.offset)
                }
            } else {
                guard n == 0, field.keyword == "msgstr" else {
                    throw fail(n == 0 ? "expected msgstr (msgstr[n] needs msgid_plural), not \(field.keyword)" : "\(field.keyword) after the msgstr: expected a new entry",
                               line: field.line, at: field.offset)
                }
            }
        }
        let identity = (context.map { $0 + "\u{4}" } ?? "") + msgid.text
        guard seen.insert(ExactKey(identity)).inserted else {
            throw CatalogError.duplicateKey(msgid.text, path: context.map { "msgctxt \(quoted($0))" } ?? "", byteOffset: first.offset, line: first.line)
        }
        if msgid.text.isEmpty && context == nil {
            try header(translations[0].text, line: translations[0].line, offset: translations[0].offset)
            return
        }
        if seenKeys.insert(ExactKey(msgid.text)).inserted { keys.append(msgid.text) }
        if entry.fuzzy { fuzzyEntries += 1; return }
        let base = context.map { CatalogPath(CatalogPath(nil, "context"), $0) }
        for (n, field) in translations.enumerated() where !field.text.isEmpty {
            let path = plural ? CatalogPath(CatalogPath(base, "plural"), String(n)) : base
            values.append(CatalogValue(key: msgid.text, language: language, path: path, text: field.text,
                                       state: nil, rawRange: field.strings.first!.lowerBound..<field.strings.last!.upperBound, stateRange: nil))
        }
    }

    /// The header entry: `Language:`, `Plural-Forms:`, and a charset SpokenForm can keep.
    private mutating func header(_ text: String, line: Int, offset: Int) throws {
        for field in text.split(separator: "\n") {
            guard let colon = field.firstIndex(of: ":") else { continue }
            let name = field[..<colon].trimmingCharacters(in: " \t")
            let value = field[field.index(after: colon)...].trimmingCharacters(in: " \t\r")
            switch name.lowercased() {
            case "language": if !value.isEmpty { headerLanguage = CatalogLanguage.gettext(value) }
            case "plural-forms": pluralForms = value
            case "content-type":
                if let charset = value.lowercased().components(separatedBy: "charset=").dropFirst().first?.trimmingCharacters(in: " ;\t"),
                   !["utf-8", "utf8", "charset", "ascii", "us-ascii", ""].contains(charset) {
                    throw fail("the header declares charset=\(charset): SpokenForm reads .po files in UTF-8 only (convert with msgconv --to-code=UTF-8)", line: line, at: offset)
                }
            default: continue
            }
        }
    }
}

private extension Substring {
    func trimmingCharacters(in set: String) -> String {
        var slice = self[...]
        while let first = slice.first, set.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, set.contains(last) { slice = slice.dropLast() }
        return String(slice)
    }
}

private extension String {
    func trimmingCharacters(in set: String) -> String { self[...].trimmingCharacters(in: set) }
}

/// C string escapes as gettext reads and writes them.
enum GettextEscapes {
    /// The text of a field's strings (already checked by the reader), with scalar boundaries
    /// relative to the first string's contents: the `"`, line break and `"` between two
    /// strings lie between two scalars.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ strings: [Range<Int>]) -> DecodedText {
        guard let first = strings.first else { return DecodedText() }
        return decode(UnsafeBufferPointer(rebasing: bytes[first.lowerBound..<strings.last!.upperBound]))
    }

    /// The text of raw bytes running from the first string's contents to the last one's.
    static func decode(_ raw: UnsafeBufferPointer<UInt8>) -> DecodedText {
        var result = DecodedText()
        var index = 0
        while index < raw.count {
            let byte = raw[index]
            if byte == UInt8(ascii: "\"") {
                // The end of one string: skip to the start of the next.
                index += 1
                while index < raw.count && raw[index] != UInt8(ascii: "\"") { index += 1 }
                index += 1
                continue
            }
            result.boundaries.append(index)
            if byte == UInt8(ascii: "\\") && index + 1 < raw.count {
                let kind = raw[index + 1]
                index += 2
                switch kind {
                case UInt8(ascii: "n"): result.scalars.append("\n")
                case UInt8(ascii: "t"): result.scalars.append("\t")
                case UInt8(ascii: "r"): result.scalars.append("\r")
                case UInt8(ascii: "a"): result.scalars.append("\u{07}")
                case UInt8(ascii: "b"): result.scalars.append("\u{08}")
                case UInt8(ascii: "f"): result.scalars.append("\u{0C}")
                case UInt8(ascii: "v"): result.scalars.append("\u{0B}")
                case UInt8(ascii: "0")...UInt8(ascii: "7"), UInt8(ascii: "x"):
                    // Octal and hex escapes are bytes, as in C: `\303\251` is "é" in UTF-8.
                    index -= 2
                    guard let (lead, leadEnd, leadOpen) = byteEscape(raw, at: index) else { index += 2; result.scalars.append("\u{FFFD}"); continue }
                    index = leadEnd
                    var open = leadOpen
                    var value = lead
                    let extra = lead < 0x80 ? 0 : lead >= 0xF0 ? 3 : lead >= 0xE0 ? 2 : lead >= 0xC0 ? 1 : -1
                    var valid = extra >= 0
                    if extra > 0 {
                        value = lead & (extra == 1 ? 0x1F : extra == 2 ? 0x0F : 0x07)
                        for _ in 0..<extra {
                            guard let (next, nextEnd, nextOpen) = byteEscape(raw, at: index), next & 0xC0 == 0x80 else { valid = false; break }
                            value = value << 6 | (next & 0x3F)
                            index = nextEnd
                            open = nextOpen
                        }
                    }
                    if open { result.openEscapes.insert(result.scalars.count) }
                    result.scalars.append(valid ? Unicode.Scalar(value) ?? "\u{FFFD}" : "\u{FFFD}")
                default: result.scalars.append(Unicode.Scalar(kind))
                }
                continue
            }
            let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
            var decoder = UTF8()
            var iterator = raw[index..<min(raw.count, index + length)].makeIterator()
            if case .scalarValue(let scalar) = decoder.decode(&iterator) { result.scalars.append(scalar) } else { result.scalars.append("\u{FFFD}") }
            index += length
        }
        result.boundaries.append(raw.count)
        return result
    }

    /// The byte an octal (`\351`) or hex (`\xE9`) escape at `index` stands for, where the
    /// escape ends, and whether a digit after it would extend it.
    private static func byteEscape(_ raw: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int, Bool)? {
        guard index + 1 < raw.count, raw[index] == UInt8(ascii: "\\") else { return nil }
        var end = index + 2
        var value: UInt32 = 0
        if raw[index + 1] == UInt8(ascii: "x") {
            while end < raw.count, let digit = hexValue(raw[end]) { value = (value << 4 | digit) & 0xFFFF; end += 1 }
            return end > index + 2 ? (value & 0xFF, end, true) : nil
        }
        guard (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(raw[index + 1]) else { return nil }
        end = index + 1
        while end < raw.count && end < index + 4 && (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(raw[end]) {
            value = value << 3 | UInt32(raw[end] - 0x30)
            end += 1
        }
        return (value & 0xFF, end, end < index + 4)
    }

    /// Scalars as the contents of a `.po` string: `\\`, `\"`, `\n`, `\t`, `\r`, other control
    /// characters as three-digit octal (which no digit after it can extend); the rest raw.
    static func encode<S: Sequence>(_ scalars: S) -> [UInt8] where S.Element == Unicode.Scalar {
        var out: [UInt8] = []
        for scalar in scalars {
            switch scalar {
            case "\\": out += Array("\\\\".utf8)
            case "\"": out += Array("\\\"".utf8)
            case "\n": out += Array("\\n".utf8)
            case "\t": out += Array("\\t".utf8)
            case "\r": out += Array("\\r".utf8)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let octal = String(scalar.value, radix: 8)
                    out += Array(("\\" + String(repeating: "0", count: 3 - octal.count) + octal).utf8)
                } else {
                    out += Array(String(scalar).utf8)
                }
            }
        }
        return out
    }
}
