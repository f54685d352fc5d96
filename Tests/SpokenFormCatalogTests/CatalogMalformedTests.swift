import Foundation
import Testing
@testable import SpokenFormCatalog

@Suite struct CatalogMalformedTests {
    private func error(_ bytes: [UInt8], language: String = "fr") -> CatalogError? {
        do {
            _ = try Catalog(bytes: bytes, language: language)
            return nil
        } catch let error as CatalogError {
            return error
        } catch {
            return nil
        }
    }

    private func error(_ text: String) -> CatalogError? { error(Array(text.utf8)) }

    @Test func truncatedJSONSaysWhereTheFileEnds() throws {
        let bytes = try Fixture.bytes("xcode.xcstrings")
        for length in [1, 100, bytes.count / 2, bytes.count - 1] {
            guard case .syntax(let offset, let message)? = error(Array(bytes.prefix(length))) else {
                Issue.record("no syntax error for \(length) bytes")
                continue
            }
            #expect(offset == length)
            #expect(message.contains("truncated"))
        }
    }

    @Test func duplicateKeyIsNamed() {
        let text = "{\n  \"strings\" : {\n    \"Done\" : {\n\n    },\n    \"Done\" : {\n\n    }\n  }\n}"
        #expect(error(text) == .duplicateKey("Done", path: "\"strings\"", byteOffset: 45, line: 6))
        #expect(error(text)?.description == "duplicate key \"Done\" in \"strings\" at line 6 (byte 45): each key must appear once.")
        // Duplicates in a large object too (where a set is used).
        let many = (0..<40).map { "\"k\($0)\" : {}" }.joined(separator: ", ")
        #expect(error("{\"strings\" : {\(many), \"k7\" : {}}}") != nil)
        // After decoding escapes: "\u0041" is "A".
        if case .duplicateKey("A", _, _, _)? = error(#"{"A" : 1, "\u0041" : 2}"#) {} else { Issue.record("escaped duplicate not found") }
    }

    @Test func nonStringValueNamesItsKey() {
        let text = #"{"strings" : {"Done" : {"localizations" : {"fr" : {"stringUnit" : {"state" : "translated", "value" : 3}}}}}}"#
        guard case .unexpectedValue(let path, let expected, let offset)? = error(text) else {
            Issue.record("no error")
            return
        }
        #expect(path == #"strings > "Done" > "localizations" > "fr" > "stringUnit" > "value""#)
        #expect(expected.contains("a string"))
        #expect(offset == Array(text.utf8).firstIndex(of: UInt8(ascii: "3")))
        #expect(error(#"{"strings" : ["Done"]}"#) == .unexpectedValue(path: "\"strings\"", expected: "an object of keys, not an array", byteOffset: 13))
    }

    @Test func invalidUTF8GivesItsOffset() throws {
        var bytes = try Fixture.bytes("xcode.xcstrings")
        bytes[200] = 0xFF
        #expect(error(bytes) == .invalidEncoding(byteOffset: 200, encoding: "UTF-8"))
        // An overlong "/" and a UTF-16 surrogate written in UTF-8.
        #expect(error([0x22, 0xC0, 0xAF, 0x22]) == .invalidEncoding(byteOffset: 1, encoding: "UTF-8"))
        #expect(error([0x7B, 0xED, 0xA0, 0x80]) == .invalidEncoding(byteOffset: 1, encoding: "UTF-8"))
        // UTF-16 with a lone surrogate or an odd length.
        #expect(error([0xFF, 0xFE, 0x22, 0x00, 0x00, 0xD8, 0x22, 0x00]) == .invalidEncoding(byteOffset: 4, encoding: "UTF-16 (an unpaired surrogate)"))
        #expect(error([0xFF, 0xFE, 0x22]) != nil)
    }

    @Test func otherJSONMistakes() {
        #expect(error("{\"a\" : \"x\ny\"}") == .syntax(byteOffset: 9, message: "a control character (U+A) inside a string must be escaped"))
        #expect(error(#"{"a" : "\q"}"#) != nil)
        #expect(error(#"{"a" : "\ud800"}"#) != nil)
        #expect(error(#"{"a" : 1} x"#) != nil)
        #expect(error(#"{"a" : 01}"#) != nil)
        #expect(error(String(repeating: "[", count: 600) + String(repeating: "]", count: 600)) != nil)
    }

    @Test func binaryPlistIsRefusedClearly() {
        #expect(error(Array("bplist00\u{D1}\u{01}\u{02}".utf8)) == .binaryPropertyList)
        #expect(CatalogError.binaryPropertyList.description.contains("plutil -convert xml1"))
    }

    @Test func malformedStringsAndStringsdict() throws {
        #expect(error("\"a\" = \"b\";\n\"c\" = \"d") == .syntax(byteOffset: 17, message: "a string is not closed"))
        #expect(error("\"a\" = \"b\"\n\"c\" = \"d\";") == .syntax(byteOffset: 10, message: "expected ';' after the value of \"a\""))
        #expect(error("/* open comment\n\"a\" = \"b\";") == .syntax(byteOffset: 0, message: "a /* comment is not closed"))
        // The same mistake in UTF-16LE gives the byte offset, not the unit index.
        #expect(error(encoded("\"a\" = \"b\"\n\"c\" = \"d\";", as: .utf16LE)) == .syntax(byteOffset: 22, message: "expected ';' after the value of \"a\""))
        let plist = try Fixture.bytes("Localizable.stringsdict")
        guard case .syntax? = error(Array(plist.prefix(plist.count / 2))) else {
            Issue.record("truncated stringsdict accepted")
            return
        }
    }
}
