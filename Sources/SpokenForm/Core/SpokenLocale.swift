/// A locale as SpokenForm uses it: the tag the caller gave, ICU's canonical id,
/// and its language and region subtags.
public struct SpokenLocale: Hashable, Sendable, CustomStringConvertible {
    /// The tag as given ("fr-FR").
    public let tag: String
    /// ICU's canonical id ("fr_FR").
    public let icuID: String
    /// Language subtag ("fr").
    public let language: String
    /// Region subtag ("FR"), empty when the tag has none.
    public let region: String
    /// The region to assume when the tag has none ("fr" -> "FR"), from ICU's likely subtags.
    public let likelyRegion: String
    /// BCP 47 form for output ("fr-FR"): language and region.
    public let bcp47: String

    /// Parses a BCP 47 tag or ICU id.
    /// - Throws: `SpokenFormError.invalidLocale` for anything else.
    public init(_ tag: String) throws {
        let trimmed = tag.trimmingSpaces()
        guard !trimmed.isEmpty, trimmed.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
            throw SpokenFormError.invalidLocale(tag)
        }
        do {
            let canonical = try ICULocale.canonical(trimmed)
            let language = try ICULocale.language(canonical)
            guard !canonical.isEmpty, (2...3).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLetter }) else {
                throw SpokenFormError.invalidLocale(tag)
            }
            self.tag = trimmed
            self.icuID = canonical
            self.language = language
            self.region = try ICULocale.region(canonical)
            self.likelyRegion = region.isEmpty ? try ICULocale.region(ICULocale.likely(canonical)) : region
            self.bcp47 = region.isEmpty ? language : "\(language)-\(region)"
        } catch is ICUError {
            // ICU could not read the tag: it is not one SpokenForm can use.
            throw SpokenFormError.invalidLocale(tag)
        }
    }

    /// The tag as given.
    public var description: String { tag }
}
