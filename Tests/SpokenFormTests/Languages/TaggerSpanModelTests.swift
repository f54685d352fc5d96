import Foundation
import Testing
@testable import SpokenForm

/// The learned span model (Docs/tagger.md, "The learned span model"): its weights file, read from a data
/// directory, and the library's inference agreeing with what the training script reads.
@Suite struct TaggerSpanModelTests {
    /// Evaluation/tagger/span-model: the French weights written by Evaluation/tagger/train.py.
    static let weights = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Evaluation/tagger/span-model")

    @Test func theLibraryShipsWithoutIt() throws {
        let tagger = try LanguageTagger(locale: SpokenLocale("fr-FR"))
        #expect(tagger.spanModel == nil)
    }

    @Test func theTrainedWeightsLoadAndDecide() throws {
        let tagger = try LanguageTagger(locale: SpokenLocale("fr-FR"), dataStore: LocaleDataStore(directories: [Self.weights]))
        #expect(tagger.spanModel != nil)
        let spoken = tagger.tag("Les développeurs ont écrit un long post-mortem sur le downtime du cluster, avec un follow-up la semaine suivante.")
        #expect(spoken.spans.allSatisfy { $0.language == "en" })
        // Every probability the training script reads is one the tagger decides by.
        let (words, _) = tagger.spanModelWords("Ouvrez le dashboard puis lisez la user research du sprint.")
        #expect(!words.isEmpty)
        #expect(words.allSatisfy { $0.features.count == SpanModel.ownFeatures.count && (0...1).contains($0.probability) })
        // Bases other than those with weights keep the hand rules; English has no usual foreign language to find.
        let english = try LanguageTagger(locale: SpokenLocale("en-US"), dataStore: LocaleDataStore(directories: [Self.weights]))
        #expect(english.spanModel == nil)
    }

    @Test func aMalformedWeightsFileIsNamed() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("span-model-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("fr"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for text in ["threshold = 0.5\nextend = 0.2\n1.word = 1\n", "threshold = 0.5\n1.nonsense = 1\n", "threshold = high\n"] {
            try text.write(to: directory.appendingPathComponent("fr/span-model.txt"), atomically: true, encoding: .utf8)
            #expect(throws: SpokenFormError.self) {
                _ = try LanguageTagger(locale: SpokenLocale("fr-FR"), dataStore: LocaleDataStore(directories: [directory]))
            }
        }
    }

    /// Shared across threads like any tagger.
    @Test func concurrentTaggingAgrees() async throws {
        let tagger = try LanguageTagger(locale: SpokenLocale("fr-FR"), dataStore: LocaleDataStore(directories: [Self.weights]))
        let text = "Le tech lead relit chaque pull request avant la release, puis publie la roadmap."
        let expected = tagger.tag(text)
        let results = await withTaskGroup(of: Spoken.self) { group in
            for _ in 0..<16 { group.addTask { tagger.tag(text) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0 == expected })
    }
}
