/// Phrases judged as a whole: a phrase its author said is in another language, and, in text
/// with brackets or quotes, a quoted or bracketed phrase (Docs/tagger.md, "Policies").
extension LanguageTagger {
    /// A phrase its author said is in another language ("(binding en anglais)") is that language's:
    /// appends its span and marks its words as breaking runs. Only text with a closing bracket can
    /// hold such a cue.
    func appendLanguageCuePhraseSpans(_ s: [Unicode.Scalar], _ tokens: [Token], from: Int, to: Int, lexiconSpan: [Bool],
                                      emissions: [Float], facts: inout TokenFacts, into spans: inout [ScalarSpan]) {
        guard !lexicon.languageCues.isEmpty, s[from..<to].contains(where: { $0 == ")" || $0 == "]" }) else { return }
        let blocked = (0..<tokens.count).map { facts.breaksRun[$0] || lexiconSpan[$0] || tokens[$0].isCode }
        for phrase in languageCuePhrases(s, tokens, from: from, to: to, baseZipf: facts.baseZipf, blocked: blocked,
                                         emissions: emissions, states: states.count) {
            for w in phrase.first...phrase.last { facts.breaksRun[w] = true }
            spans.append((tokens[phrase.first].start, tokens[phrase.last].end, states[phrase.state]))
        }
    }

    /// A quoted or bracketed phrase is judged as a whole ("[content design]", "« Community Chats »"):
    /// its words need not each be foreign, the phrase must be, in the usual foreign language. Appends
    /// the span of each such phrase none of whose words is taken, and marks its words as breaking runs.
    func appendQuotedPhraseSpans(_ s: [Unicode.Scalar], _ tokens: [Token], from: Int, to: Int, usual: Int, lexiconSpan: [Bool],
                                 emissions: [Float], facts: inout TokenFacts, into spans: inout [ScalarSpan]) {
        let k = states.count
        for phrase in quotedPhrases(s, tokens, from: from, to: to)
            where !(phrase.first...phrase.last).contains(where: { facts.breaksRun[$0] || lexiconSpan[$0] }) {
            // An aside that opens with a small word of the base language ("(ou clickjacking)") is
            // the base language's sentence around a term, not a foreign phrase: its words are
            // judged one by one.
            if facts.evidence[phrase.first], facts.baseZipf[phrase.first] >= LanguageTagger.contextWordZipf,
               emissions[phrase.first * k + usual] <= emissions[phrase.first * k + baseState] { continue }
            var sum: Float = 0, strongest: Float = 0
            for w in phrase.first...phrase.last where facts.evidence[w] {
                let lean = emissions[w * k + usual] - emissions[w * k + baseState]
                sum += lean
                strongest = max(strongest, lean)
            }
            guard sum >= LanguageTagger.minimumSpanEvidence, strongest >= LanguageTagger.quotedPhraseLean else { continue }
            for w in phrase.first...phrase.last { facts.breaksRun[w] = true }
            spans.append((tokens[phrase.first].start, tokens[phrase.last].end, states[usual]))
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
}
