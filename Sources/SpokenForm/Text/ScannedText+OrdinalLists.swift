extension ScannedText {
    /// German lists of ordinals carry their case over the conjunction: in "am 3. und 4. Mai" and
    /// "den 2. und 3. Platz" the second ordinal is in the case the first one's article asks for,
    /// and in "Die Plätze 1., 2. und 3." the last one is an ordinal like the others, although its
    /// period also ends the sentence.
    ///
    /// When a comma or a word of `listWords` comes before `start` and what precedes it is a chain of
    /// ordinals written "N." (joined by commas or list words), returns the rule set of the case
    /// word before the chain's first ordinal, or `""` when the chain has none. Returns `nil` when
    /// the number at `start` does not continue such a list.
    func listedOrdinalCase(before start: Int, listWords: Set<String>, caseWords: [String: String]) -> String? {
        guard !listWords.isEmpty else { return nil }
        var i: Int
        let comma = skipSpacesBack(start)
        if comma > 0, isOneOf(comma - 1, ",") {
            i = skipSpacesBack(comma - 1)  // "am 24., 25. und 26. Dezember"
        } else if let (word, wordStart) = wordBefore(start), listWords.contains(word) {
            i = skipSpacesBack(wordStart)
        } else {
            return nil
        }
        // A list is short; the bound keeps a long run of "1. 2. 3. …" linear.
        for _ in 0..<16 {
            guard i >= 2, isOneOf(i - 1, "."), isDigit(i - 2) else { return nil }
            var digits = i - 2
            while isDigit(digits - 1) { digits -= 1 }
            if let (before, beforeStart) = wordBefore(digits) {
                if let ruleSet = caseWords[before] { return ruleSet }
                guard listWords.contains(before) else { return "" }
                i = skipSpacesBack(beforeStart)
                continue
            }
            let previous = skipSpacesBack(digits)
            guard previous > 0, isOneOf(previous - 1, ",") else { return "" }
            i = skipSpacesBack(previous - 1)
        }
        return ""
    }
}

/// How a text made of nothing but German ordinals ("N.") is joined: see `ScannedText.bareOrdinalRun`.
enum BareOrdinalRun: Sendable {
    /// Commas or list words join them ("1., 2., 3.", "1., 2. und 3."): a ranking.
    case listed
    /// Only spaces ("100. 30."): each stands alone, as a lone "21." does.
    case spaced
}

extension ScannedText {
    /// When the whole text is two or more ordinals written "N." (up to seven digits) and nothing
    /// else but spaces, commas, semicolons, words of `listWords` and a closing ".", "!" or "?",
    /// how they are joined; otherwise nil. Such a text has no word to give the ordinals a case
    /// or a sentence for their periods to end: every period is an ordinal's. A text over 512
    /// scalars is never one (the walk is per number, so the bound keeps it linear).
    func bareOrdinalRun(listWords: Set<String>) -> BareOrdinalRun? {
        guard count <= 512 else { return nil }
        var i = skipSpaces(0)
        var ordinals = 0
        var listed = false
        while i < count {
            let end = digitRunEnd(i)
            guard end > i, end - i <= 7, isOneOf(end, ".") else { break }
            ordinals += 1
            i = skipSpaces(end + 1)
            if i < count, isOneOf(i, ",;") {
                listed = true
                i = skipSpaces(i + 1)
            } else if let (word, wordEnd) = word(at: i), listWords.contains(word), isWordSpace(wordEnd) {
                listed = true
                i = skipSpaces(wordEnd)
            }
        }
        while i < count, isOneOf(i, ".!?") { i = skipSpaces(i + 1) }
        guard i >= count, ordinals >= 2 else { return nil }
        return listed ? .listed : .spaced
    }
}
