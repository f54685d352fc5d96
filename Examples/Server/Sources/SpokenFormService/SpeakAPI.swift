import SpokenForm

/// `POST /v1/speak`: `{"locale": "fr-FR", "kind": "date", "input": "01/04/2015", "options": {"style": "full"}}`.
public struct SpeakRequest: Codable, Sendable {
    public var locale: String
    public var kind: String
    /// Always a string, numbers too: a JSON number would pass through a `Double` and
    /// could lose digits, and SpokenForm never speaks a wrong number.
    public var input: String
    public var options: [String: OptionValue]?

    public init(locale: String, kind: String, input: String, options: [String: OptionValue]? = nil) {
        self.locale = locale
        self.kind = kind
        self.input = input
        self.options = options
    }
}

/// `POST /v1/speak/batch`: many inputs of one kind in one locale, like a CSV column.
public struct SpeakBatchRequest: Codable, Sendable {
    public var locale: String
    public var kind: String
    public var inputs: [String]
    public var options: [String: OptionValue]?

    public init(locale: String, kind: String, inputs: [String], options: [String: OptionValue]? = nil) {
        self.locale = locale
        self.kind = kind
        self.inputs = inputs
        self.options = options
    }
}

/// The answer to one input: the library's `Spoken` (plain `text`, its `locale`, the
/// `spans` in other languages, the `rewrites` of `text`) and its SSML rendering, ready
/// for a speech engine (each rewrite as `<sub alias>`).
public struct SpeakResult: Codable, Sendable, Equatable {
    public var kind: String
    public var input: String
    public var text: String
    public var locale: String
    public var spans: [LanguageSpan]
    /// What `text` replaced, with its kind and ranges; nil (left out of the JSON) when
    /// nothing was, so the answers of the single-value kinds keep their shape.
    public var rewrites: [Spoken.Rewrite]?
    public var ssml: String

    public init(kind: String, input: String, spoken: Spoken) {
        self.kind = kind
        self.input = input
        text = spoken.text
        locale = spoken.locale
        spans = spoken.spans
        rewrites = spoken.rewrites.isEmpty ? nil : spoken.rewrites
        ssml = spoken.ssml
    }
}

/// One entry of a batch answer: a result, or the error for that input (the other
/// inputs are still answered, in order, as `spokenform` does line by line).
public struct SpeakBatchItem: Codable, Sendable, Equatable {
    public var result: SpeakResult?
    public var error: ServiceError.Body?
}

public struct SpeakBatchResponse: Codable, Sendable, Equatable {
    public var results: [SpeakBatchItem]
}

/// `GET /v1/locales`: the kinds, whether each is built and its options, and the
/// languages of each capability (what `spokenform locales --format json` prints).
public struct LocalesResponse: Codable, Sendable {
    public struct Kind: Codable, Sendable {
        public var name: String
        public var available: Bool
        public var options: [String]
    }
    public var kinds: [Kind]
    public var capabilities: [String: SupportedLocales.Entry]
}

/// `GET /health`.
public struct HealthResponse: Codable, Sendable {
    public var status: String
}
