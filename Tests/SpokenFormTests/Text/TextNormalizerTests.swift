import Foundation
import Testing
@testable import SpokenForm

@Suite struct TextNormalizerTests {
    /// The issue's "done when" sentences.
    @Test func doneWhenSentences() throws {
        #expect(try SpokenForm(locale: "fr-FR").text("RDV le 01/04/2015 à 5h30 au 06.11.22.33.06").text
            == "rendez-vous le premier avril deux mille quinze à cinq heures trente au zéro six, onze, vingt-deux, trente-trois, zéro six")
        let english = try SpokenForm(locale: "en-US").text("Call (201) 555-0123 before 5:30 PM on April 1, 2015: $2.5 million at stake").text
        #expect(english == "Call two zero one, five five five, zero one two three before five thirty PM on April first, twenty fifteen: two point five million dollars at stake")
        #expect(try SpokenForm(locale: "de-DE").text("Termin am 1. April 2015 um 17.30 Uhr").text
            == "Termin am ersten April zweitausendfünfzehn um siebzehn Uhr dreißig")
        #expect(try SpokenForm(locale: "fr-FR").text("%1$@ a réservé %2$lld places le 01/04").text
            == "%1$@ a réservé %2$lld places le premier avril")
    }

    /// A run with a date's shape is left to the date detector without asking libphonenumber;
    /// a phone number with a slash is still one, and an impossible date stays written.
    @Test func dateShapedRunsAreDatesAndSlashedPhonesArePhones() throws {
        let de = try SpokenForm(locale: "de-DE")
        #expect(try de.text("am 1.4.2015").text == "am ersten April zweitausendfünfzehn")
        #expect(try de.text("Tel. 089/1234567").text == "Telefon null acht neun, eins, dreiundzwanzig, fünfundvierzig, siebenundsechzig")
        let fr = try SpokenForm(locale: "fr-FR")
        #expect(try fr.text("le 31/02/2015").text == "le 31/02/2015")
        #expect(try fr.text("le 01-04-2015").text == "le premier avril deux mille quinze")
        #expect(try fr.text("au 06.11.22.33.06").text == "au zéro six, onze, vingt-deux, trente-trois, zéro six")
    }

    /// A half agrees with a noun, and is joined to it in French; never to an identifier ("A4").
    @Test func aHalfBeforeANounAgreesWithIt() throws {
        let fr = try SpokenForm(locale: "fr-FR")
        #expect(try fr.text("Préparation : ½ heure").text == "Préparation : une demi-heure")
        #expect(try fr.text("½ A4 ").text == "un demi A4 ")
        #expect(try SpokenForm(locale: "de-DE").text("1/2 Tasse Mehl").text == "eine halbe Tasse Mehl")
    }

    /// A no-break space between a number and its word (French typography, and the apps' own
    /// strings) is read as a space: the count agrees with its noun, the hour word is found,
    /// the ordinal's noun is seen. The no-break space itself is kept in the output.
    @Test func noBreakSpacesAreSpacesBetweenWords() throws {
        let fr = try SpokenForm(locale: "fr-FR")
        #expect(try fr.text("Quitter l'application, inactivité pendant 1\u{00A0}heure").text
            == "Quitter l'application, inactivité pendant une\u{00A0}heure")
        #expect(try fr.text("à 17\u{202F}h\u{202F}30").text == "à dix-sept heures trente")
        #expect(try fr.text("le XXIe\u{00A0}siècle").text == "le vingt et unième\u{00A0}siècle")
        #expect(try fr.text("2\u{00A0}1/2\u{00A0}heures").text == "deux heures et demie")
        let de = try SpokenForm(locale: "de-DE")
        #expect(try de.text("Beim Verlassen der App, 1\u{00A0}Stunde lang inaktiv").text
            == "Beim Verlassen der App, eine\u{00A0}Stunde lang inaktiv")
        #expect(try de.text("mit 1\u{00A0}Klick").text == "mit einem\u{00A0}Klick")
        #expect(try de.text("am 1.\u{00A0}April").text == "am ersten April")
        #expect(try SpokenForm(locale: "es-ES").text("1\u{00A0}hora").text == "una\u{00A0}hora")
    }

    /// Defects found by the held-out work (issue 11 item 5) and left over from issue 12.
    @Test func knownDefectsOfIssue11And12() throws {
        let en = try SpokenForm(locale: "en-US")
        // A dotted standard name is not "X.five hundred nine".
        #expect(try en.text("X.509").text == "X.509")
        // An ISO date-time is one date with its time and zone, never a phone number.
        #expect(try en.text("2015-04-01T17:30:00Z").text == "April first, twenty fifteen at five thirty PM UTC")
        #expect(try SpokenForm(locale: "de-DE").text("2015-04-01T17:30:00Z").text
            == "erster April zweitausendfünfzehn um siebzehn Uhr dreißig UTC")
        // Issue 12 leftovers: cents written without units, a range of two written amounts.
        #expect(try en.text("$.05").text == "five cents")
        #expect(try en.text("$20.00-$40.00").text == "twenty to forty dollars")
        #expect(try SpokenForm(locale: "es-ES").text("2 000.º").text == "dosmilésimo")
        // The count agrees with its noun.
        #expect(try SpokenForm(locale: "de-DE").text("maximal 1 Nachricht").text == "maximal eine Nachricht")
        #expect(try SpokenForm(locale: "fr-FR").text("1 heure").text == "une heure")
        // Bare digits are a quantity, not a phone number with an unwritten trunk zero.
        #expect(try SpokenForm(locale: "fr-FR").text("300000000").text == "trois cents millions")
        #expect(try SpokenForm(locale: "fr-FR").text("tél. 0612345678").text == "téléphone zéro six, douze, trente-quatre, cinquante-six, soixante-dix-huit")
        // A German number that is the whole text, with its period, is an ordinal.
        #expect(try SpokenForm(locale: "de-DE").text("21.").text == "einundzwanzigste")
    }

    @Test func rewritesCarryClassAndRanges() throws {
        let result = try SpokenForm(locale: "fr-FR").text("RDV le 01/04/2015 à 5h30 😀 au 06.11.22.33.06")
        #expect(result.rewrites.map(\.kind) == [.abbreviation, .date, .time, .phone])
        let time = result.rewrites[2]
        #expect(time.original == "5h30")
        #expect(time.inputScalars == 20..<24)
        // The emoji after the time is one scalar but two UTF-16 units.
        let phone = result.rewrites[3]
        #expect(phone.inputScalars.lowerBound + 1 == phone.inputUTF16.lowerBound)
        TextGolden.checkRanges("RDV le 01/04/2015 à 5h30 😀 au 06.11.22.33.06", result, "ranges")
    }

    @Test func onlyAndSkipChooseClasses() throws {
        let fr = try SpokenForm(locale: "fr-FR")
        let input = "RDV le 01/04/2015 à 5h30"
        #expect(try fr.text(input, only: [.time]).text == "RDV le 01/04/2015 à cinq heures trente")
        #expect(try fr.text(input, skip: [.abbreviation, .date]).text == "RDV le 01/04/2015 à cinq heures trente")
    }

    /// Overlaps: the set covering the most scalars wins; ties go to the higher priority.
    @Test func overlapResolution() {
        let candidates = [
            TextCandidate(start: 0, end: 2, kind: .cardinal, spoken: "a"),
            TextCandidate(start: 0, end: 10, kind: .date, spoken: "b", priority: 2),
            TextCandidate(start: 3, end: 5, kind: .cardinal, spoken: "c"),
            TextCandidate(start: 12, end: 14, kind: .cardinal, spoken: "d"),
            TextCandidate(start: 12, end: 14, kind: .phone, spoken: "e", priority: 3),
        ]
        let chosen = TextNormalizer.resolve(candidates)
        #expect(chosen.map(\.spoken) == ["b", "e"])
        // Two short candidates covering more than one long one win.
        let split = TextNormalizer.resolve([
            TextCandidate(start: 0, end: 4, kind: .cardinal, spoken: "x"),
            TextCandidate(start: 3, end: 8, kind: .cardinal, spoken: "y"),
            TextCandidate(start: 8, end: 12, kind: .cardinal, spoken: "z"),
        ])
        #expect(split.map(\.spoken) == ["y", "z"])
    }

    /// Format specifiers of FORMATS.md's grammar are protected; "25 %" after a number is a percent sign.
    @Test func formatSpecifierGrammar() {
        for specifier in ["%@", "%d", "%1$@", "%2$lld", "%-5.2f", "%#@count@", "%1$#@items@", "%arg", "%%", "%'d", "%zu", "%hhd", "%.3s"] {
            var text = ScannedText("a " + specifier + " b")
            text.markProtectedRegions()
            let protected = (0..<text.count).filter { text.protected[$0] }
            #expect(protected == Array(2..<(2 + specifier.unicodeScalars.count)), "\(specifier)")
        }
        for sentence in ["25 % de remise", "100% sûr", "25 %", "save 20% now"] {
            var text = ScannedText(sentence)
            text.markProtectedRegions()
            #expect(!(0..<text.count).contains { text.protected[$0] }, "\(sentence)")
        }
    }

    @Test func ssmlWritesEachRewriteAsSub() throws {
        let result = try SpokenForm(locale: "fr-FR").text("Le 01/04 à 5h30 & plus")
        #expect(result.ssml
            == "<speak xml:lang=\"fr-FR\">Le <sub alias=\"premier avril\">01/04</sub> à <sub alias=\"cinq heures trente\">5h30</sub> &amp; plus</speak>")
    }

    /// A language span that overlaps a rewrite is left out of the SSML; the others stay.
    @Test func ssmlKeepsSpansOutsideRewrites() throws {
        var result = try SpokenForm(locale: "fr-FR").text("Le 01/04 sur Bluetooth")
        let spoken = result.text  // "Le premier avril sur Bluetooth"
        let bluetooth = spoken.unicodeScalars.count - 9
        result.spans = [LanguageSpan(language: "en", start: 3, end: 10, start16: 3, end16: 10),  // "premier"
                        LanguageSpan(language: "en", start: bluetooth, end: bluetooth + 9, start16: bluetooth, end16: bluetooth + 9)]
        #expect(result.ssml == #"<speak xml:lang="fr-FR">Le <sub alias="premier avril">01/04</sub> sur <lang xml:lang="en">Bluetooth</lang></speak>"#)
        #expect(result.html == #"Le <span lang="en">premier</span> avril sur <span lang="en">Bluetooth</span>"#)
    }

    /// The kinds' names are JSON and CLI vocabulary: `expand`'s four keep theirs, `text`'s are the classes.
    @Test func kindNamesAreStable() throws {
        #expect(Spoken.Rewrite.Kind.allCases.map(\.rawValue) == [
            "abbreviation", "unit", "money", "ordinal", "cardinal", "fraction", "percent", "date", "time",
            "duration", "year", "range", "phone", "roman", "version", "serial", "email", "url"])
        let json = String(decoding: try JSONEncoder().encode(try SpokenForm(locale: "fr-FR").text("à 5h30")), as: UTF8.self)
        #expect(json.contains(#""kind":"time""#))
    }

    /// Addresses stay as written unless asked; asked, they are spelled with the locale's words.
    @Test func addressesAreSpelledOnlyWhenAsked() throws {
        let fr = try SpokenForm(locale: "fr-FR")
        #expect(try fr.text("Écrivez-nous à support@exemple.fr").text == "Écrivez-nous à support@exemple.fr")
        let spelled = try fr.text("Écrivez-nous à support@exemple.fr.", addresses: true)
        #expect(spelled.text == "Écrivez-nous à support arobase exemple point f r.")
        #expect(spelled.rewrites.map(\.kind) == [.email])
        #expect(try SpokenForm(locale: "en-US").text("Visit https://www.example.com/help today", addresses: true).text
            == "Visit w w w dot example dot com slash help today")
        #expect(try SpokenForm(locale: "de-DE").text("Mail an info@firma-x.de", addresses: true).text
            == "Mail an info at firma Bindestrich x Punkt d e")
        #expect(try SpokenForm(locale: "es-ES").text("Escríbenos a ayuda@ejemplo.es", addresses: true).text
            == "Escríbenos a ayuda arroba ejemplo punto e s")
        // A number next to an address is still read; the address's own digits are said one by one.
        #expect(try fr.text("Le 01/04, écrivez à jean2@exemple.fr", addresses: true).text
            == "Le premier avril, écrivez à jean deux arobase exemple point f r")
        // A query string has symbols without a word: the address stays as written.
        #expect(try fr.text("Voir https://exemple.fr/aide?id=42", addresses: true).text == "Voir https://exemple.fr/aide?id=42")
    }

    @Test func everyLocaleHasTextData() throws {
        for tag in ["fr-FR", "fr-CA", "en-US", "en-GB", "de-DE", "es-ES", "es-MX", "it-IT", "pt-BR", "pt-PT", "nl-NL"] {
            _ = try SpokenForm(locale: tag).texts
        }
        #expect(throws: SpokenFormError.self) { _ = try SpokenForm(locale: "ru").texts }
    }

    @Test func britishDatesAreDayFirst() throws {
        #expect(try SpokenForm(locale: "en-GB").text("Due on 01/04/2015").text.contains("April"))
        #expect(try SpokenForm(locale: "en-US").text("Due on 01/04/2015").text.contains("January"))
    }

    @Test func aCountCaseNeedsItsForms() throws {
        let misspelt = LocaleDataFile(path: "Locales/xx/text.txt", contents: "count-case = mit | dativ\ncount-case-form = dative | masculine | %spellout-cardinal-m | one\n")
        #expect(throws: SpokenFormError.malformedLocaleData(file: "Locales/xx/text.txt", line: 0,
                                                            message: "count-case names 'dativ', which has no 'count-case-form = dativ | …' forms")) {
            _ = try TextLocaleData(files: [misspelt])
        }
        let whole = LocaleDataFile(path: "Locales/xx/text.txt", contents: "count-case = mit, seit | dative\ncount-case-form = dative | feminine | %spellout-cardinal-r | one\n")
        let data = try TextLocaleData(files: [whole])
        #expect(data.countCaseWords["seit"] == "dative")
        #expect(data.countCaseForms["dative"]?[.feminine]?.ruleSet == "%spellout-cardinal-r")
        #expect(data.countCaseForms["dative"]?[.feminine]?.categories == [.one])
        for bad in ["count-case-form = dative | feminin | %spellout-cardinal-r", "count-case-form = dative | feminine | spellout-cardinal-r",
                    "count-case-form = dative | feminine | %spellout-cardinal-r | ones"] {
            #expect(throws: SpokenFormError.self) { _ = try TextLocaleData(files: [LocaleDataFile(path: "Locales/xx/text.txt", contents: bad + "\n")]) }
        }
    }

    @Test func malformedTextDataNamesFileAndLine() {
        let file = LocaleDataFile(path: "Locales/xx/text.txt", contents: "# header\ndate-order = dym\n")
        #expect(throws: SpokenFormError.self) { _ = try TextLocaleData(files: [file]) }
        let unknown = LocaleDataFile(path: "Locales/xx/text.txt", contents: "colour = blue\n")
        do {
            _ = try TextLocaleData(files: [unknown])
            Issue.record("an unknown key must fail")
        } catch let error as SpokenFormError {
            #expect(error.description.contains("text.txt"))
            #expect(error.description.contains("1"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }
}
