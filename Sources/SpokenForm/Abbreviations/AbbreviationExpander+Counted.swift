/// A word a count goes with, as a template writes it next to a placeholder: a unit symbol
/// ("%d km", "%.1f °C"), a currency symbol or code ("%@ €", "$%d", "%d CHF") or a counted
/// abbreviation ("%d Pers."). Its spoken form depends on the count, which a template only
/// knows at run time: `AbbreviationExpander.phrase(_:around:count:)` says it for a sample
/// count of each plural category, so that a tool can write one form per category.
package struct CountedNoun: Sendable, Hashable {
    /// What kind of word it is.
    package enum Kind: String, Sendable, Hashable {
        /// A unit of `units.txt`, named by ICU.
        case unit
        /// A currency symbol of `money.txt` or the ISO code of one, named by ICU or `money.txt`.
        case currency
        /// An `after-number` abbreviation of `abbreviations.txt` ("Pers.", "pers.", "hab.").
        case noun
    }

    /// What kind of word it is.
    package let kind: Kind
    /// The word as written ("km", "€", "Pers.").
    package let written: String
    /// The ICU unit (`length-kilometer`, or `a/b` for two listed symbols around "/").
    let icuUnit: String?
    /// The currency's ISO code.
    let isoCode: String?
    /// The abbreviation's forms by plural category (`other` always there).
    let forms: [PluralCategory: String]
    /// Not a unit when a number follows (fr "h": "5 h 30" is a time), `not-before-number` in units.txt.
    package let notBeforeNumber: Bool

    /// Whether the word may stand before the placeholder ("$%d", "€ %@"), not only after it.
    package var goesBeforeAmount: Bool { kind == .currency && !written.unicodeScalars.contains { $0.properties.isLowercase } }
}

/// The sample counts of one locale's plural categories (`ICUPluralRules`), by the number of
/// fraction digits a count is shown with.
private let pluralSampleCache = LRUCache<String, [(category: PluralCategory, sample: String)]>(limit: 1024)

extension AbbreviationExpander {
    /// Every word `countedNoun(_:)` knows, longest first (so that "km/h" is found before
    /// "km"): unit symbols, currency symbols and the ISO codes of the currencies
    /// `money.txt` lists, and `after-number` abbreviations that count ("Pers.").
    package var countedNounWords: [String] {
        var words = Set(data.units.filter { !$0.numberAlone }.map { String(String.UnicodeScalarView($0.symbol)) })
        for symbol in data.currencySymbols {
            words.insert(String(String.UnicodeScalarView(symbol.symbol)))
            words.insert(symbol.isoCode)
        }
        for entry in data.entries where Self.counts(entry) { words.insert(entry.keyText) }
        return words.filter { !$0.isEmpty && !$0.contains("%") }.sorted { ($0.unicodeScalars.count, $1) > ($1.unicodeScalars.count, $0) }
    }

    /// An `after-number` entry that counts what its number says ("3 Pers."), not a street
    /// ("3 av.") nor a word whose number stays in digits ("12 sept.").
    private static func counts(_ entry: AbbreviationEntry) -> Bool {
        entry.conditions.contains(.afterNumber) && entry.conditions.isDisjoint(with: [.street, .keepNumber, .beforeNumber, .beforeName, .afterName])
    }

    /// The word `written` as a count goes with it; nil when the data does not know it or
    /// gives it two readings (never guessed).
    ///
    /// - Parameters:
    ///   - written: the word as written after (or, for a currency, before) the placeholder.
    ///   - previousUnit: the written unit of the count just before, when there is one ("h" in
    ///     "%dh %dm": "m" after hours is minutes, `unit-in-context` in units.txt).
    ///   - nextWord: the word after it ("ago" in "%dm ago").
    package func countedNoun(_ written: String, previousUnit: String? = nil, nextWord: String? = nil) -> CountedNoun? {
        let scalars = Array(written.unicodeScalars)
        func icuUnit(_ symbol: some Collection<Unicode.Scalar>) -> String? {
            data.units.first { $0.symbol.elementsEqual(symbol) && !$0.numberAlone }?.icuUnit
        }
        if let previous = previousUnit.flatMap({ icuUnit($0.unicodeScalars) }) ?? nil,
           let rule = data.contextUnits.first(where: { $0.symbol == scalars && $0.afterUnit == previous }) {
            return CountedNoun(kind: .unit, written: written, icuUnit: rule.icuUnit, isoCode: nil, forms: [:], notBeforeNumber: false)
        }
        if let nextWord, let rule = data.contextUnits.first(where: { $0.symbol == scalars && $0.beforeWord == nextWord.lowercased() }) {
            return CountedNoun(kind: .unit, written: written, icuUnit: rule.icuUnit, isoCode: nil, forms: [:], notBeforeNumber: false)
        }
        if let unit = data.units.first(where: { $0.symbol == scalars && !$0.numberAlone }) {
            return CountedNoun(kind: .unit, written: written, icuUnit: unit.icuUnit, isoCode: nil, forms: [:], notBeforeNumber: unit.notBeforeNumber)
        }
        if let symbol = data.currencySymbols.first(where: { $0.symbol == scalars }) {
            return CountedNoun(kind: .currency, written: written, icuUnit: nil, isoCode: symbol.isoCode, forms: [:], notBeforeNumber: false)
        }
        if data.currencySymbols.contains(where: { $0.isoCode == written }) {
            return CountedNoun(kind: .currency, written: written, icuUnit: nil, isoCode: written, forms: [:], notBeforeNumber: false)
        }
        // Two listed units around "/" ("min/km"): ICU's per pattern.
        if let compound = unitNoun(written) { return compound }
        let entries = data.entries.filter { $0.key == scalars && Self.counts($0) }
        guard let entry = entries.first, entries.allSatisfy({ $0.forms == entry.forms }) else { return nil }
        return CountedNoun(kind: .noun, written: written, icuUnit: nil, isoCode: nil, forms: entry.forms, notBeforeNumber: false)
    }

    /// ICU's plural category of a count written as a plain decimal ("1", "1.5").
    /// - Throws: `SpokenFormError.icuFailure` when ICU fails to choose one.
    package func pluralCategory(ofCount count: String) throws -> PluralCategory {
        try pluralCategory(count)
    }

    /// What is said for `count` of `noun`, with `placeholder` where the number goes:
    /// ("%d", "km", "1") -> "%d kilomètre", ("%d", "km", "2") -> "%d kilomètres", ("%@",
    /// "€", "2") -> "%@ euros". The words come from ICU (unit patterns, currency plural
    /// names) or the locale data, in the form of `count`'s plural category; the number is
    /// never spoken, `placeholder` stands for it. nil when ICU has no name for the unit.
    ///
    /// - Parameters:
    ///   - noun: the word, from `countedNoun(_:previousUnit:nextWord:)`.
    ///   - placeholder: the text written where the number goes (a format specifier).
    ///   - count: a count of the plural category wanted, as a plain decimal ("1", "1.5"): from
    ///     `pluralSamples(fractionDigits:)`.
    /// - Throws: `SpokenFormError.icuFailure` when ICU fails on the unit or the count.
    package func phrase(_ noun: CountedNoun, around placeholder: String, count: String) throws -> String? {
        switch noun.kind {
        case .unit:
            guard let unit = try resolvedUnit(noun.icuUnit ?? "") else { return nil }
            return try units.phrase(unit, decimal: count, words: placeholder)
        case .currency:
            guard let isoCode = noun.isoCode else { return nil }
            let symbol = data.currencySymbols.first { String(String.UnicodeScalarView($0.symbol)) == noun.written }
            let name = try money.name(isoCode, symbol: symbol, category: pluralCategory(count))
            let template = data.templates["major"] ?? "{major} {major-name}"
            return MoneySpeller.fill(template, ["major": placeholder, "major-name": name]).split(separator: " ").joined(separator: " ")
        case .noun:
            let category = try pluralCategory(count)
            return placeholder + " " + (noun.forms[category] ?? noun.forms[.other] ?? "")
        }
    }

    /// The unit of a units.txt id, or of two ids around "/" (ICU's per pattern).
    private func resolvedUnit(_ id: String) throws -> UnitSpeller.Unit? {
        if let unit = units.unit(id) { return unit }
        guard let slash = id.firstIndex(of: "/") else { return nil }
        return try units.unit(String(id[..<slash]), per: String(id[id.index(after: slash)...]))
    }

    /// The name of a unit symbol standing alone, in the form after a count of `category`
    /// ("km/h", other -> "kilomètres par heure"; "kg", one -> "kilogramme", as after "par"):
    /// a listed symbol or two listed symbols around "/"; nil for a symbol the data does not list.
    /// - Throws: `SpokenFormError.icuFailure` when ICU fails on the unit.
    package func unitName(_ symbol: String, category: PluralCategory) throws -> String? {
        guard let noun = unitNoun(symbol) else { return nil }
        let samples = try pluralSamples(fractionDigits: 0)
        guard let sample = samples.first(where: { $0.category == category })?.sample ?? samples.last?.sample,
              let phrase = try phrase(noun, around: "\u{1}", count: sample) else { return nil }
        let name = phrase.replacingOccurrences(of: "\u{1}", with: "").trimmingSpaces()
        return name.isEmpty ? nil : name
    }

    /// A unit symbol, or two listed symbols around "/" ("mg/l"), as a counted unit.
    private func unitNoun(_ symbol: String) -> CountedNoun? {
        func icuUnit(_ written: Substring) -> String? {
            data.units.first { String(String.UnicodeScalarView($0.symbol)) == written && !$0.numberAlone }?.icuUnit
        }
        if let id = icuUnit(symbol[...]) { return CountedNoun(kind: .unit, written: symbol, icuUnit: id, isoCode: nil, forms: [:], notBeforeNumber: false) }
        guard let slash = symbol.firstIndex(of: "/"), let top = icuUnit(symbol[..<slash]),
              let bottom = icuUnit(symbol[symbol.index(after: slash)...]) else { return nil }
        return CountedNoun(kind: .unit, written: symbol, icuUnit: top + "/" + bottom, isoCode: nil, forms: [:], notBeforeNumber: false)
    }

    /// The plural categories this locale's counts fall into when shown with `fractionDigits`
    /// digits after the decimal separator (0: whole numbers), each with the smallest sample
    /// count found, in CLDR's order (zero, one, two, few, many, other). French whole numbers:
    /// one (0), many (1000000), other (2); French with one digit: one (0.1), other (2.1);
    /// English with one digit: other only ("1.5 kilometers").
    /// - Parameter fractionDigits: the digits shown after the separator (0 to 9).
    /// - Throws: `SpokenFormError.icuFailure` when ICU fails to choose a category.
    package func pluralSamples(fractionDigits: Int) throws -> [(category: PluralCategory, sample: String)] {
        try Self.pluralSamples(rules: pluralRules, localeID: locale.icuID, fractionDigits: fractionDigits)
    }

    /// `pluralSamples(fractionDigits:)` for any locale ICU has plural rules for, with the
    /// phrase of an ICU unit for each category's sample: ("length-kilometer", "ru", "%d") ->
    /// one "%d километр", few "%d километра", many "%d километров", other "%d километра".
    /// For a language SpokenForm has no unit data for, this is what ICU alone says.
    ///
    /// - Parameters:
    ///   - icuUnit: ICU's unit id with its type (`length-kilometer`).
    ///   - localeID: an ICU locale id (`ru`, `fr_FR`).
    ///   - placeholder: the text written where the number goes.
    ///   - fractionDigits: the digits the count is shown with after the separator.
    /// - Returns: the categories in CLDR's order with their phrases; nil when ICU has no such unit.
    /// - Throws: `SpokenFormError.icuFailure` when ICU cannot open the locale's rules.
    package static func unitPhrases(icuUnit: String, localeID: String, placeholder: String, fractionDigits: Int = 0) throws -> [(category: PluralCategory, phrase: String)]? {
        let rules: ICUPluralRules
        do { rules = try ICUPluralRules(icuLocaleID: localeID) } catch { throw SpokenFormError(error) }
        guard let unit = try UnitSpeller.make(localeID: localeID, skeleton: UnitSpeller.stem(icuUnit) + " unit-width-full-name") else { return nil }
        var result: [(category: PluralCategory, phrase: String)] = []
        for (category, sample) in try pluralSamples(rules: rules, localeID: localeID, fractionDigits: fractionDigits) {
            let (text, range) = try unit.formatter.format(sample)
            guard let range else { return nil }
            result.append((category, text[..<range.lowerBound].withPlainSpaces + placeholder + text[range.upperBound...].withPlainSpaces))
        }
        return result
    }

    private static func pluralSamples(rules: ICUPluralRules, localeID: String, fractionDigits: Int) throws -> [(category: PluralCategory, sample: String)] {
        let digits = max(0, min(9, fractionDigits))
        return try pluralSampleCache.value(for: localeID + "#" + String(digits)) {
            var found: [PluralCategory: String] = [:]
            // Whole parts 0-199 and powers of ten (French and Spanish "many" is a multiple of a
            // million); fractions ending in 1 and 5 at the shown precision (".01", ".05"). ICU
            // drops a fraction's trailing zeros before it chooses ("1.0" is read as 1, "one" in
            // English where CLDR's visible digits make it "other"), so none is sampled: a count
            // whose fraction is all zeros takes the category of the others (Spanish "1,0" is
            // "one" in CLDR, here "other").
            let wholes = Array(0...199) + [1000, 10000, 100_000, 1_000_000, 10_000_000]
            let fractions = digits == 0 ? [""] : ["1", "5"].map { String(repeating: "0", count: digits - 1) + $0 }
            for whole in wholes {
                for fraction in fractions {
                    let sample = fraction.isEmpty ? String(whole) : String(whole) + "." + fraction
                    let category = try rules.category(of: sample)
                    if found[category] == nil { found[category] = sample }
                }
                if found.count == PluralCategory.allCases.count { break }
            }
            return PluralCategory.allCases.compactMap { category in found[category].map { (category, $0) } }
        }
    }
}
