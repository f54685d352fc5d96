/// Reads an Android resource file (`res/values-fr/strings.xml`): `<string name>`,
/// `<plurals name>` with `<item quantity>`, `<string-array name>` with `<item>`. Other
/// resources (`<integer>`, `<color>`, `<dimen>`, `<declare-styleable>`…) are checked for
/// well-formedness and left alone, as are values marked `translatable="false"` and
/// resource references (`@string/other`).
///
/// A value's path: `plural > one` for a plurals item (so that a per-category conversion
/// reads like the other formats'), the item's index for an array, and `product > tablet`
/// first for a value with a `product` attribute.
struct AndroidStringsReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    var values: [CatalogValue] = []
    var keys: [String] = []
    var untranslatable = 0
    let language: String
    private var seenKeys = Set<ExactKey>()
    private var seenResources = Set<ExactKey>()

    init(bytes: UnsafeBufferPointer<UInt8>, language: String) {
        self.bytes = bytes
        self.language = language
    }

    private func line(_ offset: Int) -> Int { lineNumber(of: offset, in: bytes) }

    private func fail(_ message: String, at index: Int? = nil) -> CatalogError {
        let at = min(index ?? position, bytes.count)
        if at >= bytes.count { return .syntax(byteOffset: bytes.count, message: "the file ends early (truncated?): " + message) }
        return .syntax(byteOffset: at, message: "line \(line(at)): " + message)
    }

    private func startsWith(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        for k in 0..<count where bytes[position + k] != text.utf8Start[k] { return false }
        return true
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

    private func find(_ text: StaticString, from start: Int) -> Int? {
        bytes.firstOffset(of: text, from: start)
    }

    /// White space, comments, and before the root `<?xml …?>` and `<!DOCTYPE …>`.
    private mutating func skipMisc(prolog: Bool) throws {
        while position < bytes.count {
            if Self.isSpace(bytes[position]) { position += 1; continue }
            if startsWith("<!--") {
                guard let end = find("-->", from: position + 4) else { throw fail("a comment is not closed") }
                position = end + 3
                continue
            }
            if prolog && (startsWith("<?") || startsWith("<!DOCTYPE")) {
                let start = position
                while position < bytes.count && bytes[position] != UInt8(ascii: ">") { position += 1 }
                guard position < bytes.count else { throw fail("a declaration is not closed", at: start) }
                position += 1
                continue
            }
            return
        }
    }

    mutating func read() throws {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        try skipMisc(prolog: true)
        guard startsWith("<resources"), position + 10 < bytes.count, Self.isSpace(bytes[position + 10]) || bytes[position + 10] == UInt8(ascii: ">") || bytes[position + 10] == UInt8(ascii: "/") else {
            throw fail("expected <resources>, the root element of an Android resource file")
        }
        let root = try tag()
        if !root.selfClosing {
            while true {
                try skipMisc(prolog: false)
                guard position < bytes.count else { throw fail("<resources> is not closed") }
                if startsWith("</") {
                    try closeTag("resources")
                    break
                }
                guard bytes[position] == UInt8(ascii: "<"), !startsWith("<![CDATA[") else { throw fail("text between resources: expected an element such as <string name=\"…\">") }
                try resource()
            }
        }
        try skipMisc(prolog: false)
        guard position == bytes.count else { throw fail("unexpected text after </resources>") }
    }

    private mutating func tag() throws -> AndroidTag {
        let start = position
        guard let tag = AndroidTag.scan(bytes, at: position) else { throw fail("a tag is not closed", at: start) }
        if let problem = tag.problem { throw fail(problem, at: start) }
        position = tag.end
        return tag
    }

    private mutating func closeTag(_ name: String) throws {
        let start = position
        var index = position
        for byte in ("</" + name).utf8 {
            guard index < bytes.count, bytes[index] == byte else { throw fail("expected </\(name)>", at: start) }
            index += 1
        }
        while index < bytes.count && Self.isSpace(bytes[index]) { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { throw fail("expected </\(name)>", at: start) }
        position = index + 1
    }

    /// The key a resource is listed under, refused when the same type, name and product
    /// came before.
    private mutating func register(_ tag: AndroidTag, at start: Int) throws -> (name: String, path: CatalogPath?)? {
        guard let name = tag.attributes.first(where: { $0.name == "name" })?.value else {
            throw fail("<\(tag.name)> has no name attribute: expected <\(tag.name) name=\"…\">", at: start)
        }
        let product = tag.attributes.first { $0.name == "product" }?.value
        let identity = tag.name + "\u{0}" + name + "\u{0}" + (product ?? "")
        guard seenResources.insert(ExactKey(identity)).inserted else {
            throw CatalogError.duplicateKey(name, path: "<resources> (<\(tag.name)>" + (product.map { " product \"\($0)\"" } ?? "") + ")",
                                            byteOffset: start, line: line(start))
        }
        if seenKeys.insert(ExactKey(name)).inserted { keys.append(name) }
        if tag.attributes.contains(where: { $0.name == "translatable" && $0.value == "false" }) {
            untranslatable += 1
            return nil
        }
        return (name, product.map { CatalogPath(CatalogPath(nil, "product"), $0) })
    }

    private mutating func resource() throws {
        let start = position
        let open = try tag()
        switch open.name {
        case "string":
            let registered = try register(open, at: start)
            guard !open.selfClosing else { return }
            try value(key: registered?.name, path: registered?.path, element: "string", depth: 1, elementStart: start, startTagEnd: open.end)
        case "plurals", "string-array":
            let registered = try register(open, at: start)
            guard !open.selfClosing else { return }
            var index = 0
            var quantities = Set<String>()
            while true {
                try skipMisc(prolog: false)
                guard position < bytes.count else { throw fail("<\(open.name)> is not closed", at: start) }
                if startsWith("</") { try closeTag(open.name); return }
                let itemStart = position
                guard startsWith("<item"), position + 5 < bytes.count, Self.isSpace(bytes[position + 5]) || bytes[position + 5] == UInt8(ascii: ">") || bytes[position + 5] == UInt8(ascii: "/") else {
                    throw fail("expected <item> or </\(open.name)> in <\(open.name)>")
                }
                let item = try tag()
                var path = registered?.path
                if open.name == "plurals" {
                    guard let quantity = item.attributes.first(where: { $0.name == "quantity" })?.value else {
                        throw fail("an <item> of <plurals> without quantity: expected quantity=\"one\" (zero, one, two, few, many, other)", at: itemStart)
                    }
                    guard ["zero", "one", "two", "few", "many", "other"].contains(quantity) else {
                        throw fail("quantity=\"\(quantity)\": expected zero, one, two, few, many or other", at: itemStart)
                    }
                    guard quantities.insert(quantity).inserted else {
                        throw CatalogError.duplicateKey(quantity, path: "<plurals name=\(quoted(registered?.name ?? ""))>", byteOffset: itemStart, line: line(itemStart))
                    }
                    path = CatalogPath(CatalogPath(path, "plural"), quantity)
                } else {
                    path = CatalogPath(path, String(index))
                }
                index += 1
                if item.selfClosing { continue }
                try value(key: registered?.name, path: path, element: "item", depth: 2)
            }
        default:
            // Another resource type: well-formed, not read.
            if !open.selfClosing { try skipElement(open.name, depth: 1) }
        }
    }

    /// The contents of `<element>` up to its closing tag: a value when `key` is given.
    /// `elementStart` and `startTagEnd`: a `<string>`'s, which a conversion may turn into `<plurals>`.
    private mutating func value(key: String?, path: CatalogPath?, element: String, depth: Int, elementStart: Int? = nil, startTagEnd: Int? = nil) throws {
        let start = position
        let text = AndroidText.decode(bytes, from: start, depth: depth)
        if let error = text.error {
            if text.tooDeep { throw CatalogError.nestingTooDeep(byteOffset: error.offset, limit: CatalogLimits.depth) }
            throw fail("in <\(element)>" + (key.map { " \(quoted($0))" } ?? "") + ": " + error.message, at: error.offset)
        }
        position = text.end
        try closeTag(element)
        guard let key, !text.isReference else { return }
        var segments: [CatalogSegment]? = text.segments.count == 1 && text.segments[0].convertible ? nil : text.segments
        var keepReason: String?
        var isICU = false
        if text.scalars.contains("{") {
            if let syntax = ICUMessageFormat.syntaxRanges(in: text.scalars) {
                isICU = true
                segments = Self.split(segments ?? [CatalogSegment(range: 0..<text.scalars.count, convertible: true)], by: syntax)
            } else {
                keepReason = "the braces are not well-formed ICU MessageFormat syntax; converting the text could break it"
            }
        }
        let container = elementStart.flatMap { from in startTagEnd.map { CatalogContainer.androidString(element: from..<position, startTagEnd: $0) } }
        values.append(CatalogValue(key: key, language: language, path: path, text: text.text, state: nil, rawRange: start..<text.end,
                                   stateRange: nil, segments: segments, keepReason: keepReason, isICUMessage: isICU, container: container))
    }

    /// The segments with the syntax ranges taken out of the convertible ones.
    static func split(_ segments: [CatalogSegment], by syntax: [Range<Int>]) -> [CatalogSegment] {
        var result: [CatalogSegment] = []
        for segment in segments {
            guard segment.convertible else { result.append(segment); continue }
            var cursor = segment.range.lowerBound
            for range in syntax where range.overlaps(segment.range) {
                let lower = max(range.lowerBound, segment.range.lowerBound), upper = min(range.upperBound, segment.range.upperBound)
                if lower > cursor { result.append(CatalogSegment(range: cursor..<lower, convertible: true)) }
                result.append(CatalogSegment(range: lower..<upper, convertible: false))
                cursor = upper
            }
            if cursor < segment.range.upperBound { result.append(CatalogSegment(range: cursor..<segment.range.upperBound, convertible: true)) }
        }
        return result
    }

    /// Skips an element's contents, checking that its tags balance.
    private mutating func skipElement(_ name: String, depth: Int) throws {
        var open = [name]
        while let current = open.last {
            guard position < bytes.count else { throw fail("<\(current)> is not closed") }
            let byte = bytes[position]
            if byte != UInt8(ascii: "<") { position += 1; continue }
            if startsWith("<!--") {
                guard let end = find("-->", from: position + 4) else { throw fail("a comment is not closed") }
                position = end + 3
            } else if startsWith("<![CDATA[") {
                guard let end = find("]]>", from: position + 9) else { throw fail("a CDATA section is not closed") }
                position = end + 3
            } else if startsWith("</") {
                try closeTag(current)
                open.removeLast()
            } else {
                let start = position
                let inner = try tag()
                if !inner.selfClosing {
                    guard depth + open.count < CatalogLimits.depth else { throw CatalogError.nestingTooDeep(byteOffset: start, limit: CatalogLimits.depth) }
                    open.append(inner.name)
                }
            }
        }
    }
}
