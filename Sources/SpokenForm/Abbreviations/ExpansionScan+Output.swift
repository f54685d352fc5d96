/// Building the spoken text and the rewrites' ranges, in one pass over the input.
extension ExpansionScan {
    /// A match as the text normaliser takes it: its scalars, class and words. Without the
    /// output text and the ranges of a `Spoken.Rewrite`, a huge text's expansions cost far
    /// less (issue 18, finding 5).
    struct Expansion {
        let kind: Spoken.Rewrite.Kind
        let spoken: String
        let inputScalars: Range<Int>
    }

    // MARK: Output

    mutating func emit(_ match: Match) {
        let original = string(match.start, match.end)
        if match.spoken == original { return }
        if collectsExpansions {
            changed = true
            expansions.append(Expansion(kind: match.kind, spoken: match.spoken, inputScalars: match.start..<match.end))
            return
        }
        // Twice the input: expansions lengthen a text ("av." -> "avenue"), and growing past the
        // reserve would copy the output while the scan's tables are held (on a huge line, the
        // peak). Capacity never written to costs no resident memory.
        if output.isEmpty { output.reserveCapacity(2 * utf8.count + 64) }
        copy(upTo: match.start)
        changed = true
        guard recordsRewrites else {
            output.append(contentsOf: match.spoken.utf8)
            copied = match.end
            return
        }
        let inputStart = utf16.offset(ofScalar: match.start)
        let inputEnd = utf16.offset(ofScalar: match.end)
        let outStart = (outputScalars, outputUTF16)
        output.append(contentsOf: match.spoken.utf8)
        outputScalars += match.spoken.unicodeScalars.count
        outputUTF16 += match.spoken.utf16.count
        copied = match.end
        rewrites.append(Spoken.Rewrite(kind: match.kind, original: original, spoken: match.spoken,
                                       inputScalars: match.start..<match.end, inputUTF16: inputStart..<inputEnd,
                                       outputScalars: outStart.0..<outputScalars, outputUTF16: outStart.1..<outputUTF16))
    }

    mutating func copy(upTo end: Int) {
        guard end > copied else { return }
        output.append(contentsOf: utf8[utf8Offsets[copied]..<utf8Offsets[end]])
        guard recordsRewrites else { copied = end; return }
        // In increasing order: the mapper walks forward (an earlier index would restart it).
        let from = utf16.offset(ofScalar: copied)
        outputUTF16 += utf16.offset(ofScalar: end) - from
        outputScalars += end - copied
        copied = end
    }

    mutating func finish() -> (text: String, rewrites: [Spoken.Rewrite]) {
        guard let bytes = finishedBytes() else { return (scanned.text, []) }
        return (String(decoding: bytes, as: UTF8.self), rewrites)
    }

    /// The output's UTF-8, or nil when nothing changed (the output is the input).
    mutating func finishedBytes() -> [UInt8]? {
        if !changed { return nil }
        copy(upTo: s.count)
        return output
    }
}
