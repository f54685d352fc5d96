/// Fractions: "a/b", mixed numbers, vulgar fraction glyphs, halves before a noun, and measures after them.
extension NumberDetector.Reader {
    /// `start` and `end` are where the written fraction starts and ends: a half or a quarter
    /// before a noun agrees with it and takes the case of the word before ("1/2 Tasse" is
    /// "eine halbe Tasse", not "ein halb Tasse"; "in ½ Stunde" "in einer halben Stunde").
    /// Not `saying`, the numerator's count is left out: the words then end as they would, and
    /// are nil where they would be (whether it is a fraction, and where it ends, depend on no
    /// number said).
    func fractionWords(_ numerator: Int, _ denominator: Int, start: Int? = nil, end: Int? = nil, saying: Bool = true) throws -> String? {
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
        guard saying else { return " " + names.1 }
        let count = try context.expander.map { try $0.nounCardinal(DecimalText(numerator), gender: nil) } ?? numbers.cardinal(numerator)
        return count + " " + names.1
    }

    /// Whether "a/b" with a denominator that has no `fraction` row is also a day and month in
    /// the locale's order (en-US month first: "5/16"; day first: "1/12").
    func mayBeDate(_ a: Int, _ b: Int) -> Bool {
        guard data.fractions[b] == nil else { return false }
        return data.dateOrder == .mdy ? (1...12).contains(a) && (1...31).contains(b) : (1...31).contains(a) && (1...12).contains(b)
    }

    /// A denominator without a `fraction` row, named by the first `fraction-rule` whose range holds
    /// it: its templates filled with the denominator's words (`{cardinal}`, `{Cardinal}` with a
    /// capital, `{ordinal}`, `{ordinals}` plural), then `fraction-fix`. A word glued to letters
    /// must be one word ("doceavo"; "treinta y uno" + "avo" is no name): else no name, and the
    /// fraction stays written.
    func ruledFractionNames(_ denominator: Int) throws -> (String, String)? {
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

    func fraction(at p: Int, after word: String?, into candidates: inout [TextCandidate]) throws {
        let aEnd = text.digitRunEnd(p)
        // "Note : 4,5/5", "Rating: 4.5/5", "4,5/5 Sterne": a score with a decimal, in the locale's notation.
        if aEnd < text.count, text.scalars[aEnd] == numbers.parser.decimalSeparator, text.isDigit(aEnd + 1) {
            let scoreEnd = text.digitRunEnd(aEnd + 1)
            guard text.isOneOf(scoreEnd, "/"), text.isDigit(scoreEnd + 1) else { return }
            let bEnd = text.digitRunEnd(scoreEnd + 1)
            guard !text.isWordChar(bEnd), !(text.isOneOf(bEnd, "/.,") && text.isDigit(bEnd + 1)),
                  let template = slashCountTemplate(after: word, end: bEnd),
                  let b = text.integer(scoreEnd + 1, bEnd), let a = parse(p, scoreEnd, negative: false) else { return }
            let noun = scoreNounForm(after: bEnd)
            try propose(.scoreWithDecimal, p, noun?.end ?? bEnd, .fraction, priority: 1, into: &candidates) {
                template.filling("{0}", with: try numbers.cardinal(a)).filling("{1}", with: try numbers.cardinal(b)) + (noun?.said ?? "")
            }
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
            let noun = scoreNounForm(after: bEnd)
            try propose(.score, p, noun?.end ?? bEnd, .fraction, priority: 1, into: &candidates) {
                template.filling("{0}", with: try numbers.cardinal(a)).filling("{1}", with: try numbers.cardinal(b)) + (noun?.said ?? "")
            }
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
        guard let unsaid = try fractionWords(a, b, start: p, end: bEnd, saying: false) else { return }
        func spoken() throws -> String? { try fractionWords(a, b, start: p, end: bEnd) }
        // "-3/4": a sign written before the fraction is said, as before a number.
        if p > 0, text.isOneOf(p - 1, "-−"), p == 1 || !text.isWordChar(p - 2) && !text.isOneOf(p - 2, "-−/"),
           let minus = try minusWords() {
            try propose(.negativeFraction, p - 1, Self.joinedEnd(unsaid, bEnd), .fraction, priority: 0, into: &candidates) {
                try spoken().map { minus + $0 }
            }
            return
        }
        if let (end, _) = try withMeasure(unsaid, from: p, after: bEnd, numerator: a, denominator: b, mixed: false, saying: false) {
            try propose(.fractionWithMeasure, p, end, .fraction, priority: 0, into: &candidates) {
                try spoken().flatMap { try withMeasure($0, from: p, after: bEnd, numerator: a, denominator: b, mixed: false)?.1 }
            }
            return
        }
        try propose(.fraction, p, Self.joinedEnd(unsaid, bEnd), .fraction, priority: 0, into: &candidates) { try spoken() }
    }

    /// How the "a/b" ending at `bEnd` is said when it is a position or a score: after a word
    /// of `slash-count-words` ("Step 2/5": "two of five"), or before one of
    /// `slash-count-after-words` ("4/5 stars": `slash-score`, en "four out of five"). Nil: neither.
    func slashCountTemplate(after word: String?, end bEnd: Int) -> String? {
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
    func scoreNounForm(after bEnd: Int) -> (end: Int, said: String)? {
        guard !data.slashCountAfterForms.isEmpty else { return nil }
        let next = text.skipSpaces(bEnd)
        guard next > bEnd, let (word, end) = text.word(at: next), !text.isWordChar(end), !text.isProtected(bEnd, end),
              let said = data.slashCountAfterForms[word] else { return nil }
        return (end, text.string(bEnd, next) + said)
    }

    /// The words the locale says for a minus sign, with their space ("minus ", "moins "), as
    /// its numbers say them: a negative one spelled, without the one.
    func minusWords() throws -> String? {
        let negative = try numbers.cardinal(DecimalText(isNegative: true, integer: "1"))
        let positive = try numbers.cardinal(1)
        guard negative.hasSuffix(positive), negative.count > positive.count else { return nil }
        return String(negative.dropLast(positive.count))
    }

    /// "2 1/2", "2 ½", "2½": a whole number and a fraction, from the data's template.
    func mixedFraction(at p: Int, into candidates: inout [TextCandidate]) throws {
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
            guard let and = data.andWord, !mayBeDate(a, b), try fractionWords(a, b, saying: false) != nil else { return }
            let phraseEnd = try withMeasure("", from: p, after: f, numerator: a, denominator: b, mixed: true, whole: (whole, ""), saying: false)?.0 ?? f
            try propose(.mixedFraction, p, phraseEnd, .fraction, priority: 1, into: &candidates) {
                guard let part = try fractionWords(a, b) else { return nil }
                let spoken = try numbers.cardinal(whole) + " " + and + " " + part
                return try withMeasure(spoken, from: p, after: f, numerator: a, denominator: b, mixed: true, whole: (whole, and + " " + part))?.1 ?? spoken
            }
            return
        }
        // nl "1 1/2" is "anderhalf" (the third field of `mixed-fraction`).
        let ofOne = whole == 1 ? data.mixedFractionsOfOne[b] : nil
        // "{whole} et quart": what follows the whole number, for a unit said between them.
        let rest = ofOne == nil && template.hasPrefix("{whole} ") ? String(template.dropFirst("{whole} ".count)) : nil
        // nl "1 1/2 liter" needs the whole number too, for "anderhalve liter".
        let wholeAndRest = rest.map { (whole, $0) } ?? (ofOne != nil && b == 2 ? (whole, "") : nil)
        let phraseEnd = try withMeasure("", from: p, after: f, numerator: a, denominator: b, mixed: true, whole: wholeAndRest, saying: false)?.0 ?? f
        try propose(.templatedMixedFraction, p, phraseEnd, .fraction, priority: 1, into: &candidates) {
            // de "1 1/2" is "eineinhalb", not "einseinhalb" (text.txt `mixed-fraction-one`).
            let wholeWords = try whole == 1 ? data.mixedFractionOne ?? numbers.cardinal(whole) : numbers.cardinal(whole)
            let spoken = ofOne ?? template.filling("{whole}", with: wholeWords)
            return try withMeasure(spoken, from: p, after: f, numerator: a, denominator: b, mixed: true, whole: wholeAndRest)?.1 ?? spoken
        }
    }

    func vulgarFraction(at p: Int, _ fraction: (Int, Int), into candidates: inout [TextCandidate]) throws {
        guard let unsaid = try fractionWords(fraction.0, fraction.1, start: p, end: p + 1, saying: false) else { return }
        func spoken() throws -> String? { try fractionWords(fraction.0, fraction.1, start: p, end: p + 1) }
        if let (end, _) = try withMeasure(unsaid, from: p, after: p + 1, numerator: fraction.0, denominator: fraction.1, mixed: false, saying: false) {
            try propose(.glyphFractionWithMeasure, p, end, .fraction, priority: 0, into: &candidates) {
                try spoken().flatMap { try withMeasure($0, from: p, after: p + 1, numerator: fraction.0, denominator: fraction.1, mixed: false)?.1 }
            }
            return
        }
        try propose(.glyphFraction, p, Self.joinedEnd(unsaid, p + 1), .fraction, priority: 0, into: &candidates) { try spoken() }
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
    /// (units.txt `half`: "deux heures et demie"). Not `saying`, no number is said and the
    /// phrase is left empty: where it ends, and whether there is one, depend on no number said.
    func withMeasure(_ fraction: String, from start: Int, after end: Int, numerator: Int, denominator: Int, mixed: Bool,
                     whole: (value: Int, rest: String)? = nil, saying: Bool = true) throws -> (Int, String)? {
        guard let templates = data.fractionUnit, let expander = context.expander,
              text.isWordSpace(end), text.isLetter(end + 1), !text.protected[end + 1],
              mixed || numerator != 1 || !data.fractionUnitExcept.contains(denominator) else { return nil }
        // The part of "2 1/4 l" is the mixed number's, which says the unit or leaves it.
        if !mixed, text.isDigit(start - 1) || text.isWordSpace(start - 1) && text.isDigit(start - 2) { return nil }
        let wordEnd = text.letterRunEnd(end + 1)
        guard !text.isWordChar(wordEnd), !text.isOneOf(wordEnd, "/"), !(text.isOneOf(wordEnd, "-") && text.isLetter(wordEnd + 1)) else { return nil }
        let written = text.string(end + 1, wordEnd)
        let wholeTemplate = mixed ? templates.mixed.flatMap { $0.holdsPlaceholder("{whole}") ? $0 : nil } : nil
        if mixed, denominator == 2, let whole, let spoken = try halfBeforeNoun(whole.value, written, at: end + 1, saying: saying) {
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
            guard saying else { return (wordEnd, "") }
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
        // The words filled in hold no placeholder: whether the template can be filled is the template's.
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
    /// the expander's; a word the data says is not counted ("2 1/2 à 3") is left. Not `saying`,
    /// the counts are left out (whether the template is filled depends on no number said).
    func halfBeforeNoun(_ whole: Int, _ written: String, at start: Int, saying: Bool = true) throws -> String? {
        guard let expander = context.expander, !data.nounsCapitalized, expander.data.halves.count > 1,
              text.scalars[start].properties.isLowercase, written.unicodeScalars.count >= 2 else { return nil }
        let lower = written.lowercased()
        guard !data.notCounted.contains(lower),
              try expander.measureName(written, plural: whole != 1) == nil else { return nil }
        let gender = data.gender(ofNoun: lower)
        guard let templates = expander.data.halves[gender?.rawValue ?? "*"] ?? expander.data.halves["*"]
                ?? expander.data.halves[Gender.masculine.rawValue] else { return nil }
        let value = DecimalText(whole)
        let count = saying ? try expander.nounCardinal(value, gender: gender ?? .masculine) : ""
        let values = ["unit": written, "units": written,
                      "whole": saying ? try expander.nounCardinal(value, gender: .masculine) : "",
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
}
