import CICU

/// ICU's locale ids: canonical form, subtags, likely subtags, available locales.
/// Stateless calls on immutable ICU data: safe from any thread.
enum ICULocale {
    /// ICU's canonical id ("fr_FR") for a BCP 47 tag or an ICU id.
    /// - Throws: `ICUError` when ICU cannot read the tag.
    static func canonical(_ tag: String) throws(ICUError) -> String {
        try icuString("reading the locale tag '\(tag)'") { sf_locale_canonical(tag, $0, $1) }
    }

    /// The language subtag ("fr"), empty when absent.
    static func language(_ id: String) throws(ICUError) -> String {
        try icuString("reading the language of '\(id)'") { sf_locale_language(id, $0, $1) }
    }

    /// The region subtag ("FR"), empty when absent.
    static func region(_ id: String) throws(ICUError) -> String {
        try icuString("reading the region of '\(id)'") { sf_locale_region(id, $0, $1) }
    }

    /// The script subtag ("Latn"), empty when absent.
    static func script(_ id: String) throws(ICUError) -> String {
        try icuString("reading the script of '\(id)'") { sf_locale_script(id, $0, $1) }
    }

    /// The id with CLDR's likely subtags added ("fr" -> "fr_Latn_FR").
    static func likely(_ id: String) throws(ICUError) -> String {
        try icuString("adding likely subtags to '\(id)'") { sf_locale_add_likely(id, $0, $1) }
    }

    /// The ids of every locale ICU has data for.
    static func available() throws(ICUError) -> [String] {
        var ids: [String] = []
        for index in 0..<sf_available_locale_count() {
            ids.append(try icuString("listing ICU's available locales") { sf_available_locale(index, $0, $1) })
        }
        return ids
    }
}
