import Foundation
import Testing
@testable import SpokenForm

/// Span-level precision, recall and F1 on the hand-annotated evaluation set
/// (Golden/tagger/eval), and the rate of clean sentences given a false voice switch.
/// Prints the figures; asserts the targets of the project (F1 >= 0.80, <= 10% false switches).
@Suite struct TaggerEvaluationTests {
    struct Score {
        var truePositives = 0, predicted = 0, gold = 0, clean = 0, falseSwitches = 0, mixed = 0
        /// Overlap scoring counts found and gold spans separately: the share of gold spans found.
        var recallOverride: Double?
        var precision: Double { predicted == 0 ? 1 : Double(truePositives) / Double(predicted) }
        var recall: Double { recallOverride ?? (gold == 0 ? 1 : Double(truePositives) / Double(gold)) }
        var f1: Double { precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall) }
        var falseSwitchRate: Double { clean == 0 ? 0 : Double(falseSwitches) / Double(clean) }
        mutating func add(_ other: Score) {
            truePositives += other.truePositives; predicted += other.predicted; gold += other.gold
            clean += other.clean; falseSwitches += other.falseSwitches; mixed += other.mixed
        }
    }

    /// (base locale, file under eval/): fr-prose was written after a first tuning and then used
    /// for tuning too; fr-docs was written after the last tuning and never tuned on.
    static let sets = [("fr-FR", "fr"), ("fr-FR", "fr-prose"), ("fr-FR", "fr-docs"), ("en-US", "en"), ("de-DE", "de"), ("es-ES", "es"),
                       ("it-IT", "it"), ("pt-PT", "pt"), ("nl-NL", "nl")]

    static func evaluate(_ tag: String, file language: String, misses: inout [String]) throws -> Score {
        let tagger = try SpokenForm(locale: tag).languages
        var score = Score()
        for (number, sentence) in try TaggerFixtures.sentences("eval/\(language).txt") {
            let found = TaggerFixtures.spans(tagger.tag(sentence.text))
            let gold = sentence.spans
            score.predicted += found.count
            score.gold += gold.count
            score.truePositives += found.filter { f in gold.contains { $0 == f } }.count
            if gold.isEmpty {
                score.clean += 1
                if !found.isEmpty { score.falseSwitches += 1 }
            } else {
                score.mixed += 1
            }
            let same = found.count == gold.count && zip(found, gold).allSatisfy { $0 == $1 }
            if !same {
                misses.append("\(language):\(number)\n  gold: \(sentence.line)\n  got:  \(AnnotatedSentence.render(sentence.text, found))")
            }
        }
        return score
    }

    @Test func evaluationSetFigures() throws {
        var total = Score()
        var misses: [String] = []
        var lines = ["set       sentences(mixed/clean)  precision  recall  F1     false switches"]
        for (tag, file) in TaggerEvaluationTests.sets {
            let score = try TaggerEvaluationTests.evaluate(tag, file: file, misses: &misses)
            total.add(score)
            lines.append(String(format: "%-9@ %4d / %-4d              %.3f      %.3f   %.3f  %d/%d (%.1f%%)",
                                file as NSString, score.mixed, score.clean, score.precision, score.recall, score.f1,
                                score.falseSwitches, score.clean, 100 * score.falseSwitchRate))
        }
        lines.append(String(format: "all       %4d / %-4d              %.3f      %.3f   %.3f  %d/%d (%.1f%%)",
                            total.mixed, total.clean, total.precision, total.recall, total.f1,
                            total.falseSwitches, total.clean, 100 * total.falseSwitchRate))
        print(lines.joined(separator: "\n"))
        if ProcessInfo.processInfo.environment["TAGGER_EVAL_MISSES"] != nil { print(misses.joined(separator: "\n")) }
        #expect(total.mixed >= 300)
        #expect(total.f1 >= 0.80)
        #expect(total.falseSwitchRate <= 0.10)
    }
}

/// The real-prose set (Evaluation/tagger, built by extract.py from public French documentation
/// whose authors marked English passages themselves): overlap precision, recall and F1, and
/// false switches on the sentences the authors left unmarked. The decoder was tuned on the
/// tuning half only; the untouched half is measured, never inspected.
@Suite struct TaggerRealProseTests {
    struct Row: Decodable {
        var text: String
        var spans: [[Span]]
        enum Span: Decodable {
            case offset(Int), language(String)
            init(from decoder: Decoder) throws {
                let container = try decoder.singleValueContainer()
                if let value = try? container.decode(Int.self) { self = .offset(value) } else { self = .language(try container.decode(String.self)) }
            }
        }
        var gold: [(start: Int, end: Int, language: String)] {
            spans.compactMap { span in
                guard span.count == 3, case .offset(let start) = span[0], case .offset(let end) = span[1], case .language(let language) = span[2] else { return nil }
                return (start, end, language)
            }
        }
    }

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Evaluation/tagger")

    /// Overlap scoring: a found span is right when it overlaps a gold span of the same language,
    /// a gold span is found when a found span of its language overlaps it.
    static func score(_ half: String) throws -> TaggerEvaluationTests.Score {
        let tagger = try SpokenForm(locale: "fr-FR").languages
        let text = try String(contentsOf: directory.appendingPathComponent("\(half).jsonl"), encoding: .utf8)
        var score = TaggerEvaluationTests.Score()
        var goldFound = 0
        for line in text.split(separator: "\n") {
            let row = try JSONDecoder().decode(Row.self, from: Data(line.utf8))
            let gold = row.gold
            let found = TaggerFixtures.spans(tagger.tag(row.text))
            func overlaps(_ a: (start: Int, end: Int, language: String), _ b: (start: Int, end: Int, language: String)) -> Bool {
                a.start < b.end && b.start < a.end && LanguageTagger.primaryLanguage(a.language) == LanguageTagger.primaryLanguage(b.language)
            }
            score.predicted += found.count
            score.gold += gold.count
            score.truePositives += found.filter { f in gold.contains { overlaps(f, $0) } }.count
            goldFound += gold.filter { g in found.contains { overlaps($0, g) } }.count
            if gold.isEmpty {
                score.clean += 1
                if !found.isEmpty { score.falseSwitches += 1 }
            } else {
                score.mixed += 1
            }
        }
        score.recallOverride = score.gold == 0 ? 1 : Double(goldFound) / Double(score.gold)
        return score
    }

    /// Scores both halves of a set (`prefix` + "tuning" / "untouched") and prints them.
    static func halves(_ prefix: String, name: String) throws -> (tuning: TaggerEvaluationTests.Score, untouched: TaggerEvaluationTests.Score) {
        let tuning = try score(prefix + "tuning"), untouched = try score(prefix + "untouched")
        for (half, score) in [("tuning", tuning), ("untouched", untouched)] {
            print(String(format: "%@ %-9@ %4d / %-4d  overlap precision %.3f  recall %.3f  F1 %.3f  false switches %d/%d (%.1f%%)",
                         name as NSString, half as NSString, score.mixed, score.clean, score.precision, score.recall, score.f1,
                         score.falseSwitches, score.clean, 100 * score.falseSwitchRate))
        }
        return (tuning, untouched)
    }

    /// One real-prose set's floors, a little under the figures measured when they were set
    /// (Docs/tagger.md): a change that loses ground on prose nobody here wrote fails here.
    struct Floors: Sendable, CustomTestStringConvertible {
        let prefix: String, name: String
        /// Sentences with spans each half must hold (the set was read in full).
        let minimumMixed: Int
        let tuningF1: Double, untouchedF1: Double
        let tuningSwitches: Double, untouchedSwitches: Double
        var testDescription: String { name }
    }

    static let sets = [
        // Two documentation sites' French pages (extract.py). Measured (eighth pass): tuning F1
        // 0.613, 4.7 % false switches; untouched 0.472, 4.7 %.
        Floors(prefix: "", name: "real fr", minimumMixed: 290, tuningF1: 0.60, untouchedF1: 0.46,
               tuningSwitches: 0.055, untouchedSwitches: 0.055),
        // A web-performance blog and the Luxembourg government's accessibility portal (`--set
        // second`). Its authors leave much English unmarked (metric and product names), so its
        // ceiling is low; the floors guard against losing ground, they are not a target.
        // Measured (eighth pass): tuning 0.531, 4.9 %; untouched 0.447, 6.0 %.
        Floors(prefix: "second-", name: "second", minimumMixed: 240, tuningF1: 0.51, untouchedF1: 0.43,
               tuningSwitches: 0.055, untouchedSwitches: 0.065),
        // MDN Web Docs in French (`--set third`, 203 pages: 169 passages found by searching for
        // the translators' `<i lang="en">` marks, 34 pages read whole, whose unmarked English and
        // brand names bring most of the false switches). Fairly consistent gold: at least 16
        // marked occurrences of the tuning half count against any tagger. Measured (451 sentences
        // with spans, eighth pass: one-word names in the French voice, original terms in
        // parentheses): tuning 0.866, 5.7 %; untouched 0.824, 4.8 % (before it: 0.725, 13.9 %;
        // 0.783, 7.1 %).
        Floors(prefix: "third-", name: "third", minimumMixed: 220, tuningF1: 0.85, untouchedF1: 0.80,
               tuningSwitches: 0.065, untouchedSwitches: 0.055),
    ]

    @Test(arguments: sets) func realProseFigures(_ floors: Floors) throws {
        let (tuning, untouched) = try Self.halves(floors.prefix, name: floors.name)
        #expect(tuning.mixed >= floors.minimumMixed && untouched.mixed >= floors.minimumMixed)
        #expect(tuning.f1 >= floors.tuningF1)
        #expect(untouched.f1 >= floors.untouchedF1)
        #expect(tuning.falseSwitchRate <= floors.tuningSwitches && untouched.falseSwitchRate <= floors.untouchedSwitches)
    }
}
