/// A text as the detectors of `TextNormalizer` see it: its Unicode scalars, a class per
/// scalar, offset tables from scalar index to UTF-8 and UTF-16 offsets, and the
/// protected regions no detector may touch.
///
/// Scalars rather than `Character`s: offsets must be stable and cheap (`Character`
/// indexing is not O(1)) and the ranges handed back count scalars and UTF-16 units.
/// Our own table-driven pass rather than ICU's word break iterator or regexes: the
/// detectors look at neighbours (the word before a number, the unit after it), and
/// one pass over scalars is what meets the throughput target.
struct ScannedText {
    enum CharClass: UInt8 { case other, letter, digit, space, newline }

    let text: String
    let scalars: [Unicode.Scalar]
    let classes: [CharClass]
    /// Per scalar index, its UTF-8 offset (count + 1 entries).
    let utf8Offsets: [Int]
    let utf8: [UInt8]
    /// Per scalar index, `true` when it lies in a protected region.
    private(set) var protected: [Bool]
    /// How many ASCII digits the text holds (detectors that need digits skip texts without).
    let digitCount: Int

    var count: Int { scalars.count }

    init(_ text: String) {
        self.text = text
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(text.utf8.count)
        var classes: [CharClass] = []
        classes.reserveCapacity(text.utf8.count)
        var offsets: [Int] = []
        offsets.reserveCapacity(text.utf8.count + 1)
        var offset = 0
        var digits = 0
        for scalar in text.unicodeScalars {
            scalars.append(scalar)
            offsets.append(offset)
            let v = scalar.value
            offset += v < 0x80 ? 1 : v < 0x800 ? 2 : v < 0x10000 ? 3 : 4
            let c: CharClass
            if v < 0x80 {
                switch v {
                case 0x30...0x39: c = .digit; digits += 1
                case 0x41...0x5A, 0x61...0x7A: c = .letter
                case 0x0A, 0x0D: c = .newline
                case 0x20, 0x09, 0x0B, 0x0C: c = .space
                default: c = .other
                }
            } else if v == 0x2028 || v == 0x2029 || v == 0x85 {
                c = .newline
            } else {
                let properties = scalar.properties
                if properties.isWhitespace {
                    c = .space
                } else if properties.isAlphabetic || properties.generalCategory == .nonspacingMark {
                    c = .letter
                } else {
                    c = .other
                }
            }
            classes.append(c)
        }
        offsets.append(offset)
        self.scalars = scalars
        self.classes = classes
        utf8Offsets = offsets
        utf8 = Array(text.utf8)
        digitCount = digits
        protected = [Bool](repeating: false, count: scalars.count)
    }

    // MARK: Reading

    func string(_ start: Int, _ end: Int) -> String {
        String(decoding: utf8[utf8Offsets[start]..<utf8Offsets[end]], as: UTF8.self)
    }

    func isSpace(_ i: Int) -> Bool { i >= 0 && i < count && (classes[i] == .space || classes[i] == .newline) }
    func isDigit(_ i: Int) -> Bool { i >= 0 && i < count && classes[i] == .digit }
    func isLetter(_ i: Int) -> Bool { i >= 0 && i < count && classes[i] == .letter }
    func isWordChar(_ i: Int) -> Bool { i >= 0 && i < count && (classes[i] == .letter || classes[i] == .digit) }
    func scalar(_ i: Int) -> Unicode.Scalar? { i >= 0 && i < count ? scalars[i] : nil }
    /// Whether the scalar at `i` is one of `set`'s. A `StaticString` so that the common
    /// ASCII case compares bytes, without building a String on every call (the hot path).
    func isOneOf(_ i: Int, _ set: StaticString) -> Bool {
        guard i >= 0 && i < count else { return false }
        let value = scalars[i].value
        if value < 0x80 {
            // An ASCII byte never occurs inside a multi-byte UTF-8 sequence.
            let bytes = UnsafeBufferPointer(start: set.utf8Start, count: set.utf8CodeUnitCount)
            return bytes.contains(UInt8(value))
        }
        return set.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }.unicodeScalars.contains(scalars[i])
    }

    /// Skips horizontal spaces (not line breaks) from `i`.
    func skipSpaces(_ i: Int) -> Int {
        var j = i
        while j < count && classes[j] == .space { j += 1 }
        return j
    }

    /// Skips horizontal spaces backwards from `i - 1`; returns the index after the last non-space.
    func skipSpacesBack(_ i: Int) -> Int {
        var j = i
        while j > 0 && classes[j - 1] == .space { j -= 1 }
        return j
    }

    func digitRunEnd(_ i: Int) -> Int {
        var j = i
        while j < count && classes[j] == .digit { j += 1 }
        return j
    }

    func letterRunEnd(_ i: Int) -> Int {
        var j = i
        while j < count && classes[j] == .letter { j += 1 }
        return j
    }

    /// The integer value of the digits `start..<end` (nil past 18 digits).
    func integer(_ start: Int, _ end: Int) -> Int? {
        guard end > start, end - start <= 18 else { return nil }
        var value = 0
        for i in start..<end {
            guard classes[i] == .digit else { return nil }
            value = value * 10 + Int(scalars[i].value - 0x30)
        }
        return value
    }

    /// The word (letters, apostrophes inside) ending right before `i`, skipping spaces:
    /// what a context word list is matched against. Lowercased.
    func wordBefore(_ i: Int) -> (word: String, start: Int)? {
        var end = skipSpacesBack(i)
        // "No. 5", "n° 5", "n.º 5": the abbreviation's period or degree sign is not part of the word.
        var marks = 0
        while end > 0 && marks < 2 && isOneOf(end - 1, ".°º:") { end -= 1; marks += 1 }
        if marks > 0 { end = skipSpacesBack(end) }
        guard end > 0, classes[end - 1] == .letter else { return nil }
        var start = end
        // "l'an", "jusqu'au": an apostrophe inside the word belongs to it.
        while start > 0 && (classes[start - 1] == .letter || (isOneOf(start - 1, "'’") && isLetter(start - 2))) { start -= 1 }
        return (string(start, end).lowercased(), start)
    }

    /// The word starting at `i` (letters), lowercased, and where it ends.
    func word(at i: Int) -> (word: String, end: Int)? {
        guard isLetter(i) else { return nil }
        let end = letterRunEnd(i)
        return (string(i, end).lowercased(), end)
    }

    /// At the start of the text, of a line, or after ". ", "! ", "? " (opening quotes skipped).
    func isSentenceStart(_ p: Int) -> Bool {
        var j = p - 1
        while j >= 0, isOneOf(j, "(«\"'‘“¿¡") { j -= 1 }
        var sawSpace = false
        while j >= 0 && classes[j] == .space { j -= 1; sawSpace = true }
        if j < 0 || classes[j] == .newline { return true }
        return sawSpace && isOneOf(j, ".!?…:")
    }

    func isProtected(_ start: Int, _ end: Int) -> Bool {
        for i in start..<end where protected[i] { return true }
        return false
    }

    // MARK: Protected regions

    /// Marks what no detector may rewrite: format specifiers (the grammar of
    /// FORMATS.md), `%#@name@` placeholders, `{name}`, `{{x}}`, `$(VAR)`, `${VAR}`,
    /// markup tags and entities, URLs and e-mail addresses, and code-like identifiers.
    mutating func markProtectedRegions(keepURLs: Bool = true) {
        let n = count
        var i = 0
        while i < n {
            let c = scalars[i]
            switch c {
            case "%":
                if let end = formatSpecifierEnd(at: i) { mark(i, end); i = end; continue }
            case "{":
                if let end = closing("}", from: i + 1, limit: 128), end > i + 1 {
                    var e = end + 1
                    if e < n && scalars[e] == "}" && i + 1 < n && scalars[i + 1] == "{" { e += 1 }
                    mark(i, e); i = e; continue
                }
            case "$":
                if i + 1 < n && (scalars[i + 1] == "(" || scalars[i + 1] == "{"),
                   let end = closing(scalars[i + 1] == "(" ? ")" : "}", from: i + 2, limit: 128) {
                    mark(i, end + 1); i = end + 1; continue
                }
                if i + 1 < n && (isLetter(i + 1) || scalars[i + 1] == "_") {
                    var e = i + 1
                    while e < n && (isWordChar(e) || scalars[e] == "_") { e += 1 }
                    mark(i, e); i = e; continue
                }
            case "<":
                // A tag: "<b>", "</a>", "<br/>", "<a href='…'>"; "3 < 5" is not one.
                if i + 1 < n && (isLetter(i + 1) || scalars[i + 1] == "/" || scalars[i + 1] == "!"),
                   let end = closing(">", from: i + 1, limit: 512) {
                    mark(i, end + 1); i = end + 1; continue
                }
            case "&":
                // An entity: "&amp;", "&#8217;".
                var e = i + 1
                if e < n && scalars[e] == "#" { e += 1 }
                let start = e
                while e < n && isWordChar(e) && e - start < 10 { e += 1 }
                if e > start && e < n && scalars[e] == ";" { mark(i, e + 1); i = e + 1; continue }
            default:
                break
            }
            if classes[i] == .space || classes[i] == .newline { i += 1; continue }
            // A chunk: the maximal run without whitespace from here.
            var end = i
            while end < n && !(classes[end] == .space || classes[end] == .newline) { end += 1 }
            if let (from, to) = protectedChunk(i, end, keepURLs: keepURLs) { mark(from, to) }
            // Continue inside the chunk: a specifier or placeholder may sit within it.
            i += 1
            while i < end && !isOneOf(i, "%{$<&") { i += 1 }
        }
    }

    private mutating func mark(_ start: Int, _ end: Int) {
        for k in start..<min(end, count) { protected[k] = true }
    }

    private func closing(_ scalar: Unicode.Scalar, from i: Int, limit: Int) -> Int? {
        var j = i
        while j < count && j - i < limit {
            if scalars[j] == scalar { return j }
            if classes[j] == .newline { return nil }
            j += 1
        }
        return nil
    }

    /// A printf/NSString specifier at `i` (FORMATS.md): `%` [N$] [flags -+ 0#'] [width]
    /// [.precision] [length hh h l ll q L z t j] conversion, `%#@name@`, `%N$#@name@`,
    /// `%arg`. A `%` after a number ("25 %", "100% sûr") is a percent sign.
    func formatSpecifierEnd(at i: Int) -> Int? {
        let n = count
        // "25%", "25 %": a percent sign after a number, unless a specifier's shape follows.
        var back = i - 1
        while back >= 0 && classes[back] == .space && i - back <= 1 { back -= 1 }
        let afterNumber = back >= 0 && classes[back] == .digit
        var j = i + 1
        guard j < n else { return nil }
        if scalars[j] == "%" { return afterNumber ? nil : j + 1 }
        // Positional argument "1$".
        var k = j
        while k < n && classes[k] == .digit { k += 1 }
        if k > j && k < n && scalars[k] == "$" {
            j = k + 1
        } else if k > j && k + 1 < n && scalars[k] == "#" && scalars[k + 1] == "@" {
            // "%1#@count@": real .stringsdict files number a substitution without "$".
            j = k
        }
        // "%#@name@", "%1$#@name@" and "%1#@name@".
        if j + 1 < n && scalars[j] == "#" && scalars[j + 1] == "@" {
            var e = j + 2
            while e < n && (isWordChar(e) || scalars[e] == "_") { e += 1 }
            if e < n && scalars[e] == "@" { return e + 1 }
            return nil
        }
        // "%arg" (string catalog substitution leaves).
        if j + 2 < n && scalars[j] == "a" && scalars[j + 1] == "r" && scalars[j + 2] == "g" && !isWordChar(j + 3) { return j + 3 }
        let flagsStart = j
        while isOneOf(j, "-+ 0#'") { j += 1 }
        let hasFlags = j > flagsStart
        while j < n && classes[j] == .digit { j += 1 }
        if j < n && scalars[j] == "." { j += 1; while j < n && classes[j] == .digit { j += 1 } }
        let lengthStart = j
        while j - lengthStart < 2 && isOneOf(j, "hlqLztj") { j += 1 }
        guard isOneOf(j, "@dDiuUxXoOfFeEgGaAcCsSp") else { return nil }
        // After a number, "% de remise", "% d'économie", "%, " read as a percent sign and a word.
        if afterNumber && j == i + 1 + (hasFlags ? 1 : 0) && (isLetter(j + 1) || isOneOf(j + 1, "'’") || hasFlags) { return nil }
        return j + 1
    }

    /// A chunk that is a URL, an e-mail address, a hashtag or mention, a path, or looks
    /// like code (snake_case, dotted identifiers, letters glued to digits), as a range.
    private func protectedChunk(_ start: Int, _ end: Int, keepURLs: Bool) -> (Int, Int)? {
        // Leading and trailing punctuation is not part of a URL or identifier ("(www.a.fr).").
        var from = start
        while from < end && isOneOf(from, "(«\"'‘“[") { from += 1 }
        var to = end
        while to > from && isOneOf(to - 1, ",;:!?)»\"'’”].") { to -= 1 }
        guard to > from else { return nil }
        var hasLetter = false, hasDigit = false, letterDotLetter = false, underscore = false, at = -1
        var letterThenDigit = false
        for k in from..<to {
            let s = scalars[k]
            switch classes[k] {
            case .letter:
                hasLetter = true
            case .digit:
                if hasLetter && k > from && classes[k - 1] == .letter { letterThenDigit = true }
                hasDigit = true
            default:
                switch s {
                case "_", "\\", "`", "|", "^", "~", "=": underscore = true
                case "@": at = k
                case ":":
                    if k + 2 < to && scalars[k + 1] == "/" && scalars[k + 2] == "/" { return keepURLs ? (from, to) : nil }
                case ".":
                    // "example.com", "file.txt": two letters or more on each side ("n.º", "a.m." are abbreviations).
                    if k > from + 1 && k + 2 < to && classes[k - 1] == .letter && classes[k - 2] == .letter
                        && classes[k + 1] == .letter && classes[k + 2] == .letter { letterDotLetter = true }
                case "#":
                    if k == from && k + 1 < to && classes[k + 1] == .letter { return (from, to) }
                case "/":
                    if k == from && k + 1 < to && classes[k + 1] == .letter { return (from, to) }
                default: break
                }
            }
        }
        _ = hasDigit
        if at > from && at + 1 < to { return keepURLs ? (from, to) : nil }
        if at == from && at + 1 < to && classes[at + 1] == .letter { return (from, to) }
        if underscore { return (from, to) }
        if to - from >= 4 && scalars[from] == "w" && scalars[from + 1] == "w" && scalars[from + 2] == "w" && scalars[from + 3] == "." {
            return keepURLs ? (from, to) : nil
        }
        // "example.com", "file.txt", "com.apple.foo" (not "z.B." or "p.ex.": those end with a period and are short).
        if letterDotLetter && end > to - 1 && !(scalars[end - 1] == "." && to - from <= 6) {
            let dotted = string(from, end)
            if !dotted.hasSuffix(".") || dotted.filter({ $0 == "." }).count < 2 { return (from, to) }
        }
        // "A4", "x86", "v2", "MP3", "COVID-19", "iPhone15": letters glued to digits are names and codes.
        if letterThenDigit && classes[from] == .letter { return (from, to) }
        // camelCase inside a word ("fooBar"), not "iPhone" (one leading lowercase letter) nor "McDonald".
        var k = from + 2
        while k < to {
            if classes[k] == .letter && scalars[k].properties.isUppercase && classes[k - 1] == .letter
                && scalars[k - 1].properties.isLowercase && classes[k - 2] == .letter && scalars[k - 2].properties.isLowercase
                && !(k - 2 == from) {
                return (from, to)
            }
            k += 1
        }
        return nil
    }

    // MARK: UTF-16

    /// UTF-16 offsets per scalar index (count + 1 entries), computed when a rewrite needs them.
    func utf16Offsets() -> [Int] {
        var offsets = [Int](repeating: 0, count: count + 1)
        var offset = 0
        for i in 0..<count {
            offsets[i] = offset
            offset += scalars[i].value > 0xFFFF ? 2 : 1
        }
        offsets[count] = offset
        return offsets
    }

    /// The scalar index of a UTF-8 offset (binary search; offsets inside a scalar round down).
    func scalarIndex(utf8Offset: Int) -> Int {
        var low = 0, high = count
        while low < high {
            let mid = (low + high + 1) / 2
            if utf8Offsets[mid] <= utf8Offset { low = mid } else { high = mid - 1 }
        }
        return low
    }
}
