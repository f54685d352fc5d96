/// One rewrite made by `AbbreviationExpander`: what was shown, what is said, and where.
///
/// Ranges are half-open offsets into the input and into the expanded text, counted in
/// Unicode scalars (Swift's `unicodeScalars`, Python's `str`) and in UTF-16 code units
/// (`NSString`, `NSAttributedString`, JavaScript).
public struct Expansion: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable {
        /// A dictionary abbreviation ("av." -> "avenue"), with the number it governs, if any.
        case abbreviation
        /// A number and a unit ("5 min" -> "cinq minutes"), ranges included.
        case unit
        /// An amount of money ("12,50 €" -> "douze euros cinquante").
        case money
        /// A number with an ordinal suffix ("1er" -> "premier").
        case ordinal
    }

    public var kind: Kind
    /// The text as shown ("av.", "12,50 €").
    public var original: String
    /// What replaces it ("avenue", "douze euros cinquante").
    public var spoken: String
    /// Range of `original` in the input, in Unicode scalars.
    public var scalarRange: Range<Int>
    /// Range of `original` in the input, in UTF-16 code units.
    public var utf16Range: Range<Int>
    /// Range of `spoken` in the expanded text, in Unicode scalars.
    public var outputScalarRange: Range<Int>
    /// Range of `spoken` in the expanded text, in UTF-16 code units.
    public var outputUTF16Range: Range<Int>
}

/// The result of expanding a text: the text to speak and every rewrite made, in order.
public struct ExpandedText: Hashable, Sendable, Codable {
    /// The input with every abbreviation, unit and amount written out; untouched parts are byte-identical.
    public var text: String
    public var expansions: [Expansion]
}
