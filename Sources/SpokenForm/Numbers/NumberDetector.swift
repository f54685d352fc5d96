/// Numbers in running text for `TextNormalizer`: cardinals and decimals in the locale's
/// notation with their sign, percentages, years and decades, number and year ranges,
/// fractions, German-style ordinals ("am 3."), version numbers, Roman numerals in
/// context, and codes read digit by digit. `NumberSpeller` says them.
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

    struct Reader: TextWalker {
        let text: ScannedText
        let context: TextContext
        var data: TextLocaleData { context.data }
        var numbers: NumberSpeller { context.numbers }

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

        /// Where a number in the locale's notation ends ("1 234,56", "1,234.56", "10.5").
        func numberEnd(from p: Int) -> Int {
            let spaceGrouping = (numbers.parser.groupingSeparator.properties.isWhitespace || numbers.data.spaceGrouping)
                && text.spacedGroupsAround(p) <= ScannedText.maxSpacedGroups
            var q = text.digitRunEnd(p)
            var lastGroup = q - p
            while q < text.count {
                if text.isOneOf(q, ".,"), text.isDigit(q + 1) {
                    let groupStart = q + 1
                    q = text.digitRunEnd(groupStart)
                    lastGroup = q - groupStart
                    continue
                }
                if spaceGrouping, text.isThousandsSpace(q), lastGroup <= 3, text.isDigitGroupOfThree(q + 1) {
                    q += 4
                    lastGroup = 3
                    continue
                }
                break
            }
            return q
        }

        func parse(_ start: Int, _ end: Int, negative: Bool) -> DecimalText? {
            if (start..<end).allSatisfy({ text.classes[$0] == .digit }) {
                return DecimalText(isNegative: negative, integer: text.string(start, end))
            }
            var written = text.string(start, end)
            // "2 000" where the locale's own separator is not a space (numbers.txt `space-grouping`).
            if numbers.data.spaceGrouping, !numbers.parser.groupingSeparator.properties.isWhitespace { written.removeAll { $0 == " " || $0 == "\u{A0}" || $0 == "\u{202F}" } }
            // "53.020.243.724" where the decimal mark is a comma (fr, pt-PT): two or more periods
            // between groups of three digits can only group thousands.
            if numbers.parser.decimalSeparator == ",", numbers.parser.groupingSeparator != "." {
                let groups = written.split(separator: ".", omittingEmptySubsequences: false)
                if groups.count >= 3, (1...3).contains(groups[0].count), groups.dropFirst().allSatisfy({ $0.count == 3 }),
                   groups.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) {
                    written.removeAll { $0 == "." }
                }
            }
            guard var value = numbers.value(of: written) else { return nil }
            if negative { value.isNegative = true }
            return value
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

        func detect(at p: Int, into candidates: inout [TextCandidate]) throws {
            let runEnd = text.digitRunEnd(p)
            let before = text.wordBefore(p)?.word
            // Codes: after a code word, digit groups joined by hyphens, leading zeros, long runs.
            if let (end, afterCodeWord) = serialEnd(at: p, after: before) {
                // After "n°", "order", "#" a code outranks a phone number of the same digits,
                // and takes along the code word when the expander writes it out ("n°" -> "numéro").
                var start = p
                var spoken = digitsSpoken(p, end)
                if p > 0, text.scalars[p - 1] == "#", let sign = data.numberSign {
                    start = p - 1
                    spoken = sign + " " + spoken
                } else if afterCodeWord, let word = text.wordBefore(p), let expander = context.expander {
                    let written = text.string(word.start, text.skipSpacesBack(p))
                    if let expansion = try expander.expand(written).rewrites.first, expansion.inputScalars == 0..<written.unicodeScalars.count {
                        start = word.start
                        // "Nr." alone keeps its period as a sentence end; before the code it is not one.
                        let word = expansion.spoken.hasSuffix(".") && written.hasSuffix(".") ? String(expansion.spoken.dropLast()) : expansion.spoken
                        spoken = word + " " + spoken
                    } else if let said = try expander.expansionBeforeCode(written) {
                        // pt "nº", it "n." are abbreviations only before a number: the code is one.
                        start = word.start
                        spoken = said + " " + spoken
                    }
                }
                candidates.append(TextCandidate(start: start, end: end, kind: .serial, spoken: spoken, priority: afterCodeWord ? 4 : 0, isCertain: afterCodeWord))
                return
            }
            // "(123) 456-7890": a North American phone number's written shape even where
            // libphonenumber finds the number invalid (an example, a placeholder): its digits as written.
            if p > 0, text.scalars[p - 1] == "(", runEnd - p == 3, text.isOneOf(runEnd, ")") {
                let second = text.skipSpaces(runEnd + 1)
                let secondEnd = text.digitRunEnd(second)
                if second - runEnd <= 2, secondEnd - second == 3, text.isOneOf(secondEnd, "-. "), text.isDigit(secondEnd + 1),
                   text.digitRunEnd(secondEnd + 1) == secondEnd + 5, !text.isWordChar(secondEnd + 5) {
                    // A valid number libphonenumber read over the same characters outranks this
                    // shape and always wins the resolution: its digits need not be said twice.
                    if isOutranked(p - 1, secondEnd + 5, priority: 2, in: candidates) { return }
                    let spoken = [digitsSpoken(p, runEnd), digitsSpoken(second, secondEnd), digitsSpoken(secondEnd + 1, secondEnd + 5)].joined(separator: ", ")
                    candidates.append(TextCandidate(start: p - 1, end: secondEnd + 5, kind: .phone, spoken: spoken, priority: 2))
                    return
                }
            }
            // "#1", "#12": a short number after a number sign ("number one"); longer ones are codes above.
            if p > 0, text.scalars[p - 1] == "#", runEnd - p <= 2, !text.isWordChar(runEnd), !text.isWordChar(p - 2),
               !(text.isOneOf(runEnd, ".,") && text.isDigit(runEnd + 1)), let sign = data.numberSign, let value = text.integer(p, runEnd) {
                candidates.append(TextCandidate(start: p - 1, end: runEnd, kind: .cardinal, spoken: sign + " " + (try numbers.cardinal(value)), priority: 1))
                return
            }
            // Version numbers: "iOS 17.2", "1.2.3".
            if let (end, spoken) = try version(at: p, after: before) {
                // "06.11.22.33.06" is also a valid phone number, which wins.
                if isOutranked(p, end, priority: 1, in: candidates) { return }
                candidates.append(TextCandidate(start: p, end: end, kind: .version, spoken: try spoken(), priority: 1))
                return
            }
            if let (end, spoken) = try decade(at: p) {
                candidates.append(TextCandidate(start: p - (text.isOneOf(p - 1, "'’") ? 1 : 0), end: end, kind: .year, spoken: spoken, priority: 3))
                return
            }
            try fraction(at: p, after: before, into: &candidates)
            try mixedFraction(at: p, into: &candidates)
            germanOrdinal(at: p, after: before, into: &candidates)

            // ".5": a decimal written without its zero is said as written ("point five").
            if p > 0, text.scalars[p - 1] == numbers.parser.decimalSeparator, !text.isWordChar(p - 2), !text.isOneOf(p - 2, ".,-−") {
                let fractionEnd = text.digitRunEnd(p)
                guard !text.isWordChar(fractionEnd), !(text.isOneOf(fractionEnd, ".,:/") && text.isDigit(fractionEnd + 1)) else { return }
                let spoken = try numbers.cardinal(DecimalText(isNegative: false, integer: "0", fraction: text.string(p, fractionEnd)))
                let zero = try numbers.cardinal(0) + " "
                guard spoken.hasPrefix(zero) else { return }
                candidates.append(TextCandidate(start: p - 1, end: fractionEnd, kind: .cardinal, spoken: String(spoken.dropFirst(zero.count)), priority: 0))
                return
            }
            let negative = p > 0 && text.isOneOf(p - 1, "-−") && (p == 1 || !text.isWordChar(p - 2)) && !text.isOneOf(p - 2, "-")
            let start = negative ? p - 1 : p
            let end = numberEnd(from: p)
            if let (signEnd, spoken) = try product(p: p, end: end, negative: negative) {
                candidates.append(TextCandidate(start: start, end: signEnd, kind: .cardinal, spoken: spoken, priority: 2))
                return
            }
            // Tested here first: most numbers have a space after them, and this runs after each.
            if text.isLetter(end) || text.isOneOf(end, "-"), let (compoundEnd, spoken) = try numberCompound(p: p, end: end, negative: negative) {
                candidates.append(TextCandidate(start: start, end: compoundEnd, kind: .cardinal, spoken: spoken, priority: 2))
                return
            }
            // A number glued to letters ("3D", "5km", "1er") belongs to another detector or to
            // nobody, but for a glued scale word or multiplier ("10k", "1.5M", "3x faster").
            if text.isLetter(end) || text.isOneOf(end, "×") {
                try gluedScaleOrMultiplier(start: start, p: p, end: end, negative: negative, into: &candidates)
                return
            }
            if text.isOneOf(end, ".,:/") && text.isDigit(end + 1) { return }
            // "1.er", "3.a": an ordinal mark no reader here knows stays written as a whole.
            if text.isOneOf(end, ".") && text.isLetter(end + 1) { return }
            guard let value = parse(p, end, negative: negative) else { return }
            // "100+ videos": a count and more, before its noun (text.txt `count-plus`: "one hundred
            // plus videos", fr "plus de cent vidéos"); the count agrees with the noun. Alone
            // ("18+", an age rating) the sign stays, left to the voice, and so it does after a
            // version word ("iOS 4+ if", a version and later, not "plus de quatre").
            if text.isOneOf(end, "+"), !negative, value.isInteger, let template = data.countPlus, !text.protected[end],
               !(before.map { data.versionWords.contains($0) } ?? false),
               text.isWordSpace(end + 1), text.isLetter(end + 2), !text.protected[end + 2],
               let noun = text.word(at: end + 2), !data.notCounted.contains(noun.word),
               !data.nounsCapitalized || text.scalars[end + 2].properties.isUppercase {
                let gender = data.gender(ofNoun: noun.word)
                let count = try context.expander?.nounCardinal(value, gender: gender ?? .masculine) ?? numbers.cardinal(value)
                candidates.append(TextCandidate(start: start, end: end + 1, kind: .cardinal,
                                                spoken: data.elidingCounts(template.filling("{count}", with: count)), priority: 1))
                return
            }
            // "2024-03-15T…", "12-34-56": digits joined by dashes that are not a range stay written.
            if text.isOneOf(end, "-–") && text.isDigit(end + 1) && rangeSecond(after: end) == nil { return }
            // "31-12", "Kapitel 5-3": a range goes up; written as long and going down, it is a
            // date or a code, not "thirty-one to twelve" ("2015-16" keeps its short second year).
            if let (rangeEnd, second, _) = rangeSecond(after: end), rangeEnd - second >= end - p,
               let first = text.integer(p, end), let last = text.integer(second, rangeEnd), last < first { return }
            // "2015-12": two digits after a four-digit number that cannot be a later year's last
            // two are no range either (ISO's year and month, read by the date detector, or a code).
            if !negative, end == runEnd, runEnd - p == 4, let (rangeEnd, second, _) = rangeSecond(after: end), rangeEnd - second == 2,
               let first = text.integer(p, end), let short = text.integer(second, rangeEnd),
               !(short > first % 100 || (short == 0 && first % 100 == 99)) { return }

            // Percent: "25 %", "25%".
            let percentAt = text.isOneOf(end, "%") ? end : (text.isWordSpace(end) && text.isOneOf(end + 1, "%") ? end + 1 : -1)
            // "10%-20%": a range of percentages, the percent said once ("ten to twenty percent");
            // it outranks "10%" and "-20%" ("minus twenty percent") over the same scalars.
            if percentAt == end, !text.protected[percentAt], text.isOneOf(percentAt + 1, "-–"), text.isDigit(percentAt + 2),
               let rangeWord = data.rangeWord {
                let secondEnd = numberEnd(from: percentAt + 2)
                if text.isOneOf(secondEnd, "%"), !text.isWordChar(secondEnd + 1), let second = parse(percentAt + 2, secondEnd, negative: false),
                   let secondWords = try? numbers.percent(second) {
                    candidates.append(TextCandidate(start: start, end: secondEnd + 1, kind: .range,
                                                    spoken: try numbers.cardinal(value) + " " + rangeWord + " " + secondWords, priority: 3))
                    return
                }
            }
            if percentAt >= 0, !text.protected[percentAt], let spoken = try? numbers.percent(value) {
                // "50%% off": a format string's escaped percent is one sign.
                let signEnd = text.isOneOf(percentAt + 1, "%") && !text.protected[percentAt + 1] ? percentAt + 2 : percentAt + 1
                candidates.append(TextCandidate(start: start, end: signEnd, kind: .percent, spoken: spoken, priority: 1))
                return
            }
            // "123 Main St.": a house number before a street's name is said in pairs (text.txt `house-number`).
            if !negative, end == runEnd, let spoken = try houseNumber(p, end) ?? namedInPairs(p, end) {
                candidates.append(TextCandidate(start: p, end: end, kind: .cardinal, spoken: spoken, priority: 2))
                return
            }
            // Years and ranges of numbers or years.
            let isYearShape = !negative && end == runEnd && runEnd - p == 4 && (1000...2999).contains(Int(text.string(p, end)) ?? 0)
            if let (rangeEnd, second, secondIsYear) = rangeSecond(after: end), !negative, let rangeWord = data.rangeWord {
                var secondYear = secondIsYear ? Int(text.string(second, rangeEnd)) : nil
                // "2015-16", "the 2019–20 season": a range of years may write only the second
                // year's last two digits; it is said in full ("twenty fifteen to twenty sixteen").
                if isYearShape, rangeEnd - second == 2, let first = Int(text.string(p, end)),
                   let short = Int(text.string(second, rangeEnd)), short > first % 100 || (short == 0 && first % 100 == 99) {
                    secondYear = short == 0 ? first + 1 : first / 100 * 100 + short  // "1999-00" ends in 2000
                }
                let bothYears = isYearShape && secondYear != nil
                let firstWords = bothYears ? try numbers.year(Int(text.string(p, end))!) : try numbers.cardinal(value)
                // "ISO 639-2", "RFC 2822-3": a second number below the first is a part's number, not
                // the end of a range (years excepted: "2019-20").
                if value.isInteger, let secondValue = parse(second, rangeEnd, negative: false), secondValue.isInteger {
                    // The pair stays as written: neither number alone is what it says.
                    // Hours may wrap ("9-5"): only a first number of three digits or more counts.
                    let first = Int(value.integer) ?? 0, last = Int(secondValue.integer) ?? Int.max
                    guard bothYears || first < 100 || last >= first else { return }
                    // de "2-3-stellige" -> "zwei bis dreistellige": the second number may make a compound.
                    let compound = bothYears ? nil : try numberCompound(p: second, end: rangeEnd, negative: false)
                    var secondWords = try compound?.1 ?? (bothYears ? numbers.year(secondYear!) : numbers.cardinal(secondValue))
                    var firstWords = firstWords
                    if !bothYears, compound == nil, let agreeing = try rangeAgreeingWithNoun(value, secondValue, before: rangeEnd) {
                        (firstWords, secondWords) = agreeing
                    }
                    // it "24-72 ore" -> "da ventiquattro a settantadue ore" (units.txt `range-start`, as the
                    // expander says a range of units).
                    let opening = bothYears ? "" : rangeStart(before: p)
                    candidates.append(TextCandidate(start: p, end: compound?.0 ?? rangeEnd, kind: .range,
                                                    spoken: opening + firstWords + " " + rangeWord + " " + secondWords, priority: 0))
                }
            }
            // "1920 × 1080": after a times sign, a number of a product, not a year.
            if isYearShape, !followsTimesSign(p), let year = Int(text.string(p, end)) {
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
                if yearWordBefore || !wordFollows || (1100...1999).contains(year) && !nounFollows {
                    candidates.append(TextCandidate(start: p, end: end, kind: .year, spoken: try numbers.year(year), priority: 0))
                    return
                }
            }
            // "3 millions", "2,5 Mio.": the scale word said in the number's plural. A bare number
            // takes a word of three letters or more: "100 m" is metres, "5 k" a letter; the short
            // forms ("$5m", "2 Md €") are read with an amount.
            if let scale = text.scaleWord(after: end, data: data, glued: false), text.letterRunEnd(end + 1) - (end + 1) >= 3 {
                let category = try numbers.plurals.category(of: value.integer + (value.fraction.isEmpty ? "" : "." + value.fraction))
                candidates.append(TextCandidate(start: start, end: scale.end, kind: .cardinal,
                                                spoken: try numbers.cardinal(value) + " " + (category == .one ? scale.one : scale.many), priority: 2))
            }
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
            let knownGender = nounFollows ? text.word(at: nounAt).flatMap {
                // A year before a capitalised word: a name's ("© 2024 Thomas"), not a noun's ending.
                data.gender(ofNoun: $0.word, capitalized: isYearShape && text.scalars[nounAt].properties.isUppercase)
            } ?? adjectiveGender : nil
            let gender = knownGender ?? .masculine
            var words = nounFollows ? (try context.expander?.nounCardinal(value, gender: gender) ?? numbers.cardinal(value)) : try numbers.cardinal(value)
            // es "uno o dos días", it "uno o due giorni": away from its noun one keeps its full form.
            if nounFollows, joined, gender == .masculine, text.isOneOf(p, "1"), end == p + 1, let one = data.countJoinedOne { words = one }
            // de "vor 1 Minute", "mit 1 Klick", "für 1 Monat": a count of one declines with the case
            // the word before asks for ("vor einer Minute", "mit einem Klick", "für einen Monat";
            // text.txt `count-case`, `count-one`). A noun of unknown gender keeps the plain form
            // unless every gender's form is the same word there.
            if nounFollows, !negative, end == p + 1, text.scalars[p] == "1", let caseName = countCase(before: p),
               let forms = data.countOneForms[caseName] {
                if let knownGender, let form = forms[knownGender] {
                    words = form
                } else if knownGender == nil, let masculine = forms[.masculine], forms[.neuter] == masculine {
                    words = masculine
                }
            }
            // "300000000 habitants": a count ending in a scale noun takes its link word ("trois cents
            // millions d'habitants", units.txt `scale-link`); the space before the noun is the link's.
            if nounFollows, let expander = context.expander, let noun = text.word(at: end + 1) {
                // The text after the number, not the word alone: "d'euros" already writes the link.
                let link = expander.scaleLink(after: words, before: text.string(end + 1, min(text.count, noun.end + 2)))
                if !link.isEmpty {
                    candidates.append(TextCandidate(start: start, end: end + 1, kind: .cardinal, spoken: words + " " + link, priority: 0))
                    return
                }
            }
            // it "1 ora" -> "un'ora": the elided count is joined to its noun (the space is the
            // candidate's); the elisions are units.txt's, which say "un'ora" after a unit too.
            if nounFollows, let noun = text.word(at: nounAt), nounAt == end + 1, let elided = context.expander?.elided(words, before: noun.word) {
                candidates.append(TextCandidate(start: start, end: end + 1, kind: .cardinal, spoken: elided, priority: 0))
                return
            }
            candidates.append(TextCandidate(start: start, end: end, kind: .cardinal, spoken: words, priority: 0))
        }

        /// The word that opens a range and a space (units.txt `range-start`: it "da", es "de"),
        /// unless the text has it, or a word that governs the range, just before `p`.
        private func rangeStart(before p: Int) -> String {
            guard let data = context.expander?.data, data.rangeStart != nil else { return "" }
            return data.rangeOpening(after: text.wordBefore(p)?.word)
        }

        /// Where the noun is after "1 ou 2 heures", "1 oder 2 Tage": a count, a word of text.txt
        /// `count-joiners`, another count and a word. Nil for anything else.
        private func nounAfterJoinedCount(_ end: Int) -> Int? {
            guard !data.countJoiners.isEmpty, text.isWordSpace(end), text.isLetter(end + 1) else { return nil }
            let joinerEnd = text.letterRunEnd(end + 1)
            guard joinerEnd - end - 1 <= data.countJoinerLength, text.isWordSpace(joinerEnd), text.isDigit(joinerEnd + 1),
                  text.wordBefore(joinerEnd, isOneOf: data.countJoiners) else { return nil }
            let secondEnd = text.digitRunEnd(joinerEnd + 1)
            return text.isWordSpace(secondEnd) && text.isLetter(secondEnd + 1) ? secondEnd + 1 : nil
        }

        /// "1-2 horas", "21-22 horas": before their noun both ends of a range agree with it ("una a
        /// dos horas", pt "uma a duas horas", fr "une à deux heures", de "ein bis zwei Stunden").
        /// Nil where no noun follows `end`.
        private func rangeAgreeingWithNoun(_ first: DecimalText, _ second: DecimalText, before end: Int) throws -> (String, String)? {
            guard let expander = context.expander, text.isWordSpace(end), text.isLetter(end + 1),
                  !data.nounsCapitalized || text.scalars[end + 1].properties.isUppercase,
                  let noun = text.word(at: end + 1), !data.notCounted.contains(noun.word) else { return nil }
            let gender = data.gender(ofNoun: noun.word) ?? .masculine
            let attributive = try expander.nounCardinal(first, gender: gender)
            let firstWords = gender == .masculine && first.integer == "1" ? data.countJoinedOne ?? attributive : attributive
            return (firstWords, try expander.nounCardinal(second, gender: gender))
        }

        /// The second number of a range after a dash ("10-12", "2015–2020"): where it ends and starts.
        private func rangeSecond(after end: Int) -> (Int, Int, Bool)? {
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
        private func afterRangeBetweenWord(_ end: Int) -> Bool {
            var p = end
            while p > 0 && text.isDigit(p - 1) { p -= 1 }
            return text.isWordSpace(p - 1) && text.wordBefore(p - 1, isOneOf: data.rangeBetweenScalars)
        }

        /// "10k downloads" -> "ten thousand downloads", "1.5M views", "3x faster" -> "three times
        /// faster", "1.5×": a scale word or multiplier sign of text.txt (`scale-glued`,
        /// `multiplier`) glued to a number and ending the word.
        private func gluedScaleOrMultiplier(start: Int, p: Int, end: Int, negative: Bool, into candidates: inout [TextCandidate]) throws {
            let wordEnd = text.isLetter(end) ? text.letterRunEnd(end) : end + 1
            guard !text.isWordChar(wordEnd), !(text.isOneOf(wordEnd, ".,") && text.isDigit(wordEnd + 1)),
                  let value = parse(p, end, negative: negative) else { return }
            let written = text.string(end, wordEnd)
            let category = try numbers.plurals.category(of: value.integer + (value.fraction.isEmpty ? "" : "." + value.fraction))
            // "1M", "3M", "6M" as a whole label are a chart's months as often as millions, and
            // "10k" a race: with nothing around them to tell, they stay written.
            let alone = text.skipSpacesBack(start) == 0 && text.skipSpaces(wordEnd) >= text.count
            if data.gluedScales.contains(written), !alone, let names = data.scales[written.lowercased()] {
                candidates.append(TextCandidate(start: start, end: wordEnd, kind: .cardinal,
                                                spoken: try numbers.cardinal(value) + " " + (category == .one ? names.one : names.many), priority: 2))
            } else if data.multiplierSigns.contains(written), let multiplier = data.multiplier,
                      // "0x" glued is the hexadecimal prefix ("begin with „0x“"), never "zero times".
                      !(end - p == 1 && text.isOneOf(p, "0") && text.isLetter(end)),
                      !text.isWordSpace(wordEnd) || !text.isLetter(wordEnd + 1) || text.word(at: wordEnd + 1).map({ data.multiplierBefore.contains($0.word) }) == true {
                let count = value.isInteger && !negative
                    ? try context.expander?.nounCardinal(value, gender: multiplier.gender) ?? numbers.cardinal(value) : try numbers.cardinal(value)
                // de "+mal": written as one word with the number ("dreimal"), but after a decimal
                // a word of its own ("null Komma fünf mal", not "…fünfmal", five times).
                let word = category == .one ? multiplier.one : multiplier.many
                let spoken = word.hasPrefix("+") ? count + (value.isInteger ? "" : " ") + word.dropFirst() : count + " " + word
                candidates.append(TextCandidate(start: start, end: wordEnd, kind: .cardinal, spoken: spoken, priority: 2))
            }
        }

        /// de "4-stellige PIN" -> "vierstellige PIN", "10fach" -> "zehnfach", "2-mal" -> "zweimal";
        /// nl "14-daagse" -> "veertiendaagse": a whole number before a hyphen, or glued, and a
        /// lowercase word of text.txt `number-compound-words` or ending as
        /// `number-compound-endings` says is one word when spoken. Left alone, the hyphen stayed
        /// in the spoken word ("vier-stellige"), and a glued "10fach" was not read. A capitalised
        /// noun after the hyphen ("3-Zimmer-Wohnung") keeps it.
        private func numberCompound(p: Int, end: Int, negative: Bool) throws -> (Int, String)? {
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
            // "1,5-fache": a decimal joins its last word ("eins Komma fünffache").
            var number = try numbers.cardinal(value)
            if let final = data.numberCompoundFinal, number.hasSuffix(final.from) {
                number = String(number.dropLast(final.from.count)) + final.to
            }
            return (wordEnd, number + suffix)
        }

        /// "20 x 30 cm", "2×3 m", "1280 x 720", "192x144", "3 × 2 = 6": a number before a times
        /// sign and another number is said with the sign ("twenty by", "three times"). Spaced or
        /// after "×", the number after the sign is left to the other readers, so its unit is read
        /// as anywhere ("thirty centimeters"); glued with a letter x ("192x144") the pair is read
        /// here, and only two whole numbers of two digits or more with nothing glued after
        /// ("0x1F", "0x10", "x86" are a code's; "4x4" is also a car). A size (text.txt
        /// `dimension`, en "by") unless an "=" follows ("3 × 2 = 6") or a pack's count comes
        /// first ("6 x 25 cl": a whole number of two digits at most, before a unit `times`
        /// lists); those take the `times` word.
        private func product(p: Int, end: Int, negative: Bool) throws -> (Int, String)? {
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
                    return (sign + 1, try numbers.cardinal(value) + " " + sizeWord + " ")
                }
                // "4x4" (fr "un quatre-quatre", the car) stays written: two digits or more each.
                guard !negative, !text.isOneOf(p, "0"), end == text.digitRunEnd(p), end - p >= 2, secondEnd - second >= 2,
                      secondEnd == text.digitRunEnd(second),
                      !text.isWordChar(secondEnd), !(text.isOneOf(secondEnd, ".,") && text.isDigit(secondEnd + 1)),
                      !text.isProtected(p, secondEnd), let secondValue = parse(second, secondEnd, negative: false) else { return nil }
                let word = text.isOneOf(text.skipSpaces(secondEnd), "=") ? timesWord : sizeWord
                return (secondEnd, try numbers.cardinal(value) + " " + word + " " + numbers.cardinal(secondValue))
            }
            let unitAt = text.isWordSpace(secondEnd) ? secondEnd + 1 : secondEnd
            let unitEnd = text.letterRunEnd(unitAt)
            let unit = unitEnd > unitAt && !text.isWordChar(unitEnd) ? text.string(unitAt, unitEnd) : nil
            let equalsFollows = text.isOneOf(text.skipSpaces(secondEnd), "=")
            let packCount = value.isInteger && !negative && end - p <= 2 && !followsTimesSign(p) && unit.map { data.timesUnits.contains($0) } == true
            let word = equalsFollows || packCount ? timesWord : sizeWord
            // Glued ("2×3 m"), the space the sign took is said.
            return (sign + 1, try numbers.cardinal(value) + " " + word + (spaced ? "" : " "))
        }

        /// The ICU unit ("length-centimeter") of a units.txt symbol standing at `i` as a whole
        /// word ("cm" in "30 cm", "30cm"), or nil: the expander's own lookup.
        private func unitSymbol(at i: Int) -> String? {
            guard let expander = context.expander else { return nil }
            return expander.matcher.unitSymbol(in: text, at: i, of: expander.data.units)?.icuUnit
        }

        /// Whether a times sign after a number stands right before `p` ("2×3", "20 x 30").
        private func followsTimesSign(_ p: Int) -> Bool {
            text.isTimesSign(p - 1) && text.isDigit(p - 2)
                || text.isWordSpace(p - 1) && text.isTimesSign(p - 2) && text.isWordSpace(p - 3) && text.isDigit(p - 4)
        }

        // MARK: Codes and versions

        private func serialEnd(at p: Int, after word: String?) -> (Int, Bool)? {
            let firstEnd = text.digitRunEnd(p)
            var end = firstEnd
            var groups = 1
            var digits = firstEnd - p
            while text.isOneOf(end, "-") && text.isDigit(end + 1) {
                let next = text.digitRunEnd(end + 1)
                digits += next - end - 1
                end = next
                groups += 1
            }
            if text.isLetter(end) { return nil }
            var afterCodeWord = (word.map { data.serialWords.contains($0) } ?? false) || text.isOneOf(text.skipSpacesBack(p) - 1, "#°")
            // "Washington, DC 20500": five digits after a state's code, as written, are a postal code.
            if !afterCodeWord, firstEnd - p == 5, !data.postalCodeAfter.isEmpty, text.isWordSpace(p - 1),
               let (before, start) = text.wordBefore(p), start + before.unicodeScalars.count == p - 1,
               data.postalCodeAfter.contains(text.string(start, p - 1)) {
                afterCodeWord = true
            }
            if !afterCodeWord, isPostalCode(at: p) { afterCodeWord = true }
            // The exchange of a North American number starts with 2-9: "(100-1000)" is a range.
            if groups == 2 && firstEnd - p == 3 && end - firstEnd - 1 == 4 && !text.isOneOf(p, "01") {
                // "555-1234": a local phone number's shape, read digit by digit.
                return (end, afterCodeWord)
            }
            if groups >= 2 {
                // "2015-2020", "10-12": a range unless a code word says otherwise.
                if groups == 2 && firstEnd - p <= 4 && end - firstEnd - 1 <= 4 && !afterCodeWord { return nil }
                // "between 1-65535": a longer second number after a word of `range-between` too.
                if groups == 2 && firstEnd - p <= 4 && end - firstEnd - 1 <= 6 && !afterCodeWord && afterRangeBetweenWord(firstEnd) { return nil }
                return digits >= 6 || afterCodeWord ? (end, afterCodeWord) : nil
            }
            // A decimal, a date, a time or a fraction goes to its own reader.
            if text.isOneOf(end, "/:.,") && text.isDigit(end + 1) { return nil }
            let run = end - p
            if afterCodeWord && run >= 3 { return (end, true) }
            if run >= 2 && text.scalars[p] == "0" && !text.isOneOf(end, "%h") {
                // "0800 123 456": groups of three or four digits spaced after a prefix of three digits
                // or more belong to the code, as a phone number's do; never "one hundred twenty-three
                // thousand…". Pairs ("09 60 06 12 21") stay numbers, said one by one, and so does a
                // year after a short code ("01 1990").
                // A longer run of such groups is a list, each group said alone: bounded, the test
                // is constant at each of the run's starts (a run of 20,000 read from each was quadratic).
                var groupsEnd = end
                let isList = run >= 3 && text.spacedCodeGroupsAround(p) > ScannedText.maxSpacedCodeGroups
                while run >= 3, !isList, text.isWordSpace(groupsEnd), text.isDigit(groupsEnd + 1) {
                    let next = text.digitRunEnd(groupsEnd + 1)
                    guard (3...4).contains(next - groupsEnd - 1), !text.isLetter(next), !(text.isOneOf(next, "/:.,") && text.isDigit(next + 1)) else { break }
                    groupsEnd = next
                }
                return (groupsEnd, false)
            }
            // Up to 15 digits a round number ("1000000000000") is a quantity; a longer or
            // unround run is a code (a card, a barcode), said digit by digit.
            if run > 12 && !(run <= 15 && text.string(end - 3, end) == "000") { return (end, false) }
            return nil
        }

        /// "12 rue de la Paix, 75002 Paris", "Hauptstr. 12, 10115 Berlin", "Rua Augusta 27, 1100-048
        /// Lisboa": digits of the locale's postal code shape (text.txt `postal-code`) right after a
        /// comma and before a capitalised place name, where the stretch before the comma (back to
        /// another comma or a line break) is a street with its house number: it holds one number
        /// of 1-4 digits, either after the street's name and right before the comma ("Hauptstr.
        /// 12,", "Damrak 1a,") or before a street word ("12 bis rue…", "3 av. Foch,"). Not an
        /// address: "2024 kamen 3 Gruppen, 25000 Besucher" (two numbers), "Es kamen 3 Gruppen,
        /// 25000 Besucher" (no street word after 3), "Prix : 12, 25000 Euros" (no street name before 12).
        private func isPostalCode(at p: Int) -> Bool {
            guard !data.postalCodeShapes.isEmpty, text.isWordSpace(p - 1), text.isOneOf(p - 2, ",") else { return false }
            var shapeEnd: Int?
            for shape in data.postalCodeShapes {
                var i = p
                var matched = true
                for mark in shape {
                    let ok = mark == "9" ? text.isDigit(i) : mark == "A" ? text.isCapital(i) : text.scalar(i) == mark
                    if !ok { matched = false; break }
                    i += 1
                }
                if matched && !text.isWordChar(i) && !text.isOneOf(i, "-") { shapeEnd = i; break }
            }
            guard let end = shapeEnd, text.isWordSpace(end), text.isCapital(end + 1) else { return false }
            let comma = p - 2
            var run: (start: Int, end: Int)?
            var i = comma - 1
            while i >= 0 && comma - i <= 80 && !text.isOneOf(i, ",;:\n") {
                if text.isDigit(i) {
                    guard run == nil else { return false }
                    let runEnd = i + 1
                    while text.isDigit(i - 1) { i -= 1 }
                    guard runEnd - i <= 4 else { return false }
                    run = (i, runEnd)
                }
                i -= 1
            }
            guard let run else { return false }
            // "Hauptstr. 12,", "Damrak 1a,": the street's name, then the number ending the stretch.
            let suffixEnd = text.isLetter(run.end) && !text.isLetter(run.end + 1) ? run.end + 1 : run.end
            if suffixEnd == comma {
                var before = text.skipSpacesBack(run.start)
                if before < run.start && text.isOneOf(before - 1, ".") { before -= 1 }
                return before < run.start && text.isLetter(before - 1)
            }
            // "12 bis rue de la Paix,", "3 av. Foch,": the number, then a street word (text.txt
            // `street-words`), a suffix of `house-number-suffixes` ("bis") or a letter between them.
            guard !data.streetWords.isEmpty, text.isWordSpace(run.end), var (word, wordEnd) = text.word(at: run.end + 1) else { return false }
            if data.houseNumberSuffixes.contains(word) || word.unicodeScalars.count == 1, text.isWordSpace(wordEnd),
               let next = text.word(at: wordEnd + 1) {
                (word, wordEnd) = next
            }
            return data.streetWords.contains(word)
        }

        /// A code of capitals and digits the locale reads (`ScannedText.letterDigitCode(startingAt:)`): its
        /// capitals as written (the voice spells or says them), a group of one or two digits as a
        /// number ("B12": "B twelve"), a round hundred or thousand too ("X1000"), any other
        /// group digit by digit ("UA123": "UA one two three", "H264"). Certain: the code is one
        /// thing, never a number inside a name.
        private func letterDigitCode(_ code: Range<Int>, into candidates: inout [TextCandidate]) throws {
            var words: [String] = []
            var k = code.lowerBound
            while k < code.upperBound {
                if text.isDigit(k) {
                    let groupEnd = text.digitRunEnd(k)
                    let digits = text.string(k, groupEnd)
                    let length = groupEnd - k
                    let asNumber = text.scalars[k] != "0" || length == 1
                    if asNumber && (length <= 2 || (length <= 4 && digits.hasSuffix("00"))), let value = Int(digits) {
                        words.append(try numbers.cardinal(value))
                    } else {
                        words.append(try numbers.digits(digits))
                    }
                    k = groupEnd
                } else if text.isLetter(k) {
                    let groupEnd = text.letterRunEnd(k)
                    words.append(text.string(k, groupEnd))
                    k = groupEnd
                } else {
                    k += 1
                }
            }
            candidates.append(TextCandidate(start: code.lowerBound, end: code.upperBound, kind: .serial,
                                            spoken: words.joined(separator: " "), priority: 4, isCertain: true))
        }

        private func digitsSpoken(_ start: Int, _ end: Int) -> String {
            var groups: [String] = []
            var i = start
            while i < end {
                let groupEnd = text.digitRunEnd(i)
                groups.append((try? numbers.digits(text.string(i, groupEnd))) ?? text.string(i, groupEnd))
                i = groupEnd + 1
            }
            return groups.joined(separator: ", ")
        }

        /// A version number's end and how to say it (said only when it is asked).
        private func version(at p: Int, after word: String?) throws -> (Int, () throws -> String)? {
            var parts = [(p, text.digitRunEnd(p))]
            while text.isOneOf(parts.last!.1, "."), text.isDigit(parts.last!.1 + 1) {
                let start = parts.last!.1 + 1
                parts.append((start, text.digitRunEnd(start)))
            }
            let end = parts.last!.1
            guard let point = data.versionPoint, !text.isLetter(end), !(text.isOneOf(end, ",/") && text.isDigit(end + 1)) else { return nil }
            let afterVersionWord = word.map { data.versionWords.contains($0) } ?? false
            guard parts.count >= 3 || (parts.count == 2 && (afterVersionWord || afterProductName(p, end))) else { return nil }
            // "62.448.034": a part of three digits padded with a zero is a code's group, never a
            // version's number ("four hundred forty-eight point thirty-four").
            if !afterVersionWord, parts.dropFirst().contains(where: { $0.1 - $0.0 == 3 && text.isOneOf($0.0, "0") }) { return nil }
            // "127.0.0.1": four parts of at most 255 are an IPv4 address, an address like a URL's
            // host, which stays written (not "one hundred twenty-seven point zero…", a version).
            if parts.count == 4, !afterVersionWord,
               parts.allSatisfy({ $0.1 - $0.0 <= 3 && (text.integer($0.0, $0.1) ?? 256) <= 255 }) { return nil }
            // "1.000.000" where the period groups thousands is a number, not a version.
            // So is "53.020.243.724" where the decimal mark is a comma and thousands are grouped with
            // a space (fr, pt-PT): two periods between groups of three are no decimal, and a
            // version's parts are not zero-padded to three digits.
            let groupsThousands = numbers.parser.groupingSeparator == "."
                || numbers.parser.decimalSeparator == "," && parts.count >= 3
            if !afterVersionWord, groupsThousands, parts.dropFirst().allSatisfy({ $0.1 - $0.0 == 3 }),
               parts[0].1 - parts[0].0 <= 3 { return nil }
            // "1.2.2015" and "01.04.15" are dates, left to the date detector.
            if parts.count == 3 && (parts[2].1 - parts[2].0 == 4 || parts[0].1 - parts[0].0 == 2 && parts[1].1 - parts[1].0 == 2) && !afterVersionWord { return nil }
            func said(_ parts: [(Int, Int)]) throws -> String {
                try parts.map { part in try text.integer(part.0, part.1).map { try numbers.cardinal($0) } ?? text.string(part.0, part.1) }
                    .joined(separator: " \(point) ")
            }
            // "Android 4.4–7.1", "iOS 15.0-17.2": a range of versions, the second with as many parts.
            if text.isOneOf(end, "-–"), text.isDigit(end + 1), let rangeWord = data.rangeWord {
                var second = [(end + 1, text.digitRunEnd(end + 1))]
                while text.isOneOf(second.last!.1, "."), text.isDigit(second.last!.1 + 1) {
                    let start = second.last!.1 + 1
                    second.append((start, text.digitRunEnd(start)))
                }
                let secondEnd = second.last!.1
                if second.count == parts.count, !text.isWordChar(secondEnd), !(text.isOneOf(secondEnd, ".,-–/") && text.isDigit(secondEnd + 1)) {
                    return (secondEnd, { () throws -> String in try said(parts) + " " + rangeWord + " " + said(second) })
                }
            }
            return (end, { () throws -> String in try said(parts) })
        }

        /// "Apache 2.0", "CC BY-ND 3.0", "Bluetooth 5.0" where the decimal mark is a comma: a period
        /// between two numbers after a name (a capitalised word inside the sentence, or one in
        /// capitals) makes a version, not a decimal in English notation ("deux virgule zéro"). At
        /// the start of a sentence, where any word has a capital ("Environ 2.5 fois"), only ".0"
        /// does ("Apache 2.0 Lizenz"): nobody writes a whole number with a decimal zero in prose.
        /// A unit, a percent sign or a times sign after it keeps it a number ("Windows 1.5 GB" is
        /// a size, "27.5 x 2.8" a tyre's).
        private func afterProductName(_ p: Int, _ end: Int) -> Bool {
            guard numbers.parser.decimalSeparator == ",", text.isWordSpace(p - 1), text.isLetter(p - 2),
                  let (_, start) = text.wordBefore(p), text.scalars[start].properties.isUppercase else { return false }
            let name = text.scalars[start..<(p - 1)]
            let inCapitals = name.count >= 2 && name.allSatisfy { $0.properties.isUppercase }
            // "WooCommerce 3.5", "PlayStation 5.1": a capital inside the word makes a brand's name.
            let brand = name.dropFirst().contains { $0.properties.isUppercase } && name.contains { $0.properties.isLowercase }
            let pointZero = end - p >= 3 && text.isOneOf(end - 2, ".") && text.isOneOf(end - 1, "0")
            // Where every noun has a capital (de "Spezifikation 27.5 x 2.8"), only the name in
            // capitals, a brand's or the ".0" says "version".
            guard inCapitals || brand || pointZero || !data.nounsCapitalized && !text.isSentenceStart(start) else { return false }
            let after = text.isWordSpace(end) ? end + 1 : end
            return !text.isOneOf(after, "%") && !text.isTimesSign(after) && unitSymbol(at: after) == nil
        }

        /// Whether a candidate already found over exactly `start..<end` outranks one of
        /// `priority` there: the resolution always prefers it (same scalars covered, higher
        /// priority), so the lower one's spoken form need not be built.
        func isOutranked(_ start: Int, _ end: Int, priority: Int, in candidates: [TextCandidate]) -> Bool {
            candidates.contains { $0.start == start && $0.end == end && $0.priority > priority && !$0.spoken.isEmpty }
        }

        // MARK: Addresses

        /// A house number of three or four digits (no leading zero) followed by one to four
        /// capitalised words of which the last is a street word (text.txt `street-words`: "123
        /// Main St.", "2788 San Tomas Expy"), said in pairs as the language reads such numbers
        /// (`house-number`: en "one twenty-three", "twenty-seven eighty-eight", "one oh five",
        /// "twelve hundred"; a round thousand stays a cardinal, "two thousand").
        private func houseNumber(_ p: Int, _ end: Int) throws -> String? {
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
            return try saidInPairs(value, pairs)
        }

        /// "Error 404" -> "error four oh four", "Room 1205" -> "twelve oh five", "Highway 101":
        /// a number of 3-4 digits after a word of text.txt `pair-words` (or before one of
        /// `pair-words-after`, "404 errors") is said in pairs, as a house number is.
        private func namedInPairs(_ p: Int, _ end: Int) throws -> String? {
            guard let pairs = data.houseNumberWords, !data.pairWords.isEmpty, (3...4).contains(end - p), !text.isOneOf(p, "0"),
                  let value = text.integer(p, end) else { return nil }
            let before = text.wordBefore(p).map { data.pairWords.contains($0.word) } ?? false
            let after = text.isWordSpace(end) && (text.word(at: end + 1).map { data.pairWordsAfter.contains($0.word) } ?? false)
            guard before || after else { return nil }
            return try saidInPairs(value, pairs)
        }

        private func saidInPairs(_ value: Int, _ pairs: (zero: String, hundred: String)) throws -> String {
            let head = value / 100, tail = value % 100
            if tail == 0, head % 10 == 0 { return try numbers.cardinal(value) }
            let tailWords = tail == 0 ? pairs.hundred : tail < 10 ? pairs.zero + " " + (try numbers.cardinal(tail)) : try numbers.cardinal(tail)
            return try numbers.cardinal(head) + " " + tailWords
        }

        // MARK: Years

        /// "1980s", "'90s" (en), "1980er" (de): the year said with the decade ending from the data.
        private func decade(at p: Int) throws -> (Int, String)? {
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

        // MARK: Fractions and ordinals

        /// `start` and `end` are where the written fraction starts and ends: a half or a quarter
        /// before a noun agrees with it and takes the case of the word before ("1/2 Tasse" is
        /// "eine halbe Tasse", not "ein halb Tasse"; "in ½ Stunde" "in einer halben Stunde").
        private func fractionWords(_ numerator: Int, _ denominator: Int, start: Int? = nil, end: Int? = nil) throws -> String? {
            if numerator == 1, let end, let start, data.fractionsBeforeNoun[denominator] != nil,
               text.isWordSpace(end), text.isLetter(end + 1),
               !data.nounsCapitalized || text.scalars[end + 1].properties.isUppercase,
               !text.protected[end + 1], let noun = text.word(at: end + 1), !text.isWordChar(noun.end),
               !data.notCounted.contains(noun.word),
               let part = data.fractionBeforeNoun(denominator, gender: data.gender(ofNoun: noun.word) ?? .masculine, caseName: countCase(before: start)) {
                return context.expander?.elided(part, before: noun.word) ?? part
            }
            guard let names = try data.fractions[denominator] ?? ruledFractionNames(denominator) else { return nil }
            if numerator == 1 { return names.0 }
            let count = try context.expander.map { try $0.nounCardinal(DecimalText(numerator), gender: nil) } ?? numbers.cardinal(numerator)
            return count + " " + names.1
        }

        /// Whether "a/b" with a denominator that has no `fraction` row is also a day and month in
        /// the locale's order (en-US month first: "5/16"; day first: "1/12").
        private func mayBeDate(_ a: Int, _ b: Int) -> Bool {
            guard data.fractions[b] == nil else { return false }
            return data.dateOrder == .mdy ? (1...12).contains(a) && (1...31).contains(b) : (1...31).contains(a) && (1...12).contains(b)
        }

        /// A denominator without a `fraction` row, named by the first `fraction-rule` whose range holds
        /// it: its templates filled with the denominator's words (`{cardinal}`, `{Cardinal}` with a
        /// capital, `{ordinal}`, `{ordinals}` plural), then `fraction-fix`. A word glued to letters
        /// must be one word ("doceavo"; "treinta y uno" + "avo" is no name): else no name, and the
        /// fraction stays written.
        private func ruledFractionNames(_ denominator: Int) throws -> (String, String)? {
            guard let rule = data.fractionRules.first(where: { $0.denominators.contains(denominator) }) else { return nil }
            func fill(_ template: String) throws -> String? {
                var result = template
                for placeholder in ["{cardinal}", "{Cardinal}", "{ordinal}", "{ordinals}"] where result.holdsPlaceholder(placeholder) {
                    var words: String
                    switch placeholder {
                    case "{ordinals}": words = try numbers.ordinal(denominator, plural: true)
                    case "{ordinal}": words = try numbers.ordinal(denominator)
                    default: words = try numbers.cardinal(denominator)
                    }
                    if placeholder == "{Cardinal}", let first = words.first { words = first.uppercased() + words.dropFirst() }
                    // "{cardinal}avo": words glued to an ending must be one word, or the name is none.
                    if words.contains(" ") {
                        let marked = Array(result.filling(placeholder, with: "\u{1}").unicodeScalars)
                        if zip(marked, marked.dropFirst()).contains(where: { $0 == "\u{1}" && $1.properties.isAlphabetic }) { return nil }
                    }
                    result = result.filling(placeholder, with: words)
                }
                for fix in data.fractionFixes { result = result.filling(fix.from, with: fix.to) }
                return result
            }
            guard let one = try fill(rule.one), let many = try fill(rule.many) else { return nil }
            return (one, many)
        }

        private func fraction(at p: Int, after word: String?, into candidates: inout [TextCandidate]) throws {
            let aEnd = text.digitRunEnd(p)
            // "Note : 4,5/5", "Rating: 4.5/5", "4,5/5 Sterne": a score with a decimal, in the locale's notation.
            if aEnd < text.count, text.scalars[aEnd] == numbers.parser.decimalSeparator, text.isDigit(aEnd + 1) {
                let scoreEnd = text.digitRunEnd(aEnd + 1)
                guard text.isOneOf(scoreEnd, "/"), text.isDigit(scoreEnd + 1) else { return }
                let bEnd = text.digitRunEnd(scoreEnd + 1)
                guard !text.isWordChar(bEnd), !(text.isOneOf(bEnd, "/.,") && text.isDigit(bEnd + 1)),
                      let template = slashCountTemplate(after: word, end: bEnd),
                      let b = text.integer(scoreEnd + 1, bEnd), let a = parse(p, scoreEnd, negative: false) else { return }
                let spoken = template.filling("{0}", with: try numbers.cardinal(a)).filling("{1}", with: try numbers.cardinal(b))
                let noun = scoreNounForm(after: bEnd)
                candidates.append(TextCandidate(start: p, end: noun?.end ?? bEnd, kind: .fraction, spoken: spoken + (noun?.said ?? ""), priority: 1))
                return
            }
            guard text.isOneOf(aEnd, "/"), text.isDigit(aEnd + 1) else { return }
            // "Android 14/15", "iOS 17/18": after a version word a slash joins two versions, not a
            // fraction ("fourteen fifteenths"); the pair stays written.
            if let word, data.versionWords.contains(word) { return }
            let bEnd = text.digitRunEnd(aEnd + 1)
            guard !text.isWordChar(bEnd), !(text.isOneOf(bEnd, "/.,") && text.isDigit(bEnd + 1)),
                  let a = text.integer(p, aEnd), let b = text.integer(aEnd + 1, bEnd) else { return }
            // "Step 2/5", "Rating: 4/5", "4/5 stars": a position or a score, "two of five", never "two fifths".
            if a <= b, let template = slashCountTemplate(after: word, end: bEnd) {
                let spoken = template.filling("{0}", with: try numbers.cardinal(a))
                    .filling("{1}", with: try numbers.cardinal(b))
                let noun = scoreNounForm(after: bEnd)
                candidates.append(TextCandidate(start: p, end: noun?.end ?? bEnd, kind: .fraction, spoken: spoken + (noun?.said ?? ""), priority: 1))
                return
            }
            guard a < b, a > 0 else { return }
            // "24/48 ore" (twenty-four or forty-eight hours), "6/8" (a time signature): a fraction
            // is written in its lowest terms; one that is not is no fraction, and stays written.
            var (x, y) = (a, b)
            while y != 0 { (x, y) = (y, x % y) }
            guard x == 1 else { return }
            // "1/12", en-US "5/16": a denominator only a rule names, in the shape of a day and month,
            // is a fraction as the whole text or before a word of `fraction-after-words` ("1/12 of
            // the votes", "1/12 du budget"); elsewhere ("Expires 1/31") it may be a date and stays written.
            if mayBeDate(a, b) {
                let next = text.skipSpaces(bEnd)
                let alone = text.skipSpacesBack(p) == 0 && next >= text.count
                let beforeOf = next > bEnd && (text.word(at: next).map { data.fractionAfterWords.contains($0.word) } ?? false)
                guard alone || beforeOf else { return }
            }
            guard let spoken = try fractionWords(a, b, start: p, end: bEnd) else { return }
            // "-3/4": a sign written before the fraction is said, as before a number.
            if p > 0, text.isOneOf(p - 1, "-−"), p == 1 || !text.isWordChar(p - 2) && !text.isOneOf(p - 2, "-−/"),
               let minus = try minusWords() {
                candidates.append(TextCandidate(start: p - 1, end: Self.joinedEnd(spoken, bEnd), kind: .fraction, spoken: minus + spoken, priority: 0))
                return
            }
            if let (end, phrase) = try withMeasure(spoken, from: p, after: bEnd, numerator: a, denominator: b, mixed: false) {
                candidates.append(TextCandidate(start: p, end: end, kind: .fraction, spoken: phrase, priority: 0))
                return
            }
            candidates.append(TextCandidate(start: p, end: Self.joinedEnd(spoken, bEnd), kind: .fraction, spoken: spoken, priority: 0))
        }

        /// How the "a/b" ending at `bEnd` is said when it is a position or a score: after a word
        /// of `slash-count-words` ("Step 2/5": "two of five"), or before one of
        /// `slash-count-after-words` ("4/5 stars": `slash-score`, en "four out of five"). Nil: neither.
        private func slashCountTemplate(after word: String?, end bEnd: Int) -> String? {
            guard let count = data.slashCountTemplate else { return nil }
            // The word after names the kind first ("Rated 4.5/5 stars" is a score).
            let next = text.skipSpaces(bEnd)
            if !data.slashCountAfterWords.isEmpty, next > bEnd, let (after, _) = text.word(at: next),
               data.slashCountAfterWords.contains(after) {
                return data.slashScoreTemplate ?? count
            }
            guard let word, data.slashCountWords.contains(word) else { return nil }
            return count
        }

        /// de "4/5 Sterne" is "vier von fünf Sternen": the noun after a score, in the form the
        /// score's preposition asks (text.txt `slash-count-after-form`), with the spaces before
        /// it; nil where the data has none for it.
        private func scoreNounForm(after bEnd: Int) -> (end: Int, said: String)? {
            guard !data.slashCountAfterForms.isEmpty else { return nil }
            let next = text.skipSpaces(bEnd)
            guard next > bEnd, let (word, end) = text.word(at: next), !text.isWordChar(end), !text.isProtected(bEnd, end),
                  let said = data.slashCountAfterForms[word] else { return nil }
            return (end, text.string(bEnd, next) + said)
        }

        /// The words the locale says for a minus sign, with their space ("minus ", "moins "), as
        /// its numbers say them: a negative one spelled, without the one.
        private func minusWords() throws -> String? {
            let negative = try numbers.cardinal(DecimalText(isNegative: true, integer: "1"))
            let positive = try numbers.cardinal(1)
            guard negative.hasSuffix(positive), negative.count > positive.count else { return nil }
            return String(negative.dropLast(positive.count))
        }

        /// "2 1/2", "2 ½", "2½": a whole number and a fraction, from the data's template.
        private func mixedFraction(at p: Int, into candidates: inout [TextCandidate]) throws {
            let wholeEnd = text.digitRunEnd(p)
            guard wholeEnd - p <= 4, let whole = text.integer(p, wholeEnd) else { return }
            var f = text.isWordSpace(wholeEnd) ? wholeEnd + 1 : wholeEnd
            var fraction: (Int, Int)?
            var end = f
            if let glyph = text.scalar(f), let value = Self.vulgarFractions[glyph] {
                fraction = value
                end = f + 1
            } else if f > wholeEnd, text.isDigit(f) {
                let aEnd = text.digitRunEnd(f)
                guard text.isOneOf(aEnd, "/"), text.isDigit(aEnd + 1), let a = text.integer(f, aEnd) else { return }
                let bEnd = text.digitRunEnd(aEnd + 1)
                guard let b = text.integer(aEnd + 1, bEnd), a < b, !text.isWordChar(bEnd),
                      !(text.isOneOf(bEnd, "/.,") && text.isDigit(bEnd + 1)) else { return }
                fraction = (a, b)
                end = bEnd
            }
            f = end
            guard let (a, b) = fraction else { return }
            // "2 1/3", "2 3/4" without a template: the whole, the and-word, the fraction
            // ("two and one third", "deux et trois quarts").
            guard a == 1, let template = data.mixedFractions[b] else {
                guard let and = data.andWord, !mayBeDate(a, b), let part = try fractionWords(a, b) else { return }
                let spoken = try numbers.cardinal(whole) + " " + and + " " + part
                let (phraseEnd, phrase) = try withMeasure(spoken, from: p, after: f, numerator: a, denominator: b, mixed: true,
                                                          whole: (whole, and + " " + part)) ?? (f, spoken)
                candidates.append(TextCandidate(start: p, end: phraseEnd, kind: .fraction, spoken: phrase, priority: 1))
                return
            }
            // de "1 1/2" is "eineinhalb", not "einseinhalb" (text.txt `mixed-fraction-one`).
            let wholeWords = try whole == 1 ? data.mixedFractionOne ?? numbers.cardinal(whole) : numbers.cardinal(whole)
            // nl "1 1/2" is "anderhalf" (the third field of `mixed-fraction`).
            let ofOne = whole == 1 ? data.mixedFractionsOfOne[b] : nil
            let spoken = ofOne ?? template.filling("{whole}", with: wholeWords)
            // "{whole} et quart": what follows the whole number, for a unit said between them.
            let rest = ofOne == nil && template.hasPrefix("{whole} ") ? String(template.dropFirst("{whole} ".count)) : nil
            // nl "1 1/2 liter" needs the whole number too, for "anderhalve liter".
            let wholeAndRest = rest.map { (whole, $0) } ?? (ofOne != nil && b == 2 ? (whole, "") : nil)
            let (phraseEnd, phrase) = try withMeasure(spoken, from: p, after: f, numerator: a, denominator: b, mixed: true,
                                                      whole: wholeAndRest) ?? (f, spoken)
            candidates.append(TextCandidate(start: p, end: phraseEnd, kind: .fraction, spoken: phrase, priority: 1))
        }

        func vulgarFraction(at p: Int, _ fraction: (Int, Int), into candidates: inout [TextCandidate]) throws {
            guard let spoken = try fractionWords(fraction.0, fraction.1, start: p, end: p + 1) else { return }
            if let (end, phrase) = try withMeasure(spoken, from: p, after: p + 1, numerator: fraction.0, denominator: fraction.1, mixed: false) {
                candidates.append(TextCandidate(start: p, end: end, kind: .fraction, spoken: phrase, priority: 0))
                return
            }
            candidates.append(TextCandidate(start: p, end: Self.joinedEnd(spoken, p + 1), kind: .fraction, spoken: spoken, priority: 0))
        }

        /// A fraction and the unit or measure after it, said together (text.txt `fraction-unit`):
        /// "3/4 cup" is "three quarters of a cup", "1/2 tsp" "one half teaspoon", "1 1/2 tsp" "one
        /// and a half teaspoons"; the unit written after a fraction was left written ("three
        /// quarters tsp"), and a larger numerator made "three quarters cup". The measure is a unit
        /// symbol or a counting abbreviation (`measureName`) or a `measure-noun`; the end of its
        /// word and the phrase, or nil (no template, no measure, a protected word, a longer word).
        /// With a MIXED template holding `{whole}` (fr "{whole} {units} {rest}"), the unit is said
        /// between the whole number, which agrees with it, and the rest of the mixed number ("2 1/4 l":
        /// "deux litres et quart", "1 1/4 h": "une heure et quart"); halves are the expander's
        /// (units.txt `half`: "deux heures et demie").
        private func withMeasure(_ fraction: String, from start: Int, after end: Int, numerator: Int, denominator: Int, mixed: Bool,
                                 whole: (value: Int, rest: String)? = nil) throws -> (Int, String)? {
            guard let templates = data.fractionUnit, let expander = context.expander,
                  text.isWordSpace(end), text.isLetter(end + 1), !text.protected[end + 1],
                  mixed || numerator != 1 || !data.fractionUnitExcept.contains(denominator) else { return nil }
            // The part of "2 1/4 l" is the mixed number's, which says the unit or leaves it.
            if !mixed, text.isDigit(start - 1) || text.isWordSpace(start - 1) && text.isDigit(start - 2) { return nil }
            let wordEnd = text.letterRunEnd(end + 1)
            guard !text.isWordChar(wordEnd), !text.isOneOf(wordEnd, "/"), !(text.isOneOf(wordEnd, "-") && text.isLetter(wordEnd + 1)) else { return nil }
            let written = text.string(end + 1, wordEnd)
            let wholeTemplate = mixed ? templates.mixed.flatMap { $0.holdsPlaceholder("{whole}") ? $0 : nil } : nil
            if mixed, denominator == 2, let whole, let spoken = try halfBeforeNoun(whole.value, written, at: end + 1) {
                return (wordEnd, spoken)
            }
            if wholeTemplate != nil && (whole == nil || denominator == 2) { return nil }
            let plural = mixed && (wholeTemplate == nil || whole?.value != 1)
            let name: String
            var gender: Gender?
            if let noun = data.measureNouns[written.lowercased()] {
                name = plural ? noun.plural : noun.singular
            } else if let said = try expander.measureName(written, plural: plural) {
                (name, gender) = said
            } else {
                return nil
            }
            if let wholeTemplate, let whole {
                let count = try expander.nounCardinal(DecimalText(isNegative: false, integer: String(whole.value)), gender: gender ?? .masculine)
                // it "1 1/4 h": "un'ora e un quarto", the count elided before its unit as everywhere.
                if let elided = expander.elided(count, before: name), wholeTemplate.contains("{whole} {units}") {
                    return (wordEnd, wholeTemplate.replacingOccurrences(of: "{whole} {units}", with: elided + name).filling("{rest}", with: whole.rest))
                }
                return (wordEnd, wholeTemplate.filling("{whole}", with: count).filling("{units}", with: name).filling("{rest}", with: whole.rest))
            }
            // A part that agrees with its noun (`half-before-noun`, `fraction-before-noun`) agrees
            // with the unit's name: fr "½ l" is "un demi-litre", es "medio litro", it "mezz'ora".
            if !mixed, numerator == 1,
               let part = data.fractionBeforeNoun(denominator, gender: gender ?? .masculine, caseName: countCase(before: start)) {
                if part.hasSuffix("-") { return (wordEnd, part + name) }
                return (wordEnd, expander.elided(part, before: name).map { $0 + name } ?? part + " " + name)
            }
            guard let template = mixed ? templates.mixed : numerator == 1 ? templates.one : templates.many else { return nil }
            var spoken = template.filling("{fraction}", with: fraction)
                .filling(mixed ? "{units}" : "{unit}", with: name)
            if spoken.holdsPlaceholder("{of}") {
                guard let of = data.fractionUnitOf else { return nil }
                spoken = spoken.filling("{of}", with: expander.elides(before: name) ? of.elided : of.full)
            }
            if spoken.holdsPlaceholder("{a}") {
                guard let article = data.article(before: name) else { return nil }
                spoken = spoken.filling("{a}", with: article)
            }
            return (wordEnd, spoken)
        }

        /// "2 1/2 heures", "1 1/2 taza", nl "2 1/2 liter": a whole number and a half before a noun
        /// written out, said as the expander says one before a unit symbol (units.txt `half`, by
        /// the noun's gender): "deux heures et demie", "una taza y media", "twee en een halve
        /// liter", nl "1 1/2 liter" "anderhalve liter". Before, "deux et demi heures". Only
        /// where the half agrees with its noun and nouns are not capitalised (de "zweieinhalb
        /// Tassen" and en "two and a half cups" need no agreement); a unit symbol ("2 1/2 h") is
        /// the expander's; a word the data says is not counted ("2 1/2 à 3") is left.
        private func halfBeforeNoun(_ whole: Int, _ written: String, at start: Int) throws -> String? {
            guard let expander = context.expander, !data.nounsCapitalized, expander.data.halves.count > 1,
                  text.scalars[start].properties.isLowercase, written.unicodeScalars.count >= 2 else { return nil }
            let lower = written.lowercased()
            guard !data.notCounted.contains(lower),
                  try expander.measureName(written, plural: whole != 1) == nil else { return nil }
            let gender = data.gender(ofNoun: lower)
            guard let templates = expander.data.halves[gender?.rawValue ?? "*"] ?? expander.data.halves["*"]
                    ?? expander.data.halves[Gender.masculine.rawValue] else { return nil }
            let value = DecimalText(whole)
            let count = try expander.nounCardinal(value, gender: gender ?? .masculine)
            let values = ["unit": written, "units": written,
                          "whole": try expander.nounCardinal(value, gender: .masculine),
                          "whole-units": expander.elided(count, before: written).map { $0 + written } ?? count + " " + written]
            var spoken = whole == 1 ? templates.oneAndAHalf ?? templates.mixed : templates.mixed
            for (key, said) in values { spoken = spoken.filling("{" + key + "}", with: said) }
            return spoken.contains("{") ? nil : spoken
        }

        /// A half word ending in "-" is joined to its noun (fr "une demi-heure"): the space
        /// after the written fraction is part of what is replaced.
        /// A half joined to its noun ("demi-", "mezz'") takes the space before the noun with it.
        static func joinedEnd(_ spoken: String, _ end: Int) -> Int {
            spoken.hasSuffix("-") || spoken.hasSuffix("'") || spoken.hasSuffix("\u{2019}") ? end + 1 : end
        }

        /// "am 3. Mai" is the date detector's; "der 3. Platz", "zum 2. Mal": an ordinal after a case word.
        private func germanOrdinal(at p: Int, after word: String?, into candidates: inout [TextCandidate]) {
            guard data.ordinalDotRuleSet != nil else { return }
            let end = text.digitRunEnd(p)
            guard end - p <= 7, text.isOneOf(end, "."), let value = text.integer(p, end), value > 0 else { return }
            // "1., 2., 3." or "100. 30." as the whole text: a ranking takes the data's form without an
            // article (text.txt `ordinal-bare-list`: "erster, zweiter, dritter"), lone ordinals the
            // default one ("hundertste dreißigste"); every period is the ordinal's.
            if let run = text.bareOrdinalRun(listWords: data.ordinalListWords) {
                let ruleSet = run == .listed ? data.ordinalBareListRuleSet : nil
                if let spoken = try? ruleSet.map({ try numbers.spell(value, ruleSet: $0) }) ?? numbers.ordinal(value) {
                    candidates.append(TextCandidate(start: p, end: end + 1, kind: .ordinal, spoken: spoken, priority: 1))
                }
                return
            }
            // "1.-3. Platz", "am 1.–3. Mai": a range of ordinals, both in the form the noun after or the
            // word before asks for, joined by the range word ("erster bis dritter Platz"); the dash
            // may have a space each side ("vom 3. – 5. Mai").
            let secondStart = text.isOneOf(end + 1, "-–") ? end + 2
                : text.isWordSpace(end + 1) && text.isOneOf(end + 2, "–") && text.isWordSpace(end + 3) ? end + 4 : -1
            if end - p <= 4, secondStart > 0, text.isDigit(secondStart), let rangeWord = data.rangeWord {
                let secondEnd = text.digitRunEnd(secondStart)
                if secondEnd - secondStart <= 4, text.isOneOf(secondEnd, "."), !text.isWordChar(secondEnd + 1), !text.isOneOf(secondEnd + 1, ".-–"),
                   let second = text.integer(secondStart, secondEnd), second > value {
                    let noun = text.isWordSpace(secondEnd + 1) ? text.word(at: secondEnd + 2) : nil
                    let ruleSet = word.flatMap { data.ordinalCaseWords[$0] } ?? noun.flatMap { data.ordinalNouns[$0.word] } ?? data.ordinalDotRuleSet
                    if let ruleSet, let first = try? numbers.spell(value, ruleSet: ruleSet), let last = try? numbers.spell(second, ruleSet: ruleSet) {
                        // "am 1.–3. Mai": the month is taken along, so no date reads the second day alone.
                        if let noun, data.months[noun.word] != nil {
                            candidates.append(TextCandidate(start: p, end: noun.end, kind: .date,
                                                            spoken: first + " " + rangeWord + " " + last + " " + text.string(secondEnd + 2, noun.end), priority: 5))
                        } else {
                            candidates.append(TextCandidate(start: p, end: secondEnd + 1, kind: .range, spoken: first + " " + rangeWord + " " + last, priority: 2))
                        }
                        return
                    }
                }
            }
            // "am 3. Mai": the case the word before asks for.
            if end - p <= 4, let word, let ruleSet = data.ordinalCaseWords[word], text.isWordSpace(end + 1), text.isLetter(end + 2) {
                if let spoken = try? numbers.spell(value, ruleSet: ruleSet) {
                    candidates.append(TextCandidate(start: p, end: end + 1, kind: .ordinal, spoken: spoken, priority: 1))
                }
                return
            }
            // "den 2. und 3. Platz", "Die Plätze 1., 2. und 3.": a list's ordinal keeps its case.
            if end - p <= 4, let carried = text.listedOrdinalCase(before: p, listWords: data.ordinalListWords, caseWords: data.ordinalCaseWords),
               let ruleSet = carried.isEmpty ? data.ordinalDotRuleSet : carried,
               let spoken = try? numbers.spell(value, ruleSet: ruleSet) {
                let next = text.skipSpaces(end + 1)
                // Before a word the period is the ordinal's; at the end it also closes the sentence.
                let periodIsOrdinals = next < text.count && (text.isLetter(next) || next == end + 1)
                candidates.append(TextCandidate(start: p, end: periodIsOrdinals ? end + 1 : end, kind: .ordinal, spoken: spoken, priority: 1))
                return
            }
            // "nicht das 1.", "Sie sind der 3.": after an article the number is an ordinal even when
            // its period ends the sentence; the period stays in the text as the sentence's.
            if end - p <= 4, let word, let ruleSet = data.ordinalCaseWords[word], data.ordinalFinalWords.contains(word) {
                let next = text.skipSpaces(end + 1)
                if next >= text.count || !text.isLetter(next) && !text.isDigit(next),
                   let spoken = try? numbers.spell(value, ruleSet: ruleSet) {
                    // "der 3.!": another mark ends the sentence, so the period is the ordinal's.
                    let periodIsOrdinals = end + 1 < text.count && !text.isOneOf(end + 1, " \u{A0}\n\r\t")
                    candidates.append(TextCandidate(start: p, end: periodIsOrdinals ? end + 1 : end, kind: .ordinal, spoken: spoken, priority: 1))
                    return
                }
            }
            // "3. Liga", "2. Platz": before a noun that takes an ordinal (text.txt `ordinal-noun`) the
            // number is one, in the form it has there without an article; a numbered heading
            // ("1. Einleitung") is not, and stays as written.
            if end - p <= 4, text.isWordSpace(end + 1), let noun = text.word(at: end + 2), !text.isWordChar(noun.end) || text.isOneOf(noun.end, "-"),
               let ruleSet = data.ordinalNouns[noun.word], let spoken = try? numbers.spell(value, ruleSet: ruleSet) {
                candidates.append(TextCandidate(start: p, end: end + 1, kind: .ordinal, spoken: spoken, priority: 1))
                return
            }
            // The period is the ordinal's when it cannot end a sentence: the number is the whole text
            // ("21." in a table cell), or a comma or a lower-case word follows ("1., 2. und 3.").
            let next = text.skipSpaces(end + 1)
            let alone = text.skipSpacesBack(p) == 0 && next >= text.count
            var continues = text.isOneOf(end + 1, ",;") || (next > end + 1 && next < text.count && text.isLetter(next)
                && text.scalars[next].properties.isLowercase)
            // "der 100. 30. beste": before another such ordinal the period is the ordinal's too.
            if !continues, next > end + 1, text.isDigit(next) {
                let nextEnd = text.digitRunEnd(next)
                let after = text.skipSpaces(nextEnd + 1)
                continues = nextEnd - next <= 7 && text.isOneOf(nextEnd, ".") && after > nextEnd + 1 && after < text.count
                    && text.isLetter(after) && text.scalars[after].properties.isLowercase
            }
            guard alone || continues, let spoken = try? numbers.ordinal(value) else { return }
            candidates.append(TextCandidate(start: p, end: end + 1, kind: .ordinal, spoken: spoken, priority: 1))
        }

        // MARK: Roman numerals

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

        private static func romanString(_ value: Int) -> [Unicode.Scalar] {
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
                guard data.romanOrdinalSuffixes.contains(suffix), let spoken = try? numbers.ordinal(value, gender: .masculine) else { return }
                candidates.append(TextCandidate(start: p, end: suffixEnd, kind: .roman, spoken: spoken, priority: 1))
                return
            }
            if text.isDigit(end) || text.isOneOf(end, "-'’") { return }
            // "XXI secolo": a noun after it that makes it an ordinal.
            if end - p >= 2, let (noun, _) = text.word(at: text.skipSpaces(end)), text.skipSpaces(end) > end,
               data.romanOrdinalNouns.contains(noun), let spoken = try? numbers.ordinal(value, gender: .masculine) {
                candidates.append(TextCandidate(start: p, end: end, kind: .roman, spoken: spoken, priority: 1))
                return
            }
            // "XIV" as the whole text (a heading, a table cell): three letters or more in the standard
            // form are that number; shorter ones ("IV", "XL", "CD") are as often abbreviations or sizes.
            if end - p >= 3, text.skipSpacesBack(p) == 0, text.skipSpaces(end) >= text.count,
               Self.romanString(value) == Array(text.scalars[p..<end]) {
                candidates.append(TextCandidate(start: p, end: end, kind: .roman, spoken: try numbers.cardinal(value), priority: 1))
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
                candidates.append(TextCandidate(start: p, end: end, kind: .roman, spoken: try numbers.cardinal(value), priority: 1))
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
                candidates.append(TextCandidate(start: p, end: end, kind: .roman, spoken: try numbers.cardinal(value), priority: 1))
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
            let ordinal = try (try? numbers.ordinal(value, gender: isQueen ? .feminine : .masculine)) ?? numbers.cardinal(value)
            var spoken = template.filling("{ordinal}", with: ordinal).filling("{cardinal}", with: try numbers.cardinal(value))
            // "{%spellout-ordinal-e}": a named ICU rule set (de "der Vierzehnte" is weak).
            if let open = spoken.range(of: "{%"), let close = spoken.range(of: "}", range: open.upperBound..<spoken.endIndex) {
                guard let words = try? numbers.spell(value, ruleSet: String(spoken[spoken.index(after: open.lowerBound)..<close.lowerBound])) else { return }
                spoken.replaceSubrange(open.lowerBound..<close.upperBound, with: words)
            }
            // German writes the regnal ordinal with a period ("Ludwig XIV. war"): it is read, not a sentence end.
            var finalEnd = end
            // So is one before a comma ("Karl V., König von Spanien").
            if data.ordinalDotRuleSet != nil, text.isOneOf(end, "."),
               text.isOneOf(end + 1, ",;") || text.isWordSpace(end + 1) && text.scalar(end + 2)?.properties.isLowercase == true {
                finalEnd += 1
            }
            candidates.append(TextCandidate(start: p, end: finalEnd, kind: .roman, spoken: spoken, priority: 1))
        }
    }
}
