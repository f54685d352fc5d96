import Foundation
import SpokenForm

/// Running text for `SpokenForm.text`: a document mixing every class (dates, times,
/// phones, amounts, units, ordinals, plain prose), and prose with nothing to rewrite.
private let documentSentences: [String: [String]] = [
    "fr-FR": [
        "RDV le 01/04/2015 à 5h30 au 06.11.22.33.06.", "Votre commande n° 2024-360785 a été expédiée le 3 mars.",
        "Ouvert du lundi au vendredi de 9h-18h, fermé le 25/12.", "Il fait +5 °C à Paris et 12,50 € le menu.",
        "Le XXIe siècle a commencé en 2001 ; Louis XIV est né en 1638.", "Mise à jour iOS 17.2 disponible depuis le 1er avril 2024.",
        "Nous vous remercions de votre confiance et restons à votre disposition pour toute question.",
        "La livraison est offerte à partir de 25 € d'achat, dans la limite des stocks disponibles.",
    ],
    "en-US": [
        "Call (201) 555-0123 before 5:30 PM on April 1, 2015.", "Your order #12345 shipped on March 3 and costs $12.99.",
        "Open 9am–5pm, closed on December 25.", "It's 72°F outside and the 1980s are back.",
        "Henry VIII had six wives; World War II ended in 1945.", "Update to iOS 17.2, released on 12/11/2023 at 6:30 PM.",
        "Thank you for your order, we will let you know as soon as it leaves our warehouse.",
        "Free shipping applies to every order over the minimum, while supplies last.",
    ],
    "de-DE": [
        "Termin am 1. April 2015 um 17.30 Uhr.", "Ihre Bestellnummer 2024-360785 wurde am 3. März versandt.",
        "Geöffnet 9–17 Uhr, am 25.12. geschlossen.", "Es sind +5 °C in Berlin, das Menü kostet 12,50 €.",
        "Ludwig XIV. war König; das 21. Jahrhundert begann 2001.", "Jetzt auf iOS 17.2 aktualisieren, verfügbar seit 12.11.2023.",
        "Vielen Dank für Ihr Vertrauen, wir stehen Ihnen für alle Fragen gerne zur Verfügung.",
        "Der Versand ist ab einem bestimmten Einkaufswert kostenlos, solange der Vorrat reicht.",
    ],
    "es-ES": [
        "Cita el 1 de abril de 2015 a las 5:30 p. m.", "Su pedido n.º 2024-360785 se envió el 3 de marzo.",
        "Abierto de 9:00 a 14:00 h, cerrado el 25/12.", "Hace +5 °C en Madrid y el menú cuesta 12,50 €.",
        "Felipe VI es rey; el siglo XXI empezó en 2001.", "Actualiza a iOS 17.2, disponible desde el 12/11/2023.",
        "Gracias por su confianza, quedamos a su disposición para cualquier consulta.",
        "El envío es gratuito a partir de un importe mínimo de compra, hasta agotar existencias.",
    ],
]

private let prose = """
    The quick brown fox jumps over the lazy dog while the children watch from the garden, \
    and everyone agrees that the afternoon is pleasant, quiet and warm. Nothing here needs \
    to be read in any other way than it is written, so the text passes through untouched. 
    """

func runTextBenchmarks() throws {
    var rows: [[String]] = []
    for locale in uiText.keys.sorted() {
        let spoken = try SpokenForm(locale: locale)
        let normalizer = try spoken.texts
        let expander = try spoken.abbreviations
        let lines = uiText[locale]!
        let characters = lines.reduce(0) { $0 + $1.count }
        let iterations = 1_000
        let ours = try microseconds(iterations: iterations) { _ in
            for line in lines { blackHole(try normalizer.normalize(line).text) }
        }
        // Reference, same run: the abbreviation expander alone over the same lines.
        let expand = try microseconds(iterations: iterations) { _ in
            for line in lines { blackHole(try expander.expand(line).text) }
        }
        let regex = try NSRegularExpression(pattern: #"[\p{L}\p{N}]+\.?"#)
        let regexTime = microseconds(iterations: iterations / 4) { _ in
            for line in lines { blackHole(regex.numberOfMatches(in: line, range: NSRange(line.startIndex..., in: line))) }
        }
        rows.append([locale, "\(characters)", format(ours, digits: 1), format(Double(characters) / ours, digits: 2),
                     format(expand, digits: 1), format(ours / expand, digits: 2), format(ours / regexTime, digits: 2)])
    }
    print("Mixed UI text (the abbreviation benchmark's lines), one core, µs per pass (best of 5):")
    printTable(["locale", "chars", "text us", "M chars/s", "expand us", "text/expand", "text/regex scan"], rows, figures: "text.ui_text")

    var documentRows: [[String]] = []
    var plainRows: [[String]] = []
    var labelRows: [[String]] = []
    for locale in documentSentences.keys.sorted() {
        let spoken = try SpokenForm(locale: locale)
        let normalizer = try spoken.texts
        let expander = try spoken.abbreviations
        let inputs = textBenchmarkInputs(locale)
        let document = inputs["document"]![0], plain = inputs["plain"]![0], label = inputs["label"]![0]

        // A 10 k-character document mixing every class; reference: the expander alone on it.
        let characters = document.count
        let time = try microseconds(iterations: 40) { _ in blackHole(try normalizer.normalize(document).text) }
        let documentExpand = try microseconds(iterations: 40) { _ in blackHole(try expander.expand(document).text) }
        documentRows.append([locale, "\(characters)", format(time, digits: 0), format(Double(characters) / time, digits: 2),
                             format(documentExpand, digits: 0), format(time / documentExpand, digits: 2)])

        // 10 k characters with nothing to rewrite; references: copying its UTF-8 into a new String
        // (the floor of any pass) and one pass over its scalars that classifies each (a plain String scan).
        let plainTime = try microseconds(iterations: 200) { _ in blackHole(try normalizer.normalize(plain).text) }
        let copyTime = microseconds(iterations: 200) { _ in blackHole(String(decoding: Array(plain.utf8), as: UTF8.self)) }
        let scanTime = microseconds(iterations: 200) { _ in
            var letters = 0
            for scalar in plain.unicodeScalars where scalar.properties.isAlphabetic { letters += 1 }
            blackHole(letters)
        }
        plainRows.append([locale, "\(plain.count)", format(plainTime, digits: 1), format(Double(plain.count) / plainTime, digits: 1),
                          format(plainTime / copyTime, digits: 1), format(plainTime / scanTime, digits: 2)])

        // A label (the document's first sentence, 60 characters at most); reference: the expander alone.
        let labelTime = try microseconds(iterations: 5_000) { _ in blackHole(try normalizer.normalize(label).text) }
        let labelExpand = try microseconds(iterations: 5_000) { _ in blackHole(try expander.expand(label).text) }
        labelRows.append([locale, "\(label.count)", format(labelTime, digits: 1), format(Double(label.count) / labelTime, digits: 2),
                          format(labelExpand, digits: 1), format(labelTime / labelExpand, digits: 2)])
    }
    print("10 k-character documents mixing every class, one core (best of 5):")
    printTable(["locale", "chars", "text us", "M chars/s", "expand us", "text/expand"], documentRows, figures: "text.documents")
    print("10 k characters with nothing to rewrite, one core (best of 5):")
    printTable(["locale", "chars", "text us", "M chars/s", "vs UTF-8 copy", "vs scalar scan"], plainRows, figures: "text.plain")
    print("A label (60 characters at most), one core (best of 5):")
    printTable(["locale", "chars", "text us", "M chars/s", "expand us", "text/expand"], labelRows, figures: "text.label")
}

/// The inputs of the text figures, by name: `label` (the document's first sentence, 60
/// characters at most), `ui` (the abbreviation benchmark's lines, one pass over all), `document`
/// (about 10 k characters of the sentences) and `plain` (10 k characters of prose with nothing to rewrite).
func textBenchmarkInputs(_ locale: String) -> [String: [String]] {
    let sentences = documentSentences[locale] ?? documentSentences["en-US"]!
    var document = ""
    var index = 0
    while document.count < 10_000 {
        document += sentences[index % sentences.count] + " "
        index += 1
    }
    return ["label": [String(sentences[0].prefix(60))], "ui": uiText[locale] ?? uiText["en-US"]!, "document": [document],
            "plain": [String(repeating: prose, count: 10_000 / prose.count + 1)]]
}

/// `instructions text.<locale>.<label|ui|document|plain|label_expand|ui_expand> COUNT`: one
/// input run COUNT times through `SpokenForm.text` (or, with `_expand`, the expander: the reference).
func runTextInstructionPath(tag: String, input: String, count: Int) throws {
    let spoken = try SpokenForm(locale: tag)
    let normalizer = try spoken.texts
    let expander = try spoken.abbreviations
    let useExpander = input.hasSuffix("_expand")
    let name = useExpander ? String(input.dropLast("_expand".count)) : input
    guard let lines = textBenchmarkInputs(tag)[name] else {
        throw NSError(domain: "SpokenFormBenchmarks", code: 64, userInfo: [NSLocalizedDescriptionKey: "unknown text input \(input)"])
    }
    func pass() throws {
        for line in lines {
            if useExpander { blackHole(try expander.expand(line).text) } else { blackHole(try normalizer.normalize(line).text) }
        }
    }
    // Warm-up: every speller cache the inputs touch is filled before counting.
    for _ in 0..<3 { try pass() }
    for _ in 0..<count { try pass() }
}
