import Foundation
import Testing
@testable import SpokenForm

/// A deterministic random generator (SplitMix64), so a failing random case can be reproduced.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Golden files: `Golden/<capability>/<name>.tsv`, one case per line, tab-separated
/// fields, `#` comment lines.
enum GoldenFile {
    static func directory(_ capability: String, file: String = #filePath) -> URL {
        URL(fileURLWithPath: file).deletingLastPathComponent()
            .appendingPathComponent("Golden").appendingPathComponent(capability)
    }

    /// The file names without `.tsv` in a capability's folder, sorted.
    static func names(_ capability: String) -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory(capability).path)) ?? []
        return files.filter { $0.hasSuffix(".tsv") }.map { String($0.dropLast(4)) }.sorted()
    }

    /// Each case line with its 1-based line number and fields (however many it has:
    /// callers check the count and report malformed lines their way).
    static func rows(_ capability: String, _ name: String) throws -> [(line: Int, fields: [String])] {
        let url = directory(capability).appendingPathComponent(name + ".tsv")
        let text = try String(contentsOf: url, encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            guard !line.isEmpty, !line.hasPrefix("#") else { return nil }
            return (index + 1, line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init))
        }
    }
}

/// One case of a golden file, whatever the capability: what is asked (`kind`, `input`,
/// `option`), the locale it is spoken in, and the expected words.
struct GoldenCase: CustomTestStringConvertible, CustomStringConvertible, Sendable {
    /// How a capability's files lay out their tab-separated fields.
    enum Layout: Sendable {
        /// `kind  input  expected` (numbers).
        case kindInputExpected
        /// `kind  input  option  expected` (dates: the option is a style or "numeric").
        case kindInputOptionExpected
        /// `input  option  expected` (phones: the option is the region).
        case inputOptionExpected

        var fieldCount: Int { self == .kindInputOptionExpected ? 4 : 3 }
    }

    let locale: String
    let file: String
    let line: Int
    let kind: String
    let input: String
    let option: String
    let expected: String
    /// False for a line without the layout's number of fields (its other fields are then empty).
    let isWellFormed: Bool

    var testDescription: String { "\(file):\(line) \(kind) \(input) \(option)" }
    var description: String { testDescription }

    /// Every line of `Golden/<capability>/<name>.tsv`, spoken in `locale` (default: the file name).
    static func load(_ capability: String, _ name: String, locale: String? = nil, layout: Layout) -> [GoldenCase] {
        ((try? GoldenFile.rows(capability, name)) ?? []).map { line, fields in
            let ok = fields.count == layout.fieldCount
            func field(_ index: Int) -> String { ok ? fields[index] : "" }
            let (kind, input, option): (String, String, String)
            switch layout {
            case .kindInputExpected: (kind, input, option) = (field(0), field(1), "")
            case .kindInputOptionExpected: (kind, input, option) = (field(0), field(1), field(2))
            case .inputOptionExpected: (kind, input, option) = ("", field(0), field(1))
            }
            return GoldenCase(locale: locale ?? name, file: name + ".tsv", line: line, kind: kind, input: input,
                              option: option, expected: field(layout.fieldCount - 1), isWellFormed: ok)
        }
    }
}

/// Long texts for the tests of pieces (`expand` and `text` cut a huge text): `lines`
/// repeated in order, joined by `separator`, to at least `bytes` UTF-8 bytes.
func repeatedLines(_ lines: [String], bytes: Int, separator: String) -> String {
    var parts: [String] = []
    var size = 0
    while size < bytes {
        let line = lines[parts.count % lines.count]
        parts.append(line)
        size += line.utf8.count + separator.utf8.count
    }
    return parts.joined(separator: separator)
}

/// Every rewrite's ranges hold its original in `input` and its words in the spoken text,
/// in scalars and in UTF-16.
func expectRewritesInPlace(_ spoken: Spoken, input text: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let input = Array(text.unicodeScalars), output = Array(spoken.text.unicodeScalars)
    let input16 = Array(text.utf16), output16 = Array(spoken.text.utf16)
    for rewrite in spoken.rewrites {
        #expect(String(String.UnicodeScalarView(input[rewrite.inputScalars])) == rewrite.original, sourceLocation: sourceLocation)
        #expect(String(String.UnicodeScalarView(output[rewrite.outputScalars])) == rewrite.spoken, sourceLocation: sourceLocation)
        #expect(String(decoding: input16[rewrite.inputUTF16], as: UTF16.self) == rewrite.original, sourceLocation: sourceLocation)
        #expect(String(decoding: output16[rewrite.outputUTF16], as: UTF16.self) == rewrite.spoken, sourceLocation: sourceLocation)
    }
}
