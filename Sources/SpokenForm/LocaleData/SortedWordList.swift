import Foundation

/// A large word list (one word per line, such as `hint-verbs.txt`: 49,000 German verb forms)
/// kept as one byte buffer of sorted words and searched in place by binary search.
///
/// Why not `Set<String>`: building the set made one `String` per line, lowercased it and
/// hashed it, which was most of the start-up of `label` and `lint` (about 15 ms for de).
/// Here loading is one pass over the bytes; a lookup is about 16 byte comparisons.
struct SortedWordList: Sendable {
    private let bytes: [UInt8]
    /// Each word's byte range in `bytes`, sorted by the words' bytes.
    private let words: [(start: UInt32, end: UInt32)]

    /// The words of `texts` (the data-file syntax: `#` comment lines and blank lines ignored,
    /// each line trimmed of spaces, tabs and CR), lowercased when `lowercase` is set.
    /// Lines that are already in byte order (as the generated files are) are not sorted again.
    init(texts: [String], lowercase: Bool) {
        var bytes: [UInt8] = []
        var words: [(start: UInt32, end: UInt32)] = []
        var textEnds: [Int] = []  // each text is split on its own: a line never spans two
        for text in texts {
            let source = lowercase ? text.lowercased() : text
            bytes.append(contentsOf: source.utf8)
            textEnds.append(bytes.count)
        }
        // One pass over the raw bytes, lines found with memchr: indexing the array byte by
        // byte (with its bounds checks) cost 8 M instructions, 2-3 ms, for the German verbs.
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            words.reserveCapacity(buffer.count / 8)
            var start = 0
            for count in textEnds {
                while start < count {
                    let end = memchr(base + start, 0x0A, count - start).map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base } ?? count
                    var from = start, to = end
                    while from < to && (base[from] == 0x20 || base[from] == 0x09) { from += 1 }
                    while to > from && (base[to - 1] == 0x20 || base[to - 1] == 0x09 || base[to - 1] == 0x0D) { to -= 1 }
                    if from < to && base[from] != 0x23 { words.append((UInt32(from), UInt32(to))) }
                    start = end + 1
                }
                start = count
            }
        }
        self.bytes = bytes
        let sorted = bytes.withUnsafeBufferPointer { buffer in
            words.indices.dropFirst().allSatisfy { Self.compare(buffer, words[$0 - 1], buffer, words[$0]) <= 0 }
        }
        if !sorted {
            words = bytes.withUnsafeBufferPointer { buffer in words.sorted { Self.compare(buffer, $0, buffer, $1) < 0 } }
        }
        self.words = words
    }

    /// Whether `word` (compared byte for byte: pass it lowercased) is in the list.
    func contains(_ word: String) -> Bool {
        var word = word
        return word.withUTF8 { key in
            bytes.withUnsafeBufferPointer { buffer in
                let whole = (start: UInt32(0), end: UInt32(key.count))
                var low = 0, high = words.count
                while low < high {
                    let middle = (low + high) / 2
                    let order = Self.compare(buffer, words[middle], key, whole)
                    if order == 0 { return true }
                    if order < 0 { low = middle + 1 } else { high = middle }
                }
                return false
            }
        }
    }

    var count: Int { words.count }

    /// Byte order of two ranges (negative, zero, positive), shorter first on a common prefix.
    private static func compare(_ a: UnsafeBufferPointer<UInt8>, _ x: (start: UInt32, end: UInt32),
                                _ b: UnsafeBufferPointer<UInt8>, _ y: (start: UInt32, end: UInt32)) -> Int {
        let xCount = Int(x.end - x.start), yCount = Int(y.end - y.start)
        let common = min(xCount, yCount)
        if common > 0, let aBase = a.baseAddress, let bBase = b.baseAddress {
            let order = memcmp(aBase + Int(x.start), bBase + Int(y.start), common)
            if order != 0 { return Int(order) }
        }
        return xCount - yCount
    }
}
