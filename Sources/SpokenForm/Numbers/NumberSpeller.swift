import Foundation

/// Grammatical gender of the noun a number agrees with.
public enum Gender: String, Sendable, CaseIterable, Codable {
    /// The genders ICU's spell-out rules know.
    case masculine, feminine, neuter
}

/// How French (the one language that has a choice) spells compound numbers.
public enum NumberSpelling: String, Sendable, CaseIterable, Codable {
    /// "vingt et un", "deux cents": the spelling French accessibility guides use. The default.
    case traditional
    /// 1990 reform: every numeral word joined by hyphens ("vingt-et-un", "deux-cent-mille").
    case reform
}

/// Spells numbers in one locale: cardinals (with gender), ordinals, years, digit
/// strings, decimals, percentages; integers of any length.
///
/// Built on ICU's rule-based spell-out, with these differences, all documented in
/// README.md ("Numbers"):
/// - integers from 10^18 up are spelled with the locale's scale words from
///   `Locales/<lang>/numbers.txt` (ICU switches to digits there); a locale without
///   scale data reads them digit by digit;
/// - decimals are integer part + the locale's decimal word + fraction, read the
///   way the language reads them, never through ICU's binary floating point;
/// - output never contains U+00AD or U+200B, and known ICU 72 errors are corrected
///   from data (`fix` entries).
///
/// Thread-safe: formatters come from a `RuleBasedFormatterPool`.
public final class NumberSpeller: Sendable {
    /// The locale whose words the speller says.
    public let locale: SpokenLocale
    /// The French compound-number spelling in use.
    public let spelling: NumberSpelling

    let pool: ICURuleBasedFormatterPool
    let data: NumberLocaleData
    let parser: LocaleNumberParser
    /// Digit groups separated by spaces ("1 234,56") are one number in this locale
    /// (`numberEnd(in:from:)`): its grouping separator is a space, or numbers.txt says so.
    let groupsWithSpaces: Bool
    let plurals: ICUPluralRules
    private let ruleSetIndex: [String: Int32]
    private let numberingRuleSet: Int32
    /// Cardinal rule sets by gender (masculine, feminine, neuter).
    private let cardinalRuleSets: [Int32]
    private let yearRuleSet: Int32
    let minusAffix: (prefix: String, suffix: String)
    /// The word read for the decimal separator ("virgule", "point").
    public let decimalWord: String
    /// ICU's percent phrase ("pour cent"), or why ICU could not give one.
    private let percentFormatter: Result<ICUNumberFormatter, ICUError>
    private let digitWords: [String]
    /// The first power of ten ICU no longer spells in words for this locale (10^18 for
    /// most; 10^12 for km and su, whose rules stop earlier and fall back to digits).
    let icuWordLimit: Int64
    /// Words for 0...99 said alone with the counting rule set: decimals' fractions and
    /// small numbers need no ICU call.
    let smallNumbers: [String]
    let polisher: NumberPolisher
    /// The single words ICU's ordinals are made of (masculine and feminine), for the
    /// plural agreement of every word of a compound ordinal (`ordinal-plural = every-word`).
    private let ordinalWords: Set<String>
    /// Cardinals composed from cached group pieces, where the locale's data allows it
    /// (`compose-groups`) and ICU agreed on the probes; nil: every cardinal is ICU's.
    let composed: GroupedCardinals?

    /// Public rule-set names ICU has for this locale.
    public var ruleSetNames: [String] { pool.ruleSetNames }

    /// Opens ICU's spell-out rules for the locale and reads `Locales/<lang>/numbers.txt`.
    /// - Throws: `SpokenFormError.unsupportedLocale` when ICU has no rules of the language's own (it would speak English); `malformedLocaleData` for a bad data file.
    public init(locale: SpokenLocale, spelling: NumberSpelling = .traditional, dataStore: LocaleDataStore = .embedded) throws {
        self.locale = locale
        self.spelling = spelling
        do {
            // A language's own rule text in Locales/ replaces ICU's where ICU 72's is wrong or missing.
            let ruleFile = try dataStore.files(named: "spellout.txt", language: locale.language, region: locale.region).last
            let pool: ICURuleBasedFormatterPool
            if let ruleFile {
                do {
                    pool = try ICURuleBasedFormatterPool(icuLocaleID: locale.icuID, rules: Self.ruleText(of: ruleFile))
                } catch {
                    throw SpokenFormError.malformedLocaleData(file: ruleFile.path, line: ruleFile.lines.first?.number ?? 0,
                                                              message: "ICU refused the spell-out rule text: \(error)")
                }
            } else {
                pool = try ICURuleBasedFormatterPool(icuLocaleID: locale.icuID)
            }
            // ICU falls back to the process default locale (usually English) without an error.
            guard try ICULocale.language(pool.actualLocale) == locale.language else {
                throw SpokenFormError.unsupportedLocale(locale.tag, capability: "numbers")
            }
            self.pool = pool
            plurals = try Self.pluralRules(locale: locale, dataStore: dataStore)
        } catch is ICUError {
            throw SpokenFormError.unsupportedLocale(locale.tag, capability: "numbers")
        }
        data = try NumberLocaleData(files: dataStore.files(named: "numbers.txt", language: locale.language, region: locale.region))
        parser = try LocaleNumberParser(icuLocaleID: locale.icuID)
        groupsWithSpaces = parser.groupingSeparator.properties.isWhitespace || data.spaceGrouping

        var index: [String: Int32] = [:]
        for (i, name) in pool.ruleSetNames.enumerated() { index[name] = Int32(i) }
        ruleSetIndex = index
        func first(_ names: [String]) -> Int32? { names.lazy.compactMap { index[$0] }.first }
        let dataNumbering = data.numberingRuleSetName.map { [$0] } ?? []
        let dataCardinal = data.cardinalRuleSetName.map { [$0] } ?? []
        guard let numbering = first(dataNumbering + ["%spellout-numbering", "%spellout-cardinal", "%spellout-cardinal-masculine"]) ?? (index.isEmpty ? nil : 0) else {
            throw SpokenFormError.unsupportedLocale(locale.tag, capability: "numbers")
        }
        numberingRuleSet = numbering
        cardinalRuleSets = Gender.allCases.map { gender in
            first(dataCardinal + ["%spellout-cardinal-\(gender.rawValue)", "%spellout-cardinal"]) ?? numbering
        }
        let polisher = NumberPolisher(data: data, spelling: spelling)
        self.polisher = polisher
        if let name = data.yearRuleSet {
            guard let year = index[name] else {
                throw SpokenFormError.malformedLocaleData(file: "Locales/\(locale.language)/numbers.txt", line: 0,
                                                         message: "year-ruleset \(name) is not one of ICU's rule sets for \(locale.icuID): \(pool.ruleSetNames.joined(separator: " "))")
            }
            yearRuleSet = year
        } else {
            yearRuleSet = first(["%spellout-numbering-year"]) ?? numbering
        }

        let pool = self.pool
        let one = try pool.format(1, ruleSet: numbering)
        let minusOne = try pool.format(-1, ruleSet: numbering)
        if let range = minusOne.range(of: one) {
            minusAffix = (String(minusOne[..<range.lowerBound]), String(minusOne[range.upperBound...]))
        } else {
            minusAffix = ("-", "")
        }
        // Digits read one by one are numbers said alone (nl "nul nul één").
        digitWords = try (0...9).map { polisher.standaloneForm(try pool.format(Int64($0), ruleSet: numbering)) }
        var limit: Int64 = 1_000_000_000_000_000_000
        var power: Int64 = 1_000
        while power < limit {
            if try pool.format(power, ruleSet: numbering).utf8.contains(where: { (0x30...0x39).contains($0) }) { limit = power }
            power *= 10
        }
        icuWordLimit = limit
        smallNumbers = try (0..<100).map { polisher.polish(try pool.format(Int64($0), ruleSet: numbering), isLarge: false, standalone: false) }
        if let word = data.decimalWord {
            decimalWord = word
        } else {
            // Learn the word from ICU's own "1.5": strip the words for 1 and 5.
            let spelled = try pool.formatDecimal("1.5", ruleSet: numbering)
            let five = digitWords[5]
            if spelled.hasPrefix(one), spelled.hasSuffix(five), spelled.count > one.count + five.count {
                decimalWord = spelled.dropFirst(one.count).dropLast(five.count).trimmingSpaces()
            } else {
                throw SpokenFormError.unsupportedLocale(locale.tag, capability: "decimal numbers")
            }
        }
        percentFormatter = Result { () throws(ICUError) in
            try ICUNumberFormatter(icuLocaleID: locale.icuID, skeleton: "measure-unit/concentr-percent unit-width-full-name")
        }
        var words = Set<String>()
        if data.ordinalPluralEveryWord {
            for scale in data.ordinalScaleWords { words.formUnion([scale.masculine, scale.feminine]) }
            let values: [Int64] = Array(1...19) + stride(from: 20, through: 90, by: 10) + stride(from: 100, through: 900, by: 100) + [1000]
            for name in ["%spellout-ordinal-masculine", "%spellout-ordinal-feminine"] {
                guard let ruleSet = index[name] else { continue }
                for value in values {
                    for word in polisher.polish(try pool.format(value, ruleSet: ruleSet), isLarge: false, standalone: false).split(separator: " ") {
                        words.insert(String(word))
                    }
                }
            }
        }
        ordinalWords = words
        if let joiners = data.groupJoiners {
            composed = try GroupedCardinals.checked(candidates: [numbering] + cardinalRuleSets, joiners: joiners, wordLimit: limit) { value, ruleSet in
                polisher.polish(try pool.format(value, ruleSet: ruleSet), isLarge: value >= 1_000_000, standalone: false)
            }
        } else {
            composed = nil
        }
    }

    /// `value` (0 ≤ value < `icuWordLimit`) spelled with `ruleSet` and polished, not in the
    /// form said alone: composed from cached pieces where the locale allows it, else ICU's.
    @inline(__always)
    func spellPolished(_ value: Int64, ruleSet: Int32) throws -> String {
        if let composed, let slot = composed.slot(of: ruleSet) {
            return try composed.compose(value, slot: slot, ruleSet: ruleSet, spell: spellThroughICU)
        }
        return try spellThroughICU(value, ruleSet)
    }

    /// The same through ICU on every call: the reference the composition is checked against.
    func spellThroughICU(_ value: Int64, _ ruleSet: Int32) throws -> String {
        polisher.polish(try pool.format(value, ruleSet: ruleSet), isLarge: value >= 1_000_000, standalone: false)
    }

    // MARK: Cardinals

    /// The number as said when counting or read alone ("vingt et un", "eins"), or agreeing
    /// with a noun of `gender` ("eine", "una", "une").
    /// - Throws: `SpokenFormError.icuFailure` if ICU fails (never an empty answer).
    public func cardinal(_ value: Int, gender: Gender? = nil) throws -> String {
        // The common case goes straight to ICU: no digit strings, no DecimalText.
        guard value >= 0 else {
            // Negatives: the minus word around the number said alone ("min één", not ICU's "min een").
            guard value != .min else { return try speak(DecimalText(value), gender: gender) }
            return minusAffix.prefix + (try cardinal(-value, gender: gender)) + minusAffix.suffix
        }
        if value < icuWordLimit {
            if gender == nil, value < smallNumbers.count { return polisher.standaloneForm(smallNumbers[value]) }
            let text = try spellPolished(Int64(value), ruleSet: ruleSet(for: gender))
            if gender == nil { return polisher.standaloneForm(text) }
            return gender == .feminine ? polisher.feminine(text) : text
        }
        return try speak(DecimalText(value), gender: gender)
    }

    @inline(__always)
    func ruleSet(for gender: Gender?) -> Int32 {
        switch gender {
        case nil: return numberingRuleSet
        case .masculine: return cardinalRuleSets[0]
        case .feminine: return cardinalRuleSets[1]
        case .neuter: return cardinalRuleSets[2]
        }
    }

    /// Any exact decimal: integers of any length, decimals, negatives.
    /// - Throws: `SpokenFormError.invalidInput` when `integer` or `fraction` holds anything but
    ///   the digits 0-9; `SpokenFormError.icuFailure` if ICU fails (never an empty answer).
    public func cardinal(_ value: DecimalText, gender: Gender? = nil) throws -> String {
        try speak(value, gender: gender)
    }

    /// A number typed in the locale's notation ("54 038 921,7", "54,038,921.7") or plain ("54038921.7").
    /// - Throws: `SpokenFormError.invalidInput` for text that is not a number in this locale's notation.
    public func number(_ text: String, gender: Gender? = nil) throws -> String {
        // The common shapes are read from the text's bytes into stack buffers and spoken
        // from there; the general parser takes the rest and words the errors.
        if let words = try parser.withDigits(of: text, { negative, integer, fraction in
            try speakDigits(isNegative: negative, integer: integer, fraction: fraction, gender: gender)
        }) {
            return withPlusSign(text, words)
        }
        let value = try parse(text)
        // Whole numbers that fit an Int take the direct path (no digit-string round trip).
        if value.fraction.isEmpty, value.integer.utf8.count <= 18, let magnitude = Int(value.integer) {
            return withPlusSign(text, try cardinal(value.isNegative ? -magnitude : magnitude, gender: gender))
        }
        return withPlusSign(text, try speak(value, gender: gender))
    }

    /// The locale's word for a written "+" before `words` ("+5" -> "plus cinq"): a signed
    /// number is a change, and dropping the sign changes what is said.
    func withPlusSign(_ text: String, _ words: String) -> String {
        guard let plus = data.plusWord else { return words }
        // Most texts start with a digit or a minus: one byte decides without Unicode properties.
        if let first = text.utf8.first, first < 0x80, first != 0x2B, first > 0x20 { return words }
        guard text.unicodeScalars.first(where: { !$0.properties.isWhitespace }) == "+" else { return words }
        return plus + " " + words
    }

    /// The word for "+" in this locale ("plus", "más"), when the data gives one.
    public var plusWord: String? { data.plusWord }

    /// A `Double`, through its shortest round-trip decimal string (never ICU's double path).
    /// - Throws: `SpokenFormError.invalidInput` for NaN and infinities.
    public func number(_ value: Double, gender: Gender? = nil) throws -> String {
        try speak(DecimalText(value), gender: gender)
    }

    /// A `Decimal`, exactly.
    /// - Throws: `SpokenFormError.invalidInput` for NaN.
    public func number(_ value: Decimal, gender: Gender? = nil) throws -> String {
        try speak(DecimalText(value), gender: gender)
    }

    /// Reads a number written in this locale's notation.
    /// - Throws: `SpokenFormError.invalidInput` saying what notation was expected.
    public func parse(_ text: String) throws -> DecimalText {
        try parser.parse(text)
    }

    /// `parse` without its error: nil for text that is not a number in this locale's notation.
    func value(of text: String) -> DecimalText? {
        parser.value(of: text)
    }

    // MARK: Ordinals

    /// The ordinal ("premier", "première", "premiers", "first", "erste").
    /// Throws `unsupportedLocale` when ICU has no ordinal rules for the locale.
    /// - Throws: `SpokenFormError.unsupportedLocale` when ICU has no ordinal rules for the language; `invalidInput` from 10^18 up.
    public func ordinal(_ value: Int, gender: Gender? = nil, plural: Bool = false) throws -> String {
        let ruleSet = try ordinalRuleSet(gender: gender, plural: plural)
        guard value.magnitude < UInt64(icuWordLimit) else {
            throw SpokenFormError.invalidInput(kind: "ordinal", input: String(value), expected: "a whole number below \(icuWordLimit)")
        }
        let text = data.ordinalScaleWords.isEmpty || value < 1000
            ? try icuOrdinal(value, ruleSet: ruleSet)
            : try composedOrdinal(value, feminine: gender == .feminine, ruleSet: ruleSet)
        return plural ? polisher.pluralOrdinal(text, ordinalWords: ordinalWords) : text
    }

    /// ICU's ordinal, corrected (`ordinal-fix`) and polished.
    private func icuOrdinal(_ value: Int, ruleSet: Int32) throws -> String {
        let raw = polisher.fixOrdinal(try pool.format(Int64(value), ruleSet: ruleSet))
        return polisher.joinScaleOrdinals(polish(raw, isLarge: false, standalone: false, applyNounRules: false))
    }

    /// An ordinal from the locale's `ordinal-scale-word`s: the largest scale in `value`, its
    /// count said as an ordinal agreeing with it (none for a count of one) and the rest after it,
    /// both composed the same way; below 1000, ICU's ordinal.
    ///
    /// Why not ICU: CLDR's Portuguese rules say the count as a cardinal ("dois milésimo",
    /// "cem milésimo", "duzentos e cinquenta milésimo quinquagésimo"), and from 10^12 up they
    /// go wrong outright (pt-BR 10^12 masculine "trilionésima", 10^15 "um quadrilionésimo", the
    /// fraction). Portuguese grammars give the count as an ordinal, at least for round counts
    /// (Bechara, Moderna Gramática Portuguesa, via Ciberdúvidas: 10 000.º "décimo milésimo",
    /// 2000.º "segundo milésimo"), and throughout in the tables of ordinals ("segundo milésimo
    /// quinto", "nonagésimo terceiro milésimo quinquagésimo quinto"); one rule for every count
    /// is what a listener can follow. Docs/numbers.md, O12.
    private func composedOrdinal(_ value: Int, feminine: Bool, ruleSet: Int32) throws -> String {
        for scale in data.ordinalScaleWords {
            let power = (0..<(scale.exponent / 3)).reduce(1) { product, _ in product * 1000 }
            guard value >= power else { continue }
            let count = value / power, rest = value % power
            var text = count > 1 ? try composedOrdinal(count, feminine: feminine, ruleSet: ruleSet) + " " : ""
            text += feminine ? scale.feminine : scale.masculine
            if rest > 0 { text += " " + (try composedOrdinal(rest, feminine: feminine, ruleSet: ruleSet)) }
            return text
        }
        return try icuOrdinal(value, ruleSet: ruleSet)
    }

    /// The ICU rule set used for ordinals of this gender and number.
    func ordinalRuleSet(gender: Gender?, plural: Bool) throws -> Int32 {
        let g = (gender ?? .masculine).rawValue
        var names: [String] = []
        if plural { names.append("%spellout-ordinal-\(g)-plural") }
        if let name = data.ordinalRuleSetName { names.append(name) }
        names += ["%spellout-ordinal-\(g)", "%spellout-ordinal", "%spellout-ordinal-masculine"]
        guard let ruleSet = names.lazy.compactMap({ self.ruleSetIndex[$0] }).first else {
            throw SpokenFormError.unsupportedLocale(locale.tag, capability: "ordinals")
        }
        return ruleSet
    }

    // MARK: Years, digits, percent

    /// A year as the language says it ("nineteen ninety-nine", "mille neuf cent quatre-vingt-dix-neuf",
    /// "negentienhonderdnegenennegentig").
    /// - Throws: `SpokenFormError.icuFailure` if ICU fails (never an empty answer).
    public func year(_ value: Int) throws -> String {
        if let template = data.yearTemplates.first(where: { $0.range.contains(value) }), value % 100 != 0 {
            if template.template.holdsPlaceholder("{cardinal}") {
                return template.template.filling("{cardinal}", with: try cardinal(value))
            }
            let hundreds = try cardinal(value / 100)
            // Inside the year's one word, not the form said alone (nl "elfhonderdeen", not "-één").
            let rest = try speakInteger(String(value % 100), ruleSet: numberingRuleSet, standalone: false)
            return template.template.filling("{hundreds}", with: hundreds)
                .filling("{rest}", with: rest)
        }
        guard value.magnitude < UInt64(icuWordLimit) else { return try cardinal(value) }
        return polish(try pool.format(Int64(value), ruleSet: yearRuleSet), isLarge: false, standalone: false, applyNounRules: false)
    }

    /// A code read digit by digit ("0042" -> "zéro zéro quatre deux"). Spaces, dots and
    /// dashes between digits are skipped; anything else is an error.
    /// - Throws: `SpokenFormError.invalidInput` for anything but digits, spaces, dots and dashes.
    public func digits(_ text: String) throws -> String {
        // Scalars, not Characters, and no Foundation trimming: the text detector calls this for
        // every code and serial it reads (about 4% of a label's time went to grapheme breaking
        // and the NSString bridge). A combining mark after a digit is refused, as before.
        // The words' UTF-8 is gathered in one byte buffer: appending word by word to a String
        // cost most of a code's reading.
        var spoken: [UInt8] = []
        spoken.reserveCapacity(text.utf8.count * 8)
        var count = 0
        // Other white space (a tab, a newline) is allowed only around the digits, as trimming did.
        var started = false, trailing = false
        var invalid: SpokenFormError { .invalidInput(kind: "digit string", input: text, expected: "digits 0-9, optionally separated by spaces, dots or dashes") }
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x20, 0xA0:
                continue
            case 0x30...0x39:
                if trailing { throw invalid }
                if count > 0 { spoken.append(0x20) }
                spoken.append(contentsOf: digitWords[Int(scalar.value - 0x30)].utf8)
                count += 1
                started = true
            case 0x2D, 0x2E:
                if trailing { throw invalid }
                started = true
            default:
                guard scalar.properties.isWhitespace else { throw invalid }
                if started { trailing = true }
            }
        }
        guard count > 0 else {
            throw SpokenFormError.invalidInput(kind: "digit string", input: text, expected: "at least one digit")
        }
        return String(decoding: spoken, as: UTF8.self)
    }

    /// A percentage: "25", "25 %", "12,5%" -> "vingt-cinq pour cent", "douze virgule cinq pour cent".
    /// The words around the number are ICU's own ("percent", "Prozent", "por ciento").
    /// - Throws: `SpokenFormError.invalidInput` for text that is not a number in this locale's notation.
    public func percent(_ text: String) throws -> String {
        var trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasSuffix("%") { trimmed = String(trimmed.dropLast()).trimmingSpaces() }
        return withPlusSign(trimmed, try percent(parse(trimmed)))
    }

    /// A percentage of an exact decimal, with ICU's words around it.
    /// - Throws: `SpokenFormError.unsupportedLocale` when ICU has no percent phrase for the locale.
    public func percent(_ value: DecimalText) throws -> String {
        let words = try speak(value, gender: data.percentGender)
        guard case .success(let formatter) = percentFormatter,
              case (let text, let range?) = try formatter.format(value.description) else {
            throw SpokenFormError.unsupportedLocale(locale.tag, capability: "percentages")
        }
        var result = text
        result.replaceSubrange(range, with: words)
        return result.withPlainSpaces
    }

    // MARK: Speaking

    func speak(_ value: DecimalText, gender requested: Gender?) throws -> String {
        // `DecimalText`'s fields are public: digits other than 0-9 are a typed error here, so
        // nothing below (which indexes digit words by byte) can trap.
        func isDigits(_ text: String) -> Bool { text.utf8.allSatisfy { $0 &- 0x30 < 10 } }
        guard !value.integer.isEmpty, isDigits(value.integer), isDigits(value.fraction) else {
            throw SpokenFormError.invalidInput(kind: "number", input: value.description, expected: "integer and fraction digits 0-9")
        }
        if !value.fraction.isEmpty, let words = try value.integer.utf8.withContiguousStorageIfAvailable({ integer in
            try value.fraction.utf8.withContiguousStorageIfAvailable { fraction in
                try speakDigits(isNegative: value.isNegative, integer: integer, fraction: fraction, gender: requested)
            } ?? nil
        }) ?? nil {
            return words
        }
        // A decimal is said as a number where the language does not decline it (de "eins Komma fünf").
        let gender = value.fraction.isEmpty || data.decimalsAgree ? requested : nil
        let ruleSet = ruleSet(for: gender)
        let integerWords: String
        if value.fraction.isEmpty || data.fractionReading != .named {
            // The integer part of a decimal said alone is a number said alone too (nl "één komma vijf").
            let words = try speakInteger(value.integer, ruleSet: ruleSet, standalone: gender == nil)
            integerWords = gender == .feminine ? polisher.feminine(words) : words
        } else {
            integerWords = ""
        }
        var words = value.fraction.isEmpty ? integerWords : try speakDecimal(value, integerWords: integerWords, ruleSet: ruleSet)
        if value.isNegative {
            words = minusAffix.prefix + words + minusAffix.suffix
        }
        return words
    }

    /// ICU's plural rules of the locale, or those of `Locales/<lang>/plurals.txt` where the
    /// language has one: `CATEGORY = CONDITION` lines in CLDR's rule syntax (`two = n = 2`), for
    /// a language ICU has no rules for or has wrong. `other` is what no condition matches.
    /// - Throws: `malformedLocaleData` with the file and line for a category that is not CLDR's
    ///   or rules ICU refuses; `ICUError` when ICU cannot open the locale's own.
    static func pluralRules(locale: SpokenLocale, dataStore: LocaleDataStore) throws -> ICUPluralRules {
        guard let file = try dataStore.files(named: "plurals.txt", language: locale.language, region: locale.region).last else {
            return try ICUPluralRules(icuLocaleID: locale.icuID)
        }
        var clauses: [String] = []
        for (key, value, line) in try file.keyValues(checkedBy: .plurals) {
            guard let category = PluralCategory(rawValue: key), category != .other, !value.isEmpty else {
                throw file.error(at: line, "expected 'CATEGORY = CONDITION' with CATEGORY zero, one, two, few or many")
            }
            clauses.append(key + ": " + value)
        }
        do {
            return try ICUPluralRules(ruleText: clauses.joined(separator: "; "))
        } catch {
            throw SpokenFormError.malformedLocaleData(file: file.path, line: file.lines.first?.number ?? 0,
                                                      message: "ICU refused the plural rules: \(error)")
        }
    }

    /// The rule text of a `spellout.txt`: its lines without the comments (ICU's rule syntax
    /// has no comment of its own; a rule never starts with "#").
    static func ruleText(of file: LocaleDataFile) -> String {
        file.lines.map(\.text).joined(separator: "\n")
    }

    /// The rule text of this speller's spell-out rules, as ICU writes it (every rule set,
    /// private ones included): the start of a `Locales/<lang>/spellout.txt`.
    /// - Throws: `SpokenFormError.icuFailure` when ICU cannot write it.
    public func spellOutRuleText() throws -> String {
        do { return try pool.ruleText() } catch { throw SpokenFormError(error) }
    }

    /// Spells a non-negative integer given as digits (no leading zeros).
    func speakInteger(_ digits: String, ruleSet: Int32, standalone: Bool) throws -> String {
        if digits.utf8.count <= 18, let value = Int64(digits), value < icuWordLimit {
            return try speakInteger(value, ruleSet: ruleSet, standalone: standalone)
        }
        return polish(try speakLarge(digits, ruleSet: ruleSet), isLarge: true, standalone: false, applyNounRules: true)
    }

    /// Spells 0 ≤ `value` < `icuWordLimit`.
    @inline(__always)
    func speakInteger(_ value: Int64, ruleSet: Int32, standalone: Bool) throws -> String {
        if ruleSet == numberingRuleSet, value < smallNumbers.count {
            return standalone ? polisher.standaloneForm(smallNumbers[Int(value)]) : smallNumbers[Int(value)]
        }
        let text = try spellPolished(value, ruleSet: ruleSet)
        return standalone ? polisher.standaloneForm(text) : text
    }

    /// A number given as ASCII digit bytes (integer without leading zeros, "0" for zero),
    /// said into one string with no intermediate ones: what `number(_:)` and `speak` do for
    /// the common shapes. Nil for what only the general path says (an integer part of 19
    /// digits or more, named fractions, a byte that is not a digit).
    func speakDigits(isNegative: Bool, integer: UnsafeBufferPointer<UInt8>, fraction: UnsafeBufferPointer<UInt8>,
                     gender requested: Gender?) throws -> String? {
        guard integer.count <= 18, let integerValue = Self.value(of: integer) else { return nil }
        if fraction.isEmpty {
            // The same path as an Int: small numbers, negatives and the limit handled once.
            return try cardinal(Int(isNegative ? -integerValue : integerValue), gender: requested)
        }
        guard data.fractionReading != .named, integerValue < icuWordLimit,
              fraction.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        // A decimal is said as a number where the language does not decline it (de "eins Komma fünf").
        let gender = data.decimalsAgree ? requested : nil
        var integerWords = try speakInteger(integerValue, ruleSet: ruleSet(for: gender), standalone: gender == nil)
        if gender == .feminine { integerWords = polisher.feminine(integerWords) }

        var words = ""
        words.reserveCapacity(minusAffix.prefix.utf8.count + integerWords.utf8.count + decimalWord.utf8.count + 12 * fraction.count + 8)
        if isNegative { words += minusAffix.prefix }
        words += integerWords
        words += " "
        words += decimalWord
        if data.fractionReading == .number && fraction.count <= data.fractionNumberMaxDigits {
            // "3,05" is "trois virgule zéro cinq": leading zeros one by one, then the rest as a number.
            var zeros = 0
            while zeros < fraction.count && fraction[zeros] == 0x30 { words += " "; words += digitWords[0]; zeros += 1 }
            if zeros < fraction.count {
                let rest = UnsafeBufferPointer(rebasing: fraction[zeros...])
                guard rest.count <= 18, let restValue = Self.value(of: rest), restValue < icuWordLimit else { return nil }
                words += " "
                words += try speakInteger(restValue, ruleSet: numberingRuleSet, standalone: true)
            }
        } else {
            for digit in fraction {
                words += " "
                words += digitWords[Int(digit &- 0x30)]
            }
        }
        if isNegative { words += minusAffix.suffix }
        return words
    }

    /// The value of at most 18 ASCII digits, nil when a byte is not a digit.
    @inline(__always)
    static func value(of digits: UnsafeBufferPointer<UInt8>) -> Int64? {
        var value: Int64 = 0
        for digit in digits {
            guard digit >= 0x30 && digit <= 0x39 else { return nil }
            value = value * 10 + Int64(digit &- 0x30)
        }
        return value
    }

    /// Integers of 19 digits and more. With scale data: count x scale word + rest, where
    /// the count is spelled by ICU as "count million" and the million word is swapped
    /// for the scale word, so the count agrees as it does before "million" ("eine
    /// Trillion", "veintiún trillones"). Without scale data: digit by digit.
    ///
    /// A loop, not a recursion on the count: a count of the largest scale may itself be
    /// longer than that scale (a number of 200,000 digits), and recursing once per scale
    /// step overflowed the stack and copied the remaining digits at every step. Every
    /// count is a prefix of `digits`, so one byte array and a prefix length describe it;
    /// the scale words and rests are collected outermost first and joined once, and the
    /// caller polishes the whole text once. The rests (below the largest scale) still
    /// recurse through `speakInteger`, at most once per scale of the locale.
    private func speakLarge(_ digits: String, ruleSet: Int32) throws -> String {
        let all = Array(digits.utf8)
        var length = all.count
        var ruleSet = ruleSet
        var tails: [String] = []  // " noun rest" of each level, outermost first
        var text: String
        while true {
            guard let million = data.million, length > 18,
                  let scale = data.scales.first(where: { $0.exponent <= length - 1 }) else {
                text = all[..<length].map { digitWords[Int($0 &- 0x30)] }.joined(separator: " ")
                break
            }
            let split = length - scale.exponent
            // The count as a string only where it is short enough to be a value: built at every
            // level, the prefix made the whole number cost its length squared (a 4 MiB cell).
            let count = split <= 18 ? String(decoding: all[..<split], as: UTF8.self) : nil
            let restStart = all[split..<length].firstIndex { $0 != 0x30 } ?? length
            let restDigits = String(decoding: all[restStart..<length], as: UTF8.self)
            let smallRest = length - restStart <= 6 ? Int64(restDigits.isEmpty ? "0" : restDigits)! : nil
            let rest = smallRest == nil ? " " + (try speakInteger(restDigits, ruleSet: ruleSet, standalone: false)) : ""

            // Only a count below 1000 is safe to spell as "count million": from 1000 up ICU
            // moves to its own larger scale words ("one billion"), and swapping "million" would
            // then speak a wrong number.
            if split <= 3, let count, let countValue = Int64(count) {
                let raw = polisher.applyFixes(try pool.format(countValue * 1_000_000 + (smallRest ?? 0), ruleSet: ruleSet))
                if let swapped = Self.replacingWord(in: raw, { word in
                    word == million.singular ? scale.singular : word == million.plural ? scale.plural : nil
                }) {
                    text = swapped + rest
                    break
                }
            }
            let noun = split == 1 && all[0] == 0x31 ? scale.singular : scale.plural
            // The count agrees with the scale noun ("mil un trillones", not "mil uno").
            let countRuleSet = data.scaleGender.map { self.ruleSet(for: $0) } ?? ruleSet
            var tail = " " + noun
            if let smallRest, smallRest > 0 { tail += " " + (try speakInteger(restDigits, ruleSet: ruleSet, standalone: false)) }
            tails.append(tail + rest)
            if let count, let value = Int64(count), value < icuWordLimit {
                text = try speakInteger(count, ruleSet: countRuleSet, standalone: false)
                break
            }
            // A long count: its own scales, on the next turn.
            length = split
            ruleSet = countRuleSet
        }
        for tail in tails.reversed() { text += tail }
        return text
    }

    /// Replaces the first whole word (words are separated by spaces) for which `replacement` gives one.
    private static func replacingWord(in text: String, _ replacement: (String) -> String?) -> String? {
        var words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        for index in words.indices {
            if let new = replacement(words[index]) {
                words[index] = new
                return words.joined(separator: " ")
            }
        }
        return nil
    }

    /// Fraction digits one by one ("cinq zéro"); `speak` checked they are 0-9.
    private func fractionDigitWords(_ fraction: String) -> String {
        fraction.utf8.map { digitWords[Int($0 &- 0x30)] }.joined(separator: " ")
    }

    private func speakDecimal(_ value: DecimalText, integerWords: String, ruleSet: Int32) throws -> String {
        let fraction = value.fraction
        switch data.fractionReading {
        case .digits:
            return integerWords + " " + decimalWord + " " + fractionDigitWords(fraction)
        case .number:
            guard fraction.count <= data.fractionNumberMaxDigits else {
                return integerWords + " " + decimalWord + " " + fractionDigitWords(fraction)
            }
            let zeros = fraction.prefix { $0 == "0" }
            let rest = fraction.dropFirst(zeros.count)
            var words = zeros.map { _ in digitWords[0] }
            if !rest.isEmpty { words.append(try speakInteger(String(rest), ruleSet: numberingRuleSet, standalone: true)) }
            return integerWords + " " + decimalWord + " " + words.joined(separator: " ")
        case .named:
            guard let whole = data.wholeName,
                  let name = data.fractionNames.first(where: { $0.digits == fraction.count }) else {
                let integer = try speakInteger(value.integer, ruleSet: ruleSet, standalone: false)
                return integer + " " + decimalWord + " " + fractionDigitWords(fraction)
            }
            let countRuleSet = data.fractionGender.flatMap { ruleSetIndex["%spellout-cardinal-\($0)"] } ?? ruleSet
            let integer = try speakInteger(value.integer, ruleSet: countRuleSet, standalone: false)
            let integerCategory = try plurals.category(of: value.integer)
            let numeratorDigits = String(fraction.drop { $0 == "0" })
            let numerator = try speakInteger(numeratorDigits.isEmpty ? "0" : numeratorDigits, ruleSet: countRuleSet, standalone: false)
            let numeratorCategory = try plurals.category(of: numeratorDigits.isEmpty ? "0" : numeratorDigits)
            return [integer, integerCategory == .one ? whole.one : whole.other,
                    numerator, numeratorCategory == .one ? name.one : name.other].joined(separator: " ")
        }
    }

    @inline(__always)
    func polish(_ raw: String, isLarge: Bool, standalone: Bool, applyNounRules: Bool = true) -> String {
        polisher.polish(raw, isLarge: isLarge && applyNounRules, standalone: standalone)
    }

    /// ICU's lenient parse of spelled text, for round-trip checks.
    public func parseSpelled(_ text: String) -> Double? {
        pool.parse(text)
    }
}
