/// A written form a detector found: where it is (scalar offsets into the scanned text),
/// what it is and how it is said.
struct TextCandidate {
    var start: Int
    var end: Int
    var kind: Spoken.Rewrite.Kind
    var spoken: String
    /// Breaks ties between candidates covering the same scalars: the higher wins
    /// (a phone number over a run of cardinals, a date over a fraction).
    var priority: Int = 0
    /// The context settles it ("n° 2024-360785" is a code): overlapping candidates are dropped.
    var isCertain = false
}

/// Everything a detector may use: the spellers of the locale and its text data.
struct TextContext {
    let locale: SpokenLocale
    let numbers: NumberSpeller
    let dates: DateSpeller?
    let phones: PhoneSpeller?
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
}
