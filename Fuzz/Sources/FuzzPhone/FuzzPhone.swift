import FuzzSupport
import SpokenForm

/// Phone input: libphonenumber behind the C bridge, and SpokenForm's extension and
/// separator scanning around it; strict and lenient.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPhone(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let (spoken, text) = Fuzz.input(data, size) else { return 0 }
    if let words = try? spoken.phone(text) { Fuzz.check(words, for: text, "phone") }
    if let words = try? spoken.phone(text, options: .init(lenient: true)) { Fuzz.check(words, for: text, "phone lenient") }
    if let words = try? spoken.phone(text, options: .init(region: "US")) { Fuzz.check(words, for: text, "phone US") }
    return 0
}
