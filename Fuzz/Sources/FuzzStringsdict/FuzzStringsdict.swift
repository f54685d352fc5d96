import FuzzSupport
import SpokenForm
import SpokenFormCatalog

/// The `.stringsdict` reader under a structure-aware mutator: inputs are XML plists, and
/// `LLVMFuzzerCustomMutator` edits them as a list of tags and text (duplicating, dropping,
/// nesting or swapping elements, changing tag names, putting entities and specifiers into
/// text), so that most mutants stay plists and reach the reader's deep paths rather than
/// its first `expected <plist>`.
///
/// Checks, whatever the bytes: reading fails with a `CatalogError` or gives a catalog that
/// writes back byte for byte; every value changed reads back as changed, and changed back
/// gives the input; keys are unique by their exact scalars; one input in eight (by size) is also
/// converted to French, and the output reads again with the same values' specifiers.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStringsdict(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size >= 1 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let catalog = try? Catalog(bytes: bytes, language: "fr", kind: .stringsdict) else { return 0 }
    precondition(catalog.writing([]) == bytes, "an unchanged catalog was not written byte for byte")
    precondition(Set(catalog.keys.map { Array($0.utf8) }).count == catalog.keys.count, "a duplicate key was accepted")
    let suffix = " «&<é>»\n 5 %"
    let changed = catalog.writing(catalog.values.indices.map { CatalogChange(valueIndex: $0, text: catalog.values[$0].text + suffix) })
    guard let reread = try? Catalog(bytes: changed, language: "fr", kind: .stringsdict) else { preconditionFailure("a changed catalog did not read again") }
    precondition(reread.values.map(\.text) == catalog.values.map { $0.text + suffix }, "changed values read back differently")
    precondition(reread.values.map(\.path) == catalog.values.map(\.path), "changed values moved")
    let restored = reread.writing(reread.values.indices.map { CatalogChange(valueIndex: $0, text: catalog.values[$0].text) })
    precondition(restored == bytes, "changed and restored values did not give the input")
    // The conversion runs the whole normaliser: on every input it made the fuzzer 5 times slower.
    if size % 8 == 1 {
        guard let conversion = try? CatalogConverter.convert(catalog, options: CatalogConversionOptions(languages: ["fr"], countedWords: .other)) else {
            preconditionFailure("the built-in French data failed to load")
        }
        guard let converted = try? Catalog(bytes: conversion.bytes, language: "fr", kind: .stringsdict) else {
            preconditionFailure("a converted catalog did not read again")
        }
        precondition(converted.values.count == catalog.values.count)
        for (before, after) in zip(catalog.values, converted.values) {
            precondition(FormatSpecifiers.multiset(of: before.text) == FormatSpecifiers.multiset(of: after.text), "specifiers changed in \(before.location)")
        }
        checkPluralForms(catalog, language: "fr") { try? Catalog(bytes: $0, language: "fr", kind: .stringsdict) }
    }
    return 0
}

@_silgen_name("LLVMFuzzerMutate")
private func LLVMFuzzerMutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int) -> Int

/// Pieces the mutator puts in: every plist element, some near misses the reader must
/// refuse, and text that the writer must escape or the specifier check must see.
private let fragments: [String] = [
    "<dict>", "</dict>", "<key>", "</key>", "<string>", "</string>", "<array>", "</array>", "<dict/>", "<array/>",
    "<string/>", "<key/>", "<true/>", "<false/>", "<integer>3</integer>", "<real>1.5</real>", "<data>AA==</data>",
    "<date>2024-01-01T00:00:00Z</date>", "<key>NSStringLocalizedFormatKey</key>", "<key>NSStringFormatSpecTypeKey</key>",
    "<string>NSStringPluralRuleType</string>", "<key>NSStringFormatValueTypeKey</key>", "<string>lld</string>",
    "<key>one</key>", "<key>other</key>", "<key>few</key>", "<string>%#@items@</string>", "<string>%lld fichiers</string>",
    "<![CDATA[a<b]]>", "<!-- c -->", "</stringx>", "<stringx>", "</dict junk>", "<dict >", "</string >", "<foo>", "</foo>",
    "&amp;", "&lt;", "&gt;", "&#233;", "&#x1F600;", "&bogus;", "&", "%1$@", "% %", "%%", "100% anonym", "17h30", "5 km",
    "e\u{301}", "\u{E9}", "\u{FEFF}", "\n\t", " ", "<?xml version=\"1.0\"?>", "<!DOCTYPE plist>", "<plist version=\"1.0\">", "</plist>",
]

/// A value's opening tag: an element that may stand in a dict after a key.
private func isValue(_ token: [UInt8]) -> Bool {
    token.first == UInt8(ascii: "<") && token.count > 2 && ![UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "!")].contains(token[1])
        && !token.starts(with: Array("<key".utf8)) && !token.starts(with: Array("<plist".utf8))
}

/// A `<key>…</key>` and the element after it: one entry of a dict.
private func entry(_ pieces: [[UInt8]], at key: Int) -> ClosedRange<Int> {
    let name = XMLPieces.element(pieces, at: key)
    var next = name.upperBound + 1
    while next < pieces.count && pieces[next].allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) { next += 1 }
    guard next < pieces.count, !XMLPieces.isClosing(pieces[next]) else { return name }
    return key...XMLPieces.element(pieces, at: next).upperBound
}

@_cdecl("LLVMFuzzerCustomMutator")
public func mutateStringsdict(_ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    guard let data else { return 0 }
    var random = SplitMix(seed: UInt64(seed))
    var pieces = XMLPieces.tokens(Array(UnsafeBufferPointer(start: data, count: size)))
    // One time in eight, or with nothing to work on, libFuzzer's own byte mutations.
    if pieces.isEmpty || random.below(8) == 0 { return LLVMFuzzerMutate(data, size, maxSize) }
    let keyTag = Array("<key>".utf8)
    for _ in 0...random.below(3) {
        let count = pieces.count
        let a = random.below(count), b = random.below(count)
        let (low, high) = (min(a, b), max(a, b))
        let keys = pieces.indices.filter { pieces[$0] == keyTag }
        switch random.below(12) {
        case 0, 1: // Copy a dict entry under a new key (the file stays a plist), or an element into an array.
            if let key = keys.randomElement(using: &random) {
                let range = entry(pieces, at: key)
                var copy = Array(pieces[range])
                if copy.count > 1 { copy[1] = Array("k\(random.below(1_000_000))".utf8) }
                pieces.insert(contentsOf: copy, at: range.upperBound + 1)
            } else {
                let range = XMLPieces.element(pieces, at: a)
                pieces.insert(contentsOf: Array(pieces[range]), at: range.upperBound + 1)
            }
        case 2: // Drop a dict entry or an element.
            let range = keys.randomElement(using: &random).map { entry(pieces, at: $0) } ?? XMLPieces.element(pieces, at: a)
            pieces.removeSubrange(range)
        case 3, 4: // Nest a value one or many dicts deeper (past the depth limit now and then).
            let values = pieces.indices.filter { isValue(pieces[$0]) }
            let range = XMLPieces.element(pieces, at: values.randomElement(using: &random) ?? a)
            let depth = random.below(4) == 0 ? 1 + random.below(80) : 1
            pieces.insert(contentsOf: Array(repeating: Array("</dict>".utf8), count: depth), at: range.upperBound + 1)
            pieces.insert(contentsOf: Array(repeating: Array("<dict><key>k</key>".utf8), count: depth), at: range.lowerBound)
        case 5: // Replace a text token (a key, a value) by another text.
            if let text = pieces.indices.filter({ !pieces[$0].starts(with: [UInt8(ascii: "<")]) }).randomElement(using: &random) {
                pieces[text] = Array(fragments.filter { !$0.hasPrefix("<") }.randomElement(using: &random)!.utf8)
            }
        case 6: // Put a plist fragment in (a near miss now and then).
            pieces.insert(Array(fragments[random.below(fragments.count)].utf8), at: random.below(count + 1))
        case 7: // Replace a token by a fragment.
            pieces[a] = Array(fragments[random.below(fragments.count)].utf8)
        case 8: // Drop or duplicate a raw run of tokens.
            if random.below(2) == 0 {
                pieces.removeSubrange(low...min(high, low + 8))
            } else {
                pieces.insert(contentsOf: Array(pieces[low...min(high, low + 40)]), at: random.below(count + 1))
            }
        case 9: // Swap two tokens.
            pieces.swapAt(a, b)
        case 10: // Byte mutations inside one token (text or tag).
            var piece = pieces[a] + [UInt8](repeating: 0, count: 16)
            let length = piece.withUnsafeMutableBufferPointer { LLVMFuzzerMutate($0.baseAddress!, pieces[a].count, $0.count) }
            piece.removeSubrange(length...)
            pieces[a] = piece
        default: // Rename a key: often a duplicate, or a canonically equal spelling.
            if let key = keys.randomElement(using: &random), key + 1 < count {
                pieces[key + 1] = Array(["one", "other", "e\u{301}", "\u{E9}", "k", "NSStringFormatSpecTypeKey"][random.below(6)].utf8)
            }
        }
        if pieces.isEmpty { break }
    }
    let out = Array(pieces.joined().prefix(maxSize))
    out.withUnsafeBufferPointer { data.update(from: $0.baseAddress!, count: $0.count) }
    return out.count
}

/// A small seeded generator: the mutator must be a function of its seed.
private struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ bound: Int) -> Int { bound <= 1 ? 0 : Int(next() % UInt64(bound)) }
}
