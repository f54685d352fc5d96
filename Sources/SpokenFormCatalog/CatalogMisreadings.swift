import Foundation
import SpokenForm

extension CatalogLinter {
    /// A rule of `catalog lint` beyond the label linter's (`LabelLinter.rules`): something a
    /// screen reader misreads that `spokenform catalog` cannot fix, because the text does
    /// not say enough.
    public struct Rule: Sendable, Hashable {
        /// The rule's id, as issues carry it (`unit-without-number`).
        public let id: String
        /// The severity of its issues.
        public let severity: LabelLinter.Severity
        /// What it finds, in one sentence.
        public let summary: String
    }

    /// The rules `CatalogLintOptions.misreadings` adds, in the order their issues come.
    public static let misreadingRules: [Rule] = [
        Rule(id: "unit-without-number", severity: .warning,
             summary: "A unit symbol with no number (\"Vitesse (km/h)\", \"Distance (m)\"): the normaliser speaks units after numbers only, so VoiceOver reads the symbol."),
        Rule(id: "unit-after-placeholder", severity: .warning,
             summary: "A unit symbol after a format specifier (\"%d km\"): the count is unknown until run time, so the symbol stays written; write the unit's name, with plural forms."),
        Rule(id: "unknown-abbreviation", severity: .warning,
             summary: "A word ending in a period that reads as an abbreviation (\"24 Std.\", \"z.B.\") which the locale data does not know: VoiceOver reads it as written."),
        Rule(id: "code-read-as-number", severity: .warning,
             summary: "Five digits or more without grouping read as one number (\"75008\" as seventy-five thousand eight): if it is a code, its digits should be read one by one."),
    ]
}

/// Finds in one value what a screen reader would misread and conversion cannot fix: runs the
/// value through the normaliser, then looks at what it left written (units without a
/// number, abbreviations it does not know) and at numbers it read that look like codes.
struct MisreadingFinder: Sendable {
    let normalizer: TextNormalizer
    let expander: AbbreviationExpander
    let spokenForm: SpokenForm
    /// Unit symbols longest first, as scalars; those holding `%` are left to the specifiers.
    let symbols: [[Unicode.Scalar]]
    let firstScalars: Set<Unicode.Scalar>
    let perWords: Set<String>

    init(spokenForm: SpokenForm) throws {
        self.spokenForm = spokenForm
        normalizer = try spokenForm.texts
        expander = try spokenForm.abbreviations
        symbols = expander.unitSymbols.filter { !$0.contains("%") && !$0.isEmpty }.map { Array($0.unicodeScalars) }
        firstScalars = Set(symbols.map { $0[0] })
        perWords = expander.perUnitWords
    }

    func issues(in text: String) -> [LabelLinter.Issue] {
        guard let spoken = try? normalizer.normalize(text) else { return [] }
        let scalars = Array(text.unicodeScalars)
        var protected = FormatSpecifiers.ranges(in: text)
        protected += spoken.rewrites.map(\.inputScalars)
        let specifiers = FormatSpecifiers.ranges(in: text)
        var found: [(start: Int, issue: LabelLinter.Issue)] = []
        func add(_ rule: String, _ range: Range<Int>, _ message: String, _ suggestion: String? = nil) {
            let severity = CatalogLinter.misreadingRules.first { $0.id == rule }?.severity ?? .warning
            let start16 = utf16Offset(scalars, range.lowerBound), end16 = start16 + utf16Offset(Array(scalars[range]), range.count)
            found.append((range.lowerBound, LabelLinter.Issue(rule: rule, severity: severity, field: .label, start16: start16, end16: end16,
                                                              message: message, suggestion: suggestion)))
        }
        func isProtected(_ range: Range<Int>) -> Bool { protected.contains { $0.overlaps(range) } }

        // Units left written.
        var index = 0
        while index < scalars.count {
            defer { index += 1 }
            guard firstScalars.contains(scalars[index]), index == 0 || !isWordScalar(scalars[index - 1]) else { continue }
            guard let symbol = symbols.first(where: { symbol in
                index + symbol.count <= scalars.count && Array(scalars[index..<(index + symbol.count)]) == symbol
                    && (index + symbol.count == scalars.count || !isWordScalar(scalars[index + symbol.count]))
            }) else { continue }
            let range = index..<(index + symbol.count)
            guard !isProtected(range) else { continue }
            let written = String(String.UnicodeScalarView(symbol))
            let name = (try? expander.unitName(written)) ?? nil
            var before = index - 1
            while before >= 0, isSpace(scalars[before]) { before -= 1 }
            var after = range.upperBound
            while after < scalars.count, isSpace(scalars[after]) { after += 1 }
            if before >= 0, specifiers.contains(where: { $0.upperBound == before + 1 }) {
                add("unit-after-placeholder", range,
                    "'\(written)' after a placeholder stays written: VoiceOver reads the symbol after the number. Write the unit's name in the template, in the plural form each count needs.",
                    name)
            } else if before < 0 || !isDigit(scalars[before]) {
                let previousWord = word(before: before + 1, in: scalars).lowercased()
                let inUnitContext = (before >= 0 && "([".unicodeScalars.contains(scalars[before]) && after < scalars.count && ")]".unicodeScalars.contains(scalars[after]))
                    || (before < 0 && after == scalars.count) || perWords.contains(previousWord)
                if !couldBeAWord(symbol) || inUnitContext {
                    add("unit-without-number", range,
                        "'\(written)' has no number: the normaliser speaks a unit after a number only (alone, it could be a word), so VoiceOver reads the symbol. Write the unit's name.",
                        name)
                }
            }
            index = range.upperBound - 1
        }

        // Words ending in a period that the data does not know.
        index = 0
        while index < scalars.count {
            guard isLetter(scalars[index]), index == 0 || !(isWordScalar(scalars[index - 1]) || scalars[index - 1] == ".") else { index += 1; continue }
            var end = index
            var letters = 0
            var innerPeriods = 0
            while end < scalars.count {
                if isLetter(scalars[end]) { letters += 1; end += 1; continue }
                if scalars[end] == ".", end + 1 < scalars.count, isLetter(scalars[end + 1]), letters > 0 { innerPeriods += 1; end += 1; continue }
                break
            }
            defer { index = max(end, index + 1) }
            guard end < scalars.count, scalars[end] == ".", !(end + 1 < scalars.count && scalars[end + 1] == ".") else { continue }
            guard end + 1 == scalars.count || isSpace(scalars[end + 1]) else { continue }
            let range = index..<(end + 1)
            let token = String(String.UnicodeScalarView(scalars[range]))
            guard letters <= 5, !isProtected(range), !expander.knowsAbbreviation(token) else { continue }
            var next = end + 1
            while next < scalars.count, isSpace(scalars[next]) { next += 1 }
            let lettersOnly = token.unicodeScalars.filter(isLetter)
            // An acronym ("PDF.") is read letter by letter, as it should be.
            let acronym = lettersOnly.allSatisfy { $0.properties.isUppercase }
            let vowelless = lettersOnly.count >= 2 && !acronym && !String(String.UnicodeScalarView(lettersOnly)).folding(options: .diacriticInsensitive, locale: nil)
                .lowercased().unicodeScalars.contains { "aeiouy".unicodeScalars.contains($0) }
            let midSentence = next < scalars.count && (scalars[next].properties.isLowercase || isDigit(scalars[next]) || scalars[next] == "%")
            let initial = letters == 1 && scalars[index].properties.isUppercase
            if innerPeriods > 0 || vowelless || (midSentence && !initial) {
                add("unknown-abbreviation", range,
                    "'\(token)' reads as an abbreviation that SpokenForm's data for this language does not know: VoiceOver reads it as written. Write the word out, or add it to abbreviations.txt (--data-dir).")
            }
        }

        // Long digit runs read as one number.
        for rewrite in spoken.rewrites where rewrite.kind == .cardinal {
            let digits = rewrite.original.unicodeScalars
            guard digits.count >= 5, digits.allSatisfy({ ("0"..."9").contains($0) }) else { continue }
            let suggestion = try? spokenForm.digits(rewrite.original)
            add("code-read-as-number", rewrite.inputScalars,
                "'\(rewrite.original)' is read as the number \"\(rewrite.spoken)\": if it is a code (a postal code, a PIN, a reference), its digits should be read one by one. Write them apart, or put a word the locale data knows before it (n°).",
                suggestion)
        }
        return found.sorted { $0.start < $1.start }.map(\.issue)
    }

    /// A symbol of letters that is lower case after its first letter ("m", "min", "Go"):
    /// also a word, so only a context that makes it a unit reports it.
    private func couldBeAWord(_ symbol: [Unicode.Scalar]) -> Bool {
        symbol.allSatisfy(isLetter) && symbol.dropFirst().allSatisfy { $0.properties.isLowercase }
    }

    private func word(before end: Int, in scalars: [Unicode.Scalar]) -> String {
        var start = end
        while start > 0, isLetter(scalars[start - 1]) { start -= 1 }
        return String(String.UnicodeScalarView(scalars[start..<end]))
    }
}

private func isLetter(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isAlphabetic }
private func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.numericType != nil }
private func isWordScalar(_ scalar: Unicode.Scalar) -> Bool { isLetter(scalar) || isDigit(scalar) }
private func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isWhitespace }

/// The UTF-16 length of the first `count` scalars.
private func utf16Offset(_ scalars: [Unicode.Scalar], _ count: Int) -> Int {
    scalars.prefix(count).reduce(0) { $0 + UTF16.width($1) }
}
