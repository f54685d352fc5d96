import Foundation

/// The learned span model: whether each Latin word of a base that borrows from the usual foreign
/// language is that language's, decided by weights learned from annotated prose
/// (`<lang>/span-model.txt` in a data directory, written by `Evaluation/tagger/train.py`) instead of the hand
/// rules of the word model's policies. What is structural stays with the rest of the tagger:
/// markup, other scripts, code, lexicon terms, and spans in languages other than the usual one.
///
/// Two logistic regressions over words (Docs/tagger.md, "The learned span model"): the first reads
/// a word's own features (its frequencies in the base and the usual language, spelling, case, the
/// punctuation and small words around it) and those of its neighbours; the second adds the
/// neighbours' probabilities from the first. Runs of words at or above the threshold, joined by
/// spaces only, are spans.
struct SpanModel: Sendable {
    /// A word's own features, in the order the weights file and the training script use.
    static let ownFeatures = [
        "word", "lean", "lean.positive", "found", "zipf.base", "zipf.usual", "zipf.difference",
        "base.unknown", "usual.unknown", "base.common", "base.small", "usual.small", "spelling",
        "capitalised", "acronym", "camel-case", "joined", "short", "sentence-start",
        "after.determiner", "after.cue", "after.acronym", "open.before", "close.after",
        "comma.before", "comma.after", "bracket.after", "lean.capitalised", "lean.determiner", "lean.bracketed",
    ]
    /// The own features of a neighbour that a word's score reads (joined to it by spaces only).
    static let neighbourFeatures = ["word", "lean", "lean.positive", "capitalised", "acronym", "base.small", "usual.small",
                                    "zipf.difference"]
    static let neighbourIndices = neighbourFeatures.map { ownFeatures.firstIndex(of: $0)! }
    static let leanIndex = ownFeatures.firstIndex(of: "lean")!
    /// First stage: own features, then the previous and next word's neighbour features, then the
    /// lean of the words two before and two after.
    static let firstStage: [String] = ownFeatures + neighbourFeatures.map { "previous." + $0 }
        + neighbourFeatures.map { "next." + $0 } + ["previous2.lean", "next2.lean"]
    /// Second stage: the first stage's features, then the first stage's probabilities of the word and
    /// of its neighbours.
    static let secondStage: [String] = firstStage + ["p.self", "p.previous", "p.next", "p.previous2", "p.next2"]

    let first: [Float]
    let second: [Float]
    /// A run of words at or above this probability is a span of the usual foreign language...
    let threshold: Float
    /// ...and takes along the words joined to it by spaces at or above this one ("user research").
    let extend: Float

    /// The base language's weights, or nil when it has none (the hand rules decide).
    /// - Throws: `SpokenFormError.malformedLocaleData` for a malformed or incomplete file.
    init?(base: SpokenLocale, dataStore: LocaleDataStore) throws {
        let files = try dataStore.files(named: "span-model.txt", language: base.language, region: base.region)
        guard let file = files.last else { return nil }
        var first = [Float?](repeating: nil, count: SpanModel.firstStage.count)
        var second = [Float?](repeating: nil, count: SpanModel.secondStage.count)
        var threshold: Float?, extend: Float?
        for (key, value, line) in try file.keyValues(checkedBy: .spanModel) {
            guard let number = Float(value), number.isFinite else { throw file.error(at: line, "expected a number") }
            if key == "threshold" { threshold = number; continue }
            if key == "extend" { extend = number; continue }
            if key.hasPrefix("1."), let index = SpanModel.firstStage.firstIndex(of: String(key.dropFirst(2))) {
                first[index] = number
            } else if key.hasPrefix("2."), let index = SpanModel.secondStage.firstIndex(of: String(key.dropFirst(2))) {
                second[index] = number
            } else {
                throw file.error(at: line, "unknown feature '\(key)'")
            }
        }
        guard let threshold, let extend, first.allSatisfy({ $0 != nil }), second.allSatisfy({ $0 != nil }) else {
            throw SpokenFormError.malformedLocaleData(file: file.path, line: 0, message: "expected a threshold, an extension threshold and a weight for every feature")
        }
        self.first = first.map { $0! }
        self.second = second.map { $0! }
        self.threshold = threshold
        self.extend = min(extend, threshold)
    }

    @inline(__always)
    static func sigmoid(_ x: Float) -> Float { 1 / (1 + exp(-x)) }
}

extension LanguageTagger {
    /// Records the span model's inputs in `scratch`: which tokens it judges (Latin words that no
    /// script, lexicon term or code has decided), their features from the word model's emissions
    /// before any policy changes them, and, with weights, their probabilities.
    func readSpanModelInputs(_ s: [Unicode.Scalar], _ tokens: [Token], from: Int, to: Int, facts: TokenFacts,
                             scratch: inout Scratch) {
        scratch.modelWord = (0..<tokens.count).map { t in
            let token = tokens[t]
            // An elided article or pronoun split off its word ("s'" of "s'affiche") is the base language's.
            return token.script == LanguageTagger.latin && token.hasLetter && !token.hasDigit && !token.isIdentifier
                && !facts.breaksRun[t] && !scratch.lexiconSpan[t] && scratch.forced[t] < 0
                && s[token.end - 1] != "'" && s[token.end - 1] != "\u{2019}"
        }
        spanModelFeatures(s, tokens, from: from, to: to, emissions: scratch.emissions, states: states.count, evidence: facts.evidence,
                          modelWord: scratch.modelWord, cue: facts.cue, key: &scratch.key, into: &scratch.spanFeatures)
        if let spanModel {
            scratch.spanProbabilities = spanModelProbabilities(s, tokens, modelWord: scratch.modelWord,
                                                               features: scratch.spanFeatures, weights: spanModel)
        }
    }

    /// The decoded spans the span model leaves to the decoder: it decides the usual foreign language,
    /// and the decoder keeps the other languages and the names of controls after a label cue
    /// ("Appuyez sur Next", "le bouton Skip"), which no annotated prose covers (Docs/tagger.md, "The
    /// learned span model").
    func spansLeftToDecoder(_ spans: [ScalarSpan], _ tokens: [Token], usual: Int, cuedLabel: [Bool]) -> [ScalarSpan] {
        let n = tokens.count
        var cued = [Bool](repeating: false, count: spans.count)
        var w = 0
        for (index, span) in spans.enumerated() where span.language == states[usual] {
            while w < n, tokens[w].end <= span.start { w += 1 }
            var u = w
            while u < n, tokens[u].start < span.end { if cuedLabel[u] { cued[index] = true }; u += 1 }
        }
        return spans.indices.filter { spans[$0].language != states[usual] || cued[$0] }.map { spans[$0] }
    }

    /// Adds the span model's spans to the decoded ones, in text order: its runs take no token that
    /// breaks runs or that a decoded span holds.
    func addSpanModelSpans(_ spans: inout [ScalarSpan], _ s: [Unicode.Scalar], _ tokens: [Token], breaksRun: [Bool],
                           modelWord: [Bool], probabilities: [Float], weights spanModel: SpanModel) {
        let n = tokens.count
        var taken = breaksRun
        var w = 0
        for span in spans.sorted(by: { $0.start < $1.start }) {
            while w < n, tokens[w].end <= span.start { w += 1 }
            var u = w
            while u < n, tokens[u].start < span.end { taken[u] = true; u += 1 }
        }
        spans += spanModelSpans(s, tokens, modelWord: modelWord, probabilities: probabilities, taken: taken, weights: spanModel)
        spans.sort { $0.start < $1.start }
    }

    /// The own features of every word the span model judges (`SpanModel.ownFeatures`, `n` rows),
    /// from the word model's emissions before any policy touched them. `modelWord[t]` is false for
    /// tokens the model does not judge: other scripts, numbers, code, lexicon terms.
    func spanModelFeatures(_ s: [Unicode.Scalar], _ tokens: [Token], from: Int, to: Int, emissions: [Float], states k: Int,
                           evidence: [Bool], modelWord: [Bool], cue: [Bool], key: inout [UInt8], into features: inout [Float]) {
        let f = SpanModel.ownFeatures.count
        let n = tokens.count
        features.removeAll(keepingCapacity: true)
        features.append(contentsOf: repeatElement(0, count: n * f))
        guard let usual = usualLanguageIndex, baseState < model.languages.count else { return }
        var costs = [Float](repeating: 0, count: model.languages.count)
        for t in 0..<n where modelWord[t] {
            let token = tokens[t]
            let o = t * f
            LanguageTagger.lowercaseKey(s, token.start, token.end, into: &key)
            if key.last == UInt8(ascii: "'") { key.removeLast() }
            let zipfBase = model.knownZipf(key, language: baseState), zipfUsual = model.knownZipf(key, language: usual)
            let lean = evidence[t] ? max(-4, min(4, emissions[t * k + usual] - emissions[t * k + baseState])) : 0
            let length = token.end - token.start
            let capitalised = LanguageTagger.isUpper(s[token.start]) && token.hasLower
            let camel = capitalised && LanguageTagger.camelCasePartCount(s, token.start, token.end) > 1
            let acronym = !token.hasLower && length > 1
            features[o] = 1
            features[o + 1] = lean
            features[o + 2] = max(0, lean)
            features[o + 3] = evidence[t] ? 1 : 0
            features[o + 4] = zipfBase
            features[o + 5] = zipfUsual
            features[o + 6] = zipfUsual - zipfBase
            features[o + 7] = zipfBase == 0 ? 1 : 0
            features[o + 8] = zipfUsual == 0 ? 1 : 0
            features[o + 9] = zipfBase >= 4 ? 1 : 0
            features[o + 10] = zipfBase >= LanguageTagger.contextWordZipf ? 1 : 0
            features[o + 11] = zipfUsual >= LanguageTagger.contextWordZipf ? 1 : 0
            if zipfBase < 4, !key.isEmpty {
                for l in costs.indices { costs[l] = 0 }
                trigramCosts(key, into: &costs)
                features[o + 12] = max(-3, min(3, (costs[baseState] - costs[usual]) / Float(key.count + 1)))
            }
            features[o + 13] = capitalised && !camel ? 1 : 0
            features[o + 14] = acronym ? 1 : 0
            features[o + 15] = camel ? 1 : 0
            features[o + 16] = s[token.start..<token.end].contains(where: LanguageTagger.isJoiner) ? 1 : 0
            features[o + 17] = length <= 3 ? 1 : 0
            let gapStart = t > 0 ? tokens[t - 1].end : from
            let gapEnd = t + 1 < n ? tokens[t + 1].start : to
            let before = s[gapStart..<token.start], after = s[token.end..<gapEnd]
            features[o + 18] = t == 0 || before.contains(where: { $0 == "." || $0 == "!" || $0 == "?" || $0 == "\n" || $0 == "\u{2026}" }) ? 1 : 0
            var determiner = false
            if t > 0, tokens[t - 1].script == LanguageTagger.latin, before.allSatisfy(LanguageTagger.isSpace) {
                LanguageTagger.lowercaseKey(s, tokens[t - 1].start, tokens[t - 1].end, into: &key)
                determiner = lexicon.borrowingContexts.contains(String(decoding: key, as: UTF8.self))
                    || (gapStart == token.start && key.last == UInt8(ascii: "'"))
            }
            features[o + 19] = determiner ? 1 : 0
            features[o + 20] = t > 0 && cue[t - 1] && before.allSatisfy(LanguageTagger.isSpace) ? 1 : 0
            features[o + 21] = acronymModifier(s, tokens, t) != nil ? 1 : 0
            let opens = before.contains(where: { LanguageTagger.isOpeningPunctuation($0) && $0 != "'" && $0 != "\u{2018}" })
            let closes = after.contains(where: { $0 == ")" || $0 == "]" || $0 == "\u{BB}" || $0 == "\u{201D}" || $0 == "\"" })
            features[o + 22] = opens ? 1 : 0
            features[o + 23] = closes ? 1 : 0
            features[o + 24] = before.contains(where: { $0 == "," || $0 == ":" || $0 == ";" }) ? 1 : 0
            features[o + 25] = after.contains(where: { $0 == "," || $0 == ":" || $0 == ";" }) ? 1 : 0
            features[o + 26] = after.contains("[") ? 1 : 0
            features[o + 27] = capitalised ? lean : 0
            features[o + 28] = determiner ? lean : 0
            features[o + 29] = opens || closes ? lean : 0
        }
    }

    /// True when tokens `t - 1` and `t` are both judged by the span model and only spaces separate them.
    @inline(__always)
    static func spanModelJoined(_ s: [Unicode.Scalar], _ tokens: [Token], _ modelWord: [Bool], _ t: Int) -> Bool {
        t > 0 && modelWord[t] && modelWord[t - 1] && onlySpaces(s, tokens[t - 1].end, tokens[t].start)
    }

    /// The span model's probability that each word is the usual foreign language's (0 for tokens it
    /// does not judge).
    func spanModelProbabilities(_ s: [Unicode.Scalar], _ tokens: [Token], modelWord: [Bool], features: [Float],
                                weights spanModel: SpanModel) -> [Float] {
        let n = tokens.count
        let f = SpanModel.ownFeatures.count, g = SpanModel.neighbourIndices.count
        var joined = [Bool](repeating: false, count: n + 1)  // joined[t]: t - 1 and t are joined
        for t in 1..<max(n, 1) { joined[t] = LanguageTagger.spanModelJoined(s, tokens, modelWord, t) }
        func firstStageScore(_ w: [Float], _ t: Int) -> Float {
            var sum: Float = 0
            let o = t * f
            for i in 0..<f { sum += w[i] * features[o + i] }
            if joined[t] {
                let p = (t - 1) * f
                for (j, i) in SpanModel.neighbourIndices.enumerated() { sum += w[f + j] * features[p + i] }
                if joined[t - 1] { sum += w[f + 2 * g] * features[(t - 2) * f + SpanModel.leanIndex] }
            }
            if t + 1 < n, joined[t + 1] {
                let q = (t + 1) * f
                for (j, i) in SpanModel.neighbourIndices.enumerated() { sum += w[f + g + j] * features[q + i] }
                if t + 2 < n, joined[t + 2] { sum += w[f + 2 * g + 1] * features[(t + 2) * f + SpanModel.leanIndex] }
            }
            return sum
        }
        var p1 = [Float](repeating: 0, count: n)
        for t in 0..<n where modelWord[t] { p1[t] = SpanModel.sigmoid(firstStageScore(spanModel.first, t)) }
        var p2 = [Float](repeating: 0, count: n)
        let extra = SpanModel.firstStage.count
        for t in 0..<n where modelWord[t] {
            var sum = firstStageScore(spanModel.second, t) + spanModel.second[extra] * p1[t]
            if joined[t] {
                sum += spanModel.second[extra + 1] * p1[t - 1]
                if joined[t - 1] { sum += spanModel.second[extra + 3] * p1[t - 2] }
            }
            if t + 1 < n, joined[t + 1] {
                sum += spanModel.second[extra + 2] * p1[t + 1]
                if t + 2 < n, joined[t + 2] { sum += spanModel.second[extra + 4] * p1[t + 2] }
            }
            p2[t] = SpanModel.sigmoid(sum)
        }
        return p2
    }

    /// The span model's spans: runs of words joined by spaces, at least one at or above the threshold
    /// and the others at or above the extension threshold, none of them taken by another span (`taken`).
    func spanModelSpans(_ s: [Unicode.Scalar], _ tokens: [Token], modelWord: [Bool], probabilities: [Float],
                        taken: [Bool], weights spanModel: SpanModel) -> [ScalarSpan] {
        guard let usual = usualLanguageIndex else { return [] }
        var spans: [ScalarSpan] = []
        let n = tokens.count
        var t = 0
        while t < n {
            guard modelWord[t], !taken[t], probabilities[t] >= spanModel.threshold else { t += 1; continue }
            var first = t, u = t
            while u + 1 < n, !taken[u + 1], probabilities[u + 1] >= spanModel.extend,
                  LanguageTagger.spanModelJoined(s, tokens, modelWord, u + 1) { u += 1 }
            // Back over the words below the threshold that the previous run did not take.
            while first > 0, !taken[first - 1], probabilities[first - 1] >= spanModel.extend,
                  LanguageTagger.spanModelJoined(s, tokens, modelWord, first),
                  spans.last.map({ $0.end <= tokens[first - 1].start }) ?? true { first -= 1 }
            spans.append((tokens[first].start, tokens[u].end, states[usual]))
            t = u + 1
        }
        return spans
    }
}

/// What the training script reads: the span model's words and their own features.
package struct SpanModelWord: Sendable {
    /// Scalar offsets in the plain text.
    package let start: Int
    package let end: Int
    /// Joined by spaces only to the word listed before it.
    package let joinedPrevious: Bool
    package let features: [Float]
    /// The probability the embedded weights give it (0 without weights).
    package let probability: Float
}

extension LanguageTagger {
    /// The names of the span model's own features, in the order of `SpanModelWord.features`.
    package static var spanModelFeatureNames: [String] { SpanModel.ownFeatures }

    /// The words the span model judges in `text` (plain text, one segment), for the training script.
    package func spanModelWords(_ text: String) -> (words: [SpanModelWord], fixed: [(start: Int, end: Int, language: String)]) {
        let scalars = Array(text.unicodeScalars)
        var scratch = Scratch()
        scratch.recordSpanModel = true
        var spans: [ScalarSpan] = []
        detect(scalars, from: 0, to: scalars.count, scratch: &scratch, into: &spans)
        let f = SpanModel.ownFeatures.count
        var words: [SpanModelWord] = []
        let tokens = scratch.tokens
        for t in tokens.indices where t < scratch.modelWord.count && scratch.modelWord[t] {
            words.append(SpanModelWord(start: tokens[t].start, end: tokens[t].end,
                                       joinedPrevious: LanguageTagger.spanModelJoined(scalars, tokens, scratch.modelWord, t),
                                       features: Array(scratch.spanFeatures[(t * f)..<((t + 1) * f)]),
                                       probability: t < scratch.spanProbabilities.count ? scratch.spanProbabilities[t] : 0))
        }
        return (words, scratch.fixedSpans)
    }
}
