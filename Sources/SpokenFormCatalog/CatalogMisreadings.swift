import Foundation
import SpokenForm

extension CatalogLinter {
    /// A rule of `catalog lint` beyond the label linter's (`LabelLinter.rules`): something a
    /// screen reader misreads in the displayed string that the label rules do not see: units
    /// left written (which `spokenform catalog` says in the companion), and what conversion
    /// cannot fix because the text does not say enough (an abbreviation the data does not
    /// know, a code read as a number).
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
             summary: "A unit symbol with no number where the context makes it a unit (\"Vitesse (km/h)\", \"Distance (m)\"): VoiceOver reads the symbol. `spokenform catalog` writes the unit's name in the companion; the displayed string still reads it."),
        Rule(id: "unit-after-placeholder", severity: .warning,
             summary: "A unit symbol after a format specifier (\"%d km\"): VoiceOver reads the symbol after the number. `spokenform catalog` writes the unit's name in the companion, with plural forms keyed by the placeholder; the displayed string still reads it."),
        Rule(id: "unknown-abbreviation", severity: .warning,
             summary: "A word ending in a period that reads as an abbreviation (\"24 Std.\", \"z.B.\") which the locale data does not know: VoiceOver reads it as written."),
        Rule(id: "code-read-as-number", severity: .warning,
             summary: "Five digits or more without grouping read as one number (\"75008\" as seventy-five thousand eight): if it is a code, its digits should be read one by one."),
    ]
}

/// Finds in one value what a screen reader would misread beyond the label rules: runs the
/// value through the normaliser, then looks at what it left written (units without a
/// number, abbreviations it does not know) and at numbers it read that look like codes.
struct MisreadingFinder: Sendable {
    let normalizer: TextNormalizer
    let expander: AbbreviationExpander
    let spokenForm: SpokenForm
    let finder: CountedWordFinder

    init(spokenForm: SpokenForm) throws {
        self.spokenForm = spokenForm
        normalizer = try spokenForm.texts
        expander = try spokenForm.abbreviations
        finder = CountedWordFinder(expander: expander)
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

        // Units left written in the displayed text.
        for unit in finder.bareUnits(in: scalars, protected: spoken.rewrites.map(\.inputScalars), specifiers: specifiers) {
            let name = (try? expander.unitName(unit.symbol)) ?? nil
            if unit.afterPlaceholder {
                add("unit-after-placeholder", unit.range,
                    "'\(unit.symbol)' after a placeholder is written: VoiceOver reads the symbol after the number. `spokenform catalog` writes the unit's name in the companion, in the plural form each count needs; write it in this string too where it is read without one.",
                    name)
            } else if !unit.couldBeAWord || unit.inUnitContext {
                add("unit-without-number", unit.range,
                    "'\(unit.symbol)' has no number: VoiceOver reads the symbol. `spokenform catalog` writes the unit's name in the companion (here the context makes it a unit); write it in this string too where it is read without one.",
                    name)
            }
        }

        // Words ending in a period that the data does not know.
        var index = 0
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

}


/// The UTF-16 length of the first `count` scalars.
private func utf16Offset(_ scalars: [Unicode.Scalar], _ count: Int) -> Int {
    scalars.prefix(count).reduce(0) { $0 + UTF16.width($1) }
}
