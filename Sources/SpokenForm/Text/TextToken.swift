/// What a detector proposes for a written form: its class and where its value lies, with no
/// words in it, or the words of a class that is not typed yet. Arbitration
/// (`TextNormalizer.resolve`) runs on candidates holding these; only the winners are said, by
/// their class's verbalizer (`TextVerbalizer`). So the readings that lose are never spelled: for
/// "01/04/2015" the numbers 1, 4 and 2015 inside the date, for "06.11.22.33.06" the date and
/// the numbers inside the phone number.
///
/// A typed token keeps no value of its own: the value is read again from the candidate's text by
/// the one number reader (`NumberSpeller.value(in:_:_:negative:signedZero:)`), which costs a
/// few hundred instructions once per winner, against an ICU spell-out per loser before.
///
/// Typed so far: the number detector's cardinals said alone, years, percentages, codes read
/// digit by digit, and ranges of those (issue 34, item 1). The other classes still carry words
/// made when they were found (`.words`); each moves here as it gets its verbalizer.
enum TextToken {
    /// Words a detector made when it found the form (a class without a verbalizer yet).
    case words(String)
    /// A number whose value is the candidate's own digits.
    case number(NumberToken)
    /// Two numbers joined by a dash: said once, from its two parts (`RangeToken`).
    indirect case range(RangeToken)
}

/// A number in running text, said by its form; its digits lie `lead` scalars after the
/// candidate's start and end `trail` scalars before its end ("-5": lead 1; "25 %": trail 2).
struct NumberToken {
    enum Form: UInt8 {
        /// A count said alone, with no noun after it to agree with ("01" in "01/04", "-5").
        case cardinal
        /// A year ("1998", "en 2015").
        case year
        /// A percentage; `trail` covers the sign and a space before it.
        case percent
        /// A code read digit by digit, group by group ("2024-360785").
        case digits
    }

    var form: Form
    /// A minus sign before the digits, said.
    var negative = false
    var lead: UInt8 = 0
    var trail: UInt8 = 0
}

/// "10-12", "2015–2020", "10%-20%": two numbers joined by a dash. The word between them is
/// the context's: text.txt `range` ("ten to twelve"), or `and-word` after a word of
/// `range-between` ("between ten and twelve"), where the units' `range-start` opening ("da",
/// "de") is dropped. One rule for every typed range, decided before any word is said.
struct RangeToken {
    /// The first number, ending `firstEnd` scalars after the candidate's start.
    var first: NumberToken
    var firstEnd: Int32
    /// The second, starting `secondStart` scalars after the candidate's start.
    var second: NumberToken
    var secondStart: Int32
    /// The second year when it is written short ("2015-16": 2016): said in full.
    var secondYear: Int32?
    /// Whether units.txt `range-start` opens it ("da ventiquattro a settantadue").
    var opens: Bool
}

extension TextCandidate {
    /// A candidate typed by `token`, said once it wins (`TextVerbalizer`).
    init(start: Int, end: Int, kind: Spoken.Rewrite.Kind, token: TextToken, priority: Int = 0, isCertain: Bool = false) {
        self.init(start: start, end: end, kind: kind, spoken: "", priority: priority, isCertain: isCertain)
        wording = token
    }

    /// Whether the candidate says nothing (words that came out empty): dropped before arbitration.
    var saysNothing: Bool {
        if case .words(let words) = wording { return words.isEmpty }
        return false
    }
}
