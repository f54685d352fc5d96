/// Hash index of the dictionary and symbol tables by first scalar: a lookup at a word
/// start costs one hash and a few scalar comparisons, never a regex or a new string.
struct AbbreviationMatcher: Sendable {
    enum Variant: Sendable {
        /// As written in the file.
        case exact
        /// First letter capitalised ("Env." for "env."): at a sentence start, or anywhere with any-case.
        case capitalized
        /// All capitals ("ETC."), with any-case only.
        case upper
    }

    struct Pattern: Sendable {
        let scalars: [Unicode.Scalar]
        let entry: Int
        let variant: Variant
    }

    /// Patterns by first scalar, longest first.
    let patterns: [Unicode.Scalar: [Pattern]]
    /// `patterns` of the ASCII first scalars, indexed by the scalar's value: the scan looks
    /// patterns up at every word start, and an array index costs less than hashing.
    private let asciiPatterns: [[Pattern]?]
    /// Per ASCII first scalar, the ASCII second scalars of its patterns as a 128-bit set, and
    /// whether one is a single scalar or goes on with a non-ASCII one: most words start no
    /// pattern, and two bit tests say so before any pattern is compared.
    private let asciiSeconds: [(low: UInt64, high: UInt64, other: Bool)]
    /// Every pattern's text, to tell a dotted abbreviation ("z.B.") from a code-like token ("file.txt").
    let dottedKeys: Set<[Unicode.Scalar]>
    /// Unit symbols by first scalar, longest first (indices into data.units).
    let units: [Unicode.Scalar: [Int]]
    /// Currency symbols by first scalar, longest first (indices into data.currencySymbols).
    let currencies: [Unicode.Scalar: [Int]]
    /// Ordinal suffixes, longest first.
    let ordinals: [OrdinalSuffix]
    /// The first scalars of the ordinal suffixes: after most numbers none starts, and one test
    /// says so before the suffixes are compared one by one (a fifth of a number's reading).
    let ordinalStarts: FirstScalarSet
    /// The first scalars of the money scale words ("Mio.", "million"), for the same reason.
    let moneyScaleStarts: FirstScalarSet
    /// The words of keys written with a space ("Mme la" -> "mme", "la"), lower-cased: a long
    /// text is never cut next to them (`AbbreviationExpander.pieces(of:)`).
    let spacedKeyWords: Set<String>

    init(data: AbbreviationLocaleData) {
        var index: [Unicode.Scalar: [Pattern]] = [:]
        var dotted = Set<[Unicode.Scalar]>()
        for (i, entry) in data.entries.enumerated() {
            var variants: [(scalars: [Unicode.Scalar], variant: Variant)] = [(entry.key, .exact)]
            let capitalized = Self.capitalized(entry.key)
            if capitalized != entry.key { variants.append((capitalized, .capitalized)) }
            if entry.conditions.contains(.anyCase) {
                let upper = Array(entry.keyText.uppercased().unicodeScalars)
                if upper != entry.key && upper != capitalized { variants.append((upper, .upper)) }
            }
            for (scalars, variant) in variants {
                guard let first = scalars.first else { continue }
                index[first, default: []].append(Pattern(scalars: scalars, entry: i, variant: variant))
                if scalars.contains(".") { dotted.insert(scalars) }
            }
        }
        patterns = index.mapValues { $0.sorted { $0.scalars.count > $1.scalars.count } }
        asciiPatterns = (0..<128).map { [patterns] value in patterns[Unicode.Scalar(UInt8(value))] }
        asciiSeconds = asciiPatterns.map { bucket in
            var set: (low: UInt64, high: UInt64, other: Bool) = (0, 0, false)
            for pattern in bucket ?? [] {
                guard pattern.scalars.count >= 2, pattern.scalars[1].value < 128 else { set.other = true; continue }
                let second = pattern.scalars[1].value
                if second < 64 { set.low |= 1 << UInt64(second) } else { set.high |= 1 << UInt64(second - 64) }
            }
            return set
        }
        dottedKeys = dotted

        var unitIndex: [Unicode.Scalar: [Int]] = [:]
        for (i, unit) in data.units.enumerated() {
            if let first = unit.symbol.first { unitIndex[first, default: []].append(i) }
        }
        units = unitIndex.mapValues { $0.sorted { data.units[$0].symbol.count > data.units[$1].symbol.count } }

        var currencyIndex: [Unicode.Scalar: [Int]] = [:]
        for (i, currency) in data.currencySymbols.enumerated() {
            if let first = currency.symbol.first { currencyIndex[first, default: []].append(i) }
        }
        currencies = currencyIndex.mapValues { $0.sorted { data.currencySymbols[$0].symbol.count > data.currencySymbols[$1].symbol.count } }
        ordinals = data.ordinalSuffixes.sorted { $0.suffix.count > $1.suffix.count }
        ordinalStarts = FirstScalarSet(data.ordinalSuffixes.map(\.suffix))
        moneyScaleStarts = FirstScalarSet(data.moneyScales.map(\.written))
        var spaced = Set<String>()
        for entry in data.entries where entry.key.contains(" ") {
            for word in entry.keyText.lowercased().split(separator: " ") {
                spaced.insert(String(word.unicodeScalars.filter { $0.properties.isAlphabetic }.map(Character.init)))
            }
        }
        spacedKeyWords = spaced
    }

    static func capitalized(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        guard let first = scalars.first else { return scalars }
        return Array(first.properties.uppercaseMapping.unicodeScalars) + scalars.dropFirst()
    }
}

extension AbbreviationMatcher {
    /// The patterns starting with `scalar`, longest first (`patterns[scalar]`).
    @inline(__always)
    func patterns(startingWith scalar: Unicode.Scalar) -> [Pattern]? {
        scalar.value < 128 ? asciiPatterns[Int(scalar.value)] : patterns[scalar]
    }

    /// The unit symbol of `units` (the data's, which `units` above indexes) written at `i`, the
    /// longest first, whole and unprotected, or a letter symbol ending before a "/" ("km" in
    /// "km/h" when "km/h" itself is not listed). The one lookup the expander's scan and the
    /// text's number reader share.
    func unitSymbol(in text: ScannedText, at i: Int, of symbols: [UnitSymbol]) -> UnitSymbol? {
        guard let first = text.scalar(i), let indices = units[first] else { return nil }
        for index in indices {
            let unit = symbols[index]
            if text.occurs(unit.symbol, at: i)
                || unit.symbol.last?.properties.isAlphabetic == true && text.occursBeforeSlash(unit.symbol, at: i) {
                return unit
            }
        }
        return nil
    }

    /// False when no pattern can start with `first` followed by `second` (nil: the text ends
    /// after `first`); true when one may (`patterns(startingWith:)` then says which).
    @inline(__always)
    func mayStart(_ first: Unicode.Scalar, _ second: Unicode.Scalar?) -> Bool {
        guard first.value < 128 else { return true }
        let set = asciiSeconds[Int(first.value)]
        guard let second, second.value < 128 else { return set.other }
        let value = second.value
        let bit = value < 64 ? set.low & (1 << UInt64(value)) : set.high & (1 << UInt64(value - 64))
        return bit != 0 || set.other
    }
}

/// Which scalars start one of a few patterns: an ASCII scalar is one bit test, any other
/// a look-up in a small set. A pattern with no scalar may start anywhere.
struct FirstScalarSet: Sendable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0
    private var other: Set<Unicode.Scalar> = []
    private var matchesEverything = false

    init(_ patterns: [[Unicode.Scalar]]) {
        for pattern in patterns {
            guard let first = pattern.first else { matchesEverything = true; continue }
            let value = first.value
            if value < 64 { low |= 1 << UInt64(value) } else if value < 128 { high |= 1 << UInt64(value - 64) } else { other.insert(first) }
        }
    }

    /// False when no pattern starts with `scalar`.
    @inline(__always)
    func mayStart(_ scalar: Unicode.Scalar) -> Bool {
        if matchesEverything { return true }
        let value = scalar.value
        if value < 64 { return low & (1 << UInt64(value)) != 0 }
        if value < 128 { return high & (1 << UInt64(value - 64)) != 0 }
        return other.contains(scalar)
    }
}
