import Foundation
import SpokenForm

/// `POST /v1/label`: one accessibility element, as `spokenform label` reads it (its
/// options, or one JSON line of its standard input), with the locale:
/// `{"locale": "fr-FR", "label": "Messages", "value": "3", "traits": ["button"], "hint": "…", "children": [...]}`;
/// or a template, as `spokenform label --template … --set name=value --today …`:
/// `{"locale": "fr-FR", "template": "Publié par {author}, {published:relative}.", "values": {"author": "Léa", …}, "today": "2026-11-23"}`.
///
/// The element's keys are decoded by the library's own `Label` (every key optional, null
/// as missing, traits by their `UIAccessibilityTraits` names, an unknown one refused), so
/// the server reads exactly what the command reads.
public struct LabelRequest: Decodable, Sendable {
    public var locale: String
    /// The element to say (empty when `template` is given).
    public var element: Label
    /// A label template with `{name}` or `{name:type}` placeholders (see Docs/labels.md).
    public var template: String?
    /// The template's values, by placeholder name.
    public var values: [String: String]?
    /// The day `{x:relative}` counts from, `YYYY-MM-DD` (default: today).
    public var today: String?

    private enum CodingKeys: String, CodingKey { case locale, template, values, today }

    public init(locale: String, element: Label = Label(), template: String? = nil, values: [String: String]? = nil, today: String? = nil) {
        self.locale = locale
        self.element = element
        self.template = template
        self.values = values
        self.today = today
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        locale = try container.decode(String.self, forKey: .locale)
        template = try container.decodeIfPresent(String.self, forKey: .template)
        values = try container.decodeIfPresent([String: String].self, forKey: .values)
        today = try container.decodeIfPresent(String.self, forKey: .today)
        // The same object holds the element's keys: `Label` reads its own and ignores the others.
        element = try Label(from: decoder)
    }
}

/// `POST /v1/lint`: `{"locale": "fr-FR", "elements": [{"label": "Bouton envoyer", "traits": ["button"]}], "maxLabelWords": 15}`,
/// at most `--max-batch-inputs` elements, answered in order; each element as in `LabelRequest`.
public struct LintRequest: Decodable, Sendable {
    public var locale: String
    public var elements: [Label]
    /// `label-too-long` fires above this many words (`spokenform lint --max-label-words`; default 15).
    public var maxLabelWords: Int?

    public init(locale: String, elements: [Label], maxLabelWords: Int? = nil) {
        self.locale = locale
        self.elements = elements
        self.maxLabelWords = maxLabelWords
    }
}

/// The answer of `POST /v1/label`: the library's `Spoken` as `spokenform label --format json`
/// prints it (`text`, `locale`, `spans`, and `parts` and `rewrites` when there are any),
/// with its SSML as `--format ssml` prints it.
public struct LabelResult: Encodable, Sendable {
    public var spoken: Spoken

    private enum CodingKeys: String, CodingKey { case ssml }

    public func encode(to encoder: any Encoder) throws {
        try spoken.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(spoken.ssml, forKey: .ssml)
    }
}

/// The answer of `POST /v1/lint`: per element, in order, the line `spokenform lint --format json`
/// prints for it (`{"issues": [...]}`, `suggestion` null when there is none).
public struct LintResponse: Codable, Sendable, Equatable {
    public struct Element: Codable, Sendable, Equatable {
        /// The library's issues: their JSON is the command's (`suggestion` null when there is none).
        public var issues: [LabelLinter.Issue]
    }

    public var results: [Element]
}

/// Says and lints labels: the locale's shared `SpokenForm`, its `LabelAssembler` and
/// `LabelLinter`, and every failure as a `ServiceError`. No HTTP here, as in `Speaker`.
public struct Labeller: Sendable {
    public let cache: SpokenFormCache
    /// Most elements one lint request may hold (`--max-batch-inputs`).
    public let maxElements: Int
    /// Longest label, value, hint, template or template value in UTF-8 bytes (`--max-input-bytes`).
    public let maxInputBytes: Int

    public init(cache: SpokenFormCache, maxElements: Int = 1000, maxInputBytes: Int = 2048) {
        self.cache = cache
        self.maxElements = maxElements
        self.maxInputBytes = maxInputBytes
    }

    /// What VoiceOver says for the element, or the filled template. `deadline` is checked
    /// before each element of a group and each placeholder of a template: a group of a
    /// thousand elements is thousands of calls of the text normaliser.
    public func label(_ request: LabelRequest, deadline: WorkDeadline = .unlimited) throws(ServiceError) -> LabelResult {
        let spokenForm = try cache.spokenForm(locale: request.locale)
        do {
            if let template = request.template {
                guard request.element == Label() else {
                    throw ServiceError(.invalidRequest, "'template' cannot be sent with 'label', 'value', 'traits', 'hint' or 'children'.")
                }
                try checkLength(template, "template")
                for (name, value) in request.values ?? [:] { try checkLength(value, "values.\(name)") }
                let today = try request.today.map(Self.civilDate)
                return LabelResult(spoken: try LabelTemplate(template).fill(request.values ?? [:], with: spokenForm, today: today,
                                                                            checkpoint: deadline.check))
            }
            guard request.values == nil, request.today == nil else {
                throw ServiceError(.invalidRequest, "'values' and 'today' are a template's: they need 'template'.")
            }
            var remaining = maxElements
            try checkLengths(request.element, remaining: &remaining)
            return LabelResult(spoken: try spokenForm.labels.assemble(request.element, checkpoint: deadline.check))
        } catch {
            throw ServiceError(error)
        }
    }

    /// The issues of each element, in order. `deadline` is checked before each element and
    /// each child: stops with `timeout` once it has passed.
    public func lint(_ request: LintRequest, deadline: WorkDeadline = .unlimited) throws(ServiceError) -> LintResponse {
        guard request.elements.count <= maxElements else {
            throw ServiceError(.invalidRequest, "the request has \(request.elements.count) elements: at most \(maxElements) are taken in one request.")
        }
        if let words = request.maxLabelWords, words <= 0 {
            throw ServiceError(.invalidOption, "'maxLabelWords': \(words) is not a number of words: expected a positive integer.")
        }
        var remaining = maxElements
        for (index, element) in request.elements.enumerated() {
            try checkLengths(element, path: "elements[\(index)].", remaining: &remaining)
        }
        let spokenForm = try cache.spokenForm(locale: request.locale)
        do {
            var linter = try spokenForm.labelLinter
            if let words = request.maxLabelWords { linter = linter.with(options: .init(maxLabelWords: words)) }
            var results: [LintResponse.Element] = []
            results.reserveCapacity(request.elements.count)
            for element in request.elements {
                results.append(.init(issues: try Self.lint(element, with: linter, deadline: deadline)))
            }
            return LintResponse(results: results)
        } catch {
            throw ServiceError(error)
        }
    }

    /// `linter.lint(element)`, element by element, checking `deadline` before each: the
    /// element's own issues, then each child's, in order (one element may hold the
    /// request's thousand, children included).
    static func lint(_ element: Label, with linter: LabelLinter, deadline: WorkDeadline) throws(ServiceError) -> [LabelLinter.Issue] {
        try deadline.check()
        var issues = linter.lint(label: element.label, value: element.value, traits: element.traits, hint: element.hint,
                                 isGroup: !element.children.isEmpty)
        for child in element.children { issues += try lint(child, with: linter, deadline: deadline) }
        return issues
    }

    /// Each string of `element` and of its children within `maxInputBytes`, and one
    /// element taken from `remaining` for it and for each child (a request holds at most
    /// `maxElements`, children included: a group is linted child by child).
    private func checkLengths(_ element: Label, path: String = "", remaining: inout Int) throws(ServiceError) {
        remaining -= 1
        guard remaining >= 0 else {
            throw ServiceError(.invalidRequest, "the request has more than \(maxElements) elements, children included: at most \(maxElements) are taken in one request.")
        }
        try checkLength(element.label, path + "label")
        try checkLength(element.value, path + "value")
        try checkLength(element.hint, path + "hint")
        for (index, child) in element.children.enumerated() {
            try checkLengths(child, path: path + "children[\(index)].", remaining: &remaining)
        }
    }

    private func checkLength(_ text: String?, _ field: String) throws(ServiceError) {
        guard let text, text.utf8.count > maxInputBytes else { return }
        throw ServiceError(.inputTooLong, "the field '\(field)' has \(text.utf8.count) bytes in UTF-8: at most \(maxInputBytes) are taken.")
    }

    /// `YYYY-MM-DD`, as `spokenform label --today` reads it.
    static func civilDate(_ text: String) throws(ServiceError) -> CivilDate {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard text.utf8.count == 10, parts.count == 3, let year = parts[0], let month = parts[1], let day = parts[2],
              let date = try? CivilDate(year: year, month: month, day: day) else {
            throw ServiceError(.invalidOption, "'today': '\(text)' is not a date: expected YYYY-MM-DD.")
        }
        return date
    }
}
