/// One pass of `AbbreviationExpander` over a text: classifies each Unicode scalar once,
/// marks protected chunks (URLs, e-mails, code, format specifiers), then walks word and
/// number starts, trying in turn money, units, ordinals and the dictionary.
///
/// Our own scanner rather than ICU's word break iterator or regexes: it needs the
/// neighbours of each token (number before, name after, sentence start), and a
/// table-driven pass over scalars is what meets the throughput target.
struct ExpansionScan {
    enum Class: UInt8 { case other, letter, digit, space, newline }

    let text: String
    let expander: AbbreviationExpander
    let matcher: AbbreviationMatcher
    let data: AbbreviationLocaleData
    let s: [Unicode.Scalar]
    /// The text's UTF-8 and, per scalar index, its UTF-8 offset (count + 1 entries): pieces of
    /// the input are copied and cut as bytes, never rebuilt scalar by scalar.
    let utf8: [UInt8]
    var utf8Offsets: [Int]
    var classes: [Class]
    var protected: [Bool]

    var output: [UInt8] = []
    var rewrites: [Spoken.Rewrite] = []
    var copied = 0
    var inputUTF16Cursor = (scalar: 0, utf16: 0)
    var outputScalars = 0
    var outputUTF16 = 0

    init(text: String, expander: AbbreviationExpander) {
        self.text = text
        self.expander = expander
        matcher = expander.matcher
        data = expander.data
        s = Array(text.unicodeScalars)
        utf8 = Array(text.utf8)
        utf8Offsets = []
        classes = []
        protected = []
    }

    mutating func run() throws -> (text: String, rewrites: [Spoken.Rewrite]) {
        classify()
        utf8Offsets[s.count] = utf8.count
        markProtectedChunks()
        var p = 0
        let n = s.count
        while p < n {
            if protected[p] {
                while p < n && protected[p] { p += 1 }
                continue
            }
            let c = classes[p]
            if c == .space || c == .newline { p += 1; continue }
            let atStart = p == 0 || !(classes[p - 1] == .letter || classes[p - 1] == .digit)
            if atStart, let match = try matchAt(p) {
                emit(match)
                p = match.end
                continue
            }
            if c == .letter || c == .digit {
                // Skip the rest of the word or digit run: never match inside it.
                while p < n && classes[p] == c { p += 1 }
            } else {
                p += 1
            }
        }
        return finish()
    }

    // MARK: Classes and protection

    mutating func classify() {
        classes = [Class](repeating: .other, count: s.count)
        protected = [Bool](repeating: false, count: s.count)
        utf8Offsets = [Int](repeating: 0, count: s.count + 1)
        var offset = 0
        for i in s.indices {
            let v = s[i].value
            utf8Offsets[i] = offset
            offset += v < 0x80 ? 1 : v < 0x800 ? 2 : v < 0x10000 ? 3 : 4
            if v < 0x80 {
                switch v {
                case 0x30...0x39: classes[i] = .digit
                case 0x41...0x5A, 0x61...0x7A: classes[i] = .letter
                case 0x0A, 0x0D: classes[i] = .newline
                case 0x20, 0x09, 0x0B, 0x0C: classes[i] = .space
                default: break
                }
            } else {
                let properties = s[i].properties
                if v == 0x2028 || v == 0x2029 || v == 0x85 {
                    classes[i] = .newline
                } else if properties.isWhitespace {
                    classes[i] = .space
                } else if properties.isAlphabetic || properties.generalCategory == .nonspacingMark {
                    classes[i] = .letter
                }
            }
        }
    }

    /// A chunk (maximal run without whitespace) that is a URL, an e-mail address, a
    /// hashtag or mention, a format specifier or placeholder, or looks like code, is
    /// protected as a whole.
    mutating func markProtectedChunks() {
        var start = 0
        let n = s.count
        while start < n {
            while start < n && (classes[start] == .space || classes[start] == .newline) { start += 1 }
            var end = start
            while end < n && !(classes[end] == .space || classes[end] == .newline) { end += 1 }
            if end > start && isProtectedChunk(start, end) {
                for i in start..<end { protected[i] = true }
            }
            start = end
        }
    }

    func isProtectedChunk(_ start: Int, _ end: Int) -> Bool {
        var letterDotLetter = false
        for i in start..<end {
            switch s[i] {
            case "@", "_", "\\", "{", "}", "<", ">", "=", "`", "|", "^", "~", "[", "]":
                return true
            case "#":
                // Hashtags ("#SpokenForm"); a lone "#" or "#1" is left alone.
                if i + 1 < end && classes[i + 1] == .letter { return true }
            case ":":
                if i + 2 < end && s[i + 1] == "/" && s[i + 2] == "/" { return true }
            case "%":
                if !isPercentSign(at: i, chunkEnd: end) { return true }
            case "$":
                // "$5" is money; "$x", "$(…)" and "1$" inside specifiers are code.
                if i + 1 < end && !(classes[i + 1] == .digit || s[i + 1] == "-") && s[i + 1] != "." && s[i + 1] != "," { return true }
            case ".":
                if i > start && i + 1 < end && classes[i - 1] == .letter && classes[i + 1] == .letter { letterDotLetter = true }
            case "/":
                // Paths ("/usr/bin", "a/b/c").
                if i == start && i + 1 < end && classes[i + 1] == .letter { return true }
            default:
                break
            }
        }
        // Dotfiles and extensions (".env", ".txt").
        if end - start >= 2 && s[start] == "." && classes[start + 1] == .letter { return true }
        if end - start >= 4 && s[start] == "w" && s[start + 1] == "w" && s[start + 2] == "w" && s[start + 3] == "." { return true }
        if letterDotLetter {
            // "z.B." and "p.ex." are abbreviations; "example.com" and "file.txt" are not.
            var trimmedEnd = end
            while trimmedEnd > start, ",;:!?)»\"'’".unicodeScalars.contains(s[trimmedEnd - 1]) { trimmedEnd -= 1 }
            var trimmedStart = start
            while trimmedStart < trimmedEnd, "(«\"'‘".unicodeScalars.contains(s[trimmedStart]) { trimmedStart += 1 }
            return !matcher.dottedKeys.contains(Array(s[trimmedStart..<trimmedEnd]))
        }
        return false
    }

    /// "25%", "25 %", "100% sûr": a percent sign. "%d", "%1$lld", "%@", "% d": a format specifier.
    func isPercentSign(at i: Int, chunkEnd: Int) -> Bool {
        let afterIsWordLike = i + 1 < chunkEnd && (classes[i + 1] == .letter || classes[i + 1] == .digit || "@#$%*.-+'".unicodeScalars.contains(s[i + 1]))
        if afterIsWordLike { return false }
        if i > 0 && classes[i - 1] == .digit { return true }
        // A lone "%" after a number and a space; "% d" (space flag) is a specifier in code but
        // reads as a sign after a number, which is what UI text means by it.
        var j = i - 1
        while j >= 0 && classes[j] == .space { j -= 1 }
        return j >= 0 && classes[j] == .digit && (i + 1 >= chunkEnd || classes[i + 1] != .letter)
    }

    // MARK: Matches

    struct Match {
        var kind: Spoken.Rewrite.Kind
        var start: Int
        var end: Int
        var spoken: String
    }

    func matchAt(_ p: Int) throws -> Match? {
        let c = classes[p]
        if c == .digit {
            return try matchNumberPhrase(numberStart: p, signStart: signStart(before: p))
        }
        if let m = try matchMoneyPrefix(at: p) { return m }
        if (s[p] == "-" || s[p] == "\u{2212}"), p + 1 < s.count {
            if let m = try matchMoneyPrefix(at: p + 1, signAt: p) { return m }
            if classes[p + 1] == .digit, p == 0 || isSpace(p - 1) { return try matchNumberPhrase(numberStart: p + 1, signStart: p) }
        }
        return try matchDictionary(at: p)
    }

    func isSpace(_ i: Int) -> Bool { i >= 0 && i < s.count && (classes[i] == .space || classes[i] == .newline) }

    /// A minus sign right before a number, at a word start ("-3,20 €", not "10-12").
    func signStart(before p: Int) -> Int? {
        guard p > 0, s[p - 1] == "-" || s[p - 1] == "\u{2212}" else { return nil }
        return p - 1 == 0 || isSpace(p - 2) ? p - 1 : nil
    }

    /// Where a number written in the locale's notation ends ("1 234,56", "1,234.56", "10.5").
    func numberEnd(from p: Int) -> Int {
        let n = s.count
        var q = p
        while q < n && classes[q] == .digit { q += 1 }
        var lastGroup = q - p
        while q < n {
            if (s[q] == "." || s[q] == ","), q + 1 < n, classes[q + 1] == .digit {
                q += 1
                let groupStart = q
                while q < n && classes[q] == .digit { q += 1 }
                lastGroup = q - groupStart
                continue
            }
            if expander.groupsWithSpaces, classes[q] == .space, s[q] != "\t", lastGroup <= 3, q + 3 < n,
               (1...3).allSatisfy({ classes[q + $0] == .digit }),
               q + 4 >= n || classes[q + 4] != .digit {
                q += 4
                lastGroup = 3
                continue
            }
            break
        }
        return q
    }

    /// Skips horizontal spaces (not line breaks) from `i`.
    func skipSpaces(_ i: Int) -> Int {
        var j = i
        while j < s.count && classes[j] == .space { j += 1 }
        return j
    }

    func string(_ start: Int, _ end: Int) -> String {
        String(decoding: utf8[utf8Offsets[start]..<utf8Offsets[end]], as: UTF8.self)
    }

    func parseNumber(_ start: Int, _ end: Int, negative: Bool) -> DecimalText? {
        // Plain digits, the common case, without the locale parser's general rules.
        if (start..<end).allSatisfy({ classes[$0] == .digit }) {
            return DecimalText(isNegative: negative, integer: string(start, end))
        }
        // Digits, the locale's decimal separator, digits ("12,50" in fr, "12.50" in en).
        if let separator = (start..<end).first(where: { classes[$0] != .digit }), s[separator] == expander.decimalSeparator,
           separator > start, separator + 1 < end, (separator + 1..<end).allSatisfy({ classes[$0] == .digit }) {
            return DecimalText(isNegative: negative, integer: string(start, separator), fraction: string(separator + 1, end))
        }
        guard var value = try? expander.numbers.parse(string(start, end)) else { return nil }
        if negative { value.isNegative = !(value.integer == "0" && value.fraction.allSatisfy { $0 == "0" }) }
        return value
    }

    /// Does `pattern` occur at `i`, whole (not followed by more of a word)?
    func occurs(_ pattern: [Unicode.Scalar], at i: Int) -> Bool {
        guard i + pattern.count <= s.count else { return false }
        for k in pattern.indices where s[i + k] != pattern[k] { return false }
        for k in pattern.indices where protected[i + k] { return false }
        let end = i + pattern.count
        guard end < s.count, let last = pattern.last else { return true }
        let lastIsWord = last.properties.isAlphabetic || ("0"..."9").contains(last)
        if lastIsWord || last == "." { return !(classes[end] == .letter || classes[end] == .digit) }
        return true
    }
}
