import Dispatch
import Foundation
import Testing
@testable import SpokenForm

/// ICU 72's RBNF is not thread-safe (ICU-NOTES.md: a shared instance crashed under 4
/// threads). SpokenForm values are shared across threads: 8 threads call every rule set
/// of several locales at once and must get exactly the single-threaded answers.
/// CI runs this suite under the thread sanitizer.
@Suite struct NumberConcurrencyTests {
    enum Call: CaseIterable { case cardinal, feminine, ordinal, ordinalFeminine, year, decimal, large, percent }

    struct Job { let locale: Int; let call: Call; let value: Int }

    static func run(_ job: Job, _ spellers: [SpokenForm]) throws -> String {
        let spoken = spellers[job.locale]
        switch job.call {
        case .cardinal: return try spoken.number(job.value)
        case .feminine: return try spoken.number(job.value, gender: .feminine)
        case .ordinal: return (try? spoken.ordinal(job.value % 10_000)) ?? "error"
        case .ordinalFeminine: return (try? spoken.ordinal(job.value % 10_000, gender: .feminine)) ?? "error"
        case .year: return try spoken.year(1_000 + job.value % 1_100)
        case .decimal: return (try? spoken.number(Double(job.value) / 100)) ?? "error"
        case .large: return try spoken.numbers.cardinal(DecimalText(isNegative: false, integer: String(job.value) + "000000000000000000"))
        case .percent: return (try? spoken.numbers.percent(DecimalText(job.value % 1000))) ?? "error"
        }
    }

    @Test func eightThreadsGetTheSingleThreadedAnswers() throws {
        let tags = ["fr-FR", "en-US", "de-DE", "es-ES", "it-IT", "pt-BR", "nl-NL", "ru-RU"]
        // Fresh instances: their formatter pools start with one formatter each, so the
        // threads really do compete for them.
        let shared = try tags.map { try SpokenForm(locale: $0) }
        var seed: UInt64 = 42
        let jobs: [Job] = (0..<8_000).map { _ in
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let value = Int(seed >> 33) % 5_000_000
            return Job(locale: Int(seed % UInt64(tags.count)), call: Call.allCases[Int((seed >> 8) % UInt64(Call.allCases.count))], value: value)
        }
        let reference = try tags.map { try SpokenForm(locale: $0) }
        let expected = try jobs.map { try Self.run($0, reference) }

        let threads = 8
        let results = Slots<String>(count: jobs.count * 2, initial: "")
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            // Each thread answers its own share of the jobs, then, walking backwards,
            // a share of everybody else's, so the same formatters are hit from all sides.
            for i in jobs.indices where i % threads == thread {
                results[i] = (try? Self.run(jobs[i], shared)) ?? "error"
            }
            for i in jobs.indices.reversed() where (i + 1) % threads == thread {
                results[jobs.count + i] = (try? Self.run(jobs[i], shared)) ?? "error"
            }
        }
        var mismatches = 0
        for i in jobs.indices where results[i] != expected[i] || results[jobs.count + i] != expected[i] { mismatches += 1 }
        #expect(mismatches == 0)
        #expect(!expected.contains("error"))
    }

    @Test func sharedInstancesAreCreatedOnceUnderContention() throws {
        let ids = Slots<ObjectIdentifier?>(count: 8, initial: nil)
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            ids[i] = (try? SpokenForm.shared(locale: "it-CH")).map(ObjectIdentifier.init)
        }
        #expect(Set((0..<8).compactMap { ids[$0] }).count == 1)
    }
}

/// Result slots written by several threads, each thread to its own indices only.
/// Fixed storage allocated once: an Array's mutable-buffer access moves its buffer out
/// for the duration of the call, which two threads must never do at once.
final class Slots<T>: @unchecked Sendable {
    private let storage: UnsafeMutablePointer<T>
    let count: Int
    init(count: Int, initial: T) {
        self.count = count
        storage = .allocate(capacity: count)
        storage.initialize(repeating: initial, count: count)
    }
    deinit {
        storage.deinitialize(count: count)
        storage.deallocate()
    }
    subscript(index: Int) -> T {
        get { storage[index] }
        set { storage[index] = newValue }
    }
}
