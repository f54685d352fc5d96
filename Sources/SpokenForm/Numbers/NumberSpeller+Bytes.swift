/// `NumberSpeller.number(_:gender:)` for one caller that converts many values in a row (a
/// CSV worker's number column): it reads the number from UTF-8 bytes and appends the
/// words' UTF-8 to the caller's output buffer.
///
/// Why: at a million cells a second, what surrounds the speller costs as much as the
/// speller: looking the capability up, building the answer `String` from the cached
/// pieces, reading it back as bytes, and the reference counting of each step. This
/// speaker is made once per (locale, column) by its caller and keeps its own copy of the
/// composition pieces as bytes, taken from the speller's shared table on first use; a
/// cardinal is then a few `memcpy`s with no lock, no `String` and no allocation.
///
/// Why it says exactly what `number(_:gender:)` says: it reads the text with the same byte
/// reader, copies the same pieces (the shared table's, which never change once stored)
/// and joins them as `GroupedCardinals` does. Whatever else the speller does to a value
/// (decimals, feminine agreement, forms said alone, values past ICU's word limit) is taken
/// from the speller's own `String` answer; and what the byte reader leaves to the general
/// parser, a written "+", and errors, it leaves to the caller (`append` returns false).
///
/// Not thread-safe: one speaker per thread (it is a cache of its owner's).
package final class NumberByteSpeaker {
    /// The speller whose answers this speaker gives.
    package let speller: NumberSpeller
    private let gender: Gender?
    private let ruleSet: Int32
    /// The speller's piece table and this rule set's slot in it, when the cardinals of
    /// this gender are composed here (not when a form said alone or feminine agreement
    /// rewrites them afterwards).
    private let composed: (table: GroupedCardinals, slot: Int)?
    /// Values below it are composed here (0: none). Copied out of the shared table and speller
    /// so that a cell reads no shared object: with two workers, the reference counting of a
    /// shared instance on every cell made both cores fight over its cache line.
    private let composedLimit: Int64
    /// Whether the locale has a word for a written "+" (`withPlusSign`), copied for the same reason.
    private let hasPlusWord: Bool
    private let afterThousands: [UInt8]
    private let afterLarger: [UInt8]
    private let minusPrefix: [UInt8]
    private let minusSuffix: [UInt8]
    /// 0...99 said alone (no gender): the speller's own small numbers.
    private let small: [[UInt8]]
    /// Per `level * 1000 + group`: the piece's bytes once copied (nil before), each in a
    /// buffer of its own that lives as long as the speaker. Raw memory in a `let`, not an
    /// array in a `var`: reading it costs no exclusivity check or reference count per cell.
    private let pieces: UnsafeMutableBufferPointer<UnsafeBufferPointer<UInt8>?>

    /// A speaker of `speller`'s cardinals in `gender` (nil: the number said alone, as
    /// `number(_:gender:)` with no gender).
    package init(_ speller: NumberSpeller, gender: Gender?) {
        self.speller = speller
        self.gender = gender
        ruleSet = speller.ruleSet(for: gender)
        let polisher = speller.polisher
        let composable = gender == nil ? !polisher.hasStandaloneForms : gender != .feminine
        if composable, let table = speller.composed, let slot = table.slot(of: ruleSet) {
            composed = (table, slot)
            afterThousands = Array(table.afterThousands.utf8)
            afterLarger = Array(table.afterLarger.utf8)
            pieces = .allocate(capacity: 6 * 1000)
        } else {
            composed = nil
            afterThousands = []
            afterLarger = []
            pieces = .allocate(capacity: 0)
        }
        pieces.initialize(repeating: nil)
        composedLimit = composed.map { min($0.table.wordLimit, speller.icuWordLimit) } ?? 0
        hasPlusWord = speller.data.plusWord != nil
        minusPrefix = Array(speller.minusAffix.prefix.utf8)
        minusSuffix = Array(speller.minusAffix.suffix.utf8)
        small = gender == nil ? speller.smallNumbers.map { Array(polisher.standaloneForm($0).utf8) } : []
    }

    /// Appends the words for the number `text` holds (valid UTF-8, as `number(_:gender:)`
    /// takes it) to `out`. Returns false, and appends nothing, when only `number(_:gender:)`
    /// can say it: shapes its general parser reads, a written "+", and every input it rejects
    /// (so the caller gets the error from there).
    /// - Throws: `SpokenFormError.icuFailure` if ICU fails; nothing is appended then.
    package func append(_ text: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) throws -> Bool {
        guard let first = text.first else { return false }
        // `withPlusSign`'s test: a text that may start with "+" goes the String way.
        if hasPlusWord, !(first < 0x80 && first != 0x2B && first > 0x20) { return false }
        let start = out.count
        do {
            let done: Bool? = try speller.parser.withDigits(utf8: text) { negative, integer, fraction -> Bool? in
                guard integer.count <= 18, let magnitude = NumberSpeller.value(of: integer) else { return nil }
                if fraction.isEmpty {
                    try appendCardinal(negative ? -Int(magnitude) : Int(magnitude), to: &out)
                    return true
                }
                guard let words = try speller.speakDigits(isNegative: negative, integer: integer, fraction: fraction, gender: gender) else {
                    return nil
                }
                out.append(contentsOf: words.utf8)
                return true
            }
            return done ?? false
        } catch {
            out.removeSubrange(start...)
            throw error
        }
    }

    /// `cardinal(value, gender:)`, appended.
    private func appendCardinal(_ value: Int, to out: inout [UInt8]) throws {
        if value < 0 {
            // |value| < 10^18 here: never Int.min.
            out.append(contentsOf: minusPrefix)
            try appendCardinal(-value, to: &out)
            out.append(contentsOf: minusSuffix)
            return
        }
        if gender == nil, value < small.count {
            out.append(contentsOf: small[value])
            return
        }
        guard value > 0, Int64(value) < composedLimit else {
            out.append(contentsOf: try speller.cardinal(value, gender: gender).utf8)
            return
        }
        // GroupedCardinals.composeFromTable's joining, on bytes.
        let value = Int64(value)
        var levels = 0
        var divisor: Int64 = 1
        while divisor <= value / 1000 { divisor *= 1000; levels += 1 }
        var rest = value
        var power = divisor
        var previousLevel = -1
        for level in stride(from: levels, through: 0, by: -1) {
            let group = Int(rest / power)
            rest %= power
            power /= 1000
            guard group != 0 else { continue }
            if previousLevel >= 0 { out.append(contentsOf: previousLevel == 1 ? afterThousands : afterLarger) }
            let piece = try pieces[level * 1000 + group] ?? copyPiece(group: group, level: level)
            out.append(contentsOf: piece)
            previousLevel = level
        }
    }

    /// Copies a piece from the speller's table (made there if missing) into a buffer of its own.
    private func copyPiece(group: Int, level: Int) throws -> UnsafeBufferPointer<UInt8> {
        guard let (table, slot) = composed else { throw SpokenFormError.icuFailure(operation: "composing a number", status: "no piece table") }
        let piece = try table.piece(group: group, level: level, slot: slot, ruleSet: ruleSet,
                                    spell: speller.spellThroughICU)
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: piece.utf8.count)
        _ = copy.initialize(from: piece.utf8)
        pieces[level * 1000 + group] = UnsafeBufferPointer(copy)
        return UnsafeBufferPointer(copy)
    }

    deinit {
        for piece in pieces { piece?.deallocate() }
        pieces.deallocate()
    }
}
