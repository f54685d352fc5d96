/// Finds every number, date, time, phone number, amount, unit and abbreviation in a
/// running text and replaces each with what a person would say, in one locale:
/// "RDV le 01/04/2015 à 5h30" -> "rendez-vous le premier avril deux mille quinze à
/// cinq heures trente".
///
/// How it works:
/// 1. `ScannedText` classifies each scalar once and marks the protected regions
///    (format specifiers, placeholders, markup, URLs and e-mail addresses, code-like
///    identifiers, except the codes of capitals and digits a locale reads, en "A4");
///    nothing inside them is ever rewritten.
/// 2. Each capability's detector proposes candidates (start, end, class, spoken form).
/// 3. Overlaps are resolved (`resolve`): a candidate the context makes certain (a code
///    after "n°") first removes those overlapping it; then, among candidates that do not touch a protected
///    scalar, the set of non-overlapping ones covering the most scalars wins; on a tie,
///    the set with the higher summed priority, then the one with fewer rewrites. So a
///    date "01/04/2015" beats the three numbers inside it, a phone number beats its
///    digit groups, and "5 °C" (a unit) beats "5" (a cardinal).
/// 4. The output is the input with the chosen candidates replaced; every byte outside
///    them is copied as it was, and each replacement is recorded with its ranges.
///
/// What no detector claims stays byte for byte as it was: an ambiguous form is left
/// written rather than guessed (the policy per class is in Docs/text.md).
///
/// Thread-safe: the detectors hold only immutable data and the spellers they call are
/// thread-safe.
public final class TextNormalizer: Sendable {
    /// The locale this normaliser speaks.
    public let locale: SpokenLocale
    let context: TextContext
    let detectors: [any TextDetector]
    /// Words with inner periods the data knows (abbreviations, "a.m."): words, not dotted code.
    let dottedWords: Set<[Unicode.Scalar]>
    /// The normaliser marks the same protected regions as the expander alone (no time marker
    /// adds a dotted word): a text the expander read can go on to the detectors without a second scan.
    let scansLikeExpander: Bool
    /// The UTF-8 of text.txt's `count-elision-before` words ("un", "une"), for a byte test.
    let elisionStartBytes: [[UInt8]]
    /// The options of the `SpokenForm` it came from: another language's normaliser, for a
    /// foreign span (`normalize(_:only:skip:addresses:languages:)`), is made with the same.
    let options: SpokenForm.Options

    /// Throws `unsupportedLocale` when `Locales/` has no text data for the language.
    init(spoken: SpokenForm) throws {
        locale = spoken.locale
        options = spoken.options
        let files = try spoken.dataStore.files(named: "text.txt", language: locale.language, region: locale.region)
        guard !files.isEmpty else { throw SpokenFormError.unsupportedLocale(locale.tag, capability: "text") }
        let data = try TextLocaleData(files: files)
        let numbers = try spoken.numbers
        // A rule set a case form names must be one the locale's speller has (ICU's or spellout.txt's).
        for form in data.countCaseForms.values.flatMap(\.values) where !numbers.ruleSetNames.contains(form.ruleSet) {
            throw SpokenFormError.malformedLocaleData(file: form.file, line: form.line, message: "count-case-form names \(form.ruleSet), "
                + "which is not one of the spell-out rule sets for \(locale.tag): \(numbers.ruleSetNames.joined(separator: " "))")
        }
        // A language without abbreviation data reads text without them; a broken data file
        // is an error, never a silent loss of every unit and amount.
        let expander: AbbreviationExpander?
        do {
            expander = try spoken.abbreviations
        } catch SpokenFormError.unsupportedLocale {
            expander = nil
        }
        // Likewise a language without date data (a language being built, data first) reads text without dates.
        let dates: DateSpeller?
        do {
            dates = try spoken.dates
        } catch SpokenFormError.unsupportedLocale {
            dates = nil
        }
        context = TextContext(locale: locale, numbers: numbers, dates: dates,
                              lazyPhones: LazyPhoneSpeller(spoken: spoken, numbers: numbers),
                              expander: expander, data: data)
        detectors = [ExpansionDetector(), PhoneDetector(), DateTimeDetector(), NumberDetector()]
        let markers = data.amForms.union(data.pmForms).filter { $0.contains(".") }.map { Array($0.unicodeScalars) }
        let dotted = (context.expander?.matcher.dottedKeys ?? []).union(markers)
        dottedWords = dotted
        scansLikeExpander = context.expander.map { dotted == $0.matcher.dottedKeys } ?? false
        elisionStartBytes = data.countElisionStarts.map { Array($0.utf8) }
    }

    /// Whether the first or the second word of `spoken` is a `count-elision-before` word: the
    /// only spoken forms `attachElisions` may change. Bytes are compared, since splitting every
    /// chosen form into words cost an eighth of a label's time.
    private func mayElide(_ spoken: String) -> Bool {
        spoken.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            var start = 0
            for _ in 0..<2 {
                var end = start
                while end < bytes.count && bytes[end] != 0x20 { end += 1 }
                let word = UnsafeBufferPointer(rebasing: bytes[start..<end])
                if elisionStartBytes.contains(where: { $0.elementsEqual(word) }) { return true }
                guard end < bytes.count else { return false }
                start = end + 1
            }
            return false
        } ?? true
    }

    /// The text with every recognised form said, and each rewrite with its kind and its
    /// ranges; `only` and `skip` choose the kinds rewritten. E-mail and web addresses are
    /// protected unless `addresses` is true: then they are spelled out in the language
    /// ("arobase", "point"), as kinds `.email` and `.url`.
    /// - Throws: `SpokenFormError` when a speller fails on a form it was given (ICU failures).
    public func normalize(_ text: String, only: Set<Spoken.Rewrite.Kind>? = nil, skip: Set<Spoken.Rewrite.Kind> = [],
                          addresses: Bool = false) throws -> Spoken {
        try normalize(text, only: only, skip: skip, addresses: addresses, recordingRewrites: true)
    }

    /// The text alone, as `normalize` says it, without recording the rewrites: for bulk
    /// conversion (CSV cells, the CLI's text output), where a rewrite's strings and ranges
    /// (about 100 bytes each) made a huge cell cost many times its size (issue 18, finding 5).
    /// - Throws: `SpokenFormError` when a speller fails on a form it was given (ICU failures).
    package func normalizedText(_ text: String, only: Set<Spoken.Rewrite.Kind>? = nil, skip: Set<Spoken.Rewrite.Kind> = [],
                                addresses: Bool = false) throws -> String {
        try normalize(text, only: only, skip: skip, addresses: addresses, recordingRewrites: false).text
    }

    /// A text longer than `AbbreviationExpander.pieceBytes` is said in the expander's pieces
    /// (`AbbreviationExpander.pieces(of:)`: cut after a line feed or between two quiet
    /// lower-case words, where no detector looks across), so that the per-character tables
    /// and candidates of one piece are alive at a time: memory follows the piece, not the
    /// cell (issue 18, finding 5: prose cost about 40 times its size). The rewrites' ranges
    /// are shifted to the whole text.
    private func normalize(_ text: String, only: Set<Spoken.Rewrite.Kind>?, skip: Set<Spoken.Rewrite.Kind>,
                           addresses: Bool, recordingRewrites: Bool) throws -> Spoken {
        guard text.utf8.count > AbbreviationExpander.pieceBytes, let expander = context.expander else {
            return try normalizeWhole(text, only: only, skip: skip, addresses: addresses, recordingRewrites: recordingRewrites)
        }
        let pieces = expander.pieces(of: text)
        guard pieces.count > 1 else {
            return try normalizeWhole(text, only: only, skip: skip, addresses: addresses, recordingRewrites: recordingRewrites)
        }
        // A 24-hour time anywhere sets how the text's unmarked hours are said (en "9:30"):
        // read over every piece first, so the pieces say what the whole says.
        var writesTwentyFourHours: Bool?
        for piece in pieces {
            guard let writes = DateTimeDetector.writesTwentyFourHours(String(piece), context: context) else { break }
            writesTwentyFourHours = writes
            if writes { break }
        }
        var joined = SpokenPieces(reservingCapacity: text.utf8.count * 2, recordingRewrites: recordingRewrites)
        for piece in pieces {
            let spoken = try normalizeWhole(String(piece), only: only, skip: skip, addresses: addresses, recordingRewrites: recordingRewrites,
                                            wholeTextWritesTwentyFourHours: writesTwentyFourHours)
            joined.append(spoken.text, rewrites: spoken.rewrites, of: piece)
        }
        return Spoken(text: joined.text, locale: locale.bcp47, rewrites: joined.rewrites)
    }

    /// One text (or piece) said as a whole: detected and resolved at once, or a window at a
    /// time when it is longer than `windows.minimumBytes` (nil: at once, whatever its length).
    func normalizeWhole(_ text: String, only: Set<Spoken.Rewrite.Kind>?, skip: Set<Spoken.Rewrite.Kind>,
                        addresses: Bool, recordingRewrites: Bool, wholeTextWritesTwentyFourHours: Bool? = nil,
                        windows: TextWindows? = .standard) throws -> Spoken {
        // Candidates keep scalar indices in 32 bits (`TextCandidate`): a piece (a text with no
        // cut point, see `normalize`) of 2 GiB or more is refused, never cut short.
        guard text.utf8.count < Int(Int32.max) else {
            throw SpokenFormError.invalidInput(kind: "text", input: String(text.prefix(40)) + "…",
                                               expected: "under 2 GiB of UTF-8 without a line feed or two plain words to cut it at")
        }
        // Most UI text has no digit, sign, fraction or Roman numeral: only the expander can
        // find something there, and when it finds nothing the text is returned as it is.
        let wordsOnly = !addresses && Self.holdsNothingButWords(text)
        // The expander's reading of a words-only text, kept for its detector (one scan, one expansion).
        var expansions: [ExpansionScan.Expansion]?
        var scanned: ScannedText
        if wordsOnly, let expander = context.expander, scansLikeExpander, text.utf8.count <= AbbreviationExpander.pieceBytes {
            // `expander.expand(text)` is this very scan and expansion: the text is scanned once.
            scanned = ScannedText(text)
            scanned.markProtectedRegions(dottedWords: dottedWords)
            let found = try expander.expansions(of: scanned)
            if found.isEmpty { return Spoken(text: text, locale: locale.bcp47) }
            expansions = found
        } else {
            if wordsOnly, let expander = context.expander, try !expander.expandsAnything(text) {
                return Spoken(text: text, locale: locale.bcp47)
            }
            scanned = self.scanned(text, addresses: addresses)
        }
        scanned.wholeTextWritesTwentyFourHours = wholeTextWritesTwentyFourHours
        if expansions == nil, let windows, text.utf8.count > windows.minimumBytes,
           let spoken = try normalizeInWindows(scanned, windows: windows, only: only, skip: skip, addresses: addresses,
                                               recordingRewrites: recordingRewrites) {
            return spoken
        }
        var candidates: [TextCandidate] = []
        // Every detector runs even for skipped classes: a skipped date must stay written as a
        // date, not be read as the fraction it also looks like.
        for detector in detectors {
            if let expansions, let expansion = detector as? ExpansionDetector {
                try expansion.detect(in: scanned, context: context, expansions: expansions, into: &candidates)
            } else {
                try detector.detect(in: scanned, context: context, into: &candidates)
            }
        }
        if addresses { try AddressDetector().detect(in: scanned, context: context, into: &candidates) }
        candidates.removeAll { candidate in
            candidate.end <= candidate.start || candidate.start < 0 || candidate.end > scanned.count
                || scanned.isProtected(candidate.start, candidate.end) || candidate.saysNothing
        }
        if candidates.isEmpty { return Spoken(text: text, locale: locale.bcp47) }
        if candidates.contains(where: \.isCertain) { Self.dropOverlappingCertain(&candidates, from: 0, to: scanned.count) }
        var chosen = Self.resolve(sorting: &candidates)
        candidates = []  // `chosen` now holds the buffer alone
        if only != nil || !skip.isEmpty {
            let wanted = (only ?? Set(Spoken.Rewrite.Kind.allCases)).subtracting(skip)
            if wanted.count < Spoken.Rewrite.Kind.allCases.count { chosen.removeAll { !wanted.contains($0.kind) } }
        }
        if chosen.contains(where: { $0.isUnsaid }) { try TextVerbalizer(context: context).say(&chosen, in: scanned) }
        attachSigns(&chosen, in: scanned)
        joinRangesAfterBetween(&chosen, in: scanned)
        declineAbbreviatedAdjectives(&chosen, in: scanned)
        attachElisions(&chosen, in: scanned)
        return write(scanned, chosen, recordingRewrites: recordingRewrites)
    }

    /// `text` scanned, its protected regions marked as the detectors need them.
    func scanned(_ text: String, addresses: Bool) -> ScannedText {
        var scanned = ScannedText(text)
        scanned.markProtectedRegions(spelledAddressSymbols: addresses ? Set(context.data.addressSymbols.keys) : nil,
                                     dottedWords: dottedWords, readsLetterDigitCodes: context.data.readsLetterDigitCodes)
        return scanned
    }

    /// `scanned` said a window at a time, exactly as `normalizeWhole` says it at once; nil when
    /// a candidate turns up before a seam already written (then the caller says it at once).
    ///
    /// Each detector walks the whole `ScannedText` (every neighbour it reads is there), but in
    /// steps (`TextDetectorPass`): every pass goes on to the end of the next window, then the
    /// candidates that end before a seam are resolved, written and released. A seam is a
    /// position no candidate found so far crosses, `lookBack` scalars before the slowest pass:
    /// what the passes find later starts after it (they place a start at most a few scalars
    /// before where they stand: a sign, a code word), and that is checked, not assumed.
    ///
    /// Why the output is the same: resolution decomposes at a position no candidate crosses.
    /// The candidates on each side are sorted apart from the others (by end, then start,
    /// stably, in detector order as `normalizeWhole` appends them), the score of a choice is a
    /// sum, so each side's best choice is that side of the best choice, ties broken alike; a
    /// certain candidate overlaps only candidates on its own side; signs and elisions look
    /// only at the chosen candidate before (carried across the seam); and the writer copies
    /// the input up to each chosen candidate in order. `WindowedNormalizationTests` compares
    /// the two on long texts with windows of many sizes.
    func normalizeInWindows(_ scanned: ScannedText, windows: TextWindows, only: Set<Spoken.Rewrite.Kind>?,
                            skip: Set<Spoken.Rewrite.Kind>, addresses: Bool, recordingRewrites: Bool) throws -> Spoken? {
        var passes: [any TextDetectorPass] = []
        for detector in detectors { passes += try detector.passes(over: scanned, context: context) }
        if addresses { passes += AddressDetector().passes(over: scanned, context: context) }
        let n = scanned.count
        // Per pass, its candidates not resolved yet, in the order it proposed them.
        var pending = [[TextCandidate]](repeating: [], count: passes.count)
        var found: [TextCandidate] = []
        var window: [TextCandidate] = []
        let wanted = only != nil || !skip.isEmpty ? (only ?? Set(Spoken.Rewrite.Kind.allCases)).subtracting(skip) : nil
        // Twice the input: capacity never written costs no resident memory, and growing copies.
        var writer = TextWriter(scanned, reserving: 2 * scanned.utf8.count, recordingRewrites: recordingRewrites, asString: true)
        // Everything before `seam` is resolved and written; `lastChosenEnd` ends the last candidate chosen.
        var seam = 0
        var lastChosenEnd: Int?
        var limit = 0
        // How far the next step walks: one window, doubled while no seam is found (a candidate
        // spanning many windows), so that the search for one stays linear in all.
        var step = windows.scalars
        while true {
            limit = limit > n - step ? n : limit + step
            for index in passes.indices {
                try passes[index].run(until: limit, into: &found)
                for candidate in found {
                    // What `normalizeWhole` drops before resolving.
                    guard candidate.end > candidate.start, candidate.start >= 0, candidate.end <= n,
                          !scanned.isProtected(candidate.start, candidate.end), !candidate.saysNothing else { continue }
                    guard candidate.start >= seam else { return nil }
                    pending[index].append(candidate)
                }
                found.removeAll(keepingCapacity: true)
            }
            let reached = passes.reduce(Int.max) { min($0, $1.position) }
            let done = reached >= n
            let cut = done ? n : Self.seam(before: reached - windows.lookBack, after: seam, pending)
            guard cut > seam || done else {
                step = min(2 * step, n)
                continue
            }
            step = windows.scalars
            // The window: every candidate ending by the cut, pass by pass in the order proposed.
            for index in pending.indices {
                // The rest start at the cut or later (nothing crosses it); both keep their order.
                var rest = 0
                for position in pending[index].indices {
                    let candidate = pending[index][position]
                    if candidate.end <= cut {
                        window.append(candidate)
                    } else {
                        pending[index][rest] = candidate
                        rest += 1
                    }
                }
                pending[index].removeLast(pending[index].count - rest)
            }
            if window.contains(where: \.isCertain) { Self.dropOverlappingCertain(&window, from: seam, to: cut) }
            var chosen = Self.resolve(sorting: &window)
            window = []  // `chosen` now holds the buffer alone
            if let wanted { chosen.removeAll { !wanted.contains($0.kind) } }
            if chosen.contains(where: { $0.isUnsaid }) { try TextVerbalizer(context: context).say(&chosen, in: scanned) }
            attachSigns(&chosen, in: scanned, after: lastChosenEnd)
            joinRangesAfterBetween(&chosen, in: scanned)
            declineAbbreviatedAdjectives(&chosen, in: scanned)
            attachElisions(&chosen, in: scanned, after: lastChosenEnd)
            lastChosenEnd = chosen.last?.end ?? lastChosenEnd
            writer.write(chosen, of: scanned)
            if done { writer.finish(scanned) }
            seam = cut
            if done { break }
        }
        guard writer.changed, let output = writer.spokenText else { return Spoken(text: scanned.text, locale: locale.bcp47) }
        return Spoken(text: output, locale: locale.bcp47, rewrites: writer.rewrites)
    }

    /// The greatest position from `after` to `target` that no candidate of `pending` crosses
    /// (each starts at `after` or later); `after` when there is none beyond it.
    static func seam(before target: Int, after: Int, _ pending: [[TextCandidate]]) -> Int {
        guard target > after else { return after }
        var spans: [(start: Int, end: Int)] = []
        for candidates in pending {
            for candidate in candidates where candidate.start < target { spans.append((candidate.start, candidate.end)) }
        }
        spans.sort { $0.start < $1.start }
        // A position is crossed when a span starting before it ends after it.
        var best = after, reach = after
        for span in spans {
            if span.start >= reach { best = span.start }
            reach = max(reach, span.end)
        }
        return reach <= target ? target : best
    }

    /// Drops every candidate that is not certain and overlaps a certain one (`normalizeWhole`'s
    /// first step of resolution), over candidates lying within `from..<to`.
    static func dropOverlappingCertain(_ candidates: inout [TextCandidate], from: Int, to: Int) {
        // How many scalars before each position a certain candidate covers: a candidate
        // overlaps one when that count grows across it (linear, however many are certain).
        let count = to - from
        var covered = [Int](repeating: 0, count: count + 1)
        for candidate in candidates where candidate.isCertain {
            covered[candidate.start - from] += 1
            covered[candidate.end - from] -= 1
        }
        var depth = 0, total = 0
        for index in 0..<count {
            depth += covered[index]
            if depth > 0 { total += 1 }
            covered[index] = total
        }
        covered[count] = total
        candidates.removeAll { candidate in
            guard !candidate.isCertain else { return false }
            let before = candidate.start == from ? 0 : covered[candidate.start - from - 1]
            return covered[candidate.end - from - 1] > before
        }
    }

    /// True when no byte of `text` can start a number, a sign, a fraction glyph or a Roman
    /// numeral: ASCII digits, "+", "#", a word starting with two Roman capitals or made of
    /// one ("IV", "V", "Ier"), and the fraction glyphs.
    static func holdsNothingButWords(_ text: String) -> Bool {
        var utf8 = text
        return utf8.withUTF8 { bytes in
            var index = 0
            let count = bytes.count
            while index < count {
                switch bytes[index] {
                case 0x30...0x39, 0x2B, 0x23: return false
                case 0x49, 0x56, 0x58, 0x4C, 0x43, 0x44, 0x4D:
                    // A Roman numeral starts a word with its capitals: "XIV", "IV", "V", "Ier";
                    // "Vous", "Le", "Dr" do not count.
                    let atWordStart = index == 0 || !Self.isASCIILetter(bytes[index - 1])
                    guard atWordStart else { break }
                    let next = index + 1 < count ? bytes[index + 1] : 0x20
                    if !Self.isASCIILetter(next) && next < 0x80 && next != 0x27 { return false }
                    if [0x49, 0x56, 0x58, 0x4C, 0x43, 0x44, 0x4D].contains(next) { return false }
                    if bytes[index] == 0x49 && next == 0x65 { return false }
                case 0xC2:
                    // "¼ ½ ¾" are C2 BC..BE.
                    if index + 1 < count, (0xBC...0xBE).contains(bytes[index + 1]) { return false }
                case 0xE2:
                    // "⅓ ⅔ ⅕ … ⅞" are E2 85 93..9E.
                    if index + 2 < count, bytes[index + 1] == 0x85, (0x93...0x9E).contains(bytes[index + 2]) { return false }
                default: break
                }
                index += 1
            }
            return true
        }
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }

    /// Weighted interval scheduling: the non-overlapping subset covering the most scalars;
    /// ties go to the higher summed priority, then to fewer candidates. O(n log n).
    static func resolve(_ candidates: [TextCandidate]) -> [TextCandidate] {
        var sorted = candidates
        return resolve(sorting: &sorted)
    }

    /// `resolve`, sorting `candidates` in place (no second array of them: a huge text has
    /// one candidate every few scalars).
    static func resolve(sorting candidates: inout [TextCandidate]) -> [TextCandidate] {
        candidates.sort { $0.end != $1.end ? $0.end < $1.end : $0.start < $1.start }
        let count = candidates.count
        struct Score: Comparable {
            var covered = 0, priority = 0, rewrites = 0
            static func < (a: Score, b: Score) -> Bool {
                if a.covered != b.covered { return a.covered < b.covered }
                if a.priority != b.priority { return a.priority < b.priority }
                return a.rewrites > b.rewrites
            }
        }
        var best = [Score](repeating: Score(), count: count + 1)
        var took = [Bool](repeating: false, count: count + 1)
        var previous = [Int](repeating: 0, count: count + 1)
        for index in 0..<count {
            let start = candidates[index].start
            // The last candidate (1-based count) ending at or before this one's start.
            var low = 0, high = index
            while low < high {
                let mid = (low + high + 1) / 2
                if candidates[mid - 1].end <= start { low = mid } else { high = mid - 1 }
            }
            previous[index + 1] = low
            var with = best[low]
            with.covered += candidates[index].end - start
            with.priority += candidates[index].priority
            with.rewrites += 1
            if best[index] < with {
                best[index + 1] = with
                took[index + 1] = true
            } else {
                best[index + 1] = best[index]
            }
        }
        best = []
        // The chosen ones, marked from the last back, then moved to the front in order:
        // no second array of candidates.
        var chosen = [Bool](repeating: false, count: count)
        var i = count
        while i > 0 {
            if took[i] {
                chosen[i - 1] = true
                i = previous[i]
            } else {
                i -= 1
            }
        }
        took = []
        previous = []
        var kept = 0
        for index in 0..<count where chosen[index] {
            if index != kept { candidates.swapAt(kept, index) }
            kept += 1
        }
        candidates.removeLast(count - kept)
        return candidates
    }

    /// "+5 °C" is "plus cinq degrés Celsius": a written plus before a chosen number, unit or
    /// amount joins it (the detectors of units and money read only the minus sign).
    /// `previousEnd`: where the last candidate chosen before these ends (the windows' seam).
    /// A tilde glued before one ("~5 km") is said with the data's word for it ("approximately",
    /// text.txt `approximately`).
    private func attachSigns(_ chosen: inout [TextCandidate], in text: ScannedText, after previousEnd: Int? = nil) {
        let plus = context.data.plusWord, approximately = context.data.approximatelyWord, equals = context.data.equalsWord
        let comparisons = context.data.comparisonWords
        guard plus != nil || approximately != nil || equals != nil || context.data.timesWord != nil
                || context.data.dimensionWord != nil || !comparisons.isEmpty else { return }
        for index in chosen.indices {
            let candidate = chosen[index]
            if !comparisons.isEmpty, let sign = comparisonSign(before: candidate, in: text),
               (index == 0 ? previousEnd ?? -1 : chosen[index - 1].end) <= sign, let word = comparisons[text.scalars[sign]] {
                chosen[index].start = sign
                chosen[index].spoken = context.data.elidingCounts(word + " " + candidate.spoken)
                continue
            }
            // "20 cm x 30 cm", "20cm×30cm": a size whose numbers each carry their unit (the number
            // reader's `product` sees only a sign right after a number). The sign between two
            // measures is said as text.txt `dimension` ("twenty centimeters by thirty centimeters").
            if candidate.kind == .unit, index > 0, chosen[index - 1].kind == .unit, let by = context.data.dimensionWord,
               let sign = timesSignBetween(chosen[index - 1].end, candidate.start, in: text) {
                chosen[index].start = sign
                chosen[index].spoken = (sign == chosen[index - 1].end ? " " : "") + by + " " + candidate.spoken
                continue
            }
            // "2+2", "1 + 1 = 2": a plus or an equals sign between two numbers is said too ("two
            // plus two", "equals"). The one before is a candidate chosen ending in a digit right
            // before the sign (or one space before it); across a window's seam `previousEnd` says
            // where that one ends.
            if candidate.kind == .cardinal {
                let previous = index == 0 ? previousEnd : chosen[index - 1].end
                let sign = text.isOneOf(candidate.start - 1, "+=") ? candidate.start - 1
                    : text.isWordSpace(candidate.start - 1) && text.isOneOf(candidate.start - 2, "+=") ? candidate.start - 2 : -1
                if sign > 0, let previous, !text.protected[sign], let word = text.scalars[sign] == "+" ? plus : equals,
                   previous == sign && text.isDigit(sign - 1) || previous == sign - 1 && text.isWordSpace(sign - 1) && text.isDigit(sign - 2) {
                    chosen[index].start = sign
                    chosen[index].spoken = (previous == sign ? " " : "") + word + " " + candidate.spoken
                    continue
                }
            }
            guard [.cardinal, .unit, .money, .percent, .fraction, .range].contains(candidate.kind), candidate.start > 0,
                  !text.protected[candidate.start - 1],
                  candidate.start == 1 || !text.isWordChar(candidate.start - 2),
                  (index == 0 ? previousEnd ?? -1 : chosen[index - 1].end) < candidate.start else { continue }
            let sign = text.scalars[candidate.start - 1]
            // "Zoom ×2": a times sign before a number alone is said too ("times two").
            guard let word = sign == "+" && candidate.kind != .fraction && candidate.kind != .range ? plus
                    : sign == "~" ? approximately
                    : sign == "×" && (candidate.kind == .cardinal || candidate.kind == .unit) ? context.data.timesWord : nil else { continue }
            chosen[index].start -= 1
            chosen[index].spoken = word + " " + candidate.spoken
        }
    }

    /// "< 1 hour", ">100 MB", "≥ 18 ans": where a comparison sign (text.txt `comparison`) stands
    /// right before `candidate`, glued or one space away, when it is said: at the start of a
    /// phrase (the text's start, after a bracket, a colon or a comma) or after a word when the
    /// number is a measure, an amount or a duration ("lasting < 20 s"). A bare number
    /// after a word is compared, not counted ("Werte > 5 sind": "greater than", not "more
    /// than"), and in a formula ("x < 5", "3 < 5") the sign stays written.
    private func comparisonSign(before candidate: TextCandidate, in text: ScannedText) -> Int? {
        switch candidate.kind {
        case .cardinal, .unit, .money, .percent, .duration: break
        default: return nil
        }
        // Every candidate comes here: the signs are compared by value before any lookup.
        let start = candidate.start
        let sign = start > 0 && Self.isComparisonSign(text.scalars[start - 1]) ? start - 1
            : start >= 2 && Self.isComparisonSign(text.scalars[start - 2]) && text.isWordSpace(start - 1) ? start - 2 : -1
        guard sign >= 0, !text.protected[sign], context.data.comparisonWords[text.scalars[sign]] != nil else { return nil }
        let before = text.skipSpacesBack(sign)
        if before == 0 || text.isOneOf(before - 1, "([:;,") { return sign }
        guard candidate.kind != .cardinal, before < sign, before >= 2, text.isLetter(before - 1), text.isLetter(before - 2) else { return nil }
        return sign
    }

    /// "<", ">", "≤", "≥": the signs text.txt `comparison` may name.
    @inline(__always)
    private static func isComparisonSign(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v == 0x3C || v == 0x3E || v == 0x2264 || v == 0x2265
    }

    /// Where the times sign is when exactly one stands between `end` and `start`: " x ", " × " or
    /// a glued "×" (a glued letter x would be part of the unit's word). Nil otherwise.
    private func timesSignBetween(_ end: Int, _ start: Int, in text: ScannedText) -> Int? {
        let sign = start - end == 3 && text.isWordSpace(end) && text.isWordSpace(end + 2) ? end + 1
            : start - end == 1 ? end : -1
        guard sign >= 0, !text.protected[sign], text.isTimesSign(sign),
              start - end == 3 || text.scalars[sign] == "×" else { return nil }
        return sign
    }

    /// "between 5-10", "entre 62 - 126 cm", "zwischen 9-17 Uhr": after a word of text.txt
    /// `range-between`, a range's ends are joined by `and-word` ("between five and ten",
    /// "entre soixante-deux et cent vingt-six centimètres", "zwischen neun und siebzehn Uhr"),
    /// and a word the range starts with is dropped (es "entre de…", it "tra da…"). Each reader
    /// says a range with `range-word`; this one place knows the word before it.
    private func joinRangesAfterBetween(_ chosen: inout [TextCandidate], in text: ScannedText) {
        guard !context.data.rangeBetweenScalars.isEmpty else { return }
        // What a verbalizer said was said with its context's word already.
        for index in chosen.indices where chosen[index].token.kind != .said {
            chosen[index].spoken = TextVerbalizer.joinedAfterBetween(chosen[index].spoken, start: chosen[index].start, in: text, data: context.data)
        }
    }

    /// de "Max. Anhängelast" -> "Maximale Anhängelast", "max. Verbrauch" -> "maximaler
    /// Verbrauch", "Min. Batterie" -> "Minimale Batterie": an abbreviated adjective before a
    /// noun whose gender the data knows takes its nominative ending (text.txt
    /// `declined-before-noun`; a label names a thing in the nominative). The expander says the
    /// stem; only here is the noun's gender known.
    private func declineAbbreviatedAdjectives(_ chosen: inout [TextCandidate], in text: ScannedText) {
        if let after = context.data.declinedAfterNoun { declineAfterNoun(&chosen, in: text, after) }
        if !context.data.declinedAbbreviations.isEmpty { declineBeforeNoun(&chosen, in: text) }
    }

    private func declineBeforeNoun(_ chosen: inout [TextCandidate], in text: ScannedText) {
        let data = context.data
        for index in chosen.indices where chosen[index].kind == .abbreviation {
            let candidate = chosen[index]
            let next = text.skipSpaces(candidate.end)
            guard next > candidate.end, text.isCapital(next) || !data.nounsCapitalized, let (noun, _) = text.word(at: next),
                  data.declinedAbbreviations.contains(text.string(candidate.start, candidate.end).lowercased()),
                  let gender = data.gender(ofNoun: noun), let ending = data.declinedEndings[gender] else { continue }
            // An ending is added (de "maximal" + "e"), or replaces the expansion's ("aal>ale": nl
            // "maximaal" -> "maximale", the double vowel written single before it).
            if let arrow = ending.firstIndex(of: ">") {
                let from = ending[..<arrow], to = ending[ending.index(after: arrow)...]
                if chosen[index].spoken.hasSuffix(from) { chosen[index].spoken = String(chosen[index].spoken.dropLast(from.count) + to) }
            } else {
                chosen[index].spoken += ending
            }
        }
    }

    /// es "velocidad máx." -> "velocidad máxima": after a feminine noun, not before a number
    /// (text.txt `declined-after-noun`); and one joined to such an adjective by a word of
    /// `count-joiners` ("Temperatura mín. y máx." -> "mínima y máxima").
    private func declineAfterNoun(_ chosen: inout [TextCandidate], in text: ScannedText,
                                  _ rule: (words: Set<String>, masculine: String, feminine: String)) {
        var declinedEnd = -1
        for index in chosen.indices where chosen[index].kind == .abbreviation {
            let candidate = chosen[index]
            // "velocidad máx." ending the text is said "máximo." with its sentence's period.
            let period = candidate.spoken.hasSuffix(".") ? "." : ""
            let word = candidate.spoken.dropLast(period.count)
            guard word.hasSuffix(rule.masculine), !text.isDigit(text.skipSpaces(candidate.end)),
                  text.isWordSpace(candidate.start - 1), let (before, beforeStart) = text.wordBefore(candidate.start),
                  rule.words.contains(text.string(candidate.start, candidate.end).lowercased()) else { continue }
            let joined = declinedEnd >= 0 && text.skipSpacesBack(beforeStart) == declinedEnd
                && text.wordBefore(text.skipSpacesBack(candidate.start), isOneOf: context.data.countJoiners)
            guard joined || context.data.gender(ofNoun: before) == .feminine else { continue }
            chosen[index].spoken = String(word.dropLast(rule.masculine.count)) + rule.feminine + period
            declinedEnd = candidate.end
        }
    }

    /// fr "que 1 place" is "qu'une place", "de 1 €" "d'un euro": a written word that elides
    /// before a spoken number starting "un"/"une" joins the rewrite in its elided form
    /// (text.txt `count-elision`, `count-elision-before`). "de 11" stays "de onze": only the
    /// listed number words elide.
    private func attachElisions(_ chosen: inout [TextCandidate], in text: ScannedText, after previousEnd: Int? = nil) {
        let data = context.data
        guard !data.countElisions.isEmpty else { return }
        for index in chosen.indices where mayElide(chosen[index].spoken) {
            // A spoken form that itself holds one ("1h à 3h" -> "de une heure à…"): "d'une heure".
            chosen[index].spoken = data.elidingCounts(chosen[index].spoken)
            let candidate = chosen[index]
            let firstWord = candidate.spoken.prefix { $0 != " " }
            guard data.countElisionStarts.contains(String(firstWord)), candidate.start >= 2,
                  text.isWordSpace(candidate.start - 1), let (word, wordStart) = text.wordBefore(candidate.start),
                  text.skipSpacesBack(candidate.start) == candidate.start - 1,
                  let elided = data.countElisions[word], !text.isProtected(wordStart, candidate.start),
                  (index == 0 ? previousEnd ?? 0 : chosen[index - 1].end) <= wordStart else { continue }
            // The word itself, right before the space ("de. 1" keeps its period and is left alone).
            let written = text.string(wordStart, candidate.start - 1)
            guard written.lowercased() == word else { continue }
            // Keep the written word's capital ("De 1 à 3 ans" -> "D'un à trois ans").
            let form = written.first?.isUppercase == true ? elided.prefix(1).uppercased() + elided.dropFirst() : elided
            chosen[index].start = wordStart
            chosen[index].spoken = form + candidate.spoken
        }
    }

    /// The number of scalars in `text`: its UTF-8 bytes that start a scalar, counted over
    /// contiguous storage (walking the scalar view decoded each one: a tenth of `write`).
    static func scalarCount(_ text: String) -> Int {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            var count = 0
            for byte in bytes where byte & 0xC0 != 0x80 { count += 1 }
            return count
        } ?? text.unicodeScalars.count
    }

    private func write(_ text: ScannedText, _ chosen: [TextCandidate], recordingRewrites: Bool) -> Spoken {
        var writer = TextWriter(text, reserving: text.utf8.count + chosen.count * 32, recordingRewrites: recordingRewrites)
        writer.write(chosen, of: text)
        if !writer.changed { return Spoken(text: text.text, locale: locale.bcp47) }
        writer.finish(text)
        return Spoken(text: String(decoding: writer.output, as: UTF8.self), locale: locale.bcp47, rewrites: writer.rewrites)
    }
}

/// How a long text is detected and resolved a window at a time (`TextNormalizer.normalizeInWindows`).
struct TextWindows {
    /// Texts of more UTF-8 bytes than this are said in windows; shorter ones (every label) at once.
    var minimumBytes: Int
    /// How far each step walks the detectors (scalars).
    var scalars: Int
    /// How far before the slowest detector a seam is placed (scalars): a candidate's start lies
    /// at most a few scalars before where its detector stands, so a seam this far back is never
    /// crossed in practice (when it would be, the text is said at once).
    var lookBack: Int

    /// 64 KiB texts and up, in windows of 16 Ki scalars: the candidates alive at once are those
    /// of about one window, against a candidate every few scalars of the whole text before.
    static let standard = TextWindows(minimumBytes: 64 << 10, scalars: 16 << 10, lookBack: 1024)
}

/// The output of a text normalised: the bytes between chosen candidates copied as they were,
/// each candidate's spoken form, and (when recorded) each rewrite with its ranges. Chosen
/// candidates come in increasing order, in one call or in several (one per window).
/// The text is passed to each call, not kept: a copy of a `ScannedText` retains a dozen buffers,
/// which a label's time notices.
struct TextWriter {
    let recordingRewrites: Bool
    /// The output's UTF-8 so far (when it is not written as a String).
    private(set) var output: [UInt8] = []
    /// The output so far, when it is written as a String: a window at a time, a huge text is
    /// not written as bytes then copied into a String (the output twice at once).
    private(set) var spokenText: String?
    private(set) var rewrites: [Spoken.Rewrite] = []
    /// Whether a candidate changed the text (else the output is the input).
    private(set) var changed = false
    private var utf16: UTF16Offsets
    /// How much of the input is written (a scalar index), and its UTF-16 offset.
    private var copied = 0, copiedUTF16 = 0
    private var outScalars = 0, outUTF16 = 0

    /// A writer of `capacity` bytes reserved, into `output`, or into `spokenText` when `asString`.
    init(_ text: ScannedText, reserving capacity: Int, recordingRewrites: Bool, asString: Bool = false) {
        self.recordingRewrites = recordingRewrites
        utf16 = UTF16Offsets(text.scalars)
        if asString {
            var spoken = ""
            spoken.reserveCapacity(capacity)
            spokenText = spoken
        } else {
            output.reserveCapacity(capacity)
        }
    }

    mutating func write(_ chosen: [TextCandidate], of text: ScannedText) {
        for candidate in chosen {
            let original = text.string(candidate.start, candidate.end)
            if original == candidate.spoken { continue }
            changed = true
            guard recordingRewrites else {
                copyInput(of: text, upTo: candidate.start)
                append(candidate.spoken)
                copied = candidate.end
                continue
            }
            let inputStart = utf16.offset(ofScalar: candidate.start)
            if candidate.start > copied {
                copyInput(of: text, upTo: candidate.start)
                outScalars += candidate.start - copied
                outUTF16 += inputStart - copiedUTF16
            }
            let startScalars = outScalars, startUTF16 = outUTF16
            copiedUTF16 = utf16.offset(ofScalar: candidate.end)
            append(candidate.spoken)
            outScalars += TextNormalizer.scalarCount(candidate.spoken)
            outUTF16 += candidate.spoken.utf16.count
            rewrites.append(Spoken.Rewrite(kind: candidate.kind, original: original, spoken: candidate.spoken,
                                           inputScalars: candidate.start..<candidate.end, inputUTF16: inputStart..<copiedUTF16,
                                           outputScalars: startScalars..<outScalars, outputUTF16: startUTF16..<outUTF16))
            copied = candidate.end
        }
    }

    /// Copies the rest of the input.
    mutating func finish(_ text: ScannedText) {
        copyInput(of: text, upTo: text.count)
        copied = text.count
    }

    /// Copies the input from `copied` to `end` as it was.
    @inline(__always)
    private mutating func copyInput(of text: ScannedText, upTo end: Int) {
        let from = text.utf8Offsets[copied], to = text.utf8Offsets[end]
        guard spokenText != nil else {
            output.append(contentsOf: text.utf8[from..<to])
            return
        }
        // UTF-8 offsets index a native String in constant time; both lie on scalar boundaries.
        let utf8 = text.text.utf8
        spokenText!.append(contentsOf: text.text[utf8.index(utf8.startIndex, offsetBy: from)..<utf8.index(utf8.startIndex, offsetBy: to)])
    }

    @inline(__always)
    private mutating func append(_ spoken: String) {
        if spokenText != nil { spokenText!.append(spoken) } else { output.append(contentsOf: spoken.utf8) }
    }
}

extension SpokenForm {
    /// The free-text normaliser of this locale (see `TextNormalizer`).
    /// Throws `unsupportedLocale` for a language without `Locales/<lang>/text.txt`.
    public var texts: TextNormalizer {
        get throws { try capability { try TextNormalizer(spoken: self) } }
    }

    /// Every number, date, time, phone number, amount, unit and abbreviation in `text`
    /// said in words: "RDV le 01/04/2015 à 5h30" -> "rendez-vous le premier avril deux
    /// mille quinze à cinq heures trente". What cannot be classified stays as it was.
    ///
    /// The result's `rewrites` give each replacement's kind (`.date`, `.time`, …) and its
    /// ranges in the input and in `text`; `ssml` writes each as `<sub alias="…">`.
    /// `only` and `skip` choose the kinds rewritten (`skip: [.date]` leaves dates written).
    /// E-mail and web addresses stay as written unless `addresses` is true: then they are
    /// spelled in the language ("support arobase exemple point f r").
    /// - Throws: `SpokenFormError.unsupportedLocale` for a language without text data.
    public func text(_ text: String, only: Set<Spoken.Rewrite.Kind>? = nil, skip: Set<Spoken.Rewrite.Kind> = [],
                     addresses: Bool = false) throws -> Spoken {
        try texts.normalize(text, only: only, skip: skip, addresses: addresses)
    }
}
