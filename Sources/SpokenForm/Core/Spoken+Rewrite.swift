import Foundation

extension Spoken {
    /// One rewrite: what was shown, what is said instead, of which kind, and where, in
    /// the input and in the spoken text, in Unicode scalars and in UTF-16 code units.
    ///
    /// ```swift
    /// let spoken = try fr.expand("😀 Dr Martin")
    /// let rewrite = spoken.rewrites[0]  // .abbreviation, "Dr" -> "docteur"
    /// rewrite.inputScalars   // 2..<4
    /// rewrite.inputUTF16     // 3..<5 (the emoji is two UTF-16 units)
    /// rewrite.outputScalars  // 2..<9
    /// ```
    public struct Rewrite: Hashable, Sendable, Codable {
        /// What kind of thing was written out: the class of a written form.
        ///
        /// `expand` makes the first four; `text` makes all of them. The raw values are the
        /// names JSON carries (`"kind": "date"`) and the CLI's `text --only`/`--skip` take;
        /// they are stable: a case may be added, none renamed.
        public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
            /// A dictionary abbreviation ("av." -> "avenue"), with the number it governs, if any.
            case abbreviation
            /// A number and a unit ("5 min" -> "cinq minutes", "+5 °C"), ranges included.
            case unit
            /// An amount of money ("12,50 €" -> "douze euros cinquante", "$2.5 million").
            case money
            /// An ordinal: a number with an ordinal suffix ("1er" -> "premier", "21st") or,
            /// in running text, an ordinal period ("am 1." -> "am ersten").
            case ordinal
            /// A whole number or a decimal in the locale's notation, with its sign ("+5", "2,5").
            case cardinal
            /// "1/2", "½", "3/4" when they are not dates.
            case fraction
            /// "25 %", "25%".
            case percent
            /// A date, numeric or written with a month name ("01/04/2015", "1. April 2015").
            case date
            /// A time of day ("5h30", "17.30 Uhr", "5:30 PM").
            case time
            /// A duration ("1h 30m", "5m ago").
            case duration
            /// A year or a decade said as one ("in 2015", "1980s").
            case year
            /// A range of values joined by a dash ("9h-18h", "2015–2020").
            case range
            /// A phone number libphonenumber finds valid for the locale's region or by its country code.
            case phone
            /// A Roman numeral in a context that says how to read it ("XXIe siècle", "Louis XIV").
            case roman
            /// A version number ("iOS 17.2", "1.2.3").
            case version
            /// A long code or serial read digit by digit ("n° 2024-360785").
            case serial
            /// An e-mail address spelled out ("anna@exemple.fr" -> "anna arobase exemple point f r");
            /// only when asked (`text(_:only:skip:addresses:)`).
            case email
            /// A web address spelled out ("www.exemple.fr" -> "w w w point exemple point f r");
            /// only when asked (`text(_:only:skip:addresses:)`).
            case url
        }

        /// What kind of thing was written out.
        public var kind: Kind
        /// The text as shown ("av.", "12,50 €").
        public var original: String
        /// What replaces it ("avenue", "douze euros cinquante").
        public var spoken: String
        /// Range of `original` in the input, in Unicode scalars.
        public var inputScalars: Range<Int>
        /// Range of `original` in the input, in UTF-16 code units.
        public var inputUTF16: Range<Int>
        /// Range of `spoken` in the spoken text, in Unicode scalars.
        public var outputScalars: Range<Int>
        /// Range of `spoken` in the spoken text, in UTF-16 code units.
        public var outputUTF16: Range<Int>

        /// A rewrite with its four ranges.
        public init(kind: Kind, original: String, spoken: String, inputScalars: Range<Int>, inputUTF16: Range<Int>,
                    outputScalars: Range<Int>, outputUTF16: Range<Int>) {
            self.kind = kind
            self.original = original
            self.spoken = spoken
            self.inputScalars = inputScalars
            self.inputUTF16 = inputUTF16
            self.outputScalars = outputScalars
            self.outputUTF16 = outputUTF16
        }

        /// The input range as an `NSRange`, for attributed strings.
        public var inputNSRange: NSRange { NSRange(location: inputUTF16.lowerBound, length: inputUTF16.count) }

        /// The output range as an `NSRange`, for attributed strings.
        public var outputNSRange: NSRange { NSRange(location: outputUTF16.lowerBound, length: outputUTF16.count) }

        private enum CodingKeys: String, CodingKey {
            case kind, original, spoken
            case inputScalars = "scalars", inputUTF16 = "utf16", outputScalars, outputUTF16
        }

        /// Decodes the JSON shape `Spoken` documents (ranges as `{"start", "end"}`).
        /// - Throws: `DecodingError` when the JSON does not have the documented shape.
        public init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            kind = try container.decode(Kind.self, forKey: .kind)
            original = try container.decode(String.self, forKey: .original)
            spoken = try container.decode(String.self, forKey: .spoken)
            inputScalars = try container.decode(Bounds.self, forKey: .inputScalars).range
            inputUTF16 = try container.decode(Bounds.self, forKey: .inputUTF16).range
            outputScalars = try container.decode(Bounds.self, forKey: .outputScalars).range
            outputUTF16 = try container.decode(Bounds.self, forKey: .outputUTF16).range
        }

        /// Encodes the JSON shape `Spoken` documents (ranges as `{"start", "end"}`).
        /// - Throws: what the encoder throws.
        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(kind, forKey: .kind)
            try container.encode(original, forKey: .original)
            try container.encode(spoken, forKey: .spoken)
            try container.encode(Bounds(inputScalars), forKey: .inputScalars)
            try container.encode(Bounds(inputUTF16), forKey: .inputUTF16)
            try container.encode(Bounds(outputScalars), forKey: .outputScalars)
            try container.encode(Bounds(outputUTF16), forKey: .outputUTF16)
        }
    }
}

/// A range as JSON writes it: `{"start": 2, "end": 4}` (Swift's own `Range` coding is an array).
private struct Bounds: Codable {
    var start: Int
    var end: Int

    init(_ range: Range<Int>) {
        start = range.lowerBound
        end = range.upperBound
    }

    var range: Range<Int> {
        get throws {
            guard start <= end else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "a range whose start \(start) is after its end \(end)"))
            }
            return start..<end
        }
    }
}

extension Range<Int> {
    /// The range moved by `offset`: a piece's rewrite placed in the whole text.
    func shifted(by offset: Int) -> Range<Int> { (lowerBound + offset)..<(upperBound + offset) }
}

/// A long text said piece by piece (`expand` and `text` cut a huge text where no rule looks
/// across): the spoken pieces joined, with each piece's rewrites moved to the whole text.
struct SpokenPieces {
    private(set) var text = ""
    private(set) var rewrites: [Spoken.Rewrite] = []
    private var input = (scalars: 0, utf16: 0)
    private var said = (scalars: 0, utf16: 0)
    /// Without rewrites only the text is joined (bulk conversion).
    let recordingRewrites: Bool

    init(reservingCapacity bytes: Int, recordingRewrites: Bool = true) {
        self.recordingRewrites = recordingRewrites
        text.reserveCapacity(bytes)
    }

    /// Appends what `piece` (the input piece) was said as, and its rewrites.
    mutating func append(_ spoken: String, rewrites pieceRewrites: [Spoken.Rewrite], of piece: Substring) {
        if recordingRewrites {
            for var rewrite in pieceRewrites {
                rewrite.inputScalars = rewrite.inputScalars.shifted(by: input.scalars)
                rewrite.inputUTF16 = rewrite.inputUTF16.shifted(by: input.utf16)
                rewrite.outputScalars = rewrite.outputScalars.shifted(by: said.scalars)
                rewrite.outputUTF16 = rewrite.outputUTF16.shifted(by: said.utf16)
                rewrites.append(rewrite)
            }
            input.scalars += piece.unicodeScalars.count
            input.utf16 += piece.utf16.count
            said.scalars += spoken.unicodeScalars.count
            said.utf16 += spoken.utf16.count
        }
        text += spoken
    }
}
