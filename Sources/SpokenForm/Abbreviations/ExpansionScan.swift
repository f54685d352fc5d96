/// One pass of `AbbreviationExpander` over a `ScannedText` (the library's one tokenizer:
/// its scalar classes, protected regions and offset tables), walking word and number
/// starts and trying in turn money, units, ordinals and the dictionary.
///
/// Our own scanner rather than ICU's word break iterator or regexes: it needs the
/// neighbours of each token (number before, name after, sentence start), and a
/// table-driven pass over scalars is what meets the throughput target.
struct ExpansionScan {
    private let scanned: ScannedText
    private let expander: AbbreviationExpander
    private let matcher: AbbreviationMatcher
    private let data: AbbreviationLocaleData
    private let s: [Unicode.Scalar]
    /// The text's UTF-8 and, per scalar index, its UTF-8 offset (count + 1 entries): pieces of
    /// the input are copied and cut as bytes, never rebuilt scalar by scalar.
    private let utf8: [UInt8]
    private let utf8Offsets: [Int]
    private let classes: [ScannedText.CharClass]
    private let protected: [Bool]

    private var output: [UInt8] = []
    /// Where the last range of weekdays ended: hours right after it are opening hours ("lun.-ven. 9-18").
    private var lastDayRangeEnd: Int?
    private var rewrites: [Spoken.Rewrite] = []
    /// False for text-only callers (CSV cells): no rewrite records, no offsets counted, so
    /// memory stays a small multiple of the text.
    private var copied = 0
    private var utf16: UTF16Offsets
    private var outputScalars = 0
    private var outputUTF16 = 0

    /// A scan of `scanned`, whose protected regions must be marked already.
    init(_ scanned: ScannedText, expander: AbbreviationExpander) {
        self.scanned = scanned
        self.expander = expander
        matcher = expander.matcher
        data = expander.data
        s = scanned.scalars
        utf8 = scanned.utf8
        utf8Offsets = scanned.utf8Offsets
        classes = scanned.classes
        protected = scanned.protected
        utf16 = UTF16Offsets(scanned.scalars)
    }

    mutating func run() throws -> (text: String, rewrites: [Spoken.Rewrite]) {
        var p = 0
        let n = s.count
        while p < n {
            if protected[p] {
                while p < n && protected[p] { p += 1 }
                continue
            }
            let c = classes[p]
            if c == .space || c == .newline { p += 1; continue }
            let atStart = p == 0 || !(classes[p - 1] == .letter || classes[p - 1] == .digit)
            if atStart, let match = try matchAt(p) {
                emit(match)
                if match.isDayRange { lastDayRangeEnd = match.end }
                p = match.end
                continue
            }
            if c == .letter || c == .digit {
                // Skip the rest of the word or digit run: never match inside it.
                while p < n && classes[p] == c { p += 1 }
            } else {
                p += 1
            }
        }
        return finish()
    }

    // MARK: Matches

    struct Match {
        var kind: Spoken.Rewrite.Kind
        var start: Int
        var end: Int
        var spoken: String
        var isDayRange = false
    }

    private func matchAt(_ p: Int) throws -> Match? {
        let c = classes[p]
        if c == .digit {
            if let m = try matchHourRange(at: p) { return m }
            return try matchNumberPhrase(numberStart: p, signStart: signStart(before: p))
        }
        if c == .letter, let m = matchDayRange(at: p) { return m }
        if c == .letter, let m = try matchRoman(at: p) { return m }
        if c == .letter, let m = matchCompoundEnd(at: p) { return m }
        if let m = try matchMoneyPrefix(at: p) { return m }
        if (s[p] == "-" || s[p] == "\u{2212}"), p + 1 < s.count {
            if let m = try matchMoneyPrefix(at: p + 1, signAt: p) { return m }
            if classes[p + 1] == .digit, p == 0 || isSpace(p - 1) { return try matchNumberPhrase(numberStart: p + 1, signStart: p) }
        }
        // "+5 °C", "+3,5 %": the sign of a change is said ("plus cinq degrés Celsius").
        if s[p] == "+", p + 1 < s.count, classes[p + 1] == .digit, p == 0 || isSpace(p - 1),
           let plus = expander.numbers.plusWord, var m = try matchNumberPhrase(numberStart: p + 1, signStart: nil, afterSign: true) {
            m.start = p
            m.spoken = plus + " " + m.spoken
            return m
        }
        return try matchDictionary(at: p)
    }

    private func isSpace(_ i: Int) -> Bool { i >= 0 && i < s.count && (classes[i] == .space || classes[i] == .newline) }

    /// A minus sign right before a number, at a word start ("-3,20 €", not "10-12").
    private func signStart(before p: Int) -> Int? {
        guard p > 0, s[p - 1] == "-" || s[p - 1] == "\u{2212}" else { return nil }
        return p - 1 == 0 || isSpace(p - 2) ? p - 1 : nil
    }

    /// Where a number written in the locale's notation ends ("1 234,56", "1,234.56", "10.5").
    private func numberEnd(from p: Int) -> Int {
        let n = s.count
        var q = p
        while q < n && classes[q] == .digit { q += 1 }
        var lastGroup = q - p
        while q < n {
            if (s[q] == "." || s[q] == ","), q + 1 < n, classes[q + 1] == .digit {
                q += 1
                let groupStart = q
                while q < n && classes[q] == .digit { q += 1 }
                lastGroup = q - groupStart
                continue
            }
            if expander.groupsWithSpaces, classes[q] == .space, s[q] != "\t", lastGroup <= 3, q + 3 < n,
               (1...3).allSatisfy({ classes[q + $0] == .digit }),
               q + 4 >= n || classes[q + 4] != .digit {
                q += 4
                lastGroup = 3
                continue
            }
            break
        }
        return q
    }

    /// Skips horizontal spaces (not line breaks) from `i`.
    private func skipSpaces(_ i: Int) -> Int {
        var j = i
        while j < s.count && classes[j] == .space { j += 1 }
        return j
    }

    private func string(_ start: Int, _ end: Int) -> String {
        String(decoding: utf8[utf8Offsets[start]..<utf8Offsets[end]], as: UTF8.self)
    }

    private func parseNumber(_ start: Int, _ end: Int, negative: Bool) -> DecimalText? {
        // Plain digits, the common case, without the locale parser's general rules.
        if (start..<end).allSatisfy({ classes[$0] == .digit }) {
            return DecimalText(isNegative: negative, integer: string(start, end))
        }
        // Digits, the locale's decimal separator, digits ("12,50" in fr, "12.50" in en).
        if let separator = (start..<end).first(where: { classes[$0] != .digit }), s[separator] == expander.decimalSeparator,
           separator > start, separator + 1 < end, (separator + 1..<end).allSatisfy({ classes[$0] == .digit }) {
            return DecimalText(isNegative: negative, integer: string(start, separator), fraction: string(separator + 1, end))
        }
        guard var value = try? expander.numbers.parse(string(start, end)) else { return nil }
        if negative { value.isNegative = !(value.integer == "0" && value.fraction.allSatisfy { $0 == "0" }) }
        return value
    }

    /// Does `pattern` occur at `i`, whole (not followed by more of a word)?
    private func occurs(_ pattern: [Unicode.Scalar], at i: Int) -> Bool {
        guard i + pattern.count <= s.count else { return false }
        for k in pattern.indices where s[i + k] != pattern[k] { return false }
        for k in pattern.indices where protected[i + k] { return false }
        let end = i + pattern.count
        guard end < s.count, let last = pattern.last else { return true }
        let lastIsWord = last.properties.isAlphabetic || ("0"..."9").contains(last)
        if lastIsWord || last == "." { return !(classes[end] == .letter || classes[end] == .digit) }
        return true
    }

    // MARK: Numbers: money, units, ordinals, number + abbreviation

    private func matchNumberPhrase(numberStart p: Int, signStart: Int?, afterSign: Bool = false) throws -> Match? {
        // A number glued to something before it ("v1.2", "10:30", "01/04") is not ours.
        if p > 0 && signStart == nil && !afterSign && !isSpace(p - 1) && !"(«\"'‘“[".unicodeScalars.contains(s[p - 1]) { return nil }
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
        if r - q <= 1, let m = try matchUnit(start: start, unitAt: r, value: value, range: nil) { return m }
        if r < s.count, classes[r] == .letter, let m = try matchAfterNumber(start: start, wordAt: r, value: value) { return m }
        return nil
    }

    private func matchOrdinal(_ p: Int, _ q: Int, _ value: DecimalText) throws -> Match? {
        guard q < s.count, let number = Int(value.integer) else { return nil }
        for suffix in matcher.ordinals where occurs(suffix.suffix, at: q) {
            if let only = suffix.onlyNumber, only != number { continue }
            if !suffix.after.isEmpty, !suffix.after.contains(wordBefore(p).lowercased()) { continue }
            let words: String
            do {
                if let word = suffix.word {
                    words = word
                } else if let ruleSet = suffix.ruleSet {
                    words = try expander.numbers.spell(number, ruleSet: ruleSet)
                } else {
                    words = try expander.numbers.ordinal(number, gender: suffix.gender, plural: suffix.plural)
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

    /// The word just before `start`, over spaces ("il" in "il 1° maggio"); "" when there is none.
    private func wordBefore(_ start: Int) -> String {
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
    private func matchRoman(at p: Int) throws -> Match? {
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
    /// capitalised word of at least two letters before the abbreviated last part.
    private func matchCompoundEnd(at p: Int) -> Match? {
        guard !data.compoundEnds.isEmpty, s[p].properties.isUppercase else { return nil }
        var e = p
        while e < s.count && classes[e] == .letter { e += 1 }
        for compound in data.compoundEnds {
            let suffix = compound.suffix
            let end = suffix.last == "." ? e + 1 : e
            let start = end - suffix.count
            guard end <= s.count, start - p >= 2, occurs(suffix, at: start) else { continue }
            let period = suffix.last == "." && endsText(periodAt: end - 1) ? "." : ""
            return Match(kind: .abbreviation, start: p, end: end, spoken: string(p, start) + compound.expansion + period)
        }
        return nil
    }

    private func currencyAt(_ i: Int) -> (end: Int, isoCode: String, symbol: CurrencySymbol?)? {
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

    private func boundaryAfterSymbol(_ end: Int) -> Bool {
        end >= s.count || !(classes[end] == .letter || classes[end] == .digit)
    }

    /// "€12.50", "$5.50", "¥300", "CHF 12", "-€3".
    private func matchMoneyPrefix(at i: Int, signAt: Int? = nil) throws -> Match? {
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
                         spoken: rangeStart(before: i) + (try expander.nounCardinal(first, gender: gender)) + " " + rangeWord + " " + spoken)
        }
        // "$1.5 million", "$10k", "€ 1,5 milioni": millions of the currency.
        let r = q < s.count && s[q] == " " ? q + 1 : q
        if let (scale, scaleEnd) = moneyScaleAt(r), let value = parseNumber(p, q, negative: negative) {
            return Match(kind: .money, start: signAt ?? i, end: scaleEnd,
                         spoken: try expander.money.speak(value, scale: scale, isoCode: isoCode, symbol: symbol, expander: expander))
        }
        if q < s.count && (classes[q] == .letter || classes[q] == .digit) { return nil }
        if q < s.count && (s[q] == "." || s[q] == ",") && q + 1 < s.count && classes[q + 1] == .digit { return nil }
        guard let value = parseNumber(p, q, negative: negative),
              let spoken = try expander.money.speak(value, isoCode: isoCode, symbol: symbol, expander: expander) else { return nil }
        return Match(kind: .money, start: signAt ?? i, end: q, spoken: spoken)
    }

    // MARK: Opening hours

    /// The weekday abbreviation at `p` (any conditions), as its expansion, and where it ends.
    private func weekdayAt(_ p: Int) -> (String, Int)? {
        guard p < s.count, !data.weekdays.isEmpty, let candidates = matcher.patterns[s[p]] else { return nil }
        for pattern in candidates where pattern.variant == .exact && occurs(pattern.scalars, at: p) {
            if let name = data.entries[pattern.entry].forms[.other], data.weekdays.contains(name) {
                return (name, p + pattern.scalars.count)
            }
        }
        return nil
    }

    /// "lun.-ven." -> "du lundi au vendredi", "ma. t/m za." -> "maandag tot en met zaterdag" (`@day-range`).
    private func matchDayRange(at p: Int) -> Match? {
        guard let template = data.dayRange, let (from, firstEnd) = weekdayAt(p) else { return nil }
        var q = skipSpaces(firstEnd)
        if q < s.count, s[q] == "-" || s[q] == "\u{2013}" {
            q = skipSpaces(q + 1)
        } else if let separator = data.dayRangeSeparators.first(where: { occurs(Array($0.unicodeScalars), at: q) }), q > firstEnd {
            q = skipSpaces(q + separator.unicodeScalars.count)
        } else {
            return nil
        }
        guard let (to, end) = weekdayAt(q) else { return nil }
        // "ma. t/m za." at the end of a sentence keeps one period.
        let period = s[end - 1] == "." && endsSentence(periodAt: end - 1) ? "." : ""
        return Match(kind: .abbreviation, start: p, end: end,
                     spoken: openingWordRemoved(template, before: p).replacingOccurrences(of: "{from}", with: from)
                        .replacingOccurrences(of: "{to}", with: to) + period, isDayRange: true)
    }

    /// An hour of a range: "9", "9h", "9h30", "9:00", "17.30"; its hour, minutes, whether an "h"
    /// was written, and where it ends.
    private func hourAt(_ p: Int) -> (hour: Int, minute: Int, h: Bool, marker: String?, end: Int)? {
        var q = p
        while q < s.count && classes[q] == .digit && q - p < 3 { q += 1 }
        guard q > p, q - p <= 2, let hour = Int(string(p, q)), hour <= 24 else { return nil }
        var minute = 0
        var h = false
        func twoDigits(_ i: Int) -> Int? {
            guard i + 1 < s.count, classes[i] == .digit, classes[i + 1] == .digit,
                  i + 2 >= s.count || classes[i + 2] != .digit, let m = Int(string(i, i + 2)), m < 60 else { return nil }
            return m
        }
        if q < s.count, s[q] == ":" || s[q] == "." {
            guard let m = twoDigits(q + 1) else { return nil }
            minute = m
            q += 3
        } else if q < s.count, s[q] == "h" {
            h = true
            q += 1
            if let m = twoDigits(q) { minute = m; q += 2 }
        }
        // "9am", "5 pm", "9:30 a.m.": the half of the day, on a 12-hour clock (units.txt `hour-range-marker`).
        if !h, hour >= 1, hour <= 12 {
            let r = skipSpaces(q)
            if r - q <= 1, let marker = data.hourRangeMarkers.first(where: { occurs($0.written, at: r) }) {
                return (hour, minute, h, marker.said, r + marker.written.count)
            }
        }
        if q < s.count && (classes[q] == .letter || classes[q] == .digit) { return nil }
        return (hour, minute, h, nil, q)
    }

    /// "9h-18h", "9-17 Uhr", "9:00–17:00 Uhr", "8h à 12h30", or hours right after a range of
    /// weekdays: said with the locale's `hour-range` template.
    private func matchHourRange(at p: Int) throws -> Match? {
        guard let template = data.hourRange, p == 0 || !(s[p - 1] == "." || s[p - 1] == "," || s[p - 1] == ":" || s[p - 1] == "/"),
              let first = hourAt(p) else { return nil }
        var q = skipSpaces(first.end)
        let written = data.rangeWord.map { Array($0.unicodeScalars) } ?? []
        if q < s.count, s[q] == "-" || s[q] == "\u{2013}" {
            q = skipSpaces(q + 1)
        } else if q > first.end, !written.isEmpty, occurs(written, at: q) {
            q = skipSpaces(q + written.count)
        } else {
            return nil
        }
        guard q < s.count, classes[q] == .digit, let second = hourAt(q) else { return nil }
        var end = second.end
        let u = skipSpaces(end)
        let unit = data.hourRangeUnits.first { occurs(Array($0.unicodeScalars), at: u) }
        if let unit, u - end <= 1 { end = u + unit.unicodeScalars.count }
        var afterDays = false
        if let dayEnd = lastDayRangeEnd {
            var j = p - 1
            while j >= dayEnd && (classes[j] == .space || s[j] == ",") { j -= 1 }
            afterDays = j < dayEnd
        }
        guard unit != nil || (first.h && second.h) || second.marker != nil || afterDays else { return nil }
        let withMinutes = first.minute != 0 || second.minute != 0
        let chosen = withMinutes ? (data.hourRangeWithMinutes ?? template) : template
        func hourWords(_ hour: Int) throws -> String { try expander.cardinal(DecimalText(hour), gender: data.hourRangeGender) }
        func minuteWords(_ minute: Int) throws -> String {
            minute == 0 ? "" : " " + data.hourRangeMinute.replacingOccurrences(of: "{m}", with: try expander.cardinal(DecimalText(minute), gender: nil))
        }
        func markerWords(_ marker: String?) -> String { marker.map { " " + $0 } ?? "" }
        let spoken = openingWordRemoved(chosen, before: p)
            .replacingOccurrences(of: "{h1}", with: try hourWords(first.hour)).replacingOccurrences(of: "{h2}", with: try hourWords(second.hour))
            .replacingOccurrences(of: "{m1}", with: try minuteWords(first.minute) + markerWords(first.marker))
            .replacingOccurrences(of: "{m2}", with: try minuteWords(second.minute) + markerWords(second.marker))
        return Match(kind: .unit, start: p, end: end, spoken: spoken)
    }

    /// `template` without its first word when the text already has that word just before `start`
    /// ("de 8h à 12h30": "de" is written, the template's own "de" is dropped).
    private func openingWordRemoved(_ template: String, before start: Int) -> String {
        guard let space = template.firstIndex(of: " "), !template[..<space].contains("{") else { return template }
        let word = template[..<space]
        var j = start - 1
        while j >= 0 && classes[j] == .space { j -= 1 }
        let end = j + 1
        while j >= 0 && classes[j] == .letter { j -= 1 }
        guard end > j + 1, end < start, string(j + 1, end).lowercased() == word.lowercased() else { return template }
        return String(template[template.index(after: space)...])
    }

    /// The word that opens a range ("da dieci a dodici", units.txt `range-start`) and a space,
    /// unless the text already has it before the range ("de 5 a 10 min").
    private func rangeStart(before start: Int) -> String {
        guard let word = data.rangeStart else { return "" }
        var j = start - 1
        while j >= 0 && classes[j] == .space { j -= 1 }
        let end = j + 1
        while j >= 0 && classes[j] == .letter { j -= 1 }
        if end > j + 1, string(j + 1, end).lowercased() == word.lowercased() { return "" }
        return word + " "
    }

    /// A scale word of money.txt at `i`, as a whole word ("million", "Mio.", "k"), and where it ends.
    private func moneyScaleAt(_ i: Int) -> (MoneyScale, Int)? {
        guard i < s.count, !data.moneyScales.isEmpty else { return nil }
        var best: (MoneyScale, Int)?
        for scale in data.moneyScales where occurs(scale.written, at: i) {
            if best == nil || scale.written.count > best!.0.written.count { best = (scale, i + scale.written.count) }
        }
        return best
    }

    /// The unit a symbol stands for here: "m" after "1h" or before "ago" is minutes (units.txt
    /// `unit-in-context`); nil when no context rule applies.
    private func contextUnit(_ unit: UnitSymbol, numberStart: Int, end: Int) -> String? {
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

    private func unitSymbol(at i: Int) -> UnitSymbol? {
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
    private func occursBeforeSlash(_ pattern: [Unicode.Scalar], at i: Int) -> Bool {
        let end = i + pattern.count
        guard end < s.count, s[end] == "/" else { return false }
        for k in pattern.indices where s[i + k] != pattern[k] || protected[i + k] { return false }
        return true
    }

    /// "1970s" -> "nineteen seventies", "the 60s" -> "the sixties" (units.txt `decade`): a round
    /// number of 2 or 4 digits with the suffix glued to it is a decade, never seconds.
    private func matchDecade(start: Int, suffixAt u: Int, value: DecimalText) throws -> Match? {
        guard let suffix = data.decadeSuffix, u > 0, classes[u - 1] == .digit, value.isInteger, !value.isNegative,
              value.integer.count == 2 || value.integer.count == 4, value.integer.hasSuffix("0"),
              occurs(Array(suffix.unicodeScalars), at: u), let number = Int(value.integer) else { return nil }
        // "30s later" is seconds; "the 60s", "'60s" are decades.
        let apostrophe = start > 0 && (s[start - 1] == "'" || s[start - 1] == "\u{2019}")
        if value.integer.count == 2 {
            var j = start - 1
            while j >= 0 && classes[j] == .space { j -= 1 }
            let wordEnd = j + 1
            while j >= 0 && classes[j] == .letter { j -= 1 }
            let before = wordEnd > j + 1 && wordEnd < start ? string(j + 1, wordEnd).lowercased() : ""
            guard apostrophe || data.decadeAfter.contains(before) else { return nil }
        }
        var words = value.integer.count == 4 ? try expander.numbers.year(number) : try expander.cardinal(value, gender: nil)
        if let rule = data.decadePlurals.first(where: { words.hasSuffix($0.from) }) {
            words = String(words.dropLast(rule.from.count)) + rule.to
        } else {
            words += suffix
        }
        return Match(kind: .unit, start: apostrophe ? start - 1 : start, end: u + suffix.unicodeScalars.count, spoken: words)
    }

    private func matchUnit(start: Int, unitAt u: Int, value written: DecimalText, range writtenRange: DecimalText?) throws -> Match? {
        if writtenRange == nil, let decade = try matchDecade(start: start, suffixAt: u, value: written) { return decade }
        // "1.80 m" -> "one point eight meters" where decimals are read digit by digit (units.txt
        // `measure-trailing-zeros | drop`, review E22): a measure's trailing zeros are not said;
        // one fraction digit is kept, so the number said is the number written.
        let value = data.dropsMeasureTrailingZeros ? Self.trailingZerosDropped(written) : written
        let range = data.dropsMeasureTrailingZeros ? writtenRange.map(Self.trailingZerosDropped) : writtenRange
        guard let unit = unitSymbol(at: u), var speller = expander.units.unit(unit.icuUnit) else { return nil }
        var end = u + unit.symbol.count
        if let inContext = contextUnit(unit, numberStart: start, end: end), let other = expander.units.unit(inContext) {
            speller = other
        }
        // "7j/7", "24h/24": so many units out of so many ("sept jours sur sept").
        if range == nil, let ratio = data.ratioWord, end + 1 < s.count, s[end] == "/", classes[end + 1] == .digit {
            let secondEnd = numberEnd(from: end + 1)
            if secondEnd >= s.count || !(classes[secondEnd] == .letter || classes[secondEnd] == .digit),
               let second = parseNumber(end + 1, secondEnd, negative: false), second.isInteger, value.isInteger {
                let category = try expander.pluralCategory(value.integer)
                if let phrase = try expander.units.phrase(speller, decimal: value.description,
                                                      words: try expander.nounCardinal(value, gender: speller.gender),
                                                      category: category, grammar: expander) {
                    return Match(kind: .unit, start: start, end: secondEnd,
                                 spoken: phrase + " " + ratio + " " + (try expander.nounCardinal(second, gender: speller.gender)))
                }
            }
        }
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

    static func trailingZerosDropped(_ number: DecimalText) -> DecimalText {
        guard number.fraction.count > 1, number.fraction.hasSuffix("0") else { return number }
        var fraction = number.fraction
        while fraction.count > 1, fraction.hasSuffix("0") { fraction.removeLast() }
        var dropped = number
        dropped.fraction = fraction
        return dropped
    }

    /// A period at `i` ends a sentence: end of text, or a space then a capital or a line break.
    private func endsSentence(periodAt i: Int) -> Bool {
        let j = skipSpaces(i + 1)
        if j >= s.count || classes[j] == .newline { return true }
        guard j > i + 1 && classes[j] == .letter && s[j].properties.isUppercase else { return false }
        // A capital after the period may be a name ("Model S vs. Model 3") or, in German, any
        // noun: only a known sentence starter (@not-name: "Puis", "Then", "Dann") says so.
        return !isName(at: j)
    }

    /// A period at `i` ends the text or its line: after a street type a capital is the street's
    /// name ("av. Foch"), so only this counts as a sentence end.
    private func endsText(periodAt i: Int) -> Bool {
        let j = skipSpaces(i + 1)
        return j >= s.count || classes[j] == .newline
    }

    /// "3 pers." (after-number, agreeing), "3 av. Foch" (street: house number spelled).
    private func matchAfterNumber(start: Int, wordAt r: Int, value: DecimalText) throws -> Match? {
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

    // MARK: Dictionary

    private func matchDictionary(at p: Int) throws -> Match? {
        guard let (entry, variant, end) = dictionaryMatch(at: p, allow: nil) else { return nil }
        var expansion = entry.expansion(for: nil)
        if variant == .capitalized { expansion = Self.capitalize(expansion) }
        // "n° 5", "p. 12": the number is part of what is said.
        if entry.conditions.contains(.beforeNumber) && !entry.conditions.contains(.keepNumber) {
            let n = skipSpaces(end)
            if n < s.count, classes[n] == .digit {
                let q = numberEnd(from: n)
                let plain = q - n <= 6 && (q - n == 1 || s[n] != "0") && (n..<q).allSatisfy { classes[$0] == .digit }
                // Only a number standing alone: "pp. 12-15" and "n° 5/7" keep their digits.
                let alone = q >= s.count || classes[q] == .space || classes[q] == .newline
                    || (",;)!?".unicodeScalars.contains(s[q])) || (s[q] == "." && (q + 1 >= s.count || isSpace(q + 1)))
                if plain, alone, let value = parseNumber(n, q, negative: false) {
                    return Match(kind: .abbreviation, start: p, end: q,
                                 spoken: expansion + " " + (try expander.cardinal(value, gender: entry.gender)))
                }
            }
        }
        let keepsPeriod = entry.endsWithPeriod && !entry.conditions.contains(.beforeName) && !entry.conditions.contains(.beforeNumber)
            && (entry.conditions.contains(.street) ? endsText(periodAt: end - 1) : endsSentence(periodAt: end - 1))
        if keepsPeriod { expansion += "." }
        return Match(kind: .abbreviation, start: p, end: end, spoken: expansion)
    }

    /// The entry that applies at `p`, with the variant matched and where it ends.
    /// Among the entries of the longest key that occurs: those whose context conditions
    /// hold win over those without conditions; two different expansions left = ambiguous,
    /// and the text is left alone.
    private func dictionaryMatch(at p: Int, allow: AbbreviationConditions?)
        -> (AbbreviationEntry, AbbreviationMatcher.Variant, Int)? {
        guard let candidates = matcher.patterns[s[p]] else { return nil }
        var index = 0
        while index < candidates.count {
            let length = candidates[index].scalars.count
            var positive: [(Int, AbbreviationMatcher.Variant)] = []
            var neutral: [(Int, AbbreviationMatcher.Variant)] = []
            var occurredAtThisLength = false
            while index < candidates.count && candidates[index].scalars.count == length {
                let pattern = candidates[index]
                index += 1
                guard occurs(pattern.scalars, at: p) else { continue }
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
            let expansions = Set(chosen.map { data.entries[$0.0].forms[.other] ?? "" })
            // An entry as written wins over another entry's capitalised form ("No." over "no.").
            guard expansions.count == 1, let first = chosen.first(where: { $0.1 == .exact }) ?? chosen.first else { return nil }
            return (data.entries[first.0], first.1, p + length)
        }
        return nil
    }

    private func contextHolds(_ context: AbbreviationConditions, start: Int, end: Int) -> Bool {
        if context.contains(.beforeName) {
            let next = skipSpaces(end)
            if next == end && s[end - 1] != "/" && s[end - 1] != "-" { return false }
            if !isName(at: next) { return false }
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
            guard next < s.count, classes[next] == .digit else { return false }
        }
        return true
    }

    /// A capitalised word that is not a sentence starter from the data ("Dupont", not "Puis"),
    /// possibly after name particles from the data ("de Vries", "van der Berg", "de la Fuente").
    private func isName(at i: Int, particles: Int = 0) -> Bool {
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
    private func isSentenceStart(_ p: Int) -> Bool {
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

    // MARK: Output

    private mutating func emit(_ match: Match) {
        let original = string(match.start, match.end)
        if match.spoken == original { return }
        if output.isEmpty { output.reserveCapacity(utf8.count + utf8.count / 4 + 64) }
        copy(upTo: match.start)
        let inputStart = utf16.offset(ofScalar: match.start)
        let inputEnd = utf16.offset(ofScalar: match.end)
        let outStart = (outputScalars, outputUTF16)
        output.append(contentsOf: match.spoken.utf8)
        outputScalars += match.spoken.unicodeScalars.count
        outputUTF16 += match.spoken.utf16.count
        copied = match.end
        rewrites.append(Spoken.Rewrite(kind: match.kind, original: original, spoken: match.spoken,
                                       inputScalars: match.start..<match.end, inputUTF16: inputStart..<inputEnd,
                                       outputScalars: outStart.0..<outputScalars, outputUTF16: outStart.1..<outputUTF16))
    }

    private mutating func copy(upTo end: Int) {
        guard end > copied else { return }
        output.append(contentsOf: utf8[utf8Offsets[copied]..<utf8Offsets[end]])
        // In increasing order: the mapper walks forward (an earlier index would restart it).
        let from = utf16.offset(ofScalar: copied)
        outputUTF16 += utf16.offset(ofScalar: end) - from
        outputScalars += end - copied
        copied = end
    }

    private mutating func finish() -> (text: String, rewrites: [Spoken.Rewrite]) {
        if rewrites.isEmpty { return (scanned.text, []) }
        copy(upTo: s.count)
        return (String(decoding: output, as: UTF8.self), rewrites)
    }
}
