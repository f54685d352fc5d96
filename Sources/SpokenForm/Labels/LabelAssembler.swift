import Foundation

/// Says an accessibility element the way VoiceOver does, in one locale: label, value,
/// trait words and hint, in that order, with VoiceOver's pauses.
///
/// ```swift
/// let fr = try SpokenForm(locale: "fr-FR")
/// let label = Label(label: "Messages", value: "3", traits: .button, hint: "Ouvre la boîte de réception.")
/// try fr.labels.assemble(label).text   // "Messages, trois, bouton. Ouvre la boîte de réception."
/// ```
///
/// The order follows VoiceOver (as AccessibilitySnapshot documents it): "selected" before
/// the label; the label, then the value; the trait words (dimmed, button, switch and its
/// state, tab, heading, link, adjustable, image, search field); then the hint. Commas join
/// the parts of one element and a period ends it, so the speech engine pauses as VoiceOver
/// does. Label, value and hint go through `SpokenForm.text(_:)` (a date in a value is said
/// as a date); the trait words come from `Locales/<lang>/traits.txt`. A group (`children`)
/// is its own parts, then each child's, each ended by a period. Foreign-language spans of
/// the whole utterance come from `LanguageTagger`.
public struct LabelAssembler: Sendable {
    /// The locale it speaks.
    public let locale: SpokenLocale
    let data: LabelLocaleData
    private let texts: TextNormalizer
    private let tagger: LanguageTagger?

    init(spoken: SpokenForm, data: LabelLocaleData) throws {
        locale = spoken.locale
        self.data = data
        texts = try spoken.texts
        // The tagger is an addition: a locale whose tagger data is missing still speaks labels.
        tagger = try? spoken.languages
    }

    /// The utterance of `element`: its text, the language spans, and each part (`Spoken.parts`)
    /// with its range.
    /// - Parameters:
    ///   - element: the element, with its children for a group.
    ///   - checkpoint: called before each element and before the language tagging; what it
    ///     throws stops the assembly (a server's time limit: a group is many calls of the
    ///     text normaliser, and the caller may no longer want the answer).
    /// - Throws: `SpokenFormError` from the text normaliser (an ICU failure), or what
    ///   `checkpoint` throws; never for an empty element, which says nothing.
    public func assemble(_ element: Label, checkpoint: () throws -> Void = {}) throws -> Spoken {
        var builder = Builder()
        try checkpoint()
        try add(element, index: 0, to: &builder)
        for (index, child) in element.children.enumerated() {
            try checkpoint()
            try add(child, index: index + 1, to: &builder)
            for grandchild in child.children {
                try checkpoint()
                try add(grandchild, index: index + 1, to: &builder)
            }
        }
        try checkpoint()
        let text = builder.text
        let spans = tagger?.tag(text).spans.filter { span in
            // Trait words are the locale's own: a span over one is the tagger's mistake.
            !builder.parts.contains { ($0.role == .trait || $0.role == .state || $0.role == .selected) && $0.start < span.end && span.start < $0.end }
        } ?? []
        return Spoken(text: text, locale: locale.bcp47, spans: spans, parts: builder.parts)
    }

    /// The words said for `traits` and, for a switch, its state, in VoiceOver's order.
    func traitWords(_ traits: Label.Traits, value: String?) -> (words: [String], state: String?) {
        var words: [String] = []
        func say(_ key: String) { if let word = data.traitWords[key] { words.append(word) } }
        if traits.contains(.notEnabled) { say("not-enabled") }
        if traits.contains(.button), traits.isDisjoint(with: [.keyboardKey, .toggle, .tab]) { say("button") }
        var state: String?
        if traits.contains(.toggle) {
            say("toggle")
            switch Self.switchState(value, selected: traits.contains(.selected)) {
            case .on?: state = data.traitWords["on"]
            case .off?: state = data.traitWords["off"]
            case .mixed?: state = data.traitWords["mixed"]
            case nil: break
            }
        }
        if traits.contains(.tab) { say("tab") }
        if traits.contains(.header) { say("header") }
        if traits.contains(.link) { say("link") }
        if traits.contains(.adjustable) { say("adjustable") }
        if traits.contains(.image) { say("image") }
        if traits.contains(.searchField) { say("search-field") }
        return (words, state)
    }

    enum SwitchState { case on, off, mixed }

    /// A switch's state: UIKit's value "1", "0", "2" (or true/false), else `selected`.
    static func switchState(_ value: String?, selected: Bool) -> SwitchState? {
        switch value?.trimmingSpaces().lowercased() {
        case "1"?, "true"?, "on"?: return .on
        case "0"?, "false"?, "off"?: return .off
        case "2"?, "mixed"?: return .mixed
        case nil, ""?: return selected ? .on : .off
        default: return nil
        }
    }

    private func add(_ element: Label, index: Int, to builder: inout Builder) throws {
        // A switch's value is its state, or (iOS 17) words said after the trait words.
        let isToggle = element.traits.contains(.toggle)
        var pieces: [(Spoken.Part.Role, String)] = []
        if element.traits.contains(.selected), !element.traits.contains(.toggle), let word = data.traitWords["selected"] {
            pieces.append((.selected, word))
        }
        if let label = Self.nonEmpty(element.label) { pieces.append((.label, try spoken(label))) }
        if !isToggle, let value = Self.nonEmpty(element.value) { pieces.append((.value, try spoken(value))) }
        let (words, state) = traitWords(element.traits, value: element.value)
        pieces += words.map { (.trait, $0) }
        if let state { pieces.append((.state, state)) }
        if isToggle, state == nil, let value = Self.nonEmpty(element.value) {
            pieces.append((.value, try spoken(value)))
        }
        // The hint keeps its own final punctuation: it is a sentence.
        let hint = try Self.nonEmpty(element.hint).map { try spoken($0) }
        guard !pieces.isEmpty || hint != nil else { return }
        builder.startSentence()
        for (offset, (role, text)) in pieces.enumerated() {
            var piece = Self.trimmedEnd(text)
            // An utterance that starts with a trait word ("Selected, Home") starts with a capital, as a sentence does.
            if offset == 0, role == .selected || role == .trait { piece = LabelTemplate.capitalisedFirst(piece) }
            // A part that began with digits ("2h ago") starts its sentence with a capital once written out.
            if offset == 0, role == .label || role == .value {
                piece = Self.capitalisedIfRewritten(piece, from: (role == .label ? element.label : element.value) ?? "")
            }
            builder.append(role, piece, element: index, separator: ", ")
        }
        if let hint {
            builder.endSentence()
            builder.append(.hint, Self.capitalisedIfRewritten(hint, from: element.hint ?? ""), element: index, separator: " ")
        }
        builder.endSentence()
    }

    /// `spoken` with a capital when its written form began with a digit (a number written out).
    static func capitalisedIfRewritten(_ spoken: String, from written: String) -> String {
        let first = written.trimmingCharacters(in: .whitespacesAndNewlines).unicodeScalars.first
        guard let first, first.properties.numericType != nil else { return spoken }
        return LabelTemplate.capitalisedFirst(spoken)
    }

    private func spoken(_ text: String) throws -> String {
        try texts.normalize(text.trimmingCharacters(in: .whitespacesAndNewlines)).text
    }

    static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        return text
    }

    /// A part without the spaces and the final period or comma it may end with: the
    /// assembler writes the pauses itself, so no part says ".." or ", .".
    static func trimmedEnd(_ text: String) -> String {
        var scalars = Array(text.trimmingCharacters(in: .whitespacesAndNewlines).unicodeScalars)
        while let last = scalars.last, last == "." || last == "," || last == ";" || last == " " {
            // An ellipsis is meant: keep it.
            if last == ".", scalars.count >= 3, scalars[scalars.count - 2] == ".", scalars[scalars.count - 3] == "." { break }
            scalars.removeLast()
        }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }

    /// Writes the utterance and records each part's range.
    struct Builder {
        var text = ""
        var scalars = 0
        var utf16 = 0
        var parts: [Spoken.Part] = []
        private var atSentenceStart = true

        mutating func write(_ piece: String) {
            text += piece
            scalars += piece.unicodeScalars.count
            utf16 += piece.utf16.count
        }

        mutating func startSentence() {
            if !text.isEmpty && !text.hasSuffix(" ") { write(" ") }
            atSentenceStart = true
        }

        mutating func endSentence() {
            guard !text.isEmpty, !atSentenceStart else { return }
            if let last = text.unicodeScalars.last, !".!?…".unicodeScalars.contains(last) { write(".") }
            atSentenceStart = true
        }

        mutating func append(_ role: Spoken.Part.Role, _ piece: String, element: Int, separator: String) {
            guard !piece.isEmpty else { return }
            if !atSentenceStart { write(separator) } else if !text.isEmpty && !text.hasSuffix(" ") { write(" ") }
            let start = scalars, start16 = utf16
            write(piece)
            parts.append(Spoken.Part(role: role, text: piece, element: element, start: start, end: scalars, start16: start16, end16: utf16))
            atSentenceStart = false
        }
    }
}

extension SpokenForm {
    /// Accessibility labels in this locale: `LabelAssembler` (and `labelLinter`).
    /// - Throws: `unsupportedLocale` for a language without `Locales/<lang>/traits.txt`
    ///   or without the text normaliser; `malformedLocaleData` for a bad data file.
    public var labels: LabelAssembler {
        get throws {
            try capability { try LabelAssembler(spoken: self, data: try labelData) }
        }
    }

    /// Says an accessibility element as VoiceOver does (see `LabelAssembler`).
    /// - Throws: what `labels` and `LabelAssembler.assemble(_:)` throw.
    public func label(_ element: Label) throws -> Spoken { try labels.assemble(element) }

    /// The label data of this locale, read once.
    var labelData: LabelLocaleData {
        get throws {
            try capability {
                let language = locale.language
                let traits = try dataStore.files(named: "traits.txt", language: language, region: locale.region)
                guard !traits.isEmpty else { throw SpokenFormError.unsupportedLocale(locale.tag, capability: "labels") }
                return try LabelLocaleData(
                    traits: traits,
                    labels: try dataStore.files(named: "labels.txt", language: language, region: locale.region),
                    verbs: try dataStore.wordList(named: "hint-verbs.txt", language: language, region: locale.region))
            }
        }
    }
}
