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

            let conversion = try CatalogConverter.convert(catalog)
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
        }
    }
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
                              "iOS 17.2", "06 12 34 56 78", "Dr", "1.", "April", "2015", "ß", "\\", "/", "\t", "\u{1}"]

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
