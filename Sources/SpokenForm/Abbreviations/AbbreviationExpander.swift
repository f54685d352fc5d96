import Foundation

/// Expands what an app shows in short form into what a person says, in one locale:
/// abbreviations ("Dr Martin, 3 av. Foch" -> "docteur Martin, trois avenue Foch"),
/// numbers with units ("5 min" -> "cinq minutes", "10-12 km" -> "dix à douze kilomètres"),
/// amounts of money ("12,50 €" -> "douze euros cinquante") and ordinals ("1er" -> "premier").
///
/// The words come from `Locales/<lang>/abbreviations.txt`, `units.txt` and `money.txt`
/// (mechanisms here, words in data); unit and currency names come from ICU in the plural
/// form ICU's plural rules choose, numbers from `NumberSpeller`. URLs, e-mail addresses,
/// hashtags, code-like tokens and format specifiers (`%@`, `%1$lld`, `%#@count@`, `{name}`)
/// are never touched, nor the inside of a word. Unknown tokens stay as they are.
///
/// Thread-safe: the data is immutable after `init`, ICU number formatters are
/// thread-safe, and the caches are `LRUCache`s.
public final class AbbreviationExpander: Sendable {
    /// The locale whose words the expander writes.
    public let locale: SpokenLocale
    let numbers: NumberSpeller
    let data: AbbreviationLocaleData
    let matcher: AbbreviationMatcher
    let units: UnitSpeller
    let money: MoneySpeller
    let pluralRules: ICUPluralRules
    /// The locale's decimal separator as one scalar ("," in fr), for the scanner's fast path.
    let decimalSeparator: Unicode.Scalar

    /// Throws `unsupportedLocale` when `Locales/` has no abbreviations for the language, and
    /// `malformedLocaleData` (file and line) for a malformed entry or an ICU unit ICU does not know.
    /// - Throws: `SpokenFormError.unsupportedLocale` without `Locales/<lang>/abbreviations.txt`; `malformedLocaleData` (file and line) for a bad entry or a unit ICU does not know.
    public init(locale: SpokenLocale, numbers: NumberSpeller, dataStore: LocaleDataStore = .embedded) throws {
        self.locale = locale
        self.numbers = numbers
        let abbreviationFiles = try dataStore.files(named: "abbreviations.txt", language: locale.language, region: locale.region)
        guard !abbreviationFiles.isEmpty else {
            throw SpokenFormError.unsupportedLocale(locale.tag, capability: "abbreviations")
        }
        data = try AbbreviationLocaleData(
            abbreviations: abbreviationFiles,
            units: dataStore.files(named: "units.txt", language: locale.language, region: locale.region),
            money: dataStore.files(named: "money.txt", language: locale.language, region: locale.region))
        matcher = AbbreviationMatcher(data: data)
        units = try UnitSpeller(locale: locale, data: data)
        money = try MoneySpeller(locale: locale, data: data, numbers: numbers)
        pluralRules = numbers.plurals
        decimalSeparator = numbers.parser.decimalSeparator
        hasGenderedCardinals = numbers.ruleSetNames.contains { $0.hasPrefix("%spellout-cardinal-") }

    }

    /// The text with every abbreviation, unit and amount written out, and each rewrite
    /// with its ranges. Untouched parts of the text are byte-identical.
    /// - Throws: `SpokenFormError.icuFailure` if ICU fails on a number or unit.
    public func expand(_ text: String) throws -> Spoken {
        guard text.utf8.count > Self.pieceBytes else {
            let (spoken, rewrites, _) = try expandWhole(text)
            return Spoken(text: spoken, locale: locale.bcp47, rewrites: rewrites)
        }
        var joined = SpokenPieces(reservingCapacity: text.utf8.count + text.utf8.count / 4)
        for piece in pieces(of: text) {
            let (spoken, pieceRewrites, _) = try expandWhole(String(piece))
            joined.append(spoken, rewrites: pieceRewrites, of: piece)
        }
        return Spoken(text: joined.text, locale: locale.bcp47, rewrites: joined.rewrites)
    }

    /// The expanded text alone: for bulk conversion (CSV cells). Long texts are scanned in
    /// pieces (`pieces(of:)`), so memory stays proportional to one piece.
    /// - Throws: `SpokenFormError.icuFailure` if ICU fails on a number or unit.
    package func expandedText(_ text: String) throws -> String {
        let pieces = text.utf8.count > Self.pieceBytes ? pieces(of: text) : []
        // One piece (a short text, or a huge one without a place to cut it) is expanded as it
        // is: no copy of the input as a piece, and no second copy of the output.
        guard pieces.count > 1 else { return try expandWhole(text, recordingRewrites: false).text }
        var output = ""
        output.reserveCapacity(text.utf8.count + text.utf8.count / 4)
        for piece in pieces {
            output += try expandWhole(String(piece), recordingRewrites: false).text
        }
        return output
    }

    /// One text (or piece) scanned as a whole.
    private func expandWhole(_ text: String, recordingRewrites: Bool = true) throws
        -> (text: String, rewrites: [Spoken.Rewrite], changed: Bool) {
        let (bytes, rewrites) = try expandedBytes(text, recordingRewrites: recordingRewrites)
        guard let bytes else { return (text, [], false) }
        return (String(decoding: bytes, as: UTF8.self), rewrites, true)
    }

    /// The scan of `expandWhole` in a function of its own: its per-scalar tables are freed
    /// when it returns, before the output bytes become a String (on a huge line the tables,
    /// the bytes and the String at once were three copies' worth).
    private func expandedBytes(_ text: String, recordingRewrites: Bool) throws -> (bytes: [UInt8]?, rewrites: [Spoken.Rewrite]) {
        var scanned = ScannedText(text)
        scanned.markProtectedRegions(dottedWords: matcher.dottedKeys)
        var scan = ExpansionScan(scanned, expander: self, recordsRewrites: recordingRewrites)
        try scan.scan()
        return (scan.finishedBytes(), scan.rewrites)
    }

    /// Whether expanding `text` rewrites anything, without recording the rewrites (their
    /// ranges and strings cost about 100 bytes each, on a huge text many times its size).
    func expandsAnything(_ text: String) throws -> Bool {
        for piece in text.utf8.count > Self.pieceBytes ? pieces(of: text) : [text[...]] {
            if try expandWhole(String(piece), recordingRewrites: false).changed { return true }
        }
        return false
    }

    /// The expansion of a text already scanned, with its protected regions marked (the
    /// text normaliser's, so that both read one tokenization of the text).
    func expand(_ scanned: ScannedText) throws -> (text: String, rewrites: [Spoken.Rewrite]) {
        var scan = ExpansionScan(scanned, expander: self)
        return try scan.run()
    }

    /// The matches of a text already scanned (the text normaliser's), without building the
    /// expanded text or the rewrites' ranges: the normaliser writes its own output.
    func expansions(of scanned: ScannedText) throws -> [ExpansionScan.Expansion] {
        var scan = ExpansionScan(scanned, expander: self, recordsRewrites: false, collectsExpansions: true)
        try scan.scan()
        return scan.expansions
    }

    /// The expansion of `written`, a whole abbreviation standing before a code the caller reads
    /// itself ("nº", "n.", "No." before "12345"): entries that need a number after them hold there.
    func expansionBeforeCode(_ written: String) throws -> String? {
        var scanned = ScannedText(written)
        scanned.markProtectedRegions(dottedWords: matcher.dottedKeys)
        guard scanned.count > 0 else { return nil }
        let scan = ExpansionScan(scanned, expander: self, recordsRewrites: false, collectsExpansions: true)
        guard let (entry, variant, end) = scan.dictionaryMatch(at: 0, allow: .beforeNumber), end == scanned.count else { return nil }
        let expansion = entry.expansion(for: nil)
        return variant == .capitalized ? ExpansionScan.capitalize(expansion) : expansion
    }

    /// Texts longer than this are scanned line by line, in pieces of at least this size.
    static let pieceBytes = 256 << 10

    /// `text` cut into pieces of at least `pieceBytes`, so that the scan's per-character tables
    /// (about 11 bytes a character) never hold more than one piece. A cut is made only where no
    /// rule of the scan looks across it, so the pieces expand exactly as the whole text would:
    /// - after a line feed (nothing is matched across one, and it starts a sentence);
    /// - after the space between two lower-case ASCII words of four letters or more, neither of
    ///   which is part of a key with a space ("Mme la"): no number, unit, currency, scale word,
    ///   name, title, sentence end or range is next to it, and the short link words ("de",
    ///   "ago", "à") are excluded by their length.
    /// A text with no such place is one piece (its memory is still linear).
    func pieces(of text: String) -> [Substring] {
        var pieces: [Substring] = []
        let utf8 = text.utf8
        var start = utf8.startIndex
        while start < utf8.endIndex {
            var cut = utf8.index(start, offsetBy: Self.pieceBytes, limitedBy: utf8.endIndex) ?? utf8.endIndex
            while cut < utf8.endIndex && utf8[utf8.index(before: cut)] != 0x0A && !isQuietSpace(before: cut, in: text) {
                cut = utf8.index(after: cut)
            }
            pieces.append(text[start..<cut])
            start = cut
        }
        return pieces
    }

    /// `index` follows a single space between two quiet words (see `pieces(of:)`).
    private func isQuietSpace(before index: String.Index, in text: String) -> Bool {
        let utf8 = text.utf8
        let space = utf8.index(before: index)
        guard utf8[space] == 0x20 else { return false }
        func isLower(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
        // The word before: lower-case ASCII letters back to a space.
        var wordStart = space
        var count = 0
        while wordStart > utf8.startIndex, isLower(utf8[utf8.index(before: wordStart)]) {
            wordStart = utf8.index(before: wordStart)
            count += 1
            if count > 24 { return false }
        }
        guard count >= 4, wordStart > utf8.startIndex, utf8[utf8.index(before: wordStart)] == 0x20 else { return false }
        // The word after: lower-case ASCII letters up to a space.
        var wordEnd = index
        count = 0
        while wordEnd < utf8.endIndex, isLower(utf8[wordEnd]) {
            wordEnd = utf8.index(after: wordEnd)
            count += 1
            if count > 24 { return false }
        }
        guard count >= 4, wordEnd < utf8.endIndex, utf8[wordEnd] == 0x20 else { return false }
        return !matcher.spacedKeyWords.contains(String(text[wordStart..<space]))
            && !matcher.spacedKeyWords.contains(String(text[index..<wordEnd]))
    }

    // MARK: Speaking pieces

    /// Spelled numbers and plural categories met lately: UI text repeats the same few
    /// numbers, and each costs microseconds (ICU calls, polishing) against a hash lookup.
    private struct CardinalKey: Hashable { let value: DecimalText; let gender: Gender? }
    private let cardinals = LRUCache<CardinalKey, String>(limit: 4096)
    private let categories = LRUCache<String, PluralCategory>(limit: 4096)

    func cardinal(_ value: DecimalText, gender: Gender?) throws -> String {
        try cardinals.value(for: CardinalKey(value: value, gender: gender)) { try numbers.cardinal(value, gender: gender) }
    }

    /// Whether ICU's spell-out rules for this locale have gendered cardinals (fr, es, de...).
    let hasGenderedCardinals: Bool

    /// A number before a noun (unit, currency, counted word) is never said as it is alone:
    /// nl "één" alone but "een kilometer". Where the rules have no genders, any gender asks
    /// NumberSpeller for the counting form; elsewhere the noun's own gender (or none) does.
    func nounCardinal(_ value: DecimalText, gender: Gender?) throws -> String {
        try cardinal(value, gender: gender ?? (hasGenderedCardinals ? nil : .masculine))
    }

    /// ICU's plural category of a plain decimal string without sign ("1", "1.50").
    func pluralCategory(_ decimal: String) throws -> PluralCategory {
        if decimal.utf8.count <= 15, let whole = Int(decimal) {
            return try pluralRules.category(of: whole)
        }
        return try categories.value(for: decimal) { try pluralRules.category(of: decimal) }
    }

    /// "de " or "d'" when `words` end with a scale noun ("un million" + "euros" ->
    /// "un million d'euros"), from units.txt `scale-link`; "" otherwise.
    func scaleLink(after words: String, before name: String) -> String {
        guard let link = data.scaleLink, let last = words.split(separator: " ").last,
              link.scaleNouns.contains(String(last)) else { return "" }
        // "1 000 000 d'euros": the text already writes the link.
        let lower = name.lowercased()
        if lower.hasPrefix(link.word + " ") || link.elided.map({ lower.hasPrefix($0) }) == true { return "" }
        if let elided = link.elided, elides(before: name) {
            return elided
        }
        return link.word + " "
    }

    /// Whether a word before `name` takes its elided form (`elides-before` in units.txt).
    func elides(before name: some StringProtocol) -> Bool {
        guard let first = name.unicodeScalars.first else { return false }
        return data.elisionInitials.contains(first)
    }

    /// Joins spelled words and the name after them, eliding the last word where the data
    /// says so (it "una" + "ora" -> "un'ora"); else with a space.
    func join(_ words: String, _ name: some StringProtocol) -> String {
        elided(words, before: name).map { $0 + name } ?? words + " " + name
    }

    /// `words` with its last word in its elided form before `name` ("una" -> "un'" before
    /// "ora"), to be written joined to it; nil when the data elides nothing there.
    func elided(_ words: String, before name: some StringProtocol) -> String? {
        guard !data.elisions.isEmpty, elides(before: name) else { return nil }
        let lastStart = words.lastIndex(of: " ").map { words.index(after: $0) } ?? words.startIndex
        return data.elisions[String(words[lastStart...])].map { words[..<lastStart] + $0 }
    }

    /// The name of a measure written `written` after a fraction ("3/4 cup", "1/2 tsp"), in the
    /// singular or the plural: a unit symbol of units.txt (its ICU name: "oz" -> "ounce") or an
    /// after-number abbreviation that counts (not a street or a kept number: "tsp" ->
    /// "teaspoon"); nil for any other word.
    /// With the name, its gender where known (ICU's for units, the entry's for abbreviations).
    func measureName(_ written: String, plural: Bool) throws -> (name: String, gender: Gender?)? {
        let scalars = Array(written.unicodeScalars)
        let category: PluralCategory = plural ? .other : .one
        if let unit = data.units.first(where: { $0.symbol == scalars }) {
            guard !unit.numberAlone, let speller = units.unit(unit.icuUnit),
                  let name = try units.phrase(speller, decimal: plural ? "2" : "1", words: "", category: category, grammar: self)?.trimmingSpaces() else { return nil }
            return (name, try speller.gender)
        }
        let excluded: AbbreviationConditions = [.street, .keepNumber]
        guard let entry = data.entries.first(where: { $0.key == scalars && $0.conditions.contains(.afterNumber) && $0.conditions.isDisjoint(with: excluded) }) else {
            return nil
        }
        return (entry.expansion(for: category), entry.gender)
    }

    func pluralCategory(_ value: DecimalText) throws -> PluralCategory {
        try pluralCategory(value.integer + (value.fraction.isEmpty ? "" : "." + value.fraction))
    }
}
