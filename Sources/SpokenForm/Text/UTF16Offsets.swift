/// Scalar index -> UTF-16 offset, for the ranges every result gives in both units
/// (`Spoken.Rewrite`, `LanguageSpan`): the one offset mapper of the library.
///
/// Results ask for offsets in increasing order, so the mapper walks forward from the last
/// offset asked (linear over a whole text, no table); an earlier index restarts the walk
/// from the start.
struct UTF16Offsets {
    private let scalars: [Unicode.Scalar]
    private var scalar = 0
    private var utf16 = 0

    init(_ scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    /// The UTF-16 offset of the scalar at `index` (`index` may be `scalars.count`, the end).
    mutating func offset(ofScalar index: Int) -> Int {
        if index < scalar {
            scalar = 0
            utf16 = 0
        }
        while scalar < index {
            utf16 += scalars[scalar].value > 0xFFFF ? 2 : 1
            scalar += 1
        }
        return utf16
    }
}
