import FuzzSupport
import SpokenFormCatalog

/// The Android `strings.xml` reader under a structure-aware mutator: inputs are resource
/// files, and `LLVMFuzzerCustomMutator` edits them as a list of tags and text (copying
/// resources under new or duplicate names, dropping them, nesting markup past the depth
/// limit, putting escapes, entities, quotes, CDATA, `<xliff:g>` and ICU messages into
/// values), so that most mutants stay resource files and reach the value decoder.
///
/// Checks (`Fuzz.checkCatalog`): no trap; unchanged is byte for byte; changed values read
/// back as changed with the same keys and paths, and changed back give the input; one input
/// in eight (by size) is converted to French and reads back with the same keys, each value
/// as converted and with its specifiers.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAndroidStrings(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size >= 1 else { return 0 }
    Fuzz.checkCatalog(Array(UnsafeBufferPointer(start: data, count: size)), kind: .xml, language: "fr", convert: size % 8 == 1)
    return 0
}

/// Pieces the mutator puts in: resource elements, markup, near misses the reader must
/// refuse, and text the escaper must get right.
private let fragments: [String] = [
    "<string name=\"a\">", "<string name=\"b\" translatable=\"false\">", "<string name=\"a\" product=\"tablet\">", "</string>",
    "<plurals name=\"p\">", "</plurals>", "<item quantity=\"one\">", "<item quantity=\"other\">", "<item quantity=\"bogus\">", "<item>", "</item>",
    "<string-array name=\"s\">", "</string-array>", "<integer name=\"i\">3</integer>", "<b>", "</b>", "<i>", "</i>", "<u>", "</u>",
    "<xliff:g id=\"t\" example=\"5 min\">", "</xliff:g>", "<annotation font=\"serif\"/>", "<![CDATA[a <b>17h30</b> & \\' ]]>", "<!-- c -->",
    "</stringx>", "<string>", "<string name=\"a\" name=\"b\">", "<string name=a>", "</resources>", "<resources>",
    "\\'", "\\\"", "\\n", "\\t", "\\@", "\\?", "\\u0020", "\\u00E9", "\\u12", "\\", "\"", "'", "&amp;", "&lt;", "&gt;", "&quot;", "&apos;",
    "&#233;", "&#x1F600;", "&bogus;", "&", "]]>", "%1$s", "%d", "%%", "%1$.2f", "100% sûr", "17h30", "5 km", "01/04/2015", "  ", "\n    ",
    "{count, plural, one {# place} other {# places}}", "{n, select, a {x} other {y}}", "{0}", "{", "}", "'{'", "@string/x", "?attr/y",
    "e\u{301}", "\u{E9}", "\u{A0}",
]

private let resourceStarts = ["<string ", "<plurals ", "<string-array ", "<item"].map { Array($0.utf8) }

@_cdecl("LLVMFuzzerCustomMutator")
public func mutateAndroidStrings(_ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    guard let data else { return 0 }
    var random = FuzzRandom(seed: seed)
    var pieces = XMLPieces.tokens(Array(UnsafeBufferPointer(start: data, count: size)))
    if pieces.isEmpty || random.below(8) == 0 { return Fuzz.mutateInPlace(data, size, maxSize) }
    for _ in 0...random.below(3) {
        let count = pieces.count
        let a = random.below(count), b = random.below(count)
        let resources = pieces.indices.filter { index in resourceStarts.contains { pieces[index].starts(with: $0) } }
        let texts = pieces.indices.filter { !pieces[$0].starts(with: [UInt8(ascii: "<")]) }
        switch random.below(11) {
        case 0, 1: // Copy a resource, under a new name or (now and then) the same one.
            if let start = resources.randomElement(using: &random) {
                let range = XMLPieces.element(pieces, at: start)
                var copy = Array(pieces[range])
                if random.below(4) != 0 {
                    copy[0] = Array(String(decoding: copy[0], as: UTF8.self).replacingFirstName(with: "n\(random.below(1_000_000))").utf8)
                }
                pieces.insert(contentsOf: copy, at: range.upperBound + 1)
            }
        case 2: // Drop a resource or an element.
            let range = XMLPieces.element(pieces, at: resources.randomElement(using: &random) ?? a)
            pieces.removeSubrange(range)
        case 3: // Wrap text in markup, many levels deep now and then.
            if let text = texts.randomElement(using: &random) {
                let depth = random.below(4) == 0 ? 1 + random.below(80) : 1
                let tag = ["b", "i", "u", "xliff:g id=\"x\"", "font size=\"3\""][random.below(5)]
                let name = String(tag.prefix { $0 != " " })
                pieces.insert(contentsOf: Array(repeating: Array("</\(name)>".utf8), count: depth), at: text + 1)
                pieces.insert(contentsOf: Array(repeating: Array("<\(tag)>".utf8), count: depth), at: text)
            }
        case 4, 5: // Put a fragment into a text.
            if let text = texts.randomElement(using: &random) {
                var piece = pieces[text]
                let at = random.below(piece.count + 1)
                piece.insert(contentsOf: Array(fragments[random.below(fragments.count)].utf8), at: at)
                pieces[text] = piece
            }
        case 6: // Put a fragment in between tokens.
            pieces.insert(Array(fragments[random.below(fragments.count)].utf8), at: random.below(count + 1))
        case 7: // Replace a token by a fragment.
            pieces[a] = Array(fragments[random.below(fragments.count)].utf8)
        case 8: // Drop or duplicate a run of tokens.
            let (low, high) = (min(a, b), max(a, b))
            if random.below(2) == 0 {
                pieces.removeSubrange(low...min(high, low + 8))
            } else {
                pieces.insert(contentsOf: Array(pieces[low...min(high, low + 40)]), at: random.below(count + 1))
            }
        case 9: // Swap two tokens.
            pieces.swapAt(a, b)
        default: // Byte mutations inside one token.
            pieces[a] = Fuzz.mutateBytes(pieces[a])
        }
        if pieces.isEmpty { break }
    }
    return Fuzz.emit(Array(pieces.joined()), to: data, maxSize: maxSize)
}

private extension String {
    /// The tag with its `name="…"` value replaced.
    func replacingFirstName(with name: String) -> String {
        guard let range = range(of: "name=\"") else { return self }
        guard let end = self[range.upperBound...].firstIndex(of: "\"") else { return self }
        return String(self[..<range.upperBound]) + name + String(self[end...])
    }
}
