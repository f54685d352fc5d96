import SpokenForm

/// Checks that an SSML fragment written for a catalog value still works as a format string:
/// `String(format:)` must find in it exactly the specifiers of the original, each in text
/// content, never inside a tag, an attribute or a `<sub>` (whose text is not said).
enum SSMLFragmentCheck {
    /// Whether `fragment` holds the multiset of specifiers `original` holds, all of them in
    /// text outside every tag and `<sub>` element.
    static func keepsSpecifiers(of original: [String], in fragment: String) -> Bool {
        guard FormatSpecifiers.multiset(of: fragment) == original else { return false }
        return FormatSpecifiers.multiset(of: textOutsideMarkup(fragment)) == original
    }

    /// `fragment` with each tag and each `<sub>…</sub>` element replaced by U+0001, which
    /// no specifier holds: text on either side cannot join into a specifier that the
    /// fragment itself does not hold.
    static func textOutsideMarkup(_ fragment: String) -> String {
        var out = String.UnicodeScalarView()
        let scalars = Array(fragment.unicodeScalars)
        var index = 0
        var subDepth = 0
        while index < scalars.count {
            guard scalars[index] == "<" else {
                if subDepth == 0 { out.append(scalars[index]) }
                index += 1
                continue
            }
            var end = index + 1
            while end < scalars.count, scalars[end] != ">" { end += 1 }
            let tag = String(String.UnicodeScalarView(scalars[index..<min(end + 1, scalars.count)]))
            if tag.hasPrefix("<sub ") || tag == "<sub>" { subDepth += 1 } else if tag == "</sub>" { subDepth = max(0, subDepth - 1) }
            out.append("\u{1}")
            index = end + 1
        }
        return String(out)
    }

    /// `spans` without those whose start or end falls strictly inside a format specifier of
    /// `text` (the tagger can read the `d` of `%d` as a word): a `<lang>` tag there would cut
    /// the specifier in two.
    static func spans(_ spans: [LanguageSpan], notCutting text: String) -> [LanguageSpan] {
        let specifiers = FormatSpecifiers.ranges(in: text)
        guard !specifiers.isEmpty else { return spans }
        return spans.filter { span in
            !specifiers.contains { $0.lowerBound < span.start && span.start < $0.upperBound || $0.lowerBound < span.end && span.end < $0.upperBound }
        }
    }
}
