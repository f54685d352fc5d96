import Foundation
import SpokenForm

/// Mixed UI text per locale: labels, buttons, settings, prices, addresses, sizes; about a
/// third of the lines hold something to expand, the rest pass through untouched.
let uiText: [String: [String]] = [
    "fr-FR": [
        "Réglages", "Notifications", "Dr Martin, 3 av. Foch", "Batterie : 85 %", "Télécharger (2,5 Go)",
        "Ouvert lun. et sam.", "Prix : 12,50 € TTC", "Mme Durand vous a écrit", "Arrivée dans 5 min",
        "Afficher plus", "Se déconnecter", "Vous avez %d nouveaux messages", "Bonjour {name} !",
        "Livraison gratuite dès 25 €", "Distance : 10-12 km", "Voir https://exemple.fr/aide", "1er étage, bât. B",
        "Température 21 °C", "Paramètres du compte", "Appuyez deux fois pour ouvrir", "Rendez-vous à minuit",
    ],
    "en-US": [
        "Settings", "Notifications", "Dr. Smith, 221 Baker St.", "Battery: 85%", "Download (2.5 GB)",
        "Open Mon. to Fri.", "Price: $12.50", "Mrs. Jones sent you a message", "Arriving in 5 min",
        "Show more", "Sign out", "You have %d new messages", "Hello {name}!",
        "Free shipping over $25", "Distance: 10-12 km", "See https://example.com/help", "1st floor, Apt. 4",
        "Temperature 72 °F", "Account settings", "Double-tap to open", "Meet me at midnight",
    ],
    "de-DE": [
        "Einstellungen", "Mitteilungen", "Hr. Müller, Goethe Str. 5", "Akku: 85 %", "Herunterladen (2,5 GB)",
        "Geöffnet Mo. bis Sa.", "Preis: 12,50 € inkl. MwSt.", "Fr. Schmidt hat geschrieben", "Ankunft in 5 Min.",
        "Mehr anzeigen", "Abmelden", "Du hast %d neue Nachrichten", "Hallo {name}!",
        "Gratis Versand ab 25 €", "Entfernung: 10-12 km", "Siehe https://beispiel.de/hilfe", "z. B. 3 Stk.",
        "Temperatur 21 °C", "Kontoeinstellungen", "Zum Öffnen doppeltippen", "Treffen um Mitternacht",
    ],
    "es-ES": [
        "Ajustes", "Notificaciones", "Sr. García, C/ Mayor 3", "Batería: 85 %", "Descargar (2,5 GB)",
        "Abierto lun. a sáb.", "Precio: 12,50 €", "La Sra. Pérez te escribió", "Llegada en 5 min",
        "Mostrar más", "Cerrar sesión", "Tienes %d mensajes nuevos", "¡Hola {name}!",
        "Envío gratis desde 25 €", "Distancia: 10-12 km", "Ver https://ejemplo.es/ayuda", "1.ª planta, p. ej.",
        "Temperatura 21 °C", "Ajustes de la cuenta", "Toca dos veces para abrir", "Nos vemos a medianoche",
    ],
]

func runAbbreviationBenchmarks() throws {
    var rows: [[String]] = []
    for locale in uiText.keys.sorted() {
        let lines = uiText[locale]!
        let expander = try SpokenForm(locale: locale).abbreviations
        let characters = lines.reduce(0) { $0 + $1.count }
        let iterations = 2_000

        let ours = microseconds(iterations: iterations) { _ in
            for line in lines { blackHole(try? expander.expand(line)) }
        }
        // Reference 1 (Foundation): one NSRegularExpression pass that only finds candidate tokens
        // (words with an optional period, numbers), replacing nothing.
        let regex = try NSRegularExpression(pattern: #"[\p{L}\p{N}]+\.?"#)
        let regexTime = microseconds(iterations: iterations / 4) { _ in
            for line in lines {
                blackHole(regex.numberOfMatches(in: line, range: NSRange(line.startIndex..., in: line)))
            }
        }
        // Reference 2 (Foundation): the naive approach, one replacingOccurrences per dictionary entry (10 entries).
        let naive = ["av.": "avenue", "Dr": "docteur", "min": "minutes", "etc.": "et cetera", "Mme": "madame",
                     "St.": "Street", "Mr.": "Mister", "z. B.": "zum Beispiel", "Sr.": "señor", "km": "kilomètres"]
        let naiveTime = microseconds(iterations: iterations / 4) { _ in
            for line in lines {
                var text = line
                for (key, value) in naive { text = text.replacingOccurrences(of: key, with: value) }
                blackHole(text)
            }
        }
        let perSecond = Double(characters) / ours * 1_000_000
        rows.append([locale, "\(characters)", format(ours, digits: 1), format(perSecond / 1_000_000, digits: 2),
                     format(regexTime, digits: 1), format(ours / regexTime, digits: 2),
                     format(naiveTime, digits: 1), format(ours / naiveTime, digits: 2)])
    }
    print("Mixed UI text, one core, µs per pass over the lines (best of 5):")
    printTable(["locale", "chars", "expand µs", "M chars/s", "regex scan µs", "ratio", "10× replacingOccurrences µs", "ratio"], rows, figures: "abbreviations.ui_text")

    // The same kind of text with numbers that never repeat: the expander's memo of spelled
    // numbers, plural categories and unit phrases misses on every number.
    var coldRows: [[String]] = []
    for locale in uiText.keys.sorted() {
        let expander = try SpokenForm(locale: locale).abbreviations
        let templates = uiText[locale]!
        let count = 4_000
        var lines: [String] = []
        for i in 0..<count {
            let template = templates[i % templates.count]
            let n = 1_000 + i * 7
            lines.append(template.replacingOccurrences(of: "5 min", with: "\(n) min")
                .replacingOccurrences(of: "12,50", with: "\(n),50").replacingOccurrences(of: "12.50", with: "\(n).50")
                .replacingOccurrences(of: "10-12 km", with: "\(n)-\(n + 3) km").replacingOccurrences(of: "85", with: "\(i % 100)"))
        }
        let characters = lines.reduce(0) { $0 + $1.count }
        let start = DispatchTime.now().uptimeNanoseconds
        for line in lines { blackHole(try? expander.expand(line)) }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1000
        coldRows.append([locale, "\(characters)", format(elapsed, digits: 0), format(Double(characters) / elapsed, digits: 2)])
    }
    print("\nMixed UI text with never-repeating numbers (memo misses), one pass, one core:")
    printTable(["locale", "chars", "µs", "M chars/s"], coldRows, figures: "abbreviations.cold")

    // Per-call costs against raw ICU measured in the same run.
    let fr = try SpokenForm(locale: "fr-FR")
    let expander = try fr.abbreviations
    guard let unitFormatter = RawNumberFormatter(icuLocaleID: "fr_FR", skeleton: "measure-unit/duration-minute unit-width-full-name") else { return }
    let iterations = 20_000
    let rawUnit = microseconds(iterations: iterations) { _ in blackHole(unitFormatter.format("5")) }
    let unitCall = microseconds(iterations: iterations) { _ in blackHole(try? expander.expand("5 min")) }
    let moneyCall = microseconds(iterations: iterations) { _ in blackHole(try? expander.expand("12,50 €")) }
    let plainLine = "Appuyez deux fois pour ouvrir le menu des réglages du compte"
    let plain = microseconds(iterations: iterations) { _ in blackHole(try? expander.expand(plainLine)) }
    print("\nPer call, fr-FR (µs):")
    printTable(["call", "µs", "ratio to raw ICU unit format"], [
        ["raw ICU unumf format \"5\" minute (reference)", format(rawUnit), "1.00"],
        ["expand \"5 min\" (ICU format + spelled number)", format(unitCall), format(unitCall / rawUnit, digits: 2)],
        ["expand \"12,50 €\"", format(moneyCall), format(moneyCall / rawUnit, digits: 2)],
        ["expand a \(plainLine.count)-character line with nothing to expand", format(plain), format(plain / rawUnit, digits: 2)],
    ], figures: "abbreviations.fr_call")
}
