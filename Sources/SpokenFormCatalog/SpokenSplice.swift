import SpokenForm

/// A part of a spoken text replaced after the normaliser has said it: a placeholder's
/// stand-in by the counted word's phrase ("%#@… @" -> "%d kilomètres"), a unit symbol with
/// no number by its name ("km/h" -> "kilomètres par heure").
struct SpokenReplacement {
    /// The scalars replaced in the spoken text.
    let range: Range<Int>
    /// What replaces them.
    let text: String
    /// The part of `text` that is said for something written (its scalar range in `text`, the
    /// written form, the kind), recorded as a rewrite so that SSML writes `<sub alias>`.
    let said: (range: Range<Int>, original: String, kind: Spoken.Rewrite.Kind)?
}

extension Spoken {
    /// The spoken text with `replacements` made (sorted, disjoint, none crossing a rewrite or
    /// a span's end), every rewrite and span moved to where its text now is, and a rewrite
    /// added for each replacement's said part.
    func replacing(_ replacements: [SpokenReplacement]) -> Spoken {
        guard !replacements.isEmpty else { return self }
        let sorted = replacements.sorted { $0.range.lowerBound < $1.range.lowerBound }
        let scalars = Array(text.unicodeScalars)
        var utf16At = [0]
        utf16At.reserveCapacity(scalars.count + 1)
        for scalar in scalars { utf16At.append(utf16At[utf16At.count - 1] + UTF16.width(scalar)) }

        // The scalar and UTF-16 growth of each replacement, in order, for moving the offsets after it.
        var shifts: [(end: Int, scalars: Int, end16: Int, utf16: Int)] = []
        var newText = String.UnicodeScalarView()
        var added: [Rewrite] = []
        var copied = 0
        var grown = (scalars: 0, utf16: 0)
        for replacement in sorted {
            let range = max(copied, min(replacement.range.lowerBound, scalars.count))..<min(max(replacement.range.upperBound, copied), scalars.count)
            newText.append(contentsOf: scalars[copied..<range.lowerBound])
            let newStart = range.lowerBound + grown.scalars
            let newStart16 = utf16At[range.lowerBound] + grown.utf16
            let inserted = Array(replacement.text.unicodeScalars)
            newText.append(contentsOf: inserted)
            if let said = replacement.said, said.range.upperBound <= inserted.count {
                let before16 = inserted[..<said.range.lowerBound].reduce(0) { $0 + UTF16.width($1) }
                let width16 = inserted[said.range].reduce(0) { $0 + UTF16.width($1) }
                added.append(Rewrite(kind: said.kind, original: said.original, spoken: String(String.UnicodeScalarView(inserted[said.range])),
                                     inputScalars: range, inputUTF16: utf16At[range.lowerBound]..<utf16At[range.upperBound],
                                     outputScalars: (newStart + said.range.lowerBound)..<(newStart + said.range.upperBound),
                                     outputUTF16: (newStart16 + before16)..<(newStart16 + before16 + width16)))
            }
            let inserted16 = inserted.reduce(0) { $0 + UTF16.width($1) }
            grown.scalars += inserted.count - range.count
            grown.utf16 += inserted16 - (utf16At[range.upperBound] - utf16At[range.lowerBound])
            shifts.append((range.upperBound, grown.scalars, utf16At[range.upperBound], grown.utf16))
            copied = range.upperBound
        }
        newText.append(contentsOf: scalars[copied...])

        func moved(_ offset: Int) -> Int { shifts.last { $0.end <= offset }.map { offset + $0.scalars } ?? offset }
        func moved16(_ offset: Int) -> Int { shifts.last { $0.end16 <= offset }.map { offset + $0.utf16 } ?? offset }
        var result = self
        result.text = String(newText)
        result.rewrites = rewrites.map { rewrite in
            var rewrite = rewrite
            rewrite.outputScalars = moved(rewrite.outputScalars.lowerBound)..<moved(rewrite.outputScalars.upperBound)
            rewrite.outputUTF16 = moved16(rewrite.outputUTF16.lowerBound)..<moved16(rewrite.outputUTF16.upperBound)
            return rewrite
        }
        result.rewrites += added
        result.rewrites.sort { $0.outputScalars.lowerBound < $1.outputScalars.lowerBound }
        result.spans = spans.map { span in
            var span = span
            // A span's end moves with a replacement that ends where it does.
            span.start = moved(span.start)
            span.end = moved(span.end)
            span.start16 = moved16(span.start16)
            span.end16 = moved16(span.end16)
            return span
        }
        return result
    }
}
