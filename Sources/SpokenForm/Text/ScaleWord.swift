extension ScannedText {
    /// A scale word from the data right after `end` ("2,5 Mio.", "$2.5 million", "$5m"):
    /// where it ends and its spoken forms by plural category. A period after an
    /// abbreviation is taken unless it ends the text.
    func scaleWord(after end: Int, data: TextLocaleData, glued: Bool) -> (end: Int, forms: PluralForms)? {
        guard !data.scales.isEmpty else { return nil }
        var start = end
        if isWordSpace(start) { start += 1 } else if !glued { return nil }
        guard isLetter(start) else { return nil }
        let wordEnd = letterRunEnd(start)
        // "mil millones": a two-word scale.
        var candidates = [(wordEnd, string(start, wordEnd).lowercased())]
        if isWordSpace(wordEnd), isLetter(wordEnd + 1) {
            let secondEnd = letterRunEnd(wordEnd + 1)
            candidates.insert((secondEnd, string(start, secondEnd).lowercased()), at: 0)
        }
        for (candidateEnd, word) in candidates {
            guard let names = data.scales[word] else { continue }
            var finalEnd = candidateEnd
            if isOneOf(finalEnd, "."), finalEnd + 1 < count, !(skipSpaces(finalEnd + 1) >= count) { finalEnd += 1 }
            return (finalEnd, names)
        }
        return nil
    }
}
