import CICU

/// An ICU number formatter built from a skeleton ("measure-unit/duration-hour
/// unit-width-full-name"): unit phrases, percentages.
///
/// Safe to share across threads: icu::number::LocalizedNumberFormatter is documented
/// thread-safe, and every call here is a const format call on it.
final class ICUNumberFormatter: Sendable {
    private let formatter: ICUHandle
    /// The skeleton the formatter was built from.
    let skeleton: String
    let icuLocaleID: String

    /// - Throws: `ICUError` when ICU does not accept the skeleton (an unknown unit).
    init(icuLocaleID: String, skeleton: String) throws(ICUError) {
        formatter = try ICUHandle.open("opening a number formatter for '\(skeleton)' in \(icuLocaleID)", close: sf_numfmt_close) {
            sf_numfmt_open(icuLocaleID, skeleton, $0)
        }
        self.skeleton = skeleton
        self.icuLocaleID = icuLocaleID
    }

    deinit { sf_numfmt_close(formatter.pointer) }

    /// Formats a plain decimal string and returns the text with the range of its
    /// numeric part (sign, digits, separators), so the digits can be replaced by words.
    func format(_ decimal: String) throws(SpokenFormError) -> (text: String, number: Range<String.Index>?) {
        var start: Int32 = -1, end: Int32 = -1
        let text: String
        do {
            text = try icuString("formatting \(decimal) with '\(skeleton)'") { sf_numfmt_format_decimal(formatter.pointer, decimal, $0, $1, &start, &end) }
        } catch {
            throw SpokenFormError(error)
        }
        guard start >= 0, end >= start, Int(end) <= text.utf8.count else { return (text, nil) }
        let utf8 = text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: Int(start))
        let upper = utf8.index(utf8.startIndex, offsetBy: Int(end))
        return (text, lower..<upper)
    }

    /// The grammatical gender ICU's unit data gives the skeleton's unit ("minute" in fr:
    /// feminine); nil when ICU has none (every English unit).
    func unitGender() throws(SpokenFormError) -> Gender? {
        let nounClass = sf_unit_noun_class(icuLocaleID, skeleton)
        do {
            try ICUStatus(nounClass < 0 ? -nounClass : 0).checkSuccess("reading the gender of '\(skeleton)' in \(icuLocaleID)")
        } catch {
            throw SpokenFormError(error)
        }
        // UDisplayOptionsNounClass: 2 neuter, 3 feminine, 4 masculine.
        switch nounClass {
        case 2: return .neuter
        case 3: return .feminine
        case 4: return .masculine
        default: return nil
        }
    }
}
