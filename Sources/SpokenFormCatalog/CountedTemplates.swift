import SpokenForm

/// Where a value is and what it may become when the count of one of its placeholders
/// decides the form of the word next to it.
struct ValueContext: Sendable {
    /// What a value may be replaced with.
    enum Shape: Sendable, Equatable {
        /// One text only (`.strings`, `.po`, an Android array item, an `.xcstrings` localization
        /// with more than its `stringUnit`…): the word takes one form.
        case single
        /// An `.xcstrings` localization holding only its `stringUnit`: `variations.plural`, or
        /// `substitutions` when the value has several placeholders.
        case xcstrings
        /// An Android `<string>`: a `<plurals>` of the same name.
        case android
        /// A `.stringsdict` format key or plain entry: a `%#@name@` variable per placeholder.
        case stringsdict(reservedNames: Set<String>)
    }

    /// The plural category the value serves (an `.xcstrings` `plural > one` variation, an
    /// Android `<item quantity="one">`, a `.stringsdict` variable's `one`, the `msgstr[n]` a
    /// `.po` header's `Plural-Forms` gives to counts of `one`); nil for a value of every count.
    var category: PluralCategory?
    var shape: Shape
    /// Counts are whole numbers at run time: Android's `getQuantityString` takes an `int`,
    /// gettext's `ngettext` an `unsigned long`.
    var wholeCounts: Bool
    /// Why a value of `Shape.single` cannot vary, for the report.
    var oneTextReason = "this value holds one text"
}

/// One language's counted words: finds them next to placeholders, and says them in the form
/// each plural category needs (`AbbreviationExpander.phrase(_:around:count:)`, ICU's names).
struct CountedTemplates: Sendable {
    let finder: CountedWordFinder
    let mode: CatalogConversionOptions.CountedWords
    let only: Set<Spoken.Rewrite.Kind>?
    let locale: String

    var expander: AbbreviationExpander { finder.expander }

    init(expander: AbbreviationExpander, mode: CatalogConversionOptions.CountedWords, only: Set<Spoken.Rewrite.Kind>?, locale: String) {
        finder = CountedWordFinder(expander: expander)
        self.mode = mode
        self.only = only
        self.locale = locale
    }

    /// The rewrite kind a counted word is said as, which `--kinds` may leave out.
    static func kind(of noun: CountedNoun) -> Spoken.Rewrite.Kind {
        switch noun.kind {
        case .unit: return .unit
        case .currency: return .money
        case .noun: return .abbreviation
        }
    }

    func allows(_ noun: CountedNoun) -> Bool { only?.contains(Self.kind(of: noun)) ?? true }

    /// The category a count takes where it cannot vary: `other`, or, in a language whose
    /// whole numbers never reach `other` (Russian: only fractions do), the category of 5.
    func fallbackCategory() throws -> PluralCategory {
        let whole = try expander.pluralSamples(fractionDigits: 0)
        return whole.contains { $0.category == .other } ? .other : try expander.pluralCategory(ofCount: "5")
    }

    /// The categories a placeholder's count falls into, each with a sample count.
    func samples(_ count: PlaceholderCount, wholeCounts: Bool) throws -> [(category: PluralCategory, sample: String)] {
        switch count {
        case .whole:
            // Apple's and Android's plural forms always have "other", which Russian whole
            // numbers never reach (only fractions do): it is given the fractions' form.
            let whole = try expander.pluralSamples(fractionDigits: 0)
            guard !whole.contains(where: { $0.category == .other }), let other = try expander.pluralSamples(fractionDigits: 1).first(where: { $0.category == .other }) else { return whole }
            return whole + [other]
        case .decimal(let digits) where !wholeCounts:
            return try expander.pluralSamples(fractionDigits: digits)
        default:
            let category = try fallbackCategory()
            return try [(category, sample(category, count: count))]
        }
    }

    /// A count of `category`, at the precision `count` shows (a whole one where that
    /// precision has none of that category).
    func sample(_ category: PluralCategory, count: PlaceholderCount) throws -> String {
        if case .decimal(let digits) = count, let found = try expander.pluralSamples(fractionDigits: digits).first(where: { $0.category == category }) {
            return found.sample
        }
        let whole = try expander.pluralSamples(fractionDigits: 0)
        return whole.first { $0.category == category }?.sample ?? whole.last?.sample ?? "2"
    }

    /// The phrase of `site` for a count of `sample`, with `placeholder` where the number goes.
    func phrase(_ site: CountedSite, placeholder: String, sample: String) throws -> CountedPhrase? {
        guard let text = try expander.phrase(site.noun, around: placeholder, count: sample) else { return nil }
        return CountedPhrase(text: text, placeholder: placeholder, written: site.noun.written, kind: Self.kind(of: site.noun))
    }

    /// Unit symbols with no number in `spoken` (outside its rewrites, placeholders and
    /// foreign spans) where the context makes them units, replaced by their names: after a
    /// `per-unit-word` in the form after one ("par kilogramme"), elsewhere in the `other`
    /// form ("Vitesse (kilomètres par heure)"). Returns how many were named.
    func namingBareUnits(_ spoken: Spoken) throws -> (Spoken, Int) {
        guard only?.contains(.unit) ?? true else { return (spoken, 0) }
        let scalars = Array(spoken.text.unicodeScalars)
        let specifiers = FormatSpecifiers.ranges(in: spoken.text)
        var protected = spoken.rewrites.map(\.outputScalars)
        protected += spoken.spans.filter { !sameLanguage($0.language) }.map { $0.start..<$0.end }
        var replacements: [SpokenReplacement] = []
        for unit in finder.bareUnits(in: scalars, protected: protected, specifiers: specifiers)
        where !unit.afterPlaceholder && (!unit.couldBeAWord || unit.inUnitContext) {
            guard let name = try expander.unitName(unit.symbol, category: unit.afterPerWord ? .one : fallbackCategory()) else { continue }
            replacements.append(SpokenReplacement(range: unit.range, text: name, said: (0..<name.unicodeScalars.count, unit.symbol, .unit)))
        }
        return (spoken.replacing(replacements), replacements.count)
    }

    /// Whether a span's language is the value's own (`fr` in a `fr-CA` value).
    func sameLanguage(_ language: String) -> Bool {
        let own = locale.split(separator: "-").first.map(String.init)?.lowercased() ?? locale.lowercased()
        return language.split(separator: "-").first.map(String.init)?.lowercased() == own
    }
}

/// What a counted word and its placeholder are said as: "%d kilomètres" (the words around
/// `placeholder` as ICU orders them), and which part is said for the written word.
struct CountedPhrase: Equatable {
    let text: String
    let placeholder: String
    let written: String
    let kind: Spoken.Rewrite.Kind

    /// The phrase in place of a stand-in in a spoken text: its words recorded as a rewrite of
    /// the written word (so SSML writes `%d <sub alias="kilomètres">km</sub>`).
    func replacement(at range: Range<Int>) -> SpokenReplacement {
        let scalars = Array(text.unicodeScalars)
        let holder = Array(placeholder.unicodeScalars)
        guard let at = (0...max(0, scalars.count - holder.count)).first(where: { scalars.count >= holder.count && scalars[$0..<($0 + holder.count)].elementsEqual(holder) }) else {
            return SpokenReplacement(range: range, text: text, said: nil)
        }
        // The words after the placeholder (or, where ICU puts the name first, before it).
        var lower = at + holder.count, upper = scalars.count
        if lower >= upper { lower = 0; upper = at }
        while lower < upper, scalars[lower].properties.isWhitespace { lower += 1 }
        while upper > lower, scalars[upper - 1].properties.isWhitespace { upper -= 1 }
        return SpokenReplacement(range: range, text: text, said: lower < upper ? (lower..<upper, written, kind) : nil)
    }
}

/// How a counted site is said in one output: the phrase for one category, or (`.xcstrings`
/// substitutions, `.stringsdict` variables) a `%#@name@` variable standing for its forms.
enum SiteOutput {
    case phrase(CountedPhrase)
    case variable(String)
}

/// The arguments a value's specifiers consume, for `argNum`: each specifier's number (its
/// `N$`, or its place among the others); nil when the value mixes both, uses `*` widths or
/// holds `%#@name@` or `%arg`, where a variable's number cannot be told safely.
func argumentNumbers(of specifiers: [String]) -> [Int?]? {
    var numbers: [Int?] = []
    var positional: Bool?
    var next = 1
    for specifier in specifiers {
        // "%%" and "% %" print a percent sign: no argument.
        if specifier.last == "%" {
            numbers.append(nil)
            continue
        }
        if specifier.contains("*") || specifier.contains("#@") || specifier == "%arg" { return nil }
        let scalars = Array(specifier.unicodeScalars.dropFirst())
        var digits = 0, index = 0
        while index < scalars.count, let digit = Int(String(scalars[index])) { digits = digits * 10 + digit; index += 1 }
        let isPositional = index > 0 && index < scalars.count && scalars[index] == "$"
        if let positional, positional != isPositional { return nil }
        positional = isPositional
        if isPositional {
            numbers.append(digits)
        } else {
            numbers.append(next)
            next += 1
        }
    }
    return numbers
}

/// A specifier without its `%` and `N$`: `.xcstrings`' `formatSpecifier` ("%2$lld" -> "lld").
func formatSpecifierBody(_ specifier: String) -> String {
    var body = Substring(specifier.dropFirst())
    if let dollar = body.firstIndex(of: "$"), body[..<dollar].allSatisfy(\.isNumber), dollar > body.startIndex {
        body = body[body.index(after: dollar)...]
    }
    return String(body)
}

/// A specifier's length and conversion: `.stringsdict`'s `NSStringFormatValueTypeKey`
/// ("%2$lld" -> "lld", "%.1f" -> "f").
func formatValueType(_ specifier: String) -> String {
    let scalars = Array(specifier.unicodeScalars)
    guard var start = scalars.indices.last else { return "" }
    while start > 0, "hlqLztj".unicodeScalars.contains(scalars[start - 1]) { start -= 1 }
    return String(String.UnicodeScalarView(scalars[start...]))
}
