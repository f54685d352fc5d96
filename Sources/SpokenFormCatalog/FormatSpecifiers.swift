import SpokenForm

/// The format specifiers of a value, by the grammar of printf and `String(format:)`:
/// `%` [`N$`] [flags `-+ 0#'`] [width] [`.`precision] [length `hh h l ll q L z t j`]
/// conversion `[@dDiuUxXoOfFeEgGaAcCsSp%]`, plus `%#@name@`, `%N$#@name@`, `%N#@name@`
/// and `%arg`.
///
/// `%` is a conversion after flags too, as printf's grammar has it: `% %` is one
/// specifier (glibc prints a percent sign; CoreFoundation consumes both), so in
/// "5 % %1$@" the second `%` belongs to the first and `%1$@` is no specifier; a spoken
/// "cinq pour cent %1$@" would gain an argument and is kept as it was.
///
/// Deliberately strict and context-free, unlike the text normaliser's own reading (which
/// takes "25 %" for a percent sign): whatever `String(format:)` would consume counts, so
/// "100% anonym" holds the specifier `% a`. A converted value whose list differs from
/// its original's is not written.
public enum FormatSpecifiers {
    /// Every specifier of `text` in order of appearance, each as written.
    public static func list(in text: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        return ranges(in: text).map { String(String.UnicodeScalarView(scalars[$0])) }
    }

    /// The scalar ranges of `text`'s specifiers, in order: where markup must not cut.
    public static func ranges(in text: String) -> [Range<Int>] {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return [] }
        let scalars = Array(text.unicodeScalars)
        var found: [Range<Int>] = []
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "%" else { index += 1; continue }
            if let end = specifierEnd(scalars, at: index) {
                found.append(index..<end)
                index = end
            } else {
                index += 1
            }
        }
        return found
    }

    /// The specifiers of `text` as a sorted list: two values hold the same multiset of
    /// specifiers when these are equal.
    public static func multiset(of text: String) -> [String] {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return [] }
        return list(in: text).sorted()
    }

    /// The grammar's end of the specifier at `start` (`PrintfGrammar`, shared with running text).
    static func specifierEnd(_ s: [Unicode.Scalar], at start: Int) -> Int? { PrintfGrammar.specifierEnd(s, at: start) }
}
