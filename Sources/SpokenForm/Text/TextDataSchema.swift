/// The keys of `Locales/<lang>/text.txt`, each declared once: its syntax and what it means.
/// `TextLocaleData.init` refuses a key not declared here and reads every one that is
/// (`TextDataSchemaTests`); `Docs/text-data.md` is rendered from this list (the same test
/// checks it), and the data files point there instead of each copying the list in its header.
/// Before, seven headers had drifted apart and two keys the parser read were in none of them.
enum TextDataSchema {
    struct Key: Sendable {
        /// The key as written before " = ".
        let name: String
        /// The value's shape: `LIST` (comma-separated, matched lowercased), `WORD(S)`,
        /// `|`-separated fields in capitals, literal choices.
        let syntax: String
        /// What the key says, with an example.
        let meaning: String

        init(_ name: String, _ syntax: String, _ meaning: String) {
            self.name = name
            self.syntax = syntax
            self.meaning = meaning
        }
    }

    /// Every key, in the order the documentation lists them.
    static let keys: [Key] = [
        Key("date-order", "dmy|mdy|ymd", "order of a numeric date's fields (\"01/04/2015\")"),
        Key("month", "N | NAMES", "names and abbreviations of month N (a period after them is read too)"),
        Key("weekday", "N | NAMES", "names of weekday N (1 = Monday); de: the day after \"am Sonntag,\" takes its case"),
        Key("day-suffixes", "LIST", "ordinal marks after a day's digits (\"er\", \"st\"); \".\", \"º\", \"ª\" always count"),
        Key("date-words", "LIST", "words after which \"01/04\" (no year) is a date"),
        Key("date-connectors", "LIST", "words between day, month and year (\"de\" in \"1 de abril de 2015\")"),
        Key("year-words", "LIST", "words after which a four-digit number is a year"),
        Key("range-word", "WORD", "said between the two ends of a range (\"9h-18h\", \"2015–2020\")"),
        Key("time-range", "WORDS {from} WORDS {to}", "how two clock times joined by a dash are said (\"de {from} à {to}\"); a first word the text writes is not said twice"),
        Key("and-word", "WORD", "joins two days written \"17/18 juin\" (\"et\")"),
        Key("date-range", "WORDS", "between two dates joined by a dash (\"27.03. – 12.04.2026\"); its last word may ask the second day's case (de \"zum\")"),
        Key("range-between", "WORDS [| STARTS]", "words before a range joined by and-word (\"between 5-10\" -> \"between five and ten\"); STARTS: a range's first words they replace"),
        Key("per-word", "WORD", "said for the slash of \"7j/7\", \"24h/24\" (\"sur\")"),
        Key("around-the-clock", "WORDS", "said for \"24/7\" (\"twenty-four seven\"); a date word before it makes it a date"),
        Key("plus", "WORD", "said for a \"+\" written before a number"),
        Key("approximately", "WORD", "said for a \"~\" glued before a number (\"~5 km\")"),
        Key("comparison", "SIGN | WORDS", "said for <, >, ≤ or ≥ before a measure, an amount or a count (\"< 1 hour\")"),
        Key("equals", "WORDS", "said for an \"=\" between two numbers (\"1 + 1 = 2\")"),
        Key("hour-markers", "LIST", "letters marking the hour in a time (\"h\" in \"5h30\", \"17 h\")"),
        Key("time-words", "LIST", "words after a time that belong to it (\"Uhr\")"),
        Key("dotted-time-words", "LIST", "words before a time written with a period (\"um 17.30\"); also two such times joined by a dash or a count-joiner"),
        Key("am", "LIST", "written AM markers (spaces inside are ignored: \"p. m.\")"),
        Key("pm", "LIST", "written PM markers (spaces inside are ignored: \"p. m.\")"),
        Key("marker-words", "LIST", "AM/PM markers that are also words of the language (de \"am\"): spaced after a time and before another word, they are that word"),
        Key("twelve-hour-style", "STYLE", "times.txt style used when AM or PM is written"),
        Key("fraction", "DENOMINATOR | ONE | MANY", "a fraction with numerator 1 in full, and the denominator's plural name (\"4 | un quart | quarts\")"),
        Key("fraction-rule", "LOW...HIGH | ONE | MANY", "other denominators in the range: templates with {cardinal}, {Cardinal} (capitalised), {ordinal}, {ordinals} (plural)"),
        Key("fraction-after-words", "LIST", "words after a rule-named fraction shaped like a date (\"1/12\") that make it one (\"of\")"),
        Key("fraction-fix", "FROM => TO", "correction of a name a fraction-rule made (\"dieciséisavo\" -> \"dieciseisavo\")"),
        Key("mixed-fraction", "DEN | TEMPLATE [| ONE]", "a whole number and one part (\"2 | {whole} and a half\" for \"2 1/2\", \"2½\"); ONE: said for a whole one (nl \"anderhalf\")"),
        Key("street-words", "LIST", "words ending a street's name after a house number (\"123 Main St.\"); with house-number; also the street word after a house number before a postal code (\"12 rue …, 75002 Paris\")"),
        Key("house-number", "ZERO | HUNDRED", "a 3-4 digit house number said in pairs, with these words for \"0N\" and \"00\" (en \"oh | hundred\")"),
        Key("fraction-unit", "ONE | MANY | MIXED", "a fraction before a unit (\"3/4 cup\"): templates with {fraction}, {unit} or {units}, {a}, {of}; MIXED may be -, or say the unit between {whole} (agreeing) and {rest} (\"{whole} {units} {rest}\": \"deux litres et quart\")"),
        Key("fraction-unit-of", "WORD | ELIDED", "{of} in fraction-unit: WORD and a space, or ELIDED joined before a name units.txt elides before"),
        Key("fraction-unit-except", "DEN ...", "denominators of a single part fraction-unit leaves alone (nl 2: \"een halve liter\", \"een half uur\")"),
        Key("indefinite-article", "A | AN | STARTS", "the article {a} before a unit name, AN before names starting with one of STARTS"),
        Key("measure-noun", "SINGULAR | PLURAL", "a noun of measure written in full that fraction-unit says with a fraction"),
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
        Key("noun-gender", "GENDER | LIST", "nouns a count before them agrees with (\"1 Nachricht\" -> \"eine Nachricht\")"),
        Key("noun-gender-endings", "GENDER | LIST", "the same by the noun's ending (\"-ung\"); the lists above win"),
        Key("noun-case-endings", "LIST", "endings a listed noun takes in a case (de genitive \"Jahres\": \"es, s\")"),
        Key("half-before-noun", "GENDER [CASE] | WORDS", "\"1/2\", \"½\" before a noun of that gender (de \"feminine | eine halbe\": \"1/2 Tasse\"), in CASE after a count-case word (de \"feminine dative | einer halben\": \"in ½ Stunde\");"),
        Key("fraction-before-noun", "DENOMINATOR | GENDER [CASE] | WORDS", "the same for another part (de \"4 | feminine | eine viertel\"); WORDS ending in \"-\" are joined to the noun (fr \"une demi-\": \"une demi-heure\")"),
        Key("roman-words", "LIST", "words before a Roman numeral read as a cardinal (\"chapitre IV\")"),
        Key("roman-ordinal-nouns", "LIST", "words after a Roman numeral that make it an ordinal (\"XXI secolo\")"),
        Key("time-article", "ARTICLE | WORDS", "a spoken time's leading article, dropped after words that carry it (\"alle\")"),
        Key("time-after-article", "WORDS | SPOKEN | REPLACEMENT", "after these written words, a spoken time starting SPOKEN (no article) starts REPLACEMENT (es \"las | mediodía | las doce del mediodía\")"),
        Key("count-elision", "WORD | ELIDED'", "a written word elided before a spoken number in count-elision-before (fr \"que | qu'\": \"qu'une place\")"),
        Key("count-elision-before", "LIST", "the number words it elides before (fr \"un, une\"; not \"onze\", \"huit\")"),
        Key("count-case", "WORDS | CASE", "words after which a count takes CASE (de \"mit, seit, vor | dative\")"),
        Key("count-case-form", "CASE | GENDER | %RULESET [| CATEGORIES]", "a count in CASE before a noun of GENDER is said with the spell-out RULESET (ICU's or spellout.txt's), where its CLDR plural category is one of CATEGORIES (every count when none): de \"dative | masculine | %spellout-cardinal-m | one\" (\"mit einem Klick\"; \"mit 101 Klicks\" stays plain)"),
        Key("count-case-skip", "WORDS", "words that may stand between a count-case word and the count (\"Sie haben heute 1 Anruf\": the case is still \"haben\"'s)"),
        Key("roman-ordinal-suffixes", "LIST", "suffixes that make a Roman numeral an ordinal (\"XXIe\")"),
        Key("regnal", "ORDINAL | CARDINAL | MAX", "template for a Roman numeral after a name (\"Louis XIV\"), {ordinal} up to MAX"),
        Key("regnal-names", "LIST", "monarchs' and popes' names after which a one-letter V or X is regnal too"),
        Key("regnal-titles", "LIST", "words before a name that make its numeral regnal (\"King Ramses II\"); after two capitalised words otherwise, a numeral of two letters or more after an unlisted name is a title's cardinal (\"Final Fantasy VII\")"),
        Key("pronoun-i", "LIST", "the language writes a pronoun \"I\": a lone I before a lowercase word is it, but before LIST (\"of\")"),
        Key("regnal-feminine-names", "LIST", "queens' names: the numeral after them is a feminine ordinal (\"Isabel II\" -> \"segunda\")"),
        Key("regnal-feminine", "ORDINAL | CARDINAL | MAX", "the template after a queen's name where it differs (de \"die {%spellout-ordinal}\")"),
        Key("ordinal-case", "WORDS | %RULESET", "words before a day or ordinal that ask for a case (de \"am\" -> dative)"),
        Key("ordinal-dot", "%RULESET", "the language writes ordinals with a period (\"3.\"): their default rule set"),
        Key("ordinal-noun", "%RULESET | NOUNS", "nouns that take such an ordinal before them with no article, and its form (de \"3. Liga\")"),
        Key("ordinal-bare-list", "%RULESET", "form of ordinals that are the whole text, joined by commas or list words (de \"1., 2., 3.\": \"erster, zweiter, dritter\")"),
        Key("ordinal-final-words", "LIST", "ordinal-case words after which \"N.\" is an ordinal even at a sentence's end (de \"das 1.\")"),
        Key("ordinal-list-words", "LIST", "words joining ordinals (de \"und\"): the next one keeps the list's case (\"am 3. und 4. Mai\")"),
        Key("duration-unit", "UNIT | SYMBOLS", "symbols of a duration unit (hour, minute, second, day...) in \"1h 30m\""),
        Key("duration-words", "LIST", "words after a single \"5m\" that make it a duration (\"ago\")"),
        Key("clock-duration-words", "LIST", "words before \"1:30\" that make it hours and minutes, not a time of day (de \"Dauer\")"),
        Key("clock-timer-words", "LIST", "words before \"1:30\" that make it a timer's reading (\"Countdown 1:30\"): minutes and seconds as often as hours and minutes, it stays written"),
        Key("slash-count-words", "LIST", "words before \"2/5\" that make it a position or score (\"Step 2/5\", \"Rating: 4/5\")"),
        Key("slash-count", "TEMPLATE", "how such a \"2/5\" is said ({0} of {1})"),
        Key("slash-count-after-words", "LIST", "words after \"4/5\" that make it a score (\"4/5 stars\")"),
        Key("slash-count-after-form", "WRITTEN | SAID", "the form such a word takes after the score's preposition (de \"sterne | Sternen\": dative after \"von\")"),
        Key("slash-score", "TEMPLATE", "how a score before such a word is said, if not as slash-count"),
        Key("scale", "WRITTEN | ONE | OTHER [| CATEGORY=FORM]...", "scale words after a number or amount (\"2,5 Mio.\" -> \"zwei Komma fünf Millionen\"), said in the form of the number's CLDR plural category (ru \"few=миллиона\")"),
        Key("scale-glued", "LIST", "scale words (listed by scale) that may be glued to the number, case as written (\"10k\")"),
        Key("multiplier", "SIGN, SIGN | ONE | OTHER [| CATEGORY=FORM]... [| GENDER]", "a sign glued after a number (\"3x\"): said in the form of the count's plural category (\"+mal\": joined to the number)"),
        Key("multiplier-before", "LIST", "the words a multiplier is said before (\"3x faster\"); before others (\"2x points\") it stays"),
        Key("number-compound-words", "LIST", "lowercase words a whole number before them (after a hyphen or glued) joins as one word (de \"fach\": \"10fach\" -> \"zehnfach\")"),
        Key("number-compound-endings", "LIST", "the same for words with these endings (de \"ig, ige\": \"4-stellige\" -> \"vierstellige\")"),
        Key("number-compound-final", "FROM | TO", "the end of a spoken number changed in such a word (de \"eins | ein\": \"1-fach\" -> \"einfach\")"),
        Key("decade", "SUFFIX | FROM>TO", "\"1980s\": the written suffix, and the spoken year's ending rewritten"),
        Key("address-symbol", "SYMBOL | WORD", "said for a symbol of an e-mail or web address, spelled only when asked (\"@ | arobase\")"),
        Key("nouns-capitalized", "yes|no", "nouns are written with a capital: only such a word after a number is counted by it"),
        Key("adjective-gender-endings", "GENDER | LIST", "the gender a declined adjective's ending shows after a count of one whose noun is unknown or left out (de \"1 weiteres\" -> \"ein weiteres\")"),
        Key("declined-before-noun", "WORDS | F | M | N", "abbreviated adjectives (\"max.\") whose expansion takes the nominative ending of the noun after it"),
        Key("regnal-case", "CASE | MASCULINE | FEMININE", "the regnal template in CASE (genitive: after a listed name with its \"s\")"),
        Key("regnal-case-words", "WORDS | CASE", "words before the name that ask for CASE (\"unter Ludwig XIV.\")"),
        Key("date-with-connector", "TEMPLATE", "a day and month joined by a connector, said in the written order ({day} {month})"),
        Key("times", "WORD | UNITS", "said for a \"×\" or \"x\" between two numbers in a product: before \"=\" (\"3 × 2 = 6\"), or a pack's count before one of UNITS (\"6 x 25 cl\")"),
        Key("dimension", "WORD", "said for it in a size, every other product (\"20 x 30 cm\", \"1280 x 720\": \"by\")"),
        Key("pair-words", "LIST, pair-words-after = LIST", "words before / after a 3-4 digit number said in pairs like a house number (\"Error 404\")"),
        Key("pair-words-after", "LIST", "words after a number of 3-4 digits that make it said in pairs, as after pair-words (en \"404 errors\")"),
        Key("letter-digit-codes", "read|written", "whether codes of capitals and digits (\"A4\", \"UA123\", \"SN-4829-AB\") are read (default written)"),
        Key("postal-code-after", "LIST", "words, case as written, after which five digits are a postal code read digit by digit (\"DC 20500\")"),
        Key("duration-ago-words", "LIST", "words after a single \"5m\" that make it a time ago (\"ago\"); a spaced \"m\" is then minutes too"),
        Key("duration-words-before", "LIST", "words before a single \"5m\" that make it a time ago (es \"hace\")"),
        Key("declined-after-noun", "WORDS | M | F", "abbreviated adjectives after a feminine noun: the expansion's ending M becomes F (\"velocidad máx.\")"),
    ]

    /// The declared names, for the loader's check.
    static let names: Set<String> = Set(keys.map(\.name))

    /// `Docs/text-data.md` as rendered from `keys`.
    static func documentation() -> String {
        var page = """
            # text.txt keys

            `Locales/<lang>/text.txt` holds the running-text data of a language (`TextNormalizer`,
            `spokenform text`): `key = value`, one per line; `#` starts a comment; lists are
            comma-separated and matched lowercased. Every key is optional. This page is rendered from
            `TextDataSchema.keys` (Sources/SpokenForm/Text/TextDataSchema.swift), where each key is
            declared once; `TextDataSchemaTests` fails when the two differ (regenerate with
            `SPOKENFORM_WRITE_DOCS=1 swift test --filter TextDataSchemaTests`). What the running-text
            reader does with them, class by class, is in [text.md](text.md).

            | key | value | meaning |
            |---|---|---|

            """
        for key in keys {
            let cell = { (text: String) in text.replacingOccurrences(of: "|", with: "\\|") }
            page += "| `\(key.name)` | `\(cell(key.syntax))` | \(cell(key.meaning)) |\n"
        }
        return page
    }
}
