import Foundation

/// Building the model's byte table from the text files (`language-model.txt`): used by
/// `scripts/build-tagger-model.sh` for the embedded table, by `TaggerModelTableTests` to check
/// that the embedded table still agrees with the text, and at run time only when extra data
/// directories are given. The output is deterministic (words and trigrams in bucket order,
/// then byte order), so the same text always gives the same bytes.
extension LatinLanguageModel {
    /// The byte table of the text model in `dataStore` (every language's `language-model.txt`).
    /// - Throws: `SpokenFormError.malformedLocaleData` for a malformed line or tail filter.
    static func table(dataStore: LocaleDataStore) throws -> [UInt8] {
        try ModelText(dataStore: dataStore).tableBytes()
    }
}

/// The text model of every language that has a `language-model.txt`, merged into the tables the
/// byte table lays out.
private struct ModelText {
    let languages: [String]
    var wordZipf: [[UInt8]: [UInt8]] = [:]  // UTF-8 word -> Zipf x10 per language (0 = unlisted)
    var trigramCost: [UInt64: [UInt8]] = [:]
    var trigramFloor: [UInt8]
    var floors: [Int] = []
    var tails: [(language: Int, zipf: Int, hashes: Int, bits: [UInt8])] = []

    /// One language's tail filters as its lines give them, checked once all its files are read.
    struct TailText {
        var hashes = 0
        var bits: [Int: Int] = [:]
        var base64: [Int: String] = [:]
        var lines: [Int: (LocaleDataFile, LocaleDataFile.Line)] = [:]
    }

    /// Reads every language's files, in the order of `LocaleDataStore.languages(having:)`.
    init(dataStore: LocaleDataStore) throws {
        languages = LocaleDataStore.languages(having: "language-model.txt")
        trigramFloor = [UInt8](repeating: 60, count: languages.count)
        for l in languages.indices {
            var tail = TailText()
            for file in try dataStore.files(named: "language-model.txt", language: languages[l]) {
                for (key, value, line) in try file.keyValues(checkedBy: .languageModel) {
                    try read(key: key, value: value, line: line, of: file, language: l, tail: &tail)
                }
            }
            try addTails(tail, language: l)
        }
    }

    /// One line of language `l`'s model: a floor, a tail filter's size or bits, a trigram floor,
    /// or a list of words or trigrams and their Zipf frequency or cost.
    mutating func read(key: String, value: String, line: LocaleDataFile.Line, of file: LocaleDataFile, language l: Int,
                       tail: inout TailText) throws {
        let m = languages.count
        let parts = key.split(separator: " ")
        func number(_ text: Substring) throws -> Int {
            guard let n = Int(text), n >= 0, n <= 250 else { throw file.error(at: line, "expected a number from 0 to 250") }
            return n
        }
        switch parts.first {
        case "floor" where parts.count == 1:
            floors.append(try number(Substring(value)))
        case "tail-hashes" where parts.count == 1:
            tail.hashes = try number(Substring(value))
        case "tail-bits" where parts.count == 2:
            guard let n = Int(value), n > 0, n % 8 == 0 else { throw file.error(at: line, "expected a positive multiple of 8") }
            tail.bits[try number(parts[1])] = n
        case "tail" where parts.count == 2:
            let zipf = try number(parts[1])
            tail.base64[zipf, default: ""] += value
            tail.lines[zipf] = (file, line)
        case "trigram-floor" where parts.count == 1:
            trigramFloor[l] = UInt8(try number(Substring(value)))
        case "words" where parts.count == 2:
            let z = UInt8(try number(parts[1]))
            for word in value.split(separator: " ") {
                let key = Array(word.utf8)
                guard key.count <= 255 else { throw file.error(at: line, "'\(word)' is longer than 255 bytes") }
                var row = wordZipf[key] ?? [UInt8](repeating: 0, count: m)
                row[l] = max(row[l], z)
                wordZipf[key] = row
            }
        case "trigrams" where parts.count == 2:
            let cost = UInt8(try number(parts[1]))
            for trigram in value.split(separator: " ") {
                let scalars = Array(trigram.unicodeScalars)
                guard scalars.count == 3 else { throw file.error(at: line, "'\(trigram)' is not three characters") }
                let key = LatinLanguageModel.pack(scalars[0], scalars[1], scalars[2])
                var row = trigramCost[key] ?? [UInt8](repeating: UInt8.max, count: m)
                row[l] = cost
                trigramCost[key] = row
            }
        default:
            throw DataFileSchema.languageModel.unread(key, at: line, in: file)
        }
    }

    /// Language `l`'s tail filters, most frequent tier first: each must have the size its
    /// `tail-bits` line gives, and the language a hash count.
    mutating func addTails(_ tail: TailText, language l: Int) throws {
        for (zipf, text) in tail.base64.sorted(by: { $0.key > $1.key }) {
            guard let (file, line) = tail.lines[zipf] else { continue }
            guard let bytes = Data(base64Encoded: text), bytes.count * 8 == tail.bits[zipf], tail.hashes > 0 else {
                throw file.error(at: line, "the tail filter \(zipf) does not match its tail-bits or has no tail-hashes")
            }
            tails.append((l, zipf, tail.hashes, [UInt8](bytes)))
        }
    }

    /// The word pool in bucket order (then byte order), each word its length, bytes, and its
    /// languages' Zipf frequencies; and where each bucket starts in it.
    func wordPool(buckets: Int) -> (pool: [UInt8], starts: [Int]) {
        let wordOrder = wordZipf.keys.map { key in
            (bucket: key.withUnsafeBufferPointer { WordTable.bucket($0, buckets - 1) }, key: key)
        }.sorted { $0.bucket != $1.bucket ? $0.bucket < $1.bucket : $0.key.lexicographicallyPrecedes($1.key) }
        var pool: [UInt8] = []
        var starts = [Int](repeating: 0, count: buckets + 1)
        var next = 0
        for bucket in 0..<buckets {
            starts[bucket] = pool.count
            while next < wordOrder.count, wordOrder[next].bucket == bucket {
                let key = wordOrder[next].key, row = wordZipf[key]!
                pool.append(UInt8(key.count))
                pool.append(contentsOf: key)
                let listed = row.indices.filter { row[$0] != 0 }
                pool.append(UInt8(listed.count))
                for l in listed { pool.append(UInt8(l)); pool.append(row[l]) }
                next += 1
            }
        }
        starts[buckets] = pool.count
        return (pool, starts)
    }

    /// The trigrams in bucket order (then key order), and where each bucket starts among them.
    func trigramOrder(buckets: Int) -> (keys: [UInt64], starts: [Int]) {
        let order = trigramCost.keys.map { (bucket: LatinLanguageModel.trigramBucket($0, buckets - 1), key: $0) }
            .sorted { $0.bucket != $1.bucket ? $0.bucket < $1.bucket : $0.key < $1.key }
        var starts = [Int](repeating: 0, count: buckets + 1)
        var index = 0
        for bucket in 0..<buckets {
            starts[bucket] = index
            while index < order.count, order[index].bucket == bucket { index += 1 }
        }
        starts[buckets] = order.count
        return (order.map(\.key), starts)
    }

    /// The byte table (`LatinLanguageModel.Layout`): header, language codes and trigram floors,
    /// tail records, bucket starts, trigram keys and costs, the word pool, the tail filters' bits.
    func tableBytes() -> [UInt8] {
        let m = languages.count
        var out = [UInt8]()
        func u32(_ value: Int) { withUnsafeBytes(of: UInt32(value).littleEndian) { out.append(contentsOf: $0) } }
        func pad(to offset: Int) { out.append(contentsOf: repeatElement(0, count: offset - out.count)) }
        func powerOfTwo(atLeast n: Int) -> Int { var size = 1; while size < n { size <<= 1 }; return size }

        // About two words and one trigram per bucket: small index, short scans.
        let wordBuckets = powerOfTwo(atLeast: max(wordZipf.count / 2, 1))
        let trigramBuckets = powerOfTwo(atLeast: max(trigramCost.count, 1))
        let (pool, wordStarts) = wordPool(buckets: wordBuckets)
        let (trigramKeys, trigramStarts) = trigramOrder(buckets: trigramBuckets)

        let layout = LatinLanguageModel.Layout(languages: m, wordBuckets: wordBuckets, poolSize: pool.count, trigramBuckets: trigramBuckets,
                                               trigramCount: trigramKeys.count, tailCount: tails.count)
        for value in [Int(LatinLanguageModel.magic), Int(LatinLanguageModel.version), m, floors.min() ?? 30, wordBuckets, pool.count,
                      trigramBuckets, trigramKeys.count, tails.count] { u32(value) }
        pad(to: layout.languages)
        for language in languages {
            let code = Array(language.utf8.prefix(8))
            out.append(contentsOf: code + repeatElement(0, count: 8 - code.count))
        }
        out.append(contentsOf: trigramFloor)
        pad(to: layout.tailRecords)
        var tailOffset = layout.tailBits
        for tail in tails {
            for value in [tail.language, tail.zipf, tail.hashes, tailOffset, tail.bits.count] { u32(value) }
            tailOffset += tail.bits.count
        }
        pad(to: layout.wordBuckets)
        wordStarts.forEach(u32)
        pad(to: layout.trigramBuckets)
        trigramStarts.forEach(u32)
        pad(to: layout.trigramKeys)
        for key in trigramKeys { withUnsafeBytes(of: key.littleEndian) { out.append(contentsOf: $0) } }
        // A trigram a language does not list costs that language's floor.
        for key in trigramKeys {
            let row = trigramCost[key]!
            out.append(contentsOf: row.indices.map { row[$0] == UInt8.max ? trigramFloor[$0] : row[$0] })
        }
        pad(to: layout.wordPool)
        out.append(contentsOf: pool)
        pad(to: layout.tailBits)
        for tail in tails { out.append(contentsOf: tail.bits) }
        return out
    }
}

/// Entry point of `TaggerModelBuilder` (scripts/build-tagger-model.sh), which compiles the
/// embedded text model into the byte table of `Sources/CTaggerModel`.
package enum TaggerModelTable {
    /// The table built from the embedded `Locales/*/language-model.txt`.
    package static func fromEmbeddedText() throws -> [UInt8] {
        try LatinLanguageModel.table(dataStore: .embedded)
    }
}
