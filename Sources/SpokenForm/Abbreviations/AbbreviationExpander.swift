import CICU
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
    let pluralRules: ICUPluralRules?
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
    public func expandText(_ text: String) -> String {
        expand(text).text
    }

    /// The expanded text and the list of expansions with their ranges.
    public func expand(_ text: String) -> ExpandedText {
        var scan = ExpansionScan(text: text, expander: self)
        return scan.run()
    }

    // MARK: Speaking pieces

    private struct CardinalKey: Hashable { let value: DecimalText; let gender: Gender? }
    private let cardinals = SpokenCache<CardinalKey, String>()
    private let categories = SpokenCache<String, PluralCategory>()

    func cardinal(_ value: DecimalText, gender: Gender?) -> String {
        cardinals.value(for: CardinalKey(value: value, gender: gender)) { numbers.cardinal(value, gender: gender) }
    }

    /// Whether ICU's spell-out rules for this locale have gendered cardinals (fr, es, de...).
    let hasGenderedCardinals: Bool

    /// A number before a noun (unit, currency, counted word) is never said as it is alone:
    /// nl "één" alone but "een kilometer". Where the rules have no genders, any gender asks
    /// NumberSpeller for the counting form; elsewhere the noun's own gender (or none) does.
    func nounCardinal(_ value: DecimalText, gender: Gender?) -> String {
        cardinal(value, gender: gender ?? (hasGenderedCardinals ? nil : .masculine))
    }

    /// ICU's plural category of a plain decimal string without sign ("1", "1.50").
    func pluralCategory(_ decimal: String) -> PluralCategory {
        if decimal.utf8.count <= 15, let whole = Int(decimal), let pluralRules {
            return pluralRules.category(of: whole)
        }
        return categories.value(for: decimal) { pluralRules?.category(of: decimal) ?? .other }
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

    func pluralCategory(_ value: DecimalText) -> PluralCategory {
        pluralCategory(value.integer + (value.fraction.isEmpty ? "" : "." + value.fraction))
    }
}

/// Unit formatters: ICU's own unit names, in the plural form and word order ICU gives
/// for the number, with the digits replaced by words. Gender from ICU's unit data.
///
/// The compound-unit cache is guarded by an `NSLock` rather than `Synchronization.Mutex`,
/// whose locking the thread sanitizer of this toolchain does not see (false race reports).
final class UnitSpeller: @unchecked Sendable {
    struct Unit: Sendable {
        let formatter: ICUNumberFormatter
        let gender: Gender?
    }

    let localeID: String
    private let simple: [String: Unit]
    private let compoundLock = NSLock()
    /// Compound units made so far (nil: ICU refused); only touched under `compoundLock`.
    private var compound: [String: Unit?] = [:]

    init(locale: SpokenLocale, data: AbbreviationLocaleData) throws {
        localeID = locale.icuID
        var units: [String: Unit] = [:]
        for unit in data.contextUnits where units[unit.icuUnit] == nil {
            guard let made = Self.make(localeID: locale.icuID, skeleton: "measure-unit/\(unit.icuUnit) unit-width-full-name") else {
                throw SpokenFormError.malformedLocaleData(file: "units.txt", line: 0, message: "ICU has no unit '\(unit.icuUnit)'")
            }
            units[unit.icuUnit] = made
        }
        for symbol in data.units where units[symbol.icuUnit] == nil {
            guard let unit = Self.make(localeID: locale.icuID, skeleton: "measure-unit/\(symbol.icuUnit) unit-width-full-name") else {
                throw SpokenFormError.malformedLocaleData(file: symbol.file, line: symbol.line,
                                                         message: "ICU has no unit '\(symbol.icuUnit)' (expected an id such as length-kilometer)")
            }
            units[symbol.icuUnit] = unit
        }
        simple = units
    }

    static func make(localeID: String, skeleton: String) -> Unit? {
        guard let formatter = ICUNumberFormatter(icuLocaleID: localeID, skeleton: skeleton) else { return nil }
        let gender: Gender?
        // UDisplayOptionsNounClass: 2 neuter, 3 feminine, 4 masculine.
        switch sf_unit_noun_class(localeID, skeleton) {
        case 2: gender = .neuter
        case 3: gender = .feminine
        case 4: gender = .masculine
        default: gender = nil
        }
        return Unit(formatter: formatter, gender: gender)
    }

    func unit(_ icuUnit: String) -> Unit? { simple[icuUnit] }

    private struct PhraseKey: Hashable { let formatter: ObjectIdentifier; let decimal: String }
    private let phrases = SpokenCache<PhraseKey, (prefix: String, suffix: String)?>()

    /// ICU's unit phrase for `decimal` with `words` where ICU put the digits
    /// ("5" + "cinq" -> "cinq minutes"); non-breaking spaces become plain spaces.
    /// For whole numbers ICU's words around the number depend only on the plural category,
    /// so the memo keys them by category (`category` given) instead of by number.
    func phrase(_ unit: Unit, decimal: String, words: String, category: PluralCategory? = nil,
                grammar expander: AbbreviationExpander? = nil) -> String? {
        let key = category.map { "#" + $0.rawValue } ?? decimal
        let around = phrases.value(for: PhraseKey(formatter: ObjectIdentifier(unit.formatter), decimal: key)) {
            guard let (text, range) = unit.formatter.format(decimal), let range else { return nil }
            return (Self.plainSpaces(text[..<range.lowerBound]), Self.plainSpaces(text[range.upperBound...]))
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

    private static func plainSpaces(_ text: Substring) -> String {
        var view = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            view.append(scalar == "\u{00A0}" || scalar == "\u{202F}" ? " " : scalar)
        }
        return String(view)
    }

    /// "km" per "h" when the data has no entry for "km/h": ICU's `per-measure-unit`.
    func unit(_ numerator: String, per denominator: String) -> Unit? {
        let key = numerator + "/" + denominator
        if let cached = compoundLock.withLock({ compound[key] }) { return cached }
        let made = Self.make(localeID: localeID, skeleton: "measure-unit/\(numerator) per-measure-unit/\(denominator) unit-width-full-name")
        compoundLock.withLock { compound[key] = made }
        return made
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
        let codes = icuString { sf_currency_iso_codes($0, $1) } ?? ""
        isoCodes = Set(codes.split(separator: " ").map(String.init))
        let one = numbers.cardinal(1), minusOne = numbers.cardinal(-1)
        if let range = minusOne.range(of: one) {
            minus = (String(minusOne[..<range.lowerBound]), String(minusOne[range.upperBound...]))
        } else {
            minus = ("", "")
        }
    }

    private struct NameKey: Hashable { let isoCode: String; let category: PluralCategory }
    private let names = SpokenCache<NameKey, String>()
    private let fractionDigits = SpokenCache<String, Int>()

    /// The currency's name for a plural category: the symbol's own names from money.txt
    /// when given (a bare "$" is "dollars", not ICU's "US dollars"), else ICU's plural name.
    func name(_ isoCode: String, symbol: CurrencySymbol?, category: PluralCategory) -> String {
        if let names = symbol?.names { return category == .one ? names.one : names.other }
        return names.value(for: NameKey(isoCode: isoCode, category: category)) {
            icuString { sf_currency_plural_name(localeID, isoCode, category.rawValue, $0, $1) } ?? isoCode
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
    func speak(_ amount: DecimalText, scale: MoneyScale, isoCode: String, symbol: CurrencySymbol?, expander: AbbreviationExpander) -> String {
        let positive = DecimalText(isNegative: false, integer: amount.integer, fraction: amount.fraction)
        let count = positive.isInteger ? expander.nounCardinal(positive, gender: scale.gender) : expander.cardinal(positive, gender: nil)
        let scaleWords = count + " " + (expander.pluralCategory(positive) == .one ? scale.one : scale.other)
        let currency = name(isoCode, symbol: symbol, category: .other)
        let words = scaleWords + " " + expander.scaleLink(after: scaleWords, before: currency) + currency
        return amount.isNegative ? minus.prefix + words + minus.suffix : words
    }

    /// "12.50" EUR -> "douze euros cinquante" (fr), "five dollars and fifty cents" (en).
    func speak(_ amount: DecimalText, isoCode: String, symbol: CurrencySymbol?, expander: AbbreviationExpander) -> String? {
        func category(_ digits: String) -> PluralCategory { expander.pluralCategory(digits) }
        let gender = data.currencyGenders[isoCode] ?? data.currencyGenders["*"]
        let fractionDigits = self.fractionDigits.value(for: isoCode) { Int(sf_currency_fraction_digits(isoCode)) }
        var words: String
        if fractionDigits < 0 || amount.fraction.count > fractionDigits {
            // More decimals than the currency has: say the number as a decimal.
            let positive = DecimalText(isNegative: false, integer: amount.integer, fraction: amount.fraction)
            words = expander.nounCardinal(positive, gender: gender) + " " + name(isoCode, symbol: symbol, category: category(positive.description))
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
            let majorWords = expander.nounCardinal(major, gender: gender)
            let majorName = name(isoCode, symbol: symbol, category: category(major.integer))
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
                let minorCategory = category(minorValue)
                values["minor-name"] = minorName.map { minorCategory == .one ? $0.one : $0.other } ?? ""
                // An unnamed minor part is a number said alone ("ein Euro eins", "een euro één").
                values["minor"] = template.contains("{minor-name}")
                    ? expander.nounCardinal(minor, gender: minorName?.gender ?? gender)
                    : expander.cardinal(minor, gender: nil)
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

