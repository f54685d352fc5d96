import FuzzSupport
import SpokenForm

/// The abbreviation and text scanner behind `expand` (and the CSV `currency` kind).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExpand(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let (spoken, text) = Fuzz.input(data, size) else { return 0 }
    if let expanded = try? spoken.expand(text) {
        Fuzz.check(expanded, for: text, "expand", mayBeEmpty: true)
    }
    return 0
}
