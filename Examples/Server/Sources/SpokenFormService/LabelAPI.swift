/// `POST /v1/label` and `POST /v1/lint`, designed in openapi.yaml on SpokenForm's
/// `Label` (issue 13): one element is its `label`, `value`, `traits` (names as in
/// `UIAccessibilityTraits`: "button", "selected", …), `hint` and `children` (a group),
/// every field optional, as `spokenform lint` reads them line by line.
///
/// The library's `LabelAssembler` and `LabelLinter` are not on this version's main, so
/// the server checks the request's shape (400 for a malformed one, as it will) and
/// answers 501 `not_implemented`. Serving them is a handler each: the element becomes a
/// `Label`, `spokenForm.labelAssembler` speaks it (answer: the `Spoken` JSON with its
/// `parts`), `spokenForm.labelLinter.lint` checks it (answer: `{"results": [{"issues": […]}]}`).
public struct LabelElement: Codable, Sendable, Equatable {
    public var label: String?
    public var value: String?
    public var traits: [String]?
    public var hint: String?
    public var children: [LabelElement]?
}

/// `POST /v1/label`: `{"locale": "fr-FR", "label": "Messages", "value": "3", "traits": ["button"], "hint": "…"}`.
public struct LabelRequest: Codable, Sendable {
    public var locale: String
    public var label: String?
    public var value: String?
    public var traits: [String]?
    public var hint: String?
    public var children: [LabelElement]?
}

/// `POST /v1/lint`: `{"locale": "fr-FR", "elements": [{"label": "Bouton envoyer", "traits": ["button"]}]}`,
/// at most `--max-batch-inputs` elements, answered in order.
public struct LintRequest: Codable, Sendable {
    public var locale: String
    public var elements: [LabelElement]
}
