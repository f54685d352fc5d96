/// One pass of `AbbreviationExpander` over a `ScannedText` (the library's one tokenizer:
/// its scalar classes, protected regions and offset tables), walking word and number
/// starts and trying in turn money, units, ordinals and the dictionary.
///
/// Our own scanner rather than ICU's word break iterator or regexes: it needs the
/// neighbours of each token (number before, name after, sentence start), and a
/// table-driven pass over scalars is what meets the throughput target.
struct ExpansionScan {
    let scanned: ScannedText
    let expander: AbbreviationExpander
    let matcher: AbbreviationMatcher
    let data: AbbreviationLocaleData
    let s: [Unicode.Scalar]
    /// The text's UTF-8 and, per scalar index, its UTF-8 offset (count + 1 entries): pieces of
    /// the input are copied and cut as bytes, never rebuilt scalar by scalar.
    let utf8: [UInt8]
    let utf8Offsets: UTF8OffsetTable
    let classes: [ScannedText.CharClass]
    let protected: ScalarFlags

    var output: [UInt8] = []
    /// Where the last range of weekdays ended: hours right after it are opening hours ("lun.-ven. 9-18").
    var lastDayRangeEnd: Int?
    /// Where the last ordinal ended: a dash and an ordinal right after it make a range ("1er-3e").
    var lastOrdinalEnd: Int?
    var rewrites: [Spoken.Rewrite] = []
    /// Whether each rewrite is recorded with its ranges: bulk conversion wants the text alone,
    /// and a rewrite costs about 100 bytes (a huge cell of short abbreviations cost 15 times
    /// its size in rewrites nobody read; issue 18, finding 5).
    let recordsRewrites: Bool
    /// Whether the scan only collects its matches into `expansions` (for the text normaliser,
    /// which builds its own output): no output bytes, no rewrite ranges.
    let collectsExpansions: Bool
    var expansions: [Expansion] = []
    /// Whether any match changed the text (the output is the input itself otherwise).
    var changed = false
    /// How much of the input is copied to the output so far (a scalar index).
    var copied = 0
    var utf16: UTF16Offsets
    var outputScalars = 0
    var outputUTF16 = 0

    /// A scan of `scanned`, whose protected regions must be marked already.
    init(_ scanned: ScannedText, expander: AbbreviationExpander, recordsRewrites: Bool = true, collectsExpansions: Bool = false) {
        self.scanned = scanned
        self.recordsRewrites = recordsRewrites
        self.collectsExpansions = collectsExpansions
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
        try scan()
        return finish()
    }

    /// Where the scan stands (see `scan(until:)`).
    private(set) var position = 0

    /// The scan itself: matches are emitted into `output` and `rewrites` (or `expansions`).
    /// With a `limit`, it stops at the first word or match start from `limit` on and goes on
    /// from there at the next call: the text normaliser reads a long text a window at a time.
    mutating func scan(until limit: Int = .max) throws {
        var p = position
        let n = s.count
        defer { position = p }
        while p < n && p < limit {
            if protected[p] {
                while p < n && protected[p] { p += 1 }
                continue
            }
            let c = classes[p]
            if c == .space || c == .newline { p += 1; continue }
            let atStart = p == 0 || !(classes[p - 1] == .letter || classes[p - 1] == .digit) || c == .digit && afterGluedTimesSign(p)
            if atStart, let match = try matchAt(p) {
                emit(match)
                if match.isDayRange { lastDayRangeEnd = match.end }
                if match.kind == .ordinal { lastOrdinalEnd = match.end }
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
    }

    /// "30 cm" in "20x30 cm": for the text normaliser, whose number reader says "20x" ("twenty
    /// by") when a length's unit follows (`NumberDetector` `product`), a number after a letter
    /// x glued to a whole number starts a match. The same shape as there: the first number
    /// stands alone and does not start with 0 ("0x30"), the unit is a length's ("3x5 min"
    /// stays written). `expand` alone would leave "20xthirty centimeters".
    func afterGluedTimesSign(_ p: Int) -> Bool {
        guard collectsExpansions, p > 1, classes[p] == .digit, s[p - 1] == "x" || s[p - 1] == "X", classes[p - 2] == .digit else { return false }
        var j = p - 2
        while j > 0 && classes[j - 1] == .digit { j -= 1 }
        guard s[j] != "0", j == 0 || isSpace(j - 1) || "(«\"'‘“[".unicodeScalars.contains(s[j - 1]) else { return false }
        let q = numberEnd(from: p)
        let u = q < s.count && (s[q] == " " || s[q].isNoBreakSpace) ? q + 1 : q
        return unitSymbol(at: u)?.icuUnit.hasPrefix("length-") == true
    }

    // MARK: Matches

    struct Match {
        var kind: Spoken.Rewrite.Kind
        var start: Int
        var end: Int
        var spoken: String
        var isDayRange = false
    }

    func matchAt(_ p: Int) throws -> Match? {
        guard var m = try matchStarting(at: p) else { return nil }
        // "$5/user/month": each listed word after a slash is said.
        while m.kind == .money, m.end < s.count, s[m.end] == "/", let (end, per) = moneyPer(at: m.end + 1) {
            m.end = end
            m.spoken += " " + per
        }
        return m
    }

    /// "$10/mo" -> "... per month", "15 €/mois" -> "... par mois", "2,5 M€/an": the word after
    /// an amount's slash, when money.txt `per` lists it; where it ends and what it says.
    func moneyPer(at i: Int) -> (end: Int, said: String)? {
        guard !data.moneyPer.isEmpty, i < s.count, classes[i] == .letter else { return nil }
        var e = i
        while e < s.count && classes[e] == .letter { e += 1 }
        if e < s.count && classes[e] == .digit { return nil }
        guard let said = data.moneyPer[string(i, e).lowercased()] else { return nil }
        return (e, said)
    }

    private func matchStarting(at p: Int) throws -> Match? {
        let c = classes[p]
        if c == .digit {
            if let m = try matchHourRange(at: p) { return m }
            return try matchNumberPhrase(numberStart: p, signStart: signStart(before: p))
        }
        if c == .letter, let m = matchDayRange(at: p) { return m }
        if c == .letter, let m = try matchRoman(at: p) { return m }
        if c == .letter, let m = try matchCompoundEnd(at: p) { return m }
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
        // "~5 km", "(<5 km)", "≥18 ans": the amount after a tilde or a comparison sign is read
        // as after a space; the sign itself stays (`text` says it with the data's word,
        // TextNormalizer.attachSigns).
        if s[p] == "~" || s[p] == "<" || s[p] == ">" || s[p] == "≤" || s[p] == "≥", p + 1 < s.count, classes[p + 1] == .digit,
           p == 0 || isSpace(p - 1) || s[p - 1] == "(" || s[p - 1] == "[",
           let m = try matchNumberPhrase(numberStart: p + 1, signStart: nil, afterSign: true) {
            return m
        }
        // A glance at the last letter of the word before, before any call (every word starts here).
        if c == .letter, p >= 2, classes[p - 1] == .space, data.mayEndPerWord(s[p - 2]), let m = try matchUnitAfterPer(at: p) { return m }
        // "%d min.", "%1$d Std.": the count is the app's, filled in later.
        if c == .letter, p >= 2, classes[p - 1] == .space, protected[p - 2], followsIntegerSpecifier(p) {
            return try matchAfterIntegerSpecifier(at: p)
        }
        return try matchDictionary(at: p)
    }

    /// "1,05 € par kg", "$1.05 per kg", "pro m²": a unit symbol standing alone after the
    /// locale's word for "per" (units.txt `per-unit-word`) is said as the unit's singular name
    /// ("par kilogramme", "per kilogram", "pro Quadratmeter").
    func matchUnitAfterPer(at p: Int) throws -> Match? {
        // This runs at every word's start: the word before is looked at first, on scalars, and
        // only after one of the short words of `per-unit-word` is a unit looked up.
        guard data.perWordLength > 0 else { return nil }
        var j = p - 1
        while j >= 0 && classes[j] == .space { j -= 1 }
        let wordEnd = j + 1
        while j >= 0 && classes[j] == .letter && wordEnd - j <= data.perWordLength { j -= 1 }
        let wordStart = j + 1
        let length = wordEnd - wordStart
        guard length > 0, length < 64, data.perWordLengths & (1 << length) != 0, j < 0 || classes[j] != .letter else { return nil }
        var isPerWord = false
        for word in data.perWords where word.count == length {
            var k = 0
            while k < length {
                let written = s[wordStart + k].value
                guard word[k].value == (written >= 0x41 && written <= 0x5A ? written + 0x20 : written) else { break }
                k += 1
            }
            if k == length { isPerWord = true; break }
        }
        guard isPerWord, let unit = unitSymbol(at: p), !unit.numberAlone,
              // A one-letter symbol is a word too often ("par l'utilisateur", "per s").
              unit.symbol.count >= 2 else { return nil }
        let end = p + unit.symbol.count
        guard end >= s.count || classes[end] == .space || classes[end] == .newline || ".,;:!?)".unicodeScalars.contains(s[end]) else { return nil }
        guard let speller = expander.units.unit(unit.icuUnit),
              let name = try expander.units.phrase(speller, decimal: "1", words: "", category: .one, grammar: expander)?.trimmingSpaces(),
              !name.isEmpty else { return nil }
        return Match(kind: .unit, start: p, end: end, spoken: name)
    }

    func isSpace(_ i: Int) -> Bool { i >= 0 && i < s.count && (classes[i] == .space || classes[i] == .newline) }

    /// A minus sign right before a number, at a word start ("-3,20 €", not "10-12").
    func signStart(before p: Int) -> Int? {
        guard p > 0, s[p - 1] == "-" || s[p - 1] == "\u{2212}" else { return nil }
        return p - 1 == 0 || isSpace(p - 2) ? p - 1 : nil
    }

    /// Where a number written in the locale's notation ends ("1 234,56", "1,234.56", "10.5").
    func numberEnd(from p: Int) -> Int { expander.numbers.numberEnd(in: scanned, from: p) }

    /// Skips horizontal spaces (not line breaks) from `i`.
    func skipSpaces(_ i: Int) -> Int {
        var j = i
        while j < s.count && classes[j] == .space { j += 1 }
        return j
    }

    /// The text from scalar `start` to `end`. A reversed or outlying pair is a reader's bug:
    /// it stops a debug build (the tests and fuzzers), and in a release build gives what lies
    /// inside the text rather than trapping on a user's input.
    func string(_ start: Int, _ end: Int) -> String {
        assert(0 <= start && start <= end && end <= s.count, "string(\(start), \(end)) of \(s.count) scalars")
        let lower = min(max(start, 0), s.count), upper = min(max(end, lower), s.count)
        return String(decoding: utf8[utf8Offsets[lower]..<utf8Offsets[upper]], as: UTF8.self)
    }

    /// The value written from `start` to `end` (`NumberSpeller.value(in:_:_:negative:signedZero:)`):
    /// "-0,0 °C" is zero degrees.
    func parseNumber(_ start: Int, _ end: Int, negative: Bool) -> DecimalText? {
        expander.numbers.value(in: scanned, start, end, negative: negative, signedZero: false)
    }

    /// A cheap first test for `occurs` where `pattern` starts with the scalar at `i`: its second
    /// scalar matches too (most patterns of a first letter fail here, before any call).
    @inline(__always)
    func mayOccur(_ pattern: [Unicode.Scalar], at i: Int) -> Bool {
        pattern.count < 2 || (i + 1 < s.count && s[i + 1] == pattern[1])
    }

    /// Does `pattern` occur at `i`, whole (not followed by more of a word)?
    @inline(__always)
    func occurs(_ pattern: [Unicode.Scalar], at i: Int) -> Bool { scanned.occurs(pattern, at: i) }
}
