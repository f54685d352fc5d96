import FuzzSupport
import SpokenForm

/// Date, time, date-time, duration and relative-date input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDate(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let (spoken, text) = Fuzz.input(data, size) else { return 0 }
    if let words = try? spoken.date(text) { Fuzz.check(words, for: text, "date") }
    if let words = try? spoken.date(text, style: .full) { Fuzz.check(words, for: text, "date full") }
    if let words = try? spoken.time(text) { Fuzz.check(words, for: text, "time") }
    if let words = try? spoken.dateTime(text) { Fuzz.check(words, for: text, "datetime") }
    if let words = try? spoken.duration(text) { Fuzz.check(words, for: text, "duration") }
    if let words = try? spoken.dates.relative(text) { Fuzz.check(words, for: text, "relative") }
    return 0
}
