import Foundation

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
        if let names = symbol?.names { return names.form(for: category) }
        return try names.value(for: NameKey(isoCode: isoCode, category: category)) {
            try icuName(isoCode, category: category)
        }
    }

    private func icuName(_ isoCode: String, category: PluralCategory) throws(SpokenFormError) -> String {
        do {
            let name = try ICUCurrency.pluralName(icuLocaleID: localeID, isoCode: isoCode, category: category)
            guard data.lowersICUNameFirstLetter, let first = name.first, first.isUppercase else { return name }
            return first.lowercased() + name.dropFirst()
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
        let scaleWords = count + " " + scale.forms.form(for: try expander.pluralCategory(positive))
        let currency = try name(isoCode, symbol: symbol, category: .other)
        let words = scaleWords + " " + expander.scaleLink(after: scaleWords, before: currency) + currency
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
                values["minor-name"] = minorName?.forms.form(for: minorCategory) ?? ""
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
