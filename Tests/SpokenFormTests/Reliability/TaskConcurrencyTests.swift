import Foundation
import Testing
@testable import SpokenForm

/// The concurrency proofs again, from Swift-concurrency tasks (whose threads have smaller
/// stacks than the main thread's) and with long inputs, driving every shared cache and
/// pool at once: `SpokenForm.shared` and each instance's capability table, the spell-out
/// and date formatter pools, the date speller's phrase and formatter tables, the phone
/// speller's recent answers, the expander's caches and the tagger. CI runs it under the
/// thread sanitizer (the suite name holds "Concurrency").
@Suite struct TaskConcurrencyTests {
    static let tags = ["fr-FR", "en-US", "de-DE", "es-ES", "it-IT", "pt-BR", "nl-NL", "en-GB"]

    /// What one task asks of a locale; each answer is compared with a single-threaded one.
    static func answers(_ spoken: SpokenForm, round: Int) -> [String] {
        let long = String(repeating: "123456789", count: 600)  // 5,400 digits: every scale, many times
        var out: [String] = []
        out.append((try? spoken.number(long)) ?? "error")
        out.append((try? spoken.number("\(round),5")) ?? (try? spoken.number("\(round).5")) ?? "error")
        out.append((try? spoken.ordinal(round % 100 + 1)) ?? "error")
        out.append((try? spoken.date("2015-04-\(String(format: "%02d", round % 28 + 1))", style: .full)) ?? "error")
        out.append((try? spoken.time("\(round % 24):30")) ?? "error")
        out.append((try? spoken.duration(seconds: 60 * (round % 500))) ?? "error")
        out.append((try? spoken.relative(round % 7 - 3, unit: .day)) ?? "error")
        out.append((try? spoken.phone("+33 6 11 22 33 \(String(format: "%02d", round % 100))")) ?? "error")
        out.append((try? spoken.expand(String(repeating: "Dr Martin, 3 av. Foch, \(round) km, 12,50 €. ", count: 40)).text) ?? "error")
        out.append((try? spoken.tag(String(repeating: "Activez le Bluetooth et Sign in with Apple. ", count: 40)).ssml) ?? "error")
        return out
    }

    @Test func tasksGetTheSingleThreadedAnswers() async throws {
        let reference = try Self.tags.map { try SpokenForm(locale: $0) }
        let expected = (0..<Self.tags.count).map { Self.answers(reference[$0], round: $0) }
        // Fresh instances, so that tasks race to build their capabilities and formatters.
        let fresh = try Self.tags.map { try SpokenForm(locale: $0) }
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for task in 0..<32 {
                group.addTask {
                    let index = task % Self.tags.count
                    // Half the tasks go through the shared instances, half through the fresh ones.
                    let spoken = task % 2 == 0 ? fresh[index] : (try? SpokenForm.shared(locale: Self.tags[index])) ?? fresh[index]
                    return Self.answers(spoken, round: index) == expected[index] ? 0 : 1
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
        #expect(!expected.joined().contains("error"))
    }

    /// `SpokenForm.shared` from many tasks at once, with locales that repeat and locales
    /// that do not: one instance per key, whatever the interleaving.
    @Test func sharedInstancesFromTasks() async throws {
        let firsts = await withTaskGroup(of: [ObjectIdentifier].self) { group in
            for _ in 0..<16 {
                group.addTask {
                    Self.tags.compactMap { tag in (try? SpokenForm.shared(locale: tag)).flatMap { spoken in (try? spoken.numbers).map(ObjectIdentifier.init) } }
                }
            }
            return await group.reduce(into: [[ObjectIdentifier]]()) { $0.append($1) }
        }
        #expect(Set(firsts).count == 1)
    }
}
