/// What `Locales/<lang>/text.txt` says about reading running text in one language:
/// the context words that settle what a written form is, month names, time markers,
/// fraction names. Each key is declared once in `DataFileSchema.text` (Docs/data/text.md); an
/// unknown key or a malformed value fails with file and line.
///
/// A class, not a struct: every detector's reader holds it, and copying fifty-odd collections
/// cost a label about two thousand instructions per copy in retains. Its fields are written
/// only while `init` reads the files, so sharing it across threads is safe.
final class TextLocaleData: @unchecked Sendable {
    enum DateOrder: String, Sendable { case dmy, mdy, ymd }

    struct Regnal: Sendable {
        /// "the {ordinal}" (en), "{ordinal}" (it); `{cardinal}` beyond `ordinalMax`.
        let ordinalTemplate: String
        let cardinalTemplate: String
        let ordinalMax: Int
    }

    private(set) var dateOrder: DateOrder = .dmy
    /// Lowercased month names and abbreviations (without their period) -> month 1...12.
    private(set) var months: [String: Int] = [:]
    /// First letters of `months`, both cases: most words are rejected before building a String.
    private(set) var monthInitials: Set<Unicode.Scalar> = []
    /// Lowercased weekday names -> 1 (Monday) ... 7.
    private(set) var weekdays: [String: Int] = [:]
    /// Ordinal marks written after a day's digits ("er", "st", "th"); ".", "º", "ª" are always read.
    private(set) var daySuffixes: Set<String> = []
    /// Words after which a day/month without a year ("le 01/04") is a date.
    private(set) var dateWords: Set<String> = []
    /// Words between day, month and year ("1 de abril de 2015").
    private(set) var dateConnectors: Set<String> = []
    /// Words after which a four-digit number is a year ("en 2015", "in 2015").
    private(set) var yearWords: Set<String> = []
    /// Said between the two ends of a range ("à", "to", "bis").
    private(set) var rangeWord: String?
    /// Joins two days written "17/18 juin" ("et", "and").
    private(set) var andWord: String?
    /// "27.03. – 12.04.2026": the words between two dates joined by a dash (de "bis zum", en
    /// "to", fr "au"), the last of them asking the second day's case where one does (de "zum").
    private(set) var dateRangeJoiner: String?
    /// "between 5-10", "entre 62 - 126 cm": words before a range that join its two ends with
    /// `and-word`, not `range-word` ("between five and ten", "entre soixante-deux et…"), and
    /// the words a range may start with that they replace (es "de", it "da": "entre de…" is
    /// no Spanish): text.txt `range-between`. The words are kept as scalars and compared in
    /// place before each rewrite (a Set lookup built a lowercased String for every one: 2.7%
    /// of a French label).
    private(set) var rangeBetweenScalars: [[Unicode.Scalar]] = []
    private(set) var rangeBetweenDropped: Set<String> = []
    /// Said for the slash of "7j/7", "24h/24" ("sur").
    private(set) var perWord: String?
    /// Said for "24/7", round the clock (en "twenty-four seven"; text.txt `around-the-clock`).
    private(set) var aroundTheClock: String?
    /// Said for a written "+" before a number.
    private(set) var plusWord: String?
    /// Said for an "=" between two numbers ("1 + 1 = 2": "equals").
    private(set) var equalsWord: String?
    /// Said for a "×" or "x" between two numbers in a product ("3 × 2 = 6": "times"), with the
    /// unit symbols of a pack's content ("6 x 25 cl") that make one (text.txt `times`).
    private(set) var timesWord: String?
    private(set) var timesUnits: Set<String> = []
    /// Said for the "×" of a size ("20 x 30 cm", "1280 x 720": "by"; text.txt `dimension`).
    private(set) var dimensionWord: String?
    /// Said for a "~" glued before a number ("~5 km": "approximately").
    private(set) var approximatelyWord: String?
    /// Said for a comparison sign before a number ("< 1 hour": "less than", "≥ 18": "at least";
    /// text.txt `comparison`).
    private(set) var comparisonWords: [Unicode.Scalar: String] = [:]
    /// Letters that mark the hour in a time ("h" in "5h30", "17 h").
    private(set) var hourMarkers: Set<String> = []
    /// Words after a time that belong to it ("Uhr", "h", "horas").
    private(set) var timeWords: Set<String> = []
    /// How a range of two clock times is said (text.txt `time-range`, it "dalle {from} alle {to}"):
    /// the words before the first and between the two, and the last word of each, lower-cased,
    /// after which each time is said ("alle" takes "nove", not "le nove").
    private(set) var timeRange: (before: String, between: String, fromWord: String, toWord: String)?
    /// Written AM/PM markers that are also words of the language (de "am"): before another word they are that word.
    private(set) var markerWords: Set<String> = []
    /// Words before a time written with a period that make it one ("um 17.30", it "alle 9.30").
    private(set) var dottedTimeWords: Set<String> = []
    /// Written forms of AM and PM, lowercased, spaces removed ("a.m.", "p.m.").
    private(set) var amForms: Set<String> = []
    private(set) var pmForms: Set<String> = []
    /// The first letters of `amForms` and `pmForms`, lower-case: a time's marker is looked
    /// for only where one of them follows.
    private(set) var meridiemInitials: Set<Unicode.Scalar> = []
    /// The time style (times.txt) used when AM or PM is written.
    private(set) var twelveHourStyle: TimeStyle?
    /// Denominator -> (the fraction with numerator 1 in full, the denominator's plural name): "4 | un quart | quarts".
    private(set) var fractions: [Int: (String, String)] = [:]
    /// Words that end a street's name after a house number ("street", "st", "avenue"), lowercased.
    private(set) var streetWords: Set<String> = []
    /// How a house number is said in pairs: the word for a pair "0N" ("oh") and for "00" ("hundred").
    private(set) var houseNumberWords: (zero: String, hundred: String)?
    /// Words before (`pair-words`) or after (`pair-words-after`) a number of 3-4 digits that
    /// make it said in pairs like a house number ("Error 404", "Room 1205", "404 errors").
    private(set) var pairWords: Set<String> = []
    private(set) var pairWordsAfter: Set<String> = []
    /// Words between a house number and its street ("12 bis rue…"): `house-number-suffixes`.
    private(set) var houseNumberSuffixes: Set<String> = []
    /// Denominators without a `fraction` row named by a rule: "5...100 | one {ordinal} | {ordinals}".
    /// A name is the template filled with the denominator's words; `fractionFixes` then correct it.
    struct FractionRule: Sendable {
        let denominators: ClosedRange<Int>
        /// The fraction with numerator 1 in full, and the denominator's plural name.
        let one: String
        let many: String
    }
    private(set) var fractionRules: [FractionRule] = []
    /// Words after a fraction that say it is one ("of", "du", "der"): a rule-named fraction in
    /// the shape of a date ("1/12") is read only before one, or as the whole text.
    private(set) var fractionAfterWords: Set<String> = []
    /// Corrections of a name a rule made (es "dieciséisavo" -> "dieciseisavo"), applied in order.
    private(set) var fractionFixes: [(from: String, to: String)] = []
    /// Denominator -> how a whole number and one such part are said ("2 | {whole} and a half").
    /// The whole number one in such a template, where it is not the cardinal (de "ein": "eineinhalb").
    private(set) var mixedFractionOne: String?
    private(set) var mixedFractions: [Int: String] = [:]
    /// The same with a whole number of one, where the language has a word for it (nl "1 1/2" is
    /// "anderhalf"): the third field of `mixed-fraction`.
    private(set) var mixedFractionsOfOne: [Int: String] = [:]
    /// A fraction before a unit or measure ("3/4 cup", "1/2 tsp", "1 1/2 tsp"): templates with
    /// {fraction} and {unit} (singular) or {units} (plural) for a numerator of one, a larger
    /// numerator and a whole number with a fraction (en "{fraction} {unit} | {fraction} of {a}
    /// {unit} | {fraction} {units}"); {a} is `indefinite-article`'s form for the unit's name.
    private(set) var fractionUnit: (one: String, many: String, mixed: String?)?
    /// `{of}` in those templates: the word between a fraction and its unit, with its space, and
    /// its form before a name the expander elides before (fr "de " / "d'": "un quart d'heure").
    private(set) var fractionUnitOf: (full: String, elided: String)?
    /// Denominators of a single part `fraction-unit` leaves alone (nl "1/2": "een halve liter" but
    /// "een half uur" needs the noun's de/het, which ICU does not give).
    private(set) var fractionUnitExcept: Set<Int> = []
    /// The indefinite article before a word, and the starts (letters or whole words) that take
    /// the second form (en "a | an | a e i o u hour").
    private(set) var indefiniteArticle: (consonant: String, vowel: String, vowelStarts: [String])?
    /// Nouns of measure written in full after a fraction ("3/4 cup"), lower-cased singular and
    /// plural -> both forms, for `fraction-unit` (units and their abbreviations come from the expander).
    private(set) var measureNouns: [String: (singular: String, plural: String)] = [:]
    /// Words before a version number ("iOS 17.2", "version 2.0") and the word for its dots.
    private(set) var versionWords: Set<String> = []
    private(set) var versionPoint: String?
    /// Words before a code read digit by digit ("n° 2024-360785").
    private(set) var serialWords: Set<String> = []
    /// Whether codes of capitals and digits ("A4", "UA123", "SN-4829-AB") are read rather than
    /// left written: `letter-digit-codes = read`.
    private(set) var readsLetterDigitCodes = false
    /// Words, as written, after which five digits are a postal code read digit by digit
    /// (en "DC 20500", "CA 94105-1234"): `postal-code-after`.
    private(set) var postalCodeAfter: Set<String> = []
    /// How the locale writes a postal code before the place's name, "9" a digit and "A" a
    /// capital ("99999", "9999-999", "9999 AA"): after the comma that closes a street with
    /// its house number ("12 rue de la Paix, 75002 Paris"), read digit by digit: `postal-code`.
    private(set) var postalCodeShapes: [[Unicode.Scalar]] = []
    /// Words before a phone number written as bare digits ("tél. 612345678"): without one, a bare
    /// run of digits that does not start with a trunk zero is a number, not a phone.
    private(set) var phoneWords: Set<String> = []
    /// Words after a number that are not what it counts ("1 a 3", "del 1 al 15"): the number keeps its own form.
    private(set) var notCounted: Set<String> = []
    /// Nouns are written with a capital (de): only a capitalised word after a number is its noun.
    private(set) var nounsCapitalized = false
    /// Endings of a declined adjective between a count and its capitalised noun
    /// (de "1 neue Nachricht": the count agrees with "Nachricht").
    private(set) var adjectiveEndings: [String] = []
    /// Grammatical gender of a counted noun (lowercased) a count agrees with ("eine Nachricht", "une heure").
    private(set) var nounGenders: [String: Gender] = [:]
    /// Gender of a counted noun by its ending ("-ung", "-tion"), longest ending first.
    private(set) var nounGenderEndings: [(ending: String, gender: Gender)] = []

    /// de "Max. Anhängelast" -> "Maximale Anhängelast", "max. Verbrauch" -> "maximaler
    /// Verbrauch": abbreviations of an adjective (lowercased, as written) whose expansion
    /// takes the nominative ending of the noun's gender after it (text.txt
    /// `declined-before-noun = WORDS | FEMININE | MASCULINE | NEUTER`); a noun of unknown
    /// gender leaves the stem ("maximal").
    private(set) var declinedAbbreviations: Set<String> = []
    private(set) var declinedEndings: [Gender: String] = [:]
    /// es "velocidad máx." -> "velocidad máxima", it "risoluzione max." -> "risoluzione
    /// massima": abbreviations of an adjective after a feminine noun the data knows, whose
    /// expansion's masculine ending becomes the feminine one (text.txt `declined-after-noun =
    /// WORDS | MASCULINE-ENDING | FEMININE-ENDING`). Before a number it stays ("máx. 30 °C":
    /// "máximo treinta", at most).
    private(set) var declinedAfterNoun: (words: Set<String>, masculine: String, feminine: String)?

    /// The gender a declined adjective's ending shows after a count of one, where no noun
    /// follows it or the noun's gender is unknown (de "1 weiteres" -> "ein weiteres", "1 andere
    /// Website" -> "eine andere Website"; `adjective-gender-endings`), longest ending first.
    private(set) var adjectiveGenderEndings: [(ending: String, gender: Gender)] = []

    /// The gender a count agrees with before `noun` (lowercased), or nil when the data does not know it.
    /// `capitalized`: the word is written with a capital where nouns are not (pt "2024 Thomas",
    /// es "3 Marías"): a name, whose ending says nothing ("-as" is not feminine there); only a
    /// listed noun counts ("1 Hora" in a title).
    func gender(ofNoun noun: String, capitalized: Bool = false) -> Gender? {
        if let gender = nounGenders[noun] { return gender }
        // de "innerhalb 1 Jahres": a listed noun with a case ending ("Jahr" + "es").
        for ending in nounCaseEndings where noun.hasSuffix(ending) {
            if let gender = nounGenders[String(noun.dropLast(ending.count))] { return gender }
        }
        if capitalized && !nounsCapitalized { return nil }
        // A short ending ("-a") needs two letters before it ("la", "va" are no nouns); a longer
        // one ("-zione", "-ción") one: it "azione" is feminine ("un'azione").
        return nounGenderEndings.first {
            noun.hasSuffix($0.ending) && noun.count >= $0.ending.count + ($0.ending.count <= 2 ? 2 : 1)
        }?.gender
    }
    /// The gender of a noun the data lists by name (`noun-gender`), not by its ending.
    func listedGender(ofNoun noun: String) -> Gender? { nounGenders[noun] }

    /// `words` with each word of `count-elision` elided before a number word of
    /// `count-elision-before` and joined to it ("moins de une heure" -> "moins d'une heure",
    /// "plus de un an" -> "plus d'un an").
    func elidingCounts(_ words: String) -> String {
        guard !countElisions.isEmpty, words.contains(" ") else { return words }
        let parts = words.split(separator: " ", omittingEmptySubsequences: false)
        var result = ""
        var joinsNext = false
        for (k, part) in parts.enumerated() {
            if k > 0 && !joinsNext { result += " " }
            joinsNext = false
            if k + 1 < parts.count, let elided = countElisions[String(part)], countElisionStarts.contains(String(parts[k + 1])) {
                result += elided
                joinsNext = true
            } else {
                result += part
            }
        }
        return result
    }
    func gender(ofAdjective adjective: String) -> Gender? {
        adjectiveGenderEndings.first { adjective.hasSuffix($0.ending) }?.gender
    }
    /// "1/2", "½", "¼" before a noun, by the fraction's denominator, the noun's gender and the
    /// case the word before asks for (`count-case`; "" for none): de "eine halbe Tasse", "in
    /// einer halben Stunde", "eine viertel Stunde", es "media taza" (the fraction's own name,
    /// "ein halb", does not agree with a noun).
    private(set) var fractionsBeforeNoun: [Int: [String: String]] = [:]

    /// The words for one part in `denominator` before a noun of `gender`, in `caseName` (nil:
    /// none asked for), falling back to the form without a case.
    /// `indefinite-article`'s form before `name` ("a cup", "an ounce", "an hour"): the second
    /// form when the name starts with one of the listed starts.
    func article(before name: String) -> String? {
        guard let article = indefiniteArticle else { return nil }
        let lower = name.lowercased()
        return article.vowelStarts.contains { lower.hasPrefix($0) } ? article.vowel : article.consonant
    }

    func fractionBeforeNoun(_ denominator: Int, gender: Gender, caseName: String?) -> String? {
        guard let forms = fractionsBeforeNoun[denominator] else { return nil }
        if let caseName, let form = forms[gender.rawValue + " " + caseName] { return form }
        return forms[gender.rawValue]
    }
    /// Said for a "#" glued before a number ("#12345" -> "number one two three four five").
    private(set) var numberSign: String?
    /// "100+ videos": a count with a "+" before its noun, said with `{count}` in this template
    /// (en "{count} plus", fr "plus de {count}"; text.txt `count-plus`).
    private(set) var countPlus: String?
    /// Words joining a count to another before their noun ("1 ou 2 heures": `count-joiners`),
    /// as scalars: every number before a word is tested, in place. The longest one's length.
    private(set) var countJoiners: [[Unicode.Scalar]] = []
    private(set) var countJoinerLength = 0
    /// A masculine one so joined, away from its noun, where it is not the attributive form (es, it "uno").
    private(set) var countJoinedOne: String?
    /// Endings a listed noun takes in a case (de genitive "-es", "-s": `noun-case-endings`).
    private(set) var nounCaseEndings: [String] = []
    /// Words before a Roman numeral read as a cardinal ("chapitre IV", "siglo XXI").
    private(set) var romanWords: Set<String> = []
    /// Words after a Roman numeral that make it an ordinal (it "XXI secolo").
    private(set) var romanOrdinalNouns: Set<String> = []
    /// A spoken time's leading article and the words that already carry it in the text
    /// (it "le" after "alle", "dalle": "alle nove", not "alle le nove").
    private(set) var timeArticles: [String: Set<String>] = [:]
    /// Words after which a count takes a case (de "vor" -> dative, ru "до" -> genitive).
    private(set) var countCaseWords: [String: String] = [:]
    /// Words that may stand between a `count-case` word and the count (de "Sie haben heute 1 Anruf").
    private(set) var countCaseSkipped: Set<String> = []
    /// How a count in a case is said before a noun of a gender (`count-case-form`): by a
    /// spell-out rule set of ICU's or of spellout.txt, for counts of the plural categories listed.
    private(set) var countCaseForms: [String: [Gender: CaseForm]] = [:]

    /// A count's form in one case before a noun of one gender (text.txt `count-case-form`):
    /// de dative masculine `%spellout-cardinal-m` for counts of category one ("mit einem Klick";
    /// "mit hundertein Klicks" keeps its plain form, the noun being plural), ru genitive
    /// `%spellout-cardinal-masculine-genitive` for every count ("до пяти километров").
    struct CaseForm {
        let ruleSet: String
        /// The plural categories of the counts said this way; every count when nil.
        let categories: Set<PluralCategory>?
        /// Where it is written, to name in an error (a rule set the locale does not have).
        let file: String
        let line: Int
    }
    /// Written words that elide before a spoken number starting with one of `countElisionStarts`
    /// (fr "de" -> "d'", "que" -> "qu'" before "un", "une"): "qu'une place".
    private(set) var countElisions: [String: String] = [:]
    private(set) var countElisionStarts: Set<String> = []
    /// Times said without an article ("mediodía", "mezzogiorno") after a written word that
    /// ends in one ("las", "alle"): the reading that takes it ("las doce del mediodía",
    /// "le dodici"), so the text does not say "las mediodía".
    private(set) var timesAfterArticle: [(words: Set<String>, spokenStart: String, replacement: String)] = []
    /// Suffixes that make a Roman numeral an ordinal ("XXIe", "Ier").
    private(set) var romanOrdinalSuffixes: Set<String> = []
    private(set) var regnal: Regnal?
    /// The template after a queen's name, where it differs (de "die {%spellout-ordinal}").
    private(set) var regnalFeminine: Regnal?
    /// Lowercased names of queens and empresses: their numeral is a feminine ordinal
    /// ("Isabel II" is "Isabel segunda", "Elisabeth II." "Elisabeth die Zweite").
    private(set) var regnalFeminineNames: Set<String> = []
    /// Monarchs' and popes' names after which a one-letter numeral ("Carlos V", "Pius X") is
    /// regnal too; after other names "V" and "X" are initials or letters: `regnal-names`.
    private(set) var regnalNames: Set<String> = []
    /// A regnal numeral in a case (de "Ludwigs des Zweiten", "mit Ludwig dem Zweiten"):
    /// the templates by case name for a king and a queen (`regnal-case`), and the words
    /// before the name that ask for a case (`regnal-case-words`). The genitive is the name's
    /// own: a listed name with an "s" ("Ludwigs II.").
    private(set) var regnalCases: [String: (masculine: String, feminine: String)] = [:]
    private(set) var regnalCaseWords: [String: String] = [:]
    /// Words before a name that make its numeral regnal whatever the name ("King Ramses II",
    /// "Queen Victoria I"): `regnal-titles`. After two capitalised words otherwise, the numeral
    /// is a title's number ("Final Fantasy VII" is "seven").
    private(set) var regnalTitles: Set<String> = []
    /// The language writes a pronoun "I" (en): a lone I before a lowercase word is it, never a
    /// numeral ("Hey Siri I need help"), but before these words ("Charles I of England"):
    /// `pronoun-i`. Nil where the language has no such pronoun.
    private(set) var pronounIExceptBefore: Set<String>?
    /// How a day and month joined by a connector word are said, in the written order
    /// ("the 4th of July": "{day} of {month}"): `date-with-connector`.
    private(set) var dateWithConnector: String?
    /// Words before an ordinal that put it in another case, and the rule set for it
    /// (de "am 1." -> "ersten").
    private(set) var ordinalCaseWords: [String: String] = [:]
    /// Case words after which "N." is an ordinal even where its period also ends the sentence
    /// (de "nicht das 1." -> "erste"); a preposition like "bis" is left out: "bis 18." counts hours.
    private(set) var ordinalFinalWords: Set<String> = []
    /// Words joining a list of ordinals ("und", "oder"): the ordinal after one keeps the case of
    /// the list's first ordinal ("am 3. und 4. Mai" -> "am dritten und vierten Mai").
    private(set) var ordinalListWords: Set<String> = []
    /// Nouns that take an ordinal before them (a rank, a floor, a league) and the rule set of
    /// the ordinal before each with no article (de "3. Liga" -> "dritte Liga", "2. Platz" ->
    /// "zweiter Platz"): there "N." is an ordinal even at a text's start, where "1. Einleitung"
    /// (a numbered heading) stays as written.
    private(set) var ordinalNouns: [String: String] = [:]
    /// German-style ordinals written with a period ("1.", "21."): the rule set for them.
    private(set) var ordinalDotRuleSet: String?
    /// The rule set of a ranking written alone, "1., 2., 3." (de "erster, zweiter, dritter").
    private(set) var ordinalBareListRuleSet: String?
    /// Unit letters of durations ("h" -> hour, "m"/"min" -> minute).
    private(set) var durationUnits: [String: DateUnit] = [:]
    /// Words after a duration that make a lone "5m" a duration ("ago").
    private(set) var durationWords: Set<String> = []
    /// Words after or before a single "5m" that make it a time ago ("5m ago", pt "5m atrás";
    /// es "hace 5m", pt "há 5m": `duration-ago-words`, `duration-words-before`). They say "time"
    /// as "left" does not, so "200 m ago" is minutes where "200 m left" is a route's metres.
    private(set) var durationAgoWords: Set<String> = []
    private(set) var durationWordsBefore: Set<String> = []
    /// Words before "1:30" that make it a length of time, not a time of day
    /// (de "Dauer: 1:30 h" -> "eine Stunde und dreißig Minuten").
    private(set) var clockDurationWords: Set<String> = []
    /// Words before "1:30" that make it a timer's reading ("Countdown 1:30", "Timer: 05:00"):
    /// minutes and seconds as often as hours and minutes, never a time of day; it stays written
    /// (`clock-timer-words`).
    private(set) var clockTimerWords: Set<String> = []
    /// Words before "2/5" that make it a position or a score, not a fraction ("Step 2/5",
    /// "Rating: 4/5"), and how it is said ("{0} of {1}").
    private(set) var slashCountWords: Set<String> = []
    private(set) var slashCountTemplate: String?
    /// Words after "4/5" that make it a score ("4/5 stars"): `slash-count-after-words`; such a
    /// score is said with `slash-score` where the language says it otherwise (en "four out of five").
    private(set) var slashCountAfterWords: Set<String> = []
    private(set) var slashScoreTemplate: String?
    /// The form a noun after such a score takes where the template puts it after a preposition
    /// (de "4/5 Sterne" -> "vier von fünf Sternen", the dative), by the written word lowercased:
    /// `slash-count-after-form`.
    private(set) var slashCountAfterForms: [String: String] = [:]
    /// Scale words after a number or an amount, by written form lowercased without period
    /// ("million", "mio") -> (singular, plural) spoken ("Million", "Millionen").
    private(set) var scales: [String: PluralForms] = [:]
    /// Scale words that may be glued to the number, as written (case kept): "10k", "1.5M"
    /// (`scale-glued`); each is also a `scale`.
    private(set) var gluedScales: Set<String> = []
    /// A multiplier glued to a number ("3x faster", "1.5×"): its written signs and how it is
    /// said after one and after many, with the gender the number takes (`multiplier`).
    private(set) var multiplierSigns: Set<String> = []
    private(set) var multiplier: (forms: PluralForms, gender: Gender?)?
    /// The words a multiplier may stand before ("3x faster", "1x par jour"); before any other
    /// word ("2x points") it stays written: `multiplier-before`.
    private(set) var multiplierBefore: Set<String> = []
    /// A number joined to the word after it where the language writes the two as one word
    /// ("4-stellige" -> "vierstellige", "10fach" -> "zehnfach", nl "14-daagse" ->
    /// "veertiendaagse"): the lowercase words (`number-compound-words`) and word endings
    /// (`number-compound-endings`) that make such a compound, and the end of a spoken number
    /// changed in one (de "eins" -> "ein": "einfach", nl "één" -> "een", `number-compound-final`).
    private(set) var numberCompoundWords: Set<String> = []
    private(set) var numberCompoundEndings: [String] = []
    private(set) var numberCompoundFinal: (from: String, to: String)?
    /// The word said for each symbol of an e-mail or web address ("@" -> "arobase", "." -> "point").
    private(set) var addressSymbols: [Unicode.Scalar: String] = [:]
    /// Decade suffix rewrites for a spoken year ("y>ies": "nineteen eighty" -> "nineteen eighties"), by written suffix ("s").
    private(set) var decadeSuffixes: [String: (from: String, to: String)] = [:]

    init(files: [LocaleDataFile]) throws {
        for file in files {
            for (key, value, line) in try file.keyValues(checkedBy: .text) {
                let e = TextDataLine(value: value, line: line, file: file)
                guard try readDateKey(key, value, e) || readTimeKey(key, value, e) || readRangeAndSignKey(key, value, e)
                        || readFractionKey(key, value, e) || readCodeAndAddressKey(key, value, e) || readCountKey(key, value, e)
                        || readOrdinalKey(key, value, e) || readScaleKey(key, value, e) else {
                    throw DataFileSchema.text.unread(key, at: line, in: file)
                }
            }
        }
        meridiemInitials = Set(amForms.union(pmForms).compactMap { $0.lowercased().unicodeScalars.first })
        // A case a `count-case` names must have its forms: a misspelt case would silently say nothing.
        if let missing = Set(countCaseWords.values).subtracting(countCaseForms.keys).sorted().first, let last = files.last {
            throw SpokenFormError.malformedLocaleData(file: last.path, line: 0, message: "count-case names '\(missing)', which has no 'count-case-form = \(missing) | …' forms")
        }
    }
}

// MARK: - Reading text.txt

extension TextLocaleData {
    /// Dates: the order of a numeric date, month and weekday names, and the words around a date.
    private func readDateKey(_ key: String, _ value: String, _ e: TextDataLine) throws -> Bool {
        switch key {
        case "date-order":
            guard let order = DateOrder(rawValue: value) else { throw e.error("expected dmy, mdy or ymd") }
            dateOrder = order
        case "month", "weekday":
            let parts = try e.fields(2)
            let limit = key == "month" ? 12 : 7
            guard let number = Int(parts[0]), (1...limit).contains(number) else {
                throw e.error("expected a \(key) number from 1 to \(limit)")
            }
            for name in parts[1].splitAtASCII(",") {
                let trimmed = name.trimmingSpaces().lowercased()
                let bare = trimmed.hasSuffix(".") ? String(trimmed.dropLast()) : trimmed
                if key == "month" {
                    months[bare] = number
                    if let first = bare.unicodeScalars.first {
                        monthInitials.insert(first)
                        monthInitials.formUnion(String(first).uppercased().unicodeScalars)
                    }
                } else {
                    weekdays[bare] = number
                }
            }
        case "day-suffixes": daySuffixes.formUnion(e.list())
        case "date-words": dateWords.formUnion(e.list())
        case "date-connectors": dateConnectors.formUnion(e.list())
        case "year-words": yearWords.formUnion(e.list())
        case "date-with-connector":
            guard value.contains("{day}"), value.contains("{month}") else { throw e.error("expected a template with {day} and {month}") }
            dateWithConnector = value
        default: return false
        }
        return true
    }

    /// Times and durations: hour markers, AM and PM, the words around a time, time ranges and articles, duration units.
    private func readTimeKey(_ key: String, _ value: String, _ e: TextDataLine) throws -> Bool {
        switch key {
        case "hour-markers": hourMarkers.formUnion(e.list())
        case "time-words": timeWords.formUnion(e.list())
        case "dotted-time-words": dottedTimeWords.formUnion(e.list())
        case "marker-words": markerWords.formUnion(e.list())
        case "time-range":
            guard let from = value.range(of: "{from}"), let to = value.range(of: "{to}"), from.upperBound <= to.lowerBound,
                  value[to.upperBound...].isEmpty, case let before = String(value[..<from.lowerBound]),
                  case let between = String(value[from.upperBound..<to.lowerBound]),
                  let fromWord = before.split(separator: " ").last, let toWord = between.split(separator: " ").last else {
                throw e.error("expected 'time-range = WORDS {from} WORDS {to}'")
            }
            timeRange = (before, between, fromWord.lowercased(), toWord.lowercased())
        case "am": amForms.formUnion(e.list().map { $0.replacingOccurrences(of: " ", with: "") })
        case "pm": pmForms.formUnion(e.list().map { $0.replacingOccurrences(of: " ", with: "") })
        case "twelve-hour-style": twelveHourStyle = TimeStyle(rawValue: value)
        case "time-article":
            let parts = try e.fields(2)
            timeArticles[parts[0].lowercased(), default: []].formUnion(e.list(parts[1]))
        case "time-after-article":
            let parts = try e.fields(3)
            timesAfterArticle.append((Set(e.list(parts[0])), parts[1], parts[2]))
        case "duration-unit":
            let parts = try e.fields(2)
            guard let unit = DateUnit(rawValue: parts[0]) else {
                throw e.error("unknown unit '\(parts[0])': expected one of \(DateUnit.allCases.map(\.rawValue).joined(separator: " "))")
            }
            for symbol in parts[1].splitAtASCII(",") { durationUnits[symbol.trimmingSpaces()] = unit }
        case "duration-words": durationWords.formUnion(e.list())
        case "duration-words-before": durationWordsBefore.formUnion(e.list())
        case "duration-ago-words": durationAgoWords.formUnion(e.list())
        case "clock-duration-words": clockDurationWords.formUnion(e.list())
        case "clock-timer-words": clockTimerWords.formUnion(e.list())
        default: return false
        }
        return true
    }

    /// Ranges, slashes and signs: the words between a range's ends, "+", "~", comparisons, products, positions and scores.
    private func readRangeAndSignKey(_ key: String, _ value: String, _ e: TextDataLine) throws -> Bool {
        switch key {
        case "range-word": rangeWord = value
        case "plus": plusWord = value
        case "approximately": approximatelyWord = value
        case "comparison":
            let parts = try e.fields(2)
            guard parts[0].unicodeScalars.count == 1, let sign = parts[0].unicodeScalars.first, "<>≤≥".unicodeScalars.contains(sign),
                  !parts[1].isEmpty else {
                throw e.error("expected 'comparison = SIGN | WORDS' with one sign (<, >, ≤, ≥)")
            }
            comparisonWords[sign] = parts[1]
        case "equals": equalsWord = value
        case "times":
            let parts = value.splitAtASCII("|").map { $0.trimmingSpaces() }
            guard parts.count == 2, !parts[0].isEmpty else { throw e.error("expected 'times = WORD | UNIT, UNIT'") }
            timesWord = parts[0]
            timesUnits = Set(parts[1].splitAtASCII(",").map { $0.trimmingSpaces() })
        case "dimension": dimensionWord = value
        case "and-word": andWord = value
        case "date-range": dateRangeJoiner = value
        case "range-between":
            let parts = value.splitAtASCII("|").map { $0.trimmingSpaces() }
            guard (1...2).contains(parts.count), !parts[0].isEmpty else { throw e.error("expected WORDS [| WORDS A RANGE MAY START WITH]") }
            for word in e.list(parts[0]) where !rangeBetweenScalars.contains(Array(word.unicodeScalars)) {
                rangeBetweenScalars.append(Array(word.unicodeScalars))
            }
            if parts.count == 2 { rangeBetweenDropped.formUnion(e.list(parts[1])) }
        case "per-word": perWord = value
        case "around-the-clock": aroundTheClock = value
        case "slash-count-words": slashCountWords.formUnion(e.list())
        case "slash-count-after-words": slashCountAfterWords.formUnion(e.list())
        case "slash-count-after-form":
            let parts = try e.fields(2)
            guard !parts[0].isEmpty, !parts[1].isEmpty else { throw e.error("expected 'slash-count-after-form = WRITTEN | SAID'") }
            slashCountAfterForms[parts[0].lowercased()] = parts[1]
        case "slash-count":
            guard value.contains("{0}"), value.contains("{1}") else { throw e.error("expected a template with {0} and {1}") }
            slashCountTemplate = value
        case "slash-score":
            guard value.contains("{0}"), value.contains("{1}") else { throw e.error("expected a template with {0} and {1}") }
            slashScoreTemplate = value
        default: return false
        }
        return true
    }

    /// Fractions: their names, mixed numbers, and a fraction before a unit or a noun.
    private func readFractionKey(_ key: String, _ value: String, _ e: TextDataLine) throws -> Bool {
        switch key {
        case "fraction":
            let parts = try e.fields(3)
            guard let denominator = Int(parts[0]), denominator > 1 else { throw e.error("expected a denominator above 1") }
            fractions[denominator] = (parts[1], parts[2])
        case "fraction-rule":
            let parts = try e.fields(3)
            let bounds = parts[0].components(separatedBy: "...")
            guard bounds.count == 2, let low = Int(bounds[0]), let high = Int(bounds[1]), low > 1, low <= high else {
                throw e.error("expected 'LOW...HIGH | ONE | MANY'")
            }
            fractionRules.append(FractionRule(denominators: low...high, one: parts[1], many: parts[2]))
        case "fraction-after-words": fractionAfterWords.formUnion(e.list())
        case "fraction-fix":
            let rewrite = value.components(separatedBy: "=>").map { String(LocaleDataFile.trimmed($0[...])) }
            guard rewrite.count == 2, !rewrite[0].isEmpty else { throw e.error("expected 'FROM => TO'") }
            fractionFixes.append((rewrite[0], rewrite[1]))
        case "mixed-fraction-one": mixedFractionOne = value
        case "fraction-unit":
            let parts = try e.fields(3)
            guard parts.dropLast().allSatisfy({ $0.contains("{fraction}") && $0.contains("{unit}") }),
                  parts[2] == "-" || (parts[2].contains("{fraction}") || parts[2].contains("{whole}") && parts[2].contains("{rest}"))
                    && parts[2].contains("{units}") else {
                throw e.error("expected 'ONE | MANY | MIXED' templates with {fraction} and {unit} ({units} with {fraction} or {whole} and {rest} in MIXED, or -)")
            }
            fractionUnit = (parts[0], parts[1], parts[2] == "-" ? nil : parts[2])
        case "fraction-unit-except":
            for word in value.splitAtASCII(" ") {
                guard let denominator = Int(word), denominator > 1 else { throw e.error("expected denominators above 1") }
                fractionUnitExcept.insert(denominator)
            }
        case "fraction-unit-of":
            let parts = try e.fields(2)
            fractionUnitOf = (parts[0] + " ", parts[1])
        case "measure-noun":
            let parts = try e.fields(2)
            for form in parts { measureNouns[form.lowercased()] = (parts[0], parts[1]) }
        case "indefinite-article":
            let parts = try e.fields(3)
            indefiniteArticle = (parts[0], parts[1], parts[2].splitAtASCII(" ").map(String.init))
        case "mixed-fraction":
            let parts = value.splitAtASCII("|").map { $0.trimmingSpaces() }
            guard parts.count == 2 || parts.count == 3, let denominator = Int(parts[0]), denominator > 1,
                  parts[1].contains("{whole}"), parts.count == 2 || !parts[2].isEmpty else {
                throw e.error("expected 'DENOMINATOR | TEMPLATE with {whole} [| WHOLE ONE]'")
            }
            mixedFractions[denominator] = parts[1]
            if parts.count == 3 { mixedFractionsOfOne[denominator] = parts[2] }
        case "half-before-noun", "fraction-before-noun":
            // half-before-noun = GENDER [CASE] | WORDS; fraction-before-noun = DENOMINATOR | GENDER [CASE] | WORDS.
            let parts = key == "half-before-noun" ? ["2"] + (try e.fields(2)) : try e.fields(3)
            let genderAndCase = parts[1].splitAtASCII(" ").map(String.init)
            guard let denominator = Int(parts[0]), denominator > 1, (1...2).contains(genderAndCase.count),
                  Gender(rawValue: genderAndCase[0]) != nil else {
                throw e.error("expected [DENOMINATOR |] masculine, feminine or neuter, an optional case, | WORDS")
            }
            fractionsBeforeNoun[denominator, default: [:]][genderAndCase.joined(separator: " ")] = parts[2]
        default: return false
        }
        return true
    }

    /// Codes, versions, house numbers, postal codes, phone words and the symbols of addresses.
    private func readCodeAndAddressKey(_ key: String, _ value: String, _ e: TextDataLine) throws -> Bool {
        switch key {
        case "pair-words": pairWords.formUnion(e.list())
        case "house-number-suffixes": houseNumberSuffixes.formUnion(e.list())
        case "pair-words-after": pairWordsAfter.formUnion(e.list())
        case "street-words": streetWords.formUnion(e.list().map { $0.hasSuffix(".") ? String($0.dropLast()) : $0 })
        case "house-number":
            let parts = try e.fields(2)
            houseNumberWords = (parts[0], parts[1])
        case "version-words": versionWords.formUnion(e.list())
        case "version-point": versionPoint = value
        case "serial-words": serialWords.formUnion(e.list())
        case "letter-digit-codes":
            guard value == "read" || value == "written" else { throw e.error("expected 'read' or 'written'") }
            readsLetterDigitCodes = value == "read"
        case "postal-code-after":
            for word in value.splitAtASCII(",") { postalCodeAfter.insert(word.trimmingSpaces()) }
        case "postal-code":
            for shape in value.splitAtASCII(",").map({ $0.trimmingSpaces() }) {
                guard shape.first == "9", shape.unicodeScalars.allSatisfy({ "9A -".unicodeScalars.contains($0) }) else {
                    throw e.error("postal code shape '\(shape)': expected 9 for a digit, A for a capital, spaces or dashes, starting with a digit")
                }
                postalCodeShapes.append(Array(shape.unicodeScalars))
            }
        case "phone-words": phoneWords.formUnion(e.list())
        case "number-sign": numberSign = value
        case "address-symbol":
            let parts = try e.fields(2)
            guard parts[0].unicodeScalars.count == 1, let symbol = parts[0].unicodeScalars.first else {
                throw e.error("expected one symbol before '|'")
            }
            addressSymbols[symbol] = parts[1]
        default: return false
        }
        return true
    }

    /// Counts: what a count agrees with (gender, case, elision) and the words joining or following it.
    private func readCountKey(_ key: String, _ value: String, _ e: TextDataLine) throws -> Bool {
        switch key {
        case "count-plus":
            guard value.holdsPlaceholder("{count}") else { throw e.error("expected a template holding {count}") }
            countPlus = value
        case "not-counted": notCounted.formUnion(e.list())
        case "adjective-endings": adjectiveEndings = e.list().sorted { $0.count > $1.count }
        case "declined-after-noun":
            let parts = try e.fields(3)
            declinedAfterNoun = (Set(e.list(parts[0])), parts[1], parts[2])
        case "declined-before-noun":
            let parts = try e.fields(4)
            declinedAbbreviations.formUnion(e.list(parts[0]))
            declinedEndings = [.feminine: parts[1], .masculine: parts[2], .neuter: parts[3]]
        case "count-joiners":
            for word in e.list() where !countJoiners.contains(Array(word.lowercased().unicodeScalars)) {
                countJoiners.append(Array(word.lowercased().unicodeScalars))
                countJoinerLength = max(countJoinerLength, word.unicodeScalars.count)
            }
        case "count-joined-one": countJoinedOne = value
        case "noun-case-endings": nounCaseEndings = e.list().sorted { $0.count > $1.count }
        case "noun-gender", "noun-gender-endings", "adjective-gender-endings":
            let parts = try e.fields(2)
            guard let gender = Gender(rawValue: parts[0]) else { throw e.error("expected masculine, feminine or neuter") }
            let words = parts[1].splitAtASCII(",").map { $0.trimmingSpaces().lowercased() }
            if key == "noun-gender" {
                for word in words { nounGenders[word] = gender }
            } else if key == "adjective-gender-endings" {
                adjectiveGenderEndings += words.map { (ending: $0, gender: gender) }
                adjectiveGenderEndings.sort { $0.ending.count > $1.ending.count }
            } else {
                nounGenderEndings += words.map { (ending: $0, gender: gender) }
                nounGenderEndings.sort { $0.ending.count > $1.ending.count }
            }
        case "nouns-capitalized":
            guard value == "yes" || value == "no" else { throw e.error("expected yes or no") }
            nounsCapitalized = value == "yes"
        case "count-case":
            let parts = try e.fields(2)
            for word in e.list(parts[0]) { countCaseWords[word] = parts[1] }
        case "count-case-skip": countCaseSkipped.formUnion(e.list())
        case "count-case-form":
            let parts = value.splitAtASCII("|", omittingEmpty: false).map { String(LocaleDataFile.trimmed($0)) }
            guard parts.count == 3 || parts.count == 4, !parts.contains(where: \.isEmpty),
                  let gender = Gender(rawValue: parts[1]), parts[2].hasPrefix("%") else {
                throw e.error("expected 'count-case-form = CASE | GENDER | %RULESET [| CATEGORY, CATEGORY...]'")
            }
            var categories: Set<PluralCategory>?
            if parts.count == 4 {
                let names = e.list(parts[3])
                categories = Set(names.compactMap(PluralCategory.init(rawValue:)))
                guard categories!.count == names.count else { throw e.error("'\(parts[3])': expected CLDR plural categories (zero, one, two, few, many, other)") }
            }
            countCaseForms[parts[0], default: [:]][gender] = CaseForm(ruleSet: parts[2], categories: categories, file: e.file.path, line: e.line.number)
        case "count-elision":
            let parts = try e.fields(2)
            guard parts[1].hasSuffix("'") || parts[1].hasSuffix("\u{2019}") else { throw e.error("expected 'WORD | ELIDED' with the elided form ending in an apostrophe") }
            countElisions[parts[0].lowercased()] = parts[1]
        case "count-elision-before": countElisionStarts.formUnion(e.list())
        default: return false
        }
        return true
    }

    /// Ordinals, Roman numerals and regnal numbers.
    private func readOrdinalKey(_ key: String, _ value: String, _ e: TextDataLine) throws -> Bool {
        switch key {
        case "roman-words": romanWords.formUnion(e.list())
        case "roman-ordinal-nouns": romanOrdinalNouns.formUnion(e.list())
        case "roman-ordinal-suffixes": romanOrdinalSuffixes.formUnion(e.list())
        case "regnal", "regnal-feminine":
            let parts = try e.fields(3)
            guard let max = Int(parts[2]) else { throw e.error("expected the highest numeral said as an ordinal") }
            let templates = Regnal(ordinalTemplate: parts[0], cardinalTemplate: parts[1], ordinalMax: max)
            if key == "regnal" { regnal = templates } else { regnalFeminine = templates }
        case "regnal-feminine-names": regnalFeminineNames.formUnion(e.list())
        case "regnal-names": regnalNames.formUnion(e.list())
        case "regnal-case":
            let parts = try e.fields(3)
            regnalCases[parts[0]] = (parts[1], parts[2])
        case "regnal-case-words":
            let parts = try e.fields(2)
            for word in e.list(parts[0]) { regnalCaseWords[word] = parts[1] }
        case "regnal-titles": regnalTitles.formUnion(e.list())
        case "pronoun-i": pronounIExceptBefore = Set(e.list())
        case "ordinal-case":
            let parts = try e.fields(2)
            for word in parts[0].splitAtASCII(",") {
                ordinalCaseWords[word.trimmingSpaces().lowercased()] = parts[1]
            }
        case "ordinal-noun":
            let parts = try e.fields(2)
            for word in e.list(parts[1]) { ordinalNouns[word] = parts[0] }
        case "ordinal-dot": ordinalDotRuleSet = value
        case "ordinal-bare-list": ordinalBareListRuleSet = value
        case "ordinal-final-words": ordinalFinalWords.formUnion(e.list())
        case "ordinal-list-words": ordinalListWords.formUnion(e.list())
        default: return false
        }
        return true
    }

    /// Scale words, multipliers, numbers joined to a word, and decades.
    private func readScaleKey(_ key: String, _ value: String, _ e: TextDataLine) throws -> Bool {
        switch key {
        case "scale":
            // WRITTEN | ONE | OTHER, then a form per other CLDR category the language has (ru "few=миллиона").
            let parts = value.splitAtASCII("|", omittingEmpty: false).map { String(LocaleDataFile.trimmed($0)) }
            guard parts.count >= 3, !parts.contains(where: \.isEmpty) else {
                throw e.error("expected 'scale = WRITTEN, WRITTEN | ONE | OTHER [| CATEGORY=FORM]...'")
            }
            let forms = try e.pluralForms(parts, from: 1)
            for written in parts[0].splitAtASCII(",") {
                var key = written.trimmingSpaces().lowercased()
                if key.hasSuffix(".") { key.removeLast() }
                scales[key] = forms
            }
        case "scale-glued":
            for written in value.splitAtASCII(",") {
                let key = written.trimmingSpaces()
                guard scales[key.lowercased()] != nil else { throw e.error("'\(key)' is not a scale listed before") }
                gluedScales.insert(key)
            }
        case "multiplier":
            var parts = value.splitAtASCII("|").map { $0.trimmingSpaces() }
            guard parts.count >= 3, !parts[0].isEmpty, !parts[1].isEmpty, !parts[2].isEmpty else {
                throw e.error("expected 'multiplier = SIGN, SIGN | ONE | OTHER [| CATEGORY=FORM]... [| GENDER]'")
            }
            var gender: Gender?
            if parts.count > 3, !PluralForms.isCategoryField(parts[parts.count - 1]) {
                guard let g = Gender(rawValue: parts.removeLast()) else { throw e.error("expected masculine, feminine or neuter") }
                gender = g
            }
            for sign in parts[0].splitAtASCII(",") { multiplierSigns.insert(sign.trimmingSpaces()) }
            multiplier = (try e.pluralForms(parts, from: 1), gender)
        case "multiplier-before": multiplierBefore.formUnion(e.list())
        case "number-compound-words": numberCompoundWords.formUnion(e.list())
        case "number-compound-endings": numberCompoundEndings.append(contentsOf: e.list())
        case "number-compound-final":
            let parts = try e.fields(2)
            guard !parts[0].isEmpty else { throw e.error("expected 'number-compound-final = FROM | TO'") }
            numberCompoundFinal = (parts[0], parts[1])
        case "decade":
            let parts = try e.fields(2)
            let rewrite = parts[1].components(separatedBy: ">")
            guard rewrite.count == 2 else { throw e.error("expected 'SUFFIX | FROM>TO'") }
            decadeSuffixes[parts[0]] = (rewrite[0], rewrite[1])
        default: return false
        }
        return true
    }
}

/// One `key = value` line of text.txt as the readers above take it, with the helpers they share.
private struct TextDataLine {
    let value: String
    let line: LocaleDataFile.Line
    let file: LocaleDataFile

    func error(_ message: String) -> SpokenFormError { file.error(at: line, message) }

    /// A comma-separated list (the value, or one field of it), trimmed and lowercased.
    func list(_ text: String? = nil) -> [String] {
        // LocaleDataFile.trimmed trims what `.whitespaces` does, without Foundation's NSString bridge (start-up).
        (text ?? value).splitAtASCII(",").map { LocaleDataFile.trimmed($0).lowercased() }.filter { !$0.isEmpty }
    }

    /// The forms of `parts[index]` (ONE), `parts[index + 1]` (OTHER) and every
    /// `category=form` field after them, which must end the line.
    func pluralForms(_ parts: [String], from index: Int) throws -> PluralForms {
        do {
            return try PluralForms.parse(one: parts[index], other: parts[index + 1], more: Array(parts[(index + 2)...]))
        } catch {
            throw file.error(at: line, error.message)
        }
    }

    /// The value's `count` fields separated by "|", none empty.
    func fields(_ count: Int) throws -> [String] {
        let parts = value.splitAtASCII("|", omittingEmpty: false).map { String(LocaleDataFile.trimmed($0)) }
        guard parts.count == count, !parts.contains(where: \.isEmpty) else {
            throw file.error(at: line, "expected \(count) fields separated by '|'")
        }
        return parts
    }
}
