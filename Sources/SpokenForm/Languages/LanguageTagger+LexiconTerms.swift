/// Lexicon terms: names and phrases the lexicon lists as spoken in their own language
/// (`lexicon.txt`), found before the word model reads anything, and the neighbours they take
/// along (Docs/tagger.md, "How it decides").
extension LanguageTagger {
    /// Matches the lexicon at every token, the longest entry first, and marks the matched tokens in
    /// `scratch.lexiconSpan` (the word model leaves them alone). Returns the terms of another language
    /// than the base one, whose tokens break runs: a known name must not pull its neighbours into its
    /// language, it makes a span of its own, merged with a detected span of the same language only
    /// when nothing but spaces separates them.
    func lexiconTerms(_ s: [Unicode.Scalar], _ tokens: [Token], scratch: inout Scratch,
                      breaksRun: inout [Bool]) -> [(first: Int, last: Int, state: Int)] {
        let n = tokens.count
        var terms: [(first: Int, last: Int, state: Int)] = []
        var t = 0
        while t < n {
            if let match = lexiconMatch(s, tokens: tokens, at: t, key: &scratch.key, wordKey: &scratch.wordKey) {
                let state: Int32
                if let language = match.language, let index = states.firstIndex(of: language) {
                    state = Int32(index)
                } else {
                    state = Int32(baseState)
                }
                for u in t..<(t + match.count) { scratch.lexiconSpan[u] = true }
                if Int(state) != baseState {
                    for u in t..<(t + match.count) { breaksRun[u] = true }
                    terms.append((t, t + match.count - 1, Int(state)))
                }
                t += match.count
            } else {
                t += 1
            }
        }
        return terms
    }

    /// Appends the span of each lexicon term, grown over the words next to it that lean its way
    /// ("callback hell", "middleware Express"): the term is evidence enough that the language
    /// switched. The words taken along break runs.
    func appendLexiconTermSpans(_ s: [Unicode.Scalar], _ tokens: [Token], _ terms: [(first: Int, last: Int, state: Int)],
                                emissions: [Float], facts: inout TokenFacts, into spans: inout [ScalarSpan]) {
        let n = tokens.count, k = states.count, modelCount = model.languages.count
        for range in terms {
            var first = range.first, last = range.last
            // A word with evidence, one space from the edge, that is no function word of the base
            // language and that the term's language explains clearly better.
            func leans(_ w: Int, _ edge: Int) -> Bool {
                guard facts.evidence[w], !facts.breaksRun[w], range.state < modelCount, baseState < modelCount,
                      facts.baseZipf[w] < LanguageTagger.functionWordZipf else { return false }
                let between = w < edge ? tokens[w].end : tokens[edge].end
                let gap = w < edge ? tokens[edge].start - tokens[w].end : tokens[w].start - tokens[edge].end
                guard gap == 1, LanguageTagger.isSpace(s[between]) else { return false }
                return emissions[w * k + range.state] - emissions[w * k + baseState] >= LanguageTagger.lexiconNeighbourMargin
            }
            while first > 0, leans(first - 1, first) { first -= 1; facts.breaksRun[first] = true }
            while last + 1 < n, leans(last + 1, last) { last += 1; facts.breaksRun[last] = true }
            spans.append((tokens[first].start, tokens[last].end, states[range.state]))
        }
    }

    /// The longest lexicon entry starting at token `t`: words separated by single spaces.
    ///
    /// Frequent first words ("de" of "de facto", "a" of "a priori", "in" of "in situ") lead to a group
    /// at many tokens: a word's lowercase key is made once however many entries compare it, in a
    /// buffer the caller keeps, and the first word, the group's key, is not compared again.
    func lexiconMatch(_ s: [Unicode.Scalar], tokens: [Token], at t: Int, key: inout [UInt8], wordKey: inout [UInt8])
        -> (count: Int, language: String?)? {
        guard tokens[t].hasLetter else { return nil }
        LanguageTagger.lowercaseKey(s, tokens[t].start, tokens[t].end, into: &key)
        guard let group = lexicon.firstWords.value(for: key) else { return nil }
        var keyedToken = -1  // the token whose key `wordKey` holds
        // A lowercase term of one word written capitalised inside a sentence is a name ("l'API
        // Popover", "le Cloud"), judged as other one-word names are, in a base that writes its
        // common nouns in lowercase and lists where it borrows them; at a sentence's start it is the
        // word, and so is a capitalised compound ("le Front-End").
        let capitalisedName = !lexicon.borrowingContexts.isEmpty && LanguageTagger.isUpper(s[tokens[t].start])
            && t > 0 && tokens[t - 1].hasLetter && !s[tokens[t].start..<tokens[t].end].contains(where: LanguageTagger.isJoiner)
            && s[tokens[t - 1].end..<tokens[t].start].allSatisfy { LanguageTagger.isSpace($0) && $0 != "\n" }
        for entry in lexicon.groups[Int(group)] {
            let count = entry.words.count
            guard t + count <= tokens.count, !(capitalisedName && count == 1 && !entry.caseSensitive) else { continue }
            var matches = true
            for w in 0..<count {
                let token = tokens[t + w]
                if w > 0 {
                    let previous = tokens[t + w - 1]
                    guard token.start - previous.end == 1, LanguageTagger.isSpace(s[previous.end]) else { matches = false; break }
                }
                if entry.caseSensitive {
                    let expected = entry.exactScalars[w]
                    matches = expected.count == token.end - token.start
                        && zip(s[token.start..<token.end], expected).allSatisfy { ($0 == "\u{2019}" ? "'" : $0) == $1 }
                } else if w > 0 {
                    if keyedToken != t + w {
                        LanguageTagger.lowercaseKey(s, token.start, token.end, into: &wordKey)
                        keyedToken = t + w
                    }
                    matches = wordKey == entry.lowercaseUTF8[w]
                }
                if !matches { break }
            }
            if matches { return (count, entry.language) }
        }
        return nil
    }
}
