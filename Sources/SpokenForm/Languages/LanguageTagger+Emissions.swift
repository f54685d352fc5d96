/// Emissions: the log10 probability of a Latin word in each model language, from its listed
/// frequency, its tail tier, or its spelling (character trigrams).
extension LanguageTagger {
    /// Fills the emissions of the Latin words no script or lexicon term has decided, and records in
    /// `facts` the words that carry evidence and how the base language weighs them. Numbers, codes
    /// with digits, identifiers and acronyms carry none; code in running text also breaks runs.
    func emitWordEvidence(_ s: [Unicode.Scalar], _ tokens: [Token], from: Int, scratch: inout Scratch, facts: inout TokenFacts) {
        let k = states.count, modelCount = model.languages.count
        for t in 0..<tokens.count where scratch.forced[t] < 0 && !scratch.lexiconSpan[t] {
            let token = tokens[t]
            guard token.script == LanguageTagger.latin else { continue }  // numbers, other scripts: no word evidence
            if token.hasDigit || token.isIdentifier { continue }  // "H264", "iOS17", "open_sync": codes, not words
            // A kebab-case name after a determiner is a borrowed compound ("le fact-checking"), elsewhere
            // an identifier ("l'attribut aria-expanded").
            if token.isCode || (isKebabIdentifier(s, token, key: &scratch.key) && !followsContextWord(s, tokens, t, from: from)) {
                // Code in running text is never read in another voice, and no span runs across it.
                facts.breaksRun[t] = true
                continue
            }
            // All capitals ("NULL", "PATCH", "USB"): acronyms and keywords, read the base way unless the lexicon says otherwise.
            if !token.hasLower, token.end - token.start > 1 { continue }
            var found = false
            var basePenalty: Float = 0
            emit(s, token: token, into: &scratch.emissions, at: t * k, key: &scratch.key, found: &found, basePenalty: &basePenalty)
            guard found else { continue }
            facts.evidence[t] = true
            if baseState < modelCount {
                // The base language's frequency as weighed by spelling: "skip" is known to French
                // text (Zipf 3.1) but not spelled like French, "incorrect" is both.
                facts.baseZipf[t] = scratch.emissions[t * k + baseState] + 9 - basePenalty
            }
            for extra in modelCount..<k { scratch.emissions[t * k + extra] = LanguageTagger.impossible }
            if !baseIsLatin { scratch.emissions[t * k + baseState] = LanguageTagger.impossible }
        }
    }

    /// Fills the emissions of one Latin word: log10 probability of the word in each
    /// model language. `found` is false for a word that carries no evidence (a
    /// capitalised word no language lists: a name, an acronym).
    func emit(_ s: [Unicode.Scalar], token: Token, into emissions: inout [Float], at offset: Int,
              key: inout [UInt8], found: inout Bool) {
        var ignored: Float = 0
        emit(s, token: token, into: &emissions, at: offset, key: &key, found: &found, basePenalty: &ignored)
    }

    /// `basePenalty`: how unlike the base language the word is spelled, when the base language
    /// knows it only through its tail filter.
    func emit(_ s: [Unicode.Scalar], token: Token, into emissions: inout [Float], at offset: Int,
              key: inout [UInt8], found: inout Bool, basePenalty: inout Float) {
        basePenalty = 0
        let m = model.languages.count
        LanguageTagger.lowercaseKey(s, token.start, token.end, into: &key)
        if key.last == UInt8(ascii: "'") { key.removeLast() }  // an elided "l'" is listed as "l"
        let index = model.words.value(for: key).map(Int.init)
        let joined = key.contains(where: { $0 == UInt8(ascii: "'") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") })
        if index == nil, !joined, token.hasUpper, token.hasLower, LanguageTagger.camelCasePartCount(s, token.start, token.end) > 1 {
            let parts = LanguageTagger.camelCaseParts(s, token.start, token.end)
            if parts.count > 1 {
                // A CamelCase name no list holds whole ("ScreenTime", "PowerPoint", "GetCapabilities")
                // is scored by its parts: made of English words, it is English.
                var partEmission = [Float](repeating: 0, count: m)
                var known = 0
                for l in 0..<m { emissions[offset + l] = 0 }
                for part in parts {
                    LanguageTagger.lowercaseKey(s, part.lowerBound, part.upperBound, into: &key)
                    guard fill(index: model.words.value(for: key).map(Int.init), key: key, into: &partEmission, at: 0) else { continue }
                    known += 1
                    for l in 0..<m { emissions[offset + l] += partEmission[l] }
                }
                found = known > 0
                for l in 0..<m { emissions[offset + l] = found ? emissions[offset + l] / Float(known) : 0 }
                return
            }
        }
        if index != nil || !joined {
            let known = fill(index: index, key: key, into: &emissions, at: offset, basePenalty: &basePenalty,
                             doubtsBaseTail: !token.hasUpper)
            // A capitalised word no language knows is a name or an acronym: no evidence.
            found = known || !token.hasUpper
            if !found { for l in 0..<m { emissions[offset + l] = 0 } }
            return
        }
        // Not listed whole: score the parts of "l'application", "plug-and-play", "Node.js".
        var partStart = 0
        var any = false
        var parts = 0
        let whole = key
        var partEmission = [Float](repeating: 0, count: m)
        for i in 0...whole.count {
            let atEnd = i == whole.count
            guard atEnd || whole[i] == UInt8(ascii: "'") || whole[i] == UInt8(ascii: "-") || whole[i] == UInt8(ascii: ".") else { continue }
            if i > partStart {
                let part = Array(whole[partStart..<i])
                parts += 1
                let known = fill(index: model.words.value(for: part).map(Int.init), key: part, into: &partEmission, at: 0)
                if known || !token.hasUpper {
                    any = true
                    for l in 0..<m { emissions[offset + l] += partEmission[l] }
                }
            }
            partStart = i + 1
        }
        if parts > 1 {
            // A compound's parts are not independent words: average, so length does not count twice.
            for l in 0..<m { emissions[offset + l] /= Float(parts) }
        }
        found = any
        if !any { for l in 0..<m { emissions[offset + l] = 0 } }
    }

    /// Emissions of a word in each model language: its listed frequency, else the tail
    /// frequency when the language's tail filter holds it, else the floor lowered by how
    /// unlike the language's spelling the word is. `index` is the word's row in the list
    /// (nil: listed nowhere). Returns false when no language knows the word.
    @discardableResult
    func fill(index: Int?, key: [UInt8], into emissions: inout [Float], at offset: Int) -> Bool {
        var ignored: Float = 0
        return fill(index: index, key: key, into: &emissions, at: offset, basePenalty: &ignored)
    }

    /// `doubtsBaseTail`: a rare base-language word (tail, below `adoptedZipf`) that the usual foreign
    /// language knows better and that is spelled like it is weighed down by that spelling: lowercase
    /// "storytelling", "metrics" in French are borrowed English; capitalised words are names ("GeoServer").
    func fill(index: Int?, key: [UInt8], into emissions: inout [Float], at offset: Int, basePenalty: inout Float,
              doubtsBaseTail: Bool = false) -> Bool {
        basePenalty = 0
        let m = model.languages.count
        let floor = Float(model.floorZipf) / 10 - 9
        let hash = key.withUnsafeBufferPointer { TailFilter.hash($0) }
        var known = false
        var unknown = false
        for l in 0..<m {
            if let index, model.zipf(index, l) != 0 {
                emissions[offset + l] = Float(model.zipf(index, l)) / 10 - 9
                known = true
            } else if let tier = model.tails[l].first(where: { $0.contains(hash: hash) }) {
                emissions[offset + l] = -Float(tier.zipf) / 10 + 9  // positive marks "tail": spelling check below
                known = true
                unknown = true
            } else {
                emissions[offset + l] = .nan
                unknown = true
            }
        }
        // A word this frequent in the base language is settled by frequency: the spelling of
        // the languages that lack it would not change the outcome (and costs time).
        if unknown, let index, baseState < m, model.zipf(index, baseState) >= LanguageTagger.settledZipf {
            for l in 0..<m where emissions[offset + l].isNaN { emissions[offset + l] = floor }
            for l in 0..<m where emissions[offset + l] > 0 { emissions[offset + l] = -emissions[offset + l] }
            unknown = false
        }
        if unknown {
            // Words a language does not list, or knows only through its tail filter (which has
            // false positives), are weighed by how well their spelling fits the language.
            var costs = [Float](repeating: 0, count: m)
            trigramCosts(key, into: &costs)
            let best = costs.min() ?? 0
            // A word the base language lacks, that the usual foreign language knows and that is spelled
            // more like it ("checkbox", not "tabulation"), is weighed as foreign.
            let usualKnows = usualLanguageIndex.map { usual in
                usual != baseState && baseState < m && !emissions[offset + usual].isNaN && costs[baseState] > costs[usual]
            } ?? false
            for l in 0..<m {
                let value = emissions[offset + l]
                if value.isNaN {
                    emissions[offset + l] = floor - LanguageTagger.trigramWeight * (costs[l] - best)
                    if l == baseState, usualKnows { emissions[offset + l] -= LanguageTagger.absentFromBaseCost }
                } else if value > 0 {
                    // Half weight: the filter's rare false positives (1% per tier) only need a mild
                    // check. The full penalty counts for the lone-word ambiguity test ("skip" in French).
                    // The rarest tier (below Zipf 2.5) holds much noise from other languages: full weight.
                    // So do the tails of languages other than English, rarely met in other text.
                    let weight = 9 - value < 2.5 || l != usualLanguageIndex
                        ? LanguageTagger.trigramWeight : LanguageTagger.trigramWeight / 2
                    let penalty = weight * (costs[l] - best)
                    if l == baseState {
                        // The base language's own rare words are not doubted ("motto" in English).
                        emissions[offset + l] = -value
                        // A word this frequent in base-language text is adopted, however it is spelled ("planning").
                        basePenalty = 9 - value >= LanguageTagger.adoptedZipf ? 0 : penalty
                        // Unless the usual foreign language knows it better and spells it so (see `doubtsBaseTail`).
                        if doubtsBaseTail, usualKnows, basePenalty > LanguageTagger.borrowedSpellingMargin,
                           let usual = usualLanguageIndex, model.knownZipf(key, language: usual) > 9 - value {
                            emissions[offset + l] -= basePenalty - LanguageTagger.borrowedSpellingMargin
                        }
                    } else {
                        emissions[offset + l] = -value - penalty
                    }
                }
            }
        }
        return known
    }

    /// -log10 probability of the word's character trigrams ("_" marks the word edges), per language.
    func trigramCosts(_ key: [UInt8], into costs: inout [Float]) {
        let m = model.languages.count
        // A rolling window over "_" + word + "_", without building an array of scalars.
        var a: Unicode.Scalar = "_", b: Unicode.Scalar = "_"
        var seen = 0
        func add(_ c: Unicode.Scalar) {
            if seen >= 2 {
                let packed = LatinLanguageModel.pack(a, b, c)
                if let index = model.trigrams.index(of: packed) {
                    for l in 0..<m { costs[l] += Float(model.trigrams.cost(index, l)) / 10 }
                } else {
                    for l in 0..<m { costs[l] += Float(model.trigramFloor[l]) / 10 }
                }
            }
            a = b
            b = c
            seen += 1
        }
        add("_")
        for scalar in String(decoding: key, as: UTF8.self).unicodeScalars { add(scalar == "'" ? "_" : scalar) }
        add("_")
    }
}
