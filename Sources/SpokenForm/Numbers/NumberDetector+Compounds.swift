/// Numbers glued to a scale word or multiplier ("3x", "1,5-fache"), compounds and products ("2 × 3").
extension NumberDetector.Reader {
    /// "10k downloads" -> "ten thousand downloads", "1.5M views", "3x faster" -> "three times
    /// faster", "1.5×": a scale word or multiplier sign of text.txt (`scale-glued`,
    /// `multiplier`) glued to a number and ending the word.
    func gluedScaleOrMultiplier(start: Int, p: Int, end: Int, negative: Bool, into candidates: inout [TextCandidate]) throws {
        let wordEnd = text.isLetter(end) ? text.letterRunEnd(end) : end + 1
        guard !text.isWordChar(wordEnd), !(text.isOneOf(wordEnd, ".,") && text.isDigit(wordEnd + 1)),
              let value = parse(p, end, negative: negative) else { return }
        let written = text.string(end, wordEnd)
        func category() throws -> PluralCategory {
            try numbers.plurals.category(of: value.integer + (value.fraction.isEmpty ? "" : "." + value.fraction))
        }
        // "1M", "3M", "6M" as a whole label are a chart's months as often as millions, and
        // "10k" a race: with nothing around them to tell, they stay written.
        let alone = text.skipSpacesBack(start) == 0 && text.skipSpaces(wordEnd) >= text.count
        if data.gluedScales.contains(written), !alone, let names = data.scales[written.lowercased()] {
            try propose(.gluedScale, start, wordEnd, .cardinal, priority: 2, into: &candidates) {
                try numbers.cardinal(value) + " " + names.form(for: category())
            }
        } else if data.multiplierSigns.contains(written), let multiplier = data.multiplier,
                  // "0x" glued is the hexadecimal prefix ("begin with „0x“"), never "zero times".
                  !(end - p == 1 && text.isOneOf(p, "0") && text.isLetter(end)),
                  !text.isWordSpace(wordEnd) || !text.isLetter(wordEnd + 1) || text.word(at: wordEnd + 1).map({ data.multiplierBefore.contains($0.word) }) == true {
            try propose(.multiplier, start, wordEnd, .cardinal, priority: 2, into: &candidates) {
                let count = value.isInteger && !negative
                    ? try context.expander?.nounCardinal(value, gender: multiplier.gender) ?? numbers.cardinal(value) : try numbers.cardinal(value)
                // de "+mal": written as one word with the number ("dreimal"), but after a decimal
                // a word of its own ("null Komma fünf mal", not "…fünfmal", five times).
                let word = multiplier.forms.form(for: try category())
                return word.hasPrefix("+") ? count + (value.isInteger ? "" : " ") + word.dropFirst() : count + " " + word
            }
        }
    }

    /// de "4-stellige PIN" -> "vierstellige PIN", "10fach" -> "zehnfach", "2-mal" -> "zweimal";
    /// nl "14-daagse" -> "veertiendaagse": a whole number before a hyphen, or glued, and a
    /// lowercase word of text.txt `number-compound-words` or ending as
    /// `number-compound-endings` says is one word when spoken. Left alone, the hyphen stayed
    /// in the spoken word ("vier-stellige"), and a glued "10fach" was not read. A capitalised
    /// noun after the hyphen ("3-Zimmer-Wohnung") keeps it. Where the word ends, the number
    /// and the word (`compoundWords(_:_:)` says them).
    func numberCompound(p: Int, end: Int, negative: Bool) -> (end: Int, value: DecimalText, suffix: String)? {
        guard !negative, !data.numberCompoundWords.isEmpty || !data.numberCompoundEndings.isEmpty else { return nil }
        let suffixStart = text.isOneOf(end, "-") ? end + 1 : end
        guard text.isLetter(suffixStart), !text.protected[end], !text.protected[suffixStart],
              text.scalars[suffixStart].properties.isLowercase else { return nil }
        let wordEnd = text.letterRunEnd(suffixStart)
        guard !text.isDigit(wordEnd) else { return nil }
        let suffix = text.string(suffixStart, wordEnd)
        guard data.numberCompoundWords.contains(suffix)
                || data.numberCompoundEndings.contains(where: { suffix.count > $0.count + 1 && suffix.hasSuffix($0) }),
              let value = parse(p, end, negative: false) else { return nil }
        return (wordEnd, value, suffix)
    }

    /// A number and the word it makes one with.
    func compoundWords(_ value: DecimalText, _ suffix: String) throws -> String {
        // "1,5-fache": a decimal joins its last word ("eins Komma fünffache").
        var number = try numbers.cardinal(value)
        if let final = data.numberCompoundFinal, number.hasSuffix(final.from) {
            number = String(number.dropLast(final.from.count)) + final.to
        }
        return number + suffix
    }

    /// "20 x 30 cm", "2×3 m", "1280 x 720", "192x144", "3 × 2 = 6": a number before a times
    /// sign and another number is said with the sign ("twenty by", "three times"). Spaced or
    /// after "×", the number after the sign is left to the other readers, so its unit is read
    /// as anywhere ("thirty centimeters"); glued with a letter x ("192x144") the pair is read
    /// here, and only two whole numbers of two digits or more with nothing glued after
    /// ("0x1F", "0x10", "x86" are a code's; "4x4" is also a car). A size (text.txt
    /// `dimension`, en "by") unless an "=" follows ("3 × 2 = 6") or a pack's count comes
    /// first ("6 x 25 cl": a whole number of two digits at most, before a unit `times`
    /// lists); those take the `times` word. Where it ends and, `saying`, its words (else none:
    /// where it ends depends on no word said).
    func product(p: Int, end: Int, negative: Bool, saying: Bool) throws -> (Int, String)? {
        let spaced = text.isWordSpace(end)
        let sign = spaced ? end + 1 : end
        guard text.isTimesSign(sign), !spaced || text.isWordSpace(sign + 1), !text.protected[sign],
              let timesWord = data.timesWord, let sizeWord = data.dimensionWord else { return nil }
        let gluedLetter = !spaced && text.scalars[sign] != "×"
        let second = spaced ? sign + 2 : sign + 1
        guard text.isDigit(second), let value = parse(p, end, negative: negative) else { return nil }
        let secondEnd = numberEnd(from: second)
        // "3 x 4b", "2 x 3:30": the second is no number on its own.
        guard !text.isOneOf(secondEnd, ":/") else { return nil }
        if gluedLetter {
            // "20x30 cm", "2x3m", "21x29,7 cm": before a length's unit, the first number and
            // the sign are said here ("twenty by"), the second with its unit by the unit
            // reader, as after "×". Other units stay written ("3x5 min" may be three times
            // five minutes), and so does a code's "1920x1080p".
            let unitAt = text.isWordSpace(secondEnd) ? secondEnd + 1 : secondEnd
            if text.isLetter(unitAt) {
                guard !negative, !text.isOneOf(p, "0"), end == text.digitRunEnd(p),
                      unitSymbol(at: unitAt)?.hasPrefix("length-") == true else { return nil }
                return (sign + 1, saying ? try numbers.cardinal(value) + " " + sizeWord + " " : "")
            }
            // "4x4" (fr "un quatre-quatre", the car) stays written: two digits or more each.
            guard !negative, !text.isOneOf(p, "0"), end == text.digitRunEnd(p), end - p >= 2, secondEnd - second >= 2,
                  secondEnd == text.digitRunEnd(second),
                  !text.isWordChar(secondEnd), !(text.isOneOf(secondEnd, ".,") && text.isDigit(secondEnd + 1)),
                  !text.isProtected(p, secondEnd), let secondValue = parse(second, secondEnd, negative: false) else { return nil }
            let word = text.isOneOf(text.skipSpaces(secondEnd), "=") ? timesWord : sizeWord
            return (secondEnd, saying ? try numbers.cardinal(value) + " " + word + " " + numbers.cardinal(secondValue) : "")
        }
        let unitAt = text.isWordSpace(secondEnd) ? secondEnd + 1 : secondEnd
        let unitEnd = text.letterRunEnd(unitAt)
        let unit = unitEnd > unitAt && !text.isWordChar(unitEnd) ? text.string(unitAt, unitEnd) : nil
        let equalsFollows = text.isOneOf(text.skipSpaces(secondEnd), "=")
        let packCount = value.isInteger && !negative && end - p <= 2 && !followsTimesSign(p) && unit.map { data.timesUnits.contains($0) } == true
        let word = equalsFollows || packCount ? timesWord : sizeWord
        // Glued ("2×3 m"), the space the sign took is said.
        return (sign + 1, saying ? try numbers.cardinal(value) + " " + word + (spaced ? "" : " ") : "")
    }

    /// The ICU unit ("length-centimeter") of a units.txt symbol standing at `i` as a whole
    /// word ("cm" in "30 cm", "30cm"), or nil: the expander's own lookup.
    func unitSymbol(at i: Int) -> String? {
        guard let expander = context.expander else { return nil }
        return expander.matcher.unitSymbol(in: text, at: i, of: expander.data.units)?.icuUnit
    }

    /// Whether a times sign after a number stands right before `p` ("2×3", "20 x 30").
    func followsTimesSign(_ p: Int) -> Bool {
        text.isTimesSign(p - 1) && text.isDigit(p - 2)
            || text.isWordSpace(p - 1) && text.isTimesSign(p - 2) && text.isWordSpace(p - 3) && text.isDigit(p - 4)
    }
}
