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
/// thread-safe, and the cache of compound-unit formatters is guarded by a lock.
public final class AbbreviationExpander: Sendable {
    public let locale: SpokenLocale
    let numbers: NumberSpeller
    let data: AbbreviationLocaleData
    let matcher: AbbreviationMatcher
    let units: UnitSpeller
    let money: MoneySpeller
    /// Digit groups separated by spaces ("1 234,56") are one number in this locale.
    let groupsWithSpaces: Bool
    let pluralRules: ICUPluralRules
    /// The locale's decimal separator as one scalar ("," in fr), for the scanner's fast path.
    let decimalSeparator: Unicode.Scalar

    /// Throws `unsupportedLocale` when `Locales/` has no abbreviations for the language, and
    /// `malformedLocaleData` (file and line) for a malformed entry or an ICU unit ICU does not know.
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
        let grouping = numbers.parser.groupingSeparator
        groupsWithSpaces = grouping.properties.isWhitespace
        decimalSeparator = numbers.parser.decimalSeparator
        hasGenderedCardinals = numbers.ruleSetNames.contains { $0.hasPrefix("%spellout-cardinal-") }

    }

    /// The text with every abbreviation, unit and amount written out.
    public func expandText(_ text: String) throws -> String {
        try expand(text).text
    }

    /// The expanded text and the list of expansions with their ranges.
    public func expand(_ text: String) throws -> ExpandedText {
        var scan = ExpansionScan(text: text, expander: self)
        return try scan.run()
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
        if let elided = link.elided, Self.startsWithVowel(name) {
            return elided
        }
        return link.word + " "
    }

    static func startsWithVowel(_ word: some StringProtocol) -> Bool {
        guard let first = word.unicodeScalars.first else { return false }
        return "aeiouyhàâäáéèêëíîïóôöúûüAEIOUYHÉÈÊÀÁÍÓÚ".unicodeScalars.contains(first)
    }

    /// Joins spelled words and the name after them, eliding the last word where the data
    /// says so (it "una" + "ora" -> "un'ora"); else with a space.
    func join(_ words: String, _ name: some StringProtocol) -> String {
        if !data.elisions.isEmpty, Self.startsWithVowel(name) {
            let lastStart = words.lastIndex(of: " ").map { words.index(after: $0) } ?? words.startIndex
            if let elided = data.elisions[String(words[lastStart...])] {
                return words[..<lastStart] + elided + name
            }
        }
        return words + " " + name
    }

    func pluralCategory(_ value: DecimalText) throws -> PluralCategory {
        try pluralCategory(value.integer + (value.fraction.isEmpty ? "" : "." + value.fraction))
    }
}

/// Unit formatters: ICU's own unit names, in the plural form and word order ICU gives
/// for the number, with the digits replaced by words. Gender from ICU's unit data.
///
/// Thread-safe: the formatters are thread-safe and the caches are `LRUCache`s.
final class UnitSpeller: Sendable {
    struct Unit: Sendable {
        let formatter: ICUNumberFormatter
        let gender: Gender?
    }

    let localeID: String
    private let simple: [String: Unit]
    /// Compound units made so far (nil: ICU has no such compound).
    private let compound = LRUCache<String, Unit?>(limit: 1024)

    init(locale: SpokenLocale, data: AbbreviationLocaleData) throws {
        localeID = locale.icuID
        var units: [String: Unit] = [:]
        for unit in data.contextUnits where units[unit.icuUnit] == nil {
            guard let made = try Self.make(localeID: locale.icuID, skeleton: "measure-unit/\(unit.icuUnit) unit-width-full-name") else {
                throw SpokenFormError.malformedLocaleData(file: "units.txt", line: 0, message: "ICU has no unit '\(unit.icuUnit)'")
            }
            units[unit.icuUnit] = made
        }
        for symbol in data.units where units[symbol.icuUnit] == nil {
            guard let unit = try Self.make(localeID: locale.icuID, skeleton: "measure-unit/\(symbol.icuUnit) unit-width-full-name") else {
                throw SpokenFormError.malformedLocaleData(file: symbol.file, line: symbol.line,
                                                         message: "ICU has no unit '\(symbol.icuUnit)' (expected an id such as length-kilometer)")
            }
            units[symbol.icuUnit] = unit
        }
        simple = units
    }

    /// The unit of a skeleton; nil when ICU does not accept the skeleton (no such unit).
    static func make(localeID: String, skeleton: String) throws -> Unit? {
        let formatter: ICUNumberFormatter
        do {
            formatter = try ICUNumberFormatter(icuLocaleID: localeID, skeleton: skeleton)
        } catch {
            // ICU rejects a skeleton naming a unit it does not know: the caller says which.
            return nil
        }
        return Unit(formatter: formatter, gender: try formatter.unitGender())
    }

    func unit(_ icuUnit: String) -> Unit? { simple[icuUnit] }

    private struct PhraseKey: Hashable { let formatter: ObjectIdentifier; let decimal: String }
    private let phrases = LRUCache<PhraseKey, (prefix: String, suffix: String)?>(limit: 4096)

    /// ICU's unit phrase for `decimal` with `words` where ICU put the digits
    /// ("5" + "cinq" -> "cinq minutes"); non-breaking spaces become plain spaces.
    /// For whole numbers ICU's words around the number depend only on the plural category,
    /// so the memo keys them by category (`category` given) instead of by number.
    func phrase(_ unit: Unit, decimal: String, words: String, category: PluralCategory? = nil,
                grammar expander: AbbreviationExpander? = nil) throws -> String? {
        let key = category.map { "#" + $0.rawValue } ?? decimal
        let around = try phrases.value(for: PhraseKey(formatter: ObjectIdentifier(unit.formatter), decimal: key)) {
            guard case (let text, let range?) = try unit.formatter.format(decimal) else { return nil }
            return (text[..<range.lowerBound].withPlainSpaces, text[range.upperBound...].withPlainSpaces)
        }
        guard let around else { return nil }
        if let expander, around.suffix.hasPrefix(" ") {
            // The name follows the number: "un million d'euros", "un'ora".
            let name = around.suffix.dropFirst()
            let linked = expander.scaleLink(after: words, before: String(name))
            return around.prefix + (linked.isEmpty ? expander.join(words, name) : words + " " + linked + name)
        }
        return around.prefix + words + around.suffix
    }

    /// "km" per "h" when the data has no entry for "km/h": ICU's `per-measure-unit`.
    func unit(_ numerator: String, per denominator: String) throws -> Unit? {
        try compound.value(for: numerator + "/" + denominator) {
            try Self.make(localeID: localeID, skeleton: "measure-unit/\(numerator) per-measure-unit/\(denominator) unit-width-full-name")
        }
    }
}

/// Amounts of money: ICU's currency plural names, the locale's template from money.txt.
final class MoneySpeller: Sendable {
    let localeID: String
    let data: AbbreviationLocaleData
    let isoCodes: Set<String>
    let minus: (prefix: String, suffix: String)
    let numbers: NumberSpeller

    init(locale: SpokenLocale, data: AbbreviationLocaleData, numbers: NumberSpeller) throws {
        localeID = locale.icuID
        self.data = data
        self.numbers = numbers
        do {
            isoCodes = try ICUCurrency.isoCodes()
        } catch {
            throw SpokenFormError(error)
        }
        let one = try numbers.cardinal(1), minusOne = try numbers.cardinal(-1)
        if let range = minusOne.range(of: one) {
            minus = (String(minusOne[..<range.lowerBound]), String(minusOne[range.upperBound...]))
        } else {
            minus = ("", "")
        }
    }

    private struct NameKey: Hashable { let isoCode: String; let category: PluralCategory }
    private let names = LRUCache<NameKey, String>(limit: 4096)
    private let fractionDigits = LRUCache<String, Int>(limit: 4096)

    /// The currency's name for a plural category: the symbol's own names from money.txt
    /// when given (a bare "$" is "dollars", not ICU's "US dollars"), else ICU's plural name.
    func name(_ isoCode: String, symbol: CurrencySymbol?, category: PluralCategory) throws -> String {
        if let names = symbol?.names { return category == .one ? names.one : names.other }
        return try names.value(for: NameKey(isoCode: isoCode, category: category)) {
            try icuName(isoCode, category: category)
        }
    }

    private func icuName(_ isoCode: String, category: PluralCategory) throws(SpokenFormError) -> String {
        do {
            return try ICUCurrency.pluralName(icuLocaleID: localeID, isoCode: isoCode, category: category)
        } catch {
            throw SpokenFormError(error)
        }
    }

    private static func icuFractionDigits(_ isoCode: String) throws(SpokenFormError) -> Int {
        do {
            return try ICUCurrency.fractionDigits(isoCode)
        } catch {
            throw SpokenFormError(error)
        }
    }

    /// Fills {major} {major-name} {minor} {minor-name} in one pass.
    static func fill(_ template: String, _ values: [String: String]) -> String {
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            result += values[name] ?? ""
            rest = rest[rest.index(after: close)...]
        }
        result += rest
        return result
    }

    /// "1.5" + "million" + USD -> "one point five million dollars": the amount counts millions
    /// of the currency, so it is said as a number and the currency named once, in the plural.
    func speak(_ amount: DecimalText, scale: MoneyScale, isoCode: String, symbol: CurrencySymbol?, expander: AbbreviationExpander) throws -> String {
        let positive = DecimalText(isNegative: false, integer: amount.integer, fraction: amount.fraction)
        let count = positive.isInteger ? try expander.nounCardinal(positive, gender: scale.gender) : try expander.cardinal(positive, gender: nil)
        let scaleWords = count + " " + (try expander.pluralCategory(positive) == .one ? scale.one : scale.other)
        let currency = try name(isoCode, symbol: symbol, category: .other)
        let words = scaleWords + " " + (try expander.scaleLink(after: scaleWords, before: currency)) + currency
        return amount.isNegative ? minus.prefix + words + minus.suffix : words
    }

    /// "12.50" EUR -> "douze euros cinquante" (fr), "five dollars and fifty cents" (en).
    func speak(_ amount: DecimalText, isoCode: String, symbol: CurrencySymbol?, expander: AbbreviationExpander) throws -> String? {
        func category(_ digits: String) throws -> PluralCategory { try expander.pluralCategory(digits) }
        let gender = data.currencyGenders[isoCode] ?? data.currencyGenders["*"]
        let fractionDigits = try self.fractionDigits.value(for: isoCode) { try Self.icuFractionDigits(isoCode) }
        var words: String
        if amount.fraction.count > fractionDigits {
            // More decimals than the currency has: say the number as a decimal.
            let positive = DecimalText(isNegative: false, integer: amount.integer, fraction: amount.fraction)
            words = try expander.nounCardinal(positive, gender: gender) + " " + name(isoCode, symbol: symbol, category: category(positive.description))
        } else {
            let minorDigits = amount.fraction.isEmpty ? "" : amount.fraction + String(repeating: "0", count: fractionDigits - amount.fraction.count)
            let minorValue = String(minorDigits.drop { $0 == "0" })
            let major = DecimalText(isNegative: false, integer: amount.integer)
            let minorName = data.minorNames[isoCode] ?? data.minorNames["*"]
            let kind: String
            if minorValue.isEmpty {
                kind = "major"
            } else if amount.integer == "0", minorName != nil, data.templates["minor"] != nil {
                kind = "minor"
            } else {
                kind = "major-minor"
            }
            guard var template = data.templates[kind] ?? (kind == "major" ? "{major} {major-name}" : nil) else { return nil }
            let majorWords = try expander.nounCardinal(major, gender: gender)
            let majorName = try name(isoCode, symbol: symbol, category: category(major.integer))
            let linked = expander.scaleLink(after: majorWords, before: majorName)
            var values = ["major-name": linked + majorName, "major": majorWords]
            // "{major} {major-name}" with an elision joins the two ("un'altra" style).
            if linked.isEmpty, template.contains("{major} {major-name}") {
                let joined = expander.join(majorWords, majorName)
                if joined != majorWords + " " + majorName {
                    values["major"] = joined
                    values["major-name"] = ""
                    template = template.replacingOccurrences(of: "{major} {major-name}", with: "{major}")
                }
            }
            if !minorValue.isEmpty {
                let minor = DecimalText(isNegative: false, integer: minorValue)
                let minorCategory = try category(minorValue)
                values["minor-name"] = minorName.map { minorCategory == .one ? $0.one : $0.other } ?? ""
                // An unnamed minor part is a number said alone ("ein Euro eins", "een euro één").
                values["minor"] = template.contains("{minor-name}")
                    ? try expander.nounCardinal(minor, gender: minorName?.gender ?? gender)
                    : try expander.cardinal(minor, gender: nil)
            }
            words = Self.fill(template, values)
        }
        if amount.isNegative { words = minus.prefix + words + minus.suffix }
        // An empty {minor-name} leaves a double space.
        return words.split(separator: " ").joined(separator: " ")
    }
}

extension SpokenForm {
    /// Abbreviations, units, amounts of money and ordinals written out (see `AbbreviationExpander`).
    /// Throws `unsupportedLocale` for a language without `Locales/<lang>/abbreviations.txt`.
    public var abbreviations: AbbreviationExpander {
        get throws {
            try capability { try AbbreviationExpander(locale: locale, numbers: numbers, dataStore: dataStore) }
        }
    }

    /// "Dr Martin, 3 av. Foch" -> "docteur Martin, trois avenue Foch" (fr).
    public func expand(_ text: String) throws -> String {
        try abbreviations.expandText(text)
    }

    /// The expanded text with each expansion and its ranges (Unicode scalars and UTF-16).
    public func expansions(_ text: String) throws -> ExpandedText {
        try abbreviations.expand(text)
    }
}

