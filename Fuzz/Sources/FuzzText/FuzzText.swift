import FuzzSupport
import SpokenForm

/// Free text (`text`): the detectors of numbers, dates, phone numbers (libphonenumber's
/// matcher) and amounts, and the placeholder and markup guards around them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzText(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let (spoken, text) = Fuzz.input(data, size) else { return 0 }
    guard let normalizer = try? spoken.texts else { return 0 }
    guard let result = try? normalizer.normalize(text) else { return 0 }
    Fuzz.check(result.text, for: text, "text", mayBeEmpty: true)
    // Each rewrite's ranges lie inside the input and the output, in order.
    let inputCount = text.unicodeScalars.count, outputCount = result.text.unicodeScalars.count
    var previous = 0
    for rewrite in result.rewrites {
        precondition(rewrite.inputScalars.lowerBound >= previous && rewrite.inputScalars.upperBound <= inputCount,
                     "rewrite \(rewrite) outside \(text.debugDescription)")
        precondition(rewrite.outputScalars.upperBound <= outputCount, "rewrite \(rewrite) outside \(result.text.debugDescription)")
        previous = rewrite.inputScalars.upperBound
    }
    return 0
}
