/// What a detector proposes for a written form, beside its class and range: a typed token with
/// no words in it, or the note that the candidate carries words its detector made (a class not
/// typed yet). Arbitration (`TextNormalizer.resolve`) runs on candidates holding these; only
/// the winners are said, by their class's verbalizer (`TextVerbalizer`). So the readings that
/// lose are never spelled: for "01/04/2015" the numbers 1, 4 and 2015 inside the date.
///
/// A typed token keeps no value of its own: the value is read again from the candidate's text by
/// the one number reader (`NumberSpeller.value(in:_:_:negative:signedZero:)`), once per winner.
/// A token is 32 bits of plain data: a candidate stays 32 bytes and is copied inline (an enum
/// with a boxed case made every copy of a candidate a call, +2% of a label).
///
/// Typed so far: the number detector's counts said alone, years, percentages, codes read digit
/// by digit, and ranges of those; every finding of the date and time detector and the number
/// detector's other findings (`FoundToken`).
/// The other classes still carry words made when they were found (`.words`); each moves here as
/// it gets its verbalizer (issue 34, item 1).
struct TextToken {
    enum Kind: UInt32 {
        /// The candidate's `spoken` holds words its detector made.
        case words
        /// The candidate's `spoken` holds what its verbalizer said, with the context's rules
        /// applied already (a range's word after "between"): the string rules leave it alone.
        case said
        /// A number whose value is the candidate's own digits (`number`).
        case number
        /// Two numbers joined by a dash, said once from its two parts (`range`).
        case range
        /// A finding its detector's reader says by reading it again (`found`).
        case found
    }

    // One integer, not an enum with payloads or a struct of bytes: the compiler copies a
    // candidate of seven scalar fields inline, and one of more through an outlined call to its
    // value witness (+1% of a label). Bits 0-2 the kind, 3-7 and 8-12 the two numbers (or a
    // `FoundToken` in 3-20), 13-20 and 21-28 a range's offsets, 29 the candidate's `isCertain`
    // (kept here for the same reason).
    private var bits: UInt32

    private init(_ kind: Kind, _ first: NumberToken = NumberToken(bits: 0), _ second: NumberToken = NumberToken(bits: 0),
                 firstEnd: UInt8 = 0, secondStart: UInt8 = 0) {
        bits = kind.rawValue | UInt32(first.bits) << 3 | UInt32(second.bits) << 8 | UInt32(firstEnd) << 13 | UInt32(secondStart) << 21
    }

    private init(found: FoundToken) {
        bits = Kind.found.rawValue | found.bits << 3
    }

    static let words = TextToken(.words)
    static let said = TextToken(.said)
    static func number(_ number: NumberToken) -> TextToken { TextToken(.number, number) }
    static func range(_ range: RangeToken) -> TextToken {
        TextToken(.range, range.first, range.second, firstEnd: range.firstEnd, secondStart: range.secondStart)
    }
    static func found(_ token: FoundToken) -> TextToken { TextToken(found: token) }

    var kind: Kind { Kind(rawValue: bits & 7)! }

    /// The candidate's `isCertain`, in a spare bit.
    var isCertain: Bool {
        get { bits & 1 << 29 != 0 }
        set { bits = newValue ? bits | 1 << 29 : bits & ~(1 << 29) }
    }
    /// The number of a `.number` token.
    var number: NumberToken { NumberToken(bits: UInt8(truncatingIfNeeded: bits >> 3) & 31) }
    /// The range of a `.range` token.
    var range: RangeToken {
        RangeToken(first: number, second: NumberToken(bits: UInt8(truncatingIfNeeded: bits >> 8) & 31),
                   firstEnd: UInt8(truncatingIfNeeded: bits >> 13), secondStart: UInt8(truncatingIfNeeded: bits >> 21))
    }
    /// The finding of a `.found` token.
    var found: FoundToken { FoundToken(bits: bits >> 3) }
}

/// A number in running text, said by its form: its digits start after a minus sign when it is
/// `negative` and end `trail` scalars before the candidate's end ("25 %": trail 2). One byte.
struct NumberToken {
    enum Form: UInt8 {
        /// A count said alone, with no noun after it to agree with ("01" in "01/04", "-5").
        case cardinal
        /// A year ("1998", "en 2015").
        case year
        /// A percentage; `trail` covers the sign and a space before it.
        case percent
        /// A code read digit by digit, group by group ("2024-360785").
        case digits
    }

    /// Bits 0-1 the form, 2 the sign, 3-4 the trail.
    fileprivate let bits: UInt8

    fileprivate init(bits: UInt8) { self.bits = bits }

    /// Nil when `trail` is over 3 (no reader writes more after a number's digits).
    init?(form: Form, negative: Bool = false, trail: Int = 0) {
        guard (0...3).contains(trail) else { return nil }
        bits = form.rawValue | (negative ? 4 : 0) | UInt8(trail) << 3
    }

    var form: Form { Form(rawValue: bits & 3)! }
    var negative: Bool { bits & 4 != 0 }
    /// Scalars before the digits: the minus sign.
    var lead: Int { negative ? 1 : 0 }
    var trail: Int { Int(bits >> 3) }
}

/// "10-12", "2015–2020", "2015-16", "10%-20%": two numbers joined by a dash. The word between
/// them is the context's: text.txt `range-word` ("ten to twelve"), or `and-word` after a word
/// of `range-between` ("between ten and twelve"). A range of counts opens with units.txt
/// `range-start` ("da ventiquattro a settantadue"); a range of years or of percentages does
/// not. One rule for every typed range, decided before any word is said.
struct RangeToken {
    let first: NumberToken
    let second: NumberToken
    /// Where the first number's text ends and the second's starts, in scalars after the
    /// candidate's start.
    let firstEnd: UInt8
    let secondStart: UInt8

    /// Nil when the first number is too long to place in a byte (a range is then said at once).
    init?(first: NumberToken?, firstEnd: Int, second: NumberToken?, secondStart: Int) {
        guard let first, let second, firstEnd >= 0, secondStart <= Int(UInt8.max), firstEnd <= secondStart else { return nil }
        self.first = first
        self.second = second
        self.firstEnd = UInt8(firstEnd)
        self.secondStart = UInt8(secondStart)
    }

    fileprivate init(first: NumberToken, second: NumberToken, firstEnd: UInt8, secondStart: UInt8) {
        self.first = first
        self.second = second
        self.firstEnd = firstEnd
        self.secondStart = secondStart
    }

    /// Whether units.txt `range-start` opens it: a range of counts.
    var opens: Bool { first.form == .cardinal && second.form == .cardinal }

    /// The year a range's second year written with two digits stands for, after `first`
    /// ("2015-16": 2016, "1999-00": 2000); nil when those digits cannot end a later year.
    static func fullSecondYear(first: Int, short: Int) -> Int? {
        guard short > first % 100 || (short == 0 && first % 100 == 99) else { return nil }
        return short == 0 ? first + 1 : first / 100 * 100 + short
    }
}

extension TextCandidate {
    /// A candidate typed by `token`, said once it wins (`TextVerbalizer`).
    init(start: Int, end: Int, kind: Spoken.Rewrite.Kind, token: TextToken, priority: Int = 0, isCertain: Bool = false) {
        self.init(start: start, end: end, kind: kind, spoken: "", priority: priority, isCertain: isCertain)
        self.token = token
    }

    /// Whether the candidate says nothing (words that came out empty): dropped before arbitration.
    var saysNothing: Bool { token.kind == .words && spoken.isEmpty }

    /// Whether it still waits for its verbalizer.
    var isUnsaid: Bool { token.kind.rawValue >= TextToken.Kind.number.rawValue }
}
