import Foundation

/// Checks an accessibility element's strings for what the guides warn about, in one
/// locale: the control type named in the label, a state in the label, a hint that does
/// not start with a verb, digits VoiceOver would misread...
///
/// ```swift
/// let linter = try fr.labelLinter
/// linter.lint(Label(label: "Bouton envoyer", traits: .button)).map(\.rule)   // ["label-type-word"]
/// linter.lint(Label(label: "Partager", hint: "Ouvre le menu de partage.")) // []
/// ```
///
/// Each rule (`LabelLinter.rules`) has an id, a severity and a message; each issue gives
/// the field and the UTF-16 range it concerns and, where one exists, a suggested fix.
/// The words each rule looks for are in `Locales/<lang>/labels.txt` and `hint-verbs.txt`.
/// `lint(label:value:traits:hint:)` checks loose strings (a string catalog's entries).
public struct LabelLinter: Sendable {
    /// How serious an issue is.
    public enum Severity: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
        /// A fault VoiceOver users hear (the type said twice, nothing said): gates a CI.
        case error
        /// Against the guides; worth fixing.
        case warning
        /// Worth a look (a foreign word the speech engine may mispronounce).
        case info

        private var rank: Int { self == .error ? 0 : self == .warning ? 1 : 2 }
        /// Errors first.
        public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
    }

    /// The part of an element an issue concerns.
    public enum Field: String, Hashable, Sendable, Codable, CaseIterable {
        /// The accessibility label.
        case label
        /// The accessibility value.
        case value
        /// The accessibility hint.
        case hint
    }

    /// A rule of the registry.
    public struct Rule: Hashable, Sendable {
        /// Its id ("label-type-word").
        public let id: String
        /// How serious what it finds is.
        public let severity: Severity
        /// What it checks, in English.
        public let summary: String
    }

    /// One issue found.
    public struct Issue: Hashable, Sendable, Codable {
        /// The rule's id.
        public var rule: String
        /// Its severity.
        public var severity: Severity
        /// The field it concerns.
        public var field: Field
        /// Where, in the field's UTF-16 code units.
        public var start16: Int
        /// One past the end, in UTF-16 code units.
        public var end16: Int
        /// What is wrong, in English.
        public var message: String
        /// A fix, when there is one: the field rewritten, or what to say instead.
        public var suggestion: String?

        /// An issue.
        public init(rule: String, severity: Severity, field: Field, start16: Int, end16: Int, message: String, suggestion: String? = nil) {
            self.rule = rule
            self.severity = severity
            self.field = field
            self.start16 = start16
            self.end16 = end16
            self.message = message
            self.suggestion = suggestion
        }

        /// The range as an `NSRange`.
        public var nsRange: NSRange { NSRange(location: start16, length: end16 - start16) }

        private enum CodingKeys: String, CodingKey { case rule, severity, field, start16, end16, message, suggestion }

        /// Every key in this order, `suggestion` written as null when there is none: the one
        /// shape of `spokenform lint --format json`, catalog lint and the HTTP back end.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(rule, forKey: .rule)
            try container.encode(severity, forKey: .severity)
            try container.encode(field, forKey: .field)
            try container.encode(start16, forKey: .start16)
            try container.encode(end16, forKey: .end16)
            try container.encode(message, forKey: .message)
            try container.encode(suggestion, forKey: .suggestion)
        }
    }

    /// Limits the rules use.
    public struct Options: Hashable, Sendable {
        /// `label-too-long` fires above this many words.
        public var maxLabelWords: Int
        /// An options value.
        public init(maxLabelWords: Int = 15) { self.maxLabelWords = maxLabelWords }
    }

    /// Every rule, in the order issues are reported.
    public static let rules: [Rule] = [
        Rule(id: "label-empty", severity: .error, summary: "The element has no label: VoiceOver says only its traits, or nothing."),
        Rule(id: "label-type-word", severity: .error, summary: "The label names the control type (button, icon, image of…), which VoiceOver already says from the traits."),
        Rule(id: "label-final-period", severity: .warning, summary: "The label ends with a period: a label is a name, not a sentence."),
        Rule(id: "label-not-capitalised", severity: .warning, summary: "The label does not begin with a capital letter."),
        Rule(id: "label-too-long", severity: .warning, summary: "The label is long: keep it brief and move details to the value or the hint."),
        Rule(id: "state-in-label", severity: .warning, summary: "The label holds a state (on, off, selected…) that belongs in the value or a trait."),
        Rule(id: "hint-final-period", severity: .warning, summary: "The hint does not end with a period."),
        Rule(id: "hint-not-verb", severity: .warning, summary: "The hint does not begin with a verb describing the result (\"Opens the menu.\")."),
        Rule(id: "hint-type-word", severity: .warning, summary: "The hint names the control type."),
        Rule(id: "hint-repeats-label", severity: .warning, summary: "The hint repeats the label (starts with it, a gesture phrase such as \"Double tap to\" aside)."),
        Rule(id: "misread-number", severity: .warning, summary: "Digits VoiceOver reads badly (a date, a time, a phone number, a grouped number): write them out."),
        Rule(id: "unexpanded-abbreviation", severity: .warning, summary: "An abbreviation VoiceOver reads letter by letter or wrongly: write it out."),
        Rule(id: "foreign-span", severity: .info, summary: "Words in another language: mark their language (accessibilityLanguage, speech attributes)."),
    ]

    /// The locale it checks.
    public let locale: SpokenLocale
    /// The limits used.
    public let options: Options
    private let data: LabelLocaleData
    private let texts: TextNormalizer
    private let tagger: LanguageTagger?

    init(spoken: SpokenForm, data: LabelLocaleData, options: Options) throws {
        locale = spoken.locale
        self.options = options
        self.data = data
        texts = try spoken.texts
        tagger = try? spoken.languages
    }

    /// A linter with other limits for the same locale.
    public func with(options: Options) -> LabelLinter {
        LabelLinter(locale: locale, options: options, data: data, texts: texts, tagger: tagger)
    }

    private init(locale: SpokenLocale, options: Options, data: LabelLocaleData, texts: TextNormalizer, tagger: LanguageTagger?) {
        self.locale = locale
        self.options = options
        self.data = data
        self.texts = texts
        self.tagger = tagger
    }

    /// The issues of an element and of its children (a child's issues come after its
    /// parent's; their ranges are in the child's own fields).
    public func lint(_ element: Label) -> [Issue] {
        var issues = lint(label: element.label, value: element.value, traits: element.traits, hint: element.hint,
                          isGroup: !element.children.isEmpty)
        for child in element.children { issues += lint(child) }
        return issues
    }

    /// The issues of loose strings: any may be nil (a catalog entry with only a hint).
    /// A group's label may be empty when its children speak (`isGroup`).
    public func lint(label: String?, value: String? = nil, traits: Label.Traits = [], hint: String? = nil, isGroup: Bool = false) -> [Issue] {
        var issues: [Issue] = []
        func add(_ id: String, _ field: Field, _ range: Range<Int>, _ message: String, _ suggestion: String? = nil) {
            let severity = Self.rules.first { $0.id == id }?.severity ?? .warning
            issues.append(Issue(rule: id, severity: severity, field: field, start16: range.lowerBound, end16: range.upperBound,
                                message: message, suggestion: suggestion))
        }
        let labelText = label ?? ""
        // The fields' UTF-16 once: every issue's range is cut from it (a field rebuilt per
        // issue made a long label cost its length squared).
        let labelUnits = Array(labelText.utf16)
        // A suggestion restating the whole field only for a field a label could be: each would
        // be as long as the field, so the answer would grow with its square.
        let suggestsLabel = labelUnits.count <= Self.maxSuggestedFieldUnits
        let labelTrimmed = labelText.trimmingCharacters(in: .whitespacesAndNewlines)
        let labelWords = LabelWords.words(of: labelText)

        if labelTrimmed.isEmpty && !isGroup {
            add("label-empty", .label, 0..<labelText.utf16.count, "The element has no label.")
        }
        if !labelTrimmed.isEmpty {
            for range in typeWordRanges(labelWords) {
                let written = Self.substring(labelUnits, range)
                let fixed = suggestsLabel ? Self.removing(range, from: labelUnits) : ""
                add("label-type-word", .label, range,
                    "'\(written)' names the control type; VoiceOver says it from the traits.", fixed.isEmpty ? nil : fixed)
            }
            if let period = Self.finalPeriod(labelText) {
                add("label-final-period", .label, period, "The label ends with a period.",
                    suggestsLabel ? Self.substring(labelUnits, 0..<period.lowerBound) : nil)
            }
            if let first = labelWords.first, let letter = first.text.first, letter.isLowercase,
               !first.text.dropFirst().contains(where: \.isUppercase) {
                let capital = LabelTemplate.capitalisedFirst(String(first.text))
                add("label-not-capitalised", .label, first.utf16, "The label begins with a lowercase letter.",
                    suggestsLabel ? Self.replacing(first.utf16, in: labelUnits, with: capital) : nil)
            }
            if labelWords.count > options.maxLabelWords {
                add("label-too-long", .label, 0..<labelText.utf16.count,
                    "The label has \(labelWords.count) words (more than \(options.maxLabelWords)).")
            }
            if let range = stateRange(labelText, labelWords) {
                let state = Self.substring(labelUnits, range)
                add("state-in-label", .label, range,
                    "'\(state)' is a state: put it in the value or the selected trait.",
                    suggestsLabel ? Self.removing(range, from: labelUnits) : nil)
            }
        }

        let hintText = hint ?? ""
        let hintTrimmed = hintText.trimmingCharacters(in: .whitespacesAndNewlines)
        if !hintTrimmed.isEmpty {
            let hintUnits = Array(hintText.utf16)
            let hintWords = LabelWords.words(of: hintText)
            if let last = hintTrimmed.unicodeScalars.last, !".!?…".unicodeScalars.contains(last) {
                let end = Self.trimmedEnd16(hintText)
                add("hint-final-period", .hint, end..<end, "The hint does not end with a period.",
                    hintUnits.count <= Self.maxSuggestedFieldUnits ? Self.substring(hintUnits, 0..<end) + "." : nil)
            }
            if let first = hintWords.first, Self.startsWithWord(hintText, first), !isVerb(hintWords) {
                add("hint-not-verb", .hint, first.utf16,
                    "The hint begins with '\(first.text)', not a verb: say what happens (\"Opens…\").")
            }
            for range in typeWordRanges(hintWords, anchoredAllowed: false) {
                add("hint-type-word", .hint, range, "'\(Self.substring(hintUnits, range))' names the control type in the hint.")
            }
            // The hint starts with the label once a gesture phrase is set aside: "Share" / "Share
            // the photo.", "Développer" / "Appuyez deux fois pour développer", "Erweitern" / "Zum
            // Erweitern doppeltippen". A label inside the hint ("Opens the share sheet.") is not a repeat.
            if !labelTrimmed.isEmpty, labelWords.map(\.lower).joined().count >= 3,
               let range = repeatedLabel(labelWords.map(\.lower), in: hintWords) {
                add("hint-repeats-label", .hint, range, "The hint repeats the label '\(labelTrimmed)'.")
            }
        }

        for (field, text) in [(Field.label, label), (.value, value), (.hint, hint)] {
            guard let text, !text.isEmpty else { continue }
            checkRewrites(text, field: field, add: add)
        }
        for (field, text) in [(Field.label, label), (.hint, hint)] {
            guard let text, !text.isEmpty, let tagger else { continue }
            let tagged = tagger.tag(text)
            let units = field == .label ? labelUnits : Array(text.utf16)
            for span in tagged.spans {
                // Cut by the span's UTF-16 offsets: `Spoken.substring` walks from the start each time.
                let written = Self.substring(units, span.start16..<span.end16)
                add("foreign-span", field, span.start16..<span.end16,
                    "'\(written)' looks like \(span.language): mark its language so the voice switches.", span.language)
            }
        }
        let order = Dictionary(uniqueKeysWithValues: Self.rules.enumerated().map { ($1.id, $0) })
        return issues.enumerated().sorted { a, b in
            let ra = order[a.element.rule] ?? 0, rb = order[b.element.rule] ?? 0
            return ra != rb ? ra < rb : a.offset < b.offset
        }.map(\.element)
    }

    /// Kinds of `text(_:)` rewrites VoiceOver reads wrongly from digits.
    private static let misreadClasses: Set<Spoken.Rewrite.Kind> = [.date, .time, .phone, .range, .duration, .fraction, .serial, .money, .roman]

    private func checkRewrites(_ text: String, field: Field, add: (String, Field, Range<Int>, String, String?) -> Void) {
        guard let normalized = try? texts.normalize(text) else { return }
        for rewrite in normalized.rewrites {
            switch rewrite.kind {
            // A percentage is a "unit" to the expander, but VoiceOver says "%" well.
            case .unit where rewrite.original.hasSuffix("%"):
                break
            case .abbreviation, .unit:
                add("unexpanded-abbreviation", field, rewrite.inputUTF16,
                    "'\(rewrite.original)' is an abbreviation: write '\(rewrite.spoken)'.", rewrite.spoken)
            case .cardinal where rewrite.original.contains(where: { !$0.isNumber && $0 != "-" && $0 != "+" && $0 != "−" }):
                add("misread-number", field, rewrite.inputUTF16,
                    "'\(rewrite.original)' is read in pieces: write '\(rewrite.spoken)'.", rewrite.spoken)
            case let kind where Self.misreadClasses.contains(kind):
                add("misread-number", field, rewrite.inputUTF16,
                    "'\(rewrite.original)' is read digit by digit or wrongly: write '\(rewrite.spoken)'.", rewrite.spoken)
            default:
                break
            }
        }
    }

    /// Whether the hint starts with a verb form, after any opener ("Double tap", "Zum Öffnen").
    private func isVerb(_ words: [LabelWords.Word]) -> Bool {
        for word in words.prefix(3) {
            if isVerbForm(word.lower) { return true }
            guard data.hintOpeners.contains(word.lower) else { return false }
        }
        return false
    }

    /// Where the hint repeats the label: the label's words first, after a gesture opener
    /// and before a gesture closer.
    private func repeatedLabel(_ label: [String], in words: [LabelWords.Word]) -> Range<Int>? {
        var body = ArraySlice(words)
        if let opener = data.gestureOpeners.filter({ $0.count <= body.count && zip($0, body).allSatisfy { $0 == $1.lower } })
            .max(by: { $0.count < $1.count }) {
            body = body.dropFirst(opener.count)
        }
        if let closer = data.gestureClosers.filter({ $0.count <= body.count && zip($0, body.suffix($0.count)).allSatisfy { $0 == $1.lower } })
            .max(by: { $0.count < $1.count }) {
            body = body.dropLast(closer.count)
        }
        guard label.count <= body.count, zip(label, body).allSatisfy({ $0 == $1.lower }), let first = body.first else { return nil }
        return first.utf16.lowerBound..<body[body.startIndex + label.count - 1].utf16.upperBound
    }

    private func isVerbForm(_ word: String) -> Bool {
        if data.isHintVerb(word) { return true }
        // Regional spellings ("schliesst" in Switzerland for "schließt").
        for (written, standard) in data.spellingVariants where word.contains(written) {
            if data.isHintVerb(word.replacingOccurrences(of: written, with: standard)) { return true }
        }
        // "double-tap", "re-open", "an-/abmelden": a hyphenated word whose last part is a verb.
        let parts = word.split(whereSeparator: { $0 == "-" || $0 == "‑" })
        if parts.count > 1, let last = parts.last, data.isHintVerb(String(last)) { return true }
        // German infinitives used as nouns ("Zum Öffnen") are capitalised: already lowercased here.
        return false
    }

    private func typeWordRanges(_ words: [LabelWords.Word], anchoredAllowed: Bool = true) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var covered = 0
        var i = 0
        let entries = data.typeWords.sorted(by: { $0.words.count > $1.words.count })
        while i < words.count {
            var matched: Range<Int>?
            for entry in entries {
                if entry.anchored && (!anchoredAllowed || i != 0) { continue }
                guard i + entry.words.count <= words.count else { continue }
                if zip(entry.words, words[i..<(i + entry.words.count)]).allSatisfy({ $0 == $1.lower }) {
                    matched = words[i].utf16.lowerBound..<words[i + entry.words.count - 1].utf16.upperBound
                    break
                }
            }
            if let matched, matched.lowerBound >= covered {
                ranges.append(matched)
                covered = matched.upperBound
                // From here, not from the first word: a label of many type words stays linear.
                i = words[i...].firstIndex { $0.utf16.lowerBound >= matched.upperBound } ?? words.count
            } else {
                i += 1
            }
        }
        return ranges
    }

    /// A state word ending the label: "Wi-Fi activé", "Bluetooth: off", "Sons, désactivés".
    private func stateRange(_ text: String, _ words: [LabelWords.Word]) -> Range<Int>? {
        guard words.count >= 2 else { return nil }
        for state in data.stateWords.sorted(by: { $0.count > $1.count }) where state.count < words.count {
            let tail = words.suffix(state.count)
            guard zip(state, tail).allSatisfy({ $0 == $1.lower }), let first = tail.first, let last = tail.last else { continue }
            // Only what ends the label (a final period aside) is a state.
            let after = String(text.utf16.suffix(from: text.utf16.index(text.utf16.startIndex, offsetBy: last.utf16.upperBound))) ?? ""
            guard after.trimmingCharacters(in: CharacterSet(charactersIn: " .!")).isEmpty else { continue }
            return first.utf16.lowerBound..<last.utf16.upperBound
        }
        return nil
    }

    /// The range of `phrase` (lowercased words) in `words`, if they appear there in a row.
    private static func phraseRange(_ phrase: [String], in words: [LabelWords.Word]) -> Range<Int>? {
        guard !phrase.isEmpty, phrase.count <= words.count else { return nil }
        for i in 0...(words.count - phrase.count) where zip(phrase, words[i..<(i + phrase.count)]).allSatisfy({ $0 == $1.lower }) {
            return words[i].utf16.lowerBound..<words[i + phrase.count - 1].utf16.upperBound
        }
        return nil
    }

    /// Whether the text's first non-space scalar starts the word (not a placeholder "%@" or a quote).
    private static func startsWithWord(_ text: String, _ word: LabelWords.Word) -> Bool {
        let leading = text.utf16.prefix(word.utf16.lowerBound)
        return String(decoding: Array(leading), as: UTF16.self).trimmingSpaces().isEmpty
    }

    /// The range of a final period that is not part of an ellipsis.
    private static func finalPeriod(_ text: String) -> Range<Int>? {
        let end = trimmedEnd16(text)
        let units = Array(text.utf16.prefix(end))
        guard let last = units.last, last == 0x2E else { return nil }
        if units.count >= 2, units[units.count - 2] == 0x2E { return nil }
        return (end - 1)..<end
    }

    private static func trimmedEnd16(_ text: String) -> Int {
        var units = Array(text.utf16)
        while let last = units.last, last == 0x20 || last == 0x0A || last == 0x09 || last == 0x0D { units.removeLast() }
        return units.count
    }

    /// The longest field (in UTF-16 units) whose issues carry a suggestion restating it.
    static let maxSuggestedFieldUnits = 1_000

    static func substring(_ units: [UInt16], _ range: Range<Int>) -> String {
        guard range.lowerBound >= 0, range.lowerBound <= range.upperBound, range.upperBound <= units.count else { return "" }
        return String(decoding: units[range], as: UTF16.self)
    }

    static func replacing(_ range: Range<Int>, in units: [UInt16], with replacement: String) -> String {
        String(decoding: units[..<range.lowerBound], as: UTF16.self) + replacement + String(decoding: units[range.upperBound...], as: UTF16.self)
    }

    /// The text without `range`, spaces and separators tidied, first letter capitalised.
    static func removing(_ range: Range<Int>, from units: [UInt16]) -> String {
        let joined = replacing(range, in: units, with: "")
        let words = joined.split(whereSeparator: { $0 == " " }).joined(separator: " ")
        let tidy = words.trimmingCharacters(in: CharacterSet(charactersIn: " ,:;-–"))
        return LabelTemplate.capitalisedFirst(tidy)
    }
}

extension SpokenForm {
    /// The accessibility label linter of this locale (see `LabelLinter`).
    /// - Throws: `unsupportedLocale` for a language without label data or text normaliser;
    ///   `malformedLocaleData` for a bad data file.
    public var labelLinter: LabelLinter {
        get throws {
            try capability { try LabelLinter(spoken: self, data: try labelData, options: .init()) }
        }
    }
}
