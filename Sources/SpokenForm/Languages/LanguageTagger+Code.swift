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
            let v = c.value
            if (v | 0x20) >= 0x61 && (v | 0x20) <= 0x7A || v >= 0xC0 { continue }  // letters: most of the text
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
    /// So are CamelCase names that join a word to an acronym ("SVGElement", "HTMLElement", "ReactDOM"):
    /// interface and module names, which the people who mark languages leave alone (Docs/tagger.md,
    /// "Code is never a span"); a product named so is listed in the lexicon ("SwiftUI").
    static func isCodeCase(_ s: [Unicode.Scalar], _ token: Token) -> Bool {
        guard token.hasUpper, token.hasLower, token.script == latin else { return false }
        if isUpper(s[token.start]) {
            guard !s[token.start..<token.end].contains(where: isJoiner) else { return false }
            let count = camelCasePartCount(s, token.start, token.end)
            if count >= 3 { return true }
            guard count == 2 else { return false }
            let parts = camelCaseParts(s, token.start, token.end)
            let acronym = parts.contains { $0.count >= 2 && s[$0].allSatisfy(isUpper) }
            let word = parts.contains { $0.count >= 3 && s[$0].dropFirst().allSatisfy(isLower) }
            return acronym && word
        }
        for i in (token.start + 1)..<token.end where isUpper(s[i]) && isLower(s[i - 1]) { return true }
        return false
    }

    /// How many parts `camelCaseParts` finds, without building them (most words: 1).
    @inline(__always)
    static func camelCasePartCount(_ s: [Unicode.Scalar], _ start: Int, _ end: Int) -> Int {
        var count = 1
        var i = start + 1
        while i < end {
            if isUpper(s[i]), isLower(s[i - 1]) || (isUpper(s[i - 1]) && i + 1 < end && isLower(s[i + 1])) { count += 1 }
            i += 1
        }
        return count
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
                for l in 0..<m where Float(model.zipf(Int(row), l)) / 10 >= LanguageTagger.contextWordZipf { return false }
            }
        }
        return true
    }

    /// True when a gap between two words ends a run of foreign words: brackets, quotes and
    /// sentence punctuation belong to the text around them ("des product designers [designers
    /// de produits]" must not join "designers" to the English run). With `lists` (a base language
    /// that borrows from the usual foreign language), commas and colons separate the items of lists
    /// of values ("alert, log, status", "required : true"), each then judged as a word of its own;
    /// in English text a French phrase keeps its commas ("liberté, égalité, fraternité").
    static func closesRun(_ s: [Unicode.Scalar], _ from: Int, _ to: Int, lists: Bool) -> Bool {
        guard from < to else { return false }
        for i in from..<to {
            switch s[i] {
            case "(", ")", "[", "]", "{", "}", "\u{AB}", "\u{BB}", "\u{201C}", "\u{201D}", "\"", ";", ".", "!", "?": return true
            case ",", ":": if lists { return true }
            default: continue
            }
        }
        return false
    }
}

extension LanguageTagger {
    /// True when the word at `w` follows a small word of the base language ("le", "des", "chaque",
    /// an elided "l'"; its `borrowing-context` words when its lexicon lists them), or an opening
    /// bracket or quote: the places where prose borrows a noun.
    func followsContextWord(_ s: [Unicode.Scalar], _ tokens: [Token], _ w: Int, from: Int) -> Bool {
        let start = tokens[w].start
        let previousEnd = w > 0 ? tokens[w - 1].end : from
        if w > 0, previousEnd == start { return true }  // "l'" + "upload": split off by the elision rule
        let gap = s[previousEnd..<start]
        if gap.contains(where: LanguageTagger.isOpeningPunctuation) {
            // A word in quotes right after a noun or a verb is a value or a name ("la couleur “fill”",
            // "l'attribut "disable-tap"", "le champ « terr »"), after a determiner a borrowed noun
            // ("des "sliders""): in a base that lists its determiners, quotes alone are judged by the
            // word before them. Brackets, and quotes after other punctuation or at the start, still count.
            let quoteOnly = gap.allSatisfy { LanguageTagger.isSpace($0) || ($0 != "(" && $0 != "[" && LanguageTagger.isOpeningPunctuation($0)) }
            guard quoteOnly, !lexicon.borrowingContexts.isEmpty, w > 0, tokens[w - 1].script == LanguageTagger.latin else { return true }
        } else {
            guard LanguageTagger.onlySpaces(s, previousEnd, start) else { return false }
        }
        guard w > 0, tokens[w - 1].script == LanguageTagger.latin, baseState < model.languages.count else { return false }
        var key: [UInt8] = []
        LanguageTagger.lowercaseKey(s, tokens[w - 1].start, previousEnd, into: &key)
        if !lexicon.borrowingContexts.isEmpty {
            // The base language lists its determiners: a noun is borrowed after one of them, not after
            // "et", "ou", "en" or a verb, where a lowercase English word is mostly a value
            // ("success ou failure", "width et height", "en raster").
            return lexicon.borrowingContexts.contains(String(decoding: key, as: UTF8.self))
        }
        if key.last == UInt8(ascii: "'") { return true }
        guard let row = model.words.value(for: key) else { return false }
        return Float(model.zipf(Int(row), baseState)) / 10 >= LanguageTagger.contextWordZipf
    }
}

extension LanguageTagger {
    /// True when the base language is not the usual foreign language itself: French, German...
    /// borrow English nouns and write English values; English text quotes whole foreign phrases.
    var borrowsFromUsualLanguage: Bool { usualLanguageIndex != nil && usualLanguageIndex != baseState }
}

extension LanguageTagger {
    /// Weight (log10) given to the usual foreign language for the words of a Title Case title
    /// after a section number: enough to outweigh cognates ("Focus Visible", "Page Titled").
    static let numberedTitleWeight: Float = 2.0

    /// "2.4.7 Focus Visible", "1.3.1 Info and Relationships": a criterion or section number
    /// followed by a title in Title Case, every word known to the usual foreign language, is
    /// that language's title, cognates included. French titles capitalise their first word
    /// only ("2.3 Configuration du proxy"), so two capitalised words are asked for.
    func markNumberedTitles(_ s: [Unicode.Scalar], _ tokens: [Token], evidence: [Bool], emissions: inout [Float], states k: Int) {
        guard borrowsFromUsualLanguage, let usual = usualLanguageIndex else { return }
        var key: [UInt8] = []
        var t = 0
        while t + 2 < tokens.count {
            defer { t += 1 }
            let number = tokens[t]
            guard number.script == LanguageTagger.common, !number.hasLetter,
                  number.start >= 2, s[number.start - 1] == ".", LanguageTagger.isDigit(s[number.start - 2]),  // "2.4.7": the scan splits at dots
                  LanguageTagger.onlySpaces(s, number.end, tokens[t + 1].start) else { continue }
            var words: [Int] = []
            var capitalised = 0
            var u = t + 1
            while u < tokens.count, tokens[u].script == LanguageTagger.latin, !tokens[u].hasDigit,
                  u == t + 1 || LanguageTagger.onlySpaces(s, tokens[u - 1].end, tokens[u].start) {
                LanguageTagger.lowercaseKey(s, tokens[u].start, tokens[u].end, into: &key)
                let zipf = model.knownZipf(key, language: usual)
                if LanguageTagger.isUpper(s[tokens[u].start]) {
                    guard zipf > 0 else { break }
                    capitalised += 1
                } else if zipf < LanguageTagger.functionWordZipf {
                    break  // only the small words of a title stay lowercase ("of", "and", "in")
                }
                words.append(u)
                u += 1
            }
            guard capitalised >= 2 else { continue }
            for w in words where evidence[w] { emissions[w * k + usual] += LanguageTagger.numberedTitleWeight }
        }
    }
}

extension LanguageTagger {
    /// Weight (log10) given to the language that names a control after a label cue: enough to
    /// outweigh the base language's own reading of a short word ("Next", "Done" in French).
    static let cuedLabelWeight: Float = 2.0
    /// How much better (log10) another language must explain a capitalised word after a label cue
    /// than the base language, so that names of people and places stay in the base voice ("Open Paris"
    /// in Dutch); 0.5 lets "Skip" through in "Tik op Skip" (1.0 did not) and moves no figure of
    /// Evaluation/tagger.
    static let cuedLabelMargin: Float = 0.5
    /// A word that this many of the model's languages list as frequent (Zipf >= `sharedNameZipf`)
    /// is a name they share, mostly of a place ("tap Berlin": en 4.4, de 5.7, fr 4.5; "Select
    /// Madrid": five languages), and stays in the base voice. A control's name is frequent in one
    /// language ("Next", "Einstellungen", "Idioma"). The base language is one of those that share
    /// it: "download" (en 4.7, pt 4.4, nl 4.3) is a borrowed word of two of them, not a name of
    /// French ("Choisissez Download").
    static let sharedNameLanguages = 3
    static let sharedNameZipf: Float = 4.0

    /// Tokens that are label cues of the base language (`label-cue` in its lexicon): "sur", "op", "tap".
    func labelCues(_ s: [Unicode.Scalar], _ tokens: [Token]) -> [Bool] {
        var cue = [Bool](repeating: false, count: tokens.count)
        guard !lexicon.labelCues.isEmpty else { return cue }
        var previous: String?
        for t in tokens.indices {
            guard tokens[t].script == LanguageTagger.latin, tokens[t].hasLetter else { previous = nil; continue }
            // Lowercasing never shortens a word in scalars: a longer token cannot be a cue or end one.
            guard tokens[t].end - tokens[t].start <= lexicon.longestLabelCue else { previous = nil; continue }
            let word = String(String.UnicodeScalarView(s[tokens[t].start..<tokens[t].end])).lowercased()
            if lexicon.labelCues.contains(word) { cue[t] = true }
            // A two-word cue ("go to", "switch to") marks both its words.
            if let previous, t > 0, LanguageTagger.onlySpaces(s, tokens[t - 1].end, tokens[t].start),
               lexicon.labelCues.contains(previous + " " + word) {
                cue[t - 1] = true
                cue[t] = true
            }
            previous = word
        }
        return cue
    }

    /// "Appuyez sur Next", "Tik op Skip", "tap Allgemein": a capitalised word right after a label
    /// cue names a control, and a control's name is spoken in the language whose word it is, when
    /// that language knows the word (listed or in its tail) and explains it clearly better than the
    /// base language. Returns the tokens so marked.
    func markCuedLabels(_ s: [Unicode.Scalar], _ tokens: [Token], cue: [Bool], evidence: [Bool],
                        emissions: inout [Float], states k: Int) -> [Bool] {
        var marked = [Bool](repeating: false, count: tokens.count)
        let m = model.languages.count
        guard baseState < m, cue.contains(true) else { return marked }
        var key: [UInt8] = []
        for t in 1..<tokens.count where cue[t - 1] && evidence[t] && !cue[t] {
            let token = tokens[t]
            guard token.hasLower, LanguageTagger.isUpper(s[token.start]),
                  LanguageTagger.onlySpaces(s, tokens[t - 1].end, token.start) else { continue }
            LanguageTagger.lowercaseKey(s, token.start, token.end, into: &key)
            guard model.knownZipf(key, language: baseState) < LanguageTagger.sharedNameZipf
                    || (0..<m).count(where: { model.knownZipf(key, language: $0) >= LanguageTagger.sharedNameZipf })
                    < LanguageTagger.sharedNameLanguages else { continue }
            let base = emissions[t * k + baseState]
            var best: Int?
            for l in 0..<m where l != baseState && model.knownZipf(key, language: l) > 0
                && emissions[t * k + l] - base >= LanguageTagger.cuedLabelMargin {
                if best.map({ emissions[t * k + l] > emissions[t * k + $0] }) ?? true { best = l }
            }
            guard let best else { continue }
            emissions[t * k + best] += LanguageTagger.cuedLabelWeight
            marked[t] = true
        }
        return marked
    }
}

extension LanguageTagger {
    /// Weight (log10) given to the usual foreign language for a word its author translated in
    /// brackets: enough to outweigh the base language's own use of a borrowed word ("user", "board").
    static let glossWeight: Float = 2.0

    /// "un board [comité]", "plus user [utilisateur] centré": a lowercase word followed by a phrase
    /// of base-language words in square brackets is a foreign word its author (or translator)
    /// translated, when the usual foreign language knows it and explains it better than the base
    /// language. Parentheses are asides as often as translations ("name (obligatoire)", "le zoom
    /// (Ctrl +)") and are not read so. Returns the tokens so marked.
    func markGlossedWords(_ s: [Unicode.Scalar], _ tokens: [Token], to: Int, evidence: [Bool],
                          emissions: inout [Float], states k: Int) -> [Bool] {
        var marked = [Bool](repeating: false, count: tokens.count)
        guard borrowsFromUsualLanguage, let usual = usualLanguageIndex, baseState < model.languages.count else { return marked }
        var key: [UInt8] = []
        for t in 0..<(tokens.count - 1) where evidence[t] && !tokens[t].hasUpper && !tokens[t].isCode {
            // Only "[" and spaces between the word and the next one.
            let gap = s[tokens[t].end..<tokens[t + 1].start]
            guard gap.contains("["), gap.allSatisfy({ $0 == "[" || LanguageTagger.isSpace($0) }), gap.count(where: { $0 == "[" }) == 1,
                  emissions[t * k + usual] > emissions[t * k + baseState] else { continue }
            let close: Unicode.Scalar = "]"
            // The gloss: up to the closing bracket, words that all lean to the base language.
            var u = t + 1
            var words = 0
            var baseGloss = true
            while u < tokens.count, tokens[u].start < to {
                if evidence[u] {
                    words += 1
                    if emissions[u * k + usual] > emissions[u * k + baseState] { baseGloss = false; break }
                }
                let gapEnd = u + 1 < tokens.count ? tokens[u + 1].start : to
                if s[tokens[u].end..<gapEnd].contains(close) { break }
                u += 1
            }
            guard baseGloss, words > 0, u < tokens.count, u - t <= 6 else { continue }
            LanguageTagger.lowercaseKey(s, tokens[t].start, tokens[t].end, into: &key)
            guard model.knownZipf(key, language: usual) > 0 else { continue }
            emissions[t * k + usual] += LanguageTagger.glossWeight
            marked[t] = true
        }
        return marked
    }
}

extension LanguageTagger {
    /// "un serveur mandataire (proxy)", "une zone d'affichage (viewport)", "le détournement de clic (ou
    /// clickjacking)": one lowercase word alone in parentheses right after a base-language word, or
    /// after "(ou", is the original term of what the author just named in the base language, when the
    /// usual foreign language explains it better than the base language does and knows it (listed or
    /// in its tail) or the base language does not. Its emission gets `glossWeight`, as a glossed
    /// word's. In the tuning halves of the real-prose sets, 35 such words were marked by their authors
    /// and about 10 left alone ("affichage (display)", "contrôleur (controller)"); parentheses after a
    /// foreign word are another matter ("name (obligatoire)": the aside is French). Returns the tokens
    /// so marked.
    func markOriginalTerms(_ s: [Unicode.Scalar], _ tokens: [Token], to: Int, evidence: [Bool],
                           emissions: inout [Float], states k: Int) -> [Bool] {
        var marked = [Bool](repeating: false, count: tokens.count)
        guard borrowsFromUsualLanguage, let usual = usualLanguageIndex, baseState < model.languages.count,
              tokens.count > 1 else { return marked }
        var key: [UInt8] = []
        for t in 1..<tokens.count where evidence[t] && !tokens[t].hasUpper && !tokens[t].isCode
            && tokens[t].end - tokens[t].start >= 4 {
            // The closing bracket right after the word.
            let after = t + 1 < tokens.count ? tokens[t + 1].start : to
            guard let close = s[tokens[t].end..<after].first(where: { !LanguageTagger.isSpace($0) }), close == ")" else { continue }
            // "(" right before it, or "(ou".
            var before = t - 1
            var gap = s[tokens[before].end..<tokens[t].start]
            if LanguageTagger.onlySpaces(s, tokens[before].end, tokens[t].start), before > 0,
               tokens[before].end - tokens[before].start <= 2, !tokens[before].hasUpper, evidence[before],
               emissions[before * k + baseState] + 9 >= LanguageTagger.contextWordZipf {
                before -= 1
                gap = s[tokens[before].end..<tokens[before + 1].start]
            }
            guard gap.count(where: { $0 == "(" }) == 1, gap.allSatisfy({ $0 == "(" || LanguageTagger.isSpace($0) }),
                  LanguageTagger.isSpace(gap.first ?? "("),
                  tokens[before].script == LanguageTagger.latin, tokens[before].hasLetter, !tokens[before].hasUpper,
                  !tokens[before].isCode, emissions[t * k + usual] > emissions[t * k + baseState],
                  !isKebabIdentifier(s, tokens[t], key: &key) else { continue }
            // The word before is the base language's: it leans that way, or the base language uses it
            // commonly, or its lexicon has it (an adopted word: "clic").
            if evidence[before], emissions[before * k + baseState] <= emissions[before * k + usual] {
                LanguageTagger.lowercaseKey(s, tokens[before].start, tokens[before].end, into: &key)
                guard model.knownZipf(key, language: baseState) >= LanguageTagger.ambiguousZipf else { continue }
            }
            LanguageTagger.lowercaseKey(s, tokens[t].start, tokens[t].end, into: &key)
            guard model.knownZipf(key, language: usual) > 0 || model.knownZipf(key, language: baseState) == 0 else { continue }
            emissions[t * k + usual] += LanguageTagger.glossWeight
            marked[t] = true
        }
        return marked
    }
}

extension LanguageTagger {
    /// "le VP data", "le MIME type", "un GET resource": after a determiner, an acronym followed by a
    /// lowercase noun is English word order (French writes "le type MIME", "les données du VP"), so the
    /// noun is the usual foreign language's even when the base language uses the same word ("data",
    /// "type"). Marked when the usual foreign language knows the word (listed or in its tail) better than
    /// the base language does; its emission gets `glossWeight`, as a glossed word's. In the
    /// real-prose tuning half: 6 such compounds the authors marked, none they left alone ("un SLD
    /// compatible", "un BTS communication" are French adjectives and nouns the base language knows
    /// better). Returns the tokens so marked.
    func markAcronymCompounds(_ s: [Unicode.Scalar], _ tokens: [Token], from: Int, evidence: [Bool],
                              emissions: inout [Float], states k: Int) -> [Bool] {
        var marked = [Bool](repeating: false, count: tokens.count)
        guard borrowsFromUsualLanguage, let usual = usualLanguageIndex, baseState < model.languages.count else { return marked }
        var key: [UInt8] = []
        for t in 1..<max(tokens.count, 1) where evidence[t] && !tokens[t].hasUpper && !tokens[t].isCode && tokens[t].end - tokens[t].start >= 3 {
            guard emissions[t * k + usual] > emissions[t * k + baseState], let acronym = acronymModifier(s, tokens, t),
                  followsContextWord(s, tokens, acronym, from: from) else { continue }
            // Not a base-language function word ("le CEDEX est", "l'IA pour"): those the base language lists frequent.
            guard Float(emissions[t * k + baseState]) + 9 < LanguageTagger.functionWordZipf else { continue }
            LanguageTagger.lowercaseKey(s, tokens[t].start, tokens[t].end, into: &key)
            guard model.knownZipf(key, language: usual) > 0 else { continue }
            emissions[t * k + usual] += LanguageTagger.glossWeight
            marked[t] = true
        }
        return marked
    }
}

extension LanguageTagger {
    /// Phrases whose author named their language right after them, inside brackets: "la liaison
    /// (binding en anglais)", "le rendu côté serveur (SSR pour Server-side rendering en anglais)"
    /// (`language-cue` in the base lexicon). The phrase runs back from the cue over words joined by
    /// spaces, up to the opening bracket, and stops at a small word of the base language ("ou",
    /// "pour"), at a word the base language knows and the named one does not ("aussi appelée
    /// callback en anglais"), at code and at lexicon terms. A phrase of acronyms alone ("RGPD ou
    /// GDPR en anglais") is no span: acronyms are read the base way. In the MDN tuning half, 53 of
    /// the 54 bracketed phrases before "en anglais" were marked English by their authors; the other
    /// was an acronym. After a link, "(en anglais)" alone names the linked page's language, not the
    /// words before it: no phrase stands between the bracket and the cue there.
    /// Returns the phrases as (first token, last token, state).
    func languageCuePhrases(_ s: [Unicode.Scalar], _ tokens: [Token], from: Int, to: Int, baseZipf: [Float],
                            blocked: [Bool], emissions: [Float], states k: Int) -> [(first: Int, last: Int, state: Int)] {
        var phrases: [(first: Int, last: Int, state: Int)] = []
        let n = tokens.count
        guard !lexicon.languageCues.isEmpty, n > 1 else { return phrases }
        var key: [UInt8] = []
        func opensBracket(_ gap: ArraySlice<Unicode.Scalar>) -> Bool { gap.contains("(") || gap.contains("[") }
        for t in 1..<n where tokens[t].script == LanguageTagger.latin && tokens[t].hasLower {
            for cue in lexicon.languageCues where t + cue.words.count <= n {
                // The cue's words, joined by spaces, then a closing bracket.
                let last = t + cue.words.count - 1
                let matches = cue.words.indices.allSatisfy { i in
                    let token = tokens[t + i]
                    let word = cue.words[i]
                    guard token.end - token.start == word.count,
                          i == 0 || LanguageTagger.onlySpaces(s, tokens[t + i - 1].end, token.start) else { return false }
                    // Compared scalar by scalar, ASCII capitals folded: no string is built for the
                    // many words that are no cue (this runs on every bracketed sentence).
                    return word.indices.allSatisfy { j in
                        let c = s[token.start + j]
                        return c == word[j] || (c.value >= 65 && c.value <= 90 && c.value + 32 == word[j].value)
                    }
                }
                guard matches, let state = states.firstIndex(of: cue.language) else { continue }
                let after = s[tokens[last].end..<(last + 1 < n ? tokens[last + 1].start : to)]
                guard let close = after.first(where: { !LanguageTagger.isSpace($0) }), close == ")" || close == "]" else { continue }
                // The phrase, back from the cue.
                var first = t
                var opened = false
                var w = t - 1
                while w >= 0, t - w <= 6, LanguageTagger.onlySpaces(s, tokens[w].end, tokens[w + 1].start) {
                    let token = tokens[w]
                    guard token.script == LanguageTagger.latin, !blocked[w] else { break }
                    if token.hasLower {
                        if baseZipf[w] >= LanguageTagger.contextWordZipf { break }
                        LanguageTagger.lowercaseKey(s, token.start, token.end, into: &key)
                        if baseState < model.languages.count, model.knownZipf(key, language: baseState) > 0,
                           state < model.languages.count, model.knownZipf(key, language: state) == 0 { break }
                    }
                    first = w
                    if opensBracket(s[(w > 0 ? tokens[w - 1].end : from)..<token.start]) { opened = true; break }
                    w -= 1
                }
                guard first < t else { continue }
                // An aside opened further back ("(aussi appelée callback en anglais)"), in the same clause.
                if !opened {
                    var v = first
                    while v > 0, first - v < 8, !opened {
                        let gap = s[tokens[v - 1].end..<tokens[v].start]
                        if gap.contains(")") || gap.contains("]") || gap.contains(".") { break }
                        opened = opensBracket(gap)
                        v -= 1
                    }
                }
                let words = (first..<t).filter { tokens[$0].hasLower }
                guard opened, words.contains(where: { tokens[$0].end - tokens[$0].start >= 3 }) else { continue }
                // One word the base language uses as much is the base noun the cue describes: "la
                // vidéo (version en anglais)", "(documentation en anglais)", "(article en anglais)".
                if words.count == 1, let word = words.first, baseZipf[word] >= LanguageTagger.ambiguousZipf,
                   emissions[word * k + state] - emissions[word * k + baseState] < LanguageTagger.quotedPhraseLean { continue }
                phrases.append((first, t - 1, state))
            }
        }
        return phrases
    }
}
