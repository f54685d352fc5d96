import Foundation

/// Unit formatters: ICU's own unit names, in the plural form and word order ICU gives
/// for the number, with the digits replaced by words. Gender from ICU's unit data.
///
/// Thread-safe: the formatters are thread-safe and the caches are `LRUCache`s.
final class UnitSpeller: Sendable {
    struct Unit: Sendable {
        let formatter: ICUNumberFormatter
        /// ICU's gender for the unit, read on first use: ICU builds a second formatter to
        /// answer, and a speller has dozens of units of which a text uses a few (this was a
        /// fifth of the `text` command's start-up).
        private let knownGender = Locked<Gender??>(nil)

        /// The names the data gives the unit (units.txt `unit-name`), said instead of ICU's.
        let names: (forms: PluralForms, gender: Gender?)?

        init(formatter: ICUNumberFormatter, names: (forms: PluralForms, gender: Gender?)? = nil) {
            self.formatter = formatter
            self.names = names
        }

        /// The grammatical gender ICU gives the unit (nil: none, as for every English unit), or
        /// the data's with its names.
        /// - Throws: `SpokenFormError.icuFailure` when ICU cannot say.
        var gender: Gender? {
            get throws {
                if let names { return names.gender }
                if let known = knownGender.withLock({ $0 }) { return known }
                let gender = try formatter.unitGender()
                knownGender.withLock { $0 = .some(gender) }
                return gender
            }
        }
    }

    let localeID: String
    private let nameFixes: [(from: String, to: String)]
    private let simple: [String: Unit]
    /// Compound units made so far (nil: ICU has no such compound).
    private let compound = LRUCache<String, Unit?>(limit: 1024)

    init(locale: SpokenLocale, data: AbbreviationLocaleData) throws {
        localeID = locale.icuID
        nameFixes = data.unitNameFixes
        var units: [String: Unit] = [:]
        let heightUnits = data.feetInches.map { [$0.feet, $0.inches] } ?? []
        for icuUnit in heightUnits + data.contextUnits.map(\.icuUnit) where units[icuUnit] == nil {
            guard let made = try Self.make(localeID: locale.icuID, skeleton: Self.stem(icuUnit) + " unit-width-full-name") else {
                throw SpokenFormError.malformedLocaleData(file: "units.txt", line: 0, message: "ICU has no unit '\(icuUnit)'")
            }
            units[icuUnit] = made
        }
        for symbol in data.units where units[symbol.icuUnit] == nil {
            guard let unit = try Self.make(localeID: locale.icuID, skeleton: Self.stem(symbol.icuUnit) + " unit-width-full-name") else {
                throw SpokenFormError.malformedLocaleData(file: symbol.file, line: symbol.line,
                                                         message: "ICU has no unit '\(symbol.icuUnit)' (expected an id such as length-kilometer)")
            }
            units[symbol.icuUnit] = data.unitNames[symbol.icuUnit].map { Unit(formatter: unit.formatter, names: $0) } ?? unit
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
        return Unit(formatter: formatter)
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
        if let names = unit.names {
            // The data's name for the count's category follows the number, as ICU's do in the seven languages.
            let count = try category ?? expander?.pluralCategory(decimal) ?? .other
            return try said(words, before: names.forms.form(for: count), grammar: expander)
        }
        let key = category.map { "#" + $0.rawValue } ?? decimal
        let around = try phrases.value(for: PhraseKey(formatter: ObjectIdentifier(unit.formatter), decimal: key)) {
            let (text, range) = try unit.formatter.format(decimal)
            guard let range else {
                // CLDR leaves the number out of some "one" patterns (es-MX "kilowatt-hora" for
                // 1 kWh): the name alone, which the number's words go before.
                guard !text.isEmpty, !text.unicodeScalars.contains(where: { $0.properties.numericType != nil }) else { return nil }
                return ("", " " + fixed(text.withPlainSpaces))
            }
            return (fixed(text[..<range.lowerBound].withPlainSpaces), fixed(text[range.upperBound...].withPlainSpaces))
        }
        guard let around else { return nil }
        if around.suffix.hasPrefix(" ") { return try said(words, before: String(around.suffix.dropFirst()), grammar: expander, prefix: around.prefix) }
        return around.prefix + words + around.suffix
    }

    /// `words` and the unit's `name` after them: "un million d'euros" (a scale's link), "un'ora"
    /// (an elision), where the expander's data says so.
    private func said(_ words: String, before name: String, grammar expander: AbbreviationExpander?, prefix: String = "") throws -> String {
        guard let expander else { return prefix + words + " " + name }
        let linked = expander.scaleLink(after: words, before: name)
        return prefix + (linked.isEmpty ? expander.join(words, name) : words + " " + linked + name)
    }

    /// ICU's words with the locale's `name-fix` corrections ("kilowatt hour" -> "kilowatt-hour").
    private func fixed(_ words: String) -> String {
        nameFixes.reduce(words) { $0.replacingOccurrences(of: $1.from, with: $1.to) }
    }

    /// The skeleton stem of a units.txt id: "length-meter" is `measure-unit/length-meter`; an id
    /// written "unit/megabit-per-second" is ICU's core unit identifier, for a compound ICU has
    /// no type for ("Mbps").
    static func stem(_ icuUnit: String) -> String {
        icuUnit.hasPrefix("unit/") ? icuUnit : "measure-unit/" + icuUnit
    }

    /// "km" per "h" when the data has no entry for "km/h": ICU's `per-measure-unit`.
    func unit(_ numerator: String, per denominator: String) throws -> Unit? {
        guard !numerator.hasPrefix("unit/"), !denominator.hasPrefix("unit/") else { return nil }
        return try compound.value(for: numerator + "/" + denominator) {
            try Self.make(localeID: localeID, skeleton: "measure-unit/\(numerator) per-measure-unit/\(denominator) unit-width-full-name")
        }
    }
}
