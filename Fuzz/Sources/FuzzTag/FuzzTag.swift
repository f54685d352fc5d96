import FuzzSupport
import SpokenForm

/// The tagger, and the markup reader in front of it (HTML lang attributes, SSML <lang>,
/// character references).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTag(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let (spoken, text) = Fuzz.input(data, size) else { return 0 }
    guard let tagged = try? spoken.tag(text) else { return 0 }
    Fuzz.check(tagged.text, for: text, "tag", mayBeEmpty: true)
    // Spans sorted, inside the text, never overlapping, UTF-16 ranges consistent.
    let scalars = Array(tagged.text.unicodeScalars)
    var previousEnd = 0
    for span in tagged.spans {
        precondition(span.start >= previousEnd && span.start < span.end && span.end <= scalars.count, "span \(span) in \(tagged.text.debugDescription)")
        let start16 = scalars[..<span.start].reduce(0) { $0 + ($1.value > 0xFFFF ? 2 : 1) }
        let end16 = start16 + scalars[span.start..<span.end].reduce(0) { $0 + ($1.value > 0xFFFF ? 2 : 1) }
        precondition(span.start16 == start16 && span.end16 == end16, "UTF-16 range of \(span) in \(tagged.text.debugDescription)")
        previousEnd = span.end
    }
    // The markup renderings are one line each: nothing in them may break a line.
    for markup in [tagged.ssml, tagged.html] {
        precondition(!markup.utf8.contains(0x0A) || tagged.text.utf8.contains(0x0A), "line break in \(markup.debugDescription)")
    }
    return 0
}
