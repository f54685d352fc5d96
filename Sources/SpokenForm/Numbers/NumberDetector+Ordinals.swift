/// German-style ordinals written with a period ("am 3.", "Ludwig XIV.").
extension NumberDetector.Reader {
    /// "am 3. Mai" is the date detector's; "der 3. Platz", "zum 2. Mal": an ordinal after a case word.
    func germanOrdinal(at p: Int, after word: String?, into candidates: inout [TextCandidate]) {
        guard data.ordinalDotRuleSet != nil else { return }
        let end = text.digitRunEnd(p)
        guard end - p <= 7, text.isOneOf(end, "."), let value = text.integer(p, end), value > 0 else { return }
        // "1., 2., 3." or "100. 30." as the whole text: a ranking takes the data's form without an
        // article (text.txt `ordinal-bare-list`: "erster, zweiter, dritter"), lone ordinals the
        // default one ("hundertste dreißigste"); every period is the ordinal's.
        if let run = text.bareOrdinalRun(listWords: data.ordinalListWords) {
            let ruleSet = run == .listed ? data.ordinalBareListRuleSet : nil
            propose(.bareOrdinalList, p, end + 1, .ordinal, priority: 1, into: &candidates) {
                try? ruleSet.map({ try numbers.spell(value, ruleSet: $0) }) ?? numbers.ordinal(value)
            }
            return
        }
        // "1.-3. Platz", "am 1.–3. Mai": a range of ordinals, both in the form the noun after or the
        // word before asks for, joined by the range word ("erster bis dritter Platz"); the dash
        // may have a space each side ("vom 3. – 5. Mai").
        let secondStart = text.isOneOf(end + 1, "-–") ? end + 2
            : text.isWordSpace(end + 1) && text.isOneOf(end + 2, "–") && text.isWordSpace(end + 3) ? end + 4 : -1
        if end - p <= 4, secondStart > 0, text.isDigit(secondStart), let rangeWord = data.rangeWord {
            let secondEnd = text.digitRunEnd(secondStart)
            if secondEnd - secondStart <= 4, text.isOneOf(secondEnd, "."), !text.isWordChar(secondEnd + 1), !text.isOneOf(secondEnd + 1, ".-–"),
               let second = text.integer(secondStart, secondEnd), second > value {
                let noun = text.isWordSpace(secondEnd + 1) ? text.word(at: secondEnd + 2) : nil
                let ruleSet = word.flatMap { data.ordinalCaseWords[$0] } ?? noun.flatMap { data.ordinalNouns[$0.word] } ?? data.ordinalDotRuleSet
                if let ruleSet {
                    func range() -> String? {
                        guard let first = try? numbers.spell(value, ruleSet: ruleSet), let last = try? numbers.spell(second, ruleSet: ruleSet) else { return nil }
                        return first + " " + rangeWord + " " + last
                    }
                    // "am 1.–3. Mai": the month is taken along, so no date reads the second day alone.
                    if let noun, data.months[noun.word] != nil {
                        propose(.ordinalRangeWithMonth, p, noun.end, .date, priority: 5, into: &candidates) {
                            range().map { $0 + " " + text.string(secondEnd + 2, noun.end) }
                        }
                    } else {
                        propose(.ordinalRange, p, secondEnd + 1, .range, priority: 2, into: &candidates) { range() }
                    }
                    return
                }
            }
        }
        // "am 3. Mai": the case the word before asks for.
        if end - p <= 4, let word, let ruleSet = data.ordinalCaseWords[word], text.isWordSpace(end + 1), text.isLetter(end + 2) {
            propose(.ordinalAfterCaseWord, p, end + 1, .ordinal, priority: 1, into: &candidates) { try? numbers.spell(value, ruleSet: ruleSet) }
            return
        }
        // "den 2. und 3. Platz", "Die Plätze 1., 2. und 3.": a list's ordinal keeps its case.
        if end - p <= 4, let carried = text.listedOrdinalCase(before: p, listWords: data.ordinalListWords, caseWords: data.ordinalCaseWords),
           let ruleSet = carried.isEmpty ? data.ordinalDotRuleSet : carried {
            let next = text.skipSpaces(end + 1)
            // Before a word the period is the ordinal's; at the end it also closes the sentence.
            let periodIsOrdinals = next < text.count && (text.isLetter(next) || next == end + 1)
            propose(.listedOrdinal, p, periodIsOrdinals ? end + 1 : end, .ordinal, priority: 1, into: &candidates) {
                try? numbers.spell(value, ruleSet: ruleSet)
            }
            return
        }
        // "nicht das 1.", "Sie sind der 3.": after an article the number is an ordinal even when
        // its period ends the sentence; the period stays in the text as the sentence's.
        if end - p <= 4, let word, let ruleSet = data.ordinalCaseWords[word], data.ordinalFinalWords.contains(word) {
            let next = text.skipSpaces(end + 1)
            if next >= text.count || !text.isLetter(next) && !text.isDigit(next) {
                // "der 3.!": another mark ends the sentence, so the period is the ordinal's.
                let periodIsOrdinals = end + 1 < text.count && !text.isOneOf(end + 1, " \u{A0}\n\r\t")
                propose(.finalOrdinal, p, periodIsOrdinals ? end + 1 : end, .ordinal, priority: 1, into: &candidates) {
                    try? numbers.spell(value, ruleSet: ruleSet)
                }
                return
            }
        }
        // "3. Liga", "2. Platz": before a noun that takes an ordinal (text.txt `ordinal-noun`) the
        // number is one, in the form it has there without an article; a numbered heading
        // ("1. Einleitung") is not, and stays as written.
        if end - p <= 4, text.isWordSpace(end + 1), let noun = text.word(at: end + 2), !text.isWordChar(noun.end) || text.isOneOf(noun.end, "-"),
           let ruleSet = data.ordinalNouns[noun.word] {
            propose(.ordinalBeforeNoun, p, end + 1, .ordinal, priority: 1, into: &candidates) { try? numbers.spell(value, ruleSet: ruleSet) }
            return
        }
        // The period is the ordinal's when it cannot end a sentence: the number is the whole text
        // ("21." in a table cell), or a comma or a lower-case word follows ("1., 2. und 3.").
        let next = text.skipSpaces(end + 1)
        let alone = text.skipSpacesBack(p) == 0 && next >= text.count
        var continues = text.isOneOf(end + 1, ",;") || (next > end + 1 && next < text.count && text.isLetter(next)
            && text.scalars[next].properties.isLowercase)
        // "der 100. 30. beste": before another such ordinal the period is the ordinal's too.
        if !continues, next > end + 1, text.isDigit(next) {
            let nextEnd = text.digitRunEnd(next)
            let after = text.skipSpaces(nextEnd + 1)
            continues = nextEnd - next <= 7 && text.isOneOf(nextEnd, ".") && after > nextEnd + 1 && after < text.count
                && text.isLetter(after) && text.scalars[after].properties.isLowercase
        }
        guard alone || continues else { return }
        propose(.ordinal, p, end + 1, .ordinal, priority: 1, into: &candidates) { try? numbers.ordinal(value) }
    }
}
