import Foundation
@testable import SpokenFormCatalog

/// The catalogs in `Fixtures/`, written for these tests; and `Examples/Catalog/`.
enum Fixture {
    static func url(_ name: String, file: String = #filePath) -> URL {
        URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent("Fixtures").appendingPathComponent(name)
    }

    static func bytes(_ name: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: url(name))) }

    static func example(_ name: String, file: String = #filePath) -> URL {
        URL(fileURLWithPath: file).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/Catalog").appendingPathComponent(name)
    }
}

/// The file with the contents of every value removed: two catalogs that differ only in
/// their value strings have the same skeleton.
func skeleton(_ catalog: Catalog) -> [UInt8] {
    var out: [UInt8] = []
    var copied = 0
    for value in catalog.values.sorted(by: { $0.rawRange.lowerBound < $1.rawRange.lowerBound }) {
        out.append(contentsOf: catalog.bytes[copied..<value.rawRange.lowerBound])
        out.append(0)
        copied = value.rawRange.upperBound
    }
    out.append(contentsOf: catalog.bytes[copied...])
    return out
}

/// The same file in another encoding, with its BOM.
func encoded(_ text: String, as encoding: StringsEncoding) -> [UInt8] {
    switch encoding {
    case .utf8: return Array(text.utf8)
    case .utf8BOM: return [0xEF, 0xBB, 0xBF] + Array(text.utf8)
    case .utf16LE: return [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    case .utf16BE: return [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    }
}

/// The text of the value at `key`, `language` and `path`.
func value(_ catalog: Catalog, _ key: String, _ language: String, _ path: [String] = []) -> String? {
    catalog.values.first { $0.key == key && $0.language == language && $0.path == path }?.text
}

/// A seeded generator (SplitMix64), so that a failing generated catalog can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
