/// The data files of `Locales/`, each kind declared once: its lines' shape, and every key or
/// record kind with its syntax, the capability that reads it and what it means.
///
/// Every loader reads its lines through `LocaleDataFile.keyValues(checkedBy:)` or
/// `records(checkedBy:fields:)`, which refuse a key the file's schema does not declare, or a
/// line whose number of `|`-separated fields the declaration fixes and the line lacks, with
/// the file and line. The pages of `Docs/data/` are rendered from these declarations
/// (`DataFileSchemaTests` checks them, and that every key the data uses is declared and every
/// declared key used), so that no data file header copies a key list that could drift.
struct DataFileSchema: Sendable {
    /// How a file's lines are written.
    enum Form: Sendable {
        /// `key = value`, one setting a line.
        case keyValue
        /// `KIND | FIELD | FIELD...`: records whose kind is the field `kindField`.
        case records
        /// One word a line, no keys.
        case wordList
        /// ICU's rule-based number format syntax, no keys.
        case ruleText
    }

    /// One key (or record kind), declared once.
    struct Key: Sendable {
        /// The key as written before " = ", or the record's kind. A last part in capitals after
        /// "-", " " or "." is a parameter: `N` a whole number (`group-N`: "group-4"), any other
        /// word any text (`1.FEATURE`).
        let name: String
        /// The value's shape (a record's whole line): `LIST` (comma-separated, matched
        /// lowercased), `WORD(S)`, `|`-separated fields in capitals, literal choices.
        let syntax: String
        /// What it says, with an example.
        let meaning: String
        /// How many `|`-separated fields the value (a record: the whole line) has, where the
        /// syntax fixes it; checked before the reader sees the line.
        let fields: ClosedRange<Int>?
        /// The capability that reads it, where not the file's.
        let reader: String?
        /// No embedded file uses it: it is there for user data directories (and tests).
        let userDataOnly: Bool

        init(_ name: String, _ syntax: String, _ meaning: String, fields: ClosedRange<Int>? = nil,
             reader: String? = nil, userDataOnly: Bool = false) {
            self.name = name
            self.syntax = syntax
            self.meaning = meaning
            self.fields = fields
            self.reader = reader
            self.userDataOnly = userDataOnly
        }
    }

    /// The file's name ("dates.txt").
    let file: String
    let form: Form
    /// The capability that reads it (its loader and the command that speaks through it).
    let reader: String
    /// The page's opening paragraphs: where the file lives, how it is read, what overrides it.
    let about: String
    /// Every key, in the order the documentation lists them.
    let keys: [Key]
    /// For records, the field that holds the kind (lexicon.txt: "TERM | KIND", 1).
    let kindField: Int
    /// The declaration of every kind no key names (abbreviations.txt: an abbreviation), if any.
    let other: Key?
    /// Kinds starting with this are never `other` ("@" of abbreviations.txt's directives).
    let reserved: String?

    private let byName: [String: Int]
    /// Declarations with a parameter: the name before it, and whether it is a number.
    private let parameterized: [(prefix: String, number: Bool, index: Int)]

    init(file: String, form: Form = .keyValue, reader: String, about: String, keys: [Key] = [], kindField: Int = 0,
         other: Key? = nil, reserved: String? = nil) {
        self.file = file
        self.form = form
        self.reader = reader
        self.about = about
        self.keys = keys
        self.kindField = kindField
        self.other = other
        self.reserved = reserved
        var byName: [String: Int] = [:]
        var parameterized: [(prefix: String, number: Bool, index: Int)] = []
        for (index, key) in keys.enumerated() {
            byName[key.name] = index
            if let cut = key.name.lastIndex(where: { $0 == "-" || $0 == " " || $0 == "." }),
               case let parameter = key.name[key.name.index(after: cut)...], !parameter.isEmpty,
               parameter.allSatisfy({ $0.isUppercase }) {
                parameterized.append((String(key.name[...cut]), parameter == "N", index))
            }
        }
        self.byName = byName
        self.parameterized = parameterized
    }

    /// The page rendered from this schema, relative to the repository.
    var page: String { "Docs/data/\(file.dropLast(4)).md" }

    /// The declaration a key or record kind as written falls under ("group-4": `group-N`), or nil.
    func declaration(of key: String) -> Key? {
        if let index = byName[key] { return keys[index] }
        for (prefix, number, index) in parameterized where key.hasPrefix(prefix) && key.utf8.count > prefix.utf8.count {
            let rest = key.utf8.dropFirst(prefix.utf8.count)
            if !number || rest.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) { return keys[index] }
        }
        if let other, !key.isEmpty, reserved.map({ !key.hasPrefix($0) }) ?? true { return other }
        return nil
    }

    /// Checks one line: its key (or kind) is declared, and it has as many fields as the
    /// declaration fixes (`fieldCount` is asked only then). The one check every loader makes.
    /// - Throws: `SpokenFormError.malformedLocaleData` naming the file, the line and what was expected.
    @discardableResult
    func check(_ key: String, fieldCount: () -> Int, at line: LocaleDataFile.Line, in file: LocaleDataFile) throws -> Key {
        guard let declared = declaration(of: key) else {
            let what = form == .records ? (reserved.map { key.hasPrefix($0) } == true ? "directive" : "record") : "key"
            throw file.error(at: line, "unknown \(what) '\(key)' (\(page) lists the \(what)s)")
        }
        if let fields = declared.fields, case let count = fieldCount(), !fields.contains(count) {
            let expected = fields.count == 1 ? "\(fields.lowerBound)" : fields.upperBound > 9 ? "at least \(fields.lowerBound)"
                : "\(fields.lowerBound) to \(fields.upperBound)"
            let shape = form == .records ? "'\(declared.syntax)'" : "'\(declared.syntax)' after '\(declared.name) ='"
            throw file.error(at: line, "expected \(shape) (\(expected) fields separated by '|', found \(count))")
        }
        return declared
    }

    /// The error of a declared key its loader does not read: a declaration without a reader.
    func unread(_ key: String, at line: LocaleDataFile.Line, in file: LocaleDataFile) -> SpokenFormError {
        file.error(at: line, "'\(key)' is declared in the \(self.file) schema but not read")
    }
}

extension LocaleDataFile {
    /// `keyValues()`, each line's key checked against `schema` (`DataFileSchema.check`).
    /// - Throws: `SpokenFormError.malformedLocaleData` naming the file and line of a malformed,
    ///   undeclared or short line.
    func keyValues(checkedBy schema: DataFileSchema) throws -> [(key: String, value: String, line: Line)] {
        let entries = try keyValues()
        for (key, value, line) in entries {
            try schema.check(key, fieldCount: { 1 + value.utf8.reduce(0) { $0 + ($1 == 0x7C ? 1 : 0) } }, at: line, in: self)
        }
        return entries
    }

    /// `records(separator:fields:)` split at "|", each line's kind checked against `schema`.
    /// - Throws: `SpokenFormError.malformedLocaleData` naming the file and line of a malformed,
    ///   undeclared or short line.
    func records(checkedBy schema: DataFileSchema, fields: ClosedRange<Int>) throws -> [(fields: [String], line: Line)] {
        let records = try records(separator: "|", fields: fields)
        for (parts, line) in records {
            try schema.check(parts[schema.kindField], fieldCount: { parts.count }, at: line, in: self)
        }
        return records
    }
}

// MARK: - Documentation

extension DataFileSchema {
    /// Every kind of data file, in the order of `Docs/data/README.md`.
    static let all: [DataFileSchema] = [
        .numbers, .spellout, .plurals, .dates, .times, .timeInput, .phones, .abbreviations, .units, .money, .text,
        .traits, .labels, .hintVerbs, .lexicon, .tagger, .languageModel, .spanModel,
    ]

    /// `page` as rendered from the declarations.
    func documentation() -> String {
        let cell = { (text: String) in text.replacingOccurrences(of: "|", with: "\\|") }
        var page = "# \(file)\n\n\(about)\n\nRead by \(reader).\n\nThis page is rendered from `DataFileSchema.\(Self.name(of: file))`\n"
            + "(Sources/SpokenForm/LocaleData/DataFileSchema.swift), where each \(form == .records ? "record kind" : "key") is declared once;\n"
            + "`DataFileSchemaTests` fails when the two differ (regenerate with\n"
            + "`SPOKENFORM_WRITE_DOCS=1 swift test --filter DataFileSchemaTests`). Every file kind: [README.md](README.md).\n"
        guard form == .keyValue || form == .records else { return page }
        let rows = keys + (other.map { [$0] } ?? [])
        let readers = rows.contains { $0.reader != nil }
        let first = form == .records ? "record" : "key"
        page += "\n| \(first) | \(form == .records ? "fields" : "value") |\(readers ? " read by |" : "") meaning |\n|---|---|\(readers ? "---|" : "")---|\n"
        for key in rows {
            let note = key.userDataOnly ? " (no embedded file uses it: for user data)" : ""
            page += "| `\(cell(key.name))` | `\(cell(key.syntax))` |\(readers ? " \(key.reader ?? reader) |" : "") \(cell(key.meaning))\(note) |\n"
        }
        return page
    }

    /// `Docs/data/README.md`: every kind of data file, what reads it and its page.
    static func index() -> String {
        var page = """
            # Data files

            Everything SpokenForm knows about a language is data in `Locales/<lang>/` (a region's
            additions in `Locales/<lang>/<REGION>/`, `Locales/und/` for every language), embedded at
            build time; a user data directory of the same layout (`--data-dir`,
            `SpokenForm.Options(dataDirectories:)`) is read after it. Every file is UTF-8; `#` starts a
            comment line and blank lines are ignored (`LocaleDataFile`). Each kind is declared once in
            `DataFileSchema` (Sources/SpokenForm/LocaleData/DataFileSchema.swift), its loader refuses
            an undeclared key or a line missing a field with the file and line, and its page here is
            rendered from the declaration. [adding-a-language.md](../adding-a-language.md) says in
            which order to write them.

            | file | lines | read by | keys |
            |---|---|---|---|

            """
        for schema in all {
            let form = switch schema.form {
            case .keyValue: "`key = value`"
            case .records: "`a \\| b \\| c` records"
            case .wordList: "one word a line"
            case .ruleText: "ICU rule text"
            }
            let count = schema.keys.count + (schema.other == nil ? 0 : 1)
            page += "| [\(schema.file)](\(schema.file.dropLast(4)).md) | \(form) | \(schema.reader) | \(count == 0 ? "-" : "\(count)") |\n"
        }
        return page
    }

    /// The name of the static declaration of `file` ("language-model.txt": `languageModel`).
    static func name(of file: String) -> String {
        let parts = file.dropLast(4).split(separator: "-")
        return parts.enumerated().map { $0.offset == 0 ? String($0.element) : $0.element.capitalized }.joined()
    }
}

// MARK: - The declarations

extension DataFileSchema {
    static let numbers = DataFileSchema(file: "numbers.txt", reader: "NumberSpeller (`spokenform number`)", about: """
        `Locales/<lang>/numbers.txt` corrects and completes what ICU's spell-out rules say for a language:
        `key = value`, one per line; every key is optional. A region's file (`fr/CH/numbers.txt`) is
        read after the language's; its `scale` and `ordinal-scale-word` lines replace the language's.
        Prefer `spellout.txt` for anything a rule should say ([numbers.md](../numbers.md)).
        """, keys: [
        Key("decimal-word", "WORD", "word for the decimal separator (default: learned from ICU)"),
        Key("space-grouping", "yes|no", "thousands may also be grouped with a space (\"2 000\") besides the locale's own separator"),
        Key("fraction-reading", "number|digits|named", "how the digits after the separator are read: as a number (\"trois virgule quatorze\"), digit by digit, or named (\"двадцать одна целая семь десятых\")"),
        Key("fraction-number-max-digits", "N", "with `number`, longer fractions are read digit by digit (default 3)"),
        Key("year-ruleset", "%RULESET", "ICU rule set for years (default %spellout-numbering-year)"),
        Key("year-template", "LOW...HIGH => TEMPLATE", "years in the range with a non-zero rest said as TEMPLATE with {hundreds} and {rest}, or {cardinal}"),
        Key("million", "SINGULAR | PLURAL", "how ICU writes the word for 10^6 after a count: the anchor the `scale` words replace", fields: 2...2),
        Key("scale", "EXPONENT | SINGULAR | PLURAL", "the word for 10^EXPONENT (18 or more, a multiple of 3), where ICU falls back to digits", fields: 3...3),
        Key("scale-gender", "GENDER", "gender of the scale nouns: a count of 1000 and more before them agrees"),
        Key("fix", "FROM => TO", "correction of ICU's output, applied everywhere"),
        Key("fix-at-start", "FROM => TO", "correction applied when the words start with FROM"),
        Key("standalone", "FROM => TO", "replacement when the whole number is FROM, said alone (nl \"een\" -> \"één\")"),
        Key("traditional", "FROM => TO", "replacement giving the traditional spelling, the default (fr \"vingt-et-un\" -> \"vingt et un\")"),
        Key("reform", "hyphenate", "the reform spelling joins every numeral word with hyphens except around scale nouns"),
        Key("scale-nouns", "WORD ...", "scale nouns (million, milliard) before which a multiplied count takes a plural form"),
        Key("noun-plural", "FROM => TO", "count ending that takes a plural form before a scale noun (\"quatre-vingt\" -> \"quatre-vingts\")"),
        Key("noun-plural-after-multiplier", "FROM => TO", "the same, only when another numeral multiplies it (\"deux cent\" -> \"deux cents\", not \"cent\")"),
        Key("fraction-name", "DIGITS | ONE | OTHER", "with `named`, the name of a fraction of DIGITS decimal digits (\"десятая | десятых\")", fields: 3...3),
        Key("whole-name", "ONE | OTHER", "with `named`, the words for the integer part (\"целая | целых\")", fields: 2...2),
        Key("fraction-gender", "GENDER", "with `named`, the rule-set gender of the counts of named fractions"),
        Key("plus-word", "WORD", "said for a written \"+\" (\"+5\" -> \"plus cinq\")"),
        Key("numbering-ruleset", "%RULESET", "ICU rule set for numbers said alone, instead of the default (en-GB \"%spellout-numbering-verbose\")"),
        Key("cardinal-ruleset", "%RULESET", "ICU rule set for cardinals, instead of the default"),
        Key("ordinal-ruleset", "%RULESET", "ICU rule set for ordinals, instead of the default"),
        Key("ordinal-fix", "FROM => TO", "correction of ICU's ordinals only (fr \"cent-et-unième\" -> \"cent unième\")"),
        Key("ordinal-fix-at-start", "FROM => TO", "ordinal correction applied when the words start with FROM (fr \"un millionième\" is the fraction)"),
        Key("ordinal-scale", "FROM => TO", "an ordinal scale word (\"Millionenste\" -> \"millionste\"): the count words before it are joined to it"),
        Key("ordinal-scale-one", "WORD ...", "counts of one dropped before an ordinal scale word (\"eine\", \"un\")"),
        Key("ordinal-scale-word", "EXPONENT | MASCULINE | FEMININE", "the ordinal of 10^EXPONENT (3 to 15): ordinals from 1000 are composed, each count before one said as an ordinal (pt \"segundo milésimo\")", fields: 3...3),
        Key("ordinal-plural-ending", "FROM => TO", "singular ending -> plural ending of an ordinal word (\"o\" -> \"os\"), for plurals ICU lacks"),
        Key("ordinal-plural", "every-word", "every word of a compound ordinal takes the plural (\"vigésimos primeros\"), not only the last"),
        Key("feminine-group", "SCALE-WORD | UNLESS-BEFORE ... | FROM => TO; FROM => TO", "feminine agreement inside a thousands group ICU leaves masculine (es \"doscientos mil\" -> \"doscientas mil\"), unless one of the words follows the scale word", fields: 3...3),
        Key("feminine-ending", "FROM => TO", "feminine ending at the end of a number ICU leaves masculine (it \"centoventuno\" -> \"centoventuna\")"),
        Key("decimal-agreement", "none|noun", "whether a decimal's integer part agrees with the noun (default noun; de none: \"eins Komma fünf\")"),
        Key("compose-groups", "AFTER-THOUSANDS | AFTER-LARGER, or off", "a cardinal below 10^18 said as its groups of three digits, each as ICU says it with its power of 1000, joined by `space` or `none` after a thousands group and after a larger one (checked against ICU by NumberCompositionTests)", fields: 1...2),
        Key("percent-gender", "GENDER", "gender of the number before the percent word (de \"ein Prozent\")"),
    ])

    static let spellout = DataFileSchema(file: "spellout.txt", form: .ruleText, reader: "NumberSpeller (ICU's rule-based number format)", about: """
        `Locales/<lang>/spellout.txt` replaces ICU's spell-out rules for a language: ICU's own rule
        text (`scripts/icu-spellout-rules.sh <lang>` writes a start), corrected. Its lines are the
        rules; `#` lines are comments and taken out before ICU reads the text. Every rule set name
        keeps working, so data elsewhere (`%spellout-cardinal-feminine`) may name one.
        """)

    static let plurals = DataFileSchema(file: "plurals.txt", reader: "NumberSpeller.pluralRules (ICU's plural rules)", about: """
        `Locales/<lang>/plurals.txt` gives a language's CLDR plural rules where ICU has none or wrong
        ones: `CATEGORY = CONDITION` in CLDR's rule syntax. `other` is what no condition matches and
        has no line. The categories then choose the forms of `money.txt`, `units.txt` and
        `text.txt` ([adding-a-language.md](../adding-a-language.md), section 2).
        """, keys: [
        Key("zero", "CONDITION", "the counts of category zero (CLDR rule syntax: `n = 0`)", userDataOnly: true),
        Key("one", "CONDITION", "the counts of category one (`n = 1`, `n % 10 = 1 and n % 100 != 11`)"),
        Key("two", "CONDITION", "the counts of category two (`n = 2`)"),
        Key("few", "CONDITION", "the counts of category few (`n % 10 = 2..4 and n % 100 != 12..14`)"),
        Key("many", "CONDITION", "the counts of category many"),
    ])

    static let dates = DataFileSchema(file: "dates.txt", reader: "DateSpeller (`spokenform date`)", about: """
        `Locales/<lang>/dates.txt` says how a language speaks dates, date-times, durations and
        relative dates where ICU's patterns and names do not: `key = value`, one per line; every key
        is optional. A region's file (`fr/CA/dates.txt`) is read after the language's and adds to
        it. What the speller does with them is in [dates.md](../dates.md).
        """, keys: [
        Key("day", "cardinal|ordinal", "how the day of the month is said (default cardinal)"),
        Key("first-day", "cardinal|ordinal", "how the first of the month is said (default cardinal; fr \"premier\")"),
        Key("day-ruleset", "%RULESET", "an ICU rule set for every day instead (de \"%spellout-ordinal-r\")"),
        Key("year-ruleset", "%RULESET", "the rule set of the year inside a date, where it is not the year said alone (ru \"%spellout-ordinal-neuter-genitive\": \"две тысячи пятнадцатого года\")", userDataOnly: true),
        Key("month-names", "format|standalone | NAME, NAME, ...", "the twelve month names said instead of ICU's, in a date's pattern (MMMM, a declined form) or alone (LLLL)", fields: 2...2),
        Key("weekday-names", "NAME, NAME, ...", "the seven weekday names said instead of ICU's, Monday first"),
        Key("pattern-replace", "FROM => TO", "edit of ICU's date pattern before formatting, quoted literals as in ICU (de \"d.\" -> \"d\": the ordinal dot is not said)"),
        Key("at", "WORD", "the word that puts a time after a date (\"à\", \"at\", \"um\")"),
        Key("at-replace", "FROM => TO", "a spoken time starting with FROM starts with TO after a date, instead of `at` (it \"le\" -> \"alle\")"),
        Key("fix", "FROM => TO", "correction of a duration or relative-date phrase (it \"una ora\" -> \"un'ora\")"),
        Key("unit-gender", "UNIT | GENDER|none", "the gender a duration unit's count agrees with, where ICU's unit data has none or a wrong one (none: no agreement)", fields: 2...2, userDataOnly: true),
        Key("relative-ruleset", "GENDER | %RULESET", "the ICU rule set for the count of a relative date, by the unit's gender (de dative \"einer\", \"einem\")", fields: 2...2),
        Key("numeric-order", "day month year", "the order of a numeric date as people write it, where ICU's pattern differs (fr-CA writes the day first)", reader: "DateInputParser"),
        Key("at-input", "WORDS", "more words accepted between a written date and time (\"a las\")", reader: "DateInputParser"),
        Key("written-date-filler", "WORD ...", "words skipped in a written-out date (\"de\" in \"1 de abril de 2015\")", reader: "DateInputParser"),
        Key("time-word-before", "WORD", "a word written before a time (\"ore 17:30\")", reader: "DateInputParser"),
        Key("time-word-after", "WORD", "a word written after a time (\"17 Uhr\", \"17.30 uur\")", reader: "DateInputParser"),
        Key("named-time", "WORD => HH:MM", "a time written as a word (\"midi => 12:00\")", reader: "DateInputParser"),
        Key("scale-link", "WORD | ELIDED|- | SCALE-NOUN ...", "the word between a count ending in a scale noun and a duration's unit (\"un million d'heures\"); ELIDED before a vowel, - for none", fields: 3...3),
        Key("duration-pair", "TEMPLATE", "how a duration of exactly two parts is joined, with {0} and {1} (\"{0} und {1}\"), instead of ICU's unit list"),
    ])

    static let times = DataFileSchema(file: "times.txt", reader: "DateSpeller.time (`spokenform time`)", about: """
        `Locales/<lang>/times.txt` holds a language's spoken-time styles, which ICU does not have
        ("{h} heures {m}", "{h} Uhr {m}"): `key = value`, one per line. A style is a list of
        rules, the first that matches a time says it; every style must say every minute of the day
        (checked when loading). A region's file (`en/GB/times.txt`) that gives rules for a style
        replaces that style's rules.
        """, keys: [
        Key("default", "STYLE", "the style used when none is asked for (required)"),
        Key("hour-gender", "GENDER|none", "gender of the hour numbers (fr \"une heure\")"),
        Key("minute-gender", "GENDER|none", "gender of the minute numbers (fr \"vingt et une\")"),
        Key("rule", "STYLE | HOURS | MINUTES | TEMPLATE", "a rule of STYLE for HOURS (0-23) and MINUTES (0-59), each *, N, A-B or a comma list; TEMPLATE with {h24}, {h12}, {minute}, {period}; a number's placeholder may name the spell-out rule set it is said with ({h24:%spellout-ordinal-feminine}: an hour said as an ordinal, a case form)", fields: 4...4),
        Key("period", "STYLE | HOURS | WORDS", "the words {period} stands for in STYLE at those hours (\"de l'après-midi\")", fields: 3...3),
        Key("seconds", "TEMPLATE", "how a time with seconds is said: {time} the time to the minute, {seconds} the seconds as a duration; without it seconds are not said"),
        Key("unmarked-hour", "STYLE", "the style for a time whose hour is written 1-12 with no leading zero and no part of the day (en-US \"9:30\": \"nine thirty\"); without it, the default style"),
    ])

    static let timeInput = DataFileSchema(file: "time-input.txt", reader: "DateInputParser (the `time` and `date` commands' input)", about: """
        `Locales/und/time-input.txt` holds the words that mark a typed time as before or after noon
        ("5:30 pm", "5.30 a.m."), read in every locale, matched without regard to case, the longest
        first. A language folder may add its own markers in a `time-input.txt` of its own.
        """, keys: [
        Key("am", "WORD | WORD ...", "markers of the hours before noon"),
        Key("pm", "WORD | WORD ...", "markers of the hours after noon"),
    ])

    static let phones = DataFileSchema(file: "phones.txt", reader: "PhoneSpeller (`spokenform phone`)", about: """
        `Locales/<lang>/phones.txt` says how speakers of a language read the digit groups that
        libphonenumber finds (the grouping comes from the number's region): `key = value`, one per
        line. A region's file (`en/GB/phones.txt`) is read after the language's and replaces its
        keys. [phones.md](../phones.md) says how the readings combine.
        """, keys: [
        Key("plus", "WORD", "word for the \"+\" before the country code (required)"),
        Key("pause", "MARK", "written between spoken groups (with a space) so that a screen reader pauses (required)"),
        Key("extension", "WORD", "word said before an extension (required)"),
        Key("extension-markers", "LIST", "words that introduce an extension in written numbers, besides libphonenumber's own (\"ext.\", \"x\", \";ext=\")"),
        Key("group-N", "digits|number [SIZES]", "how a group of N digits is read: one word per digit, or a number with its leading zeros said as the zero word; SIZES cut the group into parts (\"number 2 2\": 1234 -> 12, 34)"),
        Key("group-default", "digits|number [SIZES]", "groups of a size without their own line (cut SIZES repeat)"),
        Key("first-group", "digits|number [SIZES]", "the first group after the country code or trunk prefix, any size"),
        Key("country-code", "digits|number", "how the digits after \"+\" are read"),
        Key("extension-reading", "digits|number", "how the extension's digits are read (default: by their group size)"),
        Key("number-groups", "G G ...", "groups always read as a number (\"800\" in US English)"),
        Key("prefix-groups", "PATTERN ...", "patterns of 1 to 4 digits or x of a first national group said as one number (fr \"08xx\": 0892 is \"zéro huit cent quatre-vingt-douze\")"),
        Key("extension-after-hyphen", "yes|no", "a hyphen and up to five digits after the subscriber number are an extension (DIN 5008: \"089 1234567-12\")"),
        Key("written-groups", "keep|libphonenumber", "say the groups as the user wrote them when they hold the same digits (default libphonenumber's)"),
        Key("zero", "WORD", "word for 0 in digit-by-digit readings (default: the number word)", userDataOnly: true),
        Key("oh", "WORD", "the other word for 0, chosen with the \"oh\" option"),
        Key("say-oh", "yes|no", "use `oh` unless the caller asks otherwise"),
        Key("digit-N", "WORD", "another word for digit N in digit-by-digit readings"),
        Key("double", "TEMPLATE", "two equal digits in a digit-by-digit reading, with {digit} (\"double {digit}\")"),
        Key("triple", "TEMPLATE", "three equal digits in a digit-by-digit reading, with {digit}"),
        Key("lenient-group", "N", "--lenient cuts an invalid number into groups of N digits, 1 to 6 (a shorter rest joins the last group)"),
    ])

    static let abbreviations = DataFileSchema(file: "abbreviations.txt", form: .records, reader: "AbbreviationExpander (`spokenform expand`, running text)", about: """
        `Locales/<lang>/abbreviations.txt` lists the abbreviations UI text uses, one record a line,
        fields separated by `|`. A record is an abbreviation with its expansion, or a directive
        starting with `@`. Region folders (`fr/CA/abbreviations.txt`) and user dictionaries add
        entries, or replace those with the same abbreviation and conditions. Entries may share an
        abbreviation with different conditions: those whose conditions hold win over those without;
        if two different expansions still apply, the text is left alone. What the expander does
        with them is in [abbreviations.md](../abbreviations.md).
        """, keys: [
        Key("@ordinal", "@ordinal | SUFFIX [| OPTIONS]", "a number directly followed by SUFFIX is an ordinal (\"1er\" -> \"premier\"); OPTIONS: a gender, plural, ruleset=%RULESET, number=N:WORD (only after N, said WORD: \"2nde\"), after=WORD,WORD (only after these words: it \"il 1° maggio\"), before-noun=ENDING:ENDING,... (the form before a noun: es \"primero:primer\"), or-before-noun", fields: 2...3),
        Key("@roman", "@roman | SUFFIX SUFFIX ...", "a Roman numeral glued to one of these ordinal suffixes is that ordinal (\"XXIe\" -> \"vingt et unième\")", fields: 2...2),
        Key("@regnal", "@regnal | NAME NAME ...", "a Roman numeral after one of these names is a regnal number (\"Louis XIV\")", fields: 2...2),
        Key("@compound-end", "@compound-end | SUFFIX | EXPANSION", "a capitalised word ending in SUFFIX is a compound with its last part abbreviated (\"Hauptstr.\" -> \"Hauptstraße\")", fields: 3...3),
        Key("@day-range", "@day-range | TEMPLATE", "opening hours: two weekdays joined by \"-\" or a separator, said with {from} and {to} (\"du {from} au {to}\")", fields: 2...2),
        Key("@weekdays", "@weekdays | WORD WORD ...", "the expansions that are weekday names, for @day-range", fields: 2...2),
        Key("@day-range-forms", "@day-range-forms | WRITTEN=NAME ...", "weekdays written in a form that is an abbreviation only inside a range (es \"L-V\"), NAME one of @weekdays (listed before)", fields: 2...2),
        Key("@day-range-separator", "@day-range-separator | WORD", "a separator written between two weekdays besides \"-\" (nl \"t/m\")", fields: 2...2),
        Key("@not-name", "@not-name | WORD WORD ...", "capitalised words that start sentences and are never names (\"M. Puis\" is not \"monsieur Puis\"); after an abbreviation's period, only these (or the text's end) mark a new sentence", fields: 2...2),
        Key("@name-particle", "@name-particle | WORD WORD ...", "lower-case words that may start a name after a title (\"M. de Gaulle\", \"Mevr. de Vries\")", fields: 2...2),
        Key("@not-noun", "@not-noun | WORD WORD ...", "lower-case words that are not nouns (prepositions, conjunctions): an ordinal before one keeps its full form (es \"el 1.º de mayo\")", fields: 2...2),
    ], other: Key("ABBREVIATION", "ABBREVIATION | EXPANSION [| CONDITIONS]", "an abbreviation as shown, case-sensitive (\"av.\", \"p. ex.\"), and the words said; EXPANSION may give plural forms with after-number (\"one=personne; other=personnes\"); CONDITIONS, space-separated: before-name, after-name, before-number, after-number, street, any-case, keep-number, also-word, ends-list, introduces, gender=GENDER", fields: 2...3), reserved: "@")

    static let units = DataFileSchema(file: "units.txt", form: .records, reader: "AbbreviationExpander (`spokenform expand`, running text)", about: """
        `Locales/<lang>/units.txt` lists the unit symbols written after numbers and how measures,
        ranges and opening hours are said, one record a line, fields separated by `|`. A unit's
        words, plural and gender come from ICU (`unit-name` only where ICU has none). Region
        folders (`fr/CA/units.txt`) add or replace symbols.
        """, keys: [
        Key("unit", "unit | SYMBOL | ICU-UNIT [| not-before-number|number-alone]", "a symbol as shown after a number (\"km\", \"°C\") and ICU's unit id with its type (\"length-kilometer\", or \"unit/megabit-per-second\"); not-before-number: not a unit before a number (\"5 h 30\" is a time); number-alone: the number does not agree with it (es \"uno por ciento\")", fields: 3...4),
        Key("unit-name", "unit-name | ICU-UNIT | ONE | OTHER [| CATEGORY=FORM]... [| GENDER]", "the unit's names by CLDR plural category and its gender, said instead of ICU's, for a language ICU has no unit names for", fields: 4...10),
        Key("name-fix", "name-fix | ICU WORDS | WORDS", "correction of ICU's unit name (en \"kilowatt hour\" -> \"kilowatt-hour\")", fields: 3...3),
        Key("unit-in-context", "unit-in-context | SYMBOL | ICU-UNIT | after ICU-UNIT|before WORD", "SYMBOL means ICU-UNIT after a number with that unit (\"1h 30m\") or before WORD (\"5m ago\")", fields: 4...4),
        Key("measure-trailing-zeros", "measure-trailing-zeros | drop|say", "whether a measure's trailing fraction zeros are said (\"1.80 m\": drop says \"one point eight meters\")", fields: 2...2),
        Key("subunit-reading", "subunit-reading | ICU-UNIT [| JOINER]", "the unit's hundredths are said after the whole units, with JOINER between (\"1,80 m\": \"un mètre quatre-vingts\")", fields: 2...3),
        Key("feet-inches", "feet-inches | ICU-UNIT | ICU-UNIT", "a height written with prime marks (\"5'11\\\"\") and the units of its two parts", fields: 3...3),
        Key("half", "half | GENDER|* | HALF | MIXED [| ONE-AND-A-HALF]", "half a unit (\"1/2 kg\") and a whole number and a half (\"2 1/2 kg\"), by the unit's gender; {unit} {units} its names, {whole} the number, {whole-units} both; ONE-AND-A-HALF for a whole one (nl \"anderhalf\")", fields: 4...5),
        Key("range", "range | WORD", "the word between the two numbers of a range (\"10-12 km\": \"dix à douze\")", fields: 2...2),
        Key("range-start", "range-start | WORD [| WORD, WORD ...]", "the word before a range's first number (it \"da dieci a dodici\"), not said after the listed words (es \"en 10-12 km\")", fields: 2...3),
        Key("ratio", "ratio | WORD", "the word of \"7j/7\" (\"sept jours sur sept\")", fields: 2...2),
        Key("per-amount", "per-amount | WORD", "the word between a measure and the amount of another it is per (\"5 g/100 ml\": \"pour\")", fields: 2...2),
        Key("per-unit-word", "per-unit-word | WORD WORD ...", "words after which a unit symbol alone is the unit's singular name (\"par kg\": \"par kilogramme\")", fields: 2...2),
        Key("scale-link", "scale-link | WORD | ELIDED|- | SCALE-NOUN ...", "the word between a number ending in a scale noun and the unit or currency (\"un million d'euros\"); ELIDED before a vowel, - for none", fields: 4...4),
        Key("elision", "elision | WORD | ELIDED", "a number's last word elided before a name starting with a vowel (it \"una\" -> \"un'\")", fields: 3...3),
        Key("elides-before", "elides-before | LETTER LETTER ...", "the letters a name starts with for the elided forms to go before it (vowels, mute h); needed by elision and an elided scale-link", fields: 2...2),
        Key("hour-range", "hour-range | TEMPLATE", "opening hours without minutes, with {h1} and {h2} (\"{h1} bis {h2} Uhr\")", fields: 2...2),
        Key("hour-range-minutes", "hour-range-minutes | TEMPLATE", "opening hours with minutes, with {h1}, {h2}, {m1}, {m2}", fields: 2...2),
        Key("hour-range-minute", "hour-range-minute | WORDS", "the minutes' words in an hour range, with {m} (\"e {m}\")", fields: 2...2),
        Key("hour-range-minute-under-ten", "hour-range-minute-under-ten | WORDS", "the same for minutes 1 to 9 where the language says them apart (en \"oh {m}\")", fields: 2...2),
        Key("hour-range-unit", "hour-range-unit | WORD", "a word after a range of hours that makes it opening hours (\"Uhr\", \"h\")", fields: 2...2),
        Key("hour-range-gender", "hour-range-gender | GENDER", "gender of the hour numbers (\"de une heure\"); without it they are said alone", fields: 2...2),
        Key("hour-range-noun", "hour-range-noun | PLURAL | SINGULAR", "the templates' hour noun in the plural and the singular (fr \"heures | heure\"), for an hour of one", fields: 3...3),
        Key("hour-range-marker", "hour-range-marker | WRITTEN | SAID", "a half of a 12-hour day written after an hour (\"9am\") and its words (\"AM\")", fields: 3...3),
        Key("decade", "decade | SUFFIX", "a decade written as a number and a glued suffix (\"1970s\")", fields: 2...2),
        Key("decade-after", "decade-after | WORD WORD ...", "words after which a two-digit decade is one (\"the 60s\"; \"30s later\" stays seconds)", fields: 2...2),
        Key("decade-plural", "decade-plural | ENDING | PLURAL ENDING", "how the number's last word takes the plural (\"y\" -> \"ies\": \"seventies\")", fields: 3...3),
    ])

    static let money = DataFileSchema(file: "money.txt", form: .records, reader: "AbbreviationExpander (`spokenform expand`, running text)", about: """
        `Locales/<lang>/money.txt` says how amounts of money are said, one record a line, fields
        separated by `|`. Currency names come from ICU's plural names; ONE and OTHER are the forms
        of CLDR's categories one and other, and a language with more gives them as fields of their
        own (`few=рубля`, `many=рублей`). ISO codes written as such ("12 CHF") need no line.
        """, keys: [
        Key("symbol", "symbol | SYMBOL | ISO [| ONE | OTHER [| CATEGORY=FORM]...]", "a currency symbol as shown and the ISO 4217 code it stands for here; the names replace ICU's only for a bare symbol whose ICU name carries a qualifier a speaker drops (\"$\": \"dollars\"); a symbol that is a lower-case word (\"euros\") names an amount only after it", fields: 3...9),
        Key("gender", "gender | ISO|* | GENDER", "grammatical gender of the currency's name, for the number before it (\"une livre\")", fields: 3...3),
        Key("minor", "minor | ISO|* | ONE | OTHER [| CATEGORY=FORM]... [| GENDER]", "the minor unit's name, which ICU does not have (\"cent | cents\"); * any currency without its own", fields: 4...9),
        Key("scale", "scale | WRITTEN | ONE | OTHER [| CATEGORY=FORM]... [| GENDER]", "a scale word written after an amount (\"$1.5 million\", \"1,5 Mio. €\"): the amount counts millions of the currency", fields: 4...9),
        Key("per", "per | WORD, WORD | SAID", "an amount's slash and the word after it (\"$10/mo\": \"per month\"), WORD matched in any case", fields: 3...3),
        Key("icu-name-case", "icu-name-case | first-letter | lower", "lower the first letter of ICU's names where the language writes them in lower case (pt \"dólares americanos\")", fields: 3...3),
        Key("template", "template | major|major-minor|minor | TEXT", "how an amount is said, with {major} {major-name} {minor} {minor-name}: whole amounts, with a minor part, or a major part of 0", fields: 3...3),
    ])

    static let traits = DataFileSchema(file: "traits.txt", reader: "LabelAssembler (`spokenform label`)", about: """
        `Locales/<lang>/traits.txt` holds the words VoiceOver says for an element's traits, as
        they appear mid-utterance (German nouns keep their capital): `key = words`, one per line.
        Every key is required; a user file may override a word. [labels.md](../labels.md) says how
        a label is assembled.
        """, keys: [
        Key("selected", "WORDS", "said for a selected element (\"Selected\")"),
        Key("not-enabled", "WORDS", "said for a disabled element (\"dimmed\")"),
        Key("button", "WORDS", "the button trait's word"),
        Key("link", "WORDS", "the link trait's word"),
        Key("header", "WORDS", "the header trait's word"),
        Key("image", "WORDS", "the image trait's word"),
        Key("adjustable", "WORDS", "the adjustable trait's word"),
        Key("search-field", "WORDS", "the search field trait's word"),
        Key("tab", "WORDS", "the tab trait's word"),
        Key("toggle", "WORDS", "a switch (UIKit's toggleButton)"),
        Key("on", "WORDS", "a switch's state when on"),
        Key("off", "WORDS", "a switch's state when off"),
        Key("mixed", "WORDS", "a switch's mixed state"),
    ])

    static let labels = DataFileSchema(file: "labels.txt", reader: "LabelLinter (`spokenform lint`)", about: """
        `Locales/<lang>/labels.txt` holds the words the label linter looks for: `key = LIST`,
        comma-separated, matched as whole words ignoring case. Region files (`de/CH/labels.txt`)
        add to the language's. The rules that use them are in [labels.md](../labels.md).
        """, keys: [
        Key("type-words", "LIST", "control types VoiceOver already says from the traits, in a label (`label-type-word`) or a hint (`hint-type-word`); a word starting with ^ counts only at the start (\"^image de\")"),
        Key("state-words", "LIST", "states that belong in the value or a trait (`state-in-label`), when they end the label (\"Wi-Fi activé\")"),
        Key("hint-verbs-extra", "LIST", "verb forms that start hints but are missing from the generated hint-verbs.txt"),
        Key("hint-openers", "LIST", "words before the verb that still make a verb-first hint (\"Double\" in \"Double tap to…\")"),
        Key("gesture-openers", "LIST", "gesture phrases a hint may start with (`hint-repeats-label` looks past them)"),
        Key("gesture-closers", "LIST", "gesture phrases a hint may end with (de \"Zum Öffnen doppeltippen\")"),
        Key("spelling-variants", "WRITTEN>STANDARD, ...", "spellings tried on a hint's first word (de-CH \"ss>ß\")"),
    ])

    static let hintVerbs = DataFileSchema(file: "hint-verbs.txt", form: .wordList, reader: "LabelLinter (`spokenform lint`)", about: """
        `Locales/<lang>/hint-verbs.txt` lists the verb forms a hint may begin with, one lower-case
        word a line (a test checks the case; a user file's words are lowercased). It is generated
        by `scripts/make-hint-verbs.py` from conjugation tables or lemma dictionaries; words it
        misses go in labels.txt's `hint-verbs-extra`.
        """)

    static let lexicon = DataFileSchema(file: "lexicon.txt", form: .records, reader: "LanguageTagger (`spokenform tag`)", about: """
        `Locales/und/lexicon.txt` and `Locales/<lang>/lexicon.txt` hold the words the language model
        cannot know: `TERM | KIND`, one a line. TERM is one to six words separated by single
        spaces; with an uppercase letter it matches only that spelling, all lowercase in any case.
        The per-language file is read after `und`'s and overrides it. The policy for names is in
        [tagger.md](../tagger.md).
        """, keys: [
        Key("adopted", "TERM | adopted", "a loanword the base language has adopted: spoken in the base voice"),
        Key("name", "TERM | name", "a name spoken in the base voice, whatever its origin (\"Google\")"),
        Key("elision", "TERM' | elision", "an elided prefix of the base language, ending with an apostrophe (\"l'\")"),
        Key("label-cue", "WORD [WORD] | label-cue", "a word (or two) of the base language after which a capitalised word names a control (\"Appuyez sur Next\")"),
        Key("borrowing-context", "WORD | borrowing-context", "a determiner after which the base language borrows a foreign noun (\"le dashboard\"): a lone lowercase foreign word elsewhere stays in the base voice"),
        Key("language-cue LANGUAGE", "WORDS | language-cue LANGUAGE", "one to three words naming another language before a closing bracket (\"en anglais\"): the bracket's words before them are in that language"),
    ], kindField: 1, other: Key("LANGUAGE", "TERM | LANGUAGE", "a term spoken in the language of that BCP 47 tag (en, ja, la...); the base language's own tag: the base voice", fields: 2...2))

    static let tagger = DataFileSchema(file: "tagger.txt", reader: "LanguageTagger (`spokenform tag`)", about: """
        `Locales/und/tagger.txt` holds the language tagger's settings for every base language; a
        base language's own `tagger.txt`, read after it, may override them ([tagger.md](../tagger.md)).
        """, keys: [
        Key("usual-foreign-language", "LANGUAGE", "the language foreign words of UI and technical text are most often in: switching into another Latin-script language costs more"),
    ])

    static let languageModel = DataFileSchema(file: "language-model.txt", reader: "LatinLanguageModel (`scripts/build-tagger-model.sh`; at run time only with data directories)", about: """
        `Locales/<lang>/language-model.txt` is the language tagger's word model of a language,
        generated by `scripts/build-language-model.py` from wordfreq's frequency lists and compiled
        into a byte table by `scripts/build-tagger-model.sh`: `key = value`, the key a word and a
        parameter. Zipf frequencies and costs are whole numbers from 0 to 250.
        """, keys: [
        Key("floor", "Z", "the Zipf frequency x10 assumed for a word neither listed nor in the tail filters (Zipf: log10 of occurrences per 10^9 words)"),
        Key("words N", "WORD WORD ...", "lowercase words whose Zipf frequency x10 is N"),
        Key("trigram-floor", "L", "-log10 x10 of the probability of a character trigram that is not listed"),
        Key("trigrams N", "TRIGRAM TRIGRAM ...", "character trigrams of word types (\"_\": a word's edge) whose probability's -log10 x10 is N"),
        Key("tail-hashes", "K", "how many hash functions the tail filters use"),
        Key("tail-bits N", "BITS", "the size in bits (a multiple of 8) of the tail filter of Zipf x10 N"),
        Key("tail N", "BASE64", "the Bloom filter of the rarer words after the listed ones whose Zipf x10 is about N (lines joined in order; FNV-1a 64 of the UTF-8 word, Murmur3 fmix64, double hashing)"),
    ])

    static let spanModel = DataFileSchema(file: "span-model.txt", reader: "LanguageTagger's span model", about: """
        `<lang>/span-model.txt` in a user data directory holds the learned span model of a base
        language, written by `Evaluation/tagger/train.py`: `key = number`, every key required. No
        language embeds one; without it the hand rules decide ([tagger.md](../tagger.md)).
        """, keys: [
        Key("threshold", "NUMBER", "a run of words at or above this probability is a span of the usual foreign language", userDataOnly: true),
        Key("extend", "NUMBER", "the span takes along the words joined to it by spaces at or above this one (\"user research\")", userDataOnly: true),
        Key("1.FEATURE", "NUMBER", "the first stage's weight of FEATURE (`SpanModel.firstStage`)", userDataOnly: true),
        Key("2.FEATURE", "NUMBER", "the second stage's weight of FEATURE (`SpanModel.secondStage`)", userDataOnly: true),
    ])

    static let text = DataFileSchema(file: "text.txt", reader: "TextNormalizer (`spokenform text`)", about: """
        `Locales/<lang>/text.txt` holds the running-text data of a language: `key = value`, one per
        line; lists are comma-separated and matched lowercased. Every key is optional. A region's
        file (`en/GB/text.txt`) is read after the language's. What the running-text reader does
        with them, class by class, is in [text.md](../text.md).
        """, keys: [
        Key("date-order", "dmy|mdy|ymd", "order of a numeric date's fields (\"01/04/2015\")"),
        Key("month", "N | NAMES", "names and abbreviations of month N (a period after them is read too)", fields: 2...2),
        Key("weekday", "N | NAMES", "names of weekday N (1 = Monday); de: the day after \"am Sonntag,\" takes its case", fields: 2...2),
        Key("day-suffixes", "LIST", "ordinal marks after a day's digits (\"er\", \"st\"); \".\", \"º\", \"ª\" always count"),
        Key("date-words", "LIST", "words after which \"01/04\" (no year) is a date"),
        Key("date-connectors", "LIST", "words between day, month and year (\"de\" in \"1 de abril de 2015\")"),
        Key("year-words", "LIST", "words after which a four-digit number is a year"),
        Key("range-word", "WORD", "said between the two ends of a range (\"9h-18h\", \"2015–2020\")"),
        Key("time-range", "WORDS {from} WORDS {to}", "how two clock times joined by a dash are said (\"de {from} à {to}\"); a first word the text writes is not said twice"),
        Key("and-word", "WORD", "joins two days written \"17/18 juin\" (\"et\")"),
        Key("date-range", "WORDS", "between two dates joined by a dash (\"27.03. – 12.04.2026\"); its last word may ask the second day's case (de \"zum\")"),
        Key("range-between", "WORDS [| STARTS]", "words before a range joined by and-word (\"between 5-10\" -> \"between five and ten\"); STARTS: a range's first words they replace", fields: 1...2),
        Key("per-word", "WORD", "said for the slash of \"7j/7\", \"24h/24\" (\"sur\")"),
        Key("around-the-clock", "WORDS", "said for \"24/7\" (\"twenty-four seven\"); a date word before it makes it a date"),
        Key("plus", "WORD", "said for a \"+\" written before a number"),
        Key("approximately", "WORD", "said for a \"~\" glued before a number (\"~5 km\")"),
        Key("comparison", "SIGN | WORDS", "said for <, >, ≤ or ≥ before a measure, an amount or a count (\"< 1 hour\")", fields: 2...2),
        Key("equals", "WORDS", "said for an \"=\" between two numbers (\"1 + 1 = 2\")"),
        Key("hour-markers", "LIST", "letters marking the hour in a time (\"h\" in \"5h30\", \"17 h\")"),
        Key("time-words", "LIST", "words after a time that belong to it (\"Uhr\")"),
        Key("dotted-time-words", "LIST", "words before a time written with a period (\"um 17.30\"); also two such times joined by a dash or a count-joiner"),
        Key("am", "LIST", "written AM markers (spaces inside are ignored: \"p. m.\")"),
        Key("pm", "LIST", "written PM markers (spaces inside are ignored: \"p. m.\")"),
        Key("marker-words", "LIST", "AM/PM markers that are also words of the language (de \"am\"): spaced after a time and before another word, they are that word"),
        Key("twelve-hour-style", "STYLE", "times.txt style used when AM or PM is written"),
        Key("fraction", "DENOMINATOR | ONE | MANY", "a fraction with numerator 1 in full, and the denominator's plural name (\"4 | un quart | quarts\")", fields: 3...3),
        Key("fraction-rule", "LOW...HIGH | ONE | MANY", "other denominators in the range: templates with {cardinal}, {Cardinal} (capitalised), {ordinal}, {ordinals} (plural)", fields: 3...3),
        Key("fraction-after-words", "LIST", "words after a rule-named fraction shaped like a date (\"1/12\") that make it one (\"of\")"),
        Key("fraction-fix", "FROM => TO", "correction of a name a fraction-rule made (\"dieciséisavo\" -> \"dieciseisavo\")"),
        Key("mixed-fraction", "DEN | TEMPLATE [| ONE]", "a whole number and one part (\"2 | {whole} and a half\" for \"2 1/2\", \"2½\"); ONE: said for a whole one (nl \"anderhalf\")", fields: 2...3),
        Key("street-words", "LIST", "words ending a street's name after a house number (\"123 Main St.\"); with house-number; also the street word after a house number before a postal code (\"12 rue …, 75002 Paris\")"),
        Key("house-number", "ZERO | HUNDRED", "a 3-4 digit house number said in pairs, with these words for \"0N\" and \"00\" (en \"oh | hundred\")", fields: 2...2),
        Key("fraction-unit", "ONE | MANY | MIXED", "a fraction before a unit (\"3/4 cup\"): templates with {fraction}, {unit} or {units}, {a}, {of}; MIXED may be -, or say the unit between {whole} (agreeing) and {rest} (\"{whole} {units} {rest}\": \"deux litres et quart\")", fields: 3...3),
        Key("fraction-unit-of", "WORD | ELIDED", "{of} in fraction-unit: WORD and a space, or ELIDED joined before a name units.txt elides before", fields: 2...2),
        Key("fraction-unit-except", "DEN ...", "denominators of a single part fraction-unit leaves alone (nl 2: \"een halve liter\", \"een half uur\")"),
        Key("indefinite-article", "A | AN | STARTS", "the article {a} before a unit name, AN before names starting with one of STARTS", fields: 3...3),
        Key("measure-noun", "SINGULAR | PLURAL", "a noun of measure written in full that fraction-unit says with a fraction", fields: 2...2),
        Key("mixed-fraction-one", "WORD", "the whole number one in a mixed-fraction template where it is not the cardinal (de \"ein\": \"eineinhalb\")"),
        Key("version-words", "LIST", "words before a version number (\"iOS 17.2\"); version-point = WORD for its dots"),
        Key("version-point", "WORD", "said for the point between a version number's parts (\"iOS 17.2\" -> \"seventeen point two\")"),
        Key("serial-words", "LIST", "words before a code read digit by digit (\"n° 2024-360785\")"),
        Key("house-number-suffixes", "LIST", "words between a house number and its street (\"12 bis rue\"), for the postal code"),
        Key("postal-code", "SHAPE, SHAPE", "a postal code before the place (\"75002 Paris\"; 9 a digit, A a capital) after a comma closing a street with its number: read digit by digit"),
        Key("phone-words", "LIST", "words before bare digits that make them a phone number (\"tél. 612345678\")"),
        Key("number-sign", "WORD", "said for a \"#\" glued to a number (\"#12345\")"),
        Key("count-plus", "TEMPLATE", "a count with a \"+\" before its noun (\"100+ videos\"), {count} agreeing with the noun"),
        Key("count-joiners", "WORDS", "words joining a count to another before their noun: the first agrees with it (\"1 ou 2 heures\")"),
        Key("count-joined-one", "WORD", "a masculine one so joined, where it keeps its full form (es, it \"uno o dos días\")"),
        Key("not-counted", "LIST", "words after a number that it does not count (\"1 a 3\"): no counting form"),
        Key("adjective-endings", "LIST", "endings of a declined adjective between a count and its capitalised noun (de \"1 neue Nachricht\")"),
        Key("noun-gender", "GENDER | LIST", "nouns a count before them agrees with (\"1 Nachricht\" -> \"eine Nachricht\")", fields: 2...2),
        Key("noun-gender-endings", "GENDER | LIST", "the same by the noun's ending (\"-ung\"); the lists above win", fields: 2...2),
        Key("noun-case-endings", "LIST", "endings a listed noun takes in a case (de genitive \"Jahres\": \"es, s\")"),
        Key("half-before-noun", "GENDER [CASE] | WORDS", "\"1/2\", \"½\" before a noun of that gender (de \"feminine | eine halbe\": \"1/2 Tasse\"), in CASE after a count-case word (de \"feminine dative | einer halben\": \"in ½ Stunde\");", fields: 2...2),
        Key("fraction-before-noun", "DENOMINATOR | GENDER [CASE] | WORDS", "the same for another part (de \"4 | feminine | eine viertel\"); WORDS ending in \"-\" are joined to the noun (fr \"une demi-\": \"une demi-heure\")", fields: 3...3),
        Key("roman-words", "LIST", "words before a Roman numeral read as a cardinal (\"chapitre IV\")"),
        Key("roman-ordinal-nouns", "LIST", "words after a Roman numeral that make it an ordinal (\"XXI secolo\")"),
        Key("time-article", "ARTICLE | WORDS", "a spoken time's leading article, dropped after words that carry it (\"alle\")", fields: 2...2),
        Key("time-after-article", "WORDS | SPOKEN | REPLACEMENT", "after these written words, a spoken time starting SPOKEN (no article) starts REPLACEMENT (es \"las | mediodía | las doce del mediodía\")", fields: 3...3),
        Key("count-elision", "WORD | ELIDED'", "a written word elided before a spoken number in count-elision-before (fr \"que | qu'\": \"qu'une place\")", fields: 2...2),
        Key("count-elision-before", "LIST", "the number words it elides before (fr \"un, une\"; not \"onze\", \"huit\")"),
        Key("count-case", "WORDS | CASE", "words after which a count takes CASE (de \"mit, seit, vor | dative\")", fields: 2...2),
        Key("count-case-form", "CASE | GENDER | %RULESET [| CATEGORIES]", "a count in CASE before a noun of GENDER is said with the spell-out RULESET (ICU's or spellout.txt's), where its CLDR plural category is one of CATEGORIES (every count when none): de \"dative | masculine | %spellout-cardinal-m | one\" (\"mit einem Klick\"; \"mit 101 Klicks\" stays plain)", fields: 3...4),
        Key("count-case-skip", "WORDS", "words that may stand between a count-case word and the count (\"Sie haben heute 1 Anruf\": the case is still \"haben\"'s)"),
        Key("roman-ordinal-suffixes", "LIST", "suffixes that make a Roman numeral an ordinal (\"XXIe\")"),
        Key("regnal", "ORDINAL | CARDINAL | MAX", "template for a Roman numeral after a name (\"Louis XIV\"), {ordinal} up to MAX", fields: 3...3),
        Key("regnal-names", "LIST", "monarchs' and popes' names after which a one-letter V or X is regnal too"),
        Key("regnal-titles", "LIST", "words before a name that make its numeral regnal (\"King Ramses II\"); after two capitalised words otherwise, a numeral of two letters or more after an unlisted name is a title's cardinal (\"Final Fantasy VII\")"),
        Key("pronoun-i", "LIST", "the language writes a pronoun \"I\": a lone I before a lowercase word is it, but before LIST (\"of\")"),
        Key("regnal-feminine-names", "LIST", "queens' names: the numeral after them is a feminine ordinal (\"Isabel II\" -> \"segunda\")"),
        Key("regnal-feminine", "ORDINAL | CARDINAL | MAX", "the template after a queen's name where it differs (de \"die {%spellout-ordinal}\")", fields: 3...3),
        Key("ordinal-case", "WORDS | %RULESET", "words before a day or ordinal that ask for a case (de \"am\" -> dative)", fields: 2...2),
        Key("ordinal-dot", "%RULESET", "the language writes ordinals with a period (\"3.\"): their default rule set"),
        Key("ordinal-noun", "%RULESET | NOUNS", "nouns that take such an ordinal before them with no article, and its form (de \"3. Liga\")", fields: 2...2),
        Key("ordinal-bare-list", "%RULESET", "form of ordinals that are the whole text, joined by commas or list words (de \"1., 2., 3.\": \"erster, zweiter, dritter\")"),
        Key("ordinal-final-words", "LIST", "ordinal-case words after which \"N.\" is an ordinal even at a sentence's end (de \"das 1.\")"),
        Key("ordinal-list-words", "LIST", "words joining ordinals (de \"und\"): the next one keeps the list's case (\"am 3. und 4. Mai\")"),
        Key("duration-unit", "UNIT | SYMBOLS", "symbols of a duration unit (hour, minute, second, day...) in \"1h 30m\"", fields: 2...2),
        Key("duration-words", "LIST", "words after a single \"5m\" that make it a duration (\"ago\")"),
        Key("clock-duration-words", "LIST", "words before \"1:30\" that make it hours and minutes, not a time of day (de \"Dauer\")"),
        Key("clock-timer-words", "LIST", "words before \"1:30\" that make it a timer's reading (\"Countdown 1:30\"): minutes and seconds as often as hours and minutes, it stays written"),
        Key("slash-count-words", "LIST", "words before \"2/5\" that make it a position or score (\"Step 2/5\", \"Rating: 4/5\")"),
        Key("slash-count", "TEMPLATE", "how such a \"2/5\" is said ({0} of {1})"),
        Key("slash-count-after-words", "LIST", "words after \"4/5\" that make it a score (\"4/5 stars\")"),
        Key("slash-count-after-form", "WRITTEN | SAID", "the form such a word takes after the score's preposition (de \"sterne | Sternen\": dative after \"von\")", fields: 2...2),
        Key("slash-score", "TEMPLATE", "how a score before such a word is said, if not as slash-count"),
        Key("scale", "WRITTEN | ONE | OTHER [| CATEGORY=FORM]...", "scale words after a number or amount (\"2,5 Mio.\" -> \"zwei Komma fünf Millionen\"), said in the form of the number's CLDR plural category (ru \"few=миллиона\")", fields: 3...99),
        Key("scale-glued", "LIST", "scale words (listed by scale) that may be glued to the number, case as written (\"10k\")"),
        Key("multiplier", "SIGN, SIGN | ONE | OTHER [| CATEGORY=FORM]... [| GENDER]", "a sign glued after a number (\"3x\"): said in the form of the count's plural category (\"+mal\": joined to the number)", fields: 3...99),
        Key("multiplier-before", "LIST", "the words a multiplier is said before (\"3x faster\"); before others (\"2x points\") it stays"),
        Key("number-compound-words", "LIST", "lowercase words a whole number before them (after a hyphen or glued) joins as one word (de \"fach\": \"10fach\" -> \"zehnfach\")"),
        Key("number-compound-endings", "LIST", "the same for words with these endings (de \"ig, ige\": \"4-stellige\" -> \"vierstellige\")"),
        Key("number-compound-final", "FROM | TO", "the end of a spoken number changed in such a word (de \"eins | ein\": \"1-fach\" -> \"einfach\")", fields: 2...2),
        Key("decade", "SUFFIX | FROM>TO", "\"1980s\": the written suffix, and the spoken year's ending rewritten", fields: 2...2),
        Key("address-symbol", "SYMBOL | WORD", "said for a symbol of an e-mail or web address, spelled only when asked (\"@ | arobase\")", fields: 2...2),
        Key("nouns-capitalized", "yes|no", "nouns are written with a capital: only such a word after a number is counted by it"),
        Key("adjective-gender-endings", "GENDER | LIST", "the gender a declined adjective's ending shows after a count of one whose noun is unknown or left out (de \"1 weiteres\" -> \"ein weiteres\")", fields: 2...2),
        Key("declined-before-noun", "WORDS | F | M | N", "abbreviated adjectives (\"max.\") whose expansion takes the nominative ending of the noun after it", fields: 4...4),
        Key("regnal-case", "CASE | MASCULINE | FEMININE", "the regnal template in CASE (genitive: after a listed name with its \"s\")", fields: 3...3),
        Key("regnal-case-words", "WORDS | CASE", "words before the name that ask for CASE (\"unter Ludwig XIV.\")", fields: 2...2),
        Key("date-with-connector", "TEMPLATE", "a day and month joined by a connector, said in the written order ({day} {month})"),
        Key("times", "WORD | UNITS", "said for a \"×\" or \"x\" between two numbers in a product: before \"=\" (\"3 × 2 = 6\"), or a pack's count before one of UNITS (\"6 x 25 cl\")", fields: 2...2),
        Key("dimension", "WORD", "said for it in a size, every other product (\"20 x 30 cm\", \"1280 x 720\": \"by\")"),
        Key("pair-words", "LIST, pair-words-after = LIST", "words before / after a 3-4 digit number said in pairs like a house number (\"Error 404\")"),
        Key("pair-words-after", "LIST", "words after a number of 3-4 digits that make it said in pairs, as after pair-words (en \"404 errors\")"),
        Key("letter-digit-codes", "read|written", "whether codes of capitals and digits (\"A4\", \"UA123\", \"SN-4829-AB\") are read (default written)"),
        Key("postal-code-after", "LIST", "words, case as written, after which five digits are a postal code read digit by digit (\"DC 20500\")"),
        Key("duration-ago-words", "LIST", "words after a single \"5m\" that make it a time ago (\"ago\"); a spaced \"m\" is then minutes too"),
        Key("duration-words-before", "LIST", "words before a single \"5m\" that make it a time ago (es \"hace\")"),
        Key("declined-after-noun", "WORDS | M | F", "abbreviated adjectives after a feminine noun: the expansion's ending M becomes F (\"velocidad máx.\")", fields: 3...3),
    ])
}
