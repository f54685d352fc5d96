/// Code in running text: paths, dotted and colon names, calls, template syntax, options,
/// lowerCamelCase and kebab-case identifiers. People who mark the languages of a text never
/// mark code, and a voice switch on `src/config/settings.json` is noise, so such tokens carry
/// no evidence and no span runs across them (Docs/tagger.md, "Policies").
extension LanguageTagger {
    /// Sets `isCode` on the tokens of code chunks of `s[from..<to]` (a chunk: text between spaces).
    static func markCode(_ s: [Unicode.Scalar], from: Int, to: Int, _ tokens: inout [Token]) {
        var t = 0
        while t < tokens.count {
            var rawStart = tokens[t].start, rawEnd = tokens[t].end
            while rawStart > from, !isSpace(s[rawStart - 1]) { rawStart -= 1 }
            while rawEnd < to, !isSpace(s[rawEnd]) { rawEnd += 1 }
            var start = rawStart, end = rawEnd
            // Prose punctuation around a word is not code: "(widget", "« Tools »", "settings.json.".
            while start < end, isOpeningPunctuation(s[start]) { start += 1 }
            while end > start, isClosingPunctuation(s[end - 1]) { end -= 1 }
            let code = chunkIsCode(s, start, end)
            var u = t
            while u < tokens.count, tokens[u].start < rawEnd {
                if code || isCodeCase(s, tokens[u]) { tokens[u].isCode = true }
                u += 1
            }
            t = max(u, t + 1)
        }
    }

    @inline(__always)
    static func isOpeningPunctuation(_ c: Unicode.Scalar) -> Bool {
        c == "(" || c == "[" || c == "\u{AB}" || c == "\u{201C}" || c == "\"" || c == "'" || c == "\u{2018}" || c == "\u{BF}" || c == "\u{A1}"
    }

    @inline(__always)
    static func isClosingPunctuation(_ c: Unicode.Scalar) -> Bool {
        switch c {
        case ".", ",", ";", ":", "!", "?", ")", "]", "\u{BB}", "\u{201D}", "\"", "'", "\u{2019}", "\u{2026}": return true
        default: return false
        }
    }

    /// A chunk (without its prose punctuation) that only code writes: a path, `a.b`, `a:b`,
    /// `f()`, `{{x}}`, `$var`, `#id`, `--option`, `key=value`, `a@b`.
    static func chunkIsCode(_ s: [Unicode.Scalar], _ start: Int, _ end: Int) -> Bool {
        guard end - start >= 2 else { return false }
        let first = s[start]
        if first == "$" || first == "#" || first == "@" || first == "." || first == "/" || first == "\\" || first == "{" || first == "<" || first == "-" {
            return true
        }
        for i in start..<end {
            let c = s[i]
            switch c {
            case "/", "\\", "=", "$", "@", "{", "}", "<", ">", "_", "|", "~", "^", "`", "(", ")", "[", "]":
                return true
            case ".", ":":
                // "files.json", "config.apiKey", "android:hint"; a sentence's dot or colon is followed by a space.
                if i + 1 < end, script(of: s[i + 1]) == latin || isDigit(s[i + 1]) { return true }
            case "-":
                if i + 1 < end, s[i + 1] == "-" { return true }
            default:
                break
            }
        }
        return false
    }

    /// "importantForAccessibility", "viewBox", "macOS": a lowercase start then an uppercase letter;
    /// and type names of three parts or more ("AccessibilityNodeInfo"): names of two parts are
    /// product names as often ("ScreenTime", "PowerPoint") and are scored by their parts.
    static func isCodeCase(_ s: [Unicode.Scalar], _ token: Token) -> Bool {
        guard token.hasUpper, token.hasLower, token.script == latin else { return false }
        if isUpper(s[token.start]) {
            return !s[token.start..<token.end].contains(where: isJoiner) && camelCaseParts(s, token.start, token.end).count >= 3
        }
        for i in (token.start + 1)..<token.end where isUpper(s[i]) && isLower(s[i - 1]) { return true }
        return false
    }

    /// The parts of a CamelCase name ("ScreenTime" -> Screen, Time; "SwiftUIKit" -> Swift, UI, Kit),
    /// as scalar ranges; a single range for any other word.
    static func camelCaseParts(_ s: [Unicode.Scalar], _ start: Int, _ end: Int) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var partStart = start
        for i in (start + 1)..<max(end, start + 1) where i < end && isUpper(s[i]) {
            let afterLower = isLower(s[i - 1])
            let acronymEnd = isUpper(s[i - 1]) && i + 1 < end && isLower(s[i + 1])
            if afterLower || acronymEnd {
                parts.append(partStart..<i)
                partStart = i
            }
        }
        parts.append(partStart..<end)
        return parts
    }

    /// "aria-expanded", "cc-number", "content-length": a lowercase hyphenated name that no
    /// language lists whole and that holds no function word (unlike "pull-to-refresh",
    /// "drag-and-drop", or French "sous-titres").
    func isKebabIdentifier(_ s: [Unicode.Scalar], _ token: Token, key: inout [UInt8]) -> Bool {
        guard token.hasLower, !token.hasUpper, s[token.start..<token.end].contains(where: { $0 == "-" || $0 == "\u{2010}" }),
              !s[token.start..<token.end].contains(where: { $0 == "'" || $0 == "\u{2019}" }) else { return false }
        LanguageTagger.lowercaseKey(s, token.start, token.end, into: &key)
        if model.words.value(for: key) != nil { return false }
        let hash = key.withUnsafeBufferPointer { TailFilter.hash($0) }
        if model.tails.contains(where: { $0.contains { $0.contains(hash: hash) } }) { return false }
        let m = model.languages.count
        for part in key.split(separator: UInt8(ascii: "-")) {
            if let row = model.words.value(for: Array(part)) {
                for l in 0..<m where Float(model.zipf[Int(row) * m + l]) / 10 >= LanguageTagger.contextWordZipf { return false }
            }
        }
        return true
    }

    /// True when a gap between two words ends a run of foreign words: brackets, quotes and
    /// sentence punctuation belong to the text around them ("des product designers [designers
    /// de produits]" must not join "designers" to the English run), and commas and colons
    /// separate the items of lists of values ("alert, log, status", "required : true"), each
    /// of which is then judged as a word of its own.
    static func closesRun(_ s: [Unicode.Scalar], _ from: Int, _ to: Int) -> Bool {
        guard from < to else { return false }
        for i in from..<to {
            switch s[i] {
            case "(", ")", "[", "]", "{", "}", "\u{AB}", "\u{BB}", "\u{201C}", "\u{201D}", "\"", ";", ".", "!", "?", ",", ":": return true
            default: continue
            }
        }
        return false
    }
}

extension LanguageTagger {
    /// True when the word at `w` follows a small word of the base language ("le", "des", "chaque",
    /// an elided "l'"), or an opening bracket or quote: the places where prose borrows a noun.
    func followsContextWord(_ s: [Unicode.Scalar], _ tokens: [Token], _ w: Int, from: Int) -> Bool {
        let start = tokens[w].start
        let previousEnd = w > 0 ? tokens[w - 1].end : from
        if w > 0, previousEnd == start { return true }  // "l'" + "upload": split off by the elision rule
        if s[previousEnd..<start].contains(where: LanguageTagger.isOpeningPunctuation) { return true }
        guard w > 0, LanguageTagger.onlySpaces(s, previousEnd, start), tokens[w - 1].script == LanguageTagger.latin,
              baseState < model.languages.count else { return false }
        var key: [UInt8] = []
        LanguageTagger.lowercaseKey(s, tokens[w - 1].start, previousEnd, into: &key)
        if key.last == UInt8(ascii: "'") { return true }
        guard let row = model.words.value(for: key) else { return false }
        let m = model.languages.count
        return Float(model.zipf[Int(row) * m + baseState]) / 10 >= LanguageTagger.contextWordZipf
    }
}
