import Dispatch
import Testing
@testable import SpokenForm

/// The group pieces of `GroupedCardinals` are made on first use by whichever thread needs
/// them: 8 threads fill the table of a fresh speller at once and must get the answers of
/// a speller used by one thread. CI runs this suite under the thread sanitizer.
@Suite struct NumberCompositionConcurrencyTests {
    @Test(arguments: ["fr-FR", "de-DE"])
    func eightThreadsFillingThePiecesGetTheSingleThreadedAnswers(_ tag: String) throws {
        var random = SplitMix64(state: 7)
        let values: [Int] = (0..<4_000).map { _ in Int(random.next() % 1_000_000_000_000) >> Int(random.next() % 40) }
        let reference = try SpokenForm(locale: tag)
        let expected = try values.map { [try reference.number($0), try reference.number($0, gender: .feminine)] }
        let shared = try SpokenForm(locale: tag)
        let results = Slots<[String]>(count: values.count, initial: [])
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            // Every thread walks all values from its own starting point, so each piece is
            // wanted by several threads at about the same time.
            for step in values.indices {
                let i = (step + thread * values.count / 8) % values.count
                let answer = [(try? shared.number(values[i])) ?? "error", (try? shared.number(values[i], gender: .feminine)) ?? "error"]
                if thread == i % 8 { results[i] = answer }
            }
        }
        var mismatches = 0
        for i in values.indices where results[i] != expected[i] { mismatches += 1 }
        #expect(mismatches == 0)
    }
}
