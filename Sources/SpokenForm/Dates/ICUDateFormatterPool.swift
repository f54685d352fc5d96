import CICU

/// ICU date formatters for one pattern, on a proleptic Gregorian calendar in UTC, pooled.
///
/// Why it is safe across threads: an icu::SimpleDateFormat must not format from two
/// threads at once (it formats through its own Calendar). Each call takes a formatter
/// out of an `ICUHandlePool`, uses it alone and puts it back; the pool grows to the
/// number of threads that call at once (driven by the dates Concurrency suite).
final class ICUDateFormatterPool: Sendable {
    /// The ICU pattern ("EEEE d MMMM y").
    let pattern: String
    private let handles: ICUHandlePool
    /// Per month, ICU's text of a date of that month, whose day and year `spelled` replaces: the
    /// rest of it depends on the month alone when the pattern's only fields are the day, the
    /// month, the year and the era (`monthOnly`). Nil for other patterns (a weekday, an hour).
    /// ICU's formatting (a Calendar set field by field) was nine tenths of saying a date in
    /// running text; a date of a month seen before is now a lookup and a splice.
    private let monthTemplates: Locked<[Formatted?]>?

    /// A date as ICU formats it, with where its day and year fields are (UTF-8 offsets).
    private struct Formatted {
        let bytes: [UInt8]
        let day: Range<Int>?
        let year: Range<Int>?
    }

    /// `names` replace ICU's wide month and weekday names (a language's own, dates.txt
    /// `month-names`, `weekday-names`).
    /// - Throws: `ICUError` when ICU does not accept the pattern or the names.
    init(icuLocaleID: String, pattern: String, names: DateLocaleData.Names = .init()) throws(ICUError) {
        let prototype = try ICUHandle.open("opening a date formatter for '\(pattern)' in \(icuLocaleID)", close: sf_datefmt_close) {
            sf_datefmt_open(icuLocaleID, pattern, $0)
        }
        for (kind, list) in [names.formatMonths, names.standaloneMonths, names.weekdays].enumerated() {
            guard let list else { continue }
            var status: ICUStatus = 0
            sf_datefmt_set_names(prototype.pointer, list.joined(separator: "\n"), Int32(kind), &status)
            guard status.isSuccess else { throw ICUError(status: status, operation: "setting the month and weekday names of '\(pattern)'") }
        }
        self.pattern = pattern
        monthTemplates = Self.monthOnly(pattern) ? Locked([Formatted?](repeating: nil, count: 12)) : nil
        handles = ICUHandlePool(prototype: prototype.pointer, prefill: false,
                                clone: { sf_datefmt_clone($0, $1) },
                                close: { sf_datefmt_close($0) })
    }

    /// ICU's best pattern for a skeleton ("yMMMMd" -> "d MMMM y" in fr). Opens a pattern
    /// generator per call (udatpg_getBestPattern is not thread-safe): callers cache the result.
    static func bestPattern(icuLocaleID: String, skeleton: String) throws(ICUError) -> String {
        try icuString("finding the date pattern for '\(skeleton)' in \(icuLocaleID)") {
            sf_date_best_pattern(icuLocaleID, skeleton, $0, $1)
        }
    }

    /// The date formatted by ICU with the day and year fields replaced by `dayWords` and
    /// `yearWords`, and no-break spaces made plain. Built in one String allocation from a
    /// stack buffer: this is the hot path of every spoken date.
    /// - Throws: `SpokenFormError.icuFailure` when ICU fails.
    func spelled(_ date: CivilDate, time: CivilTime = .midnight, dayWords: String, yearWords: String) throws(SpokenFormError) -> String {
        let isMidnight = time.hour == 0 && time.minute == 0 && time.second == 0
        if isMidnight, let monthTemplates, let known = monthTemplates.withLock({ $0[date.month - 1] }) {
            return Self.spliced(known, dayWords: dayWords, yearWords: yearWords)
        }
        let formatted: Formatted
        switch format(date, time: time) {
        case .success(let value): formatted = value
        case .failure(let error): throw SpokenFormError(error)
        }
        if isMidnight, let monthTemplates { monthTemplates.withLock { $0[date.month - 1] = formatted } }
        return Self.spliced(formatted, dayWords: dayWords, yearWords: yearWords)
    }

    /// Whether every field of `pattern` is the day, the month, the year or the era: letters
    /// outside quotes are fields ("d 'de' MMMM 'de' y"), and the era of years 1 to 9999 is one.
    static func monthOnly(_ pattern: String) -> Bool {
        var quoted = false
        for scalar in pattern.unicodeScalars {
            if scalar == "'" { quoted.toggle(); continue }
            guard !quoted, ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) else { continue }
            guard "dMLyG".unicodeScalars.contains(scalar) else { return false }
        }
        return true
    }

    /// ICU's text of the date with the spans of its day and year fields.
    private func format(_ date: CivilDate, time: CivilTime) -> Result<Formatted, ICUError> {
        handles.withHandle { formatter in
            var spans: (Int32, Int32, Int32, Int32) = (-1, -1, -1, -1)
            return withUnsafeMutableBytes(of: &spans) { spanBytes in
                let span = spanBytes.baseAddress!.assumingMemoryBound(to: Int32.self)
                let capacity = 1024
                return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
                    let length = buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: capacity) {
                        sf_datefmt_format_fields(formatter, Int32(date.year), Int32(date.month), Int32(date.day),
                                                 Int32(time.hour), Int32(time.minute), Int32(time.second), $0, Int32(capacity), span)
                    }
                    guard length >= 0, Int(length) < capacity else {
                        // Negative: ICU's failure. Longer than 1 KB: no pattern ICU has comes near it.
                        return .failure(ICUError(status: length < 0 ? -length : 15, operation: "formatting \(date) with '\(pattern)'"))
                    }
                    func range(_ start: Int32, _ end: Int32) -> Range<Int>? {
                        start >= 0 && end >= start && end <= length ? Int(start)..<Int(end) : nil
                    }
                    return .success(Formatted(bytes: Array(buffer[..<Int(length)]), day: range(span[0], span[1]), year: range(span[2], span[3])))
                }
            }
        }
    }

    /// `formatted` with its day and year fields replaced, in the order they are written.
    private static func spliced(_ formatted: Formatted, dayWords: String, yearWords: String) -> String {
        var pieces: [(range: Range<Int>, words: String)] = []
        pieces.reserveCapacity(2)
        if let day = formatted.day { pieces.append((day, dayWords)) }
        if let year = formatted.year { pieces.append((year, yearWords)) }
        if pieces.count == 2, pieces[1].range.lowerBound < pieces[0].range.lowerBound { pieces.swapAt(0, 1) }
        return formatted.bytes.withUnsafeBufferPointer { splice($0, pieces) }
    }

    private static func splice(_ text: UnsafeBufferPointer<UInt8>, _ pieces: [(range: Range<Int>, words: String)]) -> String {
        let capacity = text.count + pieces.reduce(0) { $0 + $1.words.utf8.count }
        return String(unsafeUninitializedCapacity: capacity) { out in
            var written = 0
            var cursor = 0
            for piece in pieces {
                written = PlainSpaces.copy(text, cursor..<piece.range.lowerBound, into: out, at: written)
                for byte in piece.words.utf8 { out[written] = byte; written += 1 }
                cursor = piece.range.upperBound
            }
            return PlainSpaces.copy(text, cursor..<text.count, into: out, at: written)
        }
    }

    /// The raw ICU reference for benchmarks (see `sf_datefmt_benchmark_splice`).
    func benchmarkSplice(_ date: CivilDate, dayWords: String, yearWords: String, count: Int) -> Int64 {
        handles.withHandle { sf_datefmt_benchmark_splice($0, Int32(date.year), Int32(date.month), Int32(date.day), dayWords, yearWords, Int64(count)) }
    }
}
