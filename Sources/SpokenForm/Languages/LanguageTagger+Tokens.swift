/// Words of the text: scalars split into tokens (letters of one script with their marks,
/// digits and inner joiners), elided articles split off, and the lowercase UTF-8 keys the
/// model and the lexicon are looked up by.
extension LanguageTagger {
    // MARK: Tokens

    /// The flags in one byte: 24 bytes a token instead of 32 (a huge line holds a token every
    /// few scalars; issue 18, finding 5).
    struct Token {
        var start: Int
        var end: Int
        /// ICU script code of the token's letters (25 Latin); 0 for numbers.
        var script: Int32
        private var flags: UInt8 = 0

        init(start: Int, end: Int, script: Int32, hasUpper: Bool, hasLower: Bool, hasDigit: Bool, hasLetter: Bool,
             isIdentifier: Bool) {
            self.start = start
            self.end = end
            self.script = script
            self.hasUpper = hasUpper
            self.hasLower = hasLower
            self.hasDigit = hasDigit
            self.hasLetter = hasLetter
            self.isIdentifier = isIdentifier
        }

        var hasUpper: Bool { get { flag(0) } set { setFlag(0, newValue) } }
        var hasLower: Bool { get { flag(1) } set { setFlag(1, newValue) } }
        var hasDigit: Bool { get { flag(2) } set { setFlag(2, newValue) } }
        var hasLetter: Bool { get { flag(3) } set { setFlag(3, newValue) } }
        /// Joined by "_": an identifier from code, not a word.
        var isIdentifier: Bool { get { flag(4) } set { setFlag(4, newValue) } }
        /// Part of code in running text (a path, a dotted or colon name, a call, template
        /// syntax, an option, a lowerCamelCase or kebab-case identifier): never a span.
        var isCode: Bool { get { flag(5) } set { setFlag(5, newValue) } }

        @inline(__always)
        private func flag(_ bit: UInt8) -> Bool { flags & (1 << bit) != 0 }

        @inline(__always)
        private mutating func setFlag(_ bit: UInt8, _ value: Bool) {
            if value { flags |= 1 << bit } else { flags &= ~(1 << bit) }
        }
    }

    /// Buffers reused across the segments of one call.
    struct Scratch {
        var tokens: [Token] = []
        var key: [UInt8] = []
        var wordKey: [UInt8] = []      // a second key, for the later words of lexicon entries
        var emissions: [Float] = []
        var forced: [Int32] = []       // per token: -1 free, else forced state
        var lexiconSpan: [Bool] = []   // per token: matched by a lexicon entry
        /// The span model's inputs and outputs, per token (`LanguageTagger+SpanModel.swift`).
        var modelWord: [Bool] = []
        var spanFeatures: [Float] = []
        var spanProbabilities: [Float] = []
        /// Computes the span model's features even without weights (for the training script).
        var recordSpanModel = false
        /// When recording: the spans the span model does not decide (lexicon terms, other scripts, other languages).
        var fixedSpans: [ScalarSpan] = []
    }

    @inline(__always)
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\u{A0}" || scalar == "\u{202F}" || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }

    /// True when `s[from..<to]` is one or more spaces.
    static func onlySpaces(_ s: [Unicode.Scalar], _ from: Int, _ to: Int) -> Bool {
        from < to && s[from..<to].allSatisfy(isSpace)
    }

    @inline(__always)
    static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value >= 0x30 && scalar.value <= 0x39) || (scalar.value > 0x7F && scalar.properties.numericType == .decimal)
    }

    /// Apostrophes and hyphens join two letters into one token ("l'école", "week-end");
    /// a dot joins letters too ("Node.js"), since sentence dots are followed by a space;
    /// an underscore joins an identifier ("huge_page_size").
    @inline(__always)
    static func isJoiner(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "'" || scalar == "\u{2019}" || scalar == "-" || scalar == "\u{2010}" || scalar == "." || scalar == "_"
    }

    /// Splits scalars into tokens: letters of one script (with their combining marks,
    /// digits and inner joiners), or number-only tokens. Everything else separates.
    static func tokenize(_ s: [Unicode.Scalar], from: Int, to: Int, into tokens: inout [Token]) {
        tokens.removeAll(keepingCapacity: true)
        var i = from
        while i < to {
            let c = s[i]
            let script = LanguageTagger.script(of: c)
            let digit = script == common && isDigit(c)
            guard script > inherited || digit else { i += 1; continue }
            var token = Token(start: i, end: i + 1, script: digit ? common : script,
                              hasUpper: isUpper(c), hasLower: isLower(c),
                              hasDigit: digit, hasLetter: !digit, isIdentifier: false)
            i += 1
            while i < to {
                let c = s[i]
                var sc = LanguageTagger.script(of: c)
                if sc == inherited { i += 1; continue }  // combining marks stay with their letter
                if sc == common, isDigit(c) {
                    token.hasDigit = true
                    i += 1
                    continue
                }
                if sc == common, isJoiner(c), i + 1 < to {
                    let next = LanguageTagger.script(of: s[i + 1])
                    let same = token.script == common || next == token.script || (ICUScript.isHanLike(next) && ICUScript.isHanLike(token.script))
                    if next > inherited || isDigit(s[i + 1]), same || c == "_", c != "." || token.script == latin {
                        if c == "_" { token.isIdentifier = true }
                        sc = next
                        i += 1
                        continue
                    }
                }
                guard sc > inherited else { break }
                if token.script == common { token.script = sc } else if sc != token.script, !(ICUScript.isHanLike(sc) && ICUScript.isHanLike(token.script)) { break }
                token.hasLetter = true
                if isUpper(c) { token.hasUpper = true } else if isLower(c) { token.hasLower = true }
                i += 1
            }
            token.end = i
            tokens.append(token)
        }
    }

    /// Case tests with an ASCII fast path (Unicode properties cost more than the rest of a word).
    @inline(__always)
    static func isUpper(_ c: Unicode.Scalar) -> Bool {
        let v = c.value
        if v < 0x80 { return v >= 0x41 && v <= 0x5A }
        if v >= 0xC0, v <= 0xFF { return v <= 0xDE && v != 0xD7 }  // Latin-1: À..Þ upper, ß..ÿ lower
        return c.properties.isUppercase
    }

    @inline(__always)
    static func isLower(_ c: Unicode.Scalar) -> Bool {
        let v = c.value
        if v < 0x80 { return v >= 0x61 && v <= 0x7A }
        if v >= 0xC0, v <= 0xFF { return v >= 0xDF && v != 0xF7 }
        return c.properties.isLowercase
    }

    /// Splits "l'application" into "l'" and "application" when "l'" is an elision of the base language.
    func splitElisions(_ s: [Unicode.Scalar], _ tokens: inout [Token]) {
        var t = 0
        while t < tokens.count {
            let token = tokens[t]
            t += 1
            guard token.script == LanguageTagger.latin else { continue }
            var i = token.start
            while i < token.end - 1, s[i] != "'", s[i] != "\u{2019}", i - token.start < 8 { i += 1 }
            guard i < token.end - 1, s[i] == "'" || s[i] == "\u{2019}" else { continue }
            var prefix = String.UnicodeScalarView()
            prefix.append(contentsOf: s[token.start..<i])
            guard lexicon.elisions.contains(String(prefix).lowercased() + "'") else { continue }
            var head = token, rest = token
            head.end = i + 1
            head.hasUpper = s[token.start..<(i + 1)].contains(where: LanguageTagger.isUpper)
            head.hasLower = s[token.start..<(i + 1)].contains(where: LanguageTagger.isLower)
            rest.start = i + 1
            rest.hasUpper = s[(i + 1)..<token.end].contains(where: LanguageTagger.isUpper)
            rest.hasLower = s[(i + 1)..<token.end].contains(where: LanguageTagger.isLower)
            tokens[t - 1] = head
            tokens.insert(rest, at: t)
        }
    }

    /// Lowercase UTF-8 of `s[start..<end]`, with typographic apostrophes and hyphens made ASCII.
    @inline(__always)
    static func lowercaseKey(_ s: [Unicode.Scalar], _ start: Int, _ end: Int, into key: inout [UInt8]) {
        key.removeAll(keepingCapacity: true)
        for i in start..<end {
            let c = s[i]
            let v = c.value
            if v < 0x80 {
                key.append(v >= 0x41 && v <= 0x5A ? UInt8(v + 32) : UInt8(v))
            } else if v == 0x2019 {
                key.append(UInt8(ascii: "'"))
            } else if v == 0x2010 {
                key.append(UInt8(ascii: "-"))
            } else if v == 0xDF {
                key.append(contentsOf: [0x73, 0x73])  // ß: the model's words are case-folded ("heisst")
            } else if v >= 0xC0, v <= 0xDE, v != 0xD7 {
                appendUTF8(v + 0x20, to: &key)  // Latin-1 capitals: É -> é
            } else if v > 0xFF, c.properties.isUppercase {
                key.append(contentsOf: c.properties.lowercaseMapping.utf8)
            } else {
                appendUTF8(v, to: &key)
            }
        }
    }

    @inline(__always)
    static func appendUTF8(_ v: UInt32, to key: inout [UInt8]) {
        switch v {
        case ..<0x80: key.append(UInt8(v))
        case ..<0x800:
            key.append(UInt8(0xC0 | (v >> 6)))
            key.append(UInt8(0x80 | (v & 0x3F)))
        case ..<0x10000:
            key.append(UInt8(0xE0 | (v >> 12)))
            key.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
            key.append(UInt8(0x80 | (v & 0x3F)))
        default:
            key.append(UInt8(0xF0 | (v >> 18)))
            key.append(UInt8(0x80 | ((v >> 12) & 0x3F)))
            key.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
            key.append(UInt8(0x80 | (v & 0x3F)))
        }
    }
}
