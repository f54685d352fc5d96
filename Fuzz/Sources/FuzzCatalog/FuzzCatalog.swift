import FuzzSupport
import SpokenForm
import SpokenFormCatalog

/// The catalog readers and the in-place writer. Whatever the bytes, reading either fails
/// with a `CatalogError` or gives a catalog that writes back byte for byte; every value
/// changed and changed back gives the input again; with the first byte's low bit set,
/// the French conversion's output reads again with the same values' specifiers.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCatalog(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size >= 1 else { return 0 }
    let control = data[0]
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    guard let catalog = try? Catalog(bytes: bytes, language: "fr") else { return 0 }
    precondition(catalog.writing([]) == bytes, "an unchanged catalog was not written byte for byte")
    let suffix = " «\"é\"»\n\\ 5"
    let changed = catalog.writing(catalog.values.indices.map { CatalogChange(valueIndex: $0, text: catalog.values[$0].text + suffix) })
    guard let reread = try? Catalog(bytes: changed, language: "fr") else { preconditionFailure("a changed catalog did not read again") }
    precondition(reread.values.map(\.text) == catalog.values.map { $0.text + suffix }, "changed values read back differently")
    let restored = reread.writing(reread.values.indices.map { CatalogChange(valueIndex: $0, text: catalog.values[$0].text) })
    precondition(restored == bytes, "changed and restored values did not give the input")
    if control & 1 != 0 {
        guard let conversion = try? CatalogConverter.convert(catalog, options: CatalogConversionOptions(languages: ["fr"], countedWords: .other)) else {
            preconditionFailure("the built-in French data failed to load")
        }
        guard let converted = try? Catalog(bytes: conversion.bytes, language: "fr") else { preconditionFailure("a converted catalog did not read again") }
        precondition(converted.values.count == catalog.values.count)
        for (before, after) in zip(catalog.values, converted.values) {
            precondition(FormatSpecifiers.multiset(of: before.text) == FormatSpecifiers.multiset(of: after.text), "specifiers changed in \(before.location)")
        }
        checkPluralForms(catalog, language: "fr") { try? Catalog(bytes: $0, language: "fr") }
    }
    return 0
}
