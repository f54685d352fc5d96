import FuzzSupport
import SpokenForm

/// The abbreviation and text scanner behind `expand` (and the CSV `currency` kind).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExpand(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let (spoken, text) = Fuzz.input(data, size) else { return 0 }
    if let expanded = try? spoken.expand(text) {
        Fuzz.check(expanded.text, for: text, "expand", mayBeEmpty: true)
        // Each rewrite's ranges lie inside the input and the output, in order.
        let inputCount = text.unicodeScalars.count, outputCount = expanded.text.unicodeScalars.count
        var previous = 0
        for rewrite in expanded.rewrites {
            precondition(rewrite.inputScalars.lowerBound >= previous && rewrite.inputScalars.upperBound <= inputCount,
                         "rewrite \(rewrite) outside \(text.debugDescription)")
            precondition(rewrite.outputScalars.upperBound <= outputCount, "rewrite \(rewrite) outside \(expanded.text.debugDescription)")
            previous = rewrite.inputScalars.upperBound
        }
    }
    return 0
}
