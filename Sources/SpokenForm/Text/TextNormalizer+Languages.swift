/// Free text with its foreign-language spans: each span is said in its own language, the
/// language of the voice that will read it.
extension TextNormalizer {
    /// `normalize(_:only:skip:addresses:)`, with the foreign-language spans `tagger` finds in
    /// the text as written. A span in another language that `text` speaks (fr en de es it pt
    /// nl) is said by that language's normaliser: the voice that reads the span is that
    /// language's, and "trescientos" in an English voice is no number at all. es "You are
    /// allowed 300 push notifications per 24 hours." (an untranslated string) is "You are
    /// allowed three hundred push notifications per twenty-four hours.", inside an English
    /// span. The rest of the text is said as `normalize` says it, with its whole context; a span
    /// in a language `text` does not speak keeps that reading.
    ///
    /// The text is tagged as written, not as said: the base language's number words inside a
    /// foreign sentence would break its span apart. The result's `spans` are ranges of the
    /// spoken text. A span whose edge falls inside one of the base language's rewrites (a
    /// reading that starts before the foreign words) is left out, and that reading kept.
    /// - Throws: `SpokenFormError` when a speller fails on a form it was given (ICU failures).
    public func normalize(_ text: String, only: Set<Spoken.Rewrite.Kind>? = nil, skip: Set<Spoken.Rewrite.Kind> = [],
                          addresses: Bool = false, languages tagger: LanguageTagger) throws -> Spoken {
        var result = try normalize(text, only: only, skip: skip, addresses: addresses)
        let spans = tagger.tag(text).spans
        guard !spans.isEmpty else { return result }
        let input = Array(text.unicodeScalars)
        let said = Array(result.text.unicodeScalars)
        let rewrites = result.rewrites
        var output = String.UnicodeScalarView()
        var outputRewrites: [Spoken.Rewrite] = []
        var outputSpans: [LanguageSpan] = []
        // Where the next base piece starts, in the base reading; and how far the output has
        // moved from it (a foreign reading is longer or shorter than the base one it replaces).
        var copied = 0
        var rewriteIndex = 0
        var shift = (scalars: 0, utf16: 0)
        var mapper = SaidPositions(rewrites)
        for span in spans {
            let start = mapper.position(of: (span.start, span.start16))
            let end = mapper.position(of: (span.end, span.end16))
            guard let start, let end, start.scalars >= copied else { continue }
            var foreign: Spoken?
            if let normalizer = otherLanguage(span.language) {
                foreign = try normalizer.normalize(String(String.UnicodeScalarView(input[span.start..<span.end])),
                                                   only: only, skip: skip, addresses: addresses)
            }
            // The base reading up to the span, with its rewrites moved by what came before.
            output.append(contentsOf: said[copied..<start.scalars])
            while rewriteIndex < rewrites.count, rewrites[rewriteIndex].outputScalars.lowerBound < start.scalars {
                outputRewrites.append(Self.moved(rewrites[rewriteIndex], output: shift))
                rewriteIndex += 1
            }
            let spanStart = (scalars: start.scalars + shift.scalars, utf16: start.utf16 + shift.utf16)
            if let foreign {
                output.append(contentsOf: foreign.text.unicodeScalars)
                for rewrite in foreign.rewrites {
                    var placed = Self.moved(rewrite, output: spanStart)
                    placed.inputScalars = placed.inputScalars.shifted(by: span.start)
                    placed.inputUTF16 = placed.inputUTF16.shifted(by: span.start16)
                    outputRewrites.append(placed)
                }
                // The base rewrites inside the span are replaced by the foreign ones.
                while rewriteIndex < rewrites.count, rewrites[rewriteIndex].outputScalars.lowerBound < end.scalars { rewriteIndex += 1 }
                let saidScalars = foreign.text.unicodeScalars.count, saidUTF16 = foreign.text.utf16.count
                shift = (spanStart.scalars + saidScalars - end.scalars, spanStart.utf16 + saidUTF16 - end.utf16)
            } else {
                output.append(contentsOf: said[start.scalars..<end.scalars])
                while rewriteIndex < rewrites.count, rewrites[rewriteIndex].outputScalars.lowerBound < end.scalars {
                    outputRewrites.append(Self.moved(rewrites[rewriteIndex], output: shift))
                    rewriteIndex += 1
                }
            }
            outputSpans.append(LanguageSpan(language: span.language, start: spanStart.scalars, end: end.scalars + shift.scalars,
                                            start16: spanStart.utf16, end16: end.utf16 + shift.utf16))
            copied = end.scalars
        }
        output.append(contentsOf: said[copied...])
        outputRewrites += rewrites[rewriteIndex...].map { Self.moved($0, output: shift) }
        result.text = String(output)
        result.rewrites = outputRewrites
        result.spans = outputSpans
        return result
    }

    /// The normaliser of `language` (a span's tag, "en", "en-GB") when it is another language
    /// that `text` speaks; nil for the base language or one without text data.
    private func otherLanguage(_ language: String) -> TextNormalizer? {
        guard let spoken = try? SpokenForm.shared(locale: language, options: options),
              spoken.locale.language != locale.language else { return nil }
        return try? spoken.texts
    }

    /// Input positions (scalars, UTF-16) mapped to the base reading, asked in increasing order:
    /// one pass over the rewrites for all the spans' edges, not one per edge.
    private struct SaidPositions {
        let rewrites: [Spoken.Rewrite]
        var next = 0
        var shift = (scalars: 0, utf16: 0)

        init(_ rewrites: [Spoken.Rewrite]) { self.rewrites = rewrites }

        /// Where `position` is in the base reading, moved by the rewrites before it; nil inside a rewrite.
        mutating func position(of position: (scalars: Int, utf16: Int)) -> (scalars: Int, utf16: Int)? {
            while next < rewrites.count, rewrites[next].inputScalars.upperBound <= position.scalars {
                shift.scalars += rewrites[next].outputScalars.count - rewrites[next].inputScalars.count
                shift.utf16 += rewrites[next].outputUTF16.count - rewrites[next].inputUTF16.count
                next += 1
            }
            if next < rewrites.count, rewrites[next].inputScalars.lowerBound < position.scalars { return nil }
            return (position.scalars + shift.scalars, position.utf16 + shift.utf16)
        }
    }

    /// `rewrite` with its output ranges moved by `shift`.
    private static func moved(_ rewrite: Spoken.Rewrite, output shift: (scalars: Int, utf16: Int)) -> Spoken.Rewrite {
        var moved = rewrite
        moved.outputScalars = moved.outputScalars.shifted(by: shift.scalars)
        moved.outputUTF16 = moved.outputUTF16.shifted(by: shift.utf16)
        return moved
    }
}
