/// Says the typed candidates that won arbitration (`TextToken`): one verbalizer per class,
/// each calling the class's speller on the value read again from the text (dates and times:
/// their detector's reader, which reads the one finding again and says it). Runs after
/// resolution and the `only`/`skip` choice, before the rules that join a sign, an elided word
/// or a declined adjective to what was said (`TextNormalizer.normalizeWhole`).
struct TextVerbalizer {
    let context: TextContext
    var numbers: NumberSpeller { context.numbers }
    var data: TextLocaleData { context.data }

    /// Says every typed candidate of `chosen` in place. One its class cannot say after all (a
    /// percentage ICU refuses) is dropped and stays written, as it was left when it was found.
    /// - Throws: `SpokenFormError` when a speller fails (ICU), as the detectors did before.
    func say(_ chosen: inout [TextCandidate], in text: ScannedText) throws {
        var unsaid = 0
        // The date and time reader, made for the first of its findings that won (a concrete
        // reader: an existential of one was boxed on the heap at every text).
        var dateTimeReader: DateTimeDetector.Reader?
        // The number reader, likewise.
        var numberReader: NumberDetector.Reader?
        for index in chosen.indices {
            let candidate = chosen[index]
            let words: String?
            switch candidate.token.kind {
            case .words, .said: continue
            case .number:
                let token = candidate.token.number
                words = try say(token, from: candidate.start + token.lead, to: candidate.end - token.trail, in: text)
            case .range:
                words = try say(candidate.token.range, start: candidate.start, end: candidate.end, in: text)
            case .found:
                let token = candidate.token.found
                switch token.detector {
                case .dateTime:
                    if dateTimeReader == nil, let dates = context.dates {
                        dateTimeReader = DateTimeDetector.Reader(text: text, data: data, dates: dates, expander: context.expander)
                    }
                    words = try dateTimeReader?.say(token, start: candidate.start, end: candidate.end)
                case .number:
                    if numberReader == nil { numberReader = NumberDetector.Reader(text: text, context: context) }
                    words = try numberReader?.say(token, start: candidate.start, end: candidate.end)
                }
            }
            if let words {
                // A reader's words are those its detector made before: the context rule of a
                // range's word after "between" applies to them as to every detector's words.
                chosen[index].spoken = candidate.token.kind == .found ? Self.joinedAfterBetween(words, start: candidate.start, in: text, data: data) : words
                chosen[index].token = .said
            } else {
                unsaid += 1
            }
        }
        if unsaid > 0 { chosen.removeAll { $0.isUnsaid } }
    }

    /// "between 9am-5pm", "entre 62 - 126 cm", "zwischen 9-17 Uhr": words said after a word of
    /// text.txt `range-between` join a range's ends with `and-word` ("between nine AM and five
    /// PM"), and drop a word of `range-between-dropped` they start with (es "entre de…"). For
    /// the words a detector made when it found them (`TextNormalizer`) and those a reader says
    /// for a winner alike; a typed range (`say(_:start:end:in:)` of a `RangeToken`) chooses its
    /// word itself.
    static func joinedAfterBetween(_ words: String, start: Int, in text: ScannedText, data: TextLocaleData) -> String {
        guard !data.rangeBetweenScalars.isEmpty, let range = data.rangeWord, let and = data.andWord, start >= 2,
              text.isWordSpace(start - 1), text.wordBefore(start - 1, isOneOf: data.rangeBetweenScalars) else { return words }
        var spoken = words
        let firstWord = spoken.prefix { $0 != " " }
        if data.rangeBetweenDropped.contains(String(firstWord)), firstWord.count < spoken.count {
            spoken = String(spoken.dropFirst(firstWord.count + 1))
        }
        guard let at = spoken.range(of: " " + range + " ") else { return words }
        spoken.replaceSubrange(at, with: " " + and + " ")
        return spoken
    }

    /// A number whose digits run from `start` to `end` (after its sign), said in its form.
    func say(_ token: NumberToken, from start: Int, to end: Int, in text: ScannedText) throws -> String? {
        switch token.form {
        case .digits:
            return NumberDetector.digitGroupsSpoken(text, start, end, numbers: numbers)
        case .year:
            guard let year = text.integer(start, end) else { return nil }
            return try numbers.year(year)
        case .cardinal, .percent:
            guard let value = numbers.value(in: text, start, end, negative: token.negative, signedZero: true) else { return nil }
            return token.form == .cardinal ? try numbers.cardinal(value) : try? numbers.percent(value)
        }
    }

    /// A range from its two parts, with the word its context asks for between them.
    func say(_ range: RangeToken, start: Int, end: Int, in text: ScannedText) throws -> String? {
        guard let rangeWord = data.rangeWord else { return nil }
        let firstEnd = start + Int(range.firstEnd), secondStart = start + Int(range.secondStart)
        let firstDigits = (start + range.first.lead)..<(firstEnd - range.first.trail)
        let secondDigits = (secondStart + range.second.lead)..<(end - range.second.trail)
        guard let first = try say(range.first, from: firstDigits.lowerBound, to: firstDigits.upperBound, in: text) else { return nil }
        let second: String
        // "2015-16": a second year written short is said in full ("twenty sixteen").
        if range.second.form == .year, secondDigits.count == 2, let firstYear = text.integer(firstDigits.lowerBound, firstDigits.upperBound),
           let short = text.integer(secondDigits.lowerBound, secondDigits.upperBound) {
            guard let year = RangeToken.fullSecondYear(first: firstYear, short: short) else { return nil }
            second = try numbers.year(year)
        } else if let said = try say(range.second, from: secondDigits.lowerBound, to: secondDigits.upperBound, in: text) {
            second = said
        } else {
            return nil
        }
        var opening = range.opens ? context.expander?.data.rangeOpening(after: text.wordBefore(start)?.word) ?? "" : ""
        // "between 5-10", "entre 62 - 126", "zwischen 9-17": after a word of text.txt
        // `range-between` the ends are joined by `and-word`, and an opening it lists is dropped
        // (es "entre de…", it "tra da…").
        if start >= 2, text.isWordSpace(start - 1), text.wordBefore(start - 1, isOneOf: data.rangeBetweenScalars), let and = data.andWord {
            if !opening.isEmpty, data.rangeBetweenDropped.contains(String(opening.dropLast())) { opening = "" }
            return opening + first + " " + and + " " + second
        }
        return opening + first + " " + rangeWord + " " + second
    }
}
