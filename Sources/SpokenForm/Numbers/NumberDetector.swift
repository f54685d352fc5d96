/// Numbers in running text for `TextNormalizer`: cardinals and decimals in the locale's
/// notation with their sign, percentages, years and decades, number and year ranges,
/// fractions, German-style ordinals ("am 3."), version numbers, Roman numerals in
/// context, and codes read digit by digit. `NumberSpeller` says them, only for the findings
/// that win arbitration: each is proposed as a typed token (a `NumberToken` said by
/// `TextVerbalizer`, or a `FoundToken` of a `Shape` this reader says by reading it again,
/// `Reader.say(_:start:end:)`), so a number that loses to a date, a phone number or a unit
/// is not spelled, but where its words decide whether it is one or where it ends (a decade,
/// a count elided before its noun).
///
/// Policies (context words from `Locales/<lang>/text.txt`):
/// - a four-digit number from 1000 to 2999 is a year after a year word ("en 2015"), in
///   a range of years ("2015–2020"), or when no word follows it ("Copyright 2015.");
/// - "a/b" is a fraction when the numerator is smaller and the denominator has a name in
///   the data (½ ¼ ¾ always); otherwise the slash stays written;
/// - a number with a leading zero ("007"), more than 12 digits without grouping (unless it is a
///   round number of up to 15 digits, "1000000000000"), digit
///   groups joined by hyphens ("2024-360785") or after a code word ("n°", "ref") is read
///   digit by digit;
/// - a Roman numeral is read only with an ordinal suffix ("XXIe"), after a context word
///   ("chapitre IV"), after a capitalised name ("Louis XIV") or as the whole text when it has
///   three letters or more in the standard form ("XIV"); never "I" alone.
struct NumberDetector: TextDetector {
    var classes: Set<Spoken.Rewrite.Kind> { [.cardinal, .ordinal, .percent, .year, .range, .fraction, .version, .serial, .roman] }

    func detect(in text: ScannedText, context: TextContext, into candidates: inout [TextCandidate]) throws {
        var p = 0
        try Reader(text: text, context: context).walk(from: &p, until: text.count, into: &candidates)
    }

    func passes(over text: ScannedText, context: TextContext) -> [any TextDetectorPass] {
        [SteppedPass(Reader(text: text, context: context))]
    }

    struct Reader: TextWalker, RereadingReader {
        let text: ScannedText
        let context: TextContext
        var data: TextLocaleData { context.data }
        var numbers: NumberSpeller { context.numbers }
        /// Where findings with words go: proposed unsaid, or the one asked for said (`say(_:start:end:)`).
        private var proposer = Proposer(.number)
        /// What `say` reads into, kept from one winner to the next.
        private var said: [TextCandidate] = []

        init(text: ScannedText, context: TextContext) {
            self.text = text
            self.context = context
        }

        /// The words of a finding that won arbitration: the reader reads again, where the walk
        /// read it, the reading that found it (`Shape.reading`) alone, and says only the finding
        /// of `token`'s shape that ends at `end`.
        mutating func say(_ token: FoundToken, start: Int, end: Int) throws -> String? {
            guard let shape = Shape(rawValue: token.shape), start < end else { return nil }
            proposer = Proposer(.number).saying(token, end: end)
            var found: [TextCandidate] = []
            swap(&found, &said)
            found.removeAll(keepingCapacity: true)
            defer { swap(&found, &said) }
            // Before its digits a finding holds only a sign, a mark or a code word: no digit.
            var p = start
            while p < end && !text.isDigit(p) { p += 1 }
            switch shape.reading {
            case .number: try detect(at: p, into: &found)
            case .codeOrShape: _ = try readCodeOrShape(at: p, runEnd: text.digitRunEnd(p), before: text.wordBefore(p)?.word, into: &found)
            case .fraction: try fraction(at: p, after: text.wordBefore(p)?.word, into: &found)
            case .mixedFraction: try mixedFraction(at: p, into: &found)
            case .germanOrdinal: germanOrdinal(at: p, after: text.wordBefore(p)?.word, into: &found)
            case .letterDigitCode:
                guard let code = text.letterDigitCode(startingAt: start) else { return nil }
                try letterDigitCode(code, into: &found)
            case .roman: try roman(at: start, into: &found)
            case .glyph:
                guard let fraction = Self.vulgarFractions[text.scalars[start]] else { return nil }
                try vulgarFraction(at: start, fraction, into: &found)
            }
            // A reading proposes its typed findings (`NumberToken`) again too: the words are the said one's.
            return found.first { $0.token.kind == .words }?.spoken
        }

        /// A finding of `shape` over `start..<end`, said with `words` only when it wins (`Proposer`).
        func propose(_ shape: Shape, _ start: Int, _ end: Int, _ kind: Spoken.Rewrite.Kind, priority: Int, isCertain: Bool = false,
                     into candidates: inout [TextCandidate], words: () throws -> String?) rethrows {
            let count = candidates.count
            try proposer.propose(shape.rawValue, start, end, kind, priority: priority, into: &candidates, words: words)
            if isCertain, candidates.count > count { candidates[count].isCertain = true }
        }

        static let vulgarFractions: [Unicode.Scalar: (Int, Int)] = [
            "½": (1, 2), "⅓": (1, 3), "⅔": (2, 3), "¼": (1, 4), "¾": (3, 4), "⅕": (1, 5), "⅛": (1, 8), "⅜": (3, 8), "⅝": (5, 8), "⅞": (7, 8),
        ]

        /// The walk over digit runs, words and fraction glyphs. Not mutating: the reader is
        /// borrowed, and a label's walk copies no text (each copy retains a dozen buffers).
        func walk(from p: inout Int, until limit: Int, into candidates: inout [TextCandidate]) throws {
            let n = text.count
            while p < n && p < limit {
                let c = text.classes[p]
                if c == .digit {
                    if startsToken(p) { try detect(at: p, into: &candidates) }
                    p = text.digitRunEnd(p)
                } else if c == .letter {
                    if text.hasLetterDigitCodes, let code = text.letterDigitCode(startingAt: p) {
                        try letterDigitCode(code, into: &candidates)
                        p = code.upperBound
                        continue
                    }
                    if !text.isWordChar(p - 1) && !text.isOneOf(p - 1, "'’-") { try roman(at: p, into: &candidates) }
                    p = text.letterRunEnd(p)
                } else {
                    if let fraction = Self.vulgarFractions[text.scalars[p]] {
                        try vulgarFraction(at: p, fraction, into: &candidates)
                    }
                    p += 1
                }
            }
        }

        func startsToken(_ p: Int) -> Bool {
            if p == 0 { return true }
            if text.isWordChar(p - 1) { return false }
            if text.isOneOf(p - 1, "/.:,-–") && text.isDigit(p - 2) { return false }
            // "X.509", "ISO.8601": a dotted name of a standard or a version, not a number after a sentence.
            if text.isOneOf(p - 1, ".") && text.isLetter(p - 2) { return false }
            // "PKCS#12", "C#9", "wp/2": a number glued by "#" or "/" to a word is the name's or the
            // path's part ("#12" alone is "number twelve"; a unit's "g/100 ml" is the expander's).
            if text.isOneOf(p - 1, "#/") && text.isLetter(p - 2) { return false }
            // "'90s" is a decade.
            return true
        }

        /// Where a number in the locale's notation ends (`NumberSpeller.numberEnd(in:from:)`).
        func numberEnd(from p: Int) -> Int { numbers.numberEnd(in: text, from: p) }

        /// The value written from `start` to `end`; a minus before a zero is said.
        func parse(_ start: Int, _ end: Int, negative: Bool) -> DecimalText? {
            numbers.value(in: text, start, end, negative: negative, signedZero: true)
        }

        /// The case a count at `p` takes from the word before it (text.txt `count-case`), looking
        /// past up to two words of `count-case-skip` ("Sie haben heute 1 Anruf": "haben").
        func countCase(before p: Int) -> String? {
            var at = p
            for _ in 0..<3 {
                guard let (word, start) = text.wordBefore(at) else { return nil }
                if let caseName = data.countCaseWords[word] { return caseName }
                guard data.countCaseSkipped.contains(word) else { return nil }
                at = start
            }
            return nil
        }

        /// Every reading of the number whose digits start at `p`, proposed as candidates: each
        /// reader below either takes the number (and the walk goes on after it) or lets the next try.
        func detect(at p: Int, into candidates: inout [TextCandidate]) throws {
            let runEnd = text.digitRunEnd(p)
            let before = text.wordBefore(p)?.word
            // While saying, each of these is read alone (`say`): what is said after them was found
            // where they did not take the number.
            if proposer.saying == nil {
                if try readCodeOrShape(at: p, runEnd: runEnd, before: before, into: &candidates) { return }
                try fraction(at: p, after: before, into: &candidates)
                try mixedFraction(at: p, into: &candidates)
                germanOrdinal(at: p, after: before, into: &candidates)
            }
            if try readDecimalWithoutZero(at: p, into: &candidates) { return }
            let negative = p > 0 && text.isOneOf(p - 1, "-−") && (p == 1 || !text.isWordChar(p - 2)) && !text.isOneOf(p - 2, "-")
            let start = negative ? p - 1 : p
            let end = numberEnd(from: p)
            if try readGlued(p: p, start: start, end: end, negative: negative, into: &candidates) { return }
            if text.isOneOf(end, ".,:/") && text.isDigit(end + 1) { return }
            // "1.er", "3.a": an ordinal mark no reader here knows stays written as a whole.
            if text.isOneOf(end, ".") && text.isLetter(end + 1) { return }
            guard let value = parse(p, end, negative: negative) else { return }
            if try readCountPlus(value, start: start, end: end, negative: negative, after: before, into: &candidates) { return }
            if staysWrittenAsDashedDigits(p: p, end: end, runEnd: runEnd, negative: negative) { return }
            if readPercent(p: p, start: start, end: end, negative: negative, into: &candidates) { return }
            // "123 Main St.": a house number before a street's name is said in pairs (text.txt `house-number`).
            if !negative, end == runEnd, let (value, pairs) = houseNumber(p, end) ?? namedInPairs(p, end) {
                try propose(.saidInPairs, p, end, .cardinal, priority: 2, into: &candidates) { try saidInPairs(value, pairs) }
                return
            }
            // Years and ranges of numbers or years.
            let isYearShape = !negative && end == runEnd && runEnd - p == 4 && (1000...2999).contains(Int(text.string(p, end)) ?? 0)
            if !negative, try readRange(value, p: p, end: end, isYearShape: isYearShape, into: &candidates) { return }
            if isYearShape, readYear(p: p, end: end, after: before, into: &candidates) { return }
            try readScale(value, start: start, end: end, into: &candidates)
            try readCount(value, at: p, start: start, end: end, negative: negative, isYearShape: isYearShape, into: &candidates)
        }

        /// ".5": a decimal written without its zero is said as written ("point five"). True when
        /// the number is one (said, or left written when it is glued to more).
        func readDecimalWithoutZero(at p: Int, into candidates: inout [TextCandidate]) throws -> Bool {
            guard p > 0, text.scalars[p - 1] == numbers.parser.decimalSeparator, !text.isWordChar(p - 2), !text.isOneOf(p - 2, ".,-−") else {
                return false
            }
            let fractionEnd = text.digitRunEnd(p)
            guard !text.isWordChar(fractionEnd), !(text.isOneOf(fractionEnd, ".,:/") && text.isDigit(fractionEnd + 1)) else { return true }
            try propose(.decimalWithoutZero, p - 1, fractionEnd, .cardinal, priority: 0, into: &candidates) {
                let spoken = try numbers.cardinal(DecimalText(isNegative: false, integer: "0", fraction: text.string(p, fractionEnd)))
                let zero = try numbers.cardinal(0) + " "
                return spoken.hasPrefix(zero) ? String(spoken.dropFirst(zero.count)) : nil
            }
            return true
        }

        /// A number glued to what follows: a product ("2×3"), a compound word ("4-stellige"), a
        /// scale word or multiplier ("10k", "3x"). A number glued to other letters ("3D", "5km",
        /// "1er") belongs to another detector or to nobody. True when the number is glued.
        func readGlued(p: Int, start: Int, end: Int, negative: Bool, into candidates: inout [TextCandidate]) throws -> Bool {
            if let (signEnd, _) = try product(p: p, end: end, negative: negative, saying: false) {
                try propose(.product, start, signEnd, .cardinal, priority: 2, into: &candidates) {
                    try product(p: p, end: end, negative: negative, saying: true)?.1
                }
                return true
            }
            // Tested here first: most numbers have a space after them, and this runs after each.
            if text.isLetter(end) || text.isOneOf(end, "-"), let (compoundEnd, value, suffix) = numberCompound(p: p, end: end, negative: negative) {
                try propose(.compound, start, compoundEnd, .cardinal, priority: 2, into: &candidates) { try compoundWords(value, suffix) }
                return true
            }
            if text.isLetter(end) || text.isOneOf(end, "×") {
                try gluedScaleOrMultiplier(start: start, p: p, end: end, negative: negative, into: &candidates)
                return true
            }
            return false
        }

        /// "100+ videos": a count and more, before its noun (text.txt `count-plus`: "one hundred
        /// plus videos", fr "plus de cent vidéos"); the count agrees with the noun. Alone ("18+",
        /// an age rating) the sign stays, left to the voice, and so it does after a version word
        /// ("iOS 4+ if", a version and later, not "plus de quatre").
        func readCountPlus(_ value: DecimalText, start: Int, end: Int, negative: Bool, after before: String?,
                           into candidates: inout [TextCandidate]) throws -> Bool {
            guard text.isOneOf(end, "+"), !negative, value.isInteger, let template = data.countPlus, !text.protected[end],
                  !(before.map { data.versionWords.contains($0) } ?? false),
                  text.isWordSpace(end + 1), text.isLetter(end + 2), !text.protected[end + 2],
                  let noun = text.word(at: end + 2), !data.notCounted.contains(noun.word),
                  !data.nounsCapitalized || text.scalars[end + 2].properties.isUppercase else { return false }
            try propose(.countPlus, start, end + 1, .cardinal, priority: 1, into: &candidates) {
                let gender = data.gender(ofNoun: noun.word)
                let count = try context.expander?.nounCardinal(value, gender: gender ?? .masculine) ?? numbers.cardinal(value)
                return data.elidingCounts(template.filling("{count}", with: count))
            }
            return true
        }

        /// Digits joined by dashes that are no range stay written: "2024-03-15T…", "12-34-56";
        /// "31-12", "Kapitel 5-3", which go down and are as long (a date or a code, not
        /// "thirty-one to twelve"); "2015-12", two digits after a four-digit number that cannot
        /// be a later year's last two (ISO's year and month, read by the date detector, or a code).
        func staysWrittenAsDashedDigits(p: Int, end: Int, runEnd: Int, negative: Bool) -> Bool {
            guard text.isOneOf(end, "-–—") || text.isWordSpace(end) else { return false }
            guard let (rangeEnd, second, _) = rangeSecond(after: end) else { return text.isOneOf(end, "-–") && text.isDigit(end + 1) }
            if rangeEnd - second >= end - p, let first = text.integer(p, end), let last = text.integer(second, rangeEnd), last < first { return true }
            if !negative, end == runEnd, runEnd - p == 4, rangeEnd - second == 2, let first = text.integer(p, end),
               let short = text.integer(second, rangeEnd), RangeToken.fullSecondYear(first: first, short: short) == nil { return true }
            return false
        }

        /// "25 %", "25%", "50%% off" (a format string's escaped percent is one sign), and
        /// "10%-20%", a range of percentages with the percent said once ("ten to twenty
        /// percent"), which outranks "10%" and "-20%" over the same scalars. True when a percent
        /// sign follows.
        func readPercent(p: Int, start: Int, end: Int, negative: Bool, into candidates: inout [TextCandidate]) -> Bool {
            let percentAt = text.isOneOf(end, "%") ? end : (text.isWordSpace(end) && text.isOneOf(end + 1, "%") ? end + 1 : -1)
            guard percentAt >= 0, !text.protected[percentAt] else { return false }
            if percentAt == end, text.isOneOf(percentAt + 1, "-–"), text.isDigit(percentAt + 2), data.rangeWord != nil {
                let secondEnd = numberEnd(from: percentAt + 2)
                if text.isOneOf(secondEnd, "%"), !text.isWordChar(secondEnd + 1), parse(percentAt + 2, secondEnd, negative: false) != nil,
                   let range = RangeToken(first: NumberToken(form: .cardinal, negative: negative), firstEnd: end - start,
                                          second: NumberToken(form: .percent, trail: 1), secondStart: percentAt + 2 - start) {
                    candidates.append(TextCandidate(start: start, end: secondEnd + 1, kind: .range, token: .range(range), priority: 3))
                    return true
                }
            }
            let signEnd = text.isOneOf(percentAt + 1, "%") && !text.protected[percentAt + 1] ? percentAt + 2 : percentAt + 1
            if let token = NumberToken(form: .percent, negative: negative, trail: signEnd - end) {
                candidates.append(TextCandidate(start: start, end: signEnd, kind: .percent, token: .number(token), priority: 1))
            }
            return true
        }

        /// A range of numbers or years after a dash ("10-12", "2015–2020", "2015-16"), proposed
        /// beside the first number's other readings. True when the pair must stay written: a
        /// second number below a first of three digits or more is a part's number ("ISO 639-2",
        /// "RFC 2822-3"), and neither number alone is what it says.
        func readRange(_ value: DecimalText, p: Int, end: Int, isYearShape: Bool, into candidates: inout [TextCandidate]) throws -> Bool {
            guard let (rangeEnd, second, secondIsYear) = rangeSecond(after: end), let rangeWord = data.rangeWord else { return false }
            var secondYear = secondIsYear ? Int(text.string(second, rangeEnd)) : nil
            // "2015-16", "the 2019–20 season": a range of years may write only the second year's
            // last two digits; it is said in full ("twenty fifteen to twenty sixteen").
            if isYearShape, rangeEnd - second == 2, let first = Int(text.string(p, end)),
               let short = Int(text.string(second, rangeEnd)), let full = RangeToken.fullSecondYear(first: first, short: short) {
                secondYear = full  // "1999-00" ends in 2000
            }
            let bothYears = isYearShape && secondYear != nil
            guard value.isInteger, let secondValue = parse(second, rangeEnd, negative: false), secondValue.isInteger else { return false }
            // Hours may wrap ("9-5"): only a first number of three digits or more counts.
            let first = Int(value.integer) ?? 0, last = Int(secondValue.integer) ?? Int.max
            guard bothYears || first < 100 || last >= first else { return true }
            // de "2-3-stellige" -> "zwei bis dreistellige": the second number may make a compound.
            let compound = bothYears ? nil : numberCompound(p: second, end: rangeEnd, negative: false)
            // Before a noun both ends agree with it, and the second may make a compound with it:
            // said with their words. Otherwise a typed range.
            let agreeing = bothYears || compound != nil ? nil : genderOfNoun(afterRange: rangeEnd)
            let form: NumberToken.Form = bothYears ? .year : .cardinal
            let typed = RangeToken(first: NumberToken(form: form), firstEnd: end - p, second: NumberToken(form: form), secondStart: second - p)
            if compound == nil, agreeing == nil, let typed {
                candidates.append(TextCandidate(start: p, end: rangeEnd, kind: .range, token: .range(typed), priority: 0))
                return false
            }
            try propose(.rangeBeforeNoun, p, compound?.end ?? rangeEnd, .range, priority: 0, into: &candidates) {
                // it "24-72 ore" -> "da ventiquattro a settantadue ore" (units.txt `range-start`, as the
                // expander says a range of units).
                let agreeingWords = try agreeing.flatMap { try rangeAgreeing(value, secondValue, gender: $0) }
                let firstWords = try agreeingWords?.0 ?? (bothYears ? numbers.year(Int(text.string(p, end))!) : numbers.cardinal(value))
                let secondWords = try agreeingWords?.1 ?? compound.map { try compoundWords($0.value, $0.suffix) }
                    ?? (bothYears ? numbers.year(secondYear!) : numbers.cardinal(secondValue))
                let opening = bothYears ? "" : rangeStart(before: p)
                return opening + firstWords + " " + rangeWord + " " + secondWords
            }
            return false
        }

        /// A four-digit number of 1000-2999 read as a year: after a year word, with no word after
        /// it, or 1100-1999 before anything but a noun it counts. True when it is one.
        func readYear(p: Int, end: Int, after before: String?, into candidates: inout [TextCandidate]) -> Bool {
            // "1920 × 1080": after a times sign, a number of a product, not a year.
            guard !followsTimesSign(p), let year = Int(text.string(p, end)) else { return false }
            let after = text.skipSpaces(end)
            let wordFollows = after < text.count && text.isLetter(after)
            // 1100-1999 written without grouping is a year ("1998 gewann", "in 1638"); where it
            // counts things the year form is still what people say ("fifteen hundred points").
            // Where nouns are capitalised, a noun after it makes it a count ("1266 Seiten",
            // "1266 Dollar": "eintausendzweihundert…"), a lower-case word a year ("1998 gewann").
            // Elsewhere a feminine noun the data lists makes it a count too: es "1296 palabras" is
            // "mil doscientas noventa y seis", where the year's form is masculine.
            let nounFollows = wordFollows && (data.nounsCapitalized ? text.scalars[after].properties.isUppercase
                : text.word(at: after).flatMap { data.listedGender(ofNoun: $0.word) } == .feminine)
            let yearWordBefore = before.map { data.yearWords.contains($0) } ?? false
            guard yearWordBefore || !wordFollows || (1100...1999).contains(year) && !nounFollows else { return false }
            candidates.append(TextCandidate(start: p, end: end, kind: .year, token: .number(NumberToken(form: .year)!), priority: 0))
            return true
        }

        /// "3 millions", "2,5 Mio.": the scale word said in the form of the number's plural
        /// category. A bare number takes a word of three letters or more: "100 m" is metres, "5 k"
        /// a letter; the short forms ("$5m", "2 Md €") are read with an amount.
        func readScale(_ value: DecimalText, start: Int, end: Int, into candidates: inout [TextCandidate]) throws {
            guard let scale = text.scaleWord(after: end, data: data, glued: false), text.letterRunEnd(end + 1) - (end + 1) >= 3 else { return }
            try propose(.scale, start, scale.end, .cardinal, priority: 2, into: &candidates) {
                let category = try numbers.plurals.category(of: value.integer + (value.fraction.isEmpty ? "" : "." + value.fraction))
                return try numbers.cardinal(value) + " " + scale.forms.form(for: category)
            }
        }

        /// The readings tried first, each of which ends the number's reading: codes (after a code
        /// word, digit groups joined by hyphens, leading zeros, long runs), the written shape of
        /// a North American phone number, a short number after "#", versions and decades.
        /// True when one of them took the number (or a reading that outranks it was found).
        func readCodeOrShape(at p: Int, runEnd: Int, before: String?, into candidates: inout [TextCandidate]) throws -> Bool {
            // Codes: after a code word, digit groups joined by hyphens, leading zeros, long runs.
            if let (end, afterCodeWord) = serialEnd(at: p, after: before) {
                // After "n°", "order", "#" a code outranks a phone number of the same digits,
                // and takes along the code word when the expander writes it out ("n°" -> "numéro").
                var start = p
                var codeWord: String?
                if p > 0, text.scalars[p - 1] == "#", let sign = data.numberSign {
                    start = p - 1
                    codeWord = sign
                } else if afterCodeWord, let word = text.wordBefore(p), let expander = context.expander {
                    let written = text.string(word.start, text.skipSpacesBack(p))
                    if let expansion = try expander.expand(written).rewrites.first, expansion.inputScalars == 0..<written.unicodeScalars.count {
                        start = word.start
                        // "Nr." alone keeps its period as a sentence end; before the code it is not one.
                        codeWord = expansion.spoken.hasSuffix(".") && written.hasSuffix(".") ? String(expansion.spoken.dropLast()) : expansion.spoken
                    } else if let said = try expander.expansionBeforeCode(written) {
                        // pt "nº", it "n." are abbreviations only before a number: the code is one.
                        start = word.start
                        codeWord = said
                    }
                }
                let priority = afterCodeWord ? 4 : 0
                if let codeWord {
                    propose(.codeAfterWord, start, end, .serial, priority: priority, isCertain: afterCodeWord, into: &candidates) {
                        codeWord + " " + digitsSpoken(p, end)
                    }
                } else {
                    candidates.append(TextCandidate(start: start, end: end, kind: .serial, token: .number(NumberToken(form: .digits)!),
                                                    priority: priority, isCertain: afterCodeWord))
                }
                return true
            }
            // "(123) 456-7890": a North American phone number's written shape even where
            // libphonenumber finds the number invalid (an example, a placeholder): its digits as written.
            if p > 0, text.scalars[p - 1] == "(", runEnd - p == 3, text.isOneOf(runEnd, ")") {
                let second = text.skipSpaces(runEnd + 1)
                let secondEnd = text.digitRunEnd(second)
                if second - runEnd <= 2, secondEnd - second == 3, text.isOneOf(secondEnd, "-. "), text.isDigit(secondEnd + 1),
                   text.digitRunEnd(secondEnd + 1) == secondEnd + 5, !text.isWordChar(secondEnd + 5) {
                    // A valid number libphonenumber read over the same characters outranks this
                    // shape and always wins the resolution: its digits are then never said.
                    propose(.phoneShape, p - 1, secondEnd + 5, .phone, priority: 2, into: &candidates) {
                        [digitsSpoken(p, runEnd), digitsSpoken(second, secondEnd), digitsSpoken(secondEnd + 1, secondEnd + 5)].joined(separator: ", ")
                    }
                    return true
                }
            }
            // "#1", "#12": a short number after a number sign ("number one"); longer ones are codes above.
            if p > 0, text.scalars[p - 1] == "#", runEnd - p <= 2, !text.isWordChar(runEnd), !text.isWordChar(p - 2),
               !(text.isOneOf(runEnd, ".,") && text.isDigit(runEnd + 1)), let sign = data.numberSign, let value = text.integer(p, runEnd) {
                try propose(.numberSign, p - 1, runEnd, .cardinal, priority: 1, into: &candidates) { sign + " " + (try numbers.cardinal(value)) }
                return true
            }
            // Version numbers: "iOS 17.2", "1.2.3".
            if let version = version(at: p, after: before) {
                // "06.11.22.33.06" is also a valid phone number, which wins: the version is then never said.
                try propose(.version, p, version.end, .version, priority: 1, into: &candidates) { try versionWords(version) }
                return true
            }
            if let (end, spoken) = try decade(at: p) {
                // Said when it is found: whether it is a decade depends on how the year ends.
                propose(.decade, p - (text.isOneOf(p - 1, "'’") ? 1 : 0), end, .year, priority: 3, into: &candidates) { spoken }
                return true
            }
            return false
        }

        /// A count said before its noun, agreeing with it (gender, case, elision, a scale's link
        /// word), or alone.
        func readCount(_ value: DecimalText, at p: Int, start: Int, end: Int, negative: Bool, isYearShape: Bool,
                       into candidates: inout [TextCandidate]) throws {
            // Before a noun a count takes its attributive form ("ein Artikel", "un artículo").
            // de "1 neue Nachricht": a declined adjective may stand between them.
            var nounAt = end + 1
            // fr "1 ou 2 heures", es "1 o 2 horas", de "1 oder 2 Tage": a count joined to another
            // before their noun agrees with that noun ("une ou deux heures", "una o dos horas", "ein
            // oder zwei Tage"; text.txt `count-joiners`).
            if let noun = nounAfterJoinedCount(end) { nounAt = noun }
            let joined = nounAt != end + 1
            // The gender the adjective's ending shows, for a noun the data does not know or none:
            // de "1 weiteres" is "ein weiteres", "1 andere Website" "eine andere Website".
            var adjectiveGender: Gender?
            if data.nounsCapitalized, text.isWordSpace(end), text.isLetter(end + 1),
               !text.scalars[end + 1].properties.isUppercase, let adjective = text.word(at: end + 1),
               adjective.word.count >= 4, !data.notCounted.contains(adjective.word),
               data.adjectiveEndings.contains(where: { adjective.word.hasSuffix($0) }) {
                if text.isWordSpace(adjective.end), text.isLetter(adjective.end + 1),
                   text.scalars[adjective.end + 1].properties.isUppercase {
                    nounAt = adjective.end + 1
                    adjectiveGender = data.gender(ofAdjective: adjective.word)
                } else if !text.isWordChar(adjective.end), !text.isOneOf(adjective.end, "-"),
                          let gender = data.gender(ofAdjective: adjective.word) {
                    // The adjective stands for its noun ("und 1 weiteres haben versucht").
                    adjectiveGender = gender
                }
            }
            let nounFollows = text.isWordSpace(end) && text.isLetter(nounAt) && value.isInteger
                && (!data.nounsCapitalized || text.scalars[nounAt].properties.isUppercase || adjectiveGender != nil)
                && !(text.word(at: nounAt).map { data.notCounted.contains($0.word) } ?? false)
            guard nounFollows else {
                // Alone, a count is a typed token, said only if it wins ("01" in "01/04/2015" never is).
                candidates.append(TextCandidate(start: start, end: end, kind: .cardinal, token: .number(NumberToken(form: .cardinal, negative: negative)!),
                                                priority: 0))
                return
            }
            let knownGender = text.word(at: nounAt).flatMap {
                // A year before a capitalised word: a name's ("© 2024 Thomas"), not a noun's ending.
                data.gender(ofNoun: $0.word, capitalized: isYearShape && text.scalars[nounAt].properties.isUppercase)
            } ?? adjectiveGender
            let gender = knownGender ?? .masculine
            // The count's words before its noun.
            func countWords() throws -> String {
                var words = try context.expander?.nounCardinal(value, gender: gender) ?? numbers.cardinal(value)
                // es "uno o dos días", it "uno o due giorni": away from its noun one keeps its full form.
                if joined, gender == .masculine, text.isOneOf(p, "1"), end == p + 1, let one = data.countJoinedOne { words = one }
                // de "vor 1 Minute", "mit 1 Klick", "für 1 Monat": a count takes the case the word
                // before asks for ("vor einer Minute", "mit einem Klick", "für einen Monat"; text.txt
                // `count-case`), said with the rule set `count-case-form` gives for that case and the
                // noun's gender, where the count's plural category is one it lists (de: one only). A
                // noun of unknown gender keeps the plain form unless the masculine and neuter agree.
                if !negative, let caseName = countCase(before: p), let forms = data.countCaseForms[caseName],
                   let form = knownGender.map({ forms[$0] }) ?? (forms[.masculine]?.ruleSet == forms[.neuter]?.ruleSet ? forms[.masculine] : nil),
                   let count = Int(value.integer), try form.categories?.contains(numbers.plurals.category(of: count)) ?? true {
                    words = try numbers.spell(count, ruleSet: form.ruleSet)
                }
                return words
            }
            // A count joined to its noun takes the space before it: whether it is depends on its
            // last word, so where it may be, the words are said when the count is found.
            var words: String?
            // "300000000 habitants": a count ending in a scale noun takes its link word ("trois cents
            // millions d'habitants", units.txt `scale-link`); the space before the noun is the link's.
            // A scale noun ends only a count of a thousand or more.
            if let expander = context.expander, expander.data.scaleLink != nil, value.integer.utf8.count >= 4,
               let noun = text.word(at: end + 1) {
                let said = try countWords()
                words = said
                // The text after the number, not the word alone: "d'euros" already writes the link.
                let link = expander.scaleLink(after: said, before: text.string(end + 1, min(text.count, noun.end + 2)))
                if !link.isEmpty {
                    propose(.countLinked, start, end + 1, .cardinal, priority: 0, into: &candidates) { said + " " + link }
                    return
                }
            }
            // it "1 ora" -> "un'ora": the elided count is joined to its noun (the space is the
            // candidate's); the elisions are units.txt's, which say "un'ora" after a unit too.
            if let expander = context.expander, !expander.data.elisions.isEmpty, let noun = text.word(at: nounAt), nounAt == end + 1,
               expander.elides(before: noun.word) {
                let said = try words ?? countWords()
                words = said
                if let elided = expander.elided(said, before: noun.word) {
                    propose(.countElided, start, end + 1, .cardinal, priority: 0, into: &candidates) { elided }
                    return
                }
            }
            try propose(.count, start, end, .cardinal, priority: 0, into: &candidates) { try words ?? countWords() }
        }
    }
}

