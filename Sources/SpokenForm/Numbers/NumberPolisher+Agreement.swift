/// Corrections that depend on what is being said: ordinals (ICU's fraction-like "un
/// millionième", its missing plurals) and feminine agreement ICU leaves out. The words
/// come from `numbers.txt` (`ordinal-*`, `feminine-*` keys); this file holds the mechanisms.
extension NumberPolisher {
    /// ICU's raw ordinal corrected before the usual polishing (`ordinal-fix`, `ordinal-fix-at-start`):
    /// these must see ICU's own spelling ("cent-et-unième"), before the traditional spelling rewrites it.
    func fixOrdinal(_ raw: String) -> String {
        var text = raw
        for fix in data.ordinalFixes where text.contains(fix.from) {
            text = text.replacingOccurrences(of: fix.from, with: fix.to)
        }
        for fix in data.ordinalFixesAtStart where text.hasPrefix(fix.from) {
            text = fix.to + text.dropFirst(fix.from.count)
        }
        return text
    }

    /// Scale ordinals written as one word with their count ("zwei Millionenste" -> "zweimillionste",
    /// "dos milésimo" -> "dosmilésimo"), and a lone count of one dropped ("eine Millionste" ->
    /// "millionste": "un millonésimo" is the fraction 1/1 000 000).
    func joinScaleOrdinals(_ text: String) -> String {
        guard !data.ordinalScales.isEmpty else { return text }
        var words = text.split(separator: " ").map(String.init)
        func isScaleWord(_ word: String) -> Bool {
            data.ordinalScales.contains { word.contains($0.from) || word.contains($0.to) }
        }
        var i = 0
        var changed = false
        while i < words.count {
            guard let rule = data.ordinalScales.first(where: { words[i].hasPrefix($0.from) }) else { i += 1; continue }
            var joined = rule.to + words[i].dropFirst(rule.from.count)
            var start = i
            while start > 0 && !isScaleWord(words[start - 1]) { start -= 1 }
            let count = words[start..<i]
            if !(count.count == 1 && data.ordinalScaleOnes.contains(count[count.startIndex])) {
                joined = count.joined() + joined
            }
            words.replaceSubrange(start...i, with: [joined])
            i = start + 1
            changed = true
        }
        return changed ? words.joined(separator: " ") : text
    }

    /// The plural of an ordinal where ICU has none or only pluralises the last word:
    /// `ordinal-plural-ending` on the last word, and with `ordinal-plural = every-word` on every
    /// word that is an ordinal (in `ordinalWords`, or a joined scale ordinal).
    func pluralOrdinal(_ text: String, ordinalWords: Set<String>) -> String {
        guard !data.ordinalPluralEndings.isEmpty else { return text }
        var words = text.split(separator: " ").map(String.init)
        func pluralised(_ word: String) -> String {
            for ending in data.ordinalPluralEndings where word.hasSuffix(ending.from) {
                return String(word.dropLast(ending.from.count)) + ending.to
            }
            return word
        }
        for index in words.indices {
            let isLast = index == words.count - 1
            let isOrdinal = ordinalWords.contains(words[index]) || data.ordinalScales.contains { words[index].contains($0.to) }
            if isLast || (data.ordinalPluralEveryWord && isOrdinal) { words[index] = pluralised(words[index]) }
        }
        return words.joined(separator: " ")
    }

    /// Feminine agreement ICU's feminine rule set misses (`feminine-group`, `feminine-ending`).
    func feminine(_ text: String) -> String {
        var result = text
        if !data.feminineGroups.isEmpty {
            var words = result.split(separator: " ").map(String.init)
            for group in data.feminineGroups {
                for j in words.indices where words[j] == group.scaleWord {
                    if j + 1 < words.count && group.unlessFollowedBy.contains(words[j + 1]) { continue }
                    var k = j - 1
                    while k >= 0 && words[k] != group.scaleWord && !group.unlessFollowedBy.contains(words[k]) {
                        for ending in group.endings where words[k].hasSuffix(ending.from) {
                            words[k] = String(words[k].dropLast(ending.from.count)) + ending.to
                            break
                        }
                        k -= 1
                    }
                }
            }
            result = words.joined(separator: " ")
        }
        for ending in data.feminineEndings where result.hasSuffix(ending.from) {
            result = String(result.dropLast(ending.from.count)) + ending.to
            break
        }
        return result
    }
}
