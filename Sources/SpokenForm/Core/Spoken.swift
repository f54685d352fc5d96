import Foundation

/// A run of text to be spoken in another language than the base one, with its range
/// both in Unicode scalars (`start..<end`) and in UTF-16 code units (`start16..<end16`,
/// what `NSAttributedString` and `accessibilitySpeechLanguage` ranges use).
public struct LanguageSpan: Hashable, Sendable, Codable {
    /// BCP 47 language tag ("en", or "en-GB" when the input's markup said so).
    public var language: String
    /// Offset of the first scalar and one past the last, in Unicode scalars.
    public var start: Int
    public var end: Int
    /// The same range in UTF-16 code units.
    public var start16: Int
    public var end16: Int

    public init(language: String, start: Int, end: Int, start16: Int, end16: Int) {
        self.language = language
        self.start = start
        self.end = end
        self.start16 = start16
        self.end16 = end16
    }

    /// The UTF-16 range as an `NSRange`, for attributed strings.
    public var nsRange: NSRange { NSRange(location: start16, length: end16 - start16) }

    enum CodingKeys: String, CodingKey {
        case language = "lang", start, end, start16, end16
    }
}

/// What a screen reader should say: the plain text, the runs to speak in another
/// language, and renderings for speech engines (SSML) and the web (HTML).
/// Every capability whose output can carry language spans returns one.
public struct Spoken: Hashable, Sendable, Codable {
    /// The text to speak, plain (for `accessibilityLabel`).
    public var text: String
    /// The base language of `text` (BCP 47, "fr-FR").
    public var locale: String
    /// Runs in other languages, sorted, never overlapping.
    public var spans: [LanguageSpan]

    public init(text: String, locale: String, spans: [LanguageSpan] = []) {
        self.text = text
        self.locale = locale
        self.spans = spans
    }

    /// The substring of `text` a span covers (nil if the span does not fit the text).
    public func substring(_ span: LanguageSpan) -> Substring? {
        let scalars = text.unicodeScalars
        guard span.start >= 0, span.start <= span.end, span.end <= scalars.count else { return nil }
        let lower = scalars.index(scalars.startIndex, offsetBy: span.start)
        let upper = scalars.index(lower, offsetBy: span.end - span.start)
        return Substring(scalars[lower..<upper])
    }

    /// SSML 1.1: `<speak xml:lang="fr-FR">Activez le <lang xml:lang="en">Bluetooth</lang></speak>`.
    /// `&`, `<`, `>` and both quotes are escaped; characters XML 1.0 forbids (most C0
    /// controls, U+FFFE, U+FFFF) are left out, so the result always parses as XML.
    public var ssml: String {
        render(open: { "<lang xml:lang=\"\(Spoken.xmlEscaped($0))\">" }, close: "</lang>",
               prefix: "<speak xml:lang=\"\(Spoken.xmlEscaped(locale))\">", suffix: "</speak>")
    }

    /// HTML fragment: `Activez le <span lang="en">Bluetooth</span>`, escaped like `ssml`.
    public var html: String {
        render(open: { "<span lang=\"\(Spoken.xmlEscaped($0))\">" }, close: "</span>", prefix: "", suffix: "")
    }

    private func render(open: (String) -> String, close: String, prefix: String, suffix: String) -> String {
        var out = prefix
        out.reserveCapacity(text.utf8.count + prefix.utf8.count + suffix.utf8.count + spans.count * 32)
        var spanIndex = 0
        var inside = false
        var offset = 0
        for scalar in text.unicodeScalars {
            if inside, spanIndex < spans.count, offset == spans[spanIndex].end {
                out += close
                inside = false
                spanIndex += 1
            }
            // Skip spans that are empty or start before where we are (malformed input to `init`).
            while !inside, spanIndex < spans.count, spans[spanIndex].end <= offset || spans[spanIndex].start < offset {
                spanIndex += 1
            }
            if !inside, spanIndex < spans.count, offset == spans[spanIndex].start {
                out += open(spans[spanIndex].language)
                inside = true
            }
            Spoken.appendEscaped(scalar, to: &out)
            offset += 1
        }
        if inside { out += close }
        return out + suffix
    }

    /// `text` with XML's five special characters escaped and forbidden characters left out.
    public static func xmlEscaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars { appendEscaped(scalar, to: &out) }
        return out
    }

    @inline(__always)
    static func appendEscaped(_ scalar: Unicode.Scalar, to out: inout String) {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&apos;"
        case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
        default:
            // XML 1.0 `Char` excludes C0 controls, U+FFFE and U+FFFF (no escape can carry them).
            if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { return }
            out.unicodeScalars.append(scalar)
        }
    }
}
