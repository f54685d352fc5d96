/// A text as SpokenForm's scanners see it: its Unicode scalars, a class per scalar,
/// offset tables from scalar index to UTF-8 and UTF-16 offsets, and the protected
/// regions nothing may rewrite. The one tokenizer and offset mapper of the library:
/// `TextNormalizer`'s detectors and `AbbreviationExpander`'s scan (`ExpansionScan`) read
/// the same `ScannedText` with the same protected regions (`markProtectedRegions`), and
/// the language tagger maps its spans with the same UTF-16 table (`UTF16Offsets`).
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
    let utf8Offsets: UTF8OffsetTable
    let utf8: [UInt8]
    /// Per scalar index, `true` when it lies in a protected region.
    private(set) var protected: ScalarFlags
    /// The protected chunks that are names written like identifiers ("YouTube", "CO2",
    /// "iPhone15"): never rewritten, but still names to a rule that looks for one ("Dr");
    /// and the unprotected codes a locale reads (`hasLetterDigitCodes`).
    private(set) var identifiers: [Range<Int>] = []
    /// Per entry of `identifiers`, the greatest upper bound up to it: `isIdentifier` finds its
    /// answer by binary search (a linear search per word made "Dr A4 Dr A4 …" quadratic).
    /// `identifiers` are appended in increasing order of their start.
    private var identifiersEnd: [Int] = []
    /// Whether `identifiers` holds codes of capitals and digits the locale reads ("A4",
    /// "UA123", "SN-4829-AB"; text.txt `letter-digit-codes`): those are left unprotected for
    /// `NumberDetector`, which says each one whole. (Kept in `identifiers` rather than an array
    /// of their own: every copy of a scanned text retains each array it holds; label cost.)
    private(set) var hasLetterDigitCodes = false
    /// How many ASCII digits the text holds (detectors that need digits skip texts without).
    let digitCount: Int
    /// When this is one piece of a longer text: whether the whole text writes a 24-hour time
    /// (see `DateTimeDetector.writesTwentyFourHours`); nil, the detector reads it here.
    var wholeTextWritesTwentyFourHours: Bool?

    var count: Int { scalars.count }

    init(_ text: String) {
        self.text = text
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(text.utf8.count)
        var classes: [CharClass] = []
        classes.reserveCapacity(text.utf8.count)
        var offsets = UTF8OffsetTable(reserving: text.utf8.count + 1)
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
        protected = ScalarFlags(count: scalars.count)
    }

    // MARK: Reading

    /// The text from scalar `start` to `end`. A reversed or outlying pair is a reader's bug:
    /// it stops a debug build (the tests and fuzzers), and in a release build gives what lies
    /// inside the text rather than trapping on a user's input.
    func string(_ start: Int, _ end: Int) -> String {
        assert(0 <= start && start <= end && end <= count, "string(\(start), \(end)) of \(count) scalars")
        let lower = min(max(start, 0), count), upper = min(max(end, lower), count)
        return String(decoding: utf8[utf8Offsets[lower]..<utf8Offsets[upper]], as: UTF8.self)
    }

    func isSpace(_ i: Int) -> Bool { i >= 0 && i < count && (classes[i] == .space || classes[i] == .newline) }
    func isDigit(_ i: Int) -> Bool { i >= 0 && i < count && classes[i] == .digit }
    func isLetter(_ i: Int) -> Bool { i >= 0 && i < count && classes[i] == .letter }
    func isWordChar(_ i: Int) -> Bool { i >= 0 && i < count && (classes[i] == .letter || classes[i] == .digit) }
    func scalar(_ i: Int) -> Unicode.Scalar? { i >= 0 && i < count ? scalars[i] : nil }
    /// "x", "X" or "×" at `i` (a times sign in "2×3", "20 x 30"), compared directly: `isOneOf`
    /// builds a string for a scalar beyond ASCII ("12 €"), and the number reader asks this
    /// after every number.
    func isTimesSign(_ i: Int) -> Bool {
        guard let scalar = scalar(i) else { return false }
        return scalar == "x" || scalar == "×" || scalar == "X"
    }
    /// Does `pattern` occur at `i`, whole (a pattern ending in a letter, a digit or "." not
    /// followed by more of a word) and unprotected? The expander's dictionary and unit
    /// symbols are looked up with it. Inlined: the expander's scan asks it for every
    /// candidate pattern, and a call passing this struct cost 0.7% of a plain text's reading.
    @inline(__always)
    func occurs(_ pattern: [Unicode.Scalar], at i: Int) -> Bool {
        guard i >= 0, i + pattern.count <= count else { return false }
        for k in pattern.indices where scalars[i + k] != pattern[k] { return false }
        for k in pattern.indices where protected[i + k] { return false }
        let end = i + pattern.count
        guard end < count, let last = pattern.last else { return true }
        let lastIsWord = last.properties.isAlphabetic || ("0"..."9").contains(last)
        if lastIsWord || last == "." { return !(classes[end] == .letter || classes[end] == .digit) }
        return true
    }

    /// `pattern` at `i` right before a "/" ("km" in "km/h"), unprotected.
    func occursBeforeSlash(_ pattern: [Unicode.Scalar], at i: Int) -> Bool {
        let end = i + pattern.count
        guard i >= 0, end < count, scalars[end] == "/" else { return false }
        for k in pattern.indices where scalars[i + k] != pattern[k] || protected[i + k] { return false }
        return true
    }

    /// Whether the word ending right before `end` (letters only) is one of `words` (lowercase),
    /// in any letter case, compared in place: no String is built.
    func wordBefore(_ end: Int, isOneOf words: [[Unicode.Scalar]]) -> Bool {
        guard end > 0, end <= count, classes[end - 1] == .letter else { return false }
        // Most words end in another letter than every listed one: one test says so.
        let last = scalars[end - 1]
        var mayMatch = false
        for word in words where word.last == last { mayMatch = true; break }
        guard mayMatch else { return false }
        var start = end - 1
        while start > 0 && classes[start - 1] == .letter { start -= 1 }
        let length = end - start
        for word in words where word.count == length {
            var k = 0
            while k < length {
                let written = scalars[start + k]
                guard written == word[k] || written.properties.isUppercase
                        && written.properties.lowercaseMapping.unicodeScalars.first == word[k] else { break }
                k += 1
            }
            if k == length { return true }
        }
        return false
    }

    /// A space between two words of a line: " ", or a no-break space (U+00A0, U+202F), with
    /// which French and typeset text join a number to its word ("1 heure", "17 h 30",
    /// "XXIe siècle"). Every test for "a space, then a word" asks this, not `isOneOf(i, " ")`.
    func isWordSpace(_ i: Int) -> Bool {
        guard i >= 0 && i < count else { return false }
        let scalar = scalars[i]
        return scalar == " " || scalar.isNoBreakSpace
    }
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

    /// The most digit groups spaced like thousands that make one number: a lead of one to
    /// three digits and six groups of three ("1 234 567 890 123 456 789", below 10^21). A
    /// longer run of them is a list of numbers, each said alone: read as one number from each
    /// of its starts, a run of 10,000 groups cost its length squared in time and memory.
    static let maxSpacedGroups = 7

    /// A space that may group thousands: a space or a no-break space, never a tab.
    @inline(__always)
    func isThousandsSpace(_ i: Int) -> Bool {
        i >= 0 && i < count && classes[i] == .space && scalars[i] != "\t"
    }

    /// Three digits from `i`, and no digit after them.
    @inline(__always)
    func isDigitGroupOfThree(_ i: Int) -> Bool {
        isDigit(i) && isDigit(i + 1) && isDigit(i + 2) && !isDigit(i + 3)
    }

    /// How many digit runs of at most three digits, joined by single spaces that may group
    /// thousands, make the run around the digit run starting at `p` (counted up to one more
    /// than `maxSpacedGroups`: the answer only has to say whether the run is too long, and a
    /// bounded count keeps every start's test constant). 1 when `p`'s run stands alone.
    func spacedGroupsAround(_ p: Int) -> Int {
        spacedRuns(around: p, before: 1...3, after: 3...3, ownAtMost: 3, limit: Self.maxSpacedGroups + 1, joinedByThousandsSpaces: true)
    }

    /// The most groups of three or four digits, spaced, that make one code after a leading
    /// zero ("0800 123 456", "0123 4567 8901 2345"); a longer run is a list.
    static let maxSpacedCodeGroups = 8

    /// How many runs of three or four digits joined by single word spaces make the run around
    /// the one starting at `p`, counted up to one more than `maxSpacedCodeGroups`.
    func spacedCodeGroupsAround(_ p: Int) -> Int {
        spacedRuns(around: p, before: 3...4, after: 3...4, ownAtMost: .max, limit: Self.maxSpacedCodeGroups + 1, joinedByThousandsSpaces: false)
    }

    /// The runs of digits joined to `p`'s by single spaces (`isThousandsSpace` or `isWordSpace`),
    /// counting `p`'s own run: those before it of `before` digits, those after of `after` digits,
    /// up to `limit`; none after when `p`'s own run is longer than `ownAtMost` (no thousands
    /// follow "1234"). A flag, not a closure: a closure over `self` retained its dozen buffers
    /// at every number (+2% of a label's instructions).
    private func spacedRuns(around p: Int, before: ClosedRange<Int>, after: ClosedRange<Int>, ownAtMost: Int, limit: Int,
                            joinedByThousandsSpaces: Bool) -> Int {
        func isSpace(_ i: Int) -> Bool { joinedByThousandsSpaces ? isThousandsSpace(i) : isWordSpace(i) }
        var runs = 1
        var i = p
        while runs < limit, isSpace(i - 1), isDigit(i - 2) {
            var start = i - 2
            while start > 0 && isDigit(start - 1) && i - 1 - start <= before.upperBound { start -= 1 }
            guard before.contains(i - 1 - start), !isDigit(start - 1) else { break }
            runs += 1
            i = start
        }
        var end = digitRunEnd(p)
        guard end - p <= ownAtMost else { return runs }
        while runs < limit, isSpace(end), isDigit(end + 1) {
            let next = digitRunEnd(end + 1)
            guard after.contains(next - end - 1) else { break }
            runs += 1
            end = next
        }
        return runs
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

    /// Marks what nothing may rewrite: format specifiers (the grammar of FORMATS.md),
    /// `%#@name@` placeholders, `{name}`, `{{x}}`, `$(VAR)`, `${VAR}`, markup tags and
    /// entities, URLs and e-mail addresses (unless `spelledAddressSymbols` is given: then an
    /// address whose symbols all have a word there is left for the detector that spells
    /// it), and chunks that look like code.
    ///
    /// `dottedWords` are the words with inner periods the locale data knows ("z.B.",
    /// "p.m.", "n.º"): a chunk that is one of them is a word, not a dotted identifier.
    /// With `readsLetterDigitCodes`, a code of capitals and digits ("A4", "UA123") is listed in
    /// `identifiers` without being protected (`hasLetterDigitCodes`, `letterDigitCode(startingAt:)`).
    mutating func markProtectedRegions(spelledAddressSymbols: Set<Unicode.Scalar>? = nil, dottedWords: Set<[Unicode.Scalar]> = [],
                                       readsLetterDigitCodes: Bool = false) {
        let n = count
        var i = 0
        // The chunk (run without whitespace) being walked, and how many more scalars its
        // rest may be classified again over: each "%{$<&" inside a chunk classifies the rest
        // from there again, which made a long run of them ("<b>x</b>&amp;…", "2%2%…")
        // quadratic. The budget keeps ordinary chunks exact and long runs linear.
        var chunkEnd = 0
        var reclassifyBudget = 0
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
            if i < chunkEnd {
                end = chunkEnd
                guard reclassifyBudget >= end - i else {
                    // The budget is spent: only specifiers and placeholders are looked for.
                    i += 1
                    while i < end && !isOneOf(i, "%{$<&") { i += 1 }
                    continue
                }
                reclassifyBudget -= end - i
            } else {
                while end < n && !(classes[end] == .space || classes[end] == .newline) { end += 1 }
                chunkEnd = end
                reclassifyBudget = 8 * (end - i) + 4096
            }
            switch protectedChunk(i, end, spelledAddressSymbols: spelledAddressSymbols, dottedWords: dottedWords) {
            case .code(let from, let to):
                mark(from, to)
            case .spelledAddress:
                break
            case .prose:
                if readsLetterDigitCodes, let code = letterDigitCode(i, end) {
                    if code.lowerBound >= (identifiers.last?.upperBound ?? 0) {
                        identifiers.append(code)
                        identifiersEnd.append(max(identifiersEnd.last ?? 0, code.upperBound))
                        hasLetterDigitCodes = true
                    }
                } else if let (from, to) = identifierChunk(i, end) {
                    mark(from, to)
                    identifiers.append(from..<to)
                    identifiersEnd.append(max(identifiersEnd.last ?? 0, to))
                }
            }

            // Continue inside the chunk: a specifier or placeholder may sit within it.
            i += 1
            while i < end && !isOneOf(i, "%{$<&") { i += 1 }
        }
    }

    private mutating func mark(_ start: Int, _ end: Int) {
        protected.set(start..<max(start, min(end, count)))
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

    /// A printf/NSString specifier at `i`, read by the one grammar (`PrintfGrammar`), in its
    /// context: a `%` after a number ("25 %", "100% sûr", "50%% off") is a percent sign.
    func formatSpecifierEnd(at i: Int) -> Int? {
        // "25%", "25 %": a percent sign after a number, unless a specifier's shape follows.
        var back = i - 1
        while back >= 0 && classes[back] == .space && i - back <= 1 { back -= 1 }
        let afterNumber = back >= 0 && classes[back] == .digit
        guard i + 1 < count else { return nil }
        if scalars[i + 1] == "%" { return afterNumber ? nil : i + 2 }
        // The second sign of "50%%" (an escaped percent after a number) starts nothing:
        // "50%% off" is not "% o", a space-flagged octal.
        if i >= 2, scalars[i - 1] == "%", classes[i - 2] == .digit || i >= 3 && scalars[i - 2] == " " && classes[i - 3] == .digit {
            return nil
        }
        // "%-20%" with flags or a width before a second "%" is printf's, but in text it is the end of
        // a range of percentages ("10%-20%"), said.
        guard let end = PrintfGrammar.specifierEnd(scalars, at: i), scalars[end - 1] != "%" else { return nil }
        if afterNumber {
            // After a number, "% de remise", "% d'économie", "%, " read as a percent sign and a
            // word, and so does "25 % 5G": a space flag after a number is a space.
            if scalars[i + 1] == " " { return nil }
            if end - i == 2 && (isLetter(end) || isOneOf(end, "'’")) { return nil }
            if end - i == 3 && PrintfGrammar.isFlag(scalars[i + 1]) { return nil }
        }
        return end
    }

    /// A chunk (a run without whitespace) that is a URL, an e-mail address, a hashtag or
    /// mention, a path, a format specifier or placeholder, or looks like code, as the
    /// range to protect.
    ///
    /// Characters that never occur in prose (`_ \\ { } < > = ` | ^ ~ [ ]` outside markup
    /// tags, `@`, `$` before a letter, `%` that is not a percent sign, `#` before a letter)
    /// and dotted names the data does not know ("file.txt", not "z.B.") make the whole
    /// chunk code; URLs and e-mail addresses are protected without their surrounding
    /// punctuation ("(www.a.fr)." keeps its parentheses and period). Identifier-like names
    /// are `identifierChunk`'s.
    private enum ChunkKind { case prose, code(Int, Int), spelledAddress }

    /// A chunk made only of digits and the signs of a sum ("=", "2+2=4", "10=5×2").
    private func isArithmetic(_ from: Int, _ to: Int) -> Bool {
        guard to > from else { return false }
        for k in from..<to where classes[k] != .digit && !isOneOf(k, "=+-−×÷*/.,") { return false }
        return true
    }

    /// "<5", "> 1": the chunk starts with the sign and a number follows, glued or after a space.
    private func isComparisonBeforeNumber(_ k: Int, _ from: Int, _ to: Int, _ end: Int) -> Bool {
        guard k == from else { return false }
        if k + 1 < to { return classes[k + 1] == .digit }
        return to == end && k + 2 < count && classes[k + 1] == .space && classes[k + 2] == .digit
    }

    private func protectedChunk(_ start: Int, _ end: Int, spelledAddressSymbols: Set<Unicode.Scalar>?,
                                dottedWords: Set<[Unicode.Scalar]>) -> ChunkKind {
        // Leading and trailing punctuation is not part of a URL or identifier ("(www.a.fr).").
        var from = start
        while from < end && isOneOf(from, "(«\"'‘“[") { from += 1 }
        var to = end
        while to > from && isOneOf(to - 1, ",;:!?)»\"'’”].") { to -= 1 }
        var letterDotLetter = false, at = -1
        var url = false, codeCharacter = false
        var k = start
        while k < end {
            defer { k += 1 }
            let s = scalars[k]
            guard classes[k] != .letter && classes[k] != .digit else { continue }
            switch s {
            case "~" where k == from && k + 1 < to && classes[k + 1] == .digit:
                // "~5 km": a tilde before a number is "approximately", not code.
                continue
            case "<" where isComparisonBeforeNumber(k, from, to, end), ">" where isComparisonBeforeNumber(k, from, to, end):
                // "<5 km", "> 1 year": a comparison before a number, said ("less than"), not code.
                continue
            case "=" where isArithmetic(from, to):
                // "1 + 1 = 2", "2+2=4": a sum, said ("equals"), not code.
                continue
            case "_", "\\", "`", "|", "^", "~", "=", "{", "}", ">", "[", "]":
                // A tag's own ">" was skipped with it (below).
                codeCharacter = true
            case "<":
                // A markup tag ("<b>5</b>") is protected on its own and its content read;
                // any other "<" ("a<b", "<5") is code.
                if k + 1 < end && (isLetter(k + 1) || scalars[k + 1] == "/" || scalars[k + 1] == "!"),
                   let close = closing(">", from: k + 1, limit: 512), close < end {
                    k = close
                } else {
                    codeCharacter = true
                }
            case "@": if at < 0 { at = k }
            case ":":
                if k + 2 < end && scalars[k + 1] == "/" && scalars[k + 2] == "/" { url = true }
            case "%":
                if !isPercentSign(at: k, chunkEnd: end) { codeCharacter = true }
            case "$":
                // "$5" is money; "$x", "$(…)" and "1$" inside specifiers are code.
                if k + 1 < end && !(classes[k + 1] == .digit || scalars[k + 1] == "-" || scalars[k + 1] == "." || scalars[k + 1] == ",") {
                    codeCharacter = true
                }
            case "#":
                // Hashtags ("#SpokenForm"); a lone "#" or "#1" is left alone.
                if k + 1 < end && classes[k + 1] == .letter { codeCharacter = true }
            case ".":
                if k > start && k + 1 < end && classes[k - 1] == .letter && classes[k + 1] == .letter { letterDotLetter = true }
            case "/":
                // Paths ("/usr/bin").
                if k == from && k + 1 < to && classes[k + 1] == .letter { return .code(from, to) }
            default: break
            }
        }
        guard to > from else { return codeCharacter ? .code(start, end) : .prose }
        let address = (at > from && at + 1 < to && !url) || url
            || (to - from >= 4 && scalars[from] == "w" && scalars[from + 1] == "w" && scalars[from + 2] == "w" && scalars[from + 3] == ".")
        if address {
            if let symbols = spelledAddressSymbols, isSpellable(from, to, symbols) { return .spelledAddress }
            return codeCharacter || at >= 0 ? .code(start, end) : .code(from, to)
        }
        if codeCharacter || at >= 0 { return .code(start, end) }
        // Dotfiles and extensions (".env", ".txt").
        if end - start >= 2 && scalars[start] == "." && classes[start + 1] == .letter { return .code(start, end) }
        if letterDotLetter {
            // "z.B.", "p.ex.", "a.m." are words the data knows (abbreviations, time markers);
            // "example.com", "file.txt", "U.S." and "com.apple.foo" are names.
            var wordEnd = to
            while wordEnd < end && scalars[wordEnd] == "." { wordEnd += 1 }
            if !dottedWords.contains(Array(scalars[from..<wordEnd])) { return .code(start, end) }
        }
        return .prose
    }

    /// Whether every symbol of the address `from..<to` after its "http(s)://" has a word.
    private func isSpellable(_ from: Int, _ to: Int, _ symbols: Set<Unicode.Scalar>) -> Bool {
        var k = from
        let lower = string(from, min(to, from + 8)).lowercased()
        if lower.hasPrefix("https://") { k += 8 } else if lower.hasPrefix("http://") { k += 7 }
        while k < to {
            if !isWordChar(k) && !symbols.contains(scalars[k]) { return false }
            k += 1
        }
        return true
    }

    /// A chunk written like an identifier: letters glued to digits ("A4", "x86", "MP3",
    /// "m2", "iPhone15"), or camelCase inside a word ("YouTube", "fooBar"; not "iPhone",
    /// one leading lowercase letter, nor "McDonald"), without surrounding punctuation.
    private func identifierChunk(_ start: Int, _ end: Int) -> (Int, Int)? {
        var from = start
        while from < end && isOneOf(from, "(«\"'‘“[") { from += 1 }
        var to = end
        while to > from && isOneOf(to - 1, ",;:!?)»\"'’”].") { to -= 1 }
        guard to > from, classes[from] == .letter else { return nil }
        if isUnitAfterNumber(from, to) { return nil }
        for k in (from + 1)..<to where classes[k] == .digit && classes[k - 1] == .letter { return (from, to) }
        var k = from + 3
        while k < to {
            if classes[k] == .letter && isUppercase(k) && classes[k - 1] == .letter && isLowercase(k - 1)
                && classes[k - 2] == .letter && isLowercase(k - 2) {
                return (from, to)
            }
            k += 1
        }
        return nil
    }

    /// A code of capitals and digits ("A4", "MP3", "UA123", "H2O", "COVID-19", "SN-4829-AB"):
    /// groups of one to five ASCII capitals and groups of digits, glued or joined by single
    /// hyphens, starting with a capital and holding both; without surrounding punctuation.
    /// ("iPhone15", "x86", "MP3s" and "2FA" are not: they stay identifiers.)
    private func letterDigitCode(_ start: Int, _ end: Int) -> Range<Int>? {
        // Most chunks start with a lower-case letter or a capitalised word: both end here or at
        // their second letter, before any punctuation is looked at (label cost).
        var from = start
        if !isASCIICapital(from) {
            while from < end && isOneOf(from, "(«\"'‘“[") { from += 1 }
            guard from < end, isASCIICapital(from) else { return nil }
        }
        var k = from, letters = false, digits = false
        while k < end {
            if isASCIICapital(k) {
                let groupStart = k
                while k < end && isASCIICapital(k) { k += 1 }
                guard k - groupStart <= 5 else { return nil }
                letters = true
            } else if classes[k] == .digit {
                k = digitRunEnd(k)
                digits = true
            } else {
                break
            }
            if k + 1 < end && scalars[k] == "-" && (isASCIICapital(k + 1) || classes[k + 1] == .digit) { k += 1 }
        }
        guard letters && digits, k - from <= 24 else { return nil }
        // Only closing punctuation may follow the code in its chunk ("(A4).", "B12,").
        var rest = k
        while rest < end && isOneOf(rest, ",;:!?)»\"'’”].") { rest += 1 }
        return rest == end ? from..<k : nil
    }

    /// The code of capitals and digits the locale reads that starts at `i`, if any: the
    /// unprotected entry of `identifiers` that starts there.
    func letterDigitCode(startingAt i: Int) -> Range<Int>? {
        guard hasLetterDigitCodes, !protected[i] else { return nil }
        var low = 0, high = identifiers.count
        while low < high {
            let mid = (low + high) / 2
            if identifiers[mid].lowerBound < i { low = mid + 1 } else { high = mid }
        }
        return low < identifiers.count && identifiers[low].lowerBound == i ? identifiers[low] : nil
    }

    @inline(__always)
    private func isASCIICapital(_ i: Int) -> Bool {
        let v = scalars[i].value
        return v >= 0x41 && v <= 0x5A
    }

    /// "5 m2", "1000 kg/m3", "3 cm3": a unit written with a plain 2 or 3 for its power, after a
    /// number and a space; not a code name. Letters each followed by at most a 2 or a 3, joined by "/".
    private func isUnitAfterNumber(_ from: Int, _ to: Int) -> Bool {
        guard from >= 2, classes[from - 1] == .space, classes[from - 2] == .digit, to - from <= 8 else { return false }
        var k = from
        while k < to {
            guard classes[k] == .letter else { return false }
            while k < to && classes[k] == .letter { k += 1 }
            if k < to && isOneOf(k, "23") { k += 1 }
            if k < to {
                guard isOneOf(k, "/"), k + 1 < to else { return false }
                k += 1
            }
        }
        return true
    }

    /// Whether the scalar at `i` is a capital letter.
    func isCapital(_ i: Int) -> Bool { i >= 0 && i < count && classes[i] == .letter && isUppercase(i) }

    /// Case tests with an ASCII fast path: Unicode properties cost more than the whole scan of a word.
    @inline(__always)
    private func isUppercase(_ i: Int) -> Bool {
        let v = scalars[i].value
        return v < 0x80 ? (v >= 0x41 && v <= 0x5A) : scalars[i].properties.isUppercase
    }

    @inline(__always)
    private func isLowercase(_ i: Int) -> Bool {
        let v = scalars[i].value
        return v < 0x80 ? (v >= 0x61 && v <= 0x7A) : scalars[i].properties.isLowercase
    }

    /// Whether the scalar at `i` lies in an identifier-like name (`identifiers`).
    func isIdentifier(_ i: Int) -> Bool {
        // The last entry starting at or before `i`; some entry up to it reaches past `i` iff one contains it.
        var low = 0, high = identifiers.count
        while low < high {
            let mid = (low + high) / 2
            if identifiers[mid].lowerBound <= i { low = mid + 1 } else { high = mid }
        }
        return low > 0 && identifiersEnd[low - 1] > i
    }

    /// "25%", "25 %", "100% sûr": a percent sign. "%d", "%1$lld", "%@", "% d": a format specifier.
    private func isPercentSign(at i: Int, chunkEnd: Int) -> Bool {
        // "85%." and "85%," end a sentence or a clause; "%.2f" is a specifier.
        let sentencePeriod = i + 1 < chunkEnd && scalars[i + 1] == "." && !isWordChar(i + 2)
        let afterIsWordLike = i + 1 < chunkEnd && !sentencePeriod
            && (classes[i + 1] == .letter || classes[i + 1] == .digit || isOneOf(i + 1, "@#$%*.-+'"))
        // "10%-20%": a range of percentages, not a left-justified "%-20" specifier.
        if i > 0, classes[i - 1] == .digit, i + 2 < chunkEnd, isOneOf(i + 1, "-–"), classes[i + 2] == .digit {
            var k = i + 2
            while k < chunkEnd && classes[k] == .digit { k += 1 }
            if k < chunkEnd && scalars[k] == "%" { return true }
        }
        // "50%% off", "50 %% de remise": a format string's escaped percent after a number, which
        // the app shows as "50% off"; both signs are the one percent sign said.
        func afterNumber(_ k: Int) -> Bool {
            k > 0 && (classes[k - 1] == .digit || k > 1 && scalars[k - 1] == " " && classes[k - 2] == .digit)
        }
        func endsWord(_ k: Int) -> Bool { k >= chunkEnd || classes[k] != .letter && classes[k] != .digit && scalars[k] != "%" }
        if i + 1 < chunkEnd, scalars[i + 1] == "%", afterNumber(i), endsWord(i + 2) { return true }
        if i > 0, scalars[i - 1] == "%", afterNumber(i - 1), endsWord(i + 1) { return true }
        if afterIsWordLike { return false }
        if i > 0 && classes[i - 1] == .digit { return true }
        // A lone "%" after a number and a space; "% d" (space flag) is a specifier in code but
        // reads as a sign after a number, which is what UI text means by it.
        var j = i - 1
        while j >= 0 && classes[j] == .space { j -= 1 }
        return j >= 0 && classes[j] == .digit && (i + 1 >= chunkEnd || classes[i + 1] != .letter)
    }

    // MARK: Offsets

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

/// UTF-8 offsets by scalar index in a little over one byte each: the offset of every 64th
/// scalar, and per scalar one byte from it (63 scalars of at most 4 bytes: at most 252).
/// The largest of `ScannedText`'s per-scalar tables as plain `Int`s (8 bytes a scalar, then 4),
/// it made a huge line without a place to cut it cost 25 times its size (issue 18, finding 5);
/// a lookup is still two loads and an add.
struct UTF8OffsetTable {
    private var blockStarts: [Int] = []
    private var fromBlockStart: [UInt8] = []

    init(reserving count: Int) {
        blockStarts.reserveCapacity(count / 64 + 1)
        fromBlockStart.reserveCapacity(count)
    }

    /// Appends the offset of the next scalar (offsets only grow, by 1 to 4 a scalar).
    mutating func append(_ offset: Int) {
        if fromBlockStart.count & 63 == 0 { blockStarts.append(offset) }
        fromBlockStart.append(UInt8(truncatingIfNeeded: offset - blockStarts[blockStarts.count - 1]))
    }

    @inline(__always)
    subscript(index: Int) -> Int { blockStarts[index >> 6] + Int(fromBlockStart[index]) }
}

/// One flag per scalar in one bit (a `[Bool]` costs a byte a scalar: on a huge line without
/// a place to cut it, every byte a scalar counts; issue 18, finding 5).
struct ScalarFlags {
    private var words: [UInt64]

    init(count: Int) {
        words = [UInt64](repeating: 0, count: (count + 63) / 64)
    }

    @inline(__always)
    subscript(index: Int) -> Bool { words[index >> 6] & (1 << UInt64(index & 63)) != 0 }

    /// Raises the flags of `range`.
    mutating func set(_ range: Range<Int>) {
        for index in range { words[index >> 6] |= 1 << UInt64(index & 63) }
    }
}
