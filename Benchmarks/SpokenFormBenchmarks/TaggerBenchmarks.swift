import CICU
import Foundation
import SpokenForm

/// Mixed UI/help sentences per base locale: the `tagger` figures and instruction paths.
let taggerSentences = [
    "fr-FR": [
        "Activez le Bluetooth de votre smartphone pour continuer.",
        "Touchez Sign in with Apple pour créer un compte en quelques secondes.",
        "Le mode Do Not Disturb coupe toutes les notifications pendant la nuit.",
        "Ouvrez les Réglages puis touchez Général et Informations.",
        "Le workflow de publication passe par une pull request sur GitHub.",
        "Le message d'erreur indique file not found quand le fichier a été supprimé.",
        "Votre abonnement sera renouvelé le premier avril à 10 h 30.",
        "Le mot russe спасибо veut dire merci.",
    ],
    "en-US": ["She has a certain joie de vivre that everyone notices.", "Open Settings and tap General to see the version.",
              "The German sign said Betreten verboten in large letters.", "Download the latest version from the App Store."],
]

/// Real French documentation (the real-prose evaluation set's tuning half): code, names, lists.
func taggerProse() -> [String] {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Evaluation/tagger/tuning.jsonl")
    return ((try? String(contentsOf: path, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { line in
        (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["text"] as? String
    }
}

/// `instructions tagger.<fr-FR|en-US>.<sentences|prose> COUNT`: COUNT passes of `LanguageTagger.tag`
/// over the base's sentences (8 in French, 4 in English) or, for `prose`, over the first 100 texts
/// of the real French documentation, after a warm-up pass (for callgrind).
func runTaggerInstructionPath(tag: String, input: String, count: Int) throws {
    let texts: [String]
    switch input {
    case "sentences": texts = taggerSentences[tag] ?? []
    case "prose" where tag == "fr-FR": texts = Array(taggerProse().prefix(100))
    default: texts = []
    }
    guard !texts.isEmpty else {
        throw NSError(domain: "SpokenFormBenchmarks", code: 64, userInfo: [NSLocalizedDescriptionKey: "unknown tagger path \(tag).\(input)"])
    }
    let tagger = try SpokenForm(locale: tag).languages
    for _ in 0..<(count + 1) {
        for text in texts { blackHole(tagger.tag(text)) }
    }
}

/// Throughput of `LanguageTagger.tag` on mixed UI/help sentences, against two references
/// measured in the same run: a bare pass of ICU's script detection over the same text
/// (sf_script_runs), and ICU word segmentation (sf_word_segments, one break iterator per call).
func runTaggerBenchmarks() throws {
    let sentences = taggerSentences["fr-FR"]!
    let fr = try SpokenForm(locale: "fr-FR").languages
    let en = try SpokenForm(locale: "en-US").languages
    let english = taggerSentences["en-US"]!
    let frChars = sentences.reduce(0) { $0 + $1.unicodeScalars.count }
    let enChars = english.reduce(0) { $0 + $1.unicodeScalars.count }
    let utf16 = sentences.map { Array($0.utf16) }

    let iterations = 4000
    let tagFR = microseconds(iterations: iterations) { i in blackHole(fr.tag(sentences[i % sentences.count])) }
    let tagEN = microseconds(iterations: iterations) { i in blackHole(en.tag(english[i % english.count])) }
    let ssml = microseconds(iterations: iterations) { i in blackHole(fr.tag(sentences[i % sentences.count]).ssml) }
    var starts = [Int32](repeating: 0, count: 256), scripts = [Int32](repeating: 0, count: 256), ends = [Int32](repeating: 0, count: 256)
    let icuScripts = microseconds(iterations: iterations) { i in
        let text = utf16[i % utf16.count]
        blackHole(sf_script_runs(text, Int32(text.count), &starts, &scripts, 256))
    }
    let icuWords = microseconds(iterations: iterations) { i in
        let text = utf16[i % utf16.count]
        blackHole(sf_word_segments("fr", text, Int32(text.count), &starts, &ends, &scripts, 256))
    }
    let paragraph = Array(repeating: sentences.joined(separator: " "), count: 20).joined(separator: " ")
    let paragraphChars = Double(paragraph.unicodeScalars.count)
    let tagParagraph = microseconds(iterations: 200) { _ in blackHole(fr.tag(paragraph)) }
    let prose = taggerProse()
    let proseChars = Double(prose.reduce(0) { $0 + $1.unicodeScalars.count })
    let tagProse = prose.isEmpty ? 0 : microseconds(iterations: 1, rounds: 3) { _ in for text in prose { blackHole(fr.tag(text)) } }
    let averageFR = Double(frChars) / Double(sentences.count)
    let averageEN = Double(enChars) / Double(english.count)
    func rate(_ us: Double, _ chars: Double) -> String { format(chars / us, digits: 2) }  // chars/µs = M chars/s
    printTable(["case", "µs/sentence", "M chars/s (1 core)", "vs ICU script runs", "vs ICU word breaks"], [
        ["tag fr (mixed, 8 sentences)", format(tagFR), rate(tagFR, averageFR), format(tagFR / icuScripts, digits: 2) + "x", format(tagFR / icuWords, digits: 2) + "x"],
        ["tag en (4 sentences)", format(tagEN), rate(tagEN, averageEN), "", ""],
        ["tag fr + ssml", format(ssml), rate(ssml, averageFR), "", ""],
        ["tag fr, one \(Int(paragraphChars))-char text", format(tagParagraph), rate(tagParagraph, paragraphChars), "", ""],
        ["tag fr, \(prose.count) real documentation sentences", format(tagProse / Double(max(prose.count, 1))), rate(tagProse, proseChars), "", ""],
        ["ICU script runs only (reference)", format(icuScripts), rate(icuScripts, averageFR), "1.00x", ""],
        ["ICU word breaks only (reference)", format(icuWords), rate(icuWords, averageFR), "", "1.00x"],
    ], figures: "tagger")
    // Creating a tagger: the embedded model is a byte table read in place (only the lexicons are
    // parsed); a store with an extra directory parses the text model into a table of its own.
    let fresh = LocaleDataStore(directories: [URL(fileURLWithPath: "/nonexistent-spokenform-data")])
    let locale = try SpokenLocale("fr-FR")
    let create = microseconds(iterations: 20, rounds: 3) { _ in blackHole(try? LanguageTagger(locale: locale)) }
    let load = microseconds(iterations: 3, rounds: 3) { _ in blackHole(try? LanguageTagger(locale: locale, dataStore: fresh)) }
    print("tagger created on the embedded model table: \(format(create / 1000, digits: 2)) ms; "
          + "with the text model parsed (extra data directory): \(format(load / 1000, digits: 1)) ms")
    // The shipped data: what the library embeds for the tagger.
    var modelBytes = 0, lexiconBytes = 0
    for language in LocaleDataStore.languages(having: "language-model.txt") {
        modelBytes += try LocaleDataStore.embedded.files(named: "language-model.txt", language: language).reduce(0) { $0 + $1.lines.reduce(0) { $0 + $1.text.utf8.count + 1 } }
    }
    for language in LocaleDataStore.languages(having: "lexicon.txt") {
        lexiconBytes += try LocaleDataStore.embedded.files(named: "lexicon.txt", language: language).reduce(0) { $0 + $1.lines.reduce(0) { $0 + $1.text.utf8.count + 1 } }
    }
    print("shipped tagger data (entry lines, comments excluded): models \(modelBytes) bytes, lexicons \(lexiconBytes) bytes")
}
