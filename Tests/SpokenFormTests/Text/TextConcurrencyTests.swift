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

    /// With a tagger, each thread makes or finds another language's normaliser
    /// (`SpokenForm.shared`) for its foreign spans, and the answers are one thread's.
    @Test func foreignSpansAreSaidAlikeFromManyThreads() throws {
        let bases = ["es-ES", "fr-FR", "de-DE", "it-IT"]
        let inputs = ["You are allowed 300 push notifications per 24 hours.", "Snooze 1 hour", "Appuyez sur Save 2 files le 5 juin"]
        var work: [(TextNormalizer, LanguageTagger, String, Spoken)] = []
        for base in bases {
            let spoken = try SpokenForm(locale: base)
            for input in inputs {
                work.append((try spoken.texts, try spoken.languages, input, try spoken.texts.normalize(input, languages: spoken.languages)))
            }
        }
        let shared = work
        let failures = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for round in 0..<4 {
                for index in stride(from: (worker + round) % shared.count, to: shared.count, by: 2) {
                    let (normalizer, tagger, input, expected) = shared[index]
                    do {
                        let got = try normalizer.normalize(input, languages: tagger)
                        if got != expected { failures.withLock { $0.append("\(input): \(got.text)") } }
                    } catch {
                        failures.withLock { $0.append("\(input): \(error)") }
                    }
                }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty)
        // The reference answers are real readings, not only alike: the English span is English.
        #expect(shared[0].3.text == "You are allowed three hundred push notifications per twenty-four hours.")
    }
}
