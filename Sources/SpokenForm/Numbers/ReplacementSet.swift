import Foundation

/// A list of text replacements from locale data, applied to every spelled number.
///
/// Why not `String.contains`/`replacingOccurrences` on every call: they cost more than
/// ICU's own formatting. The replacements are checked with `memmem` on the UTF-8 bytes,
/// and a list whose entries share a substring ("-et-" in "vingt-et-un",
/// "soixante-et-onze"...) is first screened by that one substring.
struct ReplacementSet: Sendable {
    let replacements: [NumberLocaleData.Replacement]
    private let patterns: [[UInt8]]
    private let targets: [[UInt8]]
    /// Longest substring every entry contains (3 bytes or more), or nil.
    private let trigger: [UInt8]?

    init(_ replacements: [NumberLocaleData.Replacement]) {
        self.replacements = replacements
        patterns = replacements.map { Array($0.from.utf8) }
        targets = replacements.map { Array($0.to.utf8) }
        trigger = Self.commonSubstring(patterns)
    }

    var isEmpty: Bool { replacements.isEmpty }

    /// Applies every replacement whose source occurs in `text`.
    @inline(__always)
    func apply(to text: String) -> String {
        guard !replacements.isEmpty else { return text }
        if let trigger, !text.containsBytes(trigger) { return text }
        var result = text
        for (index, pattern) in patterns.enumerated() where result.containsBytes(pattern) {
            result = result.replacingBytes(pattern, with: targets[index])
        }
        return result
    }

    private static func commonSubstring(_ patterns: [[UInt8]]) -> [UInt8]? {
        guard patterns.count > 1, let shortest = patterns.min(by: { $0.count < $1.count }) else { return nil }
        for length in stride(from: shortest.count, through: 3, by: -1) {
            for start in 0...(shortest.count - length) {
                let candidate = Array(shortest[start..<start + length])
                if patterns.allSatisfy({ $0.containsBytes(candidate) }) { return candidate }
            }
        }
        return nil
    }
}
