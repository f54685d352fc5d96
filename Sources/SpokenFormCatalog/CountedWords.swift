import SpokenForm

/// What a format specifier counts, for the form of the word next to it.
enum PlaceholderCount: Equatable {
    /// A whole number (`%d`, `%lld`, `%u`, `%arg`; `%g` too, which prints whole numbers
    /// without a fraction).
    case whole
    /// A number shown with this many digits after the separator (`%.1f`: 1; `%f`: 6).
    case decimal(digits: Int)
    /// Text (`%@`, `%s`): the count is unknown even at run time.
    case text
    /// Not a count (`%%`, `%c`, `%p`, a `%#@name@` variable).
    case none

    /// What `specifier` (as written, from `FormatSpecifiers`) counts.
    init(specifier: String) {
        let scalars = Array(specifier.unicodeScalars)
        guard scalars.count >= 2, scalars[0] == "%" else { self = .none; return }
        if specifier == "%arg" { self = .whole; return }
        if specifier.contains("#@") { self = .none; return }
        var precision: Int?
        if let dot = scalars.firstIndex(of: ".") {
            var digits = 0, index = dot + 1
            while index < scalars.count, let digit = Int(String(scalars[index])) { digits = digits * 10 + digit; index += 1 }
            precision = min(digits, 9)
        }
        switch scalars[scalars.count - 1] {
        case "d", "i", "u", "D", "U", "o", "O", "x", "X", "g", "G": self = .whole
        case "f", "F", "e", "E", "a", "A": self = .decimal(digits: precision ?? 6)
        case "@", "s", "S": self = .text
        default: self = .none
        }
    }
}

/// A unit, currency or counted word next to a placeholder: `%1$d m`, `%s km/h`, `$%d`.
struct CountedSite {
    /// The scalars the site covers in the value's text: the specifier, the spaces and the
    /// word (or the word, the spaces and the specifier, for a currency written first).
    let region: Range<Int>
    /// The specifier's scalars, and the specifier as written.
    let specifier: Range<Int>
    let specifierText: String
    let noun: CountedNoun
    let count: PlaceholderCount
    /// The count is one part of a larger number or of a range (`%1$d,%2$02d €`, `%1$d-%2$d km`):
    /// its own plural category does not choose the word's form, which takes `other`'s.
    let partOfNumber: Bool
    /// The region is the word alone (with the spaces before it): the placeholder is in a run
    /// that is not converted (Android's `<xliff:g id="d">%1$d</xliff:g> km`), so only the
    /// words after it are written.
    var wordOnly = false
}

/// A unit symbol with no number before it, and what its context says.
struct BareUnit {
    let range: Range<Int>
    let symbol: String
    /// After a `per-unit-word` ("par kg"): the unit's name after a count of one.
    let afterPerWord: Bool
    /// The context makes it a unit: alone in parentheses or brackets, the whole text, or
    /// after a `per-unit-word`.
    let inUnitContext: Bool
    /// Letters lower case after the first ("m", "min", "Go"): also a word of the language.
    let couldBeAWord: Bool
    /// A placeholder is right before it (with spaces): a counted site's word, not bare.
    let afterPlaceholder: Bool
}

/// Finds units, currencies and counted words next to placeholders, and unit symbols with no
/// number, in one language: the words of `Locales/<lang>/units.txt`, `money.txt` and
/// `abbreviations.txt` (`AbbreviationExpander.countedNounWords`). Shared by the conversion
/// (`CountedTemplates`) and `catalog lint` (`MisreadingFinder`), so both read a text alike.
struct CountedWordFinder: Sendable {
    let expander: AbbreviationExpander
    /// Every counted word, longest first, as scalars, by its first scalar: a word start is
    /// compared with the few words of its letter, not with all of them (the whole list per
    /// word start was a quarter of a catalog's conversion).
    private let words: [Unicode.Scalar: [[Unicode.Scalar]]]
    /// The same, in one list (longest first), for the words that end before an amount.
    private let allWords: [[Unicode.Scalar]]
    /// The last scalars of currencies written before an amount, for a quick refusal.
    private let amountLasts: Set<Unicode.Scalar>
    /// Unit symbols alone (those of units.txt), longest first, by first scalar.
    private let unitSymbols: [Unicode.Scalar: [[Unicode.Scalar]]]
    private let perWords: Set<String>

    init(expander: AbbreviationExpander) {
        self.expander = expander
        let counted = expander.countedNounWords.map { Array($0.unicodeScalars) }.filter { !$0.isEmpty }
        // Grouping keeps each list's order: longest first, as given.
        words = Dictionary(grouping: counted, by: { $0[0] })
        allWords = counted
        amountLasts = Set(counted.compactMap { $0.last })
        unitSymbols = Dictionary(grouping: expander.unitSymbols.filter { !$0.contains("%") && !$0.isEmpty }.map { Array($0.unicodeScalars) },
                                 by: { $0[0] })
        perWords = expander.perUnitWords
    }

    /// The longest of `candidates` written at `index`, not followed by a letter or digit;
    /// a unit symbol followed by "/" and another ("min/km") is taken with it, as one unit.
    private func word(at index: Int, in scalars: [Unicode.Scalar], from lists: [Unicode.Scalar: [[Unicode.Scalar]]]) -> [Unicode.Scalar]? {
        guard index < scalars.count, let candidates = lists[scalars[index]] else { return nil }
        guard let found = candidates.first(where: { word in
            index + word.count <= scalars.count && scalars[index..<(index + word.count)].elementsEqual(word)
                && (index + word.count == scalars.count || !isWordScalar(scalars[index + word.count]))
        }) else { return nil }
        let slash = index + found.count
        guard slash + 1 < scalars.count, scalars[slash] == "/", !found.contains("/"),
              let per = unitSymbols[scalars[slash + 1]]?.first(where: { symbol in
                  !symbol.contains("/") && slash + 1 + symbol.count <= scalars.count && scalars[(slash + 1)..<(slash + 1 + symbol.count)].elementsEqual(symbol)
                      && (slash + 1 + symbol.count == scalars.count || !isWordScalar(scalars[slash + 1 + symbol.count]))
              }) else { return found }
        let compound = found + ["/"] + per
        return expander.countedNoun(String(String.UnicodeScalarView(compound))) == nil ? found : compound
    }

    /// The counted sites of `scalars` in order, one per placeholder at most. `specifiers` are
    /// the text's specifier ranges (`FormatSpecifiers.ranges`); `allowed` says whether a
    /// region may be rewritten (inside one convertible run of the value).
    func sites(in scalars: [Unicode.Scalar], specifiers: [Range<Int>], allowed: (Range<Int>) -> Bool) -> [CountedSite] {
        var sites: [CountedSite] = []
        var used = 0
        for (position, specifier) in specifiers.enumerated() {
            guard specifier.lowerBound >= used else { continue }
            let text = String(String.UnicodeScalarView(scalars[specifier]))
            let count = PlaceholderCount(specifier: text)
            guard count != .none else { continue }
            let isSpecifier = { (range: Range<Int>) in specifiers.contains { $0.overlaps(range) } }
            // The word after: "%d km", "%@ €", "%d\u{A0}Pers.".
            let start = skipSpaces(scalars, from: specifier.upperBound)
            if let word = word(at: start, in: scalars, from: words), !isSpecifier(start..<(start + word.count)),
               !joinsNextWord(scalars, at: start + word.count),
               // After text ("%@ u bent"), a symbol that is also a word counts only before no other word.
               count != .text || !Self.couldBeAWord(word) || !startsWord(scalars, at: skipSpaces(scalars, from: start + word.count)) {
                let written = String(String.UnicodeScalarView(word))
                let end = start + word.count
                let previous = sites.last.flatMap { skipSpaces(scalars, from: $0.region.upperBound) == specifier.lowerBound ? $0.noun.written : nil }
                let next = nextWord(scalars, from: end)
                if let noun = expander.countedNoun(written, previousUnit: previous, nextWord: next),
                   !noun.notBeforeNumber || startsDuration(scalars, after: end, specifiers: specifiers),
                   // "%1$@ $%2$d": the "$" is the next amount's.
                   !(noun.goesBeforeAmount && specifiers.contains { $0.lowerBound == end }) {
                    let partOfNumber = isPartOfNumber(scalars, specifier, specifiers: specifiers)
                    if allowed(specifier.lowerBound..<end) {
                        sites.append(CountedSite(region: specifier.lowerBound..<end, specifier: specifier, specifierText: text, noun: noun, count: count,
                                                 partOfNumber: partOfNumber))
                        used = end
                        continue
                    }
                    if start > specifier.upperBound, allowed(specifier.upperBound..<end) {
                        sites.append(CountedSite(region: specifier.upperBound..<end, specifier: specifier, specifierText: text, noun: noun, count: count,
                                                 partOfNumber: partOfNumber, wordOnly: true))
                        used = end
                        continue
                    }
                }
            }
            // A currency written before: "$%d", "US$ %@", "€%.2f" (not a word such as "euros").
            var end = specifier.lowerBound
            if end > used, end > 0, isSpace(scalars[end - 1]) { end -= 1 }
            guard end > used, amountLasts.contains(scalars[end - 1]) else { continue }
            for candidate in allWords where candidate.count <= end - used {
                let begin = end - candidate.count
                guard scalars[begin..<end].elementsEqual(candidate), begin == 0 || !isWordScalar(scalars[begin - 1]), !isSpecifier(begin..<end) else { continue }
                let written = String(String.UnicodeScalarView(candidate))
                guard let noun = expander.countedNoun(written), noun.goesBeforeAmount, allowed(begin..<specifier.upperBound),
                      position == 0 || specifiers[position - 1].upperBound <= begin else { break }
                sites.append(CountedSite(region: begin..<specifier.upperBound, specifier: specifier, specifierText: text, noun: noun, count: count,
                                         partOfNumber: isPartOfNumber(scalars, specifier, specifiers: specifiers)))
                used = specifier.upperBound
                break
            }
        }
        return sites
    }

    /// An apostrophe or a hyphen right after a word joins it to the next ("m'a", "km-long"):
    /// it is part of another word, not a symbol.
    private func joinsNextWord(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        index < scalars.count && "'’-‐‑".unicodeScalars.contains(scalars[index])
    }

    private func startsWord(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        index < scalars.count && isLetter(scalars[index])
    }

    /// A unit that is not one before a number ("h": "%d h %02d" is a time) still counts
    /// when the number after it has a unit of its own: "%dh %dm" is a duration.
    private func startsDuration(_ scalars: [Unicode.Scalar], after end: Int, specifiers: [Range<Int>]) -> Bool {
        let next = skipSpaces(scalars, from: end)
        guard let following = specifiers.first(where: { $0.lowerBound == next }) else {
            // Digits after the unit: a time ("%d h 30"); anything else: the unit ends the count.
            return !(next < scalars.count && isDigit(scalars[next]))
        }
        let after = skipSpaces(scalars, from: following.upperBound)
        return word(at: after, in: scalars, from: words) != nil
    }

    /// Whether the specifier continues a number or a range after another number (a digit or a
    /// numeric specifier): "," "." ":" "/" glued to both ("%1$d,%2$02d €", "%1$d:%2$02d"), or a
    /// dash, spaced or not ("%1$d-%2$d km", "%1$d – %2$d km"). "%1$s : %2$d km" is no such part.
    private func isPartOfNumber(_ scalars: [Unicode.Scalar], _ specifier: Range<Int>, specifiers: [Range<Int>]) -> Bool {
        var index = specifier.lowerBound - 1
        while index >= 0, isSpace(scalars[index]) { index -= 1 }
        guard index >= 1 else { return false }
        let dash = "-–—".unicodeScalars.contains(scalars[index])
        guard dash || (",.:/".unicodeScalars.contains(scalars[index]) && index == specifier.lowerBound - 1) else { return false }
        var before = index - 1
        while dash, before >= 0, isSpace(scalars[before]) { before -= 1 }
        guard before >= 0 else { return false }
        if isDigit(scalars[before]) { return true }
        guard let previous = specifiers.first(where: { $0.upperBound == before + 1 }) else { return false }
        switch PlaceholderCount(specifier: String(String.UnicodeScalarView(scalars[previous]))) {
        case .whole, .decimal: return true
        case .text, .none: return false
        }
    }

    /// Unit symbols with no number before them, outside `protected` ranges (rewrites), in order.
    func bareUnits(in scalars: [Unicode.Scalar], protected: [Range<Int>], specifiers: [Range<Int>]) -> [BareUnit] {
        var found: [BareUnit] = []
        var index = 0
        while index < scalars.count {
            defer { index += 1 }
            guard index == 0 || !isWordScalar(scalars[index - 1]),
                  let symbol = word(at: index, in: scalars, from: unitSymbols) else { continue }
            let range = index..<(index + symbol.count)
            // "l'accesso", "km-long": part of a word.
            if joinsNextWord(scalars, at: range.upperBound) { continue }
            guard !protected.contains(where: { $0.overlaps(range) }), !specifiers.contains(where: { $0.overlaps(range) }) else { continue }
            var before = index - 1
            while before >= 0, isSpace(scalars[before]) { before -= 1 }
            let after = skipSpaces(scalars, from: range.upperBound)
            index = range.upperBound - 1
            guard before < 0 || !isDigit(scalars[before]) else { continue }
            let afterPlaceholder = before >= 0 && specifiers.contains { $0.upperBound == before + 1 }
            let previousWord = word(before: before + 1, in: scalars).lowercased()
            let afterPerWord = perWords.contains(previousWord)
            // "Distance (m)", never "recebido(s)", whose bracket is glued to a word: a plural ending.
            let parenthesised = before >= 0 && "([".unicodeScalars.contains(scalars[before]) && after < scalars.count && ")]".unicodeScalars.contains(scalars[after])
                && (before == 0 || !isWordScalar(scalars[before - 1]))
            let whole = before < 0 && after == scalars.count
            found.append(BareUnit(range: range, symbol: String(String.UnicodeScalarView(symbol)), afterPerWord: afterPerWord,
                                  inUnitContext: parenthesised || whole || afterPerWord, couldBeAWord: Self.couldBeAWord(symbol),
                                  afterPlaceholder: afterPlaceholder))
        }
        return found
    }

    /// A symbol of letters that is lower case after its first letter ("m", "min", "Go"):
    /// also a word, so only a context that makes it a unit says it is one.
    static func couldBeAWord(_ symbol: [Unicode.Scalar]) -> Bool {
        symbol.allSatisfy(isLetter) && symbol.dropFirst().allSatisfy { $0.properties.isLowercase }
    }

    private func word(before end: Int, in scalars: [Unicode.Scalar]) -> String {
        var start = end
        while start > 0, isLetter(scalars[start - 1]) { start -= 1 }
        return String(String.UnicodeScalarView(scalars[start..<end]))
    }

    private func nextWord(_ scalars: [Unicode.Scalar], from index: Int) -> String? {
        let start = skipSpaces(scalars, from: index)
        var end = start
        while end < scalars.count, isLetter(scalars[end]) { end += 1 }
        return end > start ? String(String.UnicodeScalarView(scalars[start..<end])) : nil
    }

    /// At most two spaces (plain, no-break, narrow no-break, thin) from `index`.
    private func skipSpaces(_ scalars: [Unicode.Scalar], from index: Int) -> Int {
        var end = index
        while end < scalars.count, end - index < 2, isSpace(scalars[end]) { end += 1 }
        return end
    }
}

func isLetter(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isAlphabetic }
func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.numericType != nil }
func isWordScalar(_ scalar: Unicode.Scalar) -> Bool { isLetter(scalar) || isDigit(scalar) }
func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isWhitespace }
