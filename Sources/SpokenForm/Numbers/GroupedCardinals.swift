/// Cardinals below ICU's word limit said from cached pieces instead of one ICU call each.
///
/// Why: ICU's RuleBasedNumberFormat re-walks its rule set for every number, and SpokenForm
/// then polishes ICU's text (corrections, spelling, agreement) on top; that costs more than
/// the number is worth when a CSV column or a screen holds thousands of them. A piece is
/// what ICU says for one group of three digits times its power of 1000 (`2 000 000` "deux
/// millions", `80 000` "quatre-vingt mille", `21` "vingt et un"), polished once, kept per
/// rule set. A number is its non-zero groups' pieces, highest first, joined as the
/// locale's `compose-groups` entry says (German writes "tausend" together with what
/// follows, the nouns apart).
///
/// Why it is exact: ICU's cardinal rules for these languages spell `a + b` (b below the
/// power of 1000 of a) as the spelling of `a`, a joiner, then the spelling of `b`, and the
/// polisher's rules never reach across a group boundary. Where that is not so (en-GB's
/// "two thousand and one", lakh and crore) the locale's data turns composition off, and
/// `init` checks each rule set against ICU on values that cross every boundary before
/// trusting it: a rule set that fails is spelled by ICU, never composed. The tests
/// compare both paths on a million random values per locale and rule set.
///
/// Why it is safe across threads: the pieces live in one `Locked` table; a missing piece
/// is made outside the lock (an ICU call) and stored under it, the first stored wins, and
/// a piece is never removed, so a composition that finds all its pieces is final.
final class GroupedCardinals: Sendable {
    /// Spells `value` with rule set `ruleSet` the way the speller does without composition
    /// (ICU, then the polisher, not said alone): the source of every piece.
    typealias Spell = (_ value: Int64, _ ruleSet: Int32) throws -> String

    /// The rule sets composition was checked for; their position is their table slot.
    let ruleSets: [Int32]
    /// What joins the thousands' piece to the next one, and any other piece to the next one.
    let afterThousands: String
    let afterLarger: String
    /// Powers of 1000 below the word limit (6 for 10^18).
    private let levels: Int
    /// The first power of ten ICU no longer spells in words: larger values are never composed.
    let wordLimit: Int64
    /// pieces[slot][level * 1000 + group].
    private let pieces: Locked<[[String?]]>

    /// Values crossing every group boundary, with the words that change at them (21, 80,
    /// 100, 200 before mille and before a noun; 1 before each scale).
    private static let probes: [Int64] = [
        1_001, 21_080, 80_000, 200_100, 1_000_001, 2_080_021, 200_000_000, 80_021_000_001,
        1_234_567_891, 21_000_000_021_000, 101_101_101_101_101, 999_999_999_999_999_999,
    ]

    /// The candidate rule sets whose compositions equal `spell` on the probes, nil when none does.
    /// - Parameter wordLimit: the first power of ten ICU no longer spells in words.
    static func checked(candidates: [Int32], joiners: (afterThousands: String, afterLarger: String),
                        wordLimit: Int64, spell: Spell) throws -> GroupedCardinals? {
        var unique: [Int32] = []
        for ruleSet in candidates where !unique.contains(ruleSet) { unique.append(ruleSet) }
        let all = GroupedCardinals(ruleSets: unique, joiners: joiners, wordLimit: wordLimit)
        var trusted: [Int32] = []
        for (slot, ruleSet) in unique.enumerated() {
            var agrees = true
            for probe in probes where probe < wordLimit {
                guard try all.compose(probe, slot: slot, ruleSet: ruleSet, spell: spell) == (try spell(probe, ruleSet)) else {
                    agrees = false
                    break
                }
            }
            if agrees { trusted.append(ruleSet) }
        }
        if trusted.isEmpty { return nil }
        // A rule set composition does not reproduce is never composed.
        return trusted == unique ? all : GroupedCardinals(ruleSets: trusted, joiners: joiners, wordLimit: wordLimit)
    }

    private init(ruleSets: [Int32], joiners: (afterThousands: String, afterLarger: String), wordLimit: Int64) {
        self.ruleSets = ruleSets
        self.wordLimit = wordLimit
        afterThousands = joiners.afterThousands
        afterLarger = joiners.afterLarger
        var levels = 0
        var power: Int64 = 1
        while power < wordLimit, levels < 6 { levels += 1; power = power.multipliedReportingOverflow(by: 1000).partialValue }
        self.levels = max(1, levels)
        pieces = Locked(Array(repeating: Array(repeating: nil, count: self.levels * 1000), count: ruleSets.count))
    }

    /// The table slot of `ruleSet`, nil when it is not composed.
    @inline(__always)
    func slot(of ruleSet: Int32) -> Int? {
        for (slot, candidate) in ruleSets.enumerated() where candidate == ruleSet { return slot }
        return nil
    }

    /// `value` (0 ≤ value < the word limit) composed from the pieces of the rule set in `slot`,
    /// making the missing ones with `spell`.
    @inline(__always)
    func compose(_ value: Int64, slot: Int, ruleSet: Int32, spell: Spell) throws -> String {
        guard value >= 0, value < wordLimit else { return try spell(value, ruleSet) }
        if let text = composeFromTable(value, slot: slot) { return text }
        // Some pieces are missing: make them (ICU, outside the lock), then compose again.
        var rest = value
        var level = 0
        while rest > 0 {
            let group = Int(rest % 1000)
            if group != 0 { _ = try piece(group: group, level: level, slot: slot, ruleSet: ruleSet, spell: spell) }
            rest /= 1000
            level += 1
        }
        if value == 0, pieces.withLock({ $0[slot][0] }) == nil {
            let zero = try spell(0, ruleSet)
            pieces.withLock { table in if table[slot][0] == nil { table[slot][0] = zero } }
        }
        guard let text = composeFromTable(value, slot: slot) else {
            // Unreachable: pieces are never removed. Spelling the whole number is still right.
            return try spell(value, ruleSet)
        }
        return text
    }

    /// The piece of `group` (1...999) times 1000^`level` for the rule set in `slot`, as
    /// stored in the table: made with `spell` (outside the lock) when missing, and the
    /// first one stored wins, so every caller gets the same piece.
    func piece(group: Int, level: Int, slot: Int, ruleSet: Int32, spell: Spell) throws -> String {
        let index = level * 1000 + group
        if let stored = pieces.withLock({ $0[slot][index] }) { return stored }
        var piece = try spell(Int64(group) * Self.power(level), ruleSet)
        pieces.withLock { table in
            if let stored = table[slot][index] { piece = stored } else { table[slot][index] = piece }
        }
        return piece
    }

    /// The composition when every piece is in the table, nil otherwise. The lock is held
    /// only to copy the pieces out (other threads compose at the same time); a number below
    /// 1000 is its piece as stored (no new string).
    @inline(__always)
    private func composeFromTable(_ value: Int64, slot: Int) -> String? {
        if value < 1000 { return pieces.withLock { $0[slot][Int(value)] } }
        var levels = 0
        var divisor: Int64 = 1
        while divisor <= value / 1000 { divisor *= 1000; levels += 1 }
        let found: Found? = pieces.withLock { table -> Found? in
            var found = Found()
            var rest = value
            var power = divisor
            for level in stride(from: levels, through: 0, by: -1) {
                let group = Int(rest / power)
                rest %= power
                power /= 1000
                guard group != 0 else { continue }
                guard let piece = table[slot][level * 1000 + group] else { return nil }
                found[level] = piece
            }
            return found
        }
        guard let found else { return nil }
        var text = ""
        text.reserveCapacity(96)
        var previousLevel = -1
        for level in stride(from: levels, through: 0, by: -1) {
            guard let piece = found[level] else { continue }
            if previousLevel >= 0 { text += previousLevel == 1 ? afterThousands : afterLarger }
            text += piece
            previousLevel = level
        }
        return text
    }

    /// The pieces of one number by level (at most 6 below 10^18), without an array.
    private struct Found {
        var pieces: (String?, String?, String?, String?, String?, String?) = (nil, nil, nil, nil, nil, nil)
        subscript(level: Int) -> String? {
            get {
                switch level {
                case 0: return pieces.0
                case 1: return pieces.1
                case 2: return pieces.2
                case 3: return pieces.3
                case 4: return pieces.4
                default: return pieces.5
                }
            }
            set {
                switch level {
                case 0: pieces.0 = newValue
                case 1: pieces.1 = newValue
                case 2: pieces.2 = newValue
                case 3: pieces.3 = newValue
                case 4: pieces.4 = newValue
                default: pieces.5 = newValue
                }
            }
        }
    }

    @inline(__always)
    private static func power(_ level: Int) -> Int64 {
        var result: Int64 = 1
        for _ in 0..<level { result *= 1000 }
        return result
    }
}
