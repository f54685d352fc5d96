/// A finding of a detector, typed by where its reader found it (its shape), with no words in it.
/// The words are made only for a finding that wins arbitration: `TextVerbalizer` hands it back to
/// its detector's reader (`RereadingReader.say(_:start:end:)`), which reads the same shape again
/// at the same place (the value is in the text: a token keeps none, as `NumberToken` keeps none)
/// and says it. So "01/04/2015 05:30" read as a fraction and a time, or "17:30" read inside a
/// time range, is never spelled when the longer reading wins. Three bytes, in `TextToken`'s bits.
struct FoundToken: Equatable {
    /// The detector whose reader says it.
    enum Detector: UInt8 {
        case dateTime
        case number
    }

    /// Bits 0-2 the detector, 3-9 the shape (the reader's own enumeration of where it proposes
    /// something), 10-17 the reader's flags (what it read over the whole text before its first
    /// step, so that saying a winner in a window does not read the whole text again).
    let bits: UInt32

    init(bits: UInt32) { self.bits = bits & 0x3FFFF }

    init(_ detector: Detector, shape: UInt8, flags: UInt8) {
        bits = UInt32(detector.rawValue) | UInt32(shape & 0x7F) << 3 | UInt32(flags) << 10
    }

    var detector: Detector { Detector(rawValue: UInt8(bits & 7))! }
    var shape: UInt8 { UInt8(bits >> 3 & 0x7F) }
    var flags: UInt8 { UInt8(truncatingIfNeeded: bits >> 10) }
}

/// A detector's reader that proposes its findings unsaid (`Proposer`) and says one that won by
/// reading it again. Mutating: the verbalizer keeps one reader for all the winners of a text and
/// sets it to say each in turn (a copy of a reader retains every buffer of its text).
protocol RereadingReader {
    /// The words of `token`, found over `start..<end`; nil when it cannot be said after all (a
    /// speller refused it): the candidate is then left written.
    mutating func say(_ token: FoundToken, start: Int, end: Int) throws -> String?
}

/// Where a reader's findings go. While finding (`saying` nil) each is proposed as a typed token,
/// its words not made; while saying one winner, only the finding of its shape and end is said.
struct Proposer {
    let detector: FoundToken.Detector
    /// The reader's flags, kept in every token it proposes (`FoundToken.flags`).
    var flags: UInt8 = 0
    /// The one finding to say: its shape and end.
    var saying: (shape: UInt8, end: Int)?

    init(_ detector: FoundToken.Detector) { self.detector = detector }

    /// The proposer that says `token` (found over some start to `end`) instead of finding.
    func saying(_ token: FoundToken, end: Int) -> Proposer {
        var proposer = self
        proposer.flags = token.flags
        proposer.saying = (token.shape, end)
        return proposer
    }

    /// Whether a finding of `shape` may be proposed: always while finding; while saying, only
    /// the shape asked for. A reader skips the reading of every other shape when it says one
    /// (what it read while finding decided already that this one was there).
    @inline(__always)
    func looksFor(_ shape: UInt8) -> Bool {
        guard let saying else { return true }
        return saying.shape == shape
    }

    /// A finding of `shape` over `start..<end`: a typed candidate while finding; while saying, a
    /// candidate holding `words` when it is the one asked for (the reader's `say` returns them).
    func propose(_ shape: UInt8, _ start: Int, _ end: Int, _ kind: Spoken.Rewrite.Kind, priority: Int,
                 into candidates: inout [TextCandidate], words: () throws -> String?) rethrows {
        guard let saying else {
            let token = FoundToken(detector, shape: shape, flags: flags)
            candidates.append(TextCandidate(start: start, end: end, kind: kind, token: .found(token), priority: priority))
            return
        }
        guard saying.shape == shape, saying.end == end, let spoken = try words() else { return }
        candidates.append(TextCandidate(start: start, end: end, kind: kind, spoken: spoken, priority: priority))
    }
}
