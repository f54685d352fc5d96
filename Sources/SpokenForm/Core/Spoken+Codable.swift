/// `Spoken`'s JSON: `locale`, `text`, `spans`, and `rewrites` when there are any (so the
/// output of `spokenform tag`, which makes none, keeps its shape).
extension Spoken: Codable {
    private enum CodingKeys: String, CodingKey {
        case text, locale, spans, rewrites
    }

    /// Decodes a `Spoken`; a missing `rewrites` is an empty list.
    /// - Throws: `DecodingError` when the JSON does not have the documented shape.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        text = try container.decode(String.self, forKey: .text)
        locale = try container.decode(String.self, forKey: .locale)
        spans = try container.decodeIfPresent([LanguageSpan].self, forKey: .spans) ?? []
        rewrites = try container.decodeIfPresent([Rewrite].self, forKey: .rewrites) ?? []
    }

    /// Encodes a `Spoken`, leaving `rewrites` out when empty.
    /// - Throws: what the encoder throws.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text, forKey: .text)
        try container.encode(locale, forKey: .locale)
        try container.encode(spans, forKey: .spans)
        if !rewrites.isEmpty { try container.encode(rewrites, forKey: .rewrites) }
    }
}
