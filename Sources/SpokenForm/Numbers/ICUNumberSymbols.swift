import CICU

/// The symbols a locale writes numbers with (icu::DecimalFormatSymbols), for reading
/// numbers typed in that locale. Stateless calls: safe from any thread.
enum ICUNumberSymbols {
    /// The decimal separator ("," in fr).
    static func decimalSeparator(_ icuLocaleID: String) throws(ICUError) -> String {
        try icuString("reading the decimal separator of \(icuLocaleID)") {
            sf_number_symbol(icuLocaleID, Int32(SF_SYMBOL_DECIMAL), $0, $1)
        }
    }

    /// The grouping separator (U+202F in fr, "," in en).
    static func groupingSeparator(_ icuLocaleID: String) throws(ICUError) -> String {
        try icuString("reading the grouping separator of \(icuLocaleID)") {
            sf_number_symbol(icuLocaleID, Int32(SF_SYMBOL_GROUPING), $0, $1)
        }
    }
}
