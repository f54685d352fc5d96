/// Numbers and what follows them: amounts of money, units, ordinals, number + abbreviation.
extension ExpansionScan {
    func matchNumberPhrase(numberStart p: Int, signStart: Int?) throws -> Match? {
        // A number glued to something before it ("v1.2", "10:30", "01/04") is not ours.
        if p > 0 && signStart == nil && !isSpace(p - 1) && !"(«\"'‘“[".unicodeScalars.contains(s[p - 1]) { return nil }
        // "1 234,56" in a locale that does not group with spaces: not ours to split.
        if p > 1 && signStart == nil && isSpace(p - 1) && classes[p - 2] == .digit { return nil }
        let q = numberEnd(from: p)
        if q < s.count && (s[q] == "." || s[q] == ",") && q + 1 < s.count && classes[q + 1] == .digit { return nil }
        let start = signStart ?? p
        guard let value = parseNumber(p, q, negative: signStart != nil) else { return nil }

        // Ordinal: "1er", "2ᵉ", "21st", "1.ª".
        if signStart == nil, value.isInteger, q - p <= 6, let m = try matchOrdinal(p, q, value) { return m }

        let r = skipSpaces(q)
        if r - q > 1 && s[q] != " " { return nil }
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
            if dash < s.count, s[dash] == "-" || s[dash] == "\u{2013}" {
                let second = skipSpaces(dash + 1)
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
                             spoken: try expander.nounCardinal(value, gender: gender) + " " + rangeWord + " " + second)
            }
            return nil
        }
        if r - q <= 1, let m = try matchUnit(start: start, unitAt: r, value: value, range: nil) { return m }
        if r < s.count, classes[r] == .letter, let m = try matchAfterNumber(start: start, wordAt: r, value: value) { return m }
        return nil
    }

    func matchOrdinal(_ p: Int, _ q: Int, _ value: DecimalText) throws -> Match? {
        guard q < s.count, let number = Int(value.integer) else { return nil }
        for suffix in matcher.ordinals where occurs(suffix.suffix, at: q) {
            let words: String
            do {
                words = try expander.numbers.ordinal(number, gender: suffix.gender, plural: suffix.plural)
            } catch let error as SpokenFormError {
                // An ordinal the locale cannot say is left as written; an ICU failure is not hidden.
                if case .icuFailure = error { throw error }
                return nil
            }
            return Match(kind: .ordinal, start: p, end: q + suffix.suffix.count, spoken: words)
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
        guard let (symbolEnd, isoCode, symbol) = currencyAt(i) else { return nil }
        if i > 0 && (classes[i - 1] == .letter || classes[i - 1] == .digit) { return nil }
        var p = skipSpaces(symbolEnd)
        if p - symbolEnd > 1 { return nil }
        var negative = signAt != nil
        if signAt == nil, p < s.count, s[p] == "-" || s[p] == "\u{2212}" { negative = true; p += 1 }
        guard p < s.count, classes[p] == .digit else { return nil }
        let q = numberEnd(from: p)
        // "$10-20": a range of amounts, the currency named once at the end.
        if !negative, q + 1 < s.count, s[q] == "-" || s[q] == "\u{2013}", classes[q + 1] == .digit, let rangeWord = data.rangeWord {
            let secondEnd = numberEnd(from: q + 1)
            guard secondEnd >= s.count || !(classes[secondEnd] == .letter || classes[secondEnd] == .digit),
                  let first = parseNumber(p, q, negative: false), let second = parseNumber(q + 1, secondEnd, negative: false),
                  first.isInteger, second.isInteger,
                  let spoken = try expander.money.speak(second, isoCode: isoCode, symbol: symbol, expander: expander) else { return nil }
            let gender = data.currencyGenders[isoCode] ?? data.currencyGenders["*"]
            return Match(kind: .money, start: i, end: secondEnd,
                         spoken: try expander.nounCardinal(first, gender: gender) + " " + rangeWord + " " + spoken)
        }
        if q < s.count && (classes[q] == .letter || classes[q] == .digit) { return nil }
        if q < s.count && (s[q] == "." || s[q] == ",") && q + 1 < s.count && classes[q + 1] == .digit { return nil }
        guard let value = parseNumber(p, q, negative: negative),
              let spoken = try expander.money.speak(value, isoCode: isoCode, symbol: symbol, expander: expander) else { return nil }
        return Match(kind: .money, start: signAt ?? i, end: q, spoken: spoken)
    }

    func unitSymbol(at i: Int) -> UnitSymbol? {
        guard i < s.count, let candidates = matcher.units[s[i]] else { return nil }
        for index in candidates {
            let unit = data.units[index]
            if occurs(unit.symbol, at: i) || (unit.symbol.last?.properties.isAlphabetic == true && occursBeforeSlash(unit.symbol, at: i)) {
                return unit
            }
        }
        return nil
    }

    /// "km" in "km/h" when "km/h" itself is not listed (the slash ends the symbol).
    func occursBeforeSlash(_ pattern: [Unicode.Scalar], at i: Int) -> Bool {
        let end = i + pattern.count
        guard end < s.count, s[end] == "/" else { return false }
        for k in pattern.indices where s[i + k] != pattern[k] || protected[i + k] { return false }
        return true
    }

    func matchUnit(start: Int, unitAt u: Int, value: DecimalText, range: DecimalText?) throws -> Match? {
        guard let unit = unitSymbol(at: u), let speller = expander.units.unit(unit.icuUnit) else { return nil }
        var end = u + unit.symbol.count
        var chosen = speller
        if end + 1 < s.count, s[end] == "/", let per = unitSymbol(at: end + 1),
           let compound = try expander.units.unit(unit.icuUnit, per: per.icuUnit) {
            chosen = compound
            end = end + 1 + per.symbol.count
        }
        if unit.notBeforeNumber {
            // "5 h 30" is a time; "1 h 30 min" is a duration whose next number has its own unit.
            let next = skipSpaces(end)
            if next < s.count && classes[next] == .digit {
                let after = skipSpaces(numberEnd(from: next))
                if unitSymbol(at: after) == nil { return nil }
            }
        }
        // "5 min. plus tard": the period belongs to the symbol unless it ends the sentence;
        // a symbol written with its period ("Min.") keeps one at a sentence end.
        var sentencePeriod = ""
        if end < s.count, s[end] == ".", !endsSentence(periodAt: end) {
            end += 1
        } else if unit.symbol.last == ".", endsSentence(periodAt: end - 1) {
            sentencePeriod = "."
        }
        let last = range ?? value
        // Decimals are said as numbers ("eins Komma fünf", "uno coma cinco"): no agreement.
        func agreeing(_ number: DecimalText) throws -> String {
            try number.isInteger ? expander.nounCardinal(number, gender: chosen.gender) : expander.cardinal(number, gender: nil)
        }
        var words = try agreeing(value)
        if let range, let rangeWord = data.rangeWord {
            words += " " + rangeWord + " " + (try agreeing(range))
        }
        let category = try last.isInteger ? expander.pluralCategory(last.integer) : nil
        guard let spoken = try expander.units.phrase(chosen, decimal: last.description, words: words, category: category,
                                                 grammar: expander) else { return nil }
        return Match(kind: .unit, start: start, end: end, spoken: spoken + sentencePeriod)
    }

    /// A period at `i` ends a sentence: end of text, or a space then a capital or a line break.
    func endsSentence(periodAt i: Int) -> Bool {
        let j = skipSpaces(i + 1)
        if j >= s.count || classes[j] == .newline { return true }
        guard j > i + 1 && classes[j] == .letter && s[j].properties.isUppercase else { return false }
        // A capital after the period may be a name ("Model S vs. Model 3") or, in German, any
        // noun: only a known sentence starter (@not-name: "Puis", "Then", "Dann") says so.
        return !isName(at: j)
    }

    /// A period at `i` ends the text or its line: after a street type a capital is the street's
    /// name ("av. Foch"), so only this counts as a sentence end.
    func endsText(periodAt i: Int) -> Bool {
        let j = skipSpaces(i + 1)
        return j >= s.count || classes[j] == .newline
    }

    /// "3 pers." (after-number, agreeing), "3 av. Foch" (street: house number spelled).
    func matchAfterNumber(start: Int, wordAt r: Int, value: DecimalText) throws -> Match? {
        guard let (entry, _, end) = dictionaryMatch(at: r, allow: [.afterNumber, .street]) else { return nil }
        let isStreet = entry.conditions.contains(.street)
        var expansion = entry.expansion(for: entry.conditions.contains(.afterNumber) ? try expander.pluralCategory(value) : nil)
        if entry.endsWithPeriod && (isStreet ? endsText(periodAt: end - 1) : endsSentence(periodAt: end - 1)) {
            expansion += "."
        }
        if entry.conditions.contains(.keepNumber) {
            return Match(kind: .abbreviation, start: r, end: end, spoken: expansion)
        }
        let number = isStreet ? try expander.cardinal(value, gender: nil) : try expander.nounCardinal(value, gender: entry.gender)
        return Match(kind: .abbreviation, start: start, end: end, spoken: number + " " + expansion)
    }
}
