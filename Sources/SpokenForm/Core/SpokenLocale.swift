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

    /// Parses a BCP 47 tag or ICU id. Throws `invalidLocale` for anything else.
    public init(_ tag: String) throws {
        let trimmed = tag.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }),
              let canonical = ICULocale.canonical(trimmed) else {
            throw SpokenFormError.invalidLocale(tag)
        }
        let language = ICULocale.language(canonical)
        guard (2...3).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            throw SpokenFormError.invalidLocale(tag)
        }
        self.tag = trimmed
        self.icuID = canonical
        self.language = language
        self.region = ICULocale.region(canonical)
    }

    /// The region to assume when the tag has none ("fr" -> "FR"), from ICU's likely subtags.
    public var likelyRegion: String {
        region.isEmpty ? ICULocale.region(ICULocale.likely(icuID)) : region
    }

    /// BCP 47 form for output ("fr-FR").
    public var bcp47: String { region.isEmpty ? language : "\(language)-\(region)" }

    public var description: String { tag }
}

import Foundation
