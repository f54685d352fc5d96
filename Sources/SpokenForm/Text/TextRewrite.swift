/// One replacement made by `SpokenForm.text(_:)`: what was shown, what is said, of which
/// class, and where, in the input and in the output.
///
/// Ranges are half-open offsets counted in Unicode scalars (Swift's `unicodeScalars`,
/// Python's `str`) and in UTF-16 code units (`NSString`, `NSAttributedString`), like
/// `Expansion`'s.
public struct TextRewrite: Hashable, Sendable, Codable {
    public var kind: TextClass
    /// The text as shown ("01/04/2015").
    public var original: String
    /// What replaces it ("premier avril deux mille quinze").
    public var spoken: String
    /// Range of `original` in the input, in Unicode scalars and in UTF-16 code units.
    public var scalarRange: Range<Int>
    public var utf16Range: Range<Int>
    /// Range of `spoken` in the output text, in Unicode scalars and in UTF-16 code units.
    public var outputScalarRange: Range<Int>
    public var outputUTF16Range: Range<Int>

    public init(kind: TextClass, original: String, spoken: String, scalarRange: Range<Int>, utf16Range: Range<Int>,
                outputScalarRange: Range<Int>, outputUTF16Range: Range<Int>) {
        self.kind = kind
        self.original = original
        self.spoken = spoken
        self.scalarRange = scalarRange
        self.utf16Range = utf16Range
        self.outputScalarRange = outputScalarRange
        self.outputUTF16Range = outputUTF16Range
    }
}

/// The result of `TextNormalizer.normalize(_:)`: the text to speak and every rewrite, in order.
public struct NormalizedText: Hashable, Sendable, Codable {
    /// The input with every recognised written form replaced; everything else byte-identical.
    public var text: String
    public var rewrites: [TextRewrite]
}
