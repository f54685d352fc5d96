/// E-mail addresses and web addresses spelled out in the language, only when asked
/// (`TextNormalizer.normalize(_:only:skip:addresses:)`): "anna.b@exemple.fr" -> "anna point
/// b arobase exemple point f r". The symbols' words are data (`address-symbol` in
/// `Locales/<lang>/text.txt`); this holds the mechanism:
/// - "http://" and "https://" are left unsaid (what people say is the rest);
/// - a run of three letters or more with a vowel is said as a word ("exemple", "com"),
///   any other run of letters is spelled ("www", "fr", "b");
/// - digits are said one by one;
/// - each symbol is said with its word; an address holding a symbol the data has no word
///   for stays as written.
struct AddressDetector: TextDetector {
    var classes: Set<Spoken.Rewrite.Kind> { [.email, .url] }

    func detect(in text: ScannedText, context: TextContext, into candidates: inout [TextCandidate]) throws {
        guard !context.data.addressSymbols.isEmpty else { return }
        var i = 0
        try Walker(text: text, context: context).walk(from: &i, until: text.count, into: &candidates)
    }

    func passes(over text: ScannedText, context: TextContext) -> [any TextDetectorPass] {
        context.data.addressSymbols.isEmpty ? [] : [SteppedPass(Walker(text: text, context: context))]
    }

    /// The walk over chunks (runs without whitespace).
    struct Walker: TextWalker {
        let text: ScannedText
        let context: TextContext

        func walk(from i: inout Int, until limit: Int, into candidates: inout [TextCandidate]) throws {
            let n = text.count
            while i < n && i < limit {
                if text.isSpace(i) { i += 1; continue }
                var end = i
                while end < n && !text.isSpace(end) { end += 1 }
                var from = i
                while from < end && text.isOneOf(from, "(«\"'‘“[<") { from += 1 }
                var to = end
                while to > from && text.isOneOf(to - 1, ",;:!?)»\"'’”].>") { to -= 1 }
                i = end
                guard to > from, let (kind, start) = AddressDetector.address(text, from, to) else { continue }
                if let spoken = try AddressDetector.spell(text, start, to, context: context) {
                    candidates.append(TextCandidate(start: from, end: to, kind: kind, spoken: spoken, priority: 5, isCertain: true))
                }
            }
        }
    }

    /// Whether `from..<to` is an e-mail or web address, and where its spoken part starts
    /// (after "https://").
    private static func address(_ text: ScannedText, _ from: Int, _ to: Int) -> (Spoken.Rewrite.Kind, Int)? {
        var at = -1, dotAfterAt = false
        for k in from..<to {
            if text.scalars[k] == ":", k + 2 < to, text.scalars[k + 1] == "/", text.scalars[k + 2] == "/" {
                let scheme = text.string(from, k).lowercased()
                guard scheme == "http" || scheme == "https" else { return (.url, from) }
                return k + 3 < to ? (.url, k + 3) : nil
            }
            if text.scalars[k] == "@" { if at >= 0 { return nil }; at = k }
            if text.scalars[k] == ".", at >= 0, k > at + 1, k + 1 < to { dotAfterAt = true }
        }
        if at > from, dotAfterAt, text.isWordChar(at - 1) { return (.email, from) }
        if to - from > 4, text.string(from, from + 4).lowercased() == "www." { return (.url, from) }
        return nil
    }

    private static func spell(_ text: ScannedText, _ start: Int, _ end: Int, context: TextContext) throws -> String? {
        var words: [String] = []
        var k = start
        while k < end {
            if text.isLetter(k) {
                let runEnd = text.letterRunEnd(k)
                let run = text.string(k, runEnd).lowercased()
                let hasVowel = run.unicodeScalars.contains { "aeiouyàâäéèêëîïôöùûüáíóúãõ".unicodeScalars.contains($0) }
                if run.unicodeScalars.count >= 3 && hasVowel {
                    words.append(run)
                } else {
                    words.append(contentsOf: run.map { String($0) })
                }
                k = runEnd
            } else if text.isDigit(k) {
                let runEnd = text.digitRunEnd(k)
                words.append(try context.numbers.digits(text.string(k, runEnd)))
                k = runEnd
            } else {
                guard let word = context.data.addressSymbols[text.scalars[k]] else { return nil }
                words.append(word)
                k += 1
            }
        }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }
}
