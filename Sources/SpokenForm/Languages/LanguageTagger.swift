import CICU

/// Finds the words a screen reader must say in another voice: "Activez le Bluetooth"
/// in French holds one English word.
///
/// Evidence, strongest first:
/// 1. language markup already in the input (HTML `lang`, SSML `<lang>`), honoured as is;
/// 2. the script of each character (ICU): Cyrillic, Greek, Arabic, Hebrew, CJK... inside
///    Latin text, and Latin inside text of another script;
/// 3. the lexicon of the base language (`Locales/und/lexicon.txt`, `Locales/<lang>/lexicon.txt`):
///    names and terms spoken in their own language, adopted loanwords never tagged;
/// 4. a statistical model of Latin-script words (word frequencies and character
///    trigrams of en fr de es it pt nl), decoded over the whole sentence so that a
///    voice switch must pay for itself.
///
/// Conservative by design: a wrong voice switch mid-sentence is worse than a missed
/// word. Digits and punctuation never make a span, capitalised unknown words (names)
/// stay in the base voice, and a lone word that is also a common word of the base
/// language ("page", "style", "type" in French) is never tagged without lexicon evidence.
///
/// Immutable and `Sendable`: share one per locale across threads.
public struct LanguageTagger: Sendable {
    /// The base locale: the language of the text around the spans.
    public let locale: SpokenLocale

    let model: LatinLanguageModel
    let lexicon: TaggerLexicon
    /// Decoder states: the model's languages, then lexicon-only languages, then a pseudo
    /// "base" state when the base language is not one the model knows (non-Latin bases).
    let states: [String]
    let baseState: Int
    let baseIsLatin: Bool
    /// Extra cost of switching into each state (see `uncommonLanguageCost`).
    let entryCost: [Float]
    /// ICU script codes that belong to the base language's own writing system.
    let baseScripts: Set<Int32>

    // Decoder constants, in log10 units of probability (tuned on the evaluation set;
    // see Docs/tagger.md).
    /// Cost of switching language between two words (paid again to switch back), so a lone
    /// word needs 0.9 (an 8-fold likelihood ratio) to be tagged.
    static let switchCost: Float = 0.45
    /// Weight of the character-trigram evidence for words a language does not list.
    static let trigramWeight: Float = 0.5
    /// A lone word whose base-language Zipf frequency is at least this is ambiguous.
    static let ambiguousZipf: Float = 3.0
    /// Zipf x10 from which a listed word's languages are decided by frequency alone.
    static let settledZipf: UInt8 = 40
    /// A word next to a lexicon term joins it when the term's language explains it this much
    /// better than the base language (log10).
    static let lexiconNeighbourMargin: Float = 0.5
    /// A word at least this frequent (Zipf) in base-language text counts as a base word for
    /// the lone-word test even when it is not spelled like one.
    static let adoptedZipf: Float = 3.3
    /// An edge word of a span whose base-language probability is within this of the span
    /// language's stays out of the span.
    static let edgeMargin: Float = 0.5
    /// A base-language word at least this frequent (Zipf) is a function word ("a", "la", "in").
    static let functionWordZipf: Float = 6.0
    /// A capitalised word next to a capitalised span edge joins the span when the span's
    /// language explains it within this of the base language.
    static let titleCaseMargin: Float = 1.0
    /// Least total evidence (sum over the span's words of log10 P(word|span language) -
    /// log10 P(word|base)) for a detected span.
    static let minimumSpanEvidence: Float = 0.9
    /// English is by far the most frequent foreign language in UI strings and technical
    /// text; switching into any other Latin-script language (when the base is not English)
    /// costs this much more, so an English-looking word is not given to Dutch by a coin toss.
    static let commonForeignLanguage = "en"
    static let uncommonLanguageCost: Float = 1.0
    /// Emission of a state that cannot produce a token.
    static let impossible: Float = -1000

    /// Throws `unsupportedLocale` for a Latin-script base language the model does not know.
    /// - Throws: `SpokenFormError.unsupportedLocale` for a Latin-script base without a language model; `malformedLocaleData` for a bad data file.
    public init(locale: SpokenLocale, dataStore: LocaleDataStore = .embedded) throws {
        self.locale = locale
        model = try LatinLanguageModel.load(dataStore: dataStore)
        lexicon = try TaggerLexicon(base: locale, dataStore: dataStore)
        let scriptName = (try? icuString("reading the likely script of \(locale.icuID)") { sf_locale_likely_script(locale.icuID, $0, $1) }) ?? ""
        baseIsLatin = scriptName == "Latn" || scriptName.isEmpty
        if baseIsLatin, !model.languages.contains(locale.language) {
            throw SpokenFormError.unsupportedLocale(locale.tag, capability: "language tagging")
        }
        var states = model.languages
        for language in lexicon.languages where !states.contains(language) { states.append(language) }
        if let index = states.firstIndex(of: locale.language) {
            baseState = index
        } else {
            baseState = states.count
            states.append(locale.language)
        }
        self.states = states
        let base = baseState, language = locale.language
        entryCost = states.indices.map { index in
            index == base || states[index] == LanguageTagger.commonForeignLanguage || language == LanguageTagger.commonForeignLanguage
                ? 0 : LanguageTagger.uncommonLanguageCost
        }
        baseScripts = LanguageTagger.scripts(named: scriptName)
    }

    /// The spans of `text` in languages other than the base one.
    ///
    /// When `text` carries language markup (HTML `lang`, SSML `<lang>`), the tags are
    /// removed, entities decoded, and the result's `text` is the plain text; the
    /// declared regions are kept as spans and nothing inside them is tagged again.
    public func tag(_ text: String) -> Spoken {
        var scalars: [Unicode.Scalar]
        var segments: [(start: Int, end: Int, language: String?)]
        let plain: String
        if let markup = LanguageMarkup(text) {
            plain = markup.text
            scalars = Array(plain.unicodeScalars)
            segments = LanguageTagger.flatten(markup.regions, count: scalars.count)
        } else {
            plain = text
            scalars = Array(text.unicodeScalars)
            segments = [(0, scalars.count, nil)]
        }
        var spans: [(start: Int, end: Int, language: String)] = []
        var scratch = Scratch()
        for segment in segments {
            if let language = segment.language {
                // Declared by the markup: honoured as given, trimmed of surrounding spaces.
                guard LanguageTagger.primaryLanguage(language) != locale.language else { continue }
                var start = segment.start, end = segment.end
                while start < end, LanguageTagger.isSpace(scalars[start]) { start += 1 }
                while end > start, LanguageTagger.isSpace(scalars[end - 1]) { end -= 1 }
                if start < end {
                    if let last = spans.last, last.language == language, last.end == start { spans[spans.count - 1].end = end } else {
                        spans.append((start, end, language))
                    }
                }
            } else {
                detect(scalars, from: segment.start, to: segment.end, scratch: &scratch, into: &spans)
            }
        }
        return Spoken(text: plain, locale: locale.bcp47, spans: LanguageTagger.withUTF16Offsets(spans, scalars))
    }

    // MARK: Tokens

    struct Token {
        var start: Int
        var end: Int
        /// ICU script code of the token's letters (25 Latin); 0 for numbers.
        var script: Int32
        var hasUpper: Bool
        var hasLower: Bool
        var hasDigit: Bool
        var hasLetter: Bool
        /// Joined by "_": an identifier from code, not a word.
        var isIdentifier: Bool
    }

    /// Buffers reused across the segments of one call.
    struct Scratch {
        var tokens: [Token] = []
        var key: [UInt8] = []
        var emissions: [Float] = []
        var forced: [Int32] = []       // per token: -1 free, else forced state
        var lexiconSpan: [Bool] = []   // per token: matched by a lexicon entry
    }

    static let latin: Int32 = 25
    static let common: Int32 = 0
    static let inherited: Int32 = 1

    /// Script of a scalar; ASCII and Latin-1/Latin Extended-A/B letters are answered
    /// without ICU because they are most of the text (ICU gives the same answer).
    @inline(__always)
    static func script(of scalar: Unicode.Scalar) -> Int32 {
        let v = scalar.value
        if v < 0x80 {
            return (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A) ? latin : common
        }
        if v >= 0xC0, v <= 0x24F { return v == 0xD7 || v == 0xF7 ? common : latin }
        if v < 0xC0 { return common }
        return sf_script_of(v)
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
                    let same = token.script == common || next == token.script || (isHanLike(next) && isHanLike(token.script))
                    if next > inherited || isDigit(s[i + 1]), same || c == "_", c != "." || token.script == latin {
                        if c == "_" { token.isIdentifier = true }
                        sc = next
                        i += 1
                        continue
                    }
                }
                guard sc > inherited else { break }
                if token.script == common { token.script = sc } else if sc != token.script, !(isHanLike(sc) && isHanLike(token.script)) { break }
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

    /// Han, Hiragana, Katakana: one writing system for span purposes.
    @inline(__always)
    static func isHanLike(_ script: Int32) -> Bool { script == 17 || script == 20 || script == 22 }

    // MARK: Detection

    /// Appends the spans found in `s[from..<to]`.
    func detect(_ s: [Unicode.Scalar], from: Int, to: Int, scratch: inout Scratch,
                into spans: inout [(start: Int, end: Int, language: String)]) {
        LanguageTagger.tokenize(s, from: from, to: to, into: &scratch.tokens)
        if !lexicon.elisions.isEmpty { splitElisions(s, &scratch.tokens) }
        let tokens = scratch.tokens
        guard !tokens.isEmpty else { return }
        let k = states.count
        let n = tokens.count
        scratch.emissions.removeAll(keepingCapacity: true)
        scratch.emissions.append(contentsOf: repeatElement(0, count: n * k))
        scratch.forced = [Int32](repeating: -1, count: n)
        scratch.lexiconSpan = [Bool](repeating: false, count: n)
        var evidence = [Bool](repeating: false, count: n)  // a Latin word that carries language evidence
        var baseZipf = [Float](repeating: 0, count: n)

        // Script spans (not Latin, not the base script), merged across spaces and punctuation.
        var scriptSpans: [(start: Int, end: Int, language: String)] = []
        var t = 0
        while t < n {
            let token = tokens[t]
            if token.script == LanguageTagger.latin || token.script == LanguageTagger.common { t += 1; continue }
            if baseScripts.contains(token.script) || (isHanLikeBase && LanguageTagger.isHanLike(token.script)) {
                scratch.forced[t] = Int32(baseState)
                t += 1
                continue
            }
            var last = t
            var kana = token.script == 20 || token.script == 22
            var u = t + 1
            while u < n {
                let next = tokens[u]
                if next.script == LanguageTagger.common { u += 1; continue }  // numbers inside the run
                let same = next.script == token.script || (LanguageTagger.isHanLike(next.script) && LanguageTagger.isHanLike(token.script))
                guard same else { break }
                if next.script == 20 || next.script == 22 { kana = true }
                last = u
                u += 1
            }
            if !kana, LanguageTagger.isHanLike(token.script) {
                kana = s[tokens[t].start..<tokens[last].end].contains { $0.value >= 0x3040 && $0.value <= 0x30FF }
            }
            let language = LanguageTagger.isHanLike(token.script) ? (kana ? "ja" : "zh")
                : ((try? icuString("reading the likely language of script \(token.script)") { sf_script_likely_language(token.script, $0, $1) }) ?? "")
            if !language.isEmpty, language != locale.language {
                scriptSpans.append((tokens[t].start, tokens[last].end, language))
            }
            t = last + 1
        }

        // Lexicon matches, longest first at each token.
        var lexiconSpans: [(start: Int, end: Int, language: String)] = []
        var breaksRun = [Bool](repeating: false, count: n)  // tokens that are spans of their own
        var lexiconRanges: [(first: Int, last: Int, state: Int)] = []
        t = 0
        while t < n {
            if let match = lexiconMatch(s, tokens: tokens, at: t, key: &scratch.key) {
                let state: Int32
                if let language = match.language, let index = states.firstIndex(of: language) {
                    state = Int32(index)
                } else {
                    state = Int32(baseState)
                }
                for u in t..<(t + match.count) { scratch.lexiconSpan[u] = true }
                // Neutral for the decoder (a known name must not pull its neighbours into
                // its language); it makes a span of its own, merged with a detected span
                // of the same language only when nothing but spaces separates them.
                if Int(state) != baseState {
                    for u in t..<(t + match.count) { breaksRun[u] = true }
                    lexiconRanges.append((t, t + match.count - 1, Int(state)))
                }
                t += match.count
            } else {
                t += 1
            }
        }

        // Model emissions for Latin words.
        let modelCount = model.languages.count
        for t in 0..<n where scratch.forced[t] < 0 && !scratch.lexiconSpan[t] {
            let token = tokens[t]
            guard token.script == LanguageTagger.latin else { continue }  // numbers, other scripts: no word evidence
            if token.hasDigit || token.isIdentifier { continue }  // "H264", "iOS17", "open_sync": codes, not words
            // All capitals ("NULL", "PATCH", "USB"): acronyms and keywords, read the base way unless the lexicon says otherwise.
            if !token.hasLower, token.end - token.start > 1 { continue }
            var found = false
            var basePenalty: Float = 0
            emit(s, token: token, into: &scratch.emissions, at: t * k, key: &scratch.key, found: &found, basePenalty: &basePenalty)
            guard found else { continue }
            evidence[t] = true
            if baseState < modelCount {
                // The base language's frequency as weighed by spelling: "skip" is known to French
                // text (Zipf 3.1) but not spelled like French, "incorrect" is both.
                baseZipf[t] = scratch.emissions[t * k + baseState] + 9 - basePenalty
            }
            for extra in modelCount..<k { scratch.emissions[t * k + extra] = LanguageTagger.impossible }
            if !baseIsLatin { scratch.emissions[t * k + baseState] = LanguageTagger.impossible }
        }
        for t in 0..<n {
            let forced = Int(scratch.forced[t])
            guard forced >= 0 else { continue }
            for state in 0..<k { scratch.emissions[t * k + state] = state == forced ? 0 : LanguageTagger.impossible }
        }

        // A lexicon term takes along the words next to it that lean its way ("callback hell",
        // "middleware Express"): the term is evidence enough that the language switched.
        for range in lexiconRanges {
            var first = range.first, last = range.last
            func leans(_ w: Int, _ edge: Int) -> Bool {
                guard evidence[w], !breaksRun[w], range.state < modelCount, baseState < modelCount,
                      baseZipf[w] < LanguageTagger.functionWordZipf else { return false }
                let between = w < edge ? tokens[w].end : tokens[edge].end
                let gap = w < edge ? tokens[edge].start - tokens[w].end : tokens[w].start - tokens[edge].end
                guard gap == 1, LanguageTagger.isSpace(s[between]) else { return false }
                return scratch.emissions[w * k + range.state] - scratch.emissions[w * k + baseState] >= LanguageTagger.lexiconNeighbourMargin
            }
            while first > 0, leans(first - 1, first) { first -= 1; breaksRun[first] = true }
            while last + 1 < n, leans(last + 1, last) { last += 1; breaksRun[last] = true }
            lexiconSpans.append((tokens[first].start, tokens[last].end, states[range.state]))
        }

        // Viterbi decoding with a switch cost; entering and leaving a foreign language both pay it.
        let path = decode(emissions: scratch.emissions, count: n, states: k)

        // Runs of foreign states become spans, trimmed to the words that carry evidence.
        var latinSpans: [(start: Int, end: Int, language: String)] = []
        t = 0
        while t < n {
            let state = path[t]
            guard state != baseState, !breaksRun[t] else { t += 1; continue }
            var u = t
            // A word of another script ends the run: it is a span of its own.
            while u + 1 < n, path[u + 1] == state, !breaksRun[u + 1],
                  tokens[u + 1].script == LanguageTagger.latin || tokens[u + 1].script == LanguageTagger.common { u += 1 }
            var words = (t...u).filter { evidence[$0] }
            defer { t = u + 1 }
            // An edge word the base language explains as well stays in the base voice when it is a
            // function word ("a" in "Breaking Bad a remporté"), or a lowercase word before or after a
            // capitalised label ("le badge New", "la page Privacy Policy"); cognates inside a phrase
            // ("file not found", "Terms of Service") stay in it.
            func trimmable(_ w: Int, inner: Int?) -> Bool {
                guard baseState < modelCount,
                      scratch.emissions[w * k + baseState] >= scratch.emissions[w * k + state] - LanguageTagger.edgeMargin else { return false }
                if scratch.emissions[w * k + baseState] >= scratch.emissions[w * k + state] { return true }  // it prefers the base language
                if baseZipf[w] >= LanguageTagger.functionWordZipf { return true }
                guard let inner else { return false }
                return !tokens[w].hasUpper && tokens[inner].hasUpper
            }
            while let first = words.first, trimmable(first, inner: words.dropFirst().first) { words.removeFirst() }
            while let last = words.last, trimmable(last, inner: words.dropLast().last) { words.removeLast() }
            guard var first = words.first, var last = words.last else { continue }
            // Words of one to three letters alone ("lt", "gt", "de la") are too little to judge by.
            guard words.contains(where: { tokens[$0].end - tokens[$0].start >= 4 }) else { continue }
            if words.count == 1 {
                // A lone word: only if it is not a common word of the base language.
                if baseZipf[first] >= LanguageTagger.ambiguousZipf { continue }
                // Nor a word of fewer than four letters ("ui" in "(O)ui", "bra"): too little to judge by.
                if tokens[first].end - tokens[first].start < 4 { continue }
                // A capitalised lone word must be one of the language's listed (frequent) words:
                // rarer capitalised words are mostly names ("Falkland", "Dvorak"), spoken the base way.
                if tokens[first].hasUpper, state < modelCount {
                    LanguageTagger.lowercaseKey(s, tokens[first].start, tokens[first].end, into: &scratch.key)
                    guard let row = model.words.value(for: scratch.key), model.zipf[Int(row) * modelCount + state] != 0 else { continue }
                }
            }
            if baseState < modelCount {
                // However many words, the span as a whole must be clearly more likely foreign.
                let evidenceSum = words.reduce(Float(0)) { $0 + max(0, scratch.emissions[$1 * k + state] - scratch.emissions[$1 * k + baseState]) }
                if evidenceSum < LanguageTagger.minimumSpanEvidence + entryCost[state] { continue }
            }
            // A capitalised word no list knows, spelled like the span's language, belongs to it ("Ouvrez les Réglages").
            // So does a capitalised word that continues a Title Case label ("Internal Server Error" in Spanish).
            func titleCase(_ w: Int, _ edge: Int) -> Bool {
                guard evidence[w], tokens[w].hasUpper, tokens[edge].hasUpper, !scratch.lexiconSpan[w], baseState < modelCount,
                      abs(tokens[w].start - tokens[edge].end) == 1 || abs(tokens[edge].start - tokens[w].end) == 1 else { return false }
                let between = w < edge ? tokens[w].end : tokens[edge].end
                return LanguageTagger.isSpace(s[between])
                    && scratch.emissions[w * k + state] >= scratch.emissions[w * k + baseState] - LanguageTagger.titleCaseMargin
            }
            while first > 0, !breaksRun[first - 1], nameLike(tokens[first - 1], s, previous: tokens[first - 1].end, next: tokens[first].start, state)
                    || titleCase(first - 1, first) { first -= 1 }
            while last + 1 < n, !breaksRun[last + 1], nameLike(tokens[last + 1], s, previous: tokens[last].end, next: tokens[last + 1].start, state)
                    || titleCase(last + 1, last) { last += 1 }
            latinSpans.append((tokens[first].start, tokens[last].end, states[state]))
        }
        // A lone word given a third language right next to a span ("tortillas de | patata") goes
        // with its neighbour when that language knows it too, and is dropped otherwise.
        var index = 0
        while latinSpans.count > 1, index < latinSpans.count {
            let span = latinSpans[index]
            let spanTokens = (0..<n).filter { tokens[$0].start >= span.start && tokens[$0].end <= span.end && evidence[$0] }
            guard spanTokens.count == 1, let word = spanTokens.first else { index += 1; continue }
            let neighbour = latinSpans.indices.first { other in
                other != index && latinSpans[other].language != span.language
                    && (LanguageTagger.onlySpaces(s, latinSpans[other].end, span.start) || LanguageTagger.onlySpaces(s, span.end, latinSpans[other].start))
            }
            guard let neighbour else { index += 1; continue }
            let neighbourState = states.firstIndex(of: latinSpans[neighbour].language) ?? baseState
            if neighbourState < modelCount, scratch.emissions[word * k + neighbourState] > Float(model.floorZipf) / 10 - 9 {
                latinSpans[neighbour] = (min(span.start, latinSpans[neighbour].start), max(span.end, latinSpans[neighbour].end), latinSpans[neighbour].language)
            }
            latinSpans.remove(at: index)
        }
        latinSpans += lexiconSpans

        // Merge both kinds, in order; a script span never overlaps a Latin one (different tokens).
        var all = latinSpans + scriptSpans
        all.sort { $0.start < $1.start }
        for index in all.indices {
            // A question or exclamation mark written against the last word carries that language's intonation.
            let end = all[index].end
            if end < to, s[end] == "?" || s[end] == "!" { all[index].end = end + 1 }
        }
        for span in all {
            if let last = spans.last, span.start < last.end {
                // Overlap (should not happen): keep the earlier span, extended if the languages agree.
                if last.language == span.language { spans[spans.count - 1].end = max(last.end, span.end) }
                continue
            }
            if let last = spans.last, last.language == span.language,
               s[last.end..<span.start].allSatisfy({ LanguageTagger.script(of: $0) == LanguageTagger.common && !LanguageTagger.isDigit($0) }) {
                spans[spans.count - 1].end = span.end
            } else {
                spans.append(span)
            }
        }
    }

    var isHanLikeBase: Bool { baseScripts.contains(17) }

    /// True for a capitalised Latin word that no language lists, separated from the span by
    /// one space only, whose spelling fits the span's language best.
    private func nameLike(_ token: Token, _ s: [Unicode.Scalar], previous: Int, next: Int, _ state: Int) -> Bool {
        guard token.script == LanguageTagger.latin, token.hasUpper, !token.hasDigit, state < model.languages.count,
              next - previous == 1, LanguageTagger.isSpace(s[previous]) else { return false }
        var key: [UInt8] = []
        LanguageTagger.lowercaseKey(s, token.start, token.end, into: &key)
        guard model.words.value(for: key) == nil, !key.contains(UInt8(ascii: "'")) else { return false }
        let hash = key.withUnsafeBufferPointer { TailFilter.hash($0) }
        guard !model.tails.joined().contains(where: { $0.contains(hash: hash) }) else { return false }
        var costs = [Float](repeating: 0, count: model.languages.count)
        trigramCosts(key, into: &costs)
        guard let best = costs.indices.min(by: { costs[$0] < costs[$1] }) else { return false }
        return best == state
    }

    /// Splits "l'application" into "l'" and "application" when "l'" is an elision of the base language.
    private func splitElisions(_ s: [Unicode.Scalar], _ tokens: inout [Token]) {
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

    /// Fills the emissions of one Latin word: log10 probability of the word in each
    /// model language. `found` is false for a word that carries no evidence (a
    /// capitalised word no language lists: a name, an acronym).
    func emit(_ s: [Unicode.Scalar], token: Token, into emissions: inout [Float], at offset: Int,
              key: inout [UInt8], found: inout Bool) {
        var ignored: Float = 0
        emit(s, token: token, into: &emissions, at: offset, key: &key, found: &found, basePenalty: &ignored)
    }

    /// `basePenalty`: how unlike the base language the word is spelled, when the base language
    /// knows it only through its tail filter.
    func emit(_ s: [Unicode.Scalar], token: Token, into emissions: inout [Float], at offset: Int,
              key: inout [UInt8], found: inout Bool, basePenalty: inout Float) {
        basePenalty = 0
        let m = model.languages.count
        LanguageTagger.lowercaseKey(s, token.start, token.end, into: &key)
        if key.last == UInt8(ascii: "'") { key.removeLast() }  // an elided "l'" is listed as "l"
        let index = model.words.value(for: key).map(Int.init)
        if index != nil || !key.contains(where: { $0 == UInt8(ascii: "'") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }) {
            let known = fill(index: index, key: key, into: &emissions, at: offset, basePenalty: &basePenalty)
            // A capitalised word no language knows is a name or an acronym: no evidence.
            found = known || !token.hasUpper
            if !found { for l in 0..<m { emissions[offset + l] = 0 } }
            return
        }
        // Not listed whole: score the parts of "l'application", "plug-and-play", "Node.js".
        var partStart = 0
        var any = false
        var parts = 0
        let whole = key
        var partEmission = [Float](repeating: 0, count: m)
        for i in 0...whole.count {
            let atEnd = i == whole.count
            guard atEnd || whole[i] == UInt8(ascii: "'") || whole[i] == UInt8(ascii: "-") || whole[i] == UInt8(ascii: ".") else { continue }
            if i > partStart {
                let part = Array(whole[partStart..<i])
                parts += 1
                let known = fill(index: model.words.value(for: part).map(Int.init), key: part, into: &partEmission, at: 0)
                if known || !token.hasUpper {
                    any = true
                    for l in 0..<m { emissions[offset + l] += partEmission[l] }
                }
            }
            partStart = i + 1
        }
        if parts > 1 {
            // A compound's parts are not independent words: average, so length does not count twice.
            for l in 0..<m { emissions[offset + l] /= Float(parts) }
        }
        found = any
        if !any { for l in 0..<m { emissions[offset + l] = 0 } }
    }

    /// Emissions of a word in each model language: its listed frequency, else the tail
    /// frequency when the language's tail filter holds it, else the floor lowered by how
    /// unlike the language's spelling the word is. `index` is the word's row in the list
    /// (nil: listed nowhere). Returns false when no language knows the word.
    @discardableResult
    private func fill(index: Int?, key: [UInt8], into emissions: inout [Float], at offset: Int) -> Bool {
        var ignored: Float = 0
        return fill(index: index, key: key, into: &emissions, at: offset, basePenalty: &ignored)
    }

    private func fill(index: Int?, key: [UInt8], into emissions: inout [Float], at offset: Int, basePenalty: inout Float) -> Bool {
        basePenalty = 0
        let m = model.languages.count
        let floor = Float(model.floorZipf) / 10 - 9
        let hash = key.withUnsafeBufferPointer { TailFilter.hash($0) }
        var known = false
        var unknown = false
        for l in 0..<m {
            if let index, model.zipf[index * m + l] != 0 {
                emissions[offset + l] = Float(model.zipf[index * m + l]) / 10 - 9
                known = true
            } else if let tier = model.tails[l].first(where: { $0.contains(hash: hash) }) {
                emissions[offset + l] = -Float(tier.zipf) / 10 + 9  // positive marks "tail": spelling check below
                known = true
                unknown = true
            } else {
                emissions[offset + l] = .nan
                unknown = true
            }
        }
        // A word this frequent in the base language is settled by frequency: the spelling of
        // the languages that lack it would not change the outcome (and costs time).
        if unknown, let index, baseState < m, model.zipf[index * m + baseState] >= LanguageTagger.settledZipf {
            for l in 0..<m where emissions[offset + l].isNaN { emissions[offset + l] = floor }
            for l in 0..<m where emissions[offset + l] > 0 { emissions[offset + l] = -emissions[offset + l] }
            unknown = false
        }
        if unknown {
            // Words a language does not list, or knows only through its tail filter (which has
            // false positives), are weighed by how well their spelling fits the language.
            var costs = [Float](repeating: 0, count: m)
            trigramCosts(key, into: &costs)
            let best = costs.min() ?? 0
            for l in 0..<m {
                let value = emissions[offset + l]
                if value.isNaN {
                    emissions[offset + l] = floor - LanguageTagger.trigramWeight * (costs[l] - best)
                } else if value > 0 {
                    // Half weight: the filter's rare false positives (1% per tier) only need a mild
                    // check. The full penalty counts for the lone-word ambiguity test ("skip" in French).
                    // The rarest tier (below Zipf 2.5) holds much noise from other languages: full weight.
                    // So do the tails of languages other than English, rarely met in other text.
                    let weight = 9 - value < 2.5 || model.languages[l] != LanguageTagger.commonForeignLanguage
                        ? LanguageTagger.trigramWeight : LanguageTagger.trigramWeight / 2
                    let penalty = weight * (costs[l] - best)
                    if l == baseState {
                        // The base language's own rare words are not doubted ("motto" in English).
                        emissions[offset + l] = -value
                        // A word this frequent in base-language text is adopted, however it is spelled ("planning").
                        basePenalty = 9 - value >= LanguageTagger.adoptedZipf ? 0 : penalty
                    } else {
                        emissions[offset + l] = -value - penalty
                    }
                }
            }
        }
        return known
    }

    /// -log10 probability of the word's character trigrams ("_" marks the word edges), per language.
    private func trigramCosts(_ key: [UInt8], into costs: inout [Float]) {
        let m = model.languages.count
        // A rolling window over "_" + word + "_", without building an array of scalars.
        var a: Unicode.Scalar = "_", b: Unicode.Scalar = "_"
        var seen = 0
        func add(_ c: Unicode.Scalar) {
            if seen >= 2 {
                let packed = LatinLanguageModel.pack(a, b, c)
                if let index = model.trigrams.index(of: packed) {
                    for l in 0..<m { costs[l] += Float(model.trigramCost[index * m + l]) / 10 }
                } else {
                    for l in 0..<m { costs[l] += Float(model.trigramFloor[l]) / 10 }
                }
            }
            a = b
            b = c
            seen += 1
        }
        add("_")
        for scalar in String(decoding: key, as: UTF8.self).unicodeScalars { add(scalar == "'" ? "_" : scalar) }
        add("_")
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

    /// The longest lexicon entry starting at token `t`: words separated by single spaces.
    private func lexiconMatch(_ s: [Unicode.Scalar], tokens: [Token], at t: Int, key: inout [UInt8])
        -> (count: Int, language: String?)? {
        guard tokens[t].hasLetter else { return nil }
        LanguageTagger.lowercaseKey(s, tokens[t].start, tokens[t].end, into: &key)
        guard let group = lexicon.firstWords.value(for: key) else { return nil }
        var wordKey: [UInt8] = []
        for entry in lexicon.groups[Int(group)] {
            let count = entry.words.count
            guard t + count <= tokens.count else { continue }
            var matches = true
            for w in 0..<count {
                let token = tokens[t + w]
                if w > 0 {
                    let previous = tokens[t + w - 1]
                    guard token.start - previous.end == 1, LanguageTagger.isSpace(s[previous.end]) else { matches = false; break }
                }
                if entry.caseSensitive {
                    let expected = entry.exactScalars[w]
                    matches = expected.count == token.end - token.start
                        && zip(s[token.start..<token.end], expected).allSatisfy { ($0 == "\u{2019}" ? "'" : $0) == $1 }
                } else {
                    LanguageTagger.lowercaseKey(s, token.start, token.end, into: &wordKey)
                    matches = wordKey == entry.lowercaseUTF8[w]
                }
                if !matches { break }
            }
            if matches { return (count, entry.language) }
        }
        return nil
    }

    /// Best state sequence; O(tokens × states) since every switch costs the same.
    private func decode(emissions: [Float], count n: Int, states k: Int) -> [Int] {
        let cost = LanguageTagger.switchCost
        var score = [Float](repeating: 0, count: k)
        var back = [Int32](repeating: 0, count: n * k)
        for state in 0..<k { score[state] = emissions[state] - (state == baseState ? 0 : cost + entryCost[state]) }
        var next = score
        for t in 1..<max(n, 1) {
            var bestState = 0
            for state in 1..<k where score[state] > score[bestState] { bestState = state }
            let best = score[bestState]
            for state in 0..<k {
                let stay = score[state], switched = best - cost - entryCost[state]
                if stay >= switched {
                    next[state] = stay + emissions[t * k + state]
                    back[t * k + state] = Int32(state)
                } else {
                    next[state] = switched + emissions[t * k + state]
                    back[t * k + state] = Int32(bestState)
                }
            }
            swap(&score, &next)
        }
        var last = baseState
        var bestFinal = score[baseState]
        for state in 0..<k where state != baseState && score[state] - cost > bestFinal {
            bestFinal = score[state] - cost
            last = state
        }
        var path = [Int](repeating: baseState, count: n)
        path[n - 1] = last
        if n > 1 {
            for t in stride(from: n - 1, to: 0, by: -1) { path[t - 1] = Int(back[t * k + path[t]]) }
        }
        return path
    }

    // MARK: Helpers

    /// Innermost declared language per scalar, as consecutive segments.
    static func flatten(_ regions: [LanguageMarkup.Region], count: Int) -> [(start: Int, end: Int, language: String?)] {
        var owner = [Int](repeating: -1, count: count)
        for (index, region) in regions.enumerated() where region.start < region.end {
            for i in max(0, region.start)..<min(count, region.end) { owner[i] = index }
        }
        var segments: [(start: Int, end: Int, language: String?)] = []
        var i = 0
        while i < count {
            var j = i
            while j < count, owner[j] == owner[i] { j += 1 }
            segments.append((i, j, owner[i] < 0 ? nil : regions[owner[i]].language))
            i = j
        }
        if segments.isEmpty { segments.append((0, 0, nil)) }
        return segments
    }

    static func withUTF16Offsets(_ spans: [(start: Int, end: Int, language: String)], _ s: [Unicode.Scalar]) -> [LanguageSpan] {
        guard !spans.isEmpty else { return [] }
        var result: [LanguageSpan] = []
        var offset16 = 0
        var i = 0
        for span in spans {
            if span.start < i { i = 0; offset16 = 0 }  // out of order: count again from the start
            while i < span.start { offset16 += s[i].utf16.count; i += 1 }
            let start16 = offset16
            while i < span.end { offset16 += s[i].utf16.count; i += 1 }
            result.append(LanguageSpan(language: span.language, start: span.start, end: span.end, start16: start16, end16: offset16))
        }
        return result
    }

    /// Primary language subtag of a BCP 47 tag ("en-GB" -> "en").
    static func primaryLanguage(_ tag: String) -> String {
        String(tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? "").lowercased()
    }

    /// ICU script codes of a locale's writing system ("Jpan" -> Han, Hiragana, Katakana).
    static func scripts(named name: String) -> Set<Int32> {
        switch name {
        case "", "Latn": return [latin]
        case "Jpan": return [17, 20, 22]
        case "Kore": return [17, 18]
        case "Hans", "Hant": return [17]
        default:
            for code in Int32(0)..<Int32(200) where (try? icuString("naming script \(code)") { sf_script_short_name(code, $0, $1) }) == name { return [code] }
            return []
        }
    }
}


extension SpokenForm {
    /// The language tagger of this locale (created on first use).
    /// - Throws: `SpokenFormError.unsupportedLocale` for a Latin-script base without a language model.
    public var languages: LanguageTagger {
        get throws { try capability { try LanguageTagger(locale: locale, dataStore: dataStore) } }
    }

    /// The spans of `text` to speak in another language than this locale's.
    ///
    /// ```swift
    /// try SpokenForm(locale: "fr-FR").tag("Activez le Bluetooth").ssml
    /// // <speak xml:lang="fr-FR">Activez le <lang xml:lang="en">Bluetooth</lang></speak>
    /// ```
    /// - Throws: `SpokenFormError.unsupportedLocale` for a Latin-script base without a language model.
    public func tag(_ text: String) throws -> Spoken { try languages.tag(text) }
}
