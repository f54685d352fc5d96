/// House numbers said in pairs, and decades ("the '90s").
extension NumberDetector.Reader {
    /// A house number of three or four digits (no leading zero) followed by one to four
    /// capitalised words of which the last is a street word (text.txt `street-words`: "123
    /// Main St.", "2788 San Tomas Expy"), said in pairs as the language reads such numbers
    /// (`house-number`: en "one twenty-three", "twenty-seven eighty-eight", "one oh five",
    /// "twelve hundred"; a round thousand stays a cardinal, "two thousand"). Its value and the
    /// words of the pairs (`saidInPairs(_:_:)` says it).
    func houseNumber(_ p: Int, _ end: Int) -> (Int, (zero: String, hundred: String))? {
        guard let pairs = data.houseNumberWords, !data.streetWords.isEmpty, (3...4).contains(end - p),
              !text.isOneOf(p, "0"), text.isWordSpace(end), let value = text.integer(p, end) else { return nil }
        var i = end + 1
        var isStreet = false
        for _ in 0..<4 {
            guard i < text.count, text.isLetter(i), text.scalars[i].properties.isUppercase,
                  let (word, wordEnd) = text.word(at: i), !text.isDigit(wordEnd) else { break }
            if data.streetWords.contains(word), i > end + 1 { isStreet = true; break }
            guard text.isWordSpace(wordEnd) else { break }
            i = wordEnd + 1
        }
        guard isStreet else { return nil }
        return (value, pairs)
    }

    /// "Error 404" -> "error four oh four", "Room 1205" -> "twelve oh five", "Highway 101":
    /// a number of 3-4 digits after a word of text.txt `pair-words` (or before one of
    /// `pair-words-after`, "404 errors") is said in pairs, as a house number is.
    func namedInPairs(_ p: Int, _ end: Int) -> (Int, (zero: String, hundred: String))? {
        guard let pairs = data.houseNumberWords, !data.pairWords.isEmpty, (3...4).contains(end - p), !text.isOneOf(p, "0"),
              let value = text.integer(p, end) else { return nil }
        let before = text.wordBefore(p).map { data.pairWords.contains($0.word) } ?? false
        let after = text.isWordSpace(end) && (text.word(at: end + 1).map { data.pairWordsAfter.contains($0.word) } ?? false)
        guard before || after else { return nil }
        return (value, pairs)
    }

    func saidInPairs(_ value: Int, _ pairs: (zero: String, hundred: String)) throws -> String {
        let head = value / 100, tail = value % 100
        if tail == 0, head % 10 == 0 { return try numbers.cardinal(value) }
        let tailWords = tail == 0 ? pairs.hundred : tail < 10 ? pairs.zero + " " + (try numbers.cardinal(tail)) : try numbers.cardinal(tail)
        return try numbers.cardinal(head) + " " + tailWords
    }

    // MARK: Years

    /// "1980s", "'90s" (en), "1980er" (de): the year said with the decade ending from the data.
    func decade(at p: Int) throws -> (Int, String)? {
        guard !data.decadeSuffixes.isEmpty else { return nil }
        let end = text.digitRunEnd(p)
        guard end - p == 4 || end - p == 2, text.scalars[end - 1] == "0" else { return nil }
        // "1980s", "1990's".
        let suffixStart = text.isOneOf(end, "'’") && text.isOneOf(end + 1, "s") ? end + 1 : end
        guard let (suffix, suffixEnd) = text.word(at: suffixStart), let rewrite = data.decadeSuffixes[suffix],
              let value = text.integer(p, end) else { return nil }
        let words = end - p == 4 ? try numbers.year(value) : try numbers.cardinal(value)
        guard words.hasSuffix(rewrite.from) else { return nil }
        return (suffixEnd, String(words.dropLast(rewrite.from.count)) + rewrite.to)
    }
}
