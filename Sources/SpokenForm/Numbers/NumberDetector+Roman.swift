/// Roman numerals in context ("XXIe", "chapitre IV", "Louis XIV").
extension NumberDetector.Reader {
    static func romanValue(_ letters: [Unicode.Scalar]) -> Int? {
        // A switch, not a dictionary literal: the table was built on every capitalised word.
        func value(_ letter: Unicode.Scalar) -> Int? {
            switch letter {
            case "I": return 1
            case "V": return 5
            case "X": return 10
            case "L": return 50
            case "C": return 100
            case "D": return 500
            case "M": return 1000
            default: return nil
            }
        }
        var total = 0
        for (index, letter) in letters.enumerated() {
            guard let letterValue = value(letter) else { return nil }
            if index + 1 < letters.count, let next = value(letters[index + 1]), next > letterValue { total -= letterValue } else { total += letterValue }
        }
        guard total > 0, total < 4000, romanString(total) == letters else { return nil }
        return total
    }

    static func romanString(_ value: Int) -> [Unicode.Scalar] {
        let table: [(Int, String)] = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
                                      (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
        var rest = value
        var out: [Unicode.Scalar] = []
        for (amount, letters) in table {
            while rest >= amount { out.append(contentsOf: letters.unicodeScalars); rest -= amount }
        }
        return out
    }

    func roman(at p: Int, into candidates: inout [TextCandidate]) throws {
        var end = p
        while text.isOneOf(end, "IVXLCDM") { end += 1 }
        // "Le", "De", "Ce", "Call": one letter followed by more of a word is a numeral only as
        // "Ier", "Ire" (tested first: most capitalised words stop here).
        if end - p == 1, text.isLetter(end), !(text.scalars[p] == "I" && text.letterRunEnd(end) - end == 2) { return }
        // Centuries, chapters and kings stay small: "MIX", "CV", "XL" are words and sizes.
        guard end > p, end - p <= 8, let value = Self.romanValue(Array(text.scalars[p..<end])), value <= 100 else { return }
        // An ordinal suffix: "XXIe siècle", "Ier".
        if text.isLetter(end) {
            let suffixEnd = text.letterRunEnd(end)
            // "Le", "De", "Ce", "Me" are words: one letter takes a suffix only as "Ier", "Ire".
            if end - p == 1 && !(text.scalars[p] == "I" && suffixEnd - end == 2) { return }
            let suffix = text.string(end, suffixEnd).lowercased()
            guard data.romanOrdinalSuffixes.contains(suffix) else { return }
            propose(.romanWithSuffix, p, suffixEnd, .roman, priority: 1, into: &candidates) { try? numbers.ordinal(value, gender: .masculine) }
            return
        }
        if text.isDigit(end) || text.isOneOf(end, "-'’") { return }
        // "XXI secolo": a noun after it that makes it an ordinal.
        if end - p >= 2, let (noun, _) = text.word(at: text.skipSpaces(end)), text.skipSpaces(end) > end,
           data.romanOrdinalNouns.contains(noun) {
            propose(.romanBeforeNoun, p, end, .roman, priority: 1, into: &candidates) { try? numbers.ordinal(value, gender: .masculine) }
            return
        }
        // "XIV" as the whole text (a heading, a table cell): three letters or more in the standard
        // form are that number; shorter ones ("IV", "XL", "CD") are as often abbreviations or sizes.
        if end - p >= 3, text.skipSpacesBack(p) == 0, text.skipSpaces(end) >= text.count,
           Self.romanString(value) == Array(text.scalars[p..<end]) {
            try propose(.romanAlone, p, end, .roman, priority: 1, into: &candidates) { try numbers.cardinal(value) }
            return
        }
        // en "Hey Siri I need help", "Thanks Mark I will call", "the longest episode I listened
        // to": the pronoun before a verb, after a name or a chapter word alike.
        if end - p == 1, text.scalars[p] == "I", let except = data.pronounIExceptBefore {
            let next = text.skipSpaces(end)
            if next > end, let (word, _) = text.word(at: next), text.scalars[next].properties.isLowercase, !except.contains(word) { return }
        }
        let before = text.wordBefore(p)
        if let word = before?.word, data.romanWords.contains(word) {
            // One letter is a numeral only as I, V or X ("chapter V"): "Appendix C", "Part D",
            // "Type C" name sections and kinds by letter, never 100 or 500.
            guard end - p >= 2 || text.isOneOf(p, "IVX") else { return }
            try propose(.romanAfterWord, p, end, .roman, priority: 1, into: &candidates) { try numbers.cardinal(value) }
            return
        }
        // Regnal names: "Louis XIV", "Henry VIII", "Elizabeth I": after a capitalised word of
        // three letters or more that is not in capitals ("CHAPTER I", "MIX I" are not names).
        guard let regnal = data.regnal, let before, text.skipSpacesBack(p) < p else { return }
        let name = text.string(before.start, text.skipSpacesBack(p))
        // The name is a word just before it: "API. I token" ends a sentence ("I" is an article).
        guard text.scalars[before.start].properties.isUppercase, name.count >= 3,
              name.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic }),
              !name.unicodeScalars.allSatisfy({ $0.properties.isUppercase }),
              end - p >= 2 || text.scalars[p] == "I" && !text.isSentenceStart(before.start)
                || text.isOneOf(p, "VX") && data.regnalNames.contains(before.word) else { return }
        guard value <= 30 else { return }
        // de "Ludwigs II.", "Elisabeths II.": a listed name with the genitive's "s".
        let genitiveOf: String? = data.regnalCases["genitive"] != nil && before.word.hasSuffix("s") ? String(before.word.dropLast()) : nil
        let isGenitive = genitiveOf.map { data.regnalNames.contains($0) || data.regnalFeminineNames.contains($0) } ?? false
        let isListed = data.regnalNames.contains(before.word) || data.regnalFeminineNames.contains(before.word) || isGenitive
        // A lone "I" is a numeral only after a monarch's name the data lists ("Elizabeth I",
        // "Charles I of England"): after any other capitalised word it is as often the
        // English pronoun inside a name or a quotation ("Have I Been Pwned", in every language).
        if end - p == 1, text.scalars[p] == "I", !isListed { return }
        // "Final Fantasy VII", "Grand Theft Auto IV": after two capitalised words, a name the
        // data does not list is a title's, and its number a cardinal ("Final Fantasy seven"),
        // but after a title word ("King Ramses II"). One word alone ("Rocky III") cannot be
        // told from a king's name and stays regnal. Where every noun is capitalised (de "Das
        // Schloss Ludwigs II."), a capital before the name says nothing, so the rule is off.
        let priorEnd = text.skipSpacesBack(before.start)
        if !isListed, !data.nounsCapitalized, end - p >= 2, priorEnd < before.start, text.isLetter(priorEnd - 1), let prior = text.wordBefore(before.start),
           text.scalars[prior.start].properties.isUppercase, !data.regnalTitles.contains(prior.word) {
            try propose(.romanInTitle, p, end, .roman, priority: 1, into: &candidates) { try numbers.cardinal(value) }
            return
        }
        // A queen's numeral is a feminine ordinal, in her own template where the data has one.
        let isQueen = data.regnalFeminineNames.contains(isGenitive ? genitiveOf ?? before.word : before.word)
        let templates = isQueen ? data.regnalFeminine ?? regnal : regnal
        var template = value <= templates.ordinalMax ? templates.ordinalTemplate : templates.cardinalTemplate
        // de: the case of the name ("Ludwigs des Zweiten") or of the word before it ("mit
        // Ludwig dem Zweiten", "für Ludwig den Zweiten"; text.txt `regnal-case-words`).
        let caseName = isGenitive ? "genitive" : text.wordBefore(before.start).flatMap { data.regnalCaseWords[$0.word] }
        if let caseName, let forms = data.regnalCases[caseName] { template = isQueen ? forms.feminine : forms.masculine }
        // German writes the regnal ordinal with a period ("Ludwig XIV. war"): it is read, not a sentence end.
        var finalEnd = end
        // So is one before a comma ("Karl V., König von Spanien").
        if data.ordinalDotRuleSet != nil, text.isOneOf(end, "."),
           text.isOneOf(end + 1, ",;") || text.isWordSpace(end + 1) && text.scalar(end + 2)?.properties.isLowercase == true {
            finalEnd += 1
        }
        try propose(.regnal, p, finalEnd, .roman, priority: 1, into: &candidates) {
            let ordinal = try (try? numbers.ordinal(value, gender: isQueen ? .feminine : .masculine)) ?? numbers.cardinal(value)
            var spoken = template.filling("{ordinal}", with: ordinal).filling("{cardinal}", with: try numbers.cardinal(value))
            // "{%spellout-ordinal-e}": a named ICU rule set (de "der Vierzehnte" is weak).
            if let open = spoken.range(of: "{%"), let close = spoken.range(of: "}", range: open.upperBound..<spoken.endIndex) {
                guard let words = try? numbers.spell(value, ruleSet: String(spoken[spoken.index(after: open.lowerBound)..<close.lowerBound])) else { return nil }
                spoken.replaceSubrange(open.lowerBound..<close.upperBound, with: words)
            }
            return spoken
        }
    }
}
