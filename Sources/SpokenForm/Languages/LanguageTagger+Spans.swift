/// Spans: markup regions flattened to segments, and scalar offsets given their UTF-16 twins.
extension LanguageTagger {
    // MARK: Helpers

    /// A span of the text's scalars, `start..<end`, in `language` (a BCP 47 tag).
    typealias ScalarSpan = (start: Int, end: Int, language: String)

    /// Innermost declared language per scalar, as consecutive segments.
    static func flatten(_ regions: [LanguageMarkup.Region], count: Int) -> [(start: Int, end: Int, language: String?)] {
        // 32 bits a scalar: a huge marked-up line has no more than 2^31 regions.
        var owner = [Int32](repeating: -1, count: count)
        for (index, region) in regions.enumerated() where region.start < region.end {
            for i in max(0, region.start)..<min(count, region.end) { owner[i] = Int32(index) }
        }
        var segments: [(start: Int, end: Int, language: String?)] = []
        var i = 0
        while i < count {
            var j = i
            while j < count, owner[j] == owner[i] { j += 1 }
            segments.append((i, j, owner[i] < 0 ? nil : regions[Int(owner[i])].language))
            i = j
        }
        if segments.isEmpty { segments.append((0, 0, nil)) }
        return segments
    }

    static func withUTF16Offsets(_ spans: [ScalarSpan], _ s: [Unicode.Scalar]) -> [LanguageSpan] {
        guard !spans.isEmpty else { return [] }
        var result: [LanguageSpan] = []
        // Exactly: a long text's spans are the largest table left once it is tagged.
        result.reserveCapacity(spans.count)
        // The library's one offset mapper (out-of-order spans restart it from the start).
        var utf16 = UTF16Offsets(s)
        for span in spans {
            let start16 = utf16.offset(ofScalar: span.start)
            result.append(LanguageSpan(language: span.language, start: span.start, end: span.end,
                                       start16: start16, end16: utf16.offset(ofScalar: span.end)))
        }
        return result
    }

    /// Primary language subtag of a BCP 47 tag ("en-GB" -> "en").
    static func primaryLanguage(_ tag: String) -> String {
        String(tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? "").lowercased()
    }
}
