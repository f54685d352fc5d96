import CICU

/// ICU's relative date formatter, long style ("hier", "dans 3 jours").
///
/// Why it is safe across threads: ICU 72 does not document RelativeDateTimeFormatter
/// as thread-safe, so the handle is `Locked` and every call holds the lock (driven by
/// the dates Concurrency suite under TSan).
final class ICURelativeDateFormatter: Sendable {
    private let handle: Locked<ICUHandle>
    private let icuLocaleID: String

    /// - Throws: `ICUError` when ICU cannot open the formatter.
    init(icuLocaleID: String) throws(ICUError) {
        handle = Locked(try ICUHandle.open("opening the relative date formatter of \(icuLocaleID)", close: sf_reldatefmt_close) {
            sf_reldatefmt_open(icuLocaleID, $0)
        })
        self.icuLocaleID = icuLocaleID
    }

    deinit { handle.withLock { sf_reldatefmt_close($0.pointer) } }

    /// The phrase for `value` units from now, and the range of its number (nil when ICU
    /// used a word such as "hier").
    /// - Throws: `SpokenFormError.icuFailure` when ICU fails.
    func format(_ value: Int, unit: Int32, numeric: Bool) throws(SpokenFormError) -> (text: String, number: Range<String.Index>?) {
        var start: Int32 = -1, end: Int32 = -1
        let text: String
        do {
            text = try handle.withLock { (handle: inout ICUHandle) throws(ICUError) -> String in
                try icuString("formatting \(value) relative units in \(icuLocaleID)") {
                    sf_reldatefmt_format(handle.pointer, Double(value), unit, numeric, $0, $1, &start, &end)
                }
            }
        } catch {
            throw SpokenFormError(error)
        }
        guard start >= 0, end >= start, Int(end) <= text.utf8.count else { return (text, nil) }
        let utf8 = text.utf8
        return (text, utf8.index(utf8.startIndex, offsetBy: Int(start))..<utf8.index(utf8.startIndex, offsetBy: Int(end)))
    }
}

extension DateUnit {
    /// The unit as the bridge names it (ICU's URelativeDateTimeUnit).
    var icuRelativeUnit: Int32 {
        switch self {
        case .year: return Int32(SF_REL_YEAR)
        case .month: return Int32(SF_REL_MONTH)
        case .week: return Int32(SF_REL_WEEK)
        case .day: return Int32(SF_REL_DAY)
        case .hour: return Int32(SF_REL_HOUR)
        case .minute: return Int32(SF_REL_MINUTE)
        case .second: return Int32(SF_REL_SECOND)
        }
    }
}
