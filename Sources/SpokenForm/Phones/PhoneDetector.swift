/// Phone numbers in running text for `TextNormalizer`: a run of digits and phone
/// punctuation that libphonenumber finds VALID for the locale's region (or for the
/// country code it carries) is one; a longer run that is not is searched with
/// libphonenumber's `PhoneNumberMatcher`. `PhoneSpeller` says them. A run of digits that is not a
/// valid number (an amount, a date) is left to the other detectors, and so is a run of bare
/// digits without a trunk zero unless a `phone-words` word of text.txt comes before it.
struct PhoneDetector: TextDetector {
    var classes: Set<Spoken.Rewrite.Kind> { [.phone] }

    func detect(in text: ScannedText, context: TextContext, into candidates: inout [TextCandidate]) {
        // No region's numbers are shorter than this with their trunk or country code.
        guard text.digitCount >= 7 else { return }
        var i = 0
        var phones: PhoneSpeller??
        Walker.walk(text, context, phones: &phones, from: &i, until: text.count, into: &candidates)
    }

    func passes(over text: ScannedText, context: TextContext) -> [any TextDetectorPass] {
        text.digitCount >= 7 ? [SteppedPass(Walker(text: text, context: context))] : []
    }

    /// The walk over runs of digits and phone punctuation.
    struct Walker: TextWalker {
        let text: ScannedText
        let context: TextContext
        /// The speller (and libphonenumber's start-up) only once a run may be a number: nil
        /// until then, `.some(nil)` when the locale has none.
        private var phones: PhoneSpeller??

        init(text: ScannedText, context: TextContext) {
            self.text = text
            self.context = context
        }

        mutating func walk(from i: inout Int, until limit: Int, into candidates: inout [TextCandidate]) {
            // Locals: a stored property read in the loop of a mutating walk is retained and
            // released at each use.
            var phones = self.phones
            defer { self.phones = phones }
            Self.walk(text, context, phones: &phones, from: &i, until: limit, into: &candidates)
        }

        /// Static, on borrowed arguments: a label's walk copies no text nor context (each
        /// copy retains a dozen buffers).
        /// Spaces, ".-()/+", no-break spaces and an en dash ("05731 – 156 07 50", which
        /// libphonenumber reads): compared directly, as this runs after every digit.
        @inline(__always)
        static func isPhonePunctuation(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0x20, 0x2E, 0x2D, 0x28, 0x29, 0x2F, 0x2B, 0xA0, 0x202F, 0x2013: return true
            default: return false
            }
        }

        static func walk(_ text: ScannedText, _ context: TextContext, phones: inout PhoneSpeller??, from i: inout Int, until limit: Int,
                                 into candidates: inout [TextCandidate]) {
            // The matcher runs its regular expressions over what it is given: give it only the
            // runs of digits and phone punctuation that hold 7 digits or more.
            let n = text.count
            while i < n && i < limit {
                guard text.isDigit(i) || text.isOneOf(i, "+(") else { i += 1; continue }
                var j = i
                var digits = 0
                var lastDigit = i
                while j < n && (text.isDigit(j) || Self.isPhonePunctuation(text.scalars[j])) {
                    if text.isDigit(j) { digits += 1; lastDigit = j }
                    j += 1
                }
                // "4000000000", "300000000": bare digits without a trunk zero or a "+" are a number unless
                // a phone word comes before them ("tél. 612345678"); a phone reading would add a zero
                // that is not written, or read an amount digit by digit.
                let bare = digits == lastDigit - i + 1 && text.scalars[i] != "0"
                let afterPhoneWord = text.wordBefore(i).map { context.data.phoneWords.contains($0.word) } ?? false
                if bare, !afterPhoneWord {
                    i = max(j, i + 1)
                    continue
                }
                // "192.168.0.0/16": an IPv4 address (with its prefix length) stays written, never a phone.
                if digits >= 7, text.isOneOf(i + 1, ".") || text.isOneOf(i + 2, ".") || text.isOneOf(i + 3, "."),
                   PhoneDetector.hasIPv4Shape(text, from: i, to: lastDigit + 1) {
                    i = max(j, i + 1)
                    continue
                }
                if digits >= 7, !afterPhoneWord, PhoneDetector.hasDateShape(text, from: i, to: lastDigit + 1) {
                    // "01/04/2015", "1.4.2015": the date detector reads it (an impossible date stays
                    // written). Asking libphonenumber would cost its start-up (8-10 ms) for nothing.
                    i = max(j, i + 1)
                    continue
                }
                if digits >= 7 {
                    // The whole run as one number first (PhoneSpeller keeps its answers); the matcher,
                    // slower, only for long runs that may hold a number among other digits.
                    if phones == nil { phones = .some(context.phones) }
                    guard let phones = phones ?? nil else {
                        // No speller for the locale: no step proposes anything.
                        i = n
                        return
                    }
                    let run = text.string(i, lastDigit + 1)
                    if let read = try? phones.readIfValid(run), read.isValid,
                       afterPhoneWord || !PhoneDetector.addsTrunkPrefix(read, writtenDigits: digits) {
                        candidates.append(TextCandidate(start: i, end: lastDigit + 1, kind: .phone, spoken: read.text, priority: 3))
                    } else if text.scalars[i] == "+", let read = try? phones.readPossibleInternational(run) {
                        candidates.append(TextCandidate(start: i, end: lastDigit + 1, kind: .phone, spoken: read.text, priority: 3))
                    } else if digits >= 9, !(i...lastDigit).contains(where: { text.scalars[$0] == "/" }) {
                        PhoneDetector.find(in: text, from: i, to: lastDigit + 1, phones: phones, afterPhoneWord: afterPhoneWord,
                                           into: &candidates)
                    }
                }
                i = max(j, i + 1)
            }
        }
    }

    /// Four groups of one to three digits joined by periods, each at most 255 ("192.168.0.1"),
    /// alone or before a slash and a prefix length ("10.0.0.0/8").
    static func hasIPv4Shape(_ text: ScannedText, from start: Int, to end: Int) -> Bool {
        var groups = 0, k = start
        while k < end {
            let groupStart = k
            var value = 0
            while k < end && text.isDigit(k) && k - groupStart < 4 { value = value * 10 + Int(text.scalars[k].value - 0x30); k += 1 }
            guard k > groupStart, k - groupStart <= 3, value <= 255 else { return false }
            groups += 1
            if groups == 4 { return k == end || text.isOneOf(k, "/") }
            guard k < end, text.isOneOf(k, ".") else { return false }
            k += 1
        }
        return false
    }

    /// Day, month and a four-digit year with one separator: "01/04/2015", "1.4.2015", "04-01-2015";
    /// or an ISO date, "2038-01-19". Alone, or before a space and more (a time: "2038-01-19
    /// 03:14:07", whose ten digits up to "03" make a valid US number, "(203) 801-1903").
    static func hasDateShape(_ text: ScannedText, from start: Int, to end: Int) -> Bool {
        var groups: [Int] = [0]
        var separator: Unicode.Scalar?
        for k in start..<end {
            if text.isDigit(k) {
                groups[groups.count - 1] += 1
                continue
            }
            let scalar = text.scalars[k]
            if groups.count == 3, groups[2] > 0, text.isWordSpace(k) { break }
            guard "/.-".unicodeScalars.contains(scalar), separator == nil || separator == scalar,
                  groups[groups.count - 1] > 0, groups.count < 3 else { return false }
            separator = scalar
            groups.append(0)
        }
        guard groups.count == 3 else { return false }
        return (1...2).contains(groups[0]) && (1...2).contains(groups[1]) && groups[2] == 4
            || separator == "-" && groups[0] == 4 && groups[1] == 2 && groups[2] == 2
    }

    /// A national number read with a trunk prefix that is not written ("1 37 33 75 40" said
    /// "zéro un, trente-sept…"): the reading says a digit the text does not have, so it is no
    /// phone unless a phone word says it is one ("tél. 612345678").
    static func addsTrunkPrefix(_ read: SpokenPhoneNumber, writtenDigits: Int) -> Bool {
        // libphonenumber's groups hold ASCII digits: bytes are counted, no array of scalars is made.
        !read.isInternational && read.groups.reduce(0) { $0 + $1.utf8.reduce(0) { $0 + ((0x30...0x39).contains($1) ? 1 : 0) } } > writtenDigits
    }

    private static func find(in text: ScannedText, from start: Int, to end: Int, phones: PhoneSpeller, afterPhoneWord: Bool, into candidates: inout [TextCandidate]) {
        let bytes = text.utf8[text.utf8Offsets[start]..<text.utf8Offsets[end]]
        let found = PhoneNumberLibrary.findNumbers(inUTF8: bytes, region: phones.defaultRegion, limit: 8)
        let base = text.utf8Offsets[start]
        for range in found {
            let from = text.scalarIndex(utf8Offset: base + range.lowerBound)
            let to = text.scalarIndex(utf8Offset: base + range.upperBound)
            let written = text.string(from, to)
            guard to > from, let read = try? phones.read(written),
                  afterPhoneWord || !Self.addsTrunkPrefix(read, writtenDigits: written.unicodeScalars.filter { ("0"..."9").contains($0) }.count),
                  let spoken = try? phones.speak(written) else { continue }
            candidates.append(TextCandidate(start: from, end: to, kind: .phone, spoken: spoken, priority: 3))
        }
    }
}
