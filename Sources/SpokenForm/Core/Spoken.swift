/// What a screen reader should say, with where it came from: the one result shape of
/// every call that rewrites text (`expand`, `text`, `tag`).
///
/// - `text`: the plain text to speak (for `accessibilityLabel`);
/// - `locale`: its base language;
/// - `spans`: the runs to speak in another language;
/// - `rewrites`: what was replaced, by what, and where, in the input and in `text`;
/// - `ssml` and `html`: renderings for speech engines (each rewrite as `<sub alias>`) and the web.
///
/// Ranges are counted in Unicode scalars (Swift's `unicodeScalars`, Python's `str`) and
/// in UTF-16 code units (`NSString`, `NSAttributedString`, JavaScript).
///
/// JSON (`Codable`, the output of `spokenform expand` and `tag --format json`):
/// `{"locale": "fr-FR", "text": "…", "spans": [{"lang", "start", "end", "start16", "end16"}],
/// "rewrites": [{"kind", "original", "spoken", "scalars": {"start", "end"}, "utf16": {…},
/// "outputScalars": {…}, "outputUTF16": {…}}]}`; `rewrites` is left out when empty.
public struct Spoken: Hashable, Sendable {
    /// The text to speak, plain (for `accessibilityLabel`).
    public var text: String
    /// The base language of `text` (BCP 47, "fr-FR").
    public var locale: String
    /// Runs in other languages, sorted, never overlapping.
    public var spans: [LanguageSpan]
    /// The rewrites made, in input order, never overlapping. Text between them is the
    /// input's, byte for byte.
    public var rewrites: [Rewrite]

    /// A spoken text with its language spans and rewrites.
    public init(text: String, locale: String, spans: [LanguageSpan] = [], rewrites: [Rewrite] = []) {
        self.text = text
        self.locale = locale
        self.spans = spans
        self.rewrites = rewrites
    }

    /// The substring of `text` a span covers (nil if the span does not fit the text).
    public func substring(_ span: LanguageSpan) -> Substring? {
        let scalars = text.unicodeScalars
        guard span.start >= 0, span.start <= span.end, span.end <= scalars.count else { return nil }
        let lower = scalars.index(scalars.startIndex, offsetBy: span.start)
        let upper = scalars.index(lower, offsetBy: span.end - span.start)
        return Substring(scalars[lower..<upper])
    }
}
