import Foundation

/// Renderings of a `Spoken` text for speech engines (SSML) and the web (HTML).
extension Spoken {
    /// SSML 1.1: `<speak xml:lang="fr-FR">Activez le <lang xml:lang="en">Bluetooth</lang></speak>`.
    /// Each rewrite is written `<sub alias="spoken">original</sub>`, so a speech engine says
    /// the alias and a braille display or caption can show what was written:
    /// `<speak xml:lang="fr-FR">Le <sub alias="premier avril">01/04</sub></speak>`. A rewrite
    /// inside a language span is written inside its `<lang>` (`text` with a tagger says it in
    /// the span's language); a span that a rewrite crosses, one end in and one out, is left out.
    /// `&`, `<`, `>` and both quotes are escaped; characters XML 1.0 forbids (most C0
    /// controls, U+FFFE, U+FFFF) are left out, so the result always parses as XML.
    public var ssml: String {
        render(spans: ssmlSpans, substitutes: true,
               open: { "<lang xml:lang=\"\(Spoken.xmlEscaped($0))\">" }, close: "</lang>",
               prefix: "<speak xml:lang=\"\(Spoken.xmlEscaped(locale))\">", suffix: "</speak>")
    }

    /// The content of `ssml` without its `<speak>` root: an SSML 1.1 fragment, the value
    /// Apple's `AXSpeechAttributeSSML` (`AttributeScopes.AccessibilityAttributes.accessibilitySpeechSSML`,
    /// iOS, iPadOS and macOS 27) takes for a range of an attributed string:
    /// `Le <sub alias="premier avril">01/04</sub>`, `Activez le <lang xml:lang="en">Bluetooth</lang>`.
    ///
    /// The same `<sub alias>` and `<lang xml:lang>` elements as `ssml`, but text is escaped as
    /// XML character data needs and no more: `&`, `<` and `>` (and `&`, `<`, `"` in attribute
    /// values); apostrophes and quotes in text stay as they are. So a printf specifier in the
    /// text (`%'d`, `%1$@`) is copied as it was, outside every tag and attribute, and
    /// `String(format:)` still fills it; an argument it fills in must itself be escaped
    /// (`Spoken.xmlContentEscaped(_:)`). Characters XML 1.0 forbids are left out, so the
    /// fragment wrapped in any element always parses as XML.
    public var ssmlFragment: String {
        render(spans: ssmlSpans, substitutes: true,
               open: { "<lang xml:lang=\"\(Spoken.xmlAttributeEscaped($0))\">" }, close: "</lang>",
               prefix: "", suffix: "", escaping: .content)
    }

    /// The spans `ssml` marks: a span that a rewrite crosses, one end in and one out, is left out.
    private var ssmlSpans: [LanguageSpan] {
        rewrites.isEmpty ? spans : spans.filter { span in
            !rewrites.contains { $0.outputScalars.overlaps(span.start..<span.end) && !(span.start <= $0.outputScalars.lowerBound && $0.outputScalars.upperBound <= span.end) }
        }
    }

    /// HTML fragment: `Activez le <span lang="en">Bluetooth</span>`, escaped like `ssml`.
    /// Rewrites are not marked: the fragment is the spoken text.
    public var html: String {
        render(spans: spans, substitutes: false,
               open: { "<span lang=\"\(Spoken.xmlEscaped($0))\">" }, close: "</span>", prefix: "", suffix: "")
    }

    /// How `render` escapes text: every XML special character (`ssml`, `html`), or only what
    /// character data and double-quoted attribute values need (`ssmlFragment`).
    private enum Escaping { case all, content }

    private func render(spans: [LanguageSpan], substitutes: Bool, open: (String) -> String, close: String,
                        prefix: String, suffix: String, escaping: Escaping = .all) -> String {
        let escapedText = escaping == .all ? Spoken.xmlEscaped : Spoken.xmlContentEscaped
        let escapedAttribute = escaping == .all ? Spoken.xmlEscaped : Spoken.xmlAttributeEscaped
        // Nothing to mark (a number, a date, most labels): the text escaped as a whole,
        // without the scalar-by-scalar walk below, which was the larger part of an HTTP
        // back end's number request in a profile.
        if spans.isEmpty, !substitutes || rewrites.isEmpty {
            let escaped = escapedText(text)
            var out = prefix
            out.reserveCapacity(prefix.utf8.count + escaped.utf8.count + suffix.utf8.count)
            out += escaped
            out += suffix
            return out
        }
        var out = prefix
        out.reserveCapacity(text.utf8.count + prefix.utf8.count + suffix.utf8.count + spans.count * 32
                            + (substitutes ? rewrites.count * 48 : 0))
        let scalars = Array(text.unicodeScalars)
        var spanIndex = 0
        var rewriteIndex = 0
        var inside = false
        var offset = 0
        while offset < scalars.count {
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
            if substitutes {
                // Rewrites that start before here do not fit the text (malformed input to `init`).
                while rewriteIndex < rewrites.count, rewrites[rewriteIndex].outputScalars.lowerBound < offset { rewriteIndex += 1 }
                if rewriteIndex < rewrites.count, rewrites[rewriteIndex].outputScalars.lowerBound == offset {
                    let rewrite = rewrites[rewriteIndex]
                    out += "<sub alias=\"\(escapedAttribute(rewrite.spoken))\">\(escapedText(rewrite.original))</sub>"
                    rewriteIndex += 1
                    offset = min(max(rewrite.outputScalars.upperBound, offset), scalars.count)
                    continue
                }
            }
            if escaping == .all {
                Spoken.appendEscaped(scalars[offset], to: &out)
            } else {
                Spoken.appendEscaped(scalars[offset], to: &out, quotes: false)
            }
            offset += 1
        }
        if inside { out += close }
        return out + suffix
    }

    /// `text` with XML's five special characters escaped and forbidden characters left out.
    public static func xmlEscaped(_ text: String) -> String {
        if needsNoEscaping(text) { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars { appendEscaped(scalar, to: &out) }
        return out
    }

    /// Whether `appendEscaped` would keep every scalar of `text` as it is: no byte of its
    /// UTF-8 is `&`, `<`, `>`, a quote or a C0 control, and none is 0xEF, the lead byte of
    /// U+F000–U+FFFF (so U+FFFE and U+FFFF, which are left out, go the scalar way too).
    static func needsNoEscaping(_ text: String) -> Bool {
        let check = { (bytes: UnsafeBufferPointer<UInt8>) -> Bool in
            for byte in bytes {
                switch byte {
                case 0..<0x20, UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""),
                     UInt8(ascii: "'"), 0xEF:
                    return false
                default:
                    continue
                }
            }
            return true
        }
        if let plain = text.utf8.withContiguousStorageIfAvailable(check) { return plain }
        return Array(text.utf8).withUnsafeBufferPointer(check)
    }

    /// `text` as XML character data (the text of an SSML fragment): `&`, `<` and `>` escaped,
    /// apostrophes and quotes kept, forbidden characters left out. An argument that
    /// `String(format:)` puts into an `ssmlFragment` must be escaped this way.
    /// - Parameter text: the text to put between tags ("Tom & Jerry" -> "Tom &amp; Jerry").
    /// - Returns: the text as XML character data.
    public static func xmlContentEscaped(_ text: String) -> String {
        if needsNoEscaping(text) { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars { appendEscaped(scalar, to: &out, quotes: false) }
        return out
    }

    /// `text` as the value of a double-quoted XML attribute: `&`, `<`, `>` and `"` escaped,
    /// apostrophes kept, forbidden characters left out.
    static func xmlAttributeEscaped(_ text: String) -> String {
        if needsNoEscaping(text) { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if scalar == "\"" { out += "&quot;" } else { appendEscaped(scalar, to: &out, quotes: false) }
        }
        return out
    }

    @inline(__always)
    static func appendEscaped(_ scalar: Unicode.Scalar, to out: inout String, quotes: Bool = true) {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"" where quotes: out += "&quot;"
        case "'" where quotes: out += "&apos;"
        case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
        default:
            // XML 1.0 `Char` excludes C0 controls, U+FFFE and U+FFFF (no escape can carry them).
            if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { return }
            out.unicodeScalars.append(scalar)
        }
    }
}
