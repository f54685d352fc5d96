/// What an abbreviation entry requires of its neighbours before it is expanded.
/// Every condition is read from the third field of `abbreviations.txt`.
struct AbbreviationConditions: OptionSet, Hashable, Sendable {
    let rawValue: Int
    /// The next word is a name (capitalised, not a sentence starter): "M. Dupont", "Dr Martin".
    static let beforeName = AbbreviationConditions(rawValue: 1 << 0)
    /// The previous word is a name or an ordinal: "Main St.", "Oak Dr.".
    static let afterName = AbbreviationConditions(rawValue: 1 << 1)
    /// A number follows ("n° 5", "p. 12"); that number is spelled too.
    static let beforeNumber = AbbreviationConditions(rawValue: 1 << 2)
    /// A number comes just before ("3 pers.", "12 sept."); the expansion agrees with it.
    static let afterNumber = AbbreviationConditions(rawValue: 1 << 3)
    /// A street type: a house number just before is spelled; a capitalised word after it
    /// is the street's name, so its period never ends a sentence.
    static let street = AbbreviationConditions(rawValue: 1 << 4)
    /// Matches in any letter case ("ETC.", "Etc.", "etc."), not only as written or capitalised at a sentence start.
    static let anyCase = AbbreviationConditions(rawValue: 1 << 5)
    /// With before-number or after-number: the number stays as written ("12 Jan" -> "12 January"),
    /// for words whose number reads better as the screen reader says it (dates).
    static let keepNumber = AbbreviationConditions(rawValue: 1 << 6)
    /// The key without its period is also a word of the text's language ("mar." / "mar",
    /// "set."): as the last word of a text or line, after another word, it is that word and
    /// its period ends the sentence ("nivel del mar.").
    static let alsoWord = AbbreviationConditions(rawValue: 1 << 7)
    /// The abbreviation closes a list ("etc."): a capitalised word after it starts a sentence,
    /// whose period is kept ("…, etc. Inutile de…"). Elsewhere a capital after a period may
    /// be a name and only a known sentence starter says so (not in German, where every noun
    /// has one: "etc. Tausend Kilometer").
    static let endsList = AbbreviationConditions(rawValue: 1 << 8)
    /// The abbreviation introduces what follows ("e.g.", "z. B.", "ad es."): its period ends a
    /// sentence only at the end of the text or a line, never before a capitalised word, even a
    /// sentence starter ("e.g. The kitchen" is one phrase, not "for example. The kitchen").
    static let introduces = AbbreviationConditions(rawValue: 1 << 9)

    static let names: [String: AbbreviationConditions] = [
        "before-name": .beforeName, "after-name": .afterName, "before-number": .beforeNumber,
        "after-number": .afterNumber, "street": .street, "any-case": .anyCase, "keep-number": .keepNumber,
        "also-word": .alsoWord, "ends-list": .endsList, "introduces": .introduces,
    ]

    /// Conditions that say where the entry applies (the rest only modify it).
    static let context: AbbreviationConditions = [.beforeName, .afterName, .beforeNumber, .afterNumber]
}

/// One line of `abbreviations.txt`.
struct AbbreviationEntry: Sendable {
    /// The abbreviation as written in the file ("av.", "p. ex.", "Mᵐᵉ").
    let key: [Unicode.Scalar]
    /// The expansion, by plural category of the number before it; `other` is always present.
    let forms: [PluralCategory: String]
    let conditions: AbbreviationConditions
    /// Gender of the expansion, for a number spelled before it ("1 pers." -> "une personne").
    let gender: Gender?
    let file: String
    let line: Int

    var keyText: String { String(String.UnicodeScalarView(key)) }

    func expansion(for category: PluralCategory?) -> String {
        if let category, let form = forms[category] { return form }
        return forms[.other] ?? ""
    }

    /// The key ends with a period that also ends a sentence when nothing else follows.
    var endsWithPeriod: Bool { key.last == "." }
}

/// A number followed by these letters is an ordinal ("1er", "2ᵉ", "21st", "1.ª").
struct OrdinalSuffix: Sendable {
    let suffix: [Unicode.Scalar]
    let gender: Gender?
    let plural: Bool
    /// An ICU rule set instead of the ordinal's ("%spellout-ordinal-masculine-adjective": es "1.er" -> "primer").
    let ruleSet: String?
    /// Only after this number, said with `word` instead of the ordinal ("2nde" -> "seconde").
    var onlyNumber: Int? = nil
    var word: String? = nil
    /// Only when the word before the number is one of these, lower-cased (it "il 1° maggio":
    /// "°" is also the degree sign, so "90° a destra" stays degrees).
    var after: Set<String> = []
    /// The endings an ordinal changes before a noun (es "primero" -> "primer": "el 1.º piso" is
    /// "el primer piso", but "el 1.º de mayo" is "primero"): applied when a lower-case word that
    /// is not a `@not-noun` follows.
    var beforeNounEndings: [(from: String, to: String)] = []
    /// `after` also holds when a noun follows ("en 1° lugar": "°" is the ordinal indicator
    /// before a noun, the degree sign in "a 90° hacia la derecha").
    var orBeforeNoun = false
}

/// A word ending in `suffix` is a compound whose last part is abbreviated ("Hauptstr." ->
/// "Hauptstraße", nl "Dorpsstr." -> "Dorpsstraat"): `@compound-end`.
struct CompoundEnd: Sendable {
    let suffix: [Unicode.Scalar]
    let expansion: String
}

/// A unit symbol written after numbers and the ICU unit it stands for.
struct UnitSymbol: Sendable {
    let symbol: [Unicode.Scalar]
    /// ICU unit identifier with its type ("length-kilometer"), as in the skeleton `measure-unit/length-kilometer`.
    let icuUnit: String
    /// Not a unit when a number follows ("5 h 30" is a time, not "five hours 30").
    let notBeforeNumber: Bool
    /// The number before it is said as a number, not agreeing with the unit (es "uno por ciento").
    var numberAlone = false
    let file: String
    let line: Int
}

/// A currency symbol ("€", "$") and the ISO code it stands for in this locale, with
/// optional spoken names used instead of ICU's when the bare symbol is written.
struct CurrencySymbol: Sendable {
    let symbol: [Unicode.Scalar]
    let isoCode: String
    let names: PluralForms?
    /// The currency's name written as a word ("euros", "Euro"): it names an amount only after
    /// it ("2,50 euros"); before a number it is a word ("Euro 2024", the championship).
    /// Letters with a lower-case one: "CHF 12" is a code, read on either side.
    var isWord: Bool {
        symbol.allSatisfy(\.properties.isAlphabetic) && symbol.contains { $0.properties.isLowercase }
    }
}

/// A scale word after an amount of money ("million", "Mio.", "k") and how it is said.
struct MoneyScale: Sendable {
    let written: [Unicode.Scalar]
    let forms: PluralForms
    /// Gender of the scale noun, for an integer count before it (de "eine Million").
    let gender: Gender?
}

/// A unit symbol read as another unit where its neighbours say so.
struct ContextUnit: Sendable {
    let symbol: [Unicode.Scalar]
    let icuUnit: String
    /// The previous number's unit ("1h 30m").
    let afterUnit: String?
    /// The word right after ("5m ago").
    let beforeWord: String?
}

/// Names of a currency's minor unit ("cent", "centime"): ICU has none.
struct MinorUnitName: Sendable {
    let forms: PluralForms
    let gender: Gender?
}

/// Everything the expander reads from `Locales/<lang>/`: abbreviations.txt, units.txt, money.txt.
struct AbbreviationLocaleData: Sendable {
    var entries: [AbbreviationEntry] = []
    var ordinalSuffixes: [OrdinalSuffix] = []
    /// Ordinal suffixes that also make a Roman numeral an ordinal ("XXIe siècle"): `@roman`.
    var romanSuffixes: [[Unicode.Scalar]] = []
    /// Names after which a Roman numeral is a regnal number, said as a cardinal ("Louis XIV"): `@regnal`.
    var regnalNames: Set<String> = []
    var compoundEnds: [CompoundEnd] = []
    /// Capitalised words that start sentences and are never names ("Puis", "The").
    var notNames: Set<String> = []
    /// Lower-case particles that may start a name ("de", "van", "von", "del").
    var nameParticles: Set<String> = []
    /// Lower-case words that are not nouns (prepositions, conjunctions), after which an
    /// ordinal keeps its full form: `@not-noun` (see `OrdinalSuffix.beforeNounRuleSet`).
    var notNouns: Set<String> = []
    var units: [UnitSymbol] = []
    /// Corrections of ICU's unit names (en "kilowatt hour" -> "kilowatt-hour"): `name-fix` in units.txt.
    var unitNameFixes: [(from: String, to: String)] = []
    /// A unit's names by plural category and its gender, from the data (`unit-name` in
    /// units.txt), for a language ICU has no unit names for: they replace ICU's.
    var unitNames: [String: (forms: PluralForms, gender: Gender?)] = [:]
    /// The hour noun of the hour-range templates in the plural and the singular (fr
    /// "heures" / "heure"), for an hour said in the singular ("une heure").
    var hourRangeNoun: (plural: String, singular: String)?
    /// A measure's trailing fraction zeros are not said ("1.80 m": "one point eight meters").
    var dropsMeasureTrailingZeros = false
    /// Units whose hundredths are said after the whole units ("1,80 m": "un mètre quatre-vingts"),
    /// with the joiner word between them ("" for none): `subunit-reading` in units.txt.
    var subunitReadings: [String: String] = [:]
    /// A height written with prime marks ("5'11\"") and the ICU units of its two parts
    /// (`feet-inches` in units.txt).
    var feetInches: (feet: String, inches: String)?
    /// How half a unit and a whole number and a half are said, by the unit's gender ("*": any):
    /// "1/2 kg" -> "half a kilogram", "2 1/2 h" -> "deux heures et demie" (`half` in units.txt).
    /// ONE-AND-A-HALF, where the language has a word for it, replaces MIXED for a whole number of
    /// one (nl "anderhalf uur", "anderhalve liter").
    var halves: [String: (half: String, mixed: String, oneAndAHalf: String?)] = [:]
    var rangeWord: String?
    /// The word before the first number of a range (it "da dieci a dodici", es "de diez a doce").
    var rangeStart: String?
    /// Words after which `rangeStart` is not said, lower-cased: a preposition or a determiner
    /// already governs the range (es "en 10-12 km" is "en diez a doce", not "en de diez a doce").
    var rangeStartNotAfter: Set<String> = []

    /// `rangeStart` and a space before a range whose preceding word (lower-cased) is
    /// `wordBefore`; nothing where that word is it already ("de 5 a 10 min") or one of
    /// `rangeStartNotAfter`.
    func rangeOpening(after wordBefore: String?) -> String {
        guard let rangeStart else { return "" }
        if let wordBefore, wordBefore == rangeStart.lowercased() || rangeStartNotAfter.contains(wordBefore) { return "" }
        return rangeStart + " "
    }
    /// The word linking a number that ends in a scale noun to the noun it counts
    /// (fr "un million d'euros", es "dos millones de kilómetros"), with its elided form.
    var scaleLink: (word: String, elided: String?, scaleNouns: Set<String>)?
    /// Number words elided before a unit or currency name that starts with a vowel
    /// (it "una" + "ora" -> "un'ora").
    var elisions: [String: String] = [:]
    /// The letters a name starts with for an elided form to go before it (vowels, mute h):
    /// `elides-before` in units.txt.
    var elisionInitials: Set<Unicode.Scalar> = []
    var currencySymbols: [CurrencySymbol] = []
    var currencyGenders: [String: Gender] = [:]
    var minorNames: [String: MinorUnitName] = [:]
    var templates: [String: String] = [:]
    /// Scale words written after an amount ("$1.5 million", "1,5 Mio. €"): the amount is a number
    /// of millions of the currency, never major and minor units.
    var moneyScales: [MoneyScale] = []
    /// What an amount's slash and the word after it say ("$10/mo" -> "per month", "5 €/h" ->
    /// "de l'heure"), by the word lowercased without a final period: money.txt `per`.
    var moneyPer: [String: String] = [:]
    /// ICU's currency names may start with a capital, as in a list: where the language writes
    /// them in lower case (pt "dólares americanos", "euros"), money.txt `icu-name-case |
    /// first-letter | lower` lowers the first letter.
    var lowersICUNameFirstLetter = false
    /// A unit symbol that means another unit in context ("m" after hours or before "ago" is minutes).
    var contextUnits: [ContextUnit] = []
    /// The word of "7j/7" -> "sept jours sur sept".
    var ratioWord: String?
    /// The word of "5 g/100 ml" -> "cinq grammes pour cent millilitres": a measure per an amount
    /// of another measure (units.txt `per-amount`).
    var perAmountWord: String?
    /// Words after which a unit symbol alone is the unit's singular name ("1,05 € par kg" ->
    /// "par kilogramme"): units.txt `per-unit-word`, lowercased.
    var perWords: [[Unicode.Scalar]] = []
    /// The longest of `perWords`, in scalars, and a bit set at each of their lengths.
    var perWordLength = 0
    var perWordLengths: UInt64 = 0
    /// Bit n set when a per word ends in the ASCII letter "a" + n; all bits when one ends otherwise.
    var perWordLastLetters: UInt32 = 0

    /// Whether a scalar may be the last letter of a per word (either case).
    @inline(__always)
    func mayEndPerWord(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value | 0x20
        return v >= 0x61 && v <= 0x7A ? perWordLastLetters & (1 << (v - 0x61)) != 0 : perWordLastLetters == .max
    }
    /// A decade written as a number and a glued suffix ("1970s", "the 60s"), and how the
    /// last word of the number takes the plural ("y" -> "ies": "seventies").
    var decadeSuffix: String?
    var decadePlurals: [(from: String, to: String)] = []
    /// Words after which a two-digit decade is one ("the 60s"); "30s later" stays seconds.
    var decadeAfter: Set<String> = []
    /// Opening hours: how a range of weekdays is said ("du {from} au {to}"), the expansions that
    /// are weekday names, and separators written between them besides "-" ("t/m").
    var dayRange: String?
    var weekdays: Set<String> = []
    var dayRangeSeparators: [String] = []
    /// Weekdays written in a form that is an abbreviation only inside a range of weekdays
    /// (es "L-V", it "lun-ven"): written form -> weekday name, `@day-range-forms`.
    var dayRangeForms: [(written: [Unicode.Scalar], name: String)] = []
    /// How a range of hours is said: without minutes ("{h1} bis {h2} Uhr"), with minutes, the
    /// minutes' words ("e {m}"), and the words that may follow the range ("Uhr", "uur", "h").
    var hourRange: String?
    var hourRangeWithMinutes: String?
    var hourRangeMinute = "{m}"
    /// The minutes' words for 1 to 9, where the language says them apart (en "oh {m}": "nine oh
    /// five AM", as the `time` command says it); nil: `hourRangeMinute`.
    var hourRangeMinuteUnderTen: String?
    var hourRangeUnits: [String] = []
    /// Halves of a 12-hour day written after an hour ("9am", "5 p.m.") and their words ("AM"):
    /// `hour-range-marker`; said after the hour (and its minutes) in `{m1}` and `{m2}`.
    var hourRangeMarkers: [(written: [Unicode.Scalar], said: String)] = []
    /// Gender of the hour numbers ("de une heure", "de nueve a catorce"): nil says them alone.
    var hourRangeGender: Gender?

    static let templateKinds: Set<String> = ["major", "major-minor", "minor"]
    static let templatePlaceholders = ["{major}", "{major-name}", "{minor}", "{minor-name}"]

    init() {}

    init(abbreviations: [LocaleDataFile], units unitFiles: [LocaleDataFile], money: [LocaleDataFile]) throws {
        for file in abbreviations { try readAbbreviations(file) }
        for file in unitFiles { try readUnits(file) }
        for file in money { try readMoney(file) }
        if elisionInitials.isEmpty, !elisions.isEmpty || scaleLink?.elided != nil {
            throw SpokenFormError.malformedLocaleData(file: unitFiles.last?.path ?? "units.txt", line: 0,
                                                     message: "elided forms need an 'elides-before | LETTERS' record")
        }
    }

    static func gender(_ text: String) -> Gender? {
        switch text {
        case "masculine", "m": return .masculine
        case "feminine", "f": return .feminine
        case "neuter", "n": return .neuter
        default: return nil
        }
    }

    // MARK: abbreviations.txt

    private mutating func readAbbreviations(_ file: LocaleDataFile) throws {
        var seen: [String: Int] = [:]
        // The keys and conditions `entries` holds: most entries replace none, and the search for
        // one to replace is then skipped (it made reading the file quadratic).
        var held = Set(entries.map { EntrySignature(key: $0.key, conditions: $0.conditions.rawValue) })
        for (fields, line) in try file.records(checkedBy: .abbreviations, fields: 2...3) {
            switch fields[0] {
            case "@ordinal":
                let suffix = try Self.ordinalSuffix(fields, line: line, file: file)
                ordinalSuffixes.removeAll { $0.suffix == suffix.suffix && $0.onlyNumber == suffix.onlyNumber }
                ordinalSuffixes.append(suffix)
            case "@roman":
                guard fields.count == 2, !fields[1].isEmpty else { throw file.error(at: line, "expected '@roman | SUFFIX SUFFIX ...'") }
                for suffix in fields[1].splitAtASCII(" ") { romanSuffixes.append(Array(suffix.unicodeScalars)) }
            case "@regnal":
                guard fields.count == 2, !fields[1].isEmpty else { throw file.error(at: line, "expected '@regnal | NAME NAME ...'") }
                for name in fields[1].splitAtASCII(" ") { regnalNames.insert(String(name)) }
            case "@compound-end":
                guard fields.count == 3, !fields[1].isEmpty, !fields[2].isEmpty else {
                    throw file.error(at: line, "expected '@compound-end | SUFFIX | EXPANSION'")
                }
                compoundEnds.removeAll { $0.suffix == Array(fields[1].unicodeScalars) }
                compoundEnds.append(CompoundEnd(suffix: Array(fields[1].unicodeScalars), expansion: fields[2]))
            case "@day-range":
                guard fields.count == 2, fields[1].contains("{from}"), fields[1].contains("{to}") else {
                    throw file.error(at: line, "expected '@day-range | TEMPLATE with {from} and {to}'")
                }
                dayRange = fields[1]
            case "@weekdays":
                guard fields.count == 2, !fields[1].isEmpty else { throw file.error(at: line, "expected '@weekdays | WORD WORD ...'") }
                for word in fields[1].splitAtASCII(" ") { weekdays.insert(String(word)) }
            case "@day-range-forms":
                guard fields.count == 2, !fields[1].isEmpty else { throw file.error(at: line, "expected '@day-range-forms | WRITTEN=NAME ...'") }
                for pair in fields[1].splitAtASCII(" ") {
                    let parts = pair.splitAtASCII("=")
                    guard parts.count == 2, !parts[0].isEmpty, weekdays.contains(String(parts[1])) else {
                        throw file.error(at: line, "'\(pair)' is not WRITTEN=NAME with a NAME of @weekdays (listed before)")
                    }
                    dayRangeForms.append((Array(parts[0].unicodeScalars), String(parts[1])))
                }
                // The longest written form first: "mar" before "m".
                dayRangeForms.sort { $0.written.count > $1.written.count }
            case "@day-range-separator":
                guard fields.count == 2, !fields[1].isEmpty else { throw file.error(at: line, "expected '@day-range-separator | WORD'") }
                dayRangeSeparators.append(fields[1])
            case "@not-name":
                guard fields.count == 2, !fields[1].isEmpty else {
                    throw file.error(at: line, "expected '@not-name | WORD WORD ...'")
                }
                for word in fields[1].splitAtASCII(" ") { notNames.insert(String(word)) }
            case "@name-particle":
                guard fields.count == 2, !fields[1].isEmpty else {
                    throw file.error(at: line, "expected '@name-particle | WORD WORD ...'")
                }
                for word in fields[1].splitAtASCII(" ") { nameParticles.insert(String(word)) }
            case "@not-noun":
                guard fields.count == 2, !fields[1].isEmpty else {
                    throw file.error(at: line, "expected '@not-noun | WORD WORD ...'")
                }
                for word in fields[1].splitAtASCII(" ") { notNouns.insert(String(word)) }
            case let key where key.hasPrefix("@"):
                throw DataFileSchema.abbreviations.unread(key, at: line, in: file)
            default:
                let entry = try Self.entry(fields, line: line, file: file)
                let signature = fields[0] + "|" + String(entry.conditions.rawValue)
                if let first = seen[signature] {
                    throw file.error(at: line, "duplicate entry for '\(fields[0])' with the same conditions (first at line \(first))")
                }
                seen[signature] = line.number
                // A later file (region, user dictionary) replaces an entry with the same key and conditions.
                if !held.insert(EntrySignature(key: entry.key, conditions: entry.conditions.rawValue)).inserted {
                    entries.removeAll { $0.key == entry.key && $0.conditions == entry.conditions }
                }
                entries.append(entry)
            }
        }
    }

    /// An `@ordinal | SUFFIX [| OPTIONS]` record: a gender, plural, ruleset=, before-noun=,
    /// or-before-noun, number= and after= (DataFileSchema.abbreviations).
    private static func ordinalSuffix(_ fields: [String], line: LocaleDataFile.Line, file: LocaleDataFile) throws -> OrdinalSuffix {
        // @ordinal | SUFFIX [GENDER] [plural]: the words after the suffix come in field 3.
        guard fields.count == 3 || fields.count == 2, !fields[1].isEmpty else {
            throw file.error(at: line, "expected '@ordinal | SUFFIX | [GENDER] [plural]'")
        }
        var gender: Gender?
        var plural = false
        var ruleSet: String?
        var onlyNumber: Int?
        var said: String?
        var after: Set<String> = []
        var beforeNounEndings: [(from: String, to: String)] = []
        var orBeforeNoun = false
        for word in (fields.count == 3 ? fields[2] : "").splitAtASCII(" ") {
            if word == "plural" { plural = true; continue }
            if word.hasPrefix("ruleset=") { ruleSet = String(word.dropFirst("ruleset=".count)); continue }
            if word.hasPrefix("before-noun=") {
                // before-noun=primero:primer,tercero:tercer
                for pair in word.dropFirst("before-noun=".count).splitAtASCII(",") {
                    let parts = pair.split(separator: ":", maxSplits: 1)
                    guard parts.count == 2, !parts[0].isEmpty else {
                        throw file.error(at: line, "expected 'before-noun=ENDING:ENDING,...' (\"before-noun=primero:primer\")")
                    }
                    beforeNounEndings.append((String(parts[0]), String(parts[1])))
                }
                continue
            }
            if word == "or-before-noun" { orBeforeNoun = true; continue }
            if word.hasPrefix("number=") {
                // number=2:seconde — this suffix only after 2, said "seconde".
                let parts = word.dropFirst("number=".count).split(separator: ":", maxSplits: 1)
                guard parts.count == 2, let number = Int(parts[0]) else {
                    throw file.error(at: line, "expected 'number=N:WORD' (\"number=2:seconde\")")
                }
                onlyNumber = number
                said = String(parts[1])
                continue
            }
            if word.hasPrefix("after=") {
                after = Set(word.dropFirst("after=".count).splitAtASCII(",").map { $0.lowercased() })
                continue
            }
            guard let g = Self.gender(String(word)) else {
                throw file.error(at: line, "unknown ordinal option '\(word)': expected masculine, feminine, neuter, plural, ruleset=, before-noun=, or-before-noun, after= or number=")
            }
            gender = g
        }
        return OrdinalSuffix(suffix: Array(fields[1].unicodeScalars), gender: gender, plural: plural, ruleSet: ruleSet,
                             onlyNumber: onlyNumber, word: said, after: after, beforeNounEndings: beforeNounEndings,
                             orBeforeNoun: orBeforeNoun)
    }

    private struct EntrySignature: Hashable {
        let key: [Unicode.Scalar]
        let conditions: AbbreviationConditions.RawValue
    }

    private static func entry(_ fields: [String], line: LocaleDataFile.Line, file: LocaleDataFile) throws -> AbbreviationEntry {
        let key = fields[0]
        guard !key.isEmpty, !key.unicodeScalars.contains(where: { $0.properties.isWhitespace && $0 != " " }) else {
            throw file.error(at: line, "empty abbreviation or one with a tab or non-breaking space")
        }
        guard let first = key.unicodeScalars.first, !first.properties.isWhitespace, key.last != " " else {
            throw file.error(at: line, "abbreviation starts or ends with a space")
        }
        let expansion = fields[1]
        guard !expansion.isEmpty else { throw file.error(at: line, "empty expansion") }
        var forms: [PluralCategory: String] = [:]
        if expansion.utf8.contains(UInt8(ascii: "=")) {
            // Plural forms: "one=personne; other=personnes".
            for part in expansion.splitAtASCII(";") {
                let pair = part.split(separator: "=", maxSplits: 1).map { String(LocaleDataFile.trimmed($0)) }
                guard pair.count == 2, let category = PluralCategory(rawValue: pair[0]), !pair[1].isEmpty else {
                    throw file.error(at: line, "expected plural forms 'one=WORD; other=WORDS' (categories zero one two few many other)")
                }
                forms[category] = pair[1]
            }
            guard forms[.other] != nil else { throw file.error(at: line, "plural forms need an 'other' form") }
        } else {
            forms[.other] = expansion
        }
        var conditions: AbbreviationConditions = []
        var gender: Gender?
        if fields.count == 3 {
            for word in fields[2].splitAtASCII(" ") {
                if word.hasPrefix("gender=") {
                    guard let g = Self.gender(String(word.dropFirst("gender=".count))) else {
                        throw file.error(at: line, "unknown gender in '\(word)': expected masculine, feminine or neuter")
                    }
                    gender = g
                } else if let condition = AbbreviationConditions.names[String(word)] {
                    conditions.insert(condition)
                } else {
                    throw file.error(at: line, "unknown condition '\(word)': expected \(AbbreviationConditions.names.keys.sorted().joined(separator: ", ")) or gender=...")
                }
            }
        }
        if forms.count > 1 && !conditions.contains(.afterNumber) {
            throw file.error(at: line, "plural forms only make sense with after-number")
        }
        return AbbreviationEntry(key: Array(key.unicodeScalars), forms: forms, conditions: conditions, gender: gender,
                                 file: file.path, line: line.number)
    }

    // MARK: units.txt

    private mutating func readUnits(_ file: LocaleDataFile) throws {
        var seen: [String: Int] = [:]
        // Only `half` has a fifth field, and `unit-name` one per plural category (DataFileSchema.units).
        for (fields, line) in try file.records(checkedBy: .units, fields: 2...10) {
            guard try readUnitRecord(fields, line: line, file: file, seen: &seen) || readRangeRecord(fields, line: line, file: file) else {
                throw DataFileSchema.units.unread(fields[0], at: line, in: file)
            }
        }
    }

    /// A unit symbol, a unit's names, and how measures are read (halves, heights, hundredths).
    private mutating func readUnitRecord(_ fields: [String], line: LocaleDataFile.Line, file: LocaleDataFile, seen: inout [String: Int]) throws -> Bool {
        switch fields[0] {
        case "unit":
            guard fields.count >= 3, !fields[1].isEmpty, !fields[2].isEmpty,
                  fields[2].allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-" || $0 == "/") }),
                  !fields[2].contains("/") || fields[2].hasPrefix("unit/") && fields[2].filter({ $0 == "/" }).count == 1 else {
                throw file.error(at: line, "expected 'unit | SYMBOL | ICU-UNIT [| not-before-number]' with an ICU unit such as length-kilometer")
            }
            var notBeforeNumber = false
            var numberAlone = false
            if fields.count == 4 {
                guard fields[3] == "not-before-number" || fields[3] == "number-alone" else {
                    throw file.error(at: line, "unknown unit option '\(fields[3])': expected not-before-number or number-alone")
                }
                notBeforeNumber = fields[3] == "not-before-number"
                numberAlone = fields[3] == "number-alone"
            }
            if let first = seen[fields[1]] {
                throw file.error(at: line, "duplicate unit symbol '\(fields[1])' (first at line \(first))")
            }
            seen[fields[1]] = line.number
            let symbol = Array(fields[1].unicodeScalars)
            units.removeAll { $0.symbol == symbol }
            var unit = UnitSymbol(symbol: symbol, icuUnit: fields[2], notBeforeNumber: notBeforeNumber, file: file.path, line: line.number)
            unit.numberAlone = numberAlone
            units.append(unit)
        case "measure-trailing-zeros":
            guard fields.count == 2, fields[1] == "drop" || fields[1] == "say" else { throw file.error(at: line, "expected 'measure-trailing-zeros | drop|say'") }
            dropsMeasureTrailingZeros = fields[1] == "drop"
        case "half":
            guard fields.count == 4 || fields.count == 5, fields[1] == "*" || Self.gender(fields[1]) != nil,
                  !fields[2].isEmpty, !fields[3].isEmpty, fields.count == 4 || !fields[4].isEmpty else {
                throw file.error(at: line, "expected 'half | GENDER|* | HALF | MIXED [| ONE-AND-A-HALF]'")
            }
            halves[fields[1] == "*" ? "*" : Self.gender(fields[1])!.rawValue] = (fields[2], fields[3], fields.count == 5 ? fields[4] : nil)
        case "feet-inches":
            guard fields.count == 3, !fields[1].isEmpty, !fields[2].isEmpty else {
                throw file.error(at: line, "expected 'feet-inches | ICU-UNIT | ICU-UNIT'")
            }
            feetInches = (fields[1], fields[2])
        case "subunit-reading":
            guard fields.count == 2 || fields.count == 3, !fields[1].isEmpty else {
                throw file.error(at: line, "expected 'subunit-reading | ICU-UNIT [| JOINER]'")
            }
            subunitReadings[fields[1]] = fields.count == 3 ? fields[2] : ""
        case "unit-name":
            // The unit's names by plural category, where ICU has none for the language or wrong ones.
            var rest = Array(fields.dropFirst(2))
            var gender: Gender?
            if let last = rest.last, rest.count > 2, let named = Gender(rawValue: last) {
                gender = named
                rest.removeLast()
            }
            guard fields.count >= 4, !fields[1].isEmpty, rest.count >= 2, !rest[0].isEmpty, !rest[1].isEmpty,
                  !rest[0].contains("="), !rest[1].contains("=") else {
                throw file.error(at: line, "expected 'unit-name | ICU-UNIT | ONE | OTHER [| CATEGORY=FORM]... [| GENDER]'")
            }
            do {
                unitNames[fields[1]] = (try PluralForms.parse(one: rest[0], other: rest[1], more: Array(rest.dropFirst(2))), gender)
            } catch {
                throw file.error(at: line, error.message)
            }
        case "name-fix":
            guard fields.count == 3, !fields[1].isEmpty else { throw file.error(at: line, "expected 'name-fix | ICU WORDS | WORDS'") }
            unitNameFixes.removeAll { $0.from == fields[1] }
            unitNameFixes.append((fields[1], fields[2]))
        case "unit-in-context":
            // unit-in-context | SYMBOL | ICU-UNIT | after ICU-UNIT | before WORD
            guard fields.count == 4, !fields[1].isEmpty, !fields[2].isEmpty else {
                throw file.error(at: line, "expected 'unit-in-context | SYMBOL | ICU-UNIT | after ICU-UNIT' or '... | before WORD'")
            }
            let condition = fields[3].split(separator: " ", maxSplits: 1).map(String.init)
            guard condition.count == 2, condition[0] == "after" || condition[0] == "before" else {
                throw file.error(at: line, "the condition must be 'after ICU-UNIT' or 'before WORD'")
            }
            contextUnits.append(ContextUnit(symbol: Array(fields[1].unicodeScalars), icuUnit: fields[2],
                                            afterUnit: condition[0] == "after" ? condition[1] : nil,
                                            beforeWord: condition[0] == "before" ? condition[1] : nil))
        default: return false
        }
        return true
    }

    /// The words between numbers and units: ranges, ratios, "per", elisions and scale links; opening hours and decades.
    private mutating func readRangeRecord(_ fields: [String], line: LocaleDataFile.Line, file: LocaleDataFile) throws -> Bool {
        switch fields[0] {
        case "ratio":
            guard fields.count == 2, !fields[1].isEmpty else { throw file.error(at: line, "expected 'ratio | WORD'") }
            ratioWord = fields[1]
        case "per-amount":
            guard fields.count == 2, !fields[1].isEmpty else { throw file.error(at: line, "expected 'per-amount | WORD'") }
            perAmountWord = fields[1]
        case "per-unit-word":
            guard fields.count == 2, !fields[1].isEmpty else { throw file.error(at: line, "expected 'per-unit-word | WORD WORD ...'") }
            for word in fields[1].lowercased().splitAtASCII(" ") {
                perWords.append(Array(word.unicodeScalars))
                perWordLength = max(perWordLength, word.unicodeScalars.count)
                if word.unicodeScalars.count < 64 { perWordLengths |= 1 << UInt64(word.unicodeScalars.count) }
                if let last = word.unicodeScalars.last?.value, last >= 0x61, last <= 0x7A {
                    perWordLastLetters |= 1 << (last - 0x61)
                } else {
                    perWordLastLetters = .max
                }
            }
        case "range":
            guard fields.count == 2, !fields[1].isEmpty else { throw file.error(at: line, "expected 'range | WORD'") }
            rangeWord = fields[1]
        case "elision":
            guard fields.count == 3, !fields[1].isEmpty, !fields[2].isEmpty else {
                throw file.error(at: line, "expected 'elision | WORD | ELIDED'")
            }
            elisions[fields[1]] = fields[2]
        case "hour-range", "hour-range-minutes":
            guard fields.count == 2, fields[1].contains("{h1}"), fields[1].contains("{h2}") else {
                throw file.error(at: line, "expected '\(fields[0]) | TEMPLATE with {h1} and {h2}'")
            }
            if fields[0] == "hour-range" { hourRange = fields[1] } else { hourRangeWithMinutes = fields[1] }
        case "hour-range-minute", "hour-range-minute-under-ten":
            guard fields.count == 2, fields[1].contains("{m}") else { throw file.error(at: line, "expected '\(fields[0]) | WORDS with {m}'") }
            if fields[0] == "hour-range-minute" { hourRangeMinute = fields[1] } else { hourRangeMinuteUnderTen = fields[1] }
        case "hour-range-noun":
            guard fields.count == 3, !fields[1].isEmpty, !fields[2].isEmpty else { throw file.error(at: line, "expected 'hour-range-noun | PLURAL | SINGULAR'") }
            hourRangeNoun = (fields[1], fields[2])
        case "hour-range-gender":
            guard fields.count == 2, let gender = Self.gender(fields[1]) else { throw file.error(at: line, "expected 'hour-range-gender | masculine|feminine|neuter'") }
            hourRangeGender = gender
        case "hour-range-marker":
            guard fields.count == 3, !fields[1].isEmpty, !fields[2].isEmpty else { throw file.error(at: line, "expected 'hour-range-marker | WRITTEN | SAID'") }
            hourRangeMarkers.append((Array(fields[1].unicodeScalars), fields[2]))
            hourRangeMarkers.sort { $0.written.count > $1.written.count }
        case "hour-range-unit":
            guard fields.count == 2, !fields[1].isEmpty else { throw file.error(at: line, "expected 'hour-range-unit | WORD'") }
            hourRangeUnits.append(fields[1])
        case "decade":
            guard fields.count == 2, !fields[1].isEmpty else { throw file.error(at: line, "expected 'decade | SUFFIX'") }
            decadeSuffix = fields[1]
        case "decade-after":
            guard fields.count == 2 else { throw file.error(at: line, "expected 'decade-after | WORD WORD ...'") }
            decadeAfter.formUnion(fields[1].lowercased().splitAtASCII(" ").map(String.init))
        case "decade-plural":
            guard fields.count == 3, !fields[1].isEmpty else { throw file.error(at: line, "expected 'decade-plural | ENDING | PLURAL ENDING'") }
            decadePlurals.append((fields[1], fields[2]))
        case "range-start":
            guard fields.count == 2 || fields.count == 3, !fields[1].isEmpty else {
                throw file.error(at: line, "expected 'range-start | WORD [| WORD, WORD …]'")
            }
            rangeStart = fields[1]
            if fields.count == 3 {
                rangeStartNotAfter = Set(fields[2].splitAtASCII(",").map { $0.trimmingSpaces().lowercased() }.filter { !$0.isEmpty })
            }
        case "elides-before":
            guard fields.count == 2, !fields[1].isEmpty else {
                throw file.error(at: line, "expected 'elides-before | LETTER LETTER ...'")
            }
            for letter in fields[1].splitAtASCII(" ") {
                guard letter.unicodeScalars.count == 1, let scalar = letter.unicodeScalars.first else {
                    throw file.error(at: line, "'\(letter)' is not one letter: expected letters separated by spaces")
                }
                elisionInitials.insert(scalar)
            }
        case "scale-link":
            guard fields.count == 4, !fields[1].isEmpty, !fields[3].isEmpty else {
                throw file.error(at: line, "expected 'scale-link | WORD | ELIDED|- | SCALE-NOUN SCALE-NOUN ...'")
            }
            scaleLink = (fields[1], fields[2] == "-" ? nil : fields[2], Set(fields[3].splitAtASCII(" ").map(String.init)))
        default: return false
        }
        return true
    }

    // MARK: money.txt

    private mutating func readMoney(_ file: LocaleDataFile) throws {
        func isoCode(_ text: String, line: LocaleDataFile.Line, wildcard: Bool) throws -> String {
            if wildcard && text == "*" { return text }
            guard text.count == 3, text.allSatisfy({ $0.isASCII && $0.isUppercase }) else {
                throw file.error(at: line, "'\(text)' is not an ISO 4217 code (three capital letters)\(wildcard ? " or *" : "")")
            }
            return text
        }
        // ONE | OTHER at `index`, then the language's other CLDR categories (`few=…`), then what
        // is left (a gender).
        func pluralForms(_ fields: [String], at index: Int, line: LocaleDataFile.Line) throws -> (PluralForms, rest: ArraySlice<String>) {
            let more = fields[(index + 2)...].prefix { PluralForms.isCategoryField($0) }
            do {
                let forms = try PluralForms.parse(one: fields[index], other: fields[index + 1], more: Array(more))
                return (forms, fields[(index + 2 + more.count)...])
            } catch {
                throw file.error(at: line, error.message)
            }
        }
        for (fields, line) in try file.records(checkedBy: .money, fields: 3...9) {
            switch fields[0] {
            case "symbol":
                guard fields.count == 3 || fields.count >= 5, !fields[1].isEmpty else {
                    throw file.error(at: line, "expected 'symbol | SYMBOL | ISO [| ONE | OTHER [| CATEGORY=FORM…]]'")
                }
                let code = try isoCode(fields[2], line: line, wildcard: false)
                let symbol = Array(fields[1].unicodeScalars)
                var names: PluralForms?
                if fields.count >= 5 {
                    let (forms, rest) = try pluralForms(fields, at: 3, line: line)
                    guard rest.isEmpty else { throw file.error(at: line, "unexpected '\(rest.first!)' after the names") }
                    names = forms
                }
                currencySymbols.removeAll { $0.symbol == symbol }
                currencySymbols.append(CurrencySymbol(symbol: symbol, isoCode: code, names: names))
            case "gender":
                guard fields.count == 3, let gender = Self.gender(fields[2]) else {
                    throw file.error(at: line, "expected 'gender | ISO | masculine|feminine|neuter'")
                }
                currencyGenders[try isoCode(fields[1], line: line, wildcard: true)] = gender
            case "minor":
                guard fields.count >= 4, !fields[2].isEmpty, !fields[3].isEmpty else {
                    throw file.error(at: line, "expected 'minor | ISO | ONE | OTHER [| CATEGORY=FORM…] [| GENDER]'")
                }
                let (forms, rest) = try pluralForms(fields, at: 2, line: line)
                var gender: Gender?
                if let field = rest.first {
                    guard rest.count == 1, let g = Self.gender(field) else { throw file.error(at: line, "unknown gender '\(field)'") }
                    gender = g
                }
                minorNames[try isoCode(fields[1], line: line, wildcard: true)] = MinorUnitName(forms: forms, gender: gender)
            case "scale":
                guard fields.count >= 4, !fields[1].isEmpty, !fields[2].isEmpty, !fields[3].isEmpty else {
                    throw file.error(at: line, "expected 'scale | WRITTEN | ONE | OTHER [| CATEGORY=FORM…] [| GENDER]'")
                }
                let (forms, rest) = try pluralForms(fields, at: 2, line: line)
                var gender: Gender?
                if let field = rest.first {
                    guard rest.count == 1, let g = Self.gender(field) else { throw file.error(at: line, "unknown gender '\(field)'") }
                    gender = g
                }
                moneyScales.append(MoneyScale(written: Array(fields[1].unicodeScalars), forms: forms, gender: gender))
            case "per":
                guard fields.count == 3, !fields[1].isEmpty, !fields[2].isEmpty else {
                    throw file.error(at: line, "expected 'per | WORD, WORD | SAID'")
                }
                for written in fields[1].split(separator: ",") {
                    var key = written.trimmingSpaces().lowercased()
                    if key.hasSuffix(".") { key.removeLast() }
                    guard !key.isEmpty, key.allSatisfy(\.isLetter) else {
                        throw file.error(at: line, "'\(written)' is not a word")
                    }
                    moneyPer[key] = fields[2]
                }
            case "icu-name-case":
                guard fields.count == 3, fields[1] == "first-letter", fields[2] == "lower" else {
                    throw file.error(at: line, "expected 'icu-name-case | first-letter | lower'")
                }
                lowersICUNameFirstLetter = true
            case "template":
                guard fields.count == 3, Self.templateKinds.contains(fields[1]) else {
                    throw file.error(at: line, "expected 'template | major|major-minor|minor | TEXT'")
                }
                let text = fields[2]
                var rest = text
                for placeholder in Self.templatePlaceholders { rest = rest.replacingOccurrences(of: placeholder, with: "") }
                guard !rest.contains("{"), !rest.contains("}") else {
                    throw file.error(at: line, "unknown placeholder: expected \(Self.templatePlaceholders.joined(separator: " "))")
                }
                templates[fields[1]] = text
            default:
                throw DataFileSchema.money.unread(fields[0], at: line, in: file)
            }
        }
    }
}
