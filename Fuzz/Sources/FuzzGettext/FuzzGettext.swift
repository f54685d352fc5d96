import FuzzSupport
import SpokenFormCatalog

/// The gettext `.po` reader under a structure-aware mutator: inputs are catalogs, and
/// `LLVMFuzzerCustomMutator` edits them line by line (copying entries under new or
/// duplicate msgids, dropping and swapping lines, putting keywords, flags, escapes,
/// continuation lines and obsolete markers in), so that most mutants stay catalogs.
///
/// Checks (`Fuzz.checkCatalog`): no trap; unchanged is byte for byte; changed values read
/// back as changed with the same keys and paths, and changed back give the input; one input
/// in eight (by size) is converted to French and reads back with the same keys, each value
/// as converted and with its specifiers.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGettext(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size >= 1 else { return 0 }
    Fuzz.checkCatalog(Array(UnsafeBufferPointer(start: data, count: size)), kind: .po, language: "fr", convert: size % 8 == 1)
    return 0
}

private let lines: [String] = [
    "msgid \"Open until 5 PM\"", "msgstr \"Ouvert jusqu'à 17h30\"", "msgid \"\"", "msgstr \"\"", "msgctxt \"menu\"",
    "msgid_plural \"%d seats\"", "msgstr[0] \"%d place\"", "msgstr[1] \"%d places\"", "msgstr[2] \"x\"", "msgstr[x] \"y\"",
    "\"continued\\n\"", "\"à 5h30\"", "\"Language: fr\\n\"", "\"Plural-Forms: nplurals=2; plural=(n > 1);\\n\"",
    "\"Content-Type: text/plain; charset=ISO-8859-1\\n\"", "#, fuzzy", "#, c-format", "#, no-c-format", "#, fuzzy, c-format",
    "#: src/a.c:1", "#. note", "#| msgid \"old\"", "#~ msgid \"obsolete\"", "#~ msgstr \"obsolète\"", "# comment", "",
    "msgid \"unclosed", "msgstr \"a\" junk", "msgfoo \"x\"", "\"", "msgstr \"\\q\"", "\r",
]

private let texts: [String] = [
    "\\n", "\\t", "\\\"", "\\\\", "\\303\\251", "\\351", "\\x41", "\\xE9", "\\1", "\\7", "\\x", "%1$s", "%d", "%%", "100% sûr",
    "17h30", "5 km", "01/04/2015", "e\u{301}", "\u{E9}", " ", "\"", "\\",
]

@_cdecl("LLVMFuzzerCustomMutator")
public func mutateGettext(_ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    guard let data else { return 0 }
    var random = FuzzRandom(seed: seed)
    var rows = Array(UnsafeBufferPointer(start: data, count: size)).split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
    if rows.isEmpty || random.below(8) == 0 { return Fuzz.mutateInPlace(data, size, maxSize) }
    for _ in 0...random.below(3) {
        let count = rows.count
        let a = random.below(count), b = random.below(count)
        let msgids = rows.indices.filter { rows[$0].starts(with: Array("msgid \"".utf8)) }
        switch random.below(10) {
        case 0, 1: // Copy an entry (to the next blank line) under a new msgid, or the same one now and then.
            if let start = msgids.randomElement(using: &random) {
                var end = start
                while end + 1 < count && !rows[end + 1].isEmpty { end += 1 }
                var copy = Array(rows[start...end])
                if random.below(4) != 0 { copy[0] = Array("msgid \"m\(random.below(1_000_000))\"".utf8) }
                rows.insert(contentsOf: [[]] + copy, at: end + 1)
            }
        case 2: // Drop a line.
            rows.remove(at: a)
        case 3, 4: // Put a line in.
            rows.insert(Array(lines[random.below(lines.count)].utf8), at: random.below(count + 1))
        case 5, 6: // Put text inside a string.
            if let quote = rows[a].firstIndex(of: UInt8(ascii: "\"")) {
                let at = quote + 1 + random.below(max(1, rows[a].count - quote - 1))
                rows[a].insert(contentsOf: Array(texts[random.below(texts.count)].utf8), at: min(at, rows[a].count))
            }
        case 7: // Swap two lines.
            rows.swapAt(a, b)
        case 8: // Mark a line obsolete, or turn CRLF on.
            rows[a] = random.below(2) == 0 ? Array("#~ ".utf8) + rows[a] : rows[a] + [0x0D]
        default: // Byte mutations inside one line.
            rows[a] = Fuzz.mutateBytes(rows[a])
        }
        if rows.isEmpty { break }
    }
    return Fuzz.emit(Array(rows.joined(separator: [0x0A])), to: data, maxSize: maxSize)
}
