/// Ranges of numbers: the word that opens them, their second number, and agreement with the noun after them.
extension NumberDetector.Reader {
    /// The word that opens a range and a space (units.txt `range-start`: it "da", es "de"),
    /// unless the text has it, or a word that governs the range, just before `p`.
    func rangeStart(before p: Int) -> String {
        guard let data = context.expander?.data, data.rangeStart != nil else { return "" }
        return data.rangeOpening(after: text.wordBefore(p)?.word)
    }

    /// Where the noun is after "1 ou 2 heures", "1 oder 2 Tage": a count, a word of text.txt
    /// `count-joiners`, another count and a word. Nil for anything else.
    func nounAfterJoinedCount(_ end: Int) -> Int? {
        guard !data.countJoiners.isEmpty, text.isWordSpace(end), text.isLetter(end + 1) else { return nil }
        let joinerEnd = text.letterRunEnd(end + 1)
        guard joinerEnd - end - 1 <= data.countJoinerLength, text.isWordSpace(joinerEnd), text.isDigit(joinerEnd + 1),
              text.wordBefore(joinerEnd, isOneOf: data.countJoiners) else { return nil }
        let secondEnd = text.digitRunEnd(joinerEnd + 1)
        return text.isWordSpace(secondEnd) && text.isLetter(secondEnd + 1) ? secondEnd + 1 : nil
    }

    /// "1-2 horas", "21-22 horas": before their noun both ends of a range agree with it ("una a
    /// dos horas", pt "uma a duas horas", fr "une à deux heures", de "ein bis zwei Stunden").
    /// The noun's gender; nil where no noun follows `end` (`rangeAgreeing(_:_:gender:)` says it).
    func genderOfNoun(afterRange end: Int) -> Gender? {
        guard context.expander != nil, text.isWordSpace(end), text.isLetter(end + 1),
              !data.nounsCapitalized || text.scalars[end + 1].properties.isUppercase,
              let noun = text.word(at: end + 1), !data.notCounted.contains(noun.word) else { return nil }
        return data.gender(ofNoun: noun.word) ?? .masculine
    }

    /// Both ends of a range before a noun of `gender`.
    func rangeAgreeing(_ first: DecimalText, _ second: DecimalText, gender: Gender) throws -> (String, String)? {
        guard let expander = context.expander else { return nil }
        let attributive = try expander.nounCardinal(first, gender: gender)
        let firstWords = gender == .masculine && first.integer == "1" ? data.countJoinedOne ?? attributive : attributive
        return (firstWords, try expander.nounCardinal(second, gender: gender))
    }

    /// The second number of a range after a dash ("10-12", "2015–2020"): where it ends and starts.
    func rangeSecond(after end: Int) -> (Int, Int, Bool)? {
        // "© 2013 – 2023", "(1 – 100)": an en dash with a space each side joins a range that
        // goes up; a spaced hyphen may be a minus ("5 - 3").
        if text.isWordSpace(end), text.isOneOf(end + 1, "–—"), text.isWordSpace(end + 2), text.isDigit(end + 3) {
            let second = end + 3, secondEnd = text.digitRunEnd(second)
            var p = end
            while p > 0 && text.isDigit(p - 1) { p -= 1 }
            guard secondEnd - second <= 4, !text.isWordChar(secondEnd), !(text.isOneOf(secondEnd, "-–/.,:") && text.isDigit(secondEnd + 1)),
                  !text.isOneOf(p - 1, ".,:"), let first = text.integer(p, end), let last = text.integer(second, secondEnd), last > first else { return nil }
            return (secondEnd, second, secondEnd - second == 4)
        }
        guard text.isOneOf(end, "-–—") else { return nil }
        let second = end + 1
        guard text.isDigit(second) else { return nil }
        let secondEnd = text.digitRunEnd(second)
        // "between 1-65535" (a port's range): after a word of `range-between`, up to 6 digits.
        let longest = secondEnd - second > 4 && afterRangeBetweenWord(end) ? 6 : 4
        guard secondEnd - second <= longest, !text.isWordChar(secondEnd), !(text.isOneOf(secondEnd, "-–/.,") && text.isDigit(secondEnd + 1)) else { return nil }
        let isYear = secondEnd - second == 4
        return (secondEnd, second, isYear)
    }

    /// Whether the number ending before `end` stands right after a word of text.txt
    /// `range-between` ("tussen 1-65535").
    func afterRangeBetweenWord(_ end: Int) -> Bool {
        var p = end
        while p > 0 && text.isDigit(p - 1) { p -= 1 }
        return text.isWordSpace(p - 1) && text.wordBefore(p - 1, isOneOf: data.rangeBetweenScalars)
    }
}
