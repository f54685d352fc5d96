import Foundation
import Testing
@testable import SpokenForm

@Suite struct AbbreviationExpanderTests {
    @Test func doneWhenExamples() throws {
        let fr = try SpokenForm(locale: "fr-FR")
        #expect(try fr.expand("Dr Martin, 3 av. Foch").text == "docteur Martin, trois avenue Foch")
        #expect(try fr.expand("5 min").text == "cinq minutes")
        #expect(try fr.expand("1 km").text == "un kilomètre")
        #expect(try fr.expand("12,50 €").text == "douze euros cinquante")
        let en = try SpokenForm(locale: "en-US")
        #expect(try en.expand("Total: %1$lld km").text == "Total: %1$lld km")
        #expect(try en.expand("$5.50").text == "five dollars and fifty cents")
    }

    /// Found by FuzzExpand in CI: a currency before a separator ("$.0.5") read everything up to
    /// the number's end as cents, and speaking those "digits" trapped.
    @Test func centsWithoutUnitsAreDigitsOnly() throws {
        let en = try SpokenForm(locale: "en-US")
        #expect(try en.expand("Pay $.99 now").text == "Pay ninety-nine cents now")
        for written in ["$.0.5", "$.05,000", "€.5.5"] {
            #expect(try en.expand(written).text == written)
        }
        // A fraction that is not ASCII digits is a typed error from the speller, not a trap.
        #expect(throws: SpokenFormError.self) {
            try en.numbers.cardinal(DecimalText(isNegative: false, integer: "1", fraction: "0.5"))
        }
        #expect(throws: SpokenFormError.self) {
            try en.numbers.cardinal(DecimalText(isNegative: false, integer: "12a"))
        }
        #expect(try en.numbers.cardinal(DecimalText(isNegative: false, integer: "1", fraction: "05")) == "one point zero five")
    }

    @Test func rangesInScalarsAndUTF16() throws {
        let fr = try SpokenForm(locale: "fr-FR")
        // U+1F600 is one scalar and two UTF-16 units: the offsets must differ after it.
        let input = "😀 Dr Martin, 5 min"
        let result = try fr.expand(input)
        #expect(result.text == "😀 docteur Martin, cinq minutes")
        #expect(result.rewrites.count == 2)
        let doctor = try #require(result.rewrites.first)
        #expect(doctor.kind == .abbreviation)
        #expect(doctor.original == "Dr")
        #expect(doctor.inputScalars == 2..<4)
        #expect(doctor.inputUTF16 == 3..<5)
        #expect(doctor.outputScalars == 2..<9)
        #expect(doctor.outputUTF16 == 3..<10)
        let minutes = result.rewrites[1]
        #expect(minutes.kind == .unit)
        #expect(minutes.original == "5 min")
        let utf16 = Array(input.utf16)
        #expect(String(decoding: utf16[minutes.inputUTF16], as: UTF16.self) == "5 min")
        let outUTF16 = Array(result.text.utf16)
        #expect(String(decoding: outUTF16[minutes.outputUTF16], as: UTF16.self) == "cinq minutes")
    }

    @Test func untouchedTextIsByteIdentical() throws {
        let fr = try SpokenForm(locale: "fr-FR")
        let input = "Rien\u{00A0}à\u{202F}faire\r\n\tici :) é\u{0301}"
        let result = try fr.expand(input)
        #expect(result.text == input)
        #expect(Array(result.text.utf8) == Array(input.utf8))
        #expect(result.rewrites.isEmpty)
        // Around an expansion, the rest is copied scalar for scalar (NBSP, CRLF, combining accent).
        let mixed = "e\u{0301}\u{00A0}Mme\u{00A0}Durand\r\n"
        #expect(try fr.expand(mixed).text == "e\u{0301}\u{00A0}madame\u{00A0}Durand\r\n")
    }

    @Test func ambiguousStreetOrSaintIsLeftAlone() throws {
        let en = try SpokenForm(locale: "en-US")
        #expect(try en.expand("St. Mary's Hospital").text == "Saint Mary's Hospital")
        #expect(try en.expand("We met on Main St. today").text == "We met on Main Street today")
        // Both a name before and a name after: Saint or Street cannot be told, so nothing is guessed.
        #expect(try en.expand("Visit Main St. Louis").text == "Visit Main St. Louis")
    }

    @Test func unitsAgreeInGenderFromICU() throws {
        #expect(try SpokenForm(locale: "fr").expand("1 h et 21 min").text == "une heure et vingt et une minutes")
        #expect(try SpokenForm(locale: "de").expand("1 min").text == "eine Minute")
        #expect(try SpokenForm(locale: "es").expand("1 h").text == "una hora")
        #expect(try SpokenForm(locale: "es").expand("1 min").text == "un minuto")
    }

    @Test func compoundUnitsNotListedUseICUPer() throws {
        let fr = try SpokenForm(locale: "fr")
        #expect(try fr.expand("5 mg/l").text == "cinq milligrammes par litre")
        let en = try SpokenForm(locale: "en")
        #expect(try en.expand("3 kg/m³").text == "three kilograms per cubic meter")
    }

    @Test func regionalCurrencySymbols() throws {
        #expect(try SpokenForm(locale: "en-GB").expand("£5").text == "five pounds")
        #expect(try SpokenForm(locale: "en-CA").expand("$5").text == "five dollars")
        #expect(try SpokenForm(locale: "es-MX").expand("$5").text == "cinco pesos")
        #expect(try SpokenForm(locale: "fr-CA").expand("5 $").text == "cinq dollars")
    }

    @Test func localeWithoutAbbreviationDataIsUnsupported() throws {
        let ru = try SpokenForm(locale: "ru")
        #expect(throws: SpokenFormError.unsupportedLocale("ru", capability: "abbreviations")) {
            _ = try ru.abbreviations
        }
    }

    @Test func userDictionaryAddsAndReplacesEntries() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sf-abbr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("fr"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try """
        # User dictionary: ABBREVIATION | EXPANSION [| CONDITIONS]
        bdd | base de données
        av. | avenida | street
        """.write(to: directory.appendingPathComponent("fr/abbreviations.txt"), atomically: true, encoding: .utf8)
        let fr = try SpokenForm(locale: "fr", options: .init(dataDirectories: [directory]))
        #expect(try fr.expand("La bdd du 3 av. Foch").text == "La base de données du trois avenida Foch")
    }

    @Test func nothingTrapsOnOddInput() throws {
        let inputs = ["", " ", ".", "-", "--5", "5-", "€", "$", "%", "1e", "1 ", " 1", "1,", ",5 €", "- 5 €", "5\u{0301} km",
                      "9999999999999999999999999 km", "Dr", "M.", "n°", "p.", "1 234 567 891 234,5 €", "1.2.3 km", "%", "{", "}",
                      "\u{FEFF}Dr Martin", "12,5 €", "12,555 €", "0 €", "-0 €", "1ᵉʳ", "999999999999er", "10–12 km", "10 - 12 km"]
        for locale in AbbreviationGolden.locales {
            let expander = try SpokenForm(locale: locale).abbreviations
            for input in inputs { _ = try expander.expand(input) }
        }
        let fr = try SpokenForm(locale: "fr")
        #expect(try fr.expand("12,5 €").text == "douze euros cinquante")
        #expect(try fr.expand("0 €").text == "zéro euro")
        #expect(try fr.expand("10 - 12 km").text == "dix à douze kilomètres")
        #expect(try fr.expand("10–12 km").text == "dix à douze kilomètres")
    }
}

/// Random texts built from pieces that stress the scanner: whatever comes out, the text
/// outside the expansions is the input's, and the ranges rebuild the output exactly.
@Suite struct AbbreviationInvariantTests {

    static let pieces = ["Dr", "Dr.", "M.", "Mme", "av.", "St.", "etc.", "p. ex.", "z. B.", "5", "12,50", "1 234", "-3", "10-12",
                         "km", "min", "€", "$", "%", "°C", "1er", "2ᵉ", "21st", "1.º", "Main", "Dupont", "Puis", "minuit", "😀",
                         "é", "e\u{0301}", "\u{00A0}", "\u{202F}", " ", " ", " ", "\n", ".", ",", ":", "-", "/", "'", "%@", "{name}",
                         "https://x.fr/etc", "a@b.fr", "#etc", "%1$lld", "CHF", "USD", "¥", "n°", "C/", "s/n", "Mo.", "usw."]

    /// Random scalars (letters, digits, marks, symbols, spaces, emoji, RTL) never trap and
    /// never change a text in which nothing was expanded.
    @Test func randomScalarsNeverTrap() throws {
        let alphabet = Array("aZé9 0.,-–/%$€°'’#@{}:;!?\u{00A0}\u{202F}\u{0301}\u{05D0}😀ᵉʳº\n\tMmDrkh".unicodeScalars)
        var rng = SplitMix64(state: 7)
        for locale in AbbreviationGolden.locales + AbbreviationGolden.moreLocales {
            let expander = try SpokenForm(locale: locale).abbreviations
            for _ in 0..<800 {
                var view = String.UnicodeScalarView()
                for _ in 0..<Int.random(in: 0...24, using: &rng) { view.append(alphabet.randomElement(using: &rng)!) }
                let input = String(view)
                let result = try expander.expand(input)
                if result.rewrites.isEmpty { #expect(result.text == input) }
            }
        }
    }

    @Test(arguments: AbbreviationGolden.locales)
    func outputIsInputWithExpansionsReplaced(locale: String) throws {
        let expander = try SpokenForm(locale: locale).abbreviations
        var rng = SplitMix64(state: 42)
        for _ in 0..<1_500 {
            let count = Int.random(in: 1...12, using: &rng)
            let input = (0..<count).map { _ in Self.pieces.randomElement(using: &rng)! }.joined()
            let result = try expander.expand(input)
            let scalars = Array(input.unicodeScalars)
            var rebuilt = String.UnicodeScalarView()
            var position = 0
            var outputPosition = 0
            for expansion in result.rewrites {
                #expect(expansion.inputScalars.lowerBound >= position, "\(input)")
                guard expansion.inputScalars.lowerBound >= position else { break }
                rebuilt.append(contentsOf: scalars[position..<expansion.inputScalars.lowerBound])
                outputPosition += expansion.inputScalars.lowerBound - position
                #expect(expansion.outputScalars.lowerBound == outputPosition, "\(input)")
                rebuilt.append(contentsOf: expansion.spoken.unicodeScalars)
                outputPosition += expansion.spoken.unicodeScalars.count
                position = expansion.inputScalars.upperBound
            }
            rebuilt.append(contentsOf: scalars[position...])
            #expect(String(rebuilt) == result.text, "\(input)")
            #expect(result.text.utf16.count == input.utf16.count + result.rewrites.reduce(0) {
                $0 + $1.outputUTF16.count - $1.inputUTF16.count
            }, "\(input)")
        }
    }
}
