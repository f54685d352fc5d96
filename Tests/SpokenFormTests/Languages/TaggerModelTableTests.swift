import Foundation
import Testing
@testable import SpokenForm

/// The tagger's model table compiled into the library (Sources/CTaggerModel, written by
/// scripts/build-tagger-model.sh) must say what the text files say.
@Suite struct TaggerModelTableTests {
    @Test func embeddedTableIsTheOneBuiltFromTheText() throws {
        let built = try LatinLanguageModel.table(dataStore: .embedded)
        let embedded = [UInt8](LatinLanguageModel.embeddedTable)
        #expect(built.count == embedded.count, "run scripts/build-tagger-model.sh")
        #expect(built == embedded, "run scripts/build-tagger-model.sh")
    }

    /// Every word, trigram, floor and tail filter of the text files, read back through the
    /// embedded table; the text is parsed here independently of the library's builder.
    @Test func everyTextEntryReadsBackFromTheTable() throws {
        let model = try LatinLanguageModel.load(dataStore: .embedded)
        #expect(model.languages == ["de", "en", "es", "fr", "it", "nl", "pt"])
        var floors: [Int] = []
        for (l, language) in model.languages.enumerated() {
            let file = try #require(try LocaleDataStore.embedded.files(named: "language-model.txt", language: language).first)
            var zipf: [String: Int] = [:]
            var tailBase64: [Int: String] = [:]
            var tailBits: [Int: Int] = [:]
            var hashes = 0
            var trigramCount = 0
            for (key, value, _) in try file.keyValues() {
                let parts = key.split(separator: " ")
                switch parts[0] {
                case "floor": floors.append(Int(value)!)
                case "trigram-floor": #expect(Int(model.trigramFloor[l]) == Int(value)!, "\(language) trigram-floor")
                case "tail-hashes": hashes = Int(value)!
                case "tail-bits": tailBits[Int(parts[1])!] = Int(value)!
                case "tail": tailBase64[Int(parts[1])!, default: ""] += value
                case "words":
                    for word in value.split(separator: " ") { zipf[String(word), default: 0] = max(zipf[String(word), default: 0], Int(parts[1])!) }
                case "trigrams":
                    for trigram in value.split(separator: " ") {
                        let s = Array(trigram.unicodeScalars)
                        let index = try #require(model.trigrams.index(of: LatinLanguageModel.pack(s[0], s[1], s[2])), "\(language) \(trigram)")
                        #expect(Int(model.trigrams.cost(index, l)) == Int(parts[1])!, "\(language) \(trigram)")
                        trigramCount += 1
                    }
                default: Issue.record("unexpected key \(key) in \(language)")
                }
            }
            #expect(trigramCount > 1000, "\(language)")
            #expect(zipf.count > 3000, "\(language)")
            var wrong = 0
            for (word, z) in zipf {
                guard let row = model.words.value(for: Array(word.utf8)) else { wrong += 1; continue }
                if Int(model.zipf(Int(row), l)) != z { wrong += 1 }
            }
            #expect(wrong == 0, "\(language): \(wrong) words differ")
            let tails = model.tails[l]
            #expect(tails.map { Int($0.zipf) } == tailBase64.keys.sorted(by: >), "\(language) tail tiers")
            for tail in tails {
                let bytes = try #require(Data(base64Encoded: tailBase64[Int(tail.zipf)]!))
                #expect(bytes.count * 8 == tailBits[Int(tail.zipf)], "\(language) tail \(tail.zipf)")
                #expect(tail.hashes == hashes)
                #expect([UInt8](bytes) == [UInt8](UnsafeRawBufferPointer(start: tail.bits, count: tail.byteCount)), "\(language) tail \(tail.zipf)")
            }
        }
        #expect(model.floorZipf == floors.min())
        // A word no language lists, and a trigram no language lists.
        #expect(model.words.value(for: Array("zzqxv".utf8)) == nil)
        #expect(model.trigrams.index(of: LatinLanguageModel.pack("q", "x", "z")) == nil)
    }

    /// Extra data directories are parsed into a table of their own, read the same way.
    @Test func textParsedTableMatchesTheEmbeddedModel() throws {
        let parsed = try LatinLanguageModel(dataStore: LocaleDataStore(directories: [URL(fileURLWithPath: "/nonexistent")]))
        let embedded = try LatinLanguageModel.load(dataStore: .embedded)
        #expect(parsed !== embedded)
        for word in ["bluetooth", "dashboard", "le", "the", "und", "casa"] {
            let key = Array(word.utf8)
            for l in embedded.languages.indices {
                #expect(parsed.knownZipf(key, language: l) == embedded.knownZipf(key, language: l), "\(word)")
            }
        }
    }

    @Test func truncatedTableIsAnError() throws {
        let bytes = [UInt8](LatinLanguageModel.embeddedTable.prefix(1000))
        let storage = TableStorage(bytes)
        #expect(throws: SpokenFormError.self) {
            try LatinLanguageModel(table: UnsafeRawBufferPointer(start: storage.pointer, count: bytes.count), storage: storage)
        }
    }
}
