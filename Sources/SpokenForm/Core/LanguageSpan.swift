import Foundation

/// A run of text to be spoken in another language than the base one, with its range
/// both in Unicode scalars (`start..<end`) and in UTF-16 code units (`start16..<end16`,
/// what `NSAttributedString` and `accessibilitySpeechLanguage` ranges use).
public struct LanguageSpan: Hashable, Sendable, Codable {
    /// BCP 47 language tag ("en", or "en-GB" when the input's markup said so).
    public var language: String
    /// Offset of the first scalar and one past the last, in Unicode scalars.
    public var start: Int
    /// Offset one past the last scalar, in Unicode scalars.
    public var end: Int
    /// The same range in UTF-16 code units.
    public var start16: Int
    /// Offset one past the last UTF-16 code unit.
    public var end16: Int

    /// A span of `language` over scalars `start..<end` and UTF-16 units `start16..<end16`.
    public init(language: String, start: Int, end: Int, start16: Int, end16: Int) {
        self.language = language
        self.start = start
        self.end = end
        self.start16 = start16
        self.end16 = end16
    }

    /// The UTF-16 range as an `NSRange`, for attributed strings.
    public var nsRange: NSRange { NSRange(location: start16, length: end16 - start16) }

    enum CodingKeys: String, CodingKey {
        case language = "lang", start, end, start16, end16
    }
}
