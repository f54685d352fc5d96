/// What `Locales/<lang>/numbers.txt` says about speaking numbers in one language.
/// Each key is declared in `DataFileSchema.numbers` (Docs/data/numbers.md); every key is optional.
struct NumberLocaleData: Sendable {
    enum FractionReading: String, Sendable {
        /// "3,14" -> "trois virgule quatorze"; leading zeros read one by one.
        case number
        /// "3.14" -> "three point one four".
        case digits
        /// "21,7" -> "двадцать одна целая семь десятых" (integer + numerator + denominator).
        case named
    }

    struct Replacement: Sendable {
        let from: String
        let to: String
    }

    /// A scale word for 10^exponent (exponent >= 18), singular and plural as written after a count.
    struct Scale: Sendable {
        let exponent: Int
        let singular: String
        let plural: String
    }

    /// `ordinal-scale-word = EXP | MASCULINE | FEMININE`.
    struct OrdinalScaleWord: Sendable {
        let exponent: Int
        let masculine: String
        let feminine: String
    }

    /// A year range spoken as hundreds + word + rest ("negentienhonderdnegenennegentig").
    struct YearTemplate: Sendable {
        let range: ClosedRange<Int>
        let template: String
    }

    /// Named fractions ("десятая | десятых" for one decimal digit, and so on).
    struct FractionName: Sendable {
        let digits: Int
        let one: String
        let other: String
    }

    var decimalWord: String?
    /// Thousands may be grouped with a space ("2 000") besides the locale's own separator.
    var spaceGrouping = false
    var fractionReading: FractionReading = .digits
    var fractionNumberMaxDigits = 3
    var yearRuleSet: String?
    var yearTemplates: [YearTemplate] = []
    /// How ICU writes 10^6 after a count (singular, plural): the anchor that large scales replace.
    var million: (singular: String, plural: String)?
    var scales: [Scale] = []
    /// Grammatical gender of the scale nouns, for counts of 1000 and more before them.
    var scaleGender: Gender?
    /// Always-applied corrections of ICU's output.
    var fixes: [Replacement] = []
    /// Corrections that apply only when the output starts with `from`.
    var fixesAtStart: [Replacement] = []
    /// Whole-output replacements for a number said alone ("een" -> "één").
    var standalone: [Replacement] = []
    /// Replacements that give the traditional spelling (fr "vingt-et-un" -> "vingt et un").
    var traditionalSpelling: [Replacement] = []
    /// The reform spelling joins every numeral word with hyphens except around scale nouns.
    var reformHyphenates = false
    /// Scale nouns (million, milliard...) before which a multiplied count takes a plural form.
    var scaleNouns: Set<String> = []
    /// Count words that take a plural form before a scale noun ("quatre-vingt" -> "quatre-vingts").
    var nounPlural: [Replacement] = []
    /// The same, only when another numeral multiplies them ("deux cent" -> "deux cents", not "cent").
    var nounPluralAfterMultiplier: [Replacement] = []
    /// Fraction names for `.named` reading, by number of digits.
    var fractionNames: [FractionName] = []
    /// Integer-part words for `.named` reading ("целая | целых").
    var wholeName: (one: String, other: String)?
    /// Rule-set gender used for the counts of named fractions ("feminine").
    var fractionGender: String?
    /// Rule sets chosen by the data instead of ICU's defaults (en-GB "%spellout-numbering-verbose":
    /// "one hundred and one").
    var numberingRuleSetName: String?
    var cardinalRuleSetName: String?
    var ordinalRuleSetName: String?
    /// The word said for a written "+" ("plus cinq"): the sign of a change carries meaning.
    var plusWord: String?
    /// Corrections of ICU's ordinals only (fr "cent-et-unième" -> "cent unième").
    var ordinalFixes: [Replacement] = []
    /// Ordinal corrections applied when the words start with `from` (fr "un millionième" is the fraction).
    var ordinalFixesAtStart: [Replacement] = []
    /// Ordinal words of a scale ("Millionenste" -> "millionste", "milésim"): the count words before
    /// them are joined to them ("zweimillionste", "dosmilésimo"), a lone count of one is dropped.
    var ordinalScales: [Replacement] = []
    /// Counts of one dropped before an ordinal scale word ("eine", "un").
    var ordinalScaleOnes: Set<String> = []
    /// The ordinal word of 10^exponent, masculine and feminine (pt "milésimo | milésima"): when
    /// given, an ordinal from 1000 up is composed from them, each count before one said as an
    /// ordinal agreeing with it (pt "segundo milésimo", "centésimo milésimo"); ICU says the
    /// count as a cardinal ("dois milésimo", "cem milésimo"). Sorted by exponent, largest first.
    var ordinalScaleWords: [OrdinalScaleWord] = []
    /// Singular ending -> plural ending of an ordinal word ("o" -> "os"), for plurals ICU lacks.
    var ordinalPluralEndings: [Replacement] = []
    /// Every word of a compound ordinal agrees in the plural ("vigésimos primeros"), not only the last.
    var ordinalPluralEveryWord = false
    /// Feminine agreement inside a thousands group ICU leaves masculine (es "doscientos mil" ->
    /// "doscientas mil"): the scale word, the words after it that cancel it, and the endings changed.
    var feminineGroups: [FeminineGroup] = []
    /// Feminine endings ICU leaves masculine at the end of the number (it "centoventuno" -> "centoventuna").
    var feminineEndings: [Replacement] = []
    /// Whether a decimal's integer part agrees with the noun (de "eins Komma fünf", never "eine").
    var decimalsAgree = true
    /// Gender of the number before the percent word (de "ein Prozent").
    var percentGender: Gender?
    /// How a cardinal below 10^18 is composed from its groups of three digits, each said as
    /// ICU says that group times its power of 1000 ("deux millions", "quatre-vingt mille"):
    /// the joiner after a thousands group and after a larger one. Nil: no composition, every
    /// number is spelled by ICU (`compose-groups = off`, or no entry).
    var groupJoiners: (afterThousands: String, afterLarger: String)?

    /// es: before "mil" (unless "mil millones" follows), "cientos" -> "cientas", "un" -> "una".
    struct FeminineGroup: Sendable {
        let scaleWord: String
        let unlessFollowedBy: Set<String>
        let endings: [Replacement]
    }

    init() {}

    init(files: [LocaleDataFile]) throws {
        for file in files {
            let entries = try file.keyValues(checkedBy: .numbers)
            // A more specific file (fr/CH) that gives scale words replaces the general ones.
            if entries.contains(where: { $0.key == "scale" }) { scales = [] }
            if entries.contains(where: { $0.key == "ordinal-scale-word" }) { ordinalScaleWords = [] }
            for (key, value, line) in entries {
                let e = NumberDataLine(value: value, line: line, file: file)
                guard try readNumberKey(key, value, e) || readScaleAndAgreementKey(key, value, e) || readOrdinalKey(key, value, e) else {
                    throw DataFileSchema.numbers.unread(key, at: line, in: file)
                }
            }
        }
        scales.sort { $0.exponent > $1.exponent }
        ordinalScaleWords.sort { $0.exponent > $1.exponent }
        if !scales.isEmpty && million == nil {
            throw SpokenFormError.malformedLocaleData(file: files.last?.path ?? "numbers.txt", line: 0,
                                                     message: "'scale' entries need a 'million' entry")
        }
        if fractionReading == .named && (fractionNames.isEmpty || wholeName == nil) {
            throw SpokenFormError.malformedLocaleData(file: files.last?.path ?? "numbers.txt", line: 0,
                                                     message: "fraction-reading = named needs fraction-name and whole-name entries")
        }
    }

    // MARK: Reading numbers.txt

    /// Decimals, years, rule sets, named fractions, group composition and corrections of ICU's output.
    private mutating func readNumberKey(_ key: String, _ value: String, _ e: NumberDataLine) throws -> Bool {
        switch key {
        case "decimal-word": decimalWord = value
        case "space-grouping":
            guard value == "yes" || value == "no" else { throw e.error("space-grouping must be yes or no") }
            spaceGrouping = value == "yes"
        case "fraction-reading":
            guard let reading = FractionReading(rawValue: value) else {
                throw e.error("fraction-reading must be number, digits or named")
            }
            fractionReading = reading
        case "fraction-number-max-digits":
            guard let n = Int(value), n >= 1 else { throw e.error("expected a whole number >= 1") }
            fractionNumberMaxDigits = n
        case "year-ruleset": yearRuleSet = value
        case "year-template":
            let (range, template) = try e.pair("=>")
            let bounds = range.components(separatedBy: "...")
            guard bounds.count == 2, let low = Int(bounds[0]), let high = Int(bounds[1]), low <= high,
                  (template.contains("{hundreds}") && template.contains("{rest}")) || template.contains("{cardinal}") else {
                throw e.error("expected 'LOW...HIGH => template with {hundreds} and {rest}, or {cardinal}'")
            }
            yearTemplates.append(YearTemplate(range: low...high, template: template))
        case "fix": fixes.append(try e.replacement())
        case "fix-at-start": fixesAtStart.append(try e.replacement())
        case "standalone": standalone.append(try e.replacement())
        case "traditional": traditionalSpelling.append(try e.replacement())
        case "reform":
            guard value == "hyphenate" else { throw e.error("reform must be 'hyphenate'") }
            reformHyphenates = true
        case "fraction-name":
            let parts = value.components(separatedBy: "|").map { $0.trimmingSpaces() }
            guard parts.count == 3, let digits = Int(parts[0]), digits >= 1 else {
                throw e.error("expected 'DIGITS | one | other'")
            }
            fractionNames.append(FractionName(digits: digits, one: parts[1], other: parts[2]))
        case "whole-name":
            let (one, other) = try e.pair()
            wholeName = (one, other)
        case "fraction-gender": fractionGender = value
        case "plus-word": plusWord = value
        case "numbering-ruleset": numberingRuleSetName = value
        case "cardinal-ruleset": cardinalRuleSetName = value
        case "ordinal-ruleset": ordinalRuleSetName = value
        case "decimal-agreement":
            guard value == "none" || value == "noun" else { throw e.error("decimal-agreement must be none or noun") }
            decimalsAgree = value == "noun"
        case "compose-groups":
            if value == "off" { groupJoiners = nil; return true }
            let (thousands, larger) = try e.pair()
            func joiner(_ name: String) throws -> String {
                switch name {
                case "space": return " "
                case "none": return ""
                default: throw e.error("compose-groups joiners must be space or none (or the whole value off)")
                }
            }
            groupJoiners = (try joiner(thousands), try joiner(larger))
        case "percent-gender":
            guard let gender = Gender(rawValue: value) else { throw e.error("percent-gender must be masculine, feminine or neuter") }
            percentGender = gender
        default: return false
        }
        return true
    }

    /// Scale words above 10^18 and the agreement of counts before scale nouns.
    private mutating func readScaleAndAgreementKey(_ key: String, _ value: String, _ e: NumberDataLine) throws -> Bool {
        switch key {
        case "million":
            million = try e.pair()
        case "scale":
            let parts = value.components(separatedBy: "|").map { $0.trimmingSpaces() }
            guard parts.count == 3, let exponent = Int(parts[0]), exponent >= 18, exponent % 3 == 0,
                  !parts[1].isEmpty, !parts[2].isEmpty else {
                throw e.error("expected 'EXPONENT | singular | plural' with EXPONENT >= 18, a multiple of 3")
            }
            scales.append(Scale(exponent: exponent, singular: parts[1], plural: parts[2]))
        case "scale-gender":
            guard let gender = Gender(rawValue: value) else {
                throw e.error("scale-gender must be masculine, feminine or neuter")
            }
            scaleGender = gender
        case "scale-nouns": scaleNouns.formUnion(value.splitAtASCII(" ").map(String.init))
        case "noun-plural": nounPlural.append(try e.replacement())
        case "noun-plural-after-multiplier": nounPluralAfterMultiplier.append(try e.replacement())
        case "feminine-group":
            let parts = value.components(separatedBy: "|").map { $0.trimmingSpaces() }
            guard parts.count == 3, !parts[0].isEmpty else {
                throw e.error("expected 'SCALE-WORD | UNLESS-FOLLOWED-BY ... | FROM => TO; FROM => TO'")
            }
            var endings: [Replacement] = []
            for part in parts[2].splitAtASCII(";") {
                let pair = part.components(separatedBy: "=>").map { $0.trimmingSpaces() }
                guard pair.count == 2, !pair[0].isEmpty else { throw e.error("expected 'FROM => TO' endings") }
                endings.append(Replacement(from: pair[0], to: pair[1]))
            }
            feminineGroups.append(FeminineGroup(scaleWord: parts[0], unlessFollowedBy: Set(parts[1].splitAtASCII(" ").map(String.init)), endings: endings))
        case "feminine-ending": feminineEndings.append(try e.replacement())
        default: return false
        }
        return true
    }

    /// Corrections and composition of ordinals.
    private mutating func readOrdinalKey(_ key: String, _ value: String, _ e: NumberDataLine) throws -> Bool {
        switch key {
        case "ordinal-fix": ordinalFixes.append(try e.replacement())
        case "ordinal-fix-at-start": ordinalFixesAtStart.append(try e.replacement())
        case "ordinal-scale": ordinalScales.append(try e.replacement())
        case "ordinal-scale-one": ordinalScaleOnes.formUnion(value.splitAtASCII(" ").map(String.init))
        case "ordinal-scale-word":
            let parts = value.components(separatedBy: "|").map { $0.trimmingSpaces() }
            guard parts.count == 3, let exponent = Int(parts[0]), exponent >= 3, exponent < 18, exponent % 3 == 0,
                  !parts[1].isEmpty, !parts[2].isEmpty, !parts[1].contains(" "), !parts[2].contains(" ") else {
                throw e.error("expected 'EXPONENT | masculine | feminine' with EXPONENT a multiple of 3 from 3 to 15, one word each")
            }
            ordinalScaleWords.append(OrdinalScaleWord(exponent: exponent, masculine: parts[1], feminine: parts[2]))
        case "ordinal-plural-ending": ordinalPluralEndings.append(try e.replacement())
        case "ordinal-plural":
            guard value == "every-word" else { throw e.error("ordinal-plural must be 'every-word'") }
            ordinalPluralEveryWord = true
        default: return false
        }
        return true
    }
}

/// One `key = value` line of numbers.txt as the readers above take it, with the helpers they share.
private struct NumberDataLine {
    let value: String
    let line: LocaleDataFile.Line
    let file: LocaleDataFile

    func error(_ message: String) -> SpokenFormError { file.error(at: line, message) }

    /// The value's two parts around `separator`, the first not empty.
    func pair(_ separator: String = "|") throws -> (String, String) {
        let parts = value.components(separatedBy: separator).map { $0.trimmingSpaces() }
        guard parts.count == 2, !parts[0].isEmpty else {
            throw file.error(at: line, "expected two values separated by '\(separator)'")
        }
        return (parts[0], parts[1])
    }

    /// `FROM => TO`.
    func replacement() throws -> NumberLocaleData.Replacement {
        let (from, to) = try pair("=>")
        return NumberLocaleData.Replacement(from: from, to: to)
    }
}
