import Foundation
import Testing
@testable import SpokenFormCatalog

/// Nesting, size and duplicate keys at the scale an attacker chooses (issue 33, findings
/// 4, 8 and 9): each refused with a typed error, or read in linear time.
@Suite struct CatalogLimitsTests {
    private func error(_ bytes: [UInt8], kind: Catalog.FileKind? = nil) -> CatalogError? {
        do {
            _ = try Catalog(bytes: bytes, language: "fr", kind: kind)
            return nil
        } catch let error as CatalogError {
            return error
        } catch {
            return nil
        }
    }

    private func error(_ text: String, kind: Catalog.FileKind? = nil) -> CatalogError? { error(Array(text.utf8), kind: kind) }

    private func plist(_ body: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n" + body + "\n</plist>\n"
    }

    /// A dict nested `depth` deep, a string at the bottom.
    private func nested(_ depth: Int) -> String {
        plist(String(repeating: "<dict><key>k</key>", count: depth) + "<string>x</string>" + String(repeating: "</dict>", count: depth))
    }

    @Test func deepStringsdictIsRefusedAtTheLimit() {
        // At the limit: read; one deeper: refused where the too-deep dict opens.
        let limit = CatalogLimits.depth
        #expect(error(nested(limit)) == nil)
        let deeper = nested(limit + 1)
        let offset = Array(deeper.utf8).count - 0
        guard case .nestingTooDeep(let at, limit)? = error(deeper) else {
            Issue.record("\(limit + 1) nested dicts were not refused")
            return
        }
        #expect(at < offset && deeper.utf8.dropFirst(at).starts(with: "<dict>".utf8))
        #expect(CatalogError.nestingTooDeep(byteOffset: at, limit: limit).description.contains("expected at most \(limit) nested"))
        // The audit's 100,000 levels (2.5 MB): refused at once, no allocation per level.
        let clock = ContinuousClock()
        let time = clock.measure { #expect(error(nested(100_000)) == .nestingTooDeep(byteOffset: 61 + 18 * limit, limit: limit)) }
        #expect(time < .seconds(5))
        // Arrays count too.
        #expect(error(plist(String(repeating: "<array>", count: limit + 1) + String(repeating: "</array>", count: limit + 1))) != nil)
    }

    @Test func deepJSONIsRefusedAtTheSameLimit() {
        let limit = CatalogLimits.depth
        // The top-level object and 63 arrays inside: read; one more: refused where it opens.
        #expect(error("{\"a\":" + String(repeating: "[", count: limit - 1) + String(repeating: "]", count: limit - 1) + "}") == nil)
        #expect(error("{\"a\":" + String(repeating: "[", count: limit) + String(repeating: "]", count: limit) + "}") == .nestingTooDeep(byteOffset: 5 + limit - 1, limit: limit))
        #expect(error(String(repeating: "{\"a\":", count: 100_000) + "1" + String(repeating: "}", count: 100_000)) == .nestingTooDeep(byteOffset: 5 * limit, limit: limit))
    }

    /// 100,000 top-level keys read in time linear in their number (was 6.6 s: a linear
    /// search per key): 8 times the keys take well under 8² times as long.
    @Test func manyTopLevelKeysReadInLinearTime() throws {
        func file(_ count: Int) -> [UInt8] {
            var body = "<dict>\n"
            for index in 0..<count { body += "<key>k\(index)</key><string>v</string>\n" }
            return Array(plist(body + "</dict>").utf8)
        }
        let small = file(12_500), large = file(100_000)
        let clock = ContinuousClock()
        var catalog: Catalog?
        let smallTime = try clock.measure { _ = try Catalog(bytes: small, language: "fr") }
        let largeTime = try clock.measure { catalog = try Catalog(bytes: large, language: "fr") }
        #expect(catalog?.keys.count == 100_000)
        #expect(largeTime < smallTime * 24 + .milliseconds(200), "\(smallTime) for 12,500 keys, \(largeTime) for 100,000")
        // A .strings file too.
        let strings = (0..<100_000).map { "\"k\($0)\" = \"v\";" }.joined(separator: "\n")
        #expect(try Catalog(bytes: Array(strings.utf8), language: "fr").keys.count == 100_000)
    }

    @Test func duplicateKeysAreRefusedInEveryFormat() {
        // .strings: named with its line, in UTF-8 and UTF-16 (the line counts units).
        let strings = "\"a\" = \"1\";\n\"b\" = \"2\";\n\"a\" = \"3\";\n"
        #expect(error(strings) == .duplicateKey("a", path: "", byteOffset: 22, line: 3))
        #expect(error(encoded(strings, as: .utf16LE)) == .duplicateKey("a", path: "", byteOffset: 46, line: 3))
        #expect(error("\"a\";\n\"a\" = \"x\";") == .duplicateKey("a", path: "", byteOffset: 5, line: 2))
        #expect(error(strings)?.description == "duplicate key \"a\" in the top level at line 3 (byte 22): each key must appear once.")
        // .stringsdict: at the top level and inside a nested dict.
        let top = plist("<dict>\n<key>a</key><string>1</string>\n<key>a</key><string>2</string>\n</dict>")
        #expect(error(top) == .duplicateKey("a", path: "", byteOffset: 99, line: 5))
        let inner = plist("<dict>\n<key>a</key><dict>\n<key>one</key><string>1</string>\n<key>one</key><string>2</string>\n</dict>\n</dict>")
        #expect(error(inner) == .duplicateKey("one", path: "\"a\"", byteOffset: 120, line: 6))
    }

    @Test func keysCompareByTheirExactScalars() throws {
        // "é" and "e" + U+0301 are two keys for JSON, Xcode and Foundation: both are read.
        let composed = "\u{E9}", decomposed = "e\u{301}"
        let json = "{\"strings\" : {\"\(composed)\" : {}, \"\(decomposed)\" : {}}}"
        #expect(try Catalog(bytes: Array(json.utf8)).keys.map { Array($0.unicodeScalars) } == [Array(composed.unicodeScalars), Array(decomposed.unicodeScalars)])
        let strings = "\"\(composed)\" = \"1\";\n\"\(decomposed)\" = \"2\";\n"
        #expect(try Catalog(bytes: Array(strings.utf8), language: "fr").keys.count == 2)
        let dict = plist("<dict><key>\(composed)</key><string>1</string><key>\(decomposed)</key><string>2</string></dict>")
        #expect(try Catalog(bytes: Array(dict.utf8), language: "fr").keys.count == 2)
        // Large JSON objects (where a set is used) too.
        let many = (0..<40).map { "\"k\($0)\" : {}" }.joined(separator: ", ")
        #expect(try Catalog(bytes: Array("{\"strings\" : {\(many), \"\(composed)\" : {}, \"\(decomposed)\" : {}}}".utf8)).keys.count == 42)
    }

    @Test func malformedXMLIsRefused() {
        let good = "<dict><key>a</key><string>b</string></dict>"
        #expect(error(plist(good)) == nil)
        for bad in [
            "<dict><key>a</key><string>b</stringx></dict>",     // a mistyped closing tag
            "<dict><key>a</key><string>b</string junk></dict>",
            "<dict><key>a</key>stray<string>b</string></dict>", // text between elements
            "<dict>stray<key>a</key><string>b</string></dict>",
            "<dict><key>a</key><string>b</string></dictx>",
            "<dict><key>a</key><string>b</string></array>",
            "<dict><keyx>a</keyx><string>b</string></dict>",
            "<dict><key>a</key><foo>b</foo></dict>",            // an element plists do not have
            "<dict><key>a</key><integer>1</real></dict>",
            "<dict><key>a</key><string>b<i>c</i></string></dict>",
            "<dict><key>a</key></dict>",                        // a key without a value
            "<array>x<string>b</string></array>",
        ] {
            #expect(error(plist(bad)) != nil, "accepted: \(bad)")
        }
        #expect(error("<plistx>\(good)</plist>") != nil)
        // CDATA and comments inside a string are XML: read, and the value left as it is.
        #expect(error(plist("<dict><key>a</key><string><![CDATA[<b>]]></string><key>c</key><string>d<!-- x --></string></dict>")) == nil)
    }

    @Test func xcstringsMustHoldAJSONObject() throws {
        for bytes: [UInt8] in [[], Array(" \n\t".utf8), [0xEF, 0xBB, 0xBF], [0xEF, 0xBB, 0xBF, 0x0A], Array("\"a\" = \"b\";".utf8)] {
            guard case .unexpectedValue(let path, let expected, _)? = error(bytes, kind: .xcstrings) else {
                Issue.record("\(bytes) read as an .xcstrings")
                continue
            }
            #expect(path.contains(".xcstrings"))
            #expect(expected.contains("a JSON object"))
        }
        // Without the extension's word, an empty file stays an empty .strings.
        #expect(try Catalog(bytes: [], language: "fr").format == .strings(.utf8))
        #expect(Catalog.FileKind(path: "fr.lproj/Localizable.XCStrings") == .xcstrings)
        #expect(Catalog.FileKind(path: "a.b/c") == nil)
    }

    @Test func xcstringsWithABOMKeepsIt() throws {
        let json = Array("{\"sourceLanguage\" : \"en\", \"strings\" : {\"a\" : {\"localizations\" : {\"fr\" : {\"stringUnit\" : {\"state\" : \"translated\", \"value\" : \"5 km\"}}}}}}".utf8)
        let bytes = [0xEF, 0xBB, 0xBF] + json
        for kind: Catalog.FileKind? in [nil, .xcstrings] {
            let catalog = try Catalog(bytes: bytes, kind: kind)
            #expect(catalog.format == .xcstrings)
            #expect(catalog.writing([]) == bytes)
            let changed = catalog.writing([CatalogChange(valueIndex: 0, text: "cinq kilomètres")])
            #expect(changed.starts(with: [0xEF, 0xBB, 0xBF, UInt8(ascii: "{")]))
            #expect(try Catalog(bytes: changed).values.first?.text == "cinq kilomètres")
        }
        // Errors still give offsets in the file's bytes, BOM counted.
        #expect(error([0xEF, 0xBB, 0xBF] + Array("{\"a\" : 1, \"a\" : 2}".utf8)) == .duplicateKey("a", path: "", byteOffset: 13, line: 1))
    }
}
