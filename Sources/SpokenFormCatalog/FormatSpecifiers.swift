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

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    private static func isNameChar(_ scalar: Unicode.Scalar) -> Bool {
        isDigit(scalar) || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_"
    }

    static func specifierEnd(_ s: [Unicode.Scalar], at start: Int) -> Int? {
        let n = s.count
        var j = start + 1
        guard j < n else { return nil }
        if s[j] == "%" { return j + 1 }
        var k = j
        while k < n && isDigit(s[k]) { k += 1 }
        // `%1$…` positional; `%1#@name@` (a form real .stringsdict files use) has no `$`.
        if k > j && k < n && s[k] == "$" { j = k + 1 } else if k > j && k + 1 < n && s[k] == "#" && s[k + 1] == "@" { j = k }
        if j + 1 < n && s[j] == "#" && s[j + 1] == "@" {
            var e = j + 2
            while e < n && isNameChar(s[e]) { e += 1 }
            if e < n && e > j + 2 && s[e] == "@" { return e + 1 }
        }
        if j + 2 < n && s[j] == "a" && s[j + 1] == "r" && s[j + 2] == "g" && !(j + 3 < n && isNameChar(s[j + 3])) { return j + 3 }
        while j < n && "-+ 0#'".unicodeScalars.contains(s[j]) { j += 1 }
        if j < n && s[j] == "*" { j += 1 } else { while j < n && isDigit(s[j]) { j += 1 } }
        if j < n && s[j] == "." {
            j += 1
            if j < n && s[j] == "*" { j += 1 } else { while j < n && isDigit(s[j]) { j += 1 } }
        }
        if j + 1 < n && ((s[j] == "h" && s[j + 1] == "h") || (s[j] == "l" && s[j + 1] == "l")) {
            j += 2
        } else if j < n && "hlqLztj".unicodeScalars.contains(s[j]) {
            j += 1
        }
        guard j < n, "@dDiuUxXoOfFeEgGaAcCsSp%".unicodeScalars.contains(s[j]) else { return nil }
        return j + 1
    }
}
