import Foundation
import Testing
@testable import SpokenForm

/// One `TextNormalizer` per locale shared by many threads gives the answers one thread
/// gives (run again under the thread sanitizer by scripts/test.sh).
@Suite struct TextConcurrencyTests {
    @Test func sharedNormalizerAnswersAlikeFromManyThreads() throws {
        let locales = ["fr-FR", "en-US", "de-DE", "es-ES"]
        var work: [(TextNormalizer, String, String)] = []
        for locale in locales {
            let normalizer = try SpokenForm(locale: locale).texts
            // The first golden rows and the newest ones (time zones named through Foundation,
            // units after "per", postal codes, Roman numerals after abbreviations).
            let cases = try TextGolden.cases(locale)
            for (_, input, expected) in cases.prefix(40) + cases.suffix(12) {
                work.append((normalizer, input, expected))
            }
        }
        let shared = work
        let failures = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for round in 0..<3 {
                for index in stride(from: (worker + round) % shared.count, to: shared.count, by: 3) {
                    let (normalizer, input, expected) = shared[index]
                    do {
                        let got = try normalizer.normalize(input).text
                        if got != expected { failures.withLock { $0.append("\(input): \(got)") } }
                    } catch {
                        failures.withLock { $0.append("\(input): \(error)") }
                    }
                }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty)
    }
}
