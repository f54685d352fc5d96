import FuzzSupport
import SpokenForm

/// Number text in a locale's notation: `number`, `percent`, `digits`, and the whole-number
/// reading behind `ordinal` and `year`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNumber(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let (spoken, text) = Fuzz.input(data, size) else { return 0 }
    if let words = try? spoken.number(text) { Fuzz.check(words, for: text, "number") }
    if let words = try? spoken.number(text, gender: .feminine) { Fuzz.check(words, for: text, "number feminine") }
    if let words = try? spoken.percent(text) { Fuzz.check(words, for: text, "percent") }
    if let words = try? spoken.digits(text) { Fuzz.check(words, for: text, "digits") }
    if let value = try? spoken.numbers.parse(text), value.isInteger, let int = Int(value.description) {
        if let words = try? spoken.ordinal(int) { Fuzz.check(words, for: text, "ordinal") }
        if let year = try? spoken.year(int) { Fuzz.check(year, for: text, "year") }
    }
    return 0
}
