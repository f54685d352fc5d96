import SpokenForm
#if canImport(Glibc)
import Glibc
#endif

/// libFuzzer's entry point for programs that have their own `main`.
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// What every fuzz target shares: the locales it runs in and the checks on an answer.
public enum Fuzz {
    /// Runs libFuzzer with the command line's options (`-max_total_time=30 corpus/`) on `target`.
    public static func run(_ target: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Never {
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, target))
    }

    /// Locales chosen by the first input byte: the hand-checked ones, a long-scale one, and
    /// ones whose numbering system is not Latin (their decimal and grouping marks are "٫", "٬":
    /// the third audit's "EUR٫5" trapped in en-US-u-nu-arab).
    public static let localeTags = ["fr-FR", "en-US", "de-DE", "es-ES", "it-IT", "pt-BR", "nl-NL", "en-GB", "fr-CH", "pt-PT",
                                    "en-US-u-nu-arab", "fr-FR-u-nu-arabext", "de-DE-u-nu-deva", "es-ES-u-nu-beng", "it-IT-u-nu-thai"]

    /// One `SpokenForm` per locale tag, built once (building them per input would fuzz ICU's
    /// locale loading, not our parsers).
    public static let spokenForms: [SpokenForm] = localeTags.map { try! SpokenForm(locale: $0) }

    /// Splits the fuzzer's bytes into a locale (first byte) and the text (the rest, repaired
    /// to UTF-8 as every Swift String is).
    public static func input(_ data: UnsafePointer<UInt8>?, _ size: Int) -> (SpokenForm, String)? {
        guard let data, size >= 1 else { return nil }
        let spoken = spokenForms[Int(data[0]) % spokenForms.count]
        let text = String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)
        return (spoken, text)
    }

    /// An answer must not be empty (unless `mayBeEmpty`), nor hold a soft hyphen (U+00AD) or a
    /// replacement character the input did not have: each is a defect the fuzzer reports as a crash.
    public static func check(_ answer: String, for input: String, _ what: String, mayBeEmpty: Bool = false) {
        precondition(mayBeEmpty || !answer.isEmpty, "\(what): empty answer for \(input.debugDescription)")
        if answer.unicodeScalars.contains("\u{00AD}") {
            precondition(input.unicodeScalars.contains("\u{00AD}"), "\(what): soft hyphen in \(answer.debugDescription)")
        }
        if answer.unicodeScalars.contains("\u{FFFD}") {
            precondition(input.unicodeScalars.contains("\u{FFFD}"), "\(what): U+FFFD in \(answer.debugDescription) for \(input.debugDescription)")
        }
    }
}
