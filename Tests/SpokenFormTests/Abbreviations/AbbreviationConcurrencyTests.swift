import Foundation
import Testing
@testable import SpokenForm

/// 8 threads, thousands of expansions across four locales, results equal to single-threaded ones.
/// CI runs this under the thread sanitizer (`swift test --sanitize=thread --filter Concurrency`).
@Suite struct AbbreviationConcurrencyTests {
    static let inputs: [String: [String]] = [
        "fr-FR": ["Dr Martin, 3 av. Foch", "5 min", "12,50 €", "1er étage, 10-12 km", "Mme Durand, env. 3 km", "5 mg/l et 3 kg/m²", "1 h et 21 min"],
        "en-US": ["$5.50", "Dr. Smith on Oak Dr.", "approx. 10-12 km", "No. 5, 3 pcs", "Total: %1$lld km", "5 mg/dl", "72 °F"],
        "de-DE": ["Hr. Müller, z. B. 3 km", "12,50 €", "1 Min.", "3 Mio. Einwohner", "5 g/cm³", "usw. Dann"],
        "es-ES": ["Sr. García, C/ Mayor", "12,50 €", "1 h", "21 km", "p. ej. 5 min", "3 mg/ml"],
    ]

    @Test func concurrentExpansionsEqualSequentialOnes() async throws {
        // Fresh instances, so that the first (racing) calls also build the compound-unit caches.
        var expanders: [String: AbbreviationExpander] = [:]
        var expected: [String: [Spoken]] = [:]
        for (locale, texts) in Self.inputs {
            let reference = try SpokenForm(locale: locale).abbreviations
            expected[locale] = try texts.map { try reference.expand($0) }
            expanders[locale] = try SpokenForm(locale: locale).abbreviations
        }
        let locales = Self.inputs.keys.sorted()
        let shared = expanders
        let want = expected
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for thread in 0..<8 {
                group.addTask {
                    var bad = 0
                    for i in 0..<600 {
                        let locale = locales[(i + thread) % locales.count]
                        let texts = Self.inputs[locale]!
                        let index = (i * 7 + thread) % texts.count
                        if (try? shared[locale]!.expand(texts[index])) != want[locale]![index] { bad += 1 }
                    }
                    return bad
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }
}
