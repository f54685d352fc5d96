import CICU
import Foundation

/// ICU's units list formatter, wide ("cinq heures et trente minutes").
///
/// Safe to share across threads: icu::ListFormatter::format is a const call on an
/// immutable object (driven by the dates Concurrency suite).
final class ICUUnitListFormatter: Sendable {
    private let formatter: ICUHandle
    private let icuLocaleID: String

    /// - Throws: `ICUError` when ICU cannot open the formatter.
    init(icuLocaleID: String) throws(ICUError) {
        formatter = try ICUHandle.open("opening the units list formatter of \(icuLocaleID)", close: sf_listfmt_close) {
            sf_listfmt_open_units(icuLocaleID, $0)
        }
        self.icuLocaleID = icuLocaleID
    }

    deinit { sf_listfmt_close(formatter.pointer) }

    /// The items joined the locale's way ("A, B et C").
    /// - Throws: `SpokenFormError.icuFailure` when ICU fails.
    func join(_ items: [String]) throws(SpokenFormError) -> String {
        if items.count == 1 { return items[0] }
        var cStrings = items.map { strdup($0) }
        defer { cStrings.forEach { free($0) } }
        let joined: Result<String, ICUError> = cStrings.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: items.count) { pointer in
                Result { () throws(ICUError) in
                    try icuString("joining \(items) in \(icuLocaleID)") { sf_listfmt_format(formatter.pointer, pointer, Int32(items.count), $0, $1) }
                }
            }
        }
        do { return try joined.get() } catch { throw SpokenFormError(error) }
    }
}

/// What ICU's unit data says about duration units.
enum ICUUnitData {
    /// The grammatical gender ICU's unit data gives a duration unit ("hour" -> "feminine"
    /// in fr), looking in the locale, then its language; nil when ICU has none (English).
    static func durationGender(icuLocaleID: String, unit: String) throws(ICUError) -> String? {
        let text = try icuString("reading the gender of the unit \(unit) in \(icuLocaleID)") { sf_unit_gender(icuLocaleID, unit, $0, $1) }
        return text.isEmpty ? nil : text
    }
}
