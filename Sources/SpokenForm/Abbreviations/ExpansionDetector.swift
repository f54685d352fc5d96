/// Abbreviations, units, money and suffixed ordinals for `TextNormalizer`, found by
/// `AbbreviationExpander`'s scan over the normaliser's own `ScannedText` (one
/// tokenization, one set of protected regions): its rewrites become candidates.
struct ExpansionDetector: TextDetector {
    var classes: Set<Spoken.Rewrite.Kind> { [.abbreviation, .unit, .money, .ordinal] }

    func detect(in text: ScannedText, context: TextContext, into candidates: inout [TextCandidate]) throws {
        guard let expander = context.expander else { return }
        try detect(in: text, context: context, expansions: try expander.expansions(of: text), into: &candidates)
    }

    /// The candidates of `expansions`, the expander's rewrites of `text` (read already by the caller).
    func detect(in text: ScannedText, context: TextContext, expansions: [ExpansionScan.Expansion],
                into candidates: inout [TextCandidate]) throws {
        guard let expander = context.expander else { return }
        try Self.propose(expansions, in: text, expander: expander, data: context.data, into: &candidates)
        var p = 0
        try SignedAmounts.walk(text, expander, from: &p, until: text.count, into: &candidates)
    }

    /// Two walks, in `detect`'s order: the expander's scan, then the amounts after a "+".
    func passes(over text: ScannedText, context: TextContext) -> [any TextDetectorPass] {
        guard let expander = context.expander else { return [] }
        return [ScanPass(text: text, expander: expander, data: context.data), SteppedPass(SignedAmounts(text: text, expander: expander))]
    }

    private static func propose(_ expansions: [ExpansionScan.Expansion], in text: ScannedText, expander: AbbreviationExpander,
                                data: TextLocaleData, into candidates: inout [TextCandidate]) throws {
        for expansion in expansions {
            if expansion.kind == .money, let scaled = try scaledAmount(expansion, in: text, expander: expander, data: data) {
                candidates.append(scaled)
                continue
            }
            // Amounts and measures are whole phrases: they outrank a date or number read inside them.
            let priority = expansion.kind == .money || expansion.kind == .unit ? 2 : 1
            candidates.append(TextCandidate(start: expansion.inputScalars.lowerBound, end: expansion.inputScalars.upperBound,
                                            kind: expansion.kind, spoken: expansion.spoken, priority: priority))
        }
    }

    /// The expander's scan in steps; its matches become candidates as they are found.
    struct ScanPass: TextDetectorPass {
        let text: ScannedText
        let expander: AbbreviationExpander
        let data: TextLocaleData
        private var scan: ExpansionScan

        init(text: ScannedText, expander: AbbreviationExpander, data: TextLocaleData) {
            self.text = text
            self.expander = expander
            self.data = data
            scan = ExpansionScan(text, expander: expander, recordsRewrites: false, collectsExpansions: true)
        }

        var position: Int { scan.position < text.count ? scan.position : Int.max }

        mutating func run(until limit: Int, into candidates: inout [TextCandidate]) throws {
            try scan.scan(until: limit)
            try ExpansionDetector.propose(scan.expansions, in: text, expander: expander, data: data, into: &candidates)
            scan.expansions.removeAll(keepingCapacity: true)
        }
    }

    /// The expander reads only a minus sign glued to a number: after "+" ("+5 °C") the unit or
    /// amount is asked for on its own, and the normaliser says the plus sign.
    struct SignedAmounts: TextWalker {
        let text: ScannedText
        let expander: AbbreviationExpander

        func walk(from p: inout Int, until limit: Int, into candidates: inout [TextCandidate]) throws {
            try Self.walk(text, expander, from: &p, until: limit, into: &candidates)
        }

        /// Static, on borrowed arguments: a label's walk makes no walker (a copy of the text
        /// retains a dozen buffers).
        static func walk(_ text: ScannedText, _ expander: AbbreviationExpander, from p: inout Int, until limit: Int,
                         into candidates: inout [TextCandidate]) throws {
            // A local position and end: the loop visits every scalar of a label.
            var q = p
            defer { p = q }
            let scalars = text.scalars, last = scalars.count - 1
            while q < last && q < limit {
                if scalars[q] == "+", text.isDigit(q + 1), !text.isWordChar(q - 1) {
                    let end = min(text.count, q + 41)
                    if let first = try expander.expand(text.string(q + 1, end)).rewrites.first, first.inputScalars.lowerBound == 0,
                       first.kind == .unit || first.kind == .money {
                        candidates.append(TextCandidate(start: q + 1, end: q + 1 + first.inputScalars.upperBound,
                                                        kind: first.kind, spoken: first.spoken, priority: 2))
                    }
                }
                q += 1
            }
            // The last scalar cannot start an amount: the walk is over.
            if q >= last { q = scalars.count }
        }
    }

    /// "$10/mo" -> "... per month": a slash and a word of money.txt `per` right after an amount
    /// the expander did not read whole (a scale word of text.txt); where that ends and what it says.
    private static func moneyPer(after end: Int, in text: ScannedText, expander: AbbreviationExpander) -> (Int, String)? {
        guard !expander.data.moneyPer.isEmpty, text.isOneOf(end, "/"), let (word, wordEnd) = text.word(at: end + 1),
              !text.isDigit(wordEnd), let said = expander.data.moneyPer[word] else { return nil }
        return (wordEnd, said)
    }

    /// "$2.5 million" -> "two point five million dollars", "2,5 Mrd. €"... : an amount with a
    /// symbol before it and a scale word after is said as a number, the scale, then the
    /// currency's plural name (with the scale link of units.txt: "millions d'euros").
    private static func scaledAmount(_ expansion: ExpansionScan.Expansion, in text: ScannedText, expander: AbbreviationExpander,
                              data: TextLocaleData) throws -> TextCandidate? {
        let start = expansion.inputScalars.lowerBound, end = expansion.inputScalars.upperBound
        guard let scale = text.scaleWord(after: end, data: data, glued: true) else { return nil }
        // The symbol is what precedes the first digit (after a sign), the amount what follows.
        var digitStart = start
        while digitStart < end && !text.isDigit(digitStart) { digitStart += 1 }
        guard digitStart < end, digitStart > start else { return nil }
        let symbolText = text.string(start, digitStart).trimmingSpaces()
        guard let symbol = expander.data.currencySymbols.first(where: { String(String.UnicodeScalarView($0.symbol)) == symbolText }),
              let value = expander.numbers.value(of: text.string(digitStart, end)) else { return nil }
        let category = try expander.pluralCategory(value)
        let number = try expander.cardinal(value, gender: nil) + " " + scale.forms.form(for: category)
        let name = try expander.money.name(symbol.isoCode, symbol: symbol, category: .other)
        var spoken = number + " " + expander.scaleLink(after: number, before: name) + name, stop = scale.end
        while let (perEnd, per) = moneyPer(after: stop, in: text, expander: expander) {
            stop = perEnd
            spoken += " " + per
        }
        return TextCandidate(start: start, end: stop, kind: .money, spoken: spoken, priority: 2)
    }
}
