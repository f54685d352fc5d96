/// Dictionary abbreviations ("av.", "Dr", "z.B."), with their conditions and forms.
extension ExpansionScan {
    // MARK: Dictionary

    func matchDictionary(at p: Int) throws -> Match? {
        guard let (entry, variant, end) = dictionaryMatch(at: p, allow: nil) else { return nil }
        // Glued to a format specifier or a placeholder ("%@s. Du kannst"): a suffix, not a word.
        if p > 0 && protected[p - 1] && classes[p - 1] != .space { return nil }
        // "CC-BY-SA 4.0": capitals joined by hyphens to a word are a name's or a code's part,
        // not "société anonyme".
        // So is a word that is also an abbreviation ("wp-admin.": the path's "admin", not
        // "administración"; its period stays the sentence's).
        if p > 1, s[p - 1] == "-", classes[p - 2] == .letter,
           entry.key.allSatisfy({ $0.properties.isUppercase }) || entry.conditions.contains(.alsoWord) { return nil }
        // A street type after a lower-case word, with no name after it ("at all.", "being sent.");
        // "Elm Ave." and "12 av." stay streets.
        if entry.endsWithPeriod && endsText(periodAt: end - 1) && entry.conditions.contains(.street)
            && followsWord(p, lowercase: true) { return nil }
        // "nivel del mar.", "del mar. La medición": the last word of a sentence, not the weekday;
        // after a one-letter conjunction it is still a list of abbreviations ("lun. y mar.").
        if entry.endsWithPeriod && entry.conditions.contains(.alsoWord) && followsWord(p, minimumLetters: 2) {
            let next = skipSpaces(end)
            if next >= s.count || classes[next] == .newline || next > end && classes[next] == .letter && s[next].properties.isUppercase { return nil }
        }
        var expansion = entry.expansion(for: nil)
        if variant == .capitalized { expansion = Self.capitalize(expansion) }
        // "n° 5", "p. 12": the number is part of what is said; so is the house number after a
        // street type ("Str. 5", review E27).
        if (entry.conditions.contains(.beforeNumber) || entry.conditions.contains(.street)) && !entry.conditions.contains(.keepNumber),
           let (q, number) = try numberStandingAlone(after: end, gender: entry.gender) {
            return Match(kind: .abbreviation, start: p, end: q, spoken: expansion + " " + number)
        }
        let keepsPeriod = entry.endsWithPeriod && !entry.conditions.contains(.beforeName) && !entry.conditions.contains(.beforeNumber)
            && (entry.conditions.contains(.street) || entry.conditions.contains(.introduces) ? endsText(periodAt: end - 1)
                : endsSentence(periodAt: end - 1) || entry.conditions.contains(.endsList) && capitalFollows(periodAt: end - 1))
        if keepsPeriod { expansion += "." }
        return Match(kind: .abbreviation, start: p, end: end, spoken: expansion)
    }

    /// A word (letters, then spaces or an elision's apostrophe) just before `p`: "del mar.",
    /// "l'app."; with `lowercase`, a word that starts in lower case (not a name).
    func followsWord(_ p: Int, lowercase: Bool = false, minimumLetters: Int = 1) -> Bool {
        var j = p - 1
        guard j >= 0, classes[j] == .space || s[j] == "'" || s[j] == "’" else { return false }
        while j >= 0 && (classes[j] == .space || s[j] == "'" || s[j] == "’") { j -= 1 }
        guard j >= 0, classes[j] == .letter else { return false }
        let wordEnd = j + 1
        // "wasn't", "aujourd'hui": an apostrophe between letters is inside the word.
        while j > 0 && (classes[j - 1] == .letter || j > 1 && (s[j - 1] == "'" || s[j - 1] == "’") && classes[j - 2] == .letter) { j -= 1 }
        guard wordEnd - j >= minimumLetters else { return false }
        return !lowercase || s[j].properties.isLowercase
    }

    /// A plain number of up to six digits after `end` (past spaces), standing alone, spoken:
    /// "n° 5", "Hauptstr. 5". "pp. 12-15", "n° 5/7" and "Str. 7a" keep their digits.
    func numberStandingAlone(after end: Int, gender: Gender?) throws -> (end: Int, spoken: String)? {
        let n = skipSpaces(end)
        guard n < s.count, classes[n] == .digit else { return nil }
        let q = numberEnd(from: n)
        let plain = q - n <= 6 && (q - n == 1 || s[n] != "0") && (n..<q).allSatisfy { classes[$0] == .digit }
        let alone = q >= s.count || classes[q] == .space || classes[q] == .newline
            || (",;)!?".unicodeScalars.contains(s[q])) || (s[q] == "." && (q + 1 >= s.count || isSpace(q + 1)))
        guard plain, alone, let value = parseNumber(n, q, negative: false) else { return nil }
        return (q, try expander.cardinal(value, gender: gender))
    }

    /// The entry that applies at `p`, with the variant matched and where it ends.
    /// Among the entries of the longest key that occurs: those whose context conditions
    /// hold win over those without conditions; two different expansions left = ambiguous,
    /// and the text is left alone.
    func dictionaryMatch(at p: Int, allow: AbbreviationConditions?)
        -> (AbbreviationEntry, AbbreviationMatcher.Variant, Int)? {
        guard matcher.mayStart(s[p], p + 1 < s.count ? s[p + 1] : nil), let candidates = matcher.patterns(startingWith: s[p]) else { return nil }
        var index = 0
        while index < candidates.count {
            let length = candidates[index].scalars.count
            var positive: [(Int, AbbreviationMatcher.Variant)] = []
            var neutral: [(Int, AbbreviationMatcher.Variant)] = []
            var occurredAtThisLength = false
            while index < candidates.count && candidates[index].scalars.count == length {
                let pattern = candidates[index]
                index += 1
                guard mayOccur(pattern.scalars, at: p), occurs(pattern.scalars, at: p) else { continue }
                let entry = data.entries[pattern.entry]
                if pattern.variant == .exact || isSentenceStart(p) || entry.conditions.contains(.anyCase) { occurredAtThisLength = true }
                if pattern.variant != .exact && !entry.conditions.contains(.anyCase) && !isSentenceStart(p) { continue }
                let conditions = entry.conditions
                if let allow {
                    guard !conditions.isDisjoint(with: allow) else { continue }
                    positive.append((pattern.entry, pattern.variant))
                    continue
                }
                // Number-led entries are matched from the number (matchAfterNumber).
                if conditions.contains(.afterNumber) { continue }
                let context = conditions.intersection(AbbreviationConditions.context)
                if context.isEmpty {
                    neutral.append((pattern.entry, pattern.variant))
                } else if contextHolds(context, start: p, end: p + length) {
                    positive.append((pattern.entry, pattern.variant))
                }
            }
            let chosen = positive.isEmpty ? neutral : positive
            // The longest key that occurs is what the text says: if its conditions do not hold,
            // a shorter key ("févr" in "févr.") must not take its place.
            if chosen.isEmpty {
                if occurredAtThisLength { return nil }
                continue
            }
            // An entry as written wins over another entry's capitalised form ("No." over "no.",
            // "Bldg." over "bldg." at a sentence start): only the rest may make it ambiguous.
            let asWritten = chosen.filter { $0.1 == .exact }
            let pool = asWritten.isEmpty ? chosen : asWritten
            let expansions = Set(pool.map { data.entries[$0.0].forms[.other] ?? "" })
            guard expansions.count == 1, let first = pool.first else { return nil }
            return (data.entries[first.0], first.1, p + length)
        }
        return nil
    }

    func contextHolds(_ context: AbbreviationConditions, start: Int, end: Int) -> Bool {
        if context.contains(.beforeName) {
            let next = skipSpaces(end)
            if next == end && s[end - 1] != "/" && s[end - 1] != "-" { return false }
            if !isName(at: next) { return false }
            // es "D. J. Bernstein", "M. J. Dupont": a one-letter abbreviation before another
            // initial is an initial itself, not "don", "monsieur".
            if end - start == 2, s[end - 1] == ".", next + 1 < s.count, s[next + 1] == ".",
               next + 2 == s.count || classes[next + 2] != .letter { return false }
        }
        if context.contains(.afterName) {
            var j = start - 1
            while j >= 0 && classes[j] == .space { j -= 1 }
            guard j >= 0, j < start - 1, classes[j] == .letter || classes[j] == .digit else { return false }
            var wordStart = j
            while wordStart > 0 && (classes[wordStart - 1] == .letter || classes[wordStart - 1] == .digit) { wordStart -= 1 }
            // A name ("Main St.") or an ordinal street number ("5th Ave."); a capital at a
            // sentence start says nothing ("Ask Dr. Lee").
            if !((isName(at: wordStart) && !isSentenceStart(wordStart)) || classes[wordStart] == .digit) { return false }
        }
        if context.contains(.beforeNumber) {
            let next = skipSpaces(end)
            guard next < s.count, classes[next] == .digit || (next > end && isRomanNumeral(at: next)) else { return false }
        }
        return true
    }

    /// "chap. III", "Kap. IV", "vol. II": a word that is a Roman numeral in its standard form
    /// (`romanValue`) counts as the number a `before-number` abbreviation needs; the text's
    /// Roman reader says it after the words its data lists (text.txt `roman-words`).
    func isRomanNumeral(at i: Int) -> Bool {
        var j = i
        while j < s.count && classes[j] == .letter && j - i <= 15 { j += 1 }
        return j > i && (j >= s.count || classes[j] != .digit) && Self.romanValue(s[i..<j]) != nil
    }

    /// A capitalised word that is not a sentence starter from the data ("Dupont", not "Puis"),
    /// possibly after name particles from the data ("de Vries", "van der Berg", "de la Fuente").
    func isName(at i: Int, particles: Int = 0) -> Bool {
        guard i < s.count, classes[i] == .letter, !protected[i] || scanned.isIdentifier(i) else { return false }
        var end = i
        while end < s.count && classes[end] == .letter { end += 1 }
        if !s[i].properties.isUppercase {
            guard particles < 3, !data.nameParticles.isEmpty, data.nameParticles.contains(string(i, end)) else { return false }
            let next = skipSpaces(end)
            return next > end && isName(at: next, particles: particles + 1)
        }
        return !data.notNames.contains(string(i, end))
    }

    /// At the start of the text, of a line, or after ". ", "! ", "? " (opening quotes skipped).
    func isSentenceStart(_ p: Int) -> Bool {
        var j = p - 1
        while j >= 0, "(«\"'‘“¿¡".unicodeScalars.contains(s[j]) { j -= 1 }
        var sawSpace = false
        while j >= 0 && classes[j] == .space { j -= 1; sawSpace = true }
        if j < 0 || classes[j] == .newline { return true }
        return sawSpace && ".!?…:".unicodeScalars.contains(s[j])
    }

    static func capitalize(_ text: String) -> String {
        guard let first = text.unicodeScalars.first else { return text }
        return first.properties.uppercaseMapping + String(text.unicodeScalars.dropFirst())
    }
}
