import Foundation
import CICU

/// A pool of ICU date formatters for one pattern, on a proleptic Gregorian calendar in UTC.
///
/// Why a pool: a SimpleDateFormat shared between threads must not format concurrently
/// (it formats through its own Calendar). Each call takes a formatter out of the pool,
/// uses it alone and puts it back; the pool grows to the number of threads that call at
/// once. Clones come from a prototype touched only under `prototypeLock`.
final class ICUDateFormatterPool: Sendable {
    private struct Handle: @unchecked Sendable { let pointer: OpaquePointer }

    let pattern: String
    private let prototype: Handle
    private let prototypeLock = PthreadLock()
    private let idle: Locked<[Handle]>

    init?(icuLocaleID: String, pattern: String) {
        var status: Int32 = 0
        guard let pointer = sf_datefmt_open(icuLocaleID, pattern, &status) else { return nil }
        self.pattern = pattern
        prototype = Handle(pointer: pointer)
        idle = Locked([])
    }

    deinit {
        sf_datefmt_close(prototype.pointer)
        idle.withLock { handles in handles.forEach { sf_datefmt_close($0.pointer) } }
    }

    /// Runs `body` with a formatter no other thread is using.
    @inline(__always)
    func withFormatter<T>(_ body: (OpaquePointer) -> T) -> T {
        guard let handle = idle.withLock({ $0.popLast() }) ?? makeClone() else {
            // Cloning fails only when memory is exhausted: use the prototype, one thread at a time.
            return prototypeLock.withLock { body(prototype.pointer) }
        }
        defer { idle.withLock { $0.append(handle) } }
        return body(handle.pointer)
    }

    private func makeClone() -> Handle? {
        prototypeLock.withLock {
            var status: Int32 = 0
            return sf_datefmt_clone(prototype.pointer, &status).map(Handle.init(pointer:))
        }
    }

    /// The formatted text, with the UTF-8 byte ranges of the day and year fields.
    struct Formatted {
        var text: [UInt8]
        var day: Range<Int>?
        var year: Range<Int>?
    }

    func format(_ date: CivilDate, time: CivilTime = .midnight) -> Formatted? {
        withFormatter { formatter in
            var spans: (Int32, Int32, Int32, Int32) = (-1, -1, -1, -1)
            let small = 256
            return withUnsafeMutablePointer(to: &spans) { spansPointer in
                spansPointer.withMemoryRebound(to: Int32.self, capacity: 4) { spans -> Formatted? in
                    func run(_ capacity: Int) -> (Int32, [UInt8]) {
                        withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer in
                            let length = sf_datefmt_format_fields(formatter, Int32(date.year), Int32(date.month), Int32(date.day),
                                                                  Int32(time.hour), Int32(time.minute), Int32(time.second),
                                                                  buffer.baseAddress!, Int32(capacity), spans)
                            guard length >= 0, Int(length) < capacity else { return (length, []) }
                            return (length, buffer.baseAddress!.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
                                Array(UnsafeBufferPointer(start: $0, count: Int(length)))
                            })
                        }
                    }
                    var (length, bytes) = run(small)
                    if length >= Int32(small) { (length, bytes) = run(Int(length) + 1) }
                    guard length >= 0, bytes.count == Int(length) else { return nil }
                    func range(_ start: Int32, _ end: Int32) -> Range<Int>? {
                        start >= 0 && end >= start && Int(end) <= bytes.count ? Int(start)..<Int(end) : nil
                    }
                    return Formatted(text: bytes, day: range(spans[0], spans[1]), year: range(spans[2], spans[3]))
                }
            }
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
