import FuzzSupport
import SpokenForm

/// The abbreviation and text scanner behind `expand` (and the CSV `currency` kind).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExpand(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let (spoken, text) = Fuzz.input(data, size) else { return 0 }
    if let expanded = try? spoken.expand(text) {
        Fuzz.check(expanded.text, for: text, "expand", mayBeEmpty: true)
        // Every rewrite's ranges point at its original in the input and its words in the output.
        let input = Array(text.unicodeScalars), output = Array(expanded.text.unicodeScalars)
        for rewrite in expanded.rewrites {
            guard rewrite.inputScalars.upperBound <= input.count, rewrite.outputScalars.upperBound <= output.count,
                  String(String.UnicodeScalarView(input[rewrite.inputScalars])) == rewrite.original,
                  String(String.UnicodeScalarView(output[rewrite.outputScalars])) == rewrite.spoken else {
                fatalError("expand: rewrite \(rewrite) does not match its ranges for \(text.debugDescription)")
            }
        }
    }
    return 0
}
