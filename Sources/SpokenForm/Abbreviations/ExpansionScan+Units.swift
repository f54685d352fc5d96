/// Ranges, scale words, units (with context and agreement), decades and sentence ends.
extension ExpansionScan {
    // MARK: Ranges, units and decades

    /// The word that opens a range ("da dieci a dodici", units.txt `range-start`) and a space,
    /// unless the text already has it before the range ("de 5 a 10 min") or a word that
    /// governs the range in its place ("en 10-12 km", units.txt `range-start`'s third field).
    func rangeStart(before start: Int) -> String {
        guard data.rangeStart != nil else { return "" }
        var j = start - 1
        while j >= 0 && classes[j] == .space { j -= 1 }
        let end = j + 1
        while j >= 0 && classes[j] == .letter { j -= 1 }
        return data.rangeOpening(after: end > j + 1 ? string(j + 1, end).lowercased() : nil)
    }

    /// A scale word of money.txt at `i`, as a whole word ("million", "Mio.", "k"), and where it ends.
    func moneyScaleAt(_ i: Int) -> (MoneyScale, Int)? {
        guard i < s.count, !data.moneyScales.isEmpty, matcher.moneyScaleStarts.mayStart(s[i]) else { return nil }
        var best: (MoneyScale, Int)?
        for scale in data.moneyScales where occurs(scale.written, at: i) {
            if best == nil || scale.written.count > best!.0.written.count { best = (scale, i + scale.written.count) }
        }
        return best
    }

    /// The unit a symbol stands for here: "m" after "1h" or before "ago" is minutes (units.txt
    /// `unit-in-context`); nil when no context rule applies.
    func contextUnit(_ unit: UnitSymbol, numberStart: Int, end: Int) -> String? {
        for rule in data.contextUnits where rule.symbol == unit.symbol {
            if let word = rule.beforeWord {
                let next = skipSpaces(end)
                if next > end, occurs(Array(word.unicodeScalars), at: next) { return rule.icuUnit }
            }
            if let after = rule.afterUnit {
                // Back over spaces to the previous symbol, which must follow a number.
                var j = numberStart - 1
                while j >= 0 && classes[j] == .space { j -= 1 }
                let symbolEnd = j + 1
                while j >= 0 && classes[j] == .letter { j -= 1 }
                guard j + 1 < symbolEnd, let previous = unitSymbol(at: j + 1), j + 1 + previous.symbol.count == symbolEnd,
                      previous.icuUnit == after else { continue }
                var k = j
                while k >= 0 && classes[k] == .space { k -= 1 }
                if k >= 0 && classes[k] == .digit { return rule.icuUnit }
            }
        }
        return nil
    }

    func unitSymbol(at i: Int) -> UnitSymbol? {
        matcher.unitSymbol(in: scanned, at: i, of: data.units)
    }

    /// "1970s" -> "nineteen seventies", "the 60s" -> "the sixties" (units.txt `decade`): a round
    /// number of 2 or 4 digits with the suffix glued to it is a decade, never seconds.
    func matchDecade(start: Int, suffixAt u: Int, value: DecimalText) throws -> Match? {
        guard let suffix = data.decadeSuffix, u > 0, classes[u - 1] == .digit, value.isInteger, !value.isNegative,
              value.integer.utf8.count == 2 || value.integer.utf8.count == 4, value.integer.hasSuffix("0"),
              occurs(Array(suffix.unicodeScalars), at: u), let number = Int(value.integer) else { return nil }
        // "30s later" is seconds; "the 60s", "'60s" are decades.
        let apostrophe = start > 0 && (s[start - 1] == "'" || s[start - 1] == "\u{2019}")
        if value.integer.utf8.count == 2 {
            var j = start - 1
            while j >= 0 && classes[j] == .space { j -= 1 }
            let wordEnd = j + 1
            while j >= 0 && classes[j] == .letter { j -= 1 }
            let before = wordEnd > j + 1 && wordEnd < start ? string(j + 1, wordEnd).lowercased() : ""
            guard apostrophe || data.decadeAfter.contains(before) else { return nil }
        }
        var words = value.integer.utf8.count == 4 ? try expander.numbers.year(number) : try expander.cardinal(value, gender: nil)
        if let rule = data.decadePlurals.first(where: { words.hasSuffix($0.from) }) {
            words = String(words.dropLast(rule.from.count)) + rule.to
        } else {
            words += suffix
        }
        return Match(kind: .unit, start: apostrophe ? start - 1 : start, end: u + suffix.unicodeScalars.count, spoken: words)
    }

    /// A round year of four digits with an "s" glued to it ("1980s"), in a language whose
    /// units.txt has no `decade | s`: an English decade, not seconds.
    func isEnglishDecade(start: Int, suffixAt u: Int, value: DecimalText) -> Bool {
        guard data.decadeSuffix != "s", u > 0, u < s.count, s[u] == "s", classes[u - 1] == .digit, value.isInteger,
              value.integer.utf8.count == 4, value.integer.hasSuffix("0"), !value.integer.hasPrefix("0") else { return false }
        return u + 1 >= s.count || !(classes[u + 1] == .letter || classes[u + 1] == .digit)
    }

    func matchUnit(start: Int, unitAt u: Int, value written: DecimalText, range writtenRange: DecimalText?) throws -> Match? {
        if writtenRange == nil, let decade = try matchDecade(start: start, suffixAt: u, value: written) { return decade }
        // "1980s" where the language has no decade suffix "s" (an English decade in fr, de...):
        // never 1980 seconds; it stays as written.
        if writtenRange == nil, isEnglishDecade(start: start, suffixAt: u, value: written) { return nil }
        if writtenRange == nil, let glued = try matchGluedSubunit(start: start, unitAt: u, whole: written) { return glued }
        // "1.80 m" -> "one point eight meters" where decimals are read digit by digit (units.txt
        // `measure-trailing-zeros | drop`, review E22): a measure's trailing zeros are not said;
        // one fraction digit is kept, so the number said is the number written.
        let value = data.dropsMeasureTrailingZeros ? Self.trailingZerosDropped(written) : written
        let range = data.dropsMeasureTrailingZeros ? writtenRange.map(Self.trailingZerosDropped) : writtenRange
        guard let unit = unitSymbol(at: u), var speller = expander.units.unit(unit.icuUnit) else { return nil }
        var end = u + unit.symbol.count
        // "8 to 20%% concentration": a format string's escaped percent is one sign.
        if unit.symbol == ["%"], end < s.count, s[end] == "%", !protected[end] { end += 1 }
        var unitID = unit.icuUnit
        if let inContext = contextUnit(unit, numberStart: start, end: end), let other = expander.units.unit(inContext) {
            speller = other
            unitID = inContext
        }
        if range == nil, let perAmount = try amountPerAmount(start: start, end: end, unit: unit, unitID: unitID, speller: speller, value: value) {
            return perAmount
        }
        if range == nil, let ratio = try unitsOutOf(start: start, end: end, speller: speller, value: value) { return ratio }
        var chosen = speller
        var isCompound = false
        if end + 1 < s.count, s[end] == "/", let per = unitSymbol(at: end + 1),
           let compound = try expander.units.unit(unit.icuUnit, per: per.icuUnit) {
            // nl "12 t/m 14": a dictionary abbreviation written like a compound unit ("t/m",
            // "tot en met") is the abbreviation, never tonnes per metre.
            if let (_, _, abbreviationEnd) = dictionaryMatch(at: u, allow: nil), abbreviationEnd >= end + 1 + per.symbol.count { return nil }
            chosen = compound
            isCompound = true
            end = end + 1 + per.symbol.count
        }
        // "9,82 m/s3", "12 kg/foo": a unit written on into a compound this data does not know is
        // not that unit alone.
        if !isCompound, end + 1 < s.count, s[end] == "/", classes[end + 1] == .letter { return nil }
        if unit.notBeforeNumber {
            // "5 h 30" is a time; "1 h 30 min" is a duration whose next number has its own unit.
            let next = skipSpaces(end)
            if next < s.count && classes[next] == .digit {
                let after = skipSpaces(numberEnd(from: next))
                if unitSymbol(at: after) == nil { return nil }
            }
        }
        // "5 min. plus tard", "nach 5 Min. Wartezeit": the period may belong to a symbol that is
        // an abbreviation (three letters or more: "min", "Std", "sec") unless it ends the
        // sentence; a symbol written with its period ("Min.") keeps one at a sentence end.
        // After "%", "°C" or an SI symbol ("kg", "km", "h"), which never take one, a period is
        // the sentence's ("sur 100%. Attention" lost it).
        var sentencePeriod = ""
        if end < s.count, s[end] == ".", unit.symbol.count >= 3, unit.symbol.allSatisfy({ $0.properties.isAlphabetic }),
           !endsSentence(periodAt: end) {
            end += 1
        } else if unit.symbol.last == ".", endsSentence(periodAt: end - 1) {
            sentencePeriod = "."
        }
        // "1,80 m" -> "un mètre quatre-vingts", "ein Meter achtzig" (units.txt `subunit-reading`,
        // review E22): two fraction digits of such a unit are its hundredths, said after the
        // whole units as a number. Not for a range, a compound ("m/s"), a negative or "0,80 m".
        if writtenRange == nil, !isCompound, !unit.numberAlone, let joiner = data.subunitReadings[unitID],
           !written.isNegative, written.fraction.utf8.count == 2, written.integer != "0" {
            if let spoken = try wholeAndHundredths(chosen, whole: written.integer, hundredths: written.fraction, joiner: joiner) {
                return Match(kind: .unit, start: start, end: end, spoken: spoken + sentencePeriod)
            }
        }
        let last = range ?? value
        // Decimals are said as numbers ("eins Komma fünf", "uno coma cinco"): no agreement.
        func agreeing(_ number: DecimalText) throws -> String {
            try number.isInteger && !unit.numberAlone ? expander.nounCardinal(number, gender: chosen.gender) : expander.cardinal(number, gender: nil)
        }
        var words = try agreeing(value)
        if let range, let rangeWord = data.rangeWord {
            words = rangeStart(before: start) + words + " " + rangeWord + " " + (try agreeing(range))
        }
        let category = try last.isInteger ? expander.pluralCategory(last.integer) : nil
        guard let spoken = try expander.units.phrase(chosen, decimal: last.description, words: words, category: category,
                                                 grammar: expander) else { return nil }
        return Match(kind: .unit, start: start, end: end, spoken: spoken + sentencePeriod)
    }

    /// "5 g/100 ml", "12 g/100g": so much of one measure per so much of another, the second
    /// measure read whole ("cinq grammes pour cent millilitres", "two grams per one hundred
    /// milliliters"); without it the slash would be a ratio and the second unit left unread.
    private func amountPerAmount(start: Int, end: Int, unit: UnitSymbol, unitID: String,
                                 speller: UnitSpeller.Unit, value: DecimalText) throws -> Match? {
        guard let per = data.perAmountWord, end + 1 < s.count, s[end] == "/", classes[end + 1] == .digit else { return nil }
        let secondEnd = numberEnd(from: end + 1)
        let secondUnit = skipSpaces(secondEnd)
        // "12h/24h": hours on both sides are a choice between two (a 12- or a 24-hour clock),
        // not an amount per another, as "5 g/100 g" is.
        guard secondUnit < s.count, let secondSymbol = unitSymbol(at: secondUnit),
              !(unitID.hasPrefix("duration-") && secondSymbol.icuUnit == unitID),
              let second = parseNumber(end + 1, secondEnd, negative: false),
              let amount = try matchUnit(start: end + 1, unitAt: secondUnit, value: second, range: nil) else { return nil }
        let words = try value.isInteger && !unit.numberAlone
            ? expander.nounCardinal(value, gender: speller.gender) : expander.cardinal(value, gender: nil)
        let category = try value.isInteger ? expander.pluralCategory(value.integer) : nil
        guard let phrase = try expander.units.phrase(speller, decimal: value.description, words: words,
                                                     category: category, grammar: expander) else { return nil }
        return Match(kind: .unit, start: start, end: amount.end, spoken: phrase + " " + per + " " + amount.spoken)
    }

    /// "7j/7", "24h/24": so many units out of so many ("sept jours sur sept").
    private func unitsOutOf(start: Int, end: Int, speller: UnitSpeller.Unit, value: DecimalText) throws -> Match? {
        guard let ratio = data.ratioWord, end + 1 < s.count, s[end] == "/", classes[end + 1] == .digit else { return nil }
        let secondEnd = numberEnd(from: end + 1)
        guard secondEnd >= s.count || !(classes[secondEnd] == .letter || classes[secondEnd] == .digit),
              let second = parseNumber(end + 1, secondEnd, negative: false), second.isInteger, value.isInteger else { return nil }
        let category = try expander.pluralCategory(value.integer)
        guard let phrase = try expander.units.phrase(speller, decimal: value.description,
                                                     words: try expander.nounCardinal(value, gender: speller.gender),
                                                     category: category, grammar: expander) else { return nil }
        return Match(kind: .unit, start: start, end: secondEnd,
                     spoken: phrase + " " + ratio + " " + (try expander.nounCardinal(second, gender: speller.gender)))
    }

    /// "1m80" -> "un mètre quatre-vingts", "1m75" -> "ein Meter fünfundsiebzig": a height with its
    /// two digits of hundredths glued after the symbol, said as "1,80 m" is (`subunit-reading`).
    func matchGluedSubunit(start: Int, unitAt u: Int, whole: DecimalText) throws -> Match? {
        // A glance first, before any lookup (this runs for every number a letter follows): a
        // few letters, then exactly two digits.
        var letters = u
        while letters < s.count && letters - u < 4 && classes[letters] == .letter { letters += 1 }
        guard letters > u, letters + 2 <= s.count, classes[letters] == .digit, classes[letters + 1] == .digit,
              letters + 2 == s.count || !(classes[letters + 2] == .letter || classes[letters + 2] == .digit),
              whole.isInteger, !whole.isNegative, whole.integer != "0", let candidates = matcher.units[s[u]] else { return nil }
        for index in candidates {
            let unit = data.units[index]
            let end = u + unit.symbol.count
            // Cheapest tests first: this runs for every number followed by a unit's first letter.
            guard end + 2 <= s.count, classes[end] == .digit, classes[end + 1] == .digit,
                  (0..<unit.symbol.count).allSatisfy({ s[u + $0] == unit.symbol[$0] && !protected[u + $0] }),
                  unit.symbol.last?.properties.isAlphabetic == true, !unit.numberAlone,
                  let joiner = data.subunitReadings[unit.icuUnit],
                  end + 2 == s.count || !(classes[end + 2] == .letter || classes[end + 2] == .digit || s[end + 2] == "," || s[end + 2] == "."
                                          && end + 3 < s.count && classes[end + 3] == .digit),
                  let speller = expander.units.unit(unit.icuUnit),
                  let spoken = try wholeAndHundredths(speller, whole: whole.integer, hundredths: string(end, end + 2), joiner: joiner)
            else { continue }
            return Match(kind: .unit, start: start, end: end + 2, spoken: spoken)
        }
        return nil
    }

    /// "un mètre quatre-vingts": the whole units, then two digits of hundredths said as a number
    /// after the data's joiner (nothing for "00"); nil where the unit has no phrase.
    private func wholeAndHundredths(_ unit: UnitSpeller.Unit, whole digits: String, hundredths: String, joiner: String) throws -> String? {
        let whole = DecimalText(isNegative: false, integer: digits)
        guard let phrase = try expander.units.phrase(unit, decimal: whole.description,
                                                     words: try expander.nounCardinal(whole, gender: unit.gender),
                                                     category: try expander.pluralCategory(whole.integer), grammar: expander) else { return nil }
        guard hundredths != "00" else { return phrase }
        return phrase + " " + (joiner.isEmpty ? "" : joiner + " ") + (try expander.cardinal(DecimalText(isNegative: false, integer: hundredths), gender: nil))
    }

    static func trailingZerosDropped(_ number: DecimalText) -> DecimalText {
        // DecimalText's digits are ASCII: bytes are counted, not graphemes.
        guard number.fraction.utf8.count > 1, number.fraction.hasSuffix("0") else { return number }
        var fraction = number.fraction
        while fraction.utf8.count > 1, fraction.hasSuffix("0") { fraction.removeLast() }
        var dropped = number
        dropped.fraction = fraction
        return dropped
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

    /// Whether a printf integer specifier ("%d", "%1$lld", "%u") ends right before the space
    /// before `p`: the count an app fills in.
    func followsIntegerSpecifier(_ p: Int) -> Bool {
        let last = p - 2
        guard last > 0, protected[last], "diu".unicodeScalars.contains(s[last]) else { return false }
        var j = last
        while j > 0 && protected[j - 1] && s[j] != "%" { j -= 1 }
        return s[j] == "%"
    }

    /// "%d min.", "%1$lld km", "%d pers.": after an integer specifier the count is the app's,
    /// filled in later, and a catalog's variant for one says the unit as its variant for many
    /// does: a unit symbol or an entry that follows numbers stays written, its form unknown,
    /// and no other reading takes the word (fr "min." is no "minimum" there; it was). Any other
    /// word is read as anywhere ("%d Dr Martin").
    func matchAfterIntegerSpecifier(at p: Int) throws -> Match? {
        if unitSymbol(at: p) != nil { return nil }
        if let (entry, _, _) = dictionaryMatch(at: p, allow: [.afterNumber]), entry.conditions.contains(.afterNumber) { return nil }
        return try matchDictionary(at: p)
    }

    /// A space and a capitalised word after the period at `i`.
    func capitalFollows(periodAt i: Int) -> Bool {
        let j = skipSpaces(i + 1)
        return j > i + 1 && j < s.count && classes[j] == .letter && s[j].properties.isUppercase
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
        // A decimal is said as a number, as the unit readers do: es "1,5 fps" is "uno coma cinco
        // fotogramas", fr "une virgule cinq" only for a count of one.
        let number = isStreet || !value.isInteger ? try expander.cardinal(value, gender: nil) : try expander.nounCardinal(value, gender: entry.gender)
        return Match(kind: .abbreviation, start: start, end: end, spoken: number + " " + expansion)
    }
}
