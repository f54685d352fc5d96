import SpokenForm
import SpokenFormCatalog
#if canImport(Glibc)
import Glibc
#endif

/// libFuzzer's entry point for programs that have their own `main`.
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// What every fuzz target shares: the locales it runs in and the checks on an answer.
public enum Fuzz {
    /// Runs libFuzzer with the command line's options (`-max_total_time=30 corpus/`) on `target`.
    public static func run(_ target: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Never {
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, target))
    }

    /// Locales chosen by the first input byte: the hand-checked ones, a long-scale one, and
    /// ones whose numbering system is not Latin (their decimal and grouping marks are "٫", "٬":
    /// the third audit's "EUR٫5" trapped in en-US-u-nu-arab).
    public static let localeTags = ["fr-FR", "en-US", "de-DE", "es-ES", "it-IT", "pt-BR", "nl-NL", "en-GB", "fr-CH", "pt-PT",
                                    "en-US-u-nu-arab", "fr-FR-u-nu-arabext", "de-DE-u-nu-deva", "es-ES-u-nu-beng", "it-IT-u-nu-thai"]

    /// One `SpokenForm` per locale tag, built once (building them per input would fuzz ICU's
    /// locale loading, not our parsers).
    public static let spokenForms: [SpokenForm] = localeTags.map { try! SpokenForm(locale: $0) }

    /// Splits the fuzzer's bytes into a locale (first byte) and the text (the rest, repaired
    /// to UTF-8 as every Swift String is).
    public static func input(_ data: UnsafePointer<UInt8>?, _ size: Int) -> (SpokenForm, String)? {
        guard let data, size >= 1 else { return nil }
        let spoken = spokenForms[Int(data[0]) % spokenForms.count]
        let text = String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)
        return (spoken, text)
    }

    /// An answer must not be empty (unless `mayBeEmpty`), nor hold a soft hyphen (U+00AD) or a
    /// replacement character the input did not have: each is a defect the fuzzer reports as a crash.
    public static func check(_ answer: String, for input: String, _ what: String, mayBeEmpty: Bool = false) {
        precondition(mayBeEmpty || !answer.isEmpty, "\(what): empty answer for \(input.debugDescription)")
        if answer.unicodeScalars.contains("\u{00AD}") {
            precondition(input.unicodeScalars.contains("\u{00AD}"), "\(what): soft hyphen in \(answer.debugDescription)")
        }
        if answer.unicodeScalars.contains("\u{FFFD}") {
            precondition(input.unicodeScalars.contains("\u{FFFD}"), "\(what): U+FFFD in \(answer.debugDescription) for \(input.debugDescription)")
        }
    }
}

/// A small seeded generator for structure-aware mutators, which must be functions of their seed.
public struct FuzzRandom: RandomNumberGenerator {
    var state: UInt64
    public init(seed: UInt32) { state = UInt64(seed) }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// A number in `0..<bound` (0 when `bound` ≤ 1).
    public mutating func below(_ bound: Int) -> Int { bound <= 1 ? 0 : Int(next() % UInt64(bound)) }
}

@_silgen_name("LLVMFuzzerMutate")
private func LLVMFuzzerMutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int) -> Int

extension Fuzz {
    /// libFuzzer's own byte mutations of `bytes` (up to `extra` bytes longer).
    public static func mutateBytes(_ bytes: [UInt8], extra: Int = 16) -> [UInt8] {
        var piece = bytes + [UInt8](repeating: 0, count: extra)
        let length = piece.withUnsafeMutableBufferPointer { LLVMFuzzerMutate($0.baseAddress!, bytes.count, $0.count) }
        piece.removeSubrange(length...)
        return piece
    }

    /// libFuzzer's own mutation of the input in place.
    public static func mutateInPlace(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int) -> Int {
        LLVMFuzzerMutate(data, size, maxSize)
    }

    /// Writes `out` (cut to `maxSize`) as the mutated input; its length.
    public static func emit(_ out: [UInt8], to data: UnsafeMutablePointer<UInt8>, maxSize: Int) -> Int {
        let cut = Array(out.prefix(maxSize))
        cut.withUnsafeBufferPointer { data.update(from: $0.baseAddress!, count: $0.count) }
        return cut.count
    }

    /// The checks every catalog reader shares, on any bytes: reading fails with a
    /// `CatalogError` or gives a catalog that writes back byte for byte; every value changed
    /// reads back as changed (same keys, same paths), and changed back gives the input; when
    /// `convert`, the French conversion reads again with the same keys and each value's
    /// specifiers.
    public static func checkCatalog(_ bytes: [UInt8], kind: Catalog.FileKind, language: String, convert: Bool) {
        guard let catalog = try? Catalog(bytes: bytes, language: language, kind: kind) else { return }
        precondition(catalog.writing([]) == bytes, "an unchanged catalog was not written byte for byte")
        let suffix = " «&<é>» \"l'été\"\n 5 %\\ "
        let changed = catalog.writing(catalog.values.indices.map { CatalogChange(valueIndex: $0, text: catalog.values[$0].text + suffix) })
        guard let reread = try? Catalog(bytes: changed, language: language, kind: kind) else { preconditionFailure("a changed catalog did not read again") }
        precondition(reread.keys == catalog.keys, "a changed catalog read back with other keys")
        precondition(reread.values.map(\.text) == catalog.values.map { $0.text + suffix }, "changed values read back differently")
        precondition(reread.values.map(\.path) == catalog.values.map(\.path), "changed values moved")
        let restored = reread.writing(reread.values.indices.map { CatalogChange(valueIndex: $0, text: catalog.values[$0].text) })
        precondition(restored == bytes, "changed and restored values did not give the input")
        guard convert else { return }
        // Every value keeping its shape (counted words in their other form): value by value.
        guard let conversion = try? CatalogConverter.convert(catalog, options: CatalogConversionOptions(languages: [language], countedWords: .other)) else {
            preconditionFailure("the built-in French data failed to load")
        }
        checkPluralForms(catalog, language: language) { try? Catalog(bytes: $0, language: language, kind: kind) }
        if conversion.changes.isEmpty { precondition(conversion.bytes == bytes, "a conversion that converted nothing changed the file") }
        guard let converted = try? Catalog(bytes: conversion.bytes, language: language, kind: kind) else {
            preconditionFailure("a converted catalog did not read again")
        }
        precondition(converted.keys == catalog.keys, "a converted catalog read back with other keys")
        precondition(converted.values.count == catalog.values.count)
        for (index, (before, after)) in zip(catalog.values, converted.values).enumerated() {
            precondition(FormatSpecifiers.multiset(of: before.text) == FormatSpecifiers.multiset(of: after.text), "specifiers changed in \(before.location)")
            if let change = conversion.changes.first(where: { $0.valueIndex == index }) {
                precondition(after.text == change.text, "a converted value read back differently in \(before.location)")
            } else {
                precondition(after.text == before.text, "an unconverted value changed in \(before.location)")
            }
        }
    }
}

/// Converts `catalog` with plural forms for its counted words (the default) and checks that the
/// output reads again with the same keys and that every form keeps the value's specifiers
/// (a variable's forms: one argument each, its text as many specifiers as the value).
public func checkPluralForms(_ catalog: Catalog, language: String, read: ([UInt8]) -> Catalog?) {
    guard let conversion = try? CatalogConverter.convert(catalog, options: CatalogConversionOptions(languages: [language])) else {
        preconditionFailure("the built-in data failed to load")
    }
    guard let converted = read(conversion.bytes) else { preconditionFailure("a catalog with plural forms did not read again") }
    precondition(converted.keys == catalog.keys, "a catalog with plural forms read back with other keys")
    for change in conversion.changes {
        let before = FormatSpecifiers.multiset(of: catalog.values[change.valueIndex].text)
        let forms = change.pluralForms
        if forms.isEmpty {
            precondition(FormatSpecifiers.multiset(of: change.text) == before, "specifiers changed in \(catalog.values[change.valueIndex].location)")
        } else if forms.allSatisfy({ $0.path.count == 1 }) {
            precondition(forms.allSatisfy { FormatSpecifiers.multiset(of: $0.text) == before }, "a plural form changed the specifiers of \(catalog.values[change.valueIndex].location)")
        } else {
            precondition(forms.allSatisfy { FormatSpecifiers.list(in: $0.text).count == 1 }, "a variable's form holds more than its argument")
            precondition(FormatSpecifiers.list(in: change.text).count == before.count, "a value with variables lost or gained a specifier")
        }
    }
}

/// An XML input as tags (`<…>`) and the text between them, for the structure-aware mutators
/// of the XML readers (`.stringsdict`, Android `strings.xml`): they copy, drop and move whole
/// elements, so that mutants stay close enough to the format to reach the value decoders.
public enum XMLPieces {
    /// The input as tags and the text between them, in order.
    public static func tokens(_ bytes: [UInt8]) -> [[UInt8]] {
        var result: [[UInt8]] = []
        var start = 0, index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<") {
                if index > start { result.append(Array(bytes[start..<index])) }
                var end = index + 1
                while end < bytes.count && bytes[end] != UInt8(ascii: ">") { end += 1 }
                end = min(end + 1, bytes.count)
                result.append(Array(bytes[index..<end]))
                start = end
                index = end
            } else {
                index += 1
            }
        }
        if start < bytes.count { result.append(Array(bytes[start...])) }
        return result
    }

    /// An opening tag (not a closing, self-closing, processing or comment one).
    public static func isOpening(_ token: [UInt8]) -> Bool {
        token.count > 2 && token.first == UInt8(ascii: "<") && token.last == UInt8(ascii: ">")
            && ![UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "!")].contains(token[1]) && token[token.count - 2] != UInt8(ascii: "/")
    }

    /// A closing tag.
    public static func isClosing(_ token: [UInt8]) -> Bool { token.count > 2 && token[0] == UInt8(ascii: "<") && token[1] == UInt8(ascii: "/") }

    /// The tokens of the element starting at `index` (to its matching closing tag), or the one
    /// token when it is text or a self-closing tag.
    public static func element(_ pieces: [[UInt8]], at index: Int) -> ClosedRange<Int> {
        guard isOpening(pieces[index]) else { return index...index }
        var depth = 0
        for end in index..<pieces.count {
            if isOpening(pieces[end]) { depth += 1 } else if isClosing(pieces[end]) { depth -= 1 }
            if depth == 0 { return index...end }
        }
        return index...(pieces.count - 1)
    }
}
