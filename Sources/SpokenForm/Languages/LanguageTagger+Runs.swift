/// Decoded runs: the runs of tokens the decoder gives one foreign language become spans, trimmed
/// to the words that carry evidence and held to the lone-word and evidence policies
/// (Docs/tagger.md, "Policies").
extension LanguageTagger {
    /// The spans of the runs of foreign states in the decoded `path`. A run stops at a token that
    /// breaks runs, at a word of another script (a span of its own) and where a sentence or a list
    /// closes it.
    func runSpans(_ s: [Unicode.Scalar], _ tokens: [Token], path: [Int32], from: Int, facts: TokenFacts,
                  scratch: inout Scratch) -> [ScalarSpan] {
        let n = tokens.count
        var spans: [ScalarSpan] = []
        var t = 0
        while t < n {
            let state = Int(path[t])
            guard state != baseState, !facts.breaksRun[t] else { t += 1; continue }
            var u = t
            // A word of another script ends the run: it is a span of its own.
            while u + 1 < n, Int(path[u + 1]) == state, !facts.breaksRun[u + 1],
                  tokens[u + 1].script == LanguageTagger.latin || tokens[u + 1].script == LanguageTagger.common,
                  !LanguageTagger.closesRun(s, tokens[u].end, tokens[u + 1].start, lists: borrowsFromUsualLanguage) { u += 1 }
            if let span = runSpan(s, tokens, run: t...u, state: state, from: from, facts: facts, scratch: &scratch) {
                spans.append(span)
            }
            t = u + 1
        }
        return spans
    }

    /// The span the run `run` of `state` makes, if any: its words with evidence, less a label cue
    /// and the edge words the base language explains as well; a lone word must pass the lone-word
    /// policy and any span must carry enough evidence; capitalised neighbours that fit the span's
    /// language then join it.
    func runSpan(_ s: [Unicode.Scalar], _ tokens: [Token], run: ClosedRange<Int>, state: Int, from: Int, facts: TokenFacts,
                 scratch: inout Scratch) -> ScalarSpan? {
        var words = run.filter { facts.evidence[$0] }
        // A label cue is the base language's own word ("Open" in Dutch "Open Settings").
        while let first = words.first, facts.cue[first] { words.removeFirst() }
        while let first = words.first,
              isTrimmableEdge(s, tokens, first, inner: words.dropFirst().first, left: true, state: state, facts: facts, scratch: &scratch) {
            words.removeFirst()
        }
        while let last = words.last,
              isTrimmableEdge(s, tokens, last, inner: words.dropLast().last, left: false, state: state, facts: facts, scratch: &scratch) {
            words.removeLast()
        }
        guard var first = words.first, let last = words.last else { return nil }
        // Words of one to three letters alone ("lt", "gt", "de la") are too little to judge by.
        guard words.contains(where: { tokens[$0].end - tokens[$0].start >= 4 }) else { return nil }
        if words.count == 1 {
            guard let start = loneWordStart(s, tokens, first, state: state, from: from, facts: facts, key: &scratch.key) else { return nil }
            first = start
        }
        guard wordsCarrySpan(s, tokens, words, state: state, scratch: &scratch) else { return nil }
        let grown = grownOverNames(s, tokens, first: first, last: last, state: state, facts: facts,
                                   lexiconSpan: scratch.lexiconSpan, emissions: scratch.emissions)
        return (tokens[grown.first].start, tokens[grown.last].end, states[state])
    }

    /// Whether the edge word `w` of a run of `state` stays in the base voice (`inner`: the next word
    /// inward, if any). An edge word the base language explains as well stays out when it is a
    /// function word ("a" in "Breaking Bad a remporté"), or a lowercase word before or after a
    /// capitalised label ("le badge New", "la page Privacy Policy"); cognates inside a phrase
    /// ("file not found", "Terms of Service") stay in it.
    func isTrimmableEdge(_ s: [Unicode.Scalar], _ tokens: [Token], _ w: Int, inner: Int?, left: Bool, state: Int,
                         facts: TokenFacts, scratch: inout Scratch) -> Bool {
        let k = states.count
        guard baseState < model.languages.count else { return false }
        let lean = scratch.emissions[w * k + state] - scratch.emissions[w * k + baseState]
        // A lowercase word beside lowercase words, that the span's language does not know and that
        // leans neither way, carries nothing for the span ("horodatage" in "un horodatage finished":
        // a French word too rare for the lists); a cognate the span's language knows stays ("file not found").
        if let inner, !tokens[w].hasUpper, !tokens[inner].hasUpper, lean < LanguageTagger.noLean {
            LanguageTagger.lowercaseKey(s, tokens[w].start, tokens[w].end, into: &scratch.key)
            if model.knownZipf(scratch.key, language: state) == 0 { return true }
        }
        guard lean <= LanguageTagger.edgeMargin else { return false }
        if lean <= 0 { return true }  // it prefers the base language
        // A small word of the base language ("a", "la"; Italian "dice" in "si dice hasta luego").
        if facts.baseZipf[w] >= LanguageTagger.contextWordZipf { return true }
        guard let inner else { return false }
        // A lowercase word the base language uses as well ("le standard OGC API Processes",
        // "l'argument results") does not open a span of other words: it is the base noun the
        // foreign name stands beside. At the right edge it is the head of the foreign compound
        // ("product designers") and stays; so does one held to its neighbour by a small word of
        // the span's language ("file not found").
        if left, !tokens[w].hasUpper, facts.baseZipf[w] >= LanguageTagger.ambiguousZipf,
           scratch.emissions[inner * k + state] + 9 < LanguageTagger.functionWordZipf { return true }
        return !tokens[w].hasUpper && tokens[inner].hasUpper
    }

    /// The first token of the span a lone word `w` of `state` makes (the word, or the acronym that
    /// qualifies it), or nil when the word alone is no span: a common word of the base language, a
    /// word of fewer than four letters, a capitalised word that is a name, or a lowercase word that
    /// does not stand where prose borrows a noun.
    func loneWordStart(_ s: [Unicode.Scalar], _ tokens: [Token], _ w: Int, state: Int, from: Int, facts: TokenFacts,
                       key: inout [UInt8]) -> Int? {
        let modelCount = model.languages.count
        let parts = LanguageTagger.camelCaseParts(s, tokens[w].start, tokens[w].end)
        let camelCase = parts.count > 1 && tokens[w].hasLower
            && !s[tokens[w].start..<tokens[w].end].contains(where: LanguageTagger.isJoiner)
        // A lone word: only if it is not a common word of the base language. A CamelCase
        // name is no word of any language: its parts decide ("ScreenTime" is not French).
        // A control's name after a label cue is judged by the word model alone ("sur Next").
        // So is a word the author translated in brackets ("un board [comité]").
        if facts.baseZipf[w] >= LanguageTagger.ambiguousZipf, !camelCase, !facts.cuedLabel[w], !facts.glossed[w] { return nil }
        // Nor a word of fewer than four letters ("ui" in "(O)ui", "bra"): too little to judge by.
        if tokens[w].end - tokens[w].start < 4 { return nil }
        // A capitalised lone word must be one of the language's listed (frequent) words:
        // rarer capitalised words are mostly names ("Falkland", "Dvorak"), spoken the base way.
        // A CamelCase name must be made of words the language knows ("AccessibilityEvent").
        if tokens[w].hasUpper, state < modelCount, !facts.cuedLabel[w] {
            // After an acronym it names what the acronym qualifies, in English word order ("ARIA
            // Accordion", "WMS Raster"): any word the language knows will do.
            let acronym = !camelCase && state == usualLanguageIndex && borrowsFromUsualLanguage
                ? acronymModifier(s, tokens, w) : nil
            // A capitalised word alone is a one-word name ("React", "Chrome", "Edge"), spoken in
            // the base voice, in a base that writes common nouns in lowercase and lists where it
            // borrows them: people who mark languages leave such names alone (Docs/tagger.md,
            // "Names"). A control's name after a label cue, a glossed word and the noun an
            // acronym qualifies are judged as before; the lexicon lists names spoken otherwise.
            if !camelCase, acronym == nil, !facts.glossed[w], !lexicon.borrowingContexts.isEmpty { return nil }
            let known = parts.allSatisfy { part in
                LanguageTagger.lowercaseKey(s, part.lowerBound, part.upperBound, into: &key)
                if camelCase || acronym != nil { return model.knownZipf(key, language: state) > 0 }
                guard let row = model.words.value(for: key) else { return false }
                return model.zipf(Int(row), state) != 0
            }
            guard known else { return nil }
            return acronym ?? w
        } else if baseState < modelCount, borrowsFromUsualLanguage {
            // In a base that borrows from the usual foreign language (French borrowing English
            // nouns), a lone lowercase word must stand where prose borrows a noun, and one given
            // to another language must be a word of it (listed or in its tail), not merely spelled
            // like one ("datastore" is not Italian).
            // English neologisms too rare for its tail are still English-shaped ("webhook", "linter").
            if state < modelCount, state != usualLanguageIndex, !camelCase,
               !s[tokens[w].start..<tokens[w].end].contains(where: LanguageTagger.isJoiner) {
                LanguageTagger.lowercaseKey(s, tokens[w].start, tokens[w].end, into: &key)
                if model.knownZipf(key, language: state) == 0 { return nil }
            }
            if let acronym = acronymModifier(s, tokens, w) {
                // "des UX writers", "le VP engineering": an acronym before the noun it qualifies is
                // English word order (French writes "les rédacteurs UX"): the compound is English.
                return acronym
            } else if !facts.cuedLabel[w], !facts.glossed[w], !followsContextWord(s, tokens, w, from: from) { return nil }
        }
        return w
    }

    /// Whether the words with evidence of a span of `state` carry it, however many they are. In a
    /// base that borrows from the usual foreign language, a span given to another language must be
    /// made of words of it (listed or in its tail): "datastores via" is not Italian, the unknown
    /// word only spelled like it (`loneWordStart` holds a lone word to this). And the span as a
    /// whole must be clearly more likely foreign.
    func wordsCarrySpan(_ s: [Unicode.Scalar], _ tokens: [Token], _ words: [Int], state: Int, scratch: inout Scratch) -> Bool {
        let k = states.count, modelCount = model.languages.count
        if words.count > 1, state < modelCount, state != usualLanguageIndex, borrowsFromUsualLanguage,
           words.contains(where: { w in
               !tokens[w].hasUpper && { LanguageTagger.lowercaseKey(s, tokens[w].start, tokens[w].end, into: &scratch.key)
                   return model.knownZipf(scratch.key, language: state) == 0 }()
           }) { return false }
        if baseState < modelCount {
            let evidenceSum = words.reduce(Float(0)) { $0 + max(0, scratch.emissions[$1 * k + state] - scratch.emissions[$1 * k + baseState]) }
            if evidenceSum < LanguageTagger.minimumSpanEvidence + entryCost[state] { return false }
        }
        return true
    }

    /// The span `first...last` of `state` grown over its capitalised neighbours, one space away:
    /// a capitalised word no list knows, spelled like the span's language, belongs to it ("Ouvrez
    /// les Réglages"); so does a capitalised word that continues a Title Case label ("Internal
    /// Server Error" in Spanish). A label cue never joins, nor a token that breaks runs.
    func grownOverNames(_ s: [Unicode.Scalar], _ tokens: [Token], first: Int, last: Int, state: Int, facts: TokenFacts,
                        lexiconSpan: [Bool], emissions: [Float]) -> (first: Int, last: Int) {
        let n = tokens.count, k = states.count
        var first = first, last = last
        // A capitalised word with evidence beside the capitalised edge, that the span's language
        // explains nearly as well as the base language.
        func titleCase(_ w: Int, _ edge: Int) -> Bool {
            guard facts.evidence[w], tokens[w].hasUpper, tokens[edge].hasUpper, !lexiconSpan[w], baseState < model.languages.count,
                  abs(tokens[w].start - tokens[edge].end) == 1 || abs(tokens[edge].start - tokens[w].end) == 1 else { return false }
            let between = w < edge ? tokens[w].end : tokens[edge].end
            return LanguageTagger.isSpace(s[between])
                && emissions[w * k + state] >= emissions[w * k + baseState] - LanguageTagger.titleCaseMargin
        }
        while first > 0, !facts.breaksRun[first - 1], !facts.cue[first - 1],
              nameLike(tokens[first - 1], s, previous: tokens[first - 1].end, next: tokens[first].start, state)
                || (!facts.cue[first - 1] && titleCase(first - 1, first)) { first -= 1 }
        while last + 1 < n, !facts.breaksRun[last + 1],
              nameLike(tokens[last + 1], s, previous: tokens[last].end, next: tokens[last + 1].start, state)
                || titleCase(last + 1, last) { last += 1 }
        return (first, last)
    }

    /// The acronym right before the lowercase word at `w` ("UX" in "des UX writers", "et UX writers"):
    /// an acronym qualifying the noun after it is English word order, wherever it stands.
    func acronymModifier(_ s: [Unicode.Scalar], _ tokens: [Token], _ w: Int) -> Int? {
        guard w > 0 else { return nil }
        let acronym = tokens[w - 1]
        guard acronym.script == LanguageTagger.latin, acronym.hasUpper, !acronym.hasLower, !acronym.hasDigit, !acronym.isCode,
              (2...5).contains(acronym.end - acronym.start), acronym.end + 1 == tokens[w].start,
              LanguageTagger.isSpace(s[acronym.end]) else { return nil }
        return w - 1
    }

    /// True for a capitalised Latin word that no language lists, separated from the span by
    /// one space only, whose spelling fits the span's language best.
    func nameLike(_ token: Token, _ s: [Unicode.Scalar], previous: Int, next: Int, _ state: Int) -> Bool {
        guard token.script == LanguageTagger.latin, token.hasUpper, !token.hasDigit, state < model.languages.count,
              next - previous == 1, LanguageTagger.isSpace(s[previous]) else { return false }
        var key: [UInt8] = []
        LanguageTagger.lowercaseKey(s, token.start, token.end, into: &key)
        guard model.words.value(for: key) == nil, !key.contains(UInt8(ascii: "'")) else { return false }
        let hash = key.withUnsafeBufferPointer { TailFilter.hash($0) }
        guard !model.tails.joined().contains(where: { $0.contains(hash: hash) }) else { return false }
        var costs = [Float](repeating: 0, count: model.languages.count)
        trigramCosts(key, into: &costs)
        guard let best = costs.indices.min(by: { costs[$0] < costs[$1] }) else { return false }
        return best == state
    }
}
