/// Span policies applied to the spans found: a lone word of a third language beside a span, and
/// the final merge in text order (Docs/tagger.md, "Policies").
extension LanguageTagger {
    /// A lone word given a third language right next to a span ("tortillas de | patata") goes
    /// with its neighbour when that language knows it too, and is dropped otherwise.
    func settleLoneThirdLanguageWords(_ spans: inout [ScalarSpan], _ s: [Unicode.Scalar], _ tokens: [Token], evidence: [Bool],
                                      emissions: [Float]) {
        if zip(spans, spans.dropFirst()).allSatisfy({ $0.end <= $1.start }) {
            // Spans in order without overlap (as the runs make them): only the spans either side can
            // touch one, so one pass, linear in the text, does it.
            var pending = spans
            var kept: [ScalarSpan] = []
            kept.reserveCapacity(pending.count)
            var i = 0
            while i < pending.count {
                let span = pending[i]
                i += 1
                guard kept.count + (pending.count - i) >= 1, case let (word?, 1) = evidenceWord(of: span, tokens, evidence: evidence)
                else { kept.append(span); continue }
                if let previous = kept.last, previous.language != span.language, LanguageTagger.onlySpaces(s, previous.end, span.start) {
                    if knows(previous.language, word, emissions: emissions) { kept[kept.count - 1].end = max(span.end, previous.end) }
                } else if i < pending.count, pending[i].language != span.language, LanguageTagger.onlySpaces(s, span.end, pending[i].start) {
                    if knows(pending[i].language, word, emissions: emissions) { pending[i].start = min(span.start, pending[i].start) }
                } else {
                    kept.append(span)
                }
            }
            spans = kept
        } else {
            var index = 0
            while spans.count > 1, index < spans.count {
                let span = spans[index]
                guard case let (word?, 1) = evidenceWord(of: span, tokens, evidence: evidence) else { index += 1; continue }
                let neighbour = spans.indices.first { other in
                    other != index && spans[other].language != span.language
                        && (LanguageTagger.onlySpaces(s, spans[other].end, span.start) || LanguageTagger.onlySpaces(s, span.end, spans[other].start))
                }
                guard let neighbour else { index += 1; continue }
                if knows(spans[neighbour].language, word, emissions: emissions) {
                    spans[neighbour] = (min(span.start, spans[neighbour].start), max(span.end, spans[neighbour].end), spans[neighbour].language)
                }
                spans.remove(at: index)
            }
        }
    }

    /// How many words of a span carry evidence, counted to two at most, and the last one counted:
    /// a span with one is a lone word (a binary search finds the span's first token).
    private func evidenceWord(of span: ScalarSpan, _ tokens: [Token], evidence: [Bool]) -> (word: Int?, count: Int) {
        let n = tokens.count
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

    /// Whether `language` knows the word at `word`: the word model gives it more than the floor of
    /// a word no list holds.
    private func knows(_ language: String, _ word: Int, emissions: [Float]) -> Bool {
        let neighbourState = states.firstIndex(of: language) ?? baseState
        return neighbourState < model.languages.count
            && emissions[word * states.count + neighbourState] > Float(model.floorZipf) / 10 - 9
    }

    /// Appends the Latin-script spans (decoded, lexicon terms, phrases) and the script spans to
    /// `spans` in text order; a script span never overlaps a Latin one (different tokens). A span
    /// takes a question or exclamation mark written against its last word, and joins the span
    /// before it when they share a language and nothing but punctuation and spaces separates them.
    static func appendInOrder(_ latinSpans: [ScalarSpan], _ scriptSpans: [ScalarSpan], _ s: [Unicode.Scalar], to: Int,
                              into spans: inout [ScalarSpan]) {
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
}
