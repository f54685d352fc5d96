import Foundation
import Testing
@testable import SpokenForm

/// Every cache and pool of the library, each driven on purpose from many Swift-concurrency
/// tasks at once (small stacks) with long inputs, on fresh instances so that the tasks
/// also race to fill them. Issue 18, item 3; CI runs it under the thread sanitizer
/// (`--filter Concurrency`). The caches and pools, and the call below that reaches each:
///
/// | cache or pool | reached by |
/// |---|---|
/// | `SpokenForm.sharedInstances` (LRU of instances) | `SpokenForm.shared` in every other task |
/// | `SpokenForm.capabilities` (per instance) | the first call of each capability, on fresh instances |
/// | `ICURuleBasedFormatterPool` / `ICUHandlePool` | `number`, `ordinal`, `year` |
/// | `GroupedCardinals.pieces` | `number` of many distinct values |
/// | `DateSpeller.dateFormatters` (`ICUDateFormatterPool`s) | `date` in every style |
/// | `DateSpeller.phraseCache` | `date`, `dateTime` |
/// | `DateSpeller.unitFormatters` | `duration` |
/// | `ICURelativeDateFormatter` (locked handle) | `relative` |
/// | `PhoneSpeller.recentlyParsed` | `phone`, the same numbers again and again |
/// | `MoneySpeller.names`, `.fractionDigits` | `expand` of amounts in 3 currencies |
/// | `UnitSpeller.compound`, `.phrases` | `expand` of "km/h", "5 km", "3 kg" |
/// | `AbbreviationExpander.cardinals`, `.categories` | `expand` of counted units |
/// | `TextNormalizer` (shares the above) | `text` |
/// | the tagger's model and lexicon | `tag` |
/// | the label assembler and linter | `labelsFromTasks` |
@Suite struct CacheAndPoolConcurrencyTests {
    static let tags = ["fr-FR", "en-US", "de-DE", "es-ES"]

    /// One task's calls: every one of them goes through a cache or a pool of the table.
    static func answers(_ spoken: SpokenForm, round: Int) -> [String] {
        func say(_ call: () throws -> String) -> String { (try? call()) ?? "error" }
        var out: [String] = []
        for value in stride(from: round, to: 40_000, by: 997) { out.append(say { try spoken.number(value) }) }
        out.append(say { try spoken.number(String(repeating: "987654321", count: 300)) })
        out.append(say { try spoken.ordinal(round % 50 + 1) })
        out.append(say { try spoken.year(1900 + round) })
        for style in DateStyle.allCases { out.append(say { try spoken.date("2015-04-\(String(format: "%02d", round % 28 + 1))", style: style) }) }
        out.append(say { try spoken.dateTime("2015-04-01T05:30") })
        out.append(say { try spoken.duration(seconds: 3_600 + 61 * round) })
        out.append(say { try spoken.relative(round % 9 - 4, unit: .week) })
        for ending in 0..<6 { out.append(say { try spoken.phone("+33 6 11 22 33 \(String(format: "%02d", (round + ending) % 4))") }) }
        let prose = String(repeating: "Dr Martin, 5 km à 90 km/h, 3 kg pour 12,50 €, 7 $ et 4 CHF. ", count: 30)
        out.append(say { try spoken.expand(prose).text })
        out.append(say { try spoken.text(prose).text })
        out.append(say { try spoken.tag(String(repeating: "Activez le Bluetooth et Sign in with Apple. ", count: 30)).ssml })
        return out
    }

    @Test func tasksFillAndReadEveryCacheAlike() async throws {
        let reference = try Self.tags.map { try SpokenForm(locale: $0) }
        let rounds = 6
        var expected: [[String]] = []
        for round in 0..<rounds { expected.append(Self.answers(reference[round % Self.tags.count], round: round)) }
        let fresh = try Self.tags.map { try SpokenForm(locale: $0) }
        let expectations = expected
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for task in 0..<24 {
                group.addTask {
                    let round = task % rounds
                    let tag = Self.tags[round % Self.tags.count]
                    let spoken = task % 2 == 0 ? fresh[round % Self.tags.count] : (try? SpokenForm.shared(locale: tag)) ?? fresh[round % Self.tags.count]
                    return Self.answers(spoken, round: round) == expectations[round] ? 0 : 1
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
        // Every call answered: a cache that handed out a wrong or empty value would show here.
        #expect(!expected.joined().contains("error"))
    }

    /// `LabelConcurrencyTests` again from tasks, on fresh instances: the label assembler and
    /// linter build their capabilities while other tasks read them.
    @Test func labelsFromTasks() async throws {
        var work: [(Int, Label, String)] = []
        let locales = ["fr-FR", "en-US", "de-DE"]
        for (index, locale) in locales.enumerated() {
            for (_, element, expected) in try LabelGolden.utterances(locale).prefix(12) { work.append((index, element, expected)) }
        }
        let fresh = try locales.map { try SpokenForm(locale: $0) }
        let shared = work
        let failures = await withTaskGroup(of: [String].self) { group in
            for task in 0..<12 {
                group.addTask {
                    var failed: [String] = []
                    for index in stride(from: task % 3, to: shared.count, by: 3) {
                        let (locale, element, expected) = shared[index]
                        let got = try? fresh[locale].label(element).text
                        if got != expected || (try? fresh[locale].labelLinter.lint(element)) == nil { failed.append("\(element): \(got ?? "error")") }
                    }
                    return failed
                }
            }
            return await group.reduce(into: [String]()) { $0 += $1 }
        }
        #expect(failures == [])
    }
}
