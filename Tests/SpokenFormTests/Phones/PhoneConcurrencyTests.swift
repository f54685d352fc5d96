import Foundation
import Synchronization
import Testing
@testable import SpokenForm

/// Eight threads read thousands of numbers across locales at once, sharing the spellers and
/// libphonenumber's singleton; every result must equal the single-threaded one.
@Suite struct PhoneConcurrencyTests {
    @Test func eightThreadsMatchSingleThreadedResults() throws {
        let locales = ["fr-FR", "en-US", "de-DE", "es-ES", "en-GB", "it-IT"]
        let inputs = ["06 11 22 33 06", "+33 6 11 22 33 06", "(201) 555-0123", "+44 20 7946 0018", "0033 1 23 45 67 89",
                      "+39 02 1234 5678", "+49 30 123456", "+34 612 34 56 78", "+32 470 12 34 56", "+41 78 123 45 67",
                      "+31 6 12345678", "+351 912 345 678", "+1 416 555 0123", "0612", "01 23 45 67 89 poste 12", "hello"]
        @Sendable func result(_ speller: SpokenForm, _ input: String) -> String {
            do { return try speller.phone(input, options: .init(region: "FR")) } catch { return "error: \(error)" }
        }
        let expected = try locales.map { tag in
            let speller = try SpokenForm(locale: tag)
            return inputs.map { result(speller, $0) }
        }
        // Fresh instances for the threads: they fill the speller's table of recent answers while
        // they read. (The speller itself is made first: SpokenForm's capability cache is a
        // Synchronization.Mutex, whose writes the thread sanitizer reports as races on Linux.)
        let spellers = try locales.map { try SpokenForm(locale: $0) }
        for speller in spellers { _ = try speller.phones }

        let threads = 8, rounds = 40
        let mismatches = Mutex(0)
        let calls = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            var localMismatches = 0, localCalls = 0
            for round in 0..<rounds {
                for (s, speller) in spellers.enumerated() {
                    for (i, input) in inputs.enumerated() where (i + round + thread) % 2 == 0 {
                        if result(speller, input) != expected[s][i] { localMismatches += 1 }
                        localCalls += 1
                    }
                }
            }
            mismatches.withLock { $0 += localMismatches }
            calls.withLock { $0 += localCalls }
        }
        #expect(mismatches.withLock { $0 } == 0)
        #expect(calls.withLock { $0 } >= 8 * 40 * 6 * 8)
    }
}
