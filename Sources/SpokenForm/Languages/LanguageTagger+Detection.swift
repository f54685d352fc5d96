/// Detection: script spans, lexicon terms, the word model's Viterbi decoding, and the
/// policies that turn decoded runs into spans (Docs/tagger.md, "How it decides").
extension LanguageTagger {
    // MARK: Detection

    /// Appends the spans found in `s[from..<to]`.
    func detect(_ s: [Unicode.Scalar], from: Int, to: Int, scratch: inout Scratch,
                into spans: inout [(start: Int, end: Int, language: String)]) {
        LanguageTagger.tokenize(s, from: from, to: to, into: &scratch.tokens)
        if !lexicon.elisions.isEmpty { splitElisions(s, &scratch.tokens) }
        LanguageTagger.markCode(s, from: from, to: to, &scratch.tokens)
        let tokens = scratch.tokens
        guard !tokens.isEmpty else { return }
        let k = states.count
        let n = tokens.count
        scratch.emissions.removeAll(keepingCapacity: true)
        scratch.emissions.append(contentsOf: repeatElement(0, count: n * k))
        scratch.forced = [Int32](repeating: -1, count: n)
        scratch.lexiconSpan = [Bool](repeating: false, count: n)
        var evidence = [Bool](repeating: false, count: n)  // a Latin word that carries language evidence
        var baseZipf = [Float](repeating: 0, count: n)

        // Script spans (not Latin, not the base script), merged across spaces and punctuation.
        var scriptSpans: [(start: Int, end: Int, language: String)] = []
        var t = 0
        while t < n {
            let token = tokens[t]
            if token.script == LanguageTagger.latin || token.script == LanguageTagger.common { t += 1; continue }
            if baseScripts.contains(token.script) || (isHanLikeBase && ICUScript.isHanLike(token.script)) {
                scratch.forced[t] = Int32(baseState)
                t += 1
                continue
            }
            var last = t
            var kana = ICUScript.isKana(token.script)
            var u = t + 1
            while u < n {
                let next = tokens[u]
                if next.script == LanguageTagger.common { u += 1; continue }  // numbers inside the run
                let same = next.script == token.script || (ICUScript.isHanLike(next.script) && ICUScript.isHanLike(token.script))
                guard same else { break }
                if ICUScript.isKana(next.script) { kana = true }
                last = u
                u += 1
            }
            if !kana, ICUScript.isHanLike(token.script) {
                kana = s[tokens[t].start..<tokens[last].end].contains { $0.value >= 0x3040 && $0.value <= 0x30FF }
            }
            let language = ICUScript.isHanLike(token.script) ? (kana ? "ja" : "zh")
                : scriptNames.likelyLanguage(of: token.script)
            if !language.isEmpty, language != locale.language {
                scriptSpans.append((tokens[t].start, tokens[last].end, language))
            }
            t = last + 1
        }

        // Lexicon matches, longest first at each token.
        var lexiconSpans: [(start: Int, end: Int, language: String)] = []
        var breaksRun = [Bool](repeating: false, count: n)  // tokens that are spans of their own
        var lexiconRanges: [(first: Int, last: Int, state: Int)] = []
        t = 0
        while t < n {
            if let match = lexiconMatch(s, tokens: tokens, at: t, key: &scratch.key, wordKey: &scratch.wordKey) {
                let state: Int32
                if let language = match.language, let index = states.firstIndex(of: language) {
                    state = Int32(index)
                } else {
                    state = Int32(baseState)
                }
                for u in t..<(t + match.count) { scratch.lexiconSpan[u] = true }
                // Neutral for the decoder (a known name must not pull its neighbours into
                // its language); it makes a span of its own, merged with a detected span
                // of the same language only when nothing but spaces separates them.
                if Int(state) != baseState {
                    for u in t..<(t + match.count) { breaksRun[u] = true }
                    lexiconRanges.append((t, t + match.count - 1, Int(state)))
                }
                t += match.count
            } else {
                t += 1
            }
        }

        // Model emissions for Latin words.
        let modelCount = model.languages.count
        for t in 0..<n where scratch.forced[t] < 0 && !scratch.lexiconSpan[t] {
            let token = tokens[t]
            guard token.script == LanguageTagger.latin else { continue }  // numbers, other scripts: no word evidence
            if token.hasDigit || token.isIdentifier { continue }  // "H264", "iOS17", "open_sync": codes, not words
            // A kebab-case name after a determiner is a borrowed compound ("le fact-checking"), elsewhere
            // an identifier ("l'attribut aria-expanded").
            if token.isCode || (isKebabIdentifier(s, token, key: &scratch.key) && !followsContextWord(s, tokens, t, from: from)) {
                // Code in running text is never read in another voice, and no span runs across it.
                breaksRun[t] = true
                continue
            }
            // All capitals ("NULL", "PATCH", "USB"): acronyms and keywords, read the base way unless the lexicon says otherwise.
            if !token.hasLower, token.end - token.start > 1 { continue }
            var found = false
            var basePenalty: Float = 0
            emit(s, token: token, into: &scratch.emissions, at: t * k, key: &scratch.key, found: &found, basePenalty: &basePenalty)
            guard found else { continue }
            evidence[t] = true
            if baseState < modelCount {
                // The base language's frequency as weighed by spelling: "skip" is known to French
                // text (Zipf 3.1) but not spelled like French, "incorrect" is both.
                baseZipf[t] = scratch.emissions[t * k + baseState] + 9 - basePenalty
            }
            for extra in modelCount..<k { scratch.emissions[t * k + extra] = LanguageTagger.impossible }
            if !baseIsLatin { scratch.emissions[t * k + baseState] = LanguageTagger.impossible }
        }
        let cue = labelCues(s, tokens)
        // The span model reads the emissions before any policy below changes them.
        let learned = spanModel != nil || (scratch.recordSpanModel && borrowsFromUsualLanguage && baseIsLatin)
        if learned {
            scratch.modelWord = (0..<n).map { t in
                let token = tokens[t]
                // An elided article or pronoun split off its word ("s'" of "s'affiche") is the base language's.
                return token.script == LanguageTagger.latin && token.hasLetter && !token.hasDigit && !token.isIdentifier
                    && !breaksRun[t] && !scratch.lexiconSpan[t] && scratch.forced[t] < 0
                    && s[token.end - 1] != "'" && s[token.end - 1] != "\u{2019}"
            }
            spanModelFeatures(s, tokens, from: from, to: to, emissions: scratch.emissions, states: k, evidence: evidence,
                              modelWord: scratch.modelWord, cue: cue, key: &scratch.key, into: &scratch.spanFeatures)
            if let spanModel {
                scratch.spanProbabilities = spanModelProbabilities(s, tokens, modelWord: scratch.modelWord,
                                                                   features: scratch.spanFeatures, weights: spanModel)
            }
        }
        markNumberedTitles(s, tokens, evidence: evidence, emissions: &scratch.emissions, states: k)
        let cuedLabel = markCuedLabels(s, tokens, cue: cue, evidence: evidence, emissions: &scratch.emissions, states: k)
        // Brackets and quotes are rare in UI strings: one scan spares the phrase and gloss passes.
        let bracketed = borrowsFromUsualLanguage && s[from..<to].contains { LanguageTagger.closingQuote(of: $0) != nil }
        var glossed = bracketed ? markGlossedWords(s, tokens, to: to, evidence: evidence, emissions: &scratch.emissions, states: k)
            : [Bool](repeating: false, count: n)
        if bracketed {
            for (t, original) in markOriginalTerms(s, tokens, to: to, evidence: evidence, emissions: &scratch.emissions, states: k).enumerated()
                where original { glossed[t] = true }
        }
        // An acronym before a lowercase noun is English word order: the noun is read as a glossed word is.
        for (t, compound) in markAcronymCompounds(s, tokens, from: from, evidence: evidence, emissions: &scratch.emissions, states: k).enumerated()
            where compound { glossed[t] = true }
        for t in 0..<n {
            let forced = Int(scratch.forced[t])
            guard forced >= 0 else { continue }
            for state in 0..<k { scratch.emissions[t * k + state] = state == forced ? 0 : LanguageTagger.impossible }
        }

        // A lexicon term takes along the words next to it that lean its way ("callback hell",
        // "middleware Express"): the term is evidence enough that the language switched.
        for range in lexiconRanges {
            var first = range.first, last = range.last
            func leans(_ w: Int, _ edge: Int) -> Bool {
                guard evidence[w], !breaksRun[w], range.state < modelCount, baseState < modelCount,
                      baseZipf[w] < LanguageTagger.functionWordZipf else { return false }
                let between = w < edge ? tokens[w].end : tokens[edge].end
                let gap = w < edge ? tokens[edge].start - tokens[w].end : tokens[w].start - tokens[edge].end
                guard gap == 1, LanguageTagger.isSpace(s[between]) else { return false }
                return scratch.emissions[w * k + range.state] - scratch.emissions[w * k + baseState] >= LanguageTagger.lexiconNeighbourMargin
            }
            while first > 0, leans(first - 1, first) { first -= 1; breaksRun[first] = true }
            while last + 1 < n, leans(last + 1, last) { last += 1; breaksRun[last] = true }
            lexiconSpans.append((tokens[first].start, tokens[last].end, states[range.state]))
        }

        // A phrase its author said is in another language ("(binding en anglais)") is that language's.
        if !lexicon.languageCues.isEmpty, s[from..<to].contains(where: { $0 == ")" || $0 == "]" }) {
            let blocked = (0..<n).map { breaksRun[$0] || scratch.lexiconSpan[$0] || tokens[$0].isCode }
            for phrase in languageCuePhrases(s, tokens, from: from, to: to, baseZipf: baseZipf, blocked: blocked,
                                                  emissions: scratch.emissions, states: k) {
                for w in phrase.first...phrase.last { breaksRun[w] = true }
                lexiconSpans.append((tokens[phrase.first].start, tokens[phrase.last].end, states[phrase.state]))
            }
        }

        // A quoted or bracketed phrase is judged as a whole ("[content design]", "« Community Chats »"):
        // its words need not each be foreign, the phrase must be.
        if bracketed, spanModel == nil, let usual = usualLanguageIndex {
            for phrase in quotedPhrases(s, tokens, from: from, to: to) where !(phrase.first...phrase.last).contains(where: { breaksRun[$0] || scratch.lexiconSpan[$0] }) {
                // An aside that opens with a small word of the base language ("(ou clickjacking)") is
                // the base language's sentence around a term, not a foreign phrase: its words are
                // judged one by one.
                if evidence[phrase.first], baseZipf[phrase.first] >= LanguageTagger.contextWordZipf,
                   scratch.emissions[phrase.first * k + usual] <= scratch.emissions[phrase.first * k + baseState] { continue }
                var sum: Float = 0, strongest: Float = 0
                for w in phrase.first...phrase.last where evidence[w] {
                    let lean = scratch.emissions[w * k + usual] - scratch.emissions[w * k + baseState]
                    sum += lean
                    strongest = max(strongest, lean)
                }
                guard sum >= LanguageTagger.minimumSpanEvidence, strongest >= LanguageTagger.quotedPhraseLean else { continue }
                for w in phrase.first...phrase.last { breaksRun[w] = true }
                lexiconSpans.append((tokens[phrase.first].start, tokens[phrase.last].end, states[usual]))
            }
        }

        // Viterbi decoding with a switch cost; entering and leaving a foreign language both pay it.
        let path = decode(emissions: scratch.emissions, count: n, states: k)

        // Runs of foreign states become spans, trimmed to the words that carry evidence.
        var latinSpans: [(start: Int, end: Int, language: String)] = []
        t = 0
        while t < n {
            let state = Int(path[t])
            guard state != baseState, !breaksRun[t] else { t += 1; continue }
            var u = t
            // A word of another script ends the run: it is a span of its own.
            while u + 1 < n, Int(path[u + 1]) == state, !breaksRun[u + 1],
                  tokens[u + 1].script == LanguageTagger.latin || tokens[u + 1].script == LanguageTagger.common,
                  !LanguageTagger.closesRun(s, tokens[u].end, tokens[u + 1].start, lists: borrowsFromUsualLanguage) { u += 1 }
            var words = (t...u).filter { evidence[$0] }
            defer { t = u + 1 }
            // An edge word the base language explains as well stays in the base voice when it is a
            // function word ("a" in "Breaking Bad a remporté"), or a lowercase word before or after a
            // capitalised label ("le badge New", "la page Privacy Policy"); cognates inside a phrase
            // ("file not found", "Terms of Service") stay in it.
            func trimmable(_ w: Int, inner: Int?, left: Bool) -> Bool {
                guard baseState < modelCount else { return false }
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
                if baseZipf[w] >= LanguageTagger.contextWordZipf { return true }
                guard let inner else { return false }
                // A lowercase word the base language uses as well ("le standard OGC API Processes",
                // "l'argument results") does not open a span of other words: it is the base noun the
                // foreign name stands beside. At the right edge it is the head of the foreign compound
                // ("product designers") and stays; so does one held to its neighbour by a small word of
                // the span's language ("file not found").
                if left, !tokens[w].hasUpper, baseZipf[w] >= LanguageTagger.ambiguousZipf,
                   scratch.emissions[inner * k + state] + 9 < LanguageTagger.functionWordZipf { return true }
                return !tokens[w].hasUpper && tokens[inner].hasUpper
            }
            // A label cue is the base language's own word ("Open" in Dutch "Open Settings").
            while let first = words.first, cue[first] { words.removeFirst() }
            while let first = words.first, trimmable(first, inner: words.dropFirst().first, left: true) { words.removeFirst() }
            while let last = words.last, trimmable(last, inner: words.dropLast().last, left: false) { words.removeLast() }
            guard var first = words.first, var last = words.last else { continue }
            // Words of one to three letters alone ("lt", "gt", "de la") are too little to judge by.
            guard words.contains(where: { tokens[$0].end - tokens[$0].start >= 4 }) else { continue }
            if words.count == 1 {
                let parts = LanguageTagger.camelCaseParts(s, tokens[first].start, tokens[first].end)
                let camelCase = parts.count > 1 && tokens[first].hasLower
                    && !s[tokens[first].start..<tokens[first].end].contains(where: LanguageTagger.isJoiner)
                // A lone word: only if it is not a common word of the base language. A CamelCase
                // name is no word of any language: its parts decide ("ScreenTime" is not French).
                // A control's name after a label cue is judged by the word model alone ("sur Next").
                // So is a word the author translated in brackets ("un board [comité]").
                if baseZipf[first] >= LanguageTagger.ambiguousZipf, !camelCase, !cuedLabel[first], !glossed[first] { continue }
                // Nor a word of fewer than four letters ("ui" in "(O)ui", "bra"): too little to judge by.
                if tokens[first].end - tokens[first].start < 4 { continue }
                // A capitalised lone word must be one of the language's listed (frequent) words:
                // rarer capitalised words are mostly names ("Falkland", "Dvorak"), spoken the base way.
                // A CamelCase name must be made of words the language knows ("AccessibilityEvent").
                if tokens[first].hasUpper, state < modelCount, !cuedLabel[first] {
                    // After an acronym it names what the acronym qualifies, in English word order ("ARIA
                    // Accordion", "WMS Raster"): any word the language knows will do.
                    let acronym = !camelCase && state == usualLanguageIndex && borrowsFromUsualLanguage
                        ? acronymModifier(s, tokens, first) : nil
                    // A capitalised word alone is a one-word name ("React", "Chrome", "Edge"), spoken in
                    // the base voice, in a base that writes common nouns in lowercase and lists where it
                    // borrows them: people who mark languages leave such names alone (Docs/tagger.md,
                    // "Names"). A control's name after a label cue, a glossed word and the noun an
                    // acronym qualifies are judged as before; the lexicon lists names spoken otherwise.
                    if !camelCase, acronym == nil, !glossed[first], !lexicon.borrowingContexts.isEmpty { continue }
                    let known = parts.allSatisfy { part in
                        LanguageTagger.lowercaseKey(s, part.lowerBound, part.upperBound, into: &scratch.key)
                        if camelCase || acronym != nil { return model.knownZipf(scratch.key, language: state) > 0 }
                        guard let row = model.words.value(for: scratch.key) else { return false }
                        return model.zipf(Int(row), state) != 0
                    }
                    guard known else { continue }
                    if let acronym { first = acronym }
                } else if baseState < modelCount, borrowsFromUsualLanguage {
                    // In a base that borrows from the usual foreign language (French borrowing English
                    // nouns), a lone lowercase word must stand where prose borrows a noun, and one given
                    // to another language must be a word of it (listed or in its tail), not merely spelled
                    // like one ("datastore" is not Italian).
                    // English neologisms too rare for its tail are still English-shaped ("webhook", "linter").
                    if state < modelCount, state != usualLanguageIndex, !camelCase,
                       !s[tokens[first].start..<tokens[first].end].contains(where: LanguageTagger.isJoiner) {
                        LanguageTagger.lowercaseKey(s, tokens[first].start, tokens[first].end, into: &scratch.key)
                        if model.knownZipf(scratch.key, language: state) == 0 { continue }
                    }
                    if let acronym = acronymModifier(s, tokens, first) {
                        // "des UX writers", "le VP engineering": an acronym before the noun it qualifies is
                        // English word order (French writes "les rédacteurs UX"): the compound is English.
                        first = acronym
                    } else if !cuedLabel[first], !glossed[first], !followsContextWord(s, tokens, first, from: from) { continue }
                }
            }
            // In a base that borrows from the usual foreign language, a span given to another language
            // must be made of words of it (listed or in its tail): "datastores via" is not Italian, the
            // unknown word only spelled like it. A lone word is held to this above.
            if words.count > 1, state < modelCount, state != usualLanguageIndex, borrowsFromUsualLanguage,
               words.contains(where: { w in
                   !tokens[w].hasUpper && { LanguageTagger.lowercaseKey(s, tokens[w].start, tokens[w].end, into: &scratch.key)
                       return model.knownZipf(scratch.key, language: state) == 0 }()
               }) { continue }
            if baseState < modelCount {
                // However many words, the span as a whole must be clearly more likely foreign.
                let evidenceSum = words.reduce(Float(0)) { $0 + max(0, scratch.emissions[$1 * k + state] - scratch.emissions[$1 * k + baseState]) }
                if evidenceSum < LanguageTagger.minimumSpanEvidence + entryCost[state] { continue }
            }
            // A capitalised word no list knows, spelled like the span's language, belongs to it ("Ouvrez les Réglages").
            // So does a capitalised word that continues a Title Case label ("Internal Server Error" in Spanish).
            func titleCase(_ w: Int, _ edge: Int) -> Bool {
                guard evidence[w], tokens[w].hasUpper, tokens[edge].hasUpper, !scratch.lexiconSpan[w], baseState < modelCount,
                      abs(tokens[w].start - tokens[edge].end) == 1 || abs(tokens[edge].start - tokens[w].end) == 1 else { return false }
                let between = w < edge ? tokens[w].end : tokens[edge].end
                return LanguageTagger.isSpace(s[between])
                    && scratch.emissions[w * k + state] >= scratch.emissions[w * k + baseState] - LanguageTagger.titleCaseMargin
            }
            while first > 0, !breaksRun[first - 1], !cue[first - 1], nameLike(tokens[first - 1], s, previous: tokens[first - 1].end, next: tokens[first].start, state)
                    || (!cue[first - 1] && titleCase(first - 1, first)) { first -= 1 }
            while last + 1 < n, !breaksRun[last + 1], nameLike(tokens[last + 1], s, previous: tokens[last].end, next: tokens[last + 1].start, state)
                    || titleCase(last + 1, last) { last += 1 }
            latinSpans.append((tokens[first].start, tokens[last].end, states[state]))
        }
        // A lone word given a third language right next to a span ("tortillas de | patata") goes
        // with its neighbour when that language knows it too, and is dropped otherwise.
        // The words of a span with evidence: at most two are looked for (a binary search finds the first).
        func evidenceWord(of span: (start: Int, end: Int, language: String)) -> (word: Int?, count: Int) {
            var low = 0, high = n
            while low < high { let middle = (low + high) / 2; if tokens[middle].start < span.start { low = middle + 1 } else { high = middle } }
            var found: Int?
            var count = 0
            var w = low
            while w < n, tokens[w].end <= span.end, count < 2 {
                if evidence[w] { found = w; count += 1 }
                w += 1
            }
            return (found, count)
        }
        func knows(_ language: String, _ word: Int) -> Bool {
            let neighbourState = states.firstIndex(of: language) ?? baseState
            return neighbourState < modelCount && scratch.emissions[word * k + neighbourState] > Float(model.floorZipf) / 10 - 9
        }
        if zip(latinSpans, latinSpans.dropFirst()).allSatisfy({ $0.end <= $1.start }) {
            // Spans in order without overlap (as the runs make them): only the spans either side can
            // touch one, so one pass, linear in the text, does it.
            var pending = latinSpans
            var kept: [(start: Int, end: Int, language: String)] = []
            kept.reserveCapacity(pending.count)
            var i = 0
            while i < pending.count {
                let span = pending[i]
                i += 1
                guard kept.count + (pending.count - i) >= 1, case let (word?, 1) = evidenceWord(of: span) else { kept.append(span); continue }
                if let previous = kept.last, previous.language != span.language, LanguageTagger.onlySpaces(s, previous.end, span.start) {
                    if knows(previous.language, word) { kept[kept.count - 1].end = max(span.end, previous.end) }
                } else if i < pending.count, pending[i].language != span.language, LanguageTagger.onlySpaces(s, span.end, pending[i].start) {
                    if knows(pending[i].language, word) { pending[i].start = min(span.start, pending[i].start) }
                } else {
                    kept.append(span)
                }
            }
            latinSpans = kept
        } else {
            var index = 0
            while latinSpans.count > 1, index < latinSpans.count {
                let span = latinSpans[index]
                guard case let (word?, 1) = evidenceWord(of: span) else { index += 1; continue }
                let neighbour = latinSpans.indices.first { other in
                    other != index && latinSpans[other].language != span.language
                        && (LanguageTagger.onlySpaces(s, latinSpans[other].end, span.start) || LanguageTagger.onlySpaces(s, span.end, latinSpans[other].start))
                }
                guard let neighbour else { index += 1; continue }
                if knows(latinSpans[neighbour].language, word) {
                    latinSpans[neighbour] = (min(span.start, latinSpans[neighbour].start), max(span.end, latinSpans[neighbour].end), latinSpans[neighbour].language)
                }
                latinSpans.remove(at: index)
            }
        }
        if learned, let usual = usualLanguageIndex {
            // The span model decides the usual foreign language; the decoder keeps the other languages,
            // and the names of controls after a label cue ("Appuyez sur Next", "le bouton Skip"), which
            // no annotated prose covers (Docs/tagger.md, "The learned span model").
            var cued = [Bool](repeating: false, count: latinSpans.count)
            var w = 0
            for (index, span) in latinSpans.enumerated() where span.language == states[usual] {
                while w < n, tokens[w].end <= span.start { w += 1 }
                var u = w
                while u < n, tokens[u].start < span.end { if cuedLabel[u] { cued[index] = true }; u += 1 }
            }
            latinSpans = latinSpans.indices.filter { latinSpans[$0].language != states[usual] || cued[$0] }.map { latinSpans[$0] }
            if scratch.recordSpanModel { scratch.fixedSpans += latinSpans + lexiconSpans + scriptSpans }
        }
        if let spanModel {
            var taken = breaksRun
            var w = 0
            for span in latinSpans.sorted(by: { $0.start < $1.start }) {
                while w < n, tokens[w].end <= span.start { w += 1 }
                var u = w
                while u < n, tokens[u].start < span.end { taken[u] = true; u += 1 }
            }
            latinSpans += spanModelSpans(s, tokens, modelWord: scratch.modelWord, probabilities: scratch.spanProbabilities,
                                         taken: taken, weights: spanModel)
            latinSpans.sort { $0.start < $1.start }
        }
        latinSpans += lexiconSpans

        // Merge both kinds, in order; a script span never overlaps a Latin one (different tokens).
        var all = latinSpans + scriptSpans
        all.sort { $0.start < $1.start }
        for index in all.indices {
            // A question or exclamation mark written against the last word carries that language's intonation.
            let end = all[index].end
            if end < to, s[end] == "?" || s[end] == "!" { all[index].end = end + 1 }
        }
        for span in all {
            if let last = spans.last, span.start < last.end {
                // Overlap (should not happen): keep the earlier span, extended if the languages agree.
                if last.language == span.language { spans[spans.count - 1].end = max(last.end, span.end) }
                continue
            }
            if let last = spans.last, last.language == span.language,
               s[last.end..<span.start].allSatisfy({ LanguageTagger.script(of: $0) == LanguageTagger.common && !LanguageTagger.isDigit($0) }) {
                spans[spans.count - 1].end = span.end
            } else {
                spans.append(span)
            }
        }
    }

    /// Runs of two to six words between an opening bracket or quote and its closing one, separated by
    /// spaces only, none of them code or of another script: "[content design]", "« Community Chats »".
    func quotedPhrases(_ s: [Unicode.Scalar], _ tokens: [Token], from: Int, to: Int) -> [(first: Int, last: Int)] {
        var phrases: [(first: Int, last: Int)] = []
        var t = 0
        while t < tokens.count {
            defer { t += 1 }
            let gapStart = t > 0 ? tokens[t - 1].end : from
            guard let open = s[gapStart..<tokens[t].start].last(where: { !LanguageTagger.isSpace($0) }),
                  let close = LanguageTagger.closingQuote(of: open) else { continue }
            var u = t
            while u - t < 6 {
                let token = tokens[u]
                guard token.script == LanguageTagger.latin, token.hasLetter, !token.isCode, !token.hasDigit else { break }
                let gapEnd = u + 1 < tokens.count ? tokens[u + 1].start : to
                let mark = s[token.end..<gapEnd].first { !LanguageTagger.isSpace($0) }
                if mark == close {
                    if u > t { phrases.append((t, u)) }
                    break
                }
                guard mark == nil, u + 1 < tokens.count else { break }
                u += 1
            }
        }
        return phrases
    }

    /// The closing bracket or quote of an opening one.
    static func closingQuote(of open: Unicode.Scalar) -> Unicode.Scalar? {
        switch open {
        case "(": return ")"
        case "[": return "]"
        case "\u{AB}": return "\u{BB}"
        case "\u{201C}": return "\u{201D}"
        case "\"": return "\""
        default: return nil
        }
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

    /// Best state sequence; O(tokens × states) since every switch costs the same.
    ///
    /// A state's best predecessor is either itself or the best state of the step before, so
    /// the back pointers are one bit per state and token plus that best state per token (not
    /// an `Int32` per state and token: on a huge line they were the tagger's largest table).
    func decode(emissions: [Float], count n: Int, states k: Int) -> [Int32] {
        let cost = LanguageTagger.switchCost
        var score = [Float](repeating: 0, count: k)
        let stayBytes = (k + 7) / 8
        var stayed = [UInt8](repeating: 0, count: n * stayBytes)
        var bestBefore = [Int32](repeating: 0, count: n)
        for state in 0..<k { score[state] = emissions[state] - (state == baseState ? 0 : cost + entryCost[state]) }
        var next = score
        for t in 1..<max(n, 1) {
            var bestState = 0
            for state in 1..<k where score[state] > score[bestState] { bestState = state }
            let best = score[bestState]
            bestBefore[t] = Int32(bestState)
            for state in 0..<k {
                let stay = score[state], switched = best - cost - entryCost[state]
                if stay >= switched {
                    next[state] = stay + emissions[t * k + state]
                    stayed[t * stayBytes + state >> 3] |= 1 << UInt8(state & 7)
                } else {
                    next[state] = switched + emissions[t * k + state]
                }
            }
            swap(&score, &next)
        }
        var last = baseState
        var bestFinal = score[baseState]
        for state in 0..<k where state != baseState && score[state] - cost > bestFinal {
            bestFinal = score[state] - cost
            last = state
        }
        var path = [Int32](repeating: Int32(baseState), count: n)
        path[n - 1] = Int32(last)
        if n > 1 {
            for t in stride(from: n - 1, to: 0, by: -1) {
                let state = Int(path[t])
                path[t - 1] = stayed[t * stayBytes + state >> 3] & (1 << UInt8(state & 7)) != 0 ? Int32(state) : bestBefore[t]
            }
        }
        return path
    }
}
