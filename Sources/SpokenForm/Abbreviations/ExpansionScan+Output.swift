/// Building the spoken text and the rewrites' ranges, in one pass over the input.
extension ExpansionScan {
    mutating func emit(_ match: Match) {
        let original = string(match.start, match.end)
        if match.spoken == original { return }
        if output.isEmpty { output.reserveCapacity(utf8.count + 64) }
        copy(upTo: match.start)
        let inputStart = utf16Offset(ofScalar: match.start)
        let inputEnd = utf16Offset(ofScalar: match.end)
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
        for i in copied..<end {
            outputUTF16 += s[i].value > 0xFFFF ? 2 : 1
        }
        outputScalars += end - copied
        copied = end
    }

    /// UTF-16 offset of a scalar index, walking forward from the last one asked (offsets only grow).
    mutating func utf16Offset(ofScalar index: Int) -> Int {
        var (scalar, utf16) = inputUTF16Cursor
        while scalar < index {
            utf16 += s[scalar].value > 0xFFFF ? 2 : 1
            scalar += 1
        }
        inputUTF16Cursor = (scalar, utf16)
        return utf16
    }

    mutating func finish() -> (text: String, rewrites: [Spoken.Rewrite]) {
        if rewrites.isEmpty { return (text, []) }
        copy(upTo: s.count)
        return (String(decoding: output, as: UTF8.self), rewrites)
    }
}
