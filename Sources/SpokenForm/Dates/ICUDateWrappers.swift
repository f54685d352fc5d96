import Foundation
import CICU

/// A pool of ICU date formatters for one pattern, on a proleptic Gregorian calendar in UTC.
///
/// Why a pool: a SimpleDateFormat shared between threads must not format concurrently
/// (it formats through its own Calendar). Each call takes a formatter out of the pool,
/// uses it alone and puts it back; the pool grows to the number of threads that call at
/// once (`ICUHandlePool`).
final class ICUDateFormatterPool: Sendable {
    let pattern: String
    private let handles: ICUHandlePool

    init?(icuLocaleID: String, pattern: String) {
        var status: Int32 = 0
        guard let pointer = sf_datefmt_open(icuLocaleID, pattern, &status) else { return nil }
        self.pattern = pattern
        handles = ICUHandlePool(prototype: pointer, prefill: false,
                                clone: { var status: Int32 = 0; return sf_datefmt_clone($0, &status) },
                                close: { sf_datefmt_close($0) })
    }

    /// Runs `body` with a formatter no other thread is using.
    @inline(__always)
    func withFormatter<T>(_ body: (OpaquePointer) -> T) -> T {
        handles.withHandle(body)
    }

    /// The date formatted by ICU with the day and year fields replaced by `dayWords` and
    /// `yearWords`, and no-break spaces (U+00A0, U+202F) made plain. Built in one String
    /// allocation from a stack buffer: this is the hot path of every spoken date.
    func spelled(_ date: CivilDate, time: CivilTime = .midnight, dayWords: String, yearWords: String) -> String? {
        withFormatter { formatter in
            var spans: (Int32, Int32, Int32, Int32) = (-1, -1, -1, -1)
            return withUnsafeMutableBytes(of: &spans) { spanBytes -> String? in
                let span = spanBytes.baseAddress!.assumingMemoryBound(to: Int32.self)
                let capacity = 1024
                return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer -> String? in
                    let length = buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: capacity) {
                        sf_datefmt_format_fields(formatter, Int32(date.year), Int32(date.month), Int32(date.day),
                                                 Int32(time.hour), Int32(time.minute), Int32(time.second), $0, Int32(capacity), span)
                    }
                    guard length >= 0, Int(length) < capacity else { return nil }
                    let text = UnsafeBufferPointer(rebasing: buffer[..<Int(length)])
                    func range(_ start: Int32, _ end: Int32) -> Range<Int>? {
                        start >= 0 && end >= start && Int(end) <= text.count ? Int(start)..<Int(end) : nil
                    }
                    var pieces: [(range: Range<Int>, words: String)] = []
                    if let day = range(span[0], span[1]) { pieces.append((day, dayWords)) }
                    if let year = range(span[2], span[3]) { pieces.append((year, yearWords)) }
                    if pieces.count == 2, pieces[1].range.lowerBound < pieces[0].range.lowerBound { pieces.swapAt(0, 1) }
                    return Self.splice(text, pieces)
                }
            }
        }
    }

    private static func splice(_ text: UnsafeBufferPointer<UInt8>, _ pieces: [(range: Range<Int>, words: String)]) -> String {
        let capacity = text.count + pieces.reduce(0) { $0 + $1.words.utf8.count }
        return String(unsafeUninitializedCapacity: capacity) { out in
            var written = 0
            var cursor = 0
            func copy(upTo end: Int) {
                var index = cursor
                while index < end {
                    let byte = text[index]
                    if byte == 0xC2, index + 1 < end, text[index + 1] == 0xA0 {
                        out[written] = 0x20; index += 2
                    } else if byte == 0xE2, index + 2 < end, text[index + 1] == 0x80, text[index + 2] == 0xAF {
                        out[written] = 0x20; index += 3
                    } else {
                        out[written] = byte; index += 1
                    }
                    written += 1
                }
            }
            for piece in pieces {
                copy(upTo: piece.range.lowerBound)
                for byte in piece.words.utf8 { out[written] = byte; written += 1 }
                cursor = piece.range.upperBound
            }
            copy(upTo: text.count)
            return written
        }
    }

    /// The raw ICU reference for benchmarks (see `sf_datefmt_benchmark_splice`).
    func benchmarkSplice(_ date: CivilDate, dayWords: String, yearWords: String, count: Int) -> Int64 {
        withFormatter { sf_datefmt_benchmark_splice($0, Int32(date.year), Int32(date.month), Int32(date.day), dayWords, yearWords, Int64(count)) }
    }
}

/// ICU's best pattern for a skeleton. Opens a generator per call (it is not thread-safe):
/// callers cache the result.
func icuBestDatePattern(icuLocaleID: String, skeleton: String) -> String? {
    icuString { sf_date_best_pattern(icuLocaleID, skeleton, $0, $1) }
}

/// ICU's units list formatter ("cinq heures et trente minutes"). Safe to share:
/// icu::ListFormatter::format is a const call on an immutable object.
final class ICUUnitListFormatter: @unchecked Sendable {
    private let formatter: OpaquePointer

    init?(icuLocaleID: String) {
        var status: Int32 = 0
        guard let formatter = sf_listfmt_open_units(icuLocaleID, &status) else { return nil }
        self.formatter = formatter
    }

    deinit { sf_listfmt_close(formatter) }

    func join(_ items: [String]) -> String? {
        if items.count == 1 { return items[0] }
        var cStrings = items.map { strdup($0) }
        defer { cStrings.forEach { free($0) } }
        return cStrings.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: items.count) { pointer in
                icuString { sf_listfmt_format(formatter, pointer, Int32(items.count), $0, $1) }
            }
        }
    }
}

/// ICU's relative date formatter ("hier", "dans 3 jours"). ICU 72 does not document
/// RelativeDateTimeFormatter as thread-safe, so every call holds `lock`.
final class ICURelativeDateFormatter: Sendable {
    private struct Handle: @unchecked Sendable { let pointer: OpaquePointer }
    private let handle: Handle
    private let lock = PthreadLock()

    init?(icuLocaleID: String) {
        var status: Int32 = 0
        guard let pointer = sf_reldatefmt_open(icuLocaleID, &status) else { return nil }
        handle = Handle(pointer: pointer)
    }

    deinit { sf_reldatefmt_close(handle.pointer) }

    /// The phrase, and the range of its number (nil when ICU used a word such as "hier").
    func format(_ value: Int, unit: Int32, numeric: Bool) -> (text: String, number: Range<String.Index>?)? {
        lock.withLock {
            var start: Int32 = -1, end: Int32 = -1
            guard let text = icuString({ sf_reldatefmt_format(handle.pointer, Double(value), unit, numeric, $0, $1, &start, &end) }) else {
                return nil
            }
            guard start >= 0, end >= start, Int(end) <= text.utf8.count else { return (text, nil) }
            let utf8 = text.utf8
            return (text, utf8.index(utf8.startIndex, offsetBy: Int(start))..<utf8.index(utf8.startIndex, offsetBy: Int(end)))
        }
    }
}

/// The grammatical gender ICU's unit data gives a duration unit ("hour"), if any.
func icuUnitGender(icuLocaleID: String, unit: String) -> String? {
    guard let text = icuString({ sf_unit_gender(icuLocaleID, unit, $0, $1) }), !text.isEmpty else { return nil }
    return text
}
