/// A long text tagged a window at a time (issue 18, finding 5): the tagger's tables are per
/// token (the tokens, the model's emissions per language, the decoder's back pointers and
/// half a dozen flags), about 17 bytes per scalar of prose in all, so a 4 MiB line cost
/// 21 times its size. A segment longer than `minimumScalars` is detected in windows of about
/// `scalars`, each cut after a sentence end where there is one.
///
/// What changes: each window is decoded on its own, so the word model's state does not carry
/// across a cut. A cut falls after a sentence's final punctuation and its spaces, where a
/// span ends anyway (punctuation ends spans, Docs/tagger.md); the next sentence's first word
/// is decided as if the text began there. Text up to `minimumScalars` (every label, string
/// and catalog entry) is tagged exactly as before.
struct TaggerWindows {
    /// Segments longer than this are tagged in windows.
    var minimumScalars: Int
    /// How long a window is at most (scalars).
    var scalars: Int

    /// 64 Ki scalars and up, in windows of 16 Ki: the per-token tables hold one window.
    static let standard = TaggerWindows(minimumScalars: 64 << 10, scalars: 16 << 10)

    /// The windows of `s[from..<to]`, in order, covering it exactly.
    func windows(of s: [Unicode.Scalar], from: Int, to: Int) -> [Range<Int>] {
        guard to - from > minimumScalars, scalars > 1 else { return [from..<to] }
        var windows: [Range<Int>] = []
        var start = from
        while to - start > scalars {
            let cut = Self.cut(s, after: start + scalars / 2, before: start + scalars)
            windows.append(start..<cut)
            start = cut
        }
        windows.append(start..<to)
        return windows
    }

    /// The best place to cut in `low...high` (both inside the text), searching back from
    /// `high`: after a sentence end and its spaces, else after a space, else between a letter
    /// or digit and something else, else at `high` (a run of letters 8 Ki long is no word).
    static func cut(_ s: [Unicode.Scalar], after low: Int, before high: Int) -> Int {
        var space: Int?
        var boundary: Int?
        var i = high
        while i > low {
            let before = s[i - 1], at = s[i]
            if LanguageTagger.isSpace(before), !LanguageTagger.isSpace(at) {
                // After spaces: a sentence end when the spaces follow final punctuation or hold a line break.
                var j = i - 1
                var lineBreak = false
                while j > low, LanguageTagger.isSpace(s[j - 1]) {
                    if s[j] == "\n" || s[j] == "\r" { lineBreak = true }
                    j -= 1
                }
                if s[j] == "\n" || s[j] == "\r" { lineBreak = true }
                if lineBreak || (j > low && (s[j - 1].properties.isSentenceTerminal || s[j - 1] == "…")) { return i }
                if space == nil { space = i }
                i = j
                continue
            }
            if boundary == nil, isWordScalar(before) != isWordScalar(at) { boundary = i }
            i -= 1
        }
        return space ?? boundary ?? high
    }

    private static func isWordScalar(_ c: Unicode.Scalar) -> Bool {
        c.properties.isAlphabetic || c.properties.numericType != nil
    }
}
