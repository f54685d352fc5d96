/// A written form a detector found: where it is (scalar offsets into the scanned text),
/// what it is, and its token (`TextToken`): typed, said by its class's verbalizer once it wins
/// arbitration, or words its detector made.
struct TextCandidate {
    // A huge text has a candidate every few scalars, all alive until they are resolved: the
    // fields are laid out narrow (32 bytes, not 48). `TextNormalizer` refuses a text of
    // 2^31 scalars or more, so a scalar index fits in 32 bits.
    /// The words said: those its detector made, or its verbalizer's once it won
    /// (`TextVerbalizer.say`); every rule after arbitration reads and edits these. Empty
    /// while a typed token waits to be said.
    var spoken: String
    private var start32: Int32
    private var end32: Int32
    var kind: Spoken.Rewrite.Kind
    private var priority8: Int8
    private var tokenAndCertainty = TextToken.words
    /// What the candidate is, typed, or that `spoken` holds its detector's words (`TextToken`).
    var token: TextToken {
        get { tokenAndCertainty }
        set {
            let certain = isCertain
            tokenAndCertainty = newValue
            tokenAndCertainty.isCertain = certain
        }
    }
    /// The context settles it ("n° 2024-360785" is a code): overlapping candidates are dropped.
    var isCertain: Bool {
        get { tokenAndCertainty.isCertain }
        set { tokenAndCertainty.isCertain = newValue }
    }

    /// The first scalar.
    var start: Int {
        get { Int(start32) }
        set { start32 = Int32(clamping: newValue) }
    }
    /// The scalar after the last.
    var end: Int {
        get { Int(end32) }
        set { end32 = Int32(clamping: newValue) }
    }
    /// Breaks ties between candidates covering the same scalars: the higher wins
    /// (a phone number over a run of cardinals, a date over a fraction).
    var priority: Int {
        get { Int(priority8) }
        set { priority8 = Int8(clamping: newValue) }
    }

    init(start: Int, end: Int, kind: Spoken.Rewrite.Kind, spoken: String, priority: Int = 0, isCertain: Bool = false) {
        self.spoken = spoken
        start32 = Int32(clamping: start)
        end32 = Int32(clamping: end)
        self.kind = kind
        priority8 = Int8(clamping: priority)
        self.isCertain = isCertain
    }
}

/// Everything a detector may use: the spellers of the locale and its text data.
struct TextContext {
    let locale: SpokenLocale
    let numbers: NumberSpeller
    let dates: DateSpeller?
    let lazyPhones: LazyPhoneSpeller
    /// The locale's phone speller (nil: the locale has none), made when a text first needs it.
    var phones: PhoneSpeller? { lazyPhones.speller }
    let expander: AbbreviationExpander?
    let data: TextLocaleData
}

/// One capability's finder of written forms in running text. Each capability brings
/// its own (`NumberDetector`, `DateTimeDetector`, `PhoneDetector`, `ExpansionDetector`);
/// `TextNormalizer` runs them all over the same `ScannedText` and settles overlaps.
///
/// A detector proposes; it never rewrites. It may propose candidates that overlap
/// each other or protected regions: the normaliser drops what touches a protected
/// scalar and resolves the rest (see `TextNormalizer.resolve`).
protocol TextDetector: Sendable {
    /// The classes this detector can propose (a detector whose classes are all skipped is not run).
    var classes: Set<Spoken.Rewrite.Kind> { get }
    func detect(in text: ScannedText, context: TextContext, into candidates: inout [TextCandidate]) throws
    /// The same walk in steps, for a long text said window by window (`TextNormalizer`'s
    /// windows): the passes' candidates, each pass's in its order and the passes in this
    /// order, are exactly what `detect` proposes.
    func passes(over text: ScannedText, context: TextContext) throws -> [any TextDetectorPass]
}

/// One walk of a detector over a text that can stop at a position and go on from there:
/// what it proposes over all its steps is what it proposes in one, in the same order. A long
/// text is detected a window at a time, so that the candidates of one window are resolved
/// and released before the next is read (issue 18, finding 5: a huge line without a place to
/// cut it kept a candidate every few scalars, 24 times its size in all).
protocol TextDetectorPass {
    /// Where the walk stands: it has done every step it takes before this scalar index
    /// (`Int.max` once it is done). What it proposes later is found from here on; a
    /// candidate's start may still lie a little before it (a sign, a code word before digits).
    var position: Int { get }
    /// Walks on while its position is before `limit` (a step may end past it).
    mutating func run(until limit: Int, into candidates: inout [TextCandidate]) throws
}

/// A detector's walk over a text from a position while it is before a limit, leaving the
/// position where it stopped (the text's count once it reached the end). It holds what the
/// walk reads (the text, a reader or the context) and anything the walk keeps from one step
/// to the next. `detect` walks once to the end, on a walker made in place (a walker
/// held in a variable is a copy of the text and its buffers); `SteppedPass` walks in steps.
protocol TextWalker {
    var text: ScannedText { get }
    mutating func walk(from p: inout Int, until limit: Int, into candidates: inout [TextCandidate]) throws
}

/// A walker's walk in steps.
struct SteppedPass<Walker: TextWalker>: TextDetectorPass {
    private var walker: Walker
    private(set) var position = 0

    init(_ walker: Walker) { self.walker = walker }

    mutating func run(until limit: Int, into candidates: inout [TextCandidate]) throws {
        var p = position
        defer { position = p < walker.text.count ? p : Int.max }
        try walker.walk(from: &p, until: limit, into: &candidates)
    }
}

/// A phone speller made on first use: most texts hold no run of seven digits, and making one
/// starts libphonenumber (its metadata and regular expressions: a third of the `text`
/// command's start-up). The `SpokenForm`'s own speller when it is still there (one cache of
/// numbers read), else one of the same locale and data.
final class LazyPhoneSpeller: @unchecked Sendable {
    // Unchecked: `spoken` is only read (a weak reference's load is atomic) and `made` is locked.
    private weak var spoken: SpokenForm?
    private let locale: SpokenLocale
    private let numbers: NumberSpeller
    private let dataStore: LocaleDataStore
    private let made = Locked<PhoneSpeller??>(nil)

    init(spoken: SpokenForm, numbers: NumberSpeller) {
        self.spoken = spoken
        locale = spoken.locale
        self.numbers = numbers
        dataStore = spoken.dataStore
    }

    var speller: PhoneSpeller? {
        if let known = made.withLock({ $0 }) { return known }
        let speller = (try? spoken?.phones) ?? (try? PhoneSpeller(locale: locale, numbers: numbers, dataStore: dataStore))
        return made.withLock { known in
            if let known { return known }
            known = .some(speller)
            return speller
        }
    }
}
