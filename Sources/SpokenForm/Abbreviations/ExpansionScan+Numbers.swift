/// Numbers with what follows them: money, ordinals, a number before an abbreviation.
extension ExpansionScan {
    // MARK: Numbers: money, units, ordinals, number + abbreviation

    func matchNumberPhrase(numberStart p: Int, signStart: Int?, afterSign: Bool = false) throws -> Match? {
        // "1er-3e", "1st-3rd", "1°-3° posto": after an ordinal and a dash, only an ordinal (never "minus three").
        if p > 1, lastOrdinalEnd == p - 1, s[p - 1] == "-" || s[p - 1] == "\u{2013}" {
            let q = numberEnd(from: p)
            guard q - p <= 9, let value = parseNumber(p, q, negative: false), value.isInteger else { return nil }
            return try matchOrdinal(p, q, value, rangeEnd: true)
        }
        // A number glued to something before it ("v1.2", "10:30", "01/04") is not ours; after
        // a times sign it is ("2×3 m", "20x30 cm": the unit is read).
        if p > 0 && signStart == nil && !afterSign && !isSpace(p - 1) && !"(«\"'‘“[×".unicodeScalars.contains(s[p - 1])
            && !afterGluedTimesSign(p) && !afterMeasureAndSlash(p) { return nil }
        // "1 234,56" in a locale that does not group with spaces: not ours to split.
        if p > 1 && signStart == nil && isSpace(p - 1) && classes[p - 2] == .digit { return nil }
        if signStart == nil, let m = try matchFeetInches(at: p) { return m }
        if signStart == nil, !data.halves.isEmpty, let m = try matchHalfUnit(at: p) { return m }
        let q = numberEnd(from: p)
        if q < s.count && (s[q] == "." || s[q] == ",") && q + 1 < s.count && classes[q + 1] == .digit { return nil }
        let start = signStart ?? p
        guard let value = parseNumber(p, q, negative: signStart != nil) else { return nil }

        // Ordinal: "1er", "2ᵉ", "21st", "1.ª".
        if signStart == nil, value.isInteger, q - p <= 9, let m = try matchOrdinal(p, q, value) { return m }

        let r = skipSpaces(q)
        if r - q > 1 && s[q] != " " { return nil }
        // "1,5 million €", "1 Mio. €", "1 millón de €": millions of the currency.
        if r - q <= 1, let (scale, scaleEnd) = moneyScaleAt(r) {
            var c = skipSpaces(scaleEnd)
            if c - scaleEnd <= 1, let link = data.scaleLink, occurs(Array(link.word.unicodeScalars), at: c) {
                let afterLink = skipSpaces(c + link.word.unicodeScalars.count)
                if afterLink - c == link.word.unicodeScalars.count + 1 { c = afterLink }
            }
            if c - scaleEnd <= 4, let (symbolEnd, isoCode, symbol) = currencyAt(c), boundaryAfterSymbol(symbolEnd) {
                return Match(kind: .money, start: start, end: symbolEnd,
                             spoken: try expander.money.speak(value, scale: scale, isoCode: isoCode, symbol: symbol, expander: expander))
            }
        }
        // Money after the number: "12,50 €", "1 234,56 CHF".
        if let (symbolEnd, isoCode, symbol) = currencyAt(r), boundaryAfterSymbol(symbolEnd) {
            if let spoken = try expander.money.speak(value, isoCode: isoCode, symbol: symbol, expander: expander) {
                return Match(kind: .money, start: start, end: symbolEnd, spoken: spoken)
            }
        }
        // Range: "10-12 km", "10 – 12 km".
        var rangeEnd: Int?
        var rangeValue: DecimalText?
        if signStart == nil, expander.data.rangeWord != nil {
            let dash = skipSpaces(q)
            // "10-12 km", or the range word written out: "5 à 10 min", "5 to 10 min" (E23).
            let written = data.rangeWord.map { Array($0.unicodeScalars) } ?? []
            let wordRange = dash > q && !written.isEmpty && occurs(written, at: dash) && isSpace(dash + written.count)
            if dash < s.count, s[dash] == "-" || s[dash] == "\u{2013}" || wordRange {
                let second = skipSpaces(dash + (wordRange ? written.count : 1))
                if second < s.count, classes[second] == .digit {
                    let secondEnd = numberEnd(from: second)
                    if let v = parseNumber(second, secondEnd, negative: false) {
                        rangeEnd = secondEnd
                        rangeValue = v
                    }
                }
            }
        }
        if let rangeEnd, let rangeValue {
            let u = skipSpaces(rangeEnd)
            guard u - rangeEnd <= 1 else { return nil }
            if let m = try matchUnit(start: start, unitAt: u, value: value, range: rangeValue) { return m }
            // "10-12 €": the first amount agrees with the currency, the second carries its name.
            if value.isInteger, rangeValue.isInteger, let rangeWord = data.rangeWord,
               let (symbolEnd, isoCode, symbol) = currencyAt(u), boundaryAfterSymbol(symbolEnd),
               let second = try expander.money.speak(rangeValue, isoCode: isoCode, symbol: symbol, expander: expander) {
                let gender = data.currencyGenders[isoCode] ?? data.currencyGenders["*"]
                return Match(kind: .money, start: start, end: symbolEnd,
                             spoken: rangeStart(before: start) + (try expander.nounCardinal(value, gender: gender)) + " " + rangeWord + " " + second)
            }
            return nil
        }
        // "20°-25°", "10 %-20 %": the unit written on both sides of the dash is one range ("vingt à
        // vingt-cinq degrés"), never "minus twenty-five".
        // A glance first: a dash within a symbol's length after the number.
        var glance = r
        while glance < s.count && glance - r < 6 && s[glance] != "-" && s[glance] != "\u{2013}" && !isSpace(glance) { glance += 1 }
        if r - q <= 1, signStart == nil, glance + 1 < s.count, s[glance] == "-" || s[glance] == "\u{2013}", classes[glance + 1] == .digit,
           expander.data.rangeWord != nil, let first = unitSymbol(at: r) {
            let dash = r + first.symbol.count
            if dash == glance {
                let secondEnd = numberEnd(from: dash + 1)
                let u = skipSpaces(secondEnd)
                if u - secondEnd == r - q, let second = unitSymbol(at: u), second.symbol == first.symbol,
                   let rangeValue = parseNumber(dash + 1, secondEnd, negative: false),
                   let m = try matchUnit(start: start, unitAt: u, value: value, range: rangeValue) { return m }
            }
        }
        if r - q <= 1, let m = try matchUnit(start: start, unitAt: r, value: value, range: nil) { return m }
        if r < s.count, classes[r] == .letter, let m = try matchAfterNumber(start: start, wordAt: r, value: value) { return m }
        return nil
    }

    /// "12h/24h": a number after a slash that closes a measure glued to its number (digits, then
    /// letters) starts a measure of its own, the other side of a choice.
    func afterMeasureAndSlash(_ p: Int) -> Bool {
        guard p >= 3, s[p - 1] == "/", classes[p - 2] == .letter else { return false }
        var j = p - 2
        while j > 0 && classes[j - 1] == .letter && p - j < 5 { j -= 1 }
        return j > 0 && classes[j - 1] == .digit
    }

    /// "5'11\"" -> "five feet eleven inches", "6′ 2″" (units.txt `feet-inches`): one digit of
    /// feet, a prime, up to two digits of inches below 12 and a double prime, nothing glued after.
    func matchFeetInches(at p: Int) throws -> Match? {
        guard let units = data.feetInches, p + 3 < s.count, classes[p] == .digit, classes[p + 1] != .digit,
              "'’′".unicodeScalars.contains(s[p + 1]) else { return nil }
        var i = p + 2
        if s[i] == " " || s[i].isNoBreakSpace { i += 1 }
        var e = i
        while e < s.count && classes[e] == .digit && e - i < 3 { e += 1 }
        guard e > i, e - i <= 2, e < s.count, "\"”″".unicodeScalars.contains(s[e]),
              e + 1 == s.count || !(classes[e + 1] == .letter || classes[e + 1] == .digit),
              let inches = Int(string(i, e)), inches < 12,
              let foot = expander.units.unit(units.feet), let inch = expander.units.unit(units.inches) else { return nil }
        func said(_ unit: UnitSpeller.Unit, _ digits: String) throws -> String? {
            let value = DecimalText(isNegative: false, integer: digits)
            return try expander.units.phrase(unit, decimal: value.description, words: try expander.nounCardinal(value, gender: unit.gender),
                                             category: try expander.pluralCategory(value.integer), grammar: expander)
        }
        guard let feet = try said(foot, string(p, p + 1)) else { return nil }
        if inches == 0 { return Match(kind: .unit, start: p, end: e + 1, spoken: feet) }
        guard let rest = try said(inch, String(inches)) else { return nil }
        return Match(kind: .unit, start: p, end: e + 1, spoken: feet + " " + rest)
    }

    /// "1/2 kg" -> "half a kilogram", "2 1/2 kg", "2½ h" -> "deux heures et demie" (units.txt
    /// `half`): a half before a unit symbol, alone or after a whole number, said with the
    /// template of the unit's gender.
    func matchHalfUnit(at p: Int) throws -> Match? {
        // A glance first (this runs for every number): a "/" or a "½" within the next few scalars.
        var look = p + 1
        while look < s.count && look - p < 6 && s[look] != "/" && s[look] != "½" { look += 1 }
        guard look < s.count, s[look] == "/" || s[look] == "½" else { return nil }
        var i = p
        var whole: String?
        if s[p] != "1" || p + 1 >= s.count || s[p + 1] != "/" {
            // A whole number first: "2 1/2", "2½", "2 ½".
            let e = numberEnd(from: p)
            guard e - p <= 3, (p..<e).allSatisfy({ classes[$0] == .digit }), e < s.count else { return nil }
            whole = string(p, e)
            i = e
            if s[i] == " " || s[i].isNoBreakSpace { i += 1 }
        }
        guard i < s.count else { return nil }
        if s[i] == "½" {
            guard whole != nil else { return nil }
            i += 1
        } else {
            guard i + 3 <= s.count, s[i] == "1", s[i + 1] == "/", s[i + 2] == "2",
                  i + 3 == s.count || classes[i + 3] != .digit, i == p || s[i - 1] == " " || s[i - 1].isNoBreakSpace else { return nil }
            i += 3
        }
        let u = skipSpaces(i)
        guard u - i <= 1, let unit = unitSymbol(at: u), !unit.numberAlone, let last = unit.symbol.last, last.properties.isAlphabetic || last == ".",
              let speller = expander.units.unit(unit.icuUnit) else { return nil }
        let end = u + unit.symbol.count
        if end < s.count && s[end] == "/" { return nil }
        let gender = try speller.gender
        guard let templates = data.halves[gender?.rawValue ?? "*"] ?? data.halves["*"] else { return nil }
        func name(_ digits: String, _ category: PluralCategory) throws -> String? {
            try expander.units.phrase(speller, decimal: digits, words: "", category: category, grammar: expander)?.trimmingSpaces()
        }
        var values: [String: String] = [:]
        values["unit"] = try name("1", .one)
        values["units"] = try name("2", .other)
        var template = templates.half
        if let whole {
            let value = DecimalText(isNegative: false, integer: whole)
            values["whole"] = try expander.nounCardinal(value, gender: .masculine)
            values["whole-units"] = try expander.units.phrase(speller, decimal: whole, words: try expander.nounCardinal(value, gender: gender),
                                                          category: try expander.pluralCategory(whole), grammar: expander)
            template = whole == "1" ? templates.oneAndAHalf ?? templates.mixed : templates.mixed
        }
        var spoken = template
        for (key, said) in values { spoken = spoken.filling("{" + key + "}", with: said) }
        guard !spoken.contains("{") else { return nil }
        return Match(kind: .unit, start: p, end: end, spoken: spoken)
    }

    /// `rangeEnd`: the second ordinal of a range ("3e" in "1er-3e"), whose `after` condition the first one met.
    func matchOrdinal(_ p: Int, _ q: Int, _ value: DecimalText, rangeEnd: Bool = false) throws -> Match? {
        guard q < s.count, matcher.ordinalStarts.mayStart(s[q]), let number = Int(value.integer) else { return nil }
        for suffix in matcher.ordinals where occurs(suffix.suffix, at: q) {
            if let only = suffix.onlyNumber, only != number { continue }
            if !rangeEnd, !suffix.after.isEmpty, !suffix.after.contains(wordBefore(p).lowercased()),
               !(suffix.orBeforeNoun && (nounFollows(q + suffix.suffix.count) || rangeBeforeNoun(after: q + suffix.suffix.count, suffix.suffix))) { continue }
            let words: String
            do {
                if let word = suffix.word {
                    words = word
                } else if let ruleSet = suffix.ruleSet {
                    words = try expander.numbers.spell(number, ruleSet: ruleSet)
                } else {
                    let ordinal = try expander.numbers.ordinal(number, gender: suffix.gender, plural: suffix.plural)
                    if !suffix.beforeNounEndings.isEmpty, nounFollows(q + suffix.suffix.count),
                       let ending = suffix.beforeNounEndings.first(where: { ordinal.hasSuffix($0.from) }) {
                        words = ordinal.dropLast(ending.from.count) + ending.to
                    } else {
                        words = ordinal
                    }
                }
            } catch let error as SpokenFormError {
                // An ordinal the locale cannot say is left as written; an ICU failure is not hidden.
                if case .icuFailure = error { throw error }
                return nil
            }
            return Match(kind: .ordinal, start: p, end: q + suffix.suffix.count, spoken: words)
        }
        return nil
    }

    /// "1°-3° posto": a dash, a number with the same mark and a noun after `end`.
    func rangeBeforeNoun(after end: Int, _ mark: [Unicode.Scalar]) -> Bool {
        guard end + 1 < s.count, s[end] == "-" || s[end] == "\u{2013}", classes[end + 1] == .digit else { return false }
        let q = numberEnd(from: end + 1)
        return occurs(mark, at: q) && nounFollows(q + mark.count)
    }

    /// Whether a lower-case word that is not a `@not-noun` follows `end` after one space: the
    /// noun an ordinal qualifies ("1.º piso", not "1.º de mayo" nor "3.º B").
    func nounFollows(_ end: Int) -> Bool {
        guard end + 1 < s.count, classes[end] == .space, s[end] != "\n", classes[end + 1] == .letter,
              s[end + 1].properties.isLowercase else { return false }
        var j = end + 1
        while j < s.count && classes[j] == .letter { j += 1 }
        return !data.notNouns.contains(string(end + 1, j))
    }

    /// The word just before `start`, over spaces ("il" in "il 1° maggio"); "" when there is none.
    func wordBefore(_ start: Int) -> String {
        var j = start - 1
        while j >= 0 && classes[j] == .space { j -= 1 }
        let end = j + 1
        while j >= 0 && (classes[j] == .letter || s[j] == "-") { j -= 1 }
        return end > j + 1 && end < start ? string(j + 1, end) : ""
    }

    /// A Roman numeral from its letters, only in its standard form ("XIV", not "IIII" or "VX");
    /// nil for anything else.
    static func romanValue(_ letters: ArraySlice<Unicode.Scalar>) -> Int? {
        let values: [Unicode.Scalar: Int] = ["I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000]
        var total = 0
        var index = letters.startIndex
        while index < letters.endIndex {
            guard let value = values[letters[index]] else { return nil }
            let next = index + 1 < letters.endIndex ? values[letters[index + 1]] ?? 0 : 0
            if value < next { total += next - value; index += 2 } else { total += value; index += 1 }
        }
        guard total > 0, total < 4000, Self.roman(total) == String(String.UnicodeScalarView(letters)) else { return nil }
        return total
    }

    static func roman(_ number: Int) -> String {
        let table: [(Int, String)] = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
                                      (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
        var rest = number
        var text = ""
        for (value, letters) in table {
            while rest >= value { text += letters; rest -= value }
        }
        return text
    }

    /// A Roman numeral: an ordinal with one of the locale's `@roman` suffixes ("XXIe siècle" ->
    /// "vingt et unième siècle", "François Ier" -> "François premier"), or a regnal number after
    /// an `@regnal` name, said as a cardinal ("Louis XIV" -> "Louis quatorze"). A single letter
    /// other than I, V, X is a word or an initial ("Le", "Ce", "De", "Me", "C."), never a numeral;
    /// a regnal 1 without suffix is left as written (its reading is an ordinal, "Louis Ier"), and
    /// so is a single letter followed by a period (an initial: "Pierre V.").
    func matchRoman(at p: Int) throws -> Match? {
        guard !data.romanSuffixes.isEmpty || !data.regnalNames.isEmpty, "IVXLCDM".unicodeScalars.contains(s[p]) else { return nil }
        var q = p
        while q < s.count, "IVXLCDM".unicodeScalars.contains(s[q]) { q += 1 }
        if q - p == 1 && !"IVX".unicodeScalars.contains(s[p]) { return nil }
        guard let value = Self.romanValue(s[p..<q]) else { return nil }
        for suffix in matcher.ordinals where suffix.onlyNumber == nil && suffix.after.isEmpty
            && data.romanSuffixes.contains(suffix.suffix) && occurs(suffix.suffix, at: q) {
            do {
                let words = try expander.numbers.ordinal(value, gender: suffix.gender, plural: suffix.plural)
                return Match(kind: .ordinal, start: p, end: q + suffix.suffix.count, spoken: words)
            } catch let error as SpokenFormError {
                if case .icuFailure = error { throw error }
                return nil
            }
        }
        // "Pierre V." is an initial; "Charles V" a king.
        if q - p == 1 && q < s.count && s[q] == "." { return nil }
        guard value > 1, !data.regnalNames.isEmpty, q >= s.count || !(classes[q] == .letter || classes[q] == .digit),
              p > 0, classes[p - 1] == .space, data.regnalNames.contains(wordBefore(p)) else { return nil }
        return Match(kind: .ordinal, start: p, end: q, spoken: try expander.cardinal(DecimalText(value), gender: nil))
    }

    /// "Hauptstr." -> "Hauptstraße", nl "Dorpsstr." -> "Dorpsstraat" (`@compound-end`): a
    /// capitalised word of at least two letters before the abbreviated last part; a house
    /// number after it is spoken ("Hauptstraße fünf", review E27).
    func matchCompoundEnd(at p: Int) throws -> Match? {
        guard !data.compoundEnds.isEmpty, s[p].properties.isUppercase else { return nil }
        var e = p
        while e < s.count && classes[e] == .letter { e += 1 }
        for compound in data.compoundEnds {
            let suffix = compound.suffix
            let end = suffix.last == "." ? e + 1 : e
            let start = end - suffix.count
            guard end <= s.count, start - p >= 2, occurs(suffix, at: start) else { continue }
            let street = string(p, start) + compound.expansion
            if suffix.last == ".", let (q, number) = try numberStandingAlone(after: end, gender: nil) {
                return Match(kind: .abbreviation, start: p, end: q, spoken: street + " " + number)
            }
            let period = suffix.last == "." && endsText(periodAt: end - 1) ? "." : ""
            return Match(kind: .abbreviation, start: p, end: end, spoken: street + period)
        }
        return nil
    }

    func currencyAt(_ i: Int) -> (end: Int, isoCode: String, symbol: CurrencySymbol?)? {
        guard i < s.count else { return nil }
        if let candidates = matcher.currencies[s[i]] {
            for index in candidates {
                let symbol = data.currencySymbols[index]
                if occurs(symbol.symbol, at: i) { return (i + symbol.symbol.count, symbol.isoCode, symbol) }
            }
        }
        // An ISO code ICU knows: three capitals as a whole word ("CHF", "USD").
        if i + 3 <= s.count, (0..<3).allSatisfy({ s[i + $0].value >= 0x41 && s[i + $0].value <= 0x5A }),
           i + 3 == s.count || !(classes[i + 3] == .letter || classes[i + 3] == .digit) {
            let code = string(i, i + 3)
            if expander.money.isoCodes.contains(code) { return (i + 3, code, nil) }
        }
        return nil
    }

    func boundaryAfterSymbol(_ end: Int) -> Bool {
        end >= s.count || !(classes[end] == .letter || classes[end] == .digit)
    }

    /// "€12.50", "$5.50", "¥300", "CHF 12", "-€3".
    func matchMoneyPrefix(at i: Int, signAt: Int? = nil) throws -> Match? {
        guard let (symbolEnd, isoCode, symbol) = currencyAt(i), !(symbol?.isWord ?? false) else { return nil }
        if i > 0 && (classes[i - 1] == .letter || classes[i - 1] == .digit) { return nil }
        var p = skipSpaces(symbolEnd)
        if p - symbolEnd > 1 { return nil }
        var negative = signAt != nil
        if signAt == nil, p < s.count, s[p] == "-" || s[p] == "\u{2212}" { negative = true; p += 1 }
        // "$.05": an amount written without its zero units is cents.
        let centsOnly = p + 1 < s.count && s[p] == expander.decimalSeparator && classes[p + 1] == .digit
        guard p < s.count, classes[p] == .digit || centsOnly else { return nil }
        // From the digit after the separator: the scanner's number runs over "." and "," only,
        // and a locale's own separator ("٫" in -u-nu-arab) would end it before it began.
        let q = numberEnd(from: centsOnly ? p + 1 : p)
        // "$.0.5", "$.05,000": not cents, and not a number this reader can say; left as written.
        if centsOnly && !(p + 1..<q).allSatisfy({ classes[$0] == .digit }) { return nil }
        // "$10-20", "$20.00-$40.00": a range of amounts, the currency named once at the end.
        if !negative, q + 1 < s.count, s[q] == "-" || s[q] == "\u{2013}", let rangeWord = data.rangeWord {
            var secondStart = q + 1
            if let (againEnd, againCode, _) = currencyAt(secondStart), againCode == isoCode { secondStart = againEnd }
            guard secondStart < s.count, classes[secondStart] == .digit else { return nil }
            let secondEnd = numberEnd(from: secondStart)
            guard secondEnd >= s.count || !(classes[secondEnd] == .letter || classes[secondEnd] == .digit),
                  let first = parseNumber(p, q, negative: false), let second = parseNumber(secondStart, secondEnd, negative: false),
                  let secondSpoken = try expander.money.speak(second, isoCode: isoCode, symbol: symbol, expander: expander) else { return nil }
            let wholeFirst = DecimalText(isNegative: false, integer: first.integer)
            let firstIsWhole = first.fraction.allSatisfy { $0 == "0" }
            // With cents in either end each amount is said in full ("$1.50-$2.75").
            if !firstIsWhole || !second.fraction.allSatisfy({ $0 == "0" }) {
                guard let firstSpoken = try expander.money.speak(first, isoCode: isoCode, symbol: symbol, expander: expander) else { return nil }
                return Match(kind: .money, start: i, end: secondEnd, spoken: rangeStart(before: i) + firstSpoken + " " + rangeWord + " " + secondSpoken)
            }
            let gender = data.currencyGenders[isoCode] ?? data.currencyGenders["*"]
            return Match(kind: .money, start: i, end: secondEnd,
                         spoken: rangeStart(before: i) + (try expander.nounCardinal(wholeFirst, gender: gender)) + " " + rangeWord + " " + secondSpoken)
        }
        // "$1.5 million", "$10k", "€ 1,5 milioni": millions of the currency.
        let r = q < s.count && (s[q] == " " || s[q].isNoBreakSpace) ? q + 1 : q
        if let (scale, scaleEnd) = moneyScaleAt(r), let value = parseNumber(p, q, negative: negative) {
            return Match(kind: .money, start: signAt ?? i, end: scaleEnd,
                         spoken: try expander.money.speak(value, scale: scale, isoCode: isoCode, symbol: symbol, expander: expander))
        }
        if q < s.count && (classes[q] == .letter || classes[q] == .digit) { return nil }
        if q < s.count && (s[q] == "." || s[q] == ",") && q + 1 < s.count && classes[q + 1] == .digit { return nil }
        let value = centsOnly ? DecimalText(isNegative: negative, integer: "0", fraction: string(p + 1, q)) : parseNumber(p, q, negative: negative)
        // "$5 USD", "$1 CAD": an ISO code after an amount written with a symbol names its
        // currency, said once with the amount ("five US dollars", "one Canadian dollar"); a
        // bare "$" takes any code's currency, another symbol only its own ("€5 USD" stays).
        if let symbol, q + 1 < s.count, s[q] == " " || s[q].isNoBreakSpace, let (codeEnd, code, codeSymbol) = currencyAt(q + 1),
           codeSymbol == nil, code == isoCode || symbol.symbol == ["$"], let value,
           let spoken = try expander.money.speak(value, isoCode: code, symbol: nil, expander: expander) {
            return Match(kind: .money, start: signAt ?? i, end: codeEnd, spoken: spoken)
        }
        guard let value, let spoken = try expander.money.speak(value, isoCode: isoCode, symbol: symbol, expander: expander) else { return nil }
        return Match(kind: .money, start: signAt ?? i, end: q, spoken: spoken)
    }
}
