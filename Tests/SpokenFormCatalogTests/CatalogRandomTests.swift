import Foundation
import Testing
@testable import SpokenFormCatalog

/// Random catalogs (keys with quotes, line breaks and non-ASCII; variations nested at
/// random; random specifiers and numbers in the values), in Xcode's and in a bot's
/// layout: each round-trips byte for byte, and its conversion changes only value strings
/// and keeps every value's specifiers. `CATALOG_FUZZ` sets the number of catalogs.
@Suite struct CatalogRandomTests {
    static let count = Int(ProcessInfo.processInfo.environment["CATALOG_FUZZ"] ?? "") ?? 24

    @Test func randomCatalogsRoundTripAndConvertCleanly() throws {
        var random = SeededGenerator(seed: 20261123)
        var pluralChanges = 0
        for iteration in 0..<Self.count {
            let xcodeLayout = iteration % 2 == 0
            var generator = RandomCatalog(xcodeLayout: xcodeLayout)
            let text = generator.write(using: &random)
            let bytes = Array(text.utf8)
            let catalog: Catalog
            do { catalog = try Catalog(bytes: bytes) } catch {
                Issue.record("catalog \(iteration) not read: \(error)\n\(text)")
                continue
            }
            #expect(catalog.writing([]) == bytes)
            #expect(catalog.values.map(\.text) == generator.values, "catalog \(iteration)")
            #expect(catalog.keys == generator.keys)

            // Every value keeps its shape (counted words in their `other` form): only value strings change.
            let conversion = try CatalogConverter.convert(catalog, options: CatalogConversionOptions(countedWords: .other))
            let converted = try Catalog(bytes: conversion.bytes)
            #expect(skeleton(converted) == skeleton(catalog), "catalog \(iteration)")
            #expect(converted.values.count == catalog.values.count)
            for (before, after) in zip(catalog.values, converted.values) {
                #expect(FormatSpecifiers.multiset(of: before.text) == FormatSpecifiers.multiset(of: after.text), "\(before.location): \(after.text)")
            }
            #expect((try? JSONSerialization.jsonObject(with: Data(conversion.bytes))) != nil)
            // Back to the original texts: the input again.
            let restored = converted.writing(converted.values.indices.map { CatalogChange(valueIndex: $0, text: catalog.values[$0].text) })
            #expect(restored == bytes, "catalog \(iteration)")

            // With plural forms: the file still reads, every form keeps the value's specifiers.
            let plural = try CatalogConverter.convert(catalog)
            #expect((try? JSONSerialization.jsonObject(with: Data(plural.bytes))) != nil, "catalog \(iteration)")
            let reread = try Catalog(bytes: plural.bytes)
            #expect(reread.keys == catalog.keys)
            pluralChanges += plural.changes.filter { $0.plural != nil }.count
            for change in plural.changes {
                let before = FormatSpecifiers.multiset(of: catalog.values[change.valueIndex].text)
                #expect(pluralFormsKeep(before, change), "\(catalog.values[change.valueIndex].location): \(change.pluralForms)")
            }
            // Bytes outside the values that changed are the input's.
            #expect(untouchedBytesKept(catalog, plural), "catalog \(iteration)")
        }
        #expect(pluralChanges > 0 || Self.count < 8, "no random value became plural forms")
    }
}

/// Whether every form of `change` holds the specifiers `before`: each whole form, or the
/// text with each `%#@name@` variable filled with its `other` form (`%arg` as the argument's
/// specifier); each variable's form holds exactly one argument.
func pluralFormsKeep(_ before: [String], _ change: CatalogChange) -> Bool {
    guard let plural = change.plural else { return FormatSpecifiers.multiset(of: change.text) == before }
    if plural.arguments.isEmpty {
        return !plural.forms.isEmpty && plural.forms.allSatisfy { FormatSpecifiers.multiset(of: $0.text) == before }
    }
    var filled = change.text
    for argument in plural.arguments {
        guard let other = argument.forms.first(where: { $0.category == .other }) ?? argument.forms.last,
              let token = FormatSpecifiers.list(in: change.text).first(where: { $0.hasSuffix("#@" + argument.name + "@") }) else { return false }
        let positional = token.dropFirst().first?.isNumber == true
        let specifier = "%" + (positional ? "\(argument.argNum)$" : "") + argument.formatSpecifier
        guard argument.forms.allSatisfy({ FormatSpecifiers.list(in: $0.text).count == 1 }) else { return false }
        filled = filled.replacingOccurrences(of: token, with: other.text.replacingOccurrences(of: "%arg", with: specifier))
    }
    return FormatSpecifiers.multiset(of: filled) == before
}

/// Whether the converted bytes are the input's outside what the changes may replace
/// (`Catalog.bytesReplaced(by:)`): the stretches between those ranges come in the output
/// in order, byte for byte, with nothing but the changes between them.
func untouchedBytesKept(_ catalog: Catalog, _ conversion: CatalogConversion) -> Bool {
    let ranges = conversion.changes.flatMap { catalog.bytesReplaced(by: $0) }.sorted { $0.lowerBound < $1.lowerBound }
    let input = catalog.bytes, output = conversion.bytes
    var kept: [ArraySlice<UInt8>] = []
    var copied = 0
    for range in ranges {
        if range.lowerBound > copied { kept.append(input[copied..<range.lowerBound]) }
        copied = max(copied, range.upperBound)
    }
    kept.append(input[copied...])
    if kept.count == 1 { return output == input }
    // Each kept stretch found after the previous one; the first at the start, the last at the end.
    guard output.starts(with: kept[0]), output.reversed().starts(with: kept[kept.count - 1].reversed()) else { return false }
    var position = kept[0].count
    for stretch in kept.dropFirst().dropLast() where !stretch.isEmpty {
        guard let found = firstIndex(of: stretch, in: output, from: position) else { return false }
        position = found + stretch.count
    }
    return position <= output.count - kept[kept.count - 1].count
}

private func firstIndex(of needle: ArraySlice<UInt8>, in haystack: [UInt8], from start: Int) -> Int? {
    guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
    var index = start
    while index + needle.count <= haystack.count {
        if haystack[index] == needle.first!, haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
        index += 1
    }
    return nil
}

/// Writes a random `.xcstrings` as text, recording its keys and values in file order.
struct RandomCatalog {
    let xcodeLayout: Bool
    var keys: [String] = []
    var values: [String] = []

    init(xcodeLayout: Bool) {
        self.xcodeLayout = xcodeLayout
    }

    static let keyPieces = ["Done", "%@", "%lld", " ", "\"", "\\", "\n", "é", "ü", "😀", "100%", "{name}", "Café", "/", "\t", "日本"]
    static let valuePieces = ["Ouvert", "à", "17h30", "le", "01/04/2015", "%@", "%1$@", "%2$lld", "%#@count@", "%arg", "%%", "%.2f",
                              "25 %", "100% anonym", "3,5 km", "1er", "5 min", "12,50 €", "+5 °C", "\"", "\n", "«", "»", "😀", "x86",
                              "iOS 17.2", "06 12 34 56 78", "Dr", "1.", "April", "2015", "ß", "\\", "/", "\t", "\u{1}",
                              "%d km", "%1$d m", "%.1f °C", "%@ €", "$%lld", "%2$lld min", "(km/h)"]

    private var colon: String { xcodeLayout ? " : " : ": " }

    private func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || (!xcodeLayout && scalar.value >= 0x80) {
                    for unit in String(scalar).utf16 { out += String(format: "\\u%04x", unit) }
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return "\"" + out + "\""
    }

    private func object(_ members: [(String, String)], indent: Int) -> String {
        let pad = String(repeating: "  ", count: indent)
        if members.isEmpty { return xcodeLayout ? "{\n\n\(pad)}" : "{}" }
        let inner = members.map { "\(pad)  \(escaped($0.0))\(colon)\($0.1)" }.joined(separator: ",\n")
        return "{\n" + inner + "\n\(pad)}"
    }

    private func pick<T>(_ items: [T], _ random: inout SeededGenerator) -> T { items[Int(random.next() % UInt64(items.count))] }

    private func text(_ pieces: [String], count: Int, _ random: inout SeededGenerator) -> String {
        (0..<count).map { _ in pick(pieces, &random) }.joined(separator: pick([" ", " ", "", ", "], &random))
    }

    private mutating func localization(depth: Int, indent: Int, _ random: inout SeededGenerator) -> String {
        let choice = depth >= 3 ? 0 : random.next() % 4
        var members: [(String, String)] = []
        if choice == 0 || choice == 3 {
            let value = text(Self.valuePieces, count: 1 + Int(random.next() % 6), &random)
            values.append(value)
            let unit = object([("state", escaped(pick(["translated", "needs_review", "new"], &random))), ("value", escaped(value))], indent: indent + 1)
            members.append(("stringUnit", unit))
        }
        if choice == 3 {
            var names: [(String, String)] = []
            for name in ["count", "items"].prefix(1 + Int(random.next() % 2)) {
                let variations = variationsObject(axis: "plural", depth: depth + 1, indent: indent + 3, &random)
                var parts: [(String, String)] = []
                if random.next() % 2 == 0 { parts.append(("argNum", "\(1 + random.next() % 3)")) }
                parts.append(("formatSpecifier", escaped("lld")))
                parts.append(("variations", variations))
                names.append((name, object(parts, indent: indent + 2)))
            }
            members.append(("substitutions", object(names, indent: indent + 1)))
        }
        if choice == 1 || choice == 2 {
            members.append(("variations", variationsObject(axis: choice == 1 ? "plural" : "device", depth: depth + 1, indent: indent + 1, &random)))
        }
        return object(members, indent: indent)
    }

    private mutating func variationsObject(axis: String, depth: Int, indent: Int, _ random: inout SeededGenerator) -> String {
        let cases = axis == "plural" ? ["few", "many", "one", "other", "two", "zero"] : ["ipad", "iphone", "mac", "other"]
        var chosen: [(String, String)] = []
        for name in cases where random.next() % 2 == 0 || name == "other" {
            chosen.append((name, localization(depth: depth, indent: indent + 2, &random)))
        }
        return object([(axis, object(chosen, indent: indent + 1))], indent: indent)
    }

    mutating func write(using random: inout SeededGenerator) -> String {
        var entries: [(String, String)] = []
        var used = Set<String>()
        for _ in 0..<(3 + Int(random.next() % 12)) {
            let key = text(Self.keyPieces, count: Int(random.next() % 5), &random)
            guard used.insert(key).inserted else { continue }
            keys.append(key)
            var fields: [(String, String)] = []
            if random.next() % 3 == 0 { fields.append(("comment", escaped(text(Self.keyPieces, count: 3, &random)))) }
            if random.next() % 5 == 0 { fields.append(("x-unknown", "[1, 2.5e3, true, null, {\"a\"\(colon)\"b\"}]")) }
            var languages: [(String, String)] = []
            for language in ["de", "en", "fr", "ja"] where random.next() % 3 != 0 {
                languages.append((language, localization(depth: 0, indent: 4, &random)))
            }
            fields.append(("localizations", object(languages, indent: 3)))
            entries.append((key, object(fields, indent: 2)))
        }
        let root = object([("sourceLanguage", escaped("en")), ("strings", object(entries, indent: 1)), ("version", escaped("1.0"))], indent: 0)
        return xcodeLayout ? root : root + "\n"
    }
}
