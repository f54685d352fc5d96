/// Detection: the order in which the evidence is read and the policies are applied (Docs/tagger.md,
/// "How it decides"). Each step lives with its concern: `+ScriptSpans.swift`, `+LexiconTerms.swift`,
/// `+Emissions.swift`, `+Phrases.swift`, `+Decoding.swift`, `+Runs.swift`, `+SpanPolicies.swift`
/// and `+SpanModel.swift`.
extension LanguageTagger {
    // MARK: Detection

    /// What one detection pass has found about each token: the span policies after the word model
    /// read it, and some of them mark more tokens as breaking runs.
    struct TokenFacts {
        /// A Latin word that carries language evidence: the word model gave it emissions.
        var evidence: [Bool]
        /// The base language's frequency of a word with evidence, as weighed by its spelling (Zipf).
        var baseZipf: [Float]
        /// Tokens that no decoded run takes or crosses: code, and the words of lexicon terms and
        /// phrases, which are spans of their own.
        var breaksRun: [Bool]
        /// Label cues of the base language ("sur", "op", "tap").
        var cue: [Bool] = []
        /// Capitalised words right after a label cue: the names of controls.
        var cuedLabel: [Bool] = []
        /// Words their author translated in brackets, original terms, and nouns an acronym qualifies.
        var glossed: [Bool] = []

        init(count n: Int) {
            evidence = [Bool](repeating: false, count: n)
            baseZipf = [Float](repeating: 0, count: n)
            breaksRun = [Bool](repeating: false, count: n)
        }
    }

    /// Appends the spans found in `s[from..<to]`: words of other scripts, lexicon terms and the
    /// phrases their context marks, then the runs the decoder gives another language that the span
    /// policies keep.
    func detect(_ s: [Unicode.Scalar], from: Int, to: Int, scratch: inout Scratch, into spans: inout [ScalarSpan]) {
        LanguageTagger.tokenize(s, from: from, to: to, into: &scratch.tokens)
        if !lexicon.elisions.isEmpty { splitElisions(s, &scratch.tokens) }
        LanguageTagger.markCode(s, from: from, to: to, &scratch.tokens)
        let tokens = scratch.tokens
        guard !tokens.isEmpty else { return }
        let n = tokens.count
        scratch.emissions.removeAll(keepingCapacity: true)
        scratch.emissions.append(contentsOf: repeatElement(0, count: n * states.count))
        scratch.forced = [Int32](repeating: -1, count: n)
        scratch.lexiconSpan = [Bool](repeating: false, count: n)
        var facts = TokenFacts(count: n)

        let scriptSpans = self.scriptSpans(s, tokens, forced: &scratch.forced)
        let terms = lexiconTerms(s, tokens, scratch: &scratch, breaksRun: &facts.breaksRun)
        emitWordEvidence(s, tokens, from: from, scratch: &scratch, facts: &facts)
        facts.cue = labelCues(s, tokens)
        // The span model reads the emissions before any policy below changes them.
        let learned = spanModel != nil || (scratch.recordSpanModel && borrowsFromUsualLanguage && baseIsLatin)
        if learned { readSpanModelInputs(s, tokens, from: from, to: to, facts: facts, scratch: &scratch) }
        // Brackets and quotes are rare in UI strings: one scan spares the phrase and gloss passes.
        let bracketed = borrowsFromUsualLanguage && s[from..<to].contains { LanguageTagger.closingQuote(of: $0) != nil }
        markContextEvidence(s, tokens, from: from, to: to, bracketed: bracketed, facts: &facts, emissions: &scratch.emissions)
        pinForcedStates(&scratch)

        var lexiconSpans: [ScalarSpan] = []
        appendLexiconTermSpans(s, tokens, terms, emissions: scratch.emissions, facts: &facts, into: &lexiconSpans)
        appendLanguageCuePhraseSpans(s, tokens, from: from, to: to, lexiconSpan: scratch.lexiconSpan,
                                     emissions: scratch.emissions, facts: &facts, into: &lexiconSpans)
        if bracketed, spanModel == nil, let usual = usualLanguageIndex {
            appendQuotedPhraseSpans(s, tokens, from: from, to: to, usual: usual, lexiconSpan: scratch.lexiconSpan,
                                    emissions: scratch.emissions, facts: &facts, into: &lexiconSpans)
        }

        // Viterbi decoding with a switch cost; entering and leaving a foreign language both pay it.
        let path = decode(emissions: scratch.emissions, count: n, states: states.count)
        var latinSpans = runSpans(s, tokens, path: path, from: from, facts: facts, scratch: &scratch)
        settleLoneThirdLanguageWords(&latinSpans, s, tokens, evidence: facts.evidence, emissions: scratch.emissions)
        if learned, let usual = usualLanguageIndex {
            latinSpans = spansLeftToDecoder(latinSpans, tokens, usual: usual, cuedLabel: facts.cuedLabel)
            if scratch.recordSpanModel { scratch.fixedSpans += latinSpans + lexiconSpans + scriptSpans }
        }
        if let spanModel {
            addSpanModelSpans(&latinSpans, s, tokens, breaksRun: facts.breaksRun, modelWord: scratch.modelWord,
                              probabilities: scratch.spanProbabilities, weights: spanModel)
        }
        latinSpans += lexiconSpans
        LanguageTagger.appendInOrder(latinSpans, scriptSpans, s, to: to, into: &spans)
    }

    /// Context that raises a language's emissions before decoding: a numbered Title Case title,
    /// a control named after a label cue, and, in text with brackets or quotes, a word its author
    /// glossed and an original term; then the noun an acronym qualifies. Records the cued labels
    /// and the glossed words, which the lone-word policy lets through.
    func markContextEvidence(_ s: [Unicode.Scalar], _ tokens: [Token], from: Int, to: Int, bracketed: Bool,
                             facts: inout TokenFacts, emissions: inout [Float]) {
        let k = states.count
        markNumberedTitles(s, tokens, evidence: facts.evidence, emissions: &emissions, states: k)
        facts.cuedLabel = markCuedLabels(s, tokens, cue: facts.cue, evidence: facts.evidence, emissions: &emissions, states: k)
        facts.glossed = bracketed ? markGlossedWords(s, tokens, to: to, evidence: facts.evidence, emissions: &emissions, states: k)
            : [Bool](repeating: false, count: tokens.count)
        if bracketed {
            for (t, original) in markOriginalTerms(s, tokens, to: to, evidence: facts.evidence, emissions: &emissions, states: k).enumerated()
                where original { facts.glossed[t] = true }
        }
        // An acronym before a lowercase noun is English word order: the noun is read as a glossed word is.
        for (t, compound) in markAcronymCompounds(s, tokens, from: from, evidence: facts.evidence, emissions: &emissions, states: k).enumerated()
            where compound { facts.glossed[t] = true }
    }

    /// A token in the base language's own script (`scriptSpans` forces it) is the base language's
    /// whatever its neighbours: every other state is impossible for the decoder.
    func pinForcedStates(_ scratch: inout Scratch) {
        let k = states.count
        for t in 0..<scratch.forced.count {
            let forced = Int(scratch.forced[t])
            guard forced >= 0 else { continue }
            for state in 0..<k { scratch.emissions[t * k + state] = state == forced ? 0 : LanguageTagger.impossible }
        }
    }
}
