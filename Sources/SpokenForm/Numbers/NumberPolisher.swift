import Foundation

/// Turns ICU's raw spell-out into what SpokenForm says, using the locale's data:
/// corrections of ICU errors, the chosen French spelling, plural agreement before
/// scale nouns, and the form of a number said alone. Runs on every spelled number,
/// so each step is screened by a byte search before any string is rebuilt.
final class NumberPolisher: Sendable {
    let data: NumberLocaleData
    let spelling: NumberSpelling
    private let fixes: ReplacementSet
    private let traditionalSpelling: ReplacementSet
    private let standalone: ReplacementSet
    /// Counts before scale nouns that may take a plural, searched as "count " or " count ".
    private let nounPluralTriggers: [[UInt8]]
    private let scaleNounBytes: [[UInt8]]

    init(data: NumberLocaleData, spelling: NumberSpelling) {
        self.data = data
        self.spelling = spelling
        fixes = ReplacementSet(data.fixes)
        traditionalSpelling = ReplacementSet(data.traditionalSpelling)
        standalone = ReplacementSet(data.standalone)
        nounPluralTriggers = data.nounPlural.map { Array(($0.from + " ").utf8) }
            + data.nounPluralAfterMultiplier.map { Array((" " + $0.from + " ").utf8) }
        scaleNounBytes = data.scaleNouns.map { Array($0.utf8) }
    }

    @inline(__always)
    func polish(_ raw: String, isLarge: Bool, standalone isAlone: Bool) -> String {
        var text = applyFixes(raw)
        if isLarge && !nounPluralTriggers.isEmpty && triggerPrecedesScaleNoun(text) {
            text = applyPluralBeforeNouns(text)
        }
        switch spelling {
        case .traditional: text = traditionalSpelling.apply(to: text)
        case .reform: if data.reformHyphenates { text = hyphenateNumerals(text) }
        }
        return isAlone ? standaloneForm(text) : text
    }

    /// Whether some number has a form of its own said alone (nl "een" -> "één").
    var hasStandaloneForms: Bool { !standalone.isEmpty }

    /// The form of a number said alone ("een" -> "één").
    @inline(__always)
    func standaloneForm(_ text: String) -> String {
        guard !standalone.isEmpty else { return text }
        for replacement in standalone.replacements where text == replacement.from { return replacement.to }
        return text
    }

    /// Corrections of known ICU errors (`fix`, `fix-at-start` in the data).
    @inline(__always)
    func applyFixes(_ raw: String) -> String {
        var text = fixes.apply(to: raw)
        for fix in data.fixesAtStart where text.hasPrefix(fix.from) {
            text = fix.to + text.dropFirst(fix.from.count)
        }
        return text
    }

    /// Whether a count that may take a plural ("cent", "quatre-vingt") stands right before
    /// a scale noun: the cheap screen (memmem, no allocation) before words are split and joined.
    private func triggerPrecedesScaleNoun(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard let base = bytes.baseAddress else { return false }
            for trigger in nounPluralTriggers {
                var start = 0
                while start < bytes.count {
                    let offset = ByteSearch.firstOffset(of: trigger, in: base + start, count: bytes.count - start)
                    guard offset >= 0 else { break }
                    let wordStart = start + offset + trigger.count
                    var wordEnd = wordStart
                    while wordEnd < bytes.count && bytes[wordEnd] != 0x20 { wordEnd += 1 }
                    if isScaleNoun(base + wordStart, count: wordEnd - wordStart) { return true }
                    start += offset + 1
                }
            }
            return false
        } ?? true
    }

    /// Compares by length first, then bytes: most words after "cent " are numerals,
    /// whose lengths rule them out without touching the nouns' bytes.
    @inline(__always)
    private func isScaleNoun(_ word: UnsafePointer<UInt8>, count: Int) -> Bool {
        for noun in scaleNounBytes where noun.count == count {
            if noun.withUnsafeBufferPointer({ memcmp($0.baseAddress!, word, count) == 0 }) { return true }
        }
        return false
    }

    /// "deux cent millions" -> "deux cents millions", "quatre-vingt millions" -> "quatre-vingts millions":
    /// a count before a scale noun takes the plural the data gives.
    private func applyPluralBeforeNouns(_ text: String) -> String {
        var words = text.split(separator: " ").map(String.init)
        var changed = false
        for i in words.indices.dropFirst() where data.scaleNouns.contains(words[i]) {
            let count = words[i - 1]
            if let rule = data.nounPlural.first(where: { count == $0.from || count.hasSuffix("-" + $0.from) }) {
                words[i - 1] = String(count.dropLast(rule.from.count)) + rule.to
                changed = true
            } else if let rule = data.nounPluralAfterMultiplier.first(where: { count == $0.from }),
                      i >= 2, !data.scaleNouns.contains(words[i - 2]) {
                words[i - 1] = rule.to
                changed = true
            }
        }
        return changed ? words.joined(separator: " ") : text
    }

    /// 1990 reform: join numeral words with hyphens, leaving scale nouns apart.
    private func hyphenateNumerals(_ text: String) -> String {
        let words = text.split(separator: " ").map(String.init)
        guard words.count > 1 else { return text }
        var result = words[0]
        for i in words.indices.dropFirst() {
            let apart = data.scaleNouns.contains(words[i]) || data.scaleNouns.contains(words[i - 1])
            result += (apart ? " " : "-") + words[i]
        }
        return result
    }
}
