/// The one grammar of printf and NSString format specifiers (FORMATS.md): `%` [N$] [flags
/// -+ 0#'] [width or *] [.precision or .*] [length hh ll h l q L z t j] conversion, `%%`,
/// `%#@name@`, `%N$#@name@`, `%N#@name@` (a form real .stringsdict files use), and `%arg`
/// (string catalog substitution leaves). The catalog reads specifiers with it to keep them
/// (`FormatSpecifiers`); running text protects them with it (`ScannedText.formatSpecifierEnd`,
/// which adds the context that makes "25 %" a percent sign). Before, each had its own.
package enum PrintfGrammar {
    /// Where the specifier starting with the `%` at `start` ends; nil when none starts there.
    package static func specifierEnd(_ s: [Unicode.Scalar], at start: Int) -> Int? {
        let n = s.count
        var j = start + 1
        guard j < n else { return nil }
        if s[j] == "%" { return j + 1 }
        var k = j
        while k < n && isDigit(s[k]) { k += 1 }
        if k > j && k < n && s[k] == "$" { j = k + 1 } else if k > j && k + 1 < n && s[k] == "#" && s[k + 1] == "@" { j = k }
        if j + 1 < n && s[j] == "#" && s[j + 1] == "@" {
            var e = j + 2
            while e < n && isNameChar(s[e]) { e += 1 }
            if e < n && e > j + 2 && s[e] == "@" { return e + 1 }
        }
        if j + 2 < n && s[j] == "a" && s[j + 1] == "r" && s[j + 2] == "g" && !(j + 3 < n && isNameChar(s[j + 3])) { return j + 3 }
        while j < n && isFlag(s[j]) { j += 1 }
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

    /// A flag of the grammar: `-`, `+`, space, `0`, `#`, `'`.
    package static func isFlag(_ scalar: Unicode.Scalar) -> Bool { "-+ 0#'".unicodeScalars.contains(scalar) }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    private static func isNameChar(_ scalar: Unicode.Scalar) -> Bool {
        isDigit(scalar) || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_"
    }
}
