/// Language markup already present in a tagger's input: HTML elements with a `lang`
/// (or `xml:lang`) attribute and SSML `<lang>`/`<voice>`/`<speak>` elements.
///
/// Input counts as markup only when it holds at least one element that declares a
/// language; then every tag is removed, entities are decoded, and the declared
/// regions are returned so that the tagger honours them and never tags inside them
/// twice. Any other text (`a < b`, `<3`) is taken literally.
struct LanguageMarkup {
    /// A region of the plain text (scalar offsets) whose language the markup declares.
    struct Region {
        var start: Int
        var end: Int
        var language: String
    }

    var text: String
    var regions: [Region]

    /// nil when `input` declares no language.
    init?(_ input: String) {
        guard input.utf8.contains(UInt8(ascii: "<")), LanguageMarkup.declaresLanguage(input) else { return nil }
        var plain = String.UnicodeScalarView()
        var count = 0
        var stack: [(name: String, language: String?, start: Int)] = []
        var regions: [Region] = []
        let scalars = Array(input.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            if c == "<", let tag = LanguageMarkup.tag(in: scalars, at: i) {
                i = tag.end
                if tag.closing {
                    if let open = stack.lastIndex(where: { $0.name == tag.name }) {
                        for element in stack[open...].reversed() {
                            if let language = element.language { regions.append(Region(start: element.start, end: count, language: language)) }
                        }
                        stack.removeSubrange(open...)
                    }
                } else if !tag.selfClosing {
                    stack.append((tag.name, tag.language, count))
                }
                continue
            }
            if c == "&", let entity = LanguageMarkup.entity(in: scalars, at: i) {
                plain.append(entity.scalar)
                count += 1
                i = entity.end
                continue
            }
            plain.append(c)
            count += 1
            i += 1
        }
        for element in stack.reversed() {  // unclosed elements run to the end
            if let language = element.language { regions.append(Region(start: element.start, end: count, language: language)) }
        }
        text = String(plain)
        self.regions = regions.sorted { ($0.start, $1.end) < ($1.start, $0.end) }
    }

    /// Cheap scan for `lang=` inside something that looks like a tag.
    private static func declaresLanguage(_ input: String) -> Bool {
        var inTag = false
        let bytes = Array(input.utf8)
        for (i, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "<") { inTag = true } else if byte == UInt8(ascii: ">") { inTag = false }
            if inTag, byte == UInt8(ascii: "l"), i + 4 < bytes.count, bytes[i + 1] == UInt8(ascii: "a"),
               bytes[i + 2] == UInt8(ascii: "n"), bytes[i + 3] == UInt8(ascii: "g") {
                var j = i + 4
                while j < bytes.count, bytes[j] == UInt8(ascii: " ") { j += 1 }
                if j < bytes.count, bytes[j] == UInt8(ascii: "=") { return true }
            }
        }
        return false
    }

    private struct Tag {
        var name: String
        var closing: Bool
        var selfClosing: Bool
        var language: String?
        var end: Int
    }

    /// Parses `<name attr="v" ...>`, `</name>` or `<name/>` at `start`; nil if it is not a tag.
    private static func tag(in s: [Unicode.Scalar], at start: Int) -> Tag? {
        var i = start + 1
        var closing = false
        if i < s.count, s[i] == "/" { closing = true; i += 1 }
        func isNameChar(_ c: Unicode.Scalar) -> Bool {
            c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c) || c == ":" || c == "-" || c == "_")
        }
        guard i < s.count, s[i].isASCII, s[i].properties.isAlphabetic else { return nil }
        var name = ""
        while i < s.count, isNameChar(s[i]) { name.unicodeScalars.append(s[i]); i += 1 }
        var language: String?
        while i < s.count {
            let c = s[i]
            if c == ">" { return Tag(name: name.lowercased(), closing: closing, selfClosing: false, language: language, end: i + 1) }
            if c == "/", i + 1 < s.count, s[i + 1] == ">" {
                return Tag(name: name.lowercased(), closing: closing, selfClosing: true, language: language, end: i + 2)
            }
            if c == "<" { return nil }
            if isNameChar(c) {
                var attribute = ""
                while i < s.count, isNameChar(s[i]) { attribute.unicodeScalars.append(s[i]); i += 1 }
                while i < s.count, s[i] == " " { i += 1 }
                guard i < s.count, s[i] == "=" else { continue }
                i += 1
                while i < s.count, s[i] == " " { i += 1 }
                var value = ""
                if i < s.count, s[i] == "\"" || s[i] == "'" {
                    let quote = s[i]
                    i += 1
                    while i < s.count, s[i] != quote { value.unicodeScalars.append(s[i]); i += 1 }
                    guard i < s.count else { return nil }
                    i += 1
                } else {
                    while i < s.count, s[i] != " ", s[i] != ">", s[i] != "/" { value.unicodeScalars.append(s[i]); i += 1 }
                }
                let lower = attribute.lowercased()
                if lower == "lang" || lower == "xml:lang", !value.isEmpty,
                   value.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") }) {
                    language = value.replacingOccurrences(of: "_", with: "-")
                }
                continue
            }
            i += 1
        }
        return nil
    }

    /// Decodes `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&nbsp;` and numeric references.
    private static func entity(in s: [Unicode.Scalar], at start: Int) -> (scalar: Unicode.Scalar, end: Int)? {
        var i = start + 1
        var name = ""
        while i < s.count, i - start <= 10, s[i] != ";" { name.unicodeScalars.append(s[i]); i += 1 }
        guard i < s.count, s[i] == ";" else { return nil }
        let scalar: Unicode.Scalar?
        switch name {
        case "amp": scalar = "&"
        case "lt": scalar = "<"
        case "gt": scalar = ">"
        case "quot": scalar = "\""
        case "apos": scalar = "'"
        case "nbsp": scalar = "\u{A0}"
        default:
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                scalar = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
            } else if name.hasPrefix("#") {
                scalar = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init)
            } else {
                scalar = nil
            }
        }
        return scalar.map { ($0, i + 1) }
    }
}
