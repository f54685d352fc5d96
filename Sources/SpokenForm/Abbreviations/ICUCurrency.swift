import CICU

/// ICU's currency data: ISO codes, plural names, fraction digits. Stateless calls on
/// immutable ICU data: safe from any thread.
enum ICUCurrency {
    /// ICU's common, non-deprecated ISO 4217 codes.
    static func isoCodes() throws(ICUError) -> Set<String> {
        let codes = try icuString("listing ICU's currency codes") { sf_currency_iso_codes($0, $1) }
        return Set(codes.split(separator: " ").map(String.init))
    }

    /// The currency's display name for a plural category ("euros" for EUR, other, in fr).
    static func pluralName(icuLocaleID: String, isoCode: String, category: PluralCategory) throws(ICUError) -> String {
        try icuString("naming the currency \(isoCode) (\(category.rawValue)) in \(icuLocaleID)") {
            sf_currency_plural_name(icuLocaleID, isoCode, category.rawValue, $0, $1)
        }
    }

    /// How many fraction digits the currency has (2 for EUR, 0 for JPY).
    static func fractionDigits(_ isoCode: String) throws(ICUError) -> Int {
        let digits = sf_currency_fraction_digits(isoCode)
        try ICUStatus(digits < 0 ? -digits : 0).checkSuccess("reading the fraction digits of \(isoCode)")
        return Int(digits)
    }
}
