extension NormalizedText {
    /// SSML 1.1 of the normalised text: each rewrite as `<sub alias="spoken">written</sub>`
    /// (the speech engine says the alias; a braille display or caption can show what was
    /// written), and the language spans of `spans` (ranges in `text`, as `LanguageTagger`
    /// gives them for it) as `<lang>`. A span that overlaps a rewrite is left out: what a
    /// rewrite says is in the base language.
    public func ssml(locale: String, spans: [LanguageSpan] = []) -> String {
        var out = "<speak xml:lang=\"\(Spoken.xmlEscaped(locale))\">"
        let usable = spans.filter { span in
            !rewrites.contains { $0.outputScalarRange.overlaps(span.start..<span.end) }
        }
        let scalars = Array(text.unicodeScalars)
        var rewriteIndex = 0
        var spanIndex = 0
        var inSpan = false
        var i = 0
        while i <= scalars.count {
            if inSpan, usable[spanIndex].end == i {
                out += "</lang>"
                inSpan = false
                spanIndex += 1
            }
            guard i < scalars.count else { break }
            if !inSpan, spanIndex < usable.count, usable[spanIndex].start == i, usable[spanIndex].end > i {
                out += "<lang xml:lang=\"\(Spoken.xmlEscaped(usable[spanIndex].language))\">"
                inSpan = true
            }
            if rewriteIndex < rewrites.count, rewrites[rewriteIndex].outputScalarRange.lowerBound == i {
                let rewrite = rewrites[rewriteIndex]
                out += "<sub alias=\"\(Spoken.xmlEscaped(rewrite.spoken))\">\(Spoken.xmlEscaped(rewrite.original))</sub>"
                i = max(rewrite.outputScalarRange.upperBound, i + 1)
                rewriteIndex += 1
                continue
            }
            Spoken.appendEscaped(scalars[i], to: &out)
            i += 1
        }
        if inSpan { out += "</lang>" }
        return out + "</speak>"
    }
}
