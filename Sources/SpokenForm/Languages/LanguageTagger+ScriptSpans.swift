/// Script spans: words written in a script that is neither Latin nor the base language's own
/// are another language's by their script alone (Docs/tagger.md, "How it decides").
extension LanguageTagger {
    /// The spans of words in another script than Latin and the base language's, merged across
    /// spaces, punctuation and numbers: Han is Japanese when its run holds kana and Chinese
    /// otherwise, any other script is CLDR's likely language for it, and a script of the base
    /// language itself makes no span. Tokens in the base language's own script are forced to the
    /// base state in `forced`, so that the decoder gives them no other language.
    func scriptSpans(_ s: [Unicode.Scalar], _ tokens: [Token], forced: inout [Int32]) -> [ScalarSpan] {
        let n = tokens.count
        var spans: [ScalarSpan] = []
        var t = 0
        while t < n {
            let token = tokens[t]
            if token.script == LanguageTagger.latin || token.script == LanguageTagger.common { t += 1; continue }
            if baseScripts.contains(token.script) || (isHanLikeBase && ICUScript.isHanLike(token.script)) {
                forced[t] = Int32(baseState)
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
                spans.append((tokens[t].start, tokens[last].end, language))
            }
            t = last + 1
        }
        return spans
    }
}
