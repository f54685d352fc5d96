/// Codes read digit by digit (serials, postal codes, capitals-and-digits codes) and version numbers.
extension NumberDetector.Reader {
    func serialEnd(at p: Int, after word: String?) -> (Int, Bool)? {
        let firstEnd = text.digitRunEnd(p)
        var end = firstEnd
        var groups = 1
        var digits = firstEnd - p
        while text.isOneOf(end, "-") && text.isDigit(end + 1) {
            let next = text.digitRunEnd(end + 1)
            digits += next - end - 1
            end = next
            groups += 1
        }
        if text.isLetter(end) { return nil }
        var afterCodeWord = (word.map { data.serialWords.contains($0) } ?? false) || text.isOneOf(text.skipSpacesBack(p) - 1, "#°")
        // "Washington, DC 20500": five digits after a state's code, as written, are a postal code.
        if !afterCodeWord, firstEnd - p == 5, !data.postalCodeAfter.isEmpty, text.isWordSpace(p - 1),
           let (before, start) = text.wordBefore(p), start + before.unicodeScalars.count == p - 1,
           data.postalCodeAfter.contains(text.string(start, p - 1)) {
            afterCodeWord = true
        }
        if !afterCodeWord, isPostalCode(at: p) { afterCodeWord = true }
        // The exchange of a North American number starts with 2-9: "(100-1000)" is a range.
        if groups == 2 && firstEnd - p == 3 && end - firstEnd - 1 == 4 && !text.isOneOf(p, "01") {
            // "555-1234": a local phone number's shape, read digit by digit.
            return (end, afterCodeWord)
        }
        if groups >= 2 {
            // "2015-2020", "10-12": a range unless a code word says otherwise.
            if groups == 2 && firstEnd - p <= 4 && end - firstEnd - 1 <= 4 && !afterCodeWord { return nil }
            // "between 1-65535": a longer second number after a word of `range-between` too.
            if groups == 2 && firstEnd - p <= 4 && end - firstEnd - 1 <= 6 && !afterCodeWord && afterRangeBetweenWord(firstEnd) { return nil }
            return digits >= 6 || afterCodeWord ? (end, afterCodeWord) : nil
        }
        // A decimal, a date, a time or a fraction goes to its own reader.
        if text.isOneOf(end, "/:.,") && text.isDigit(end + 1) { return nil }
        let run = end - p
        if afterCodeWord && run >= 3 { return (end, true) }
        if run >= 2 && text.scalars[p] == "0" && !text.isOneOf(end, "%h") {
            // "0800 123 456": groups of three or four digits spaced after a prefix of three digits
            // or more belong to the code, as a phone number's do; never "one hundred twenty-three
            // thousand…". Pairs ("09 60 06 12 21") stay numbers, said one by one, and so does a
            // year after a short code ("01 1990").
            // A longer run of such groups is a list, each group said alone: bounded, the test
            // is constant at each of the run's starts (a run of 20,000 read from each was quadratic).
            var groupsEnd = end
            let isList = run >= 3 && text.spacedCodeGroupsAround(p) > ScannedText.maxSpacedCodeGroups
            while run >= 3, !isList, text.isWordSpace(groupsEnd), text.isDigit(groupsEnd + 1) {
                let next = text.digitRunEnd(groupsEnd + 1)
                guard (3...4).contains(next - groupsEnd - 1), !text.isLetter(next), !(text.isOneOf(next, "/:.,") && text.isDigit(next + 1)) else { break }
                groupsEnd = next
            }
            return (groupsEnd, false)
        }
        // Up to 15 digits a round number ("1000000000000") is a quantity; a longer or
        // unround run is a code (a card, a barcode), said digit by digit.
        if run > 12 && !(run <= 15 && text.string(end - 3, end) == "000") { return (end, false) }
        return nil
    }

    /// "12 rue de la Paix, 75002 Paris", "Hauptstr. 12, 10115 Berlin", "Rua Augusta 27, 1100-048
    /// Lisboa": digits of the locale's postal code shape (text.txt `postal-code`) right after a
    /// comma and before a capitalised place name, where the stretch before the comma (back to
    /// another comma or a line break) is a street with its house number: it holds one number
    /// of 1-4 digits, either after the street's name and right before the comma ("Hauptstr.
    /// 12,", "Damrak 1a,") or before a street word ("12 bis rue…", "3 av. Foch,"). Not an
    /// address: "2024 kamen 3 Gruppen, 25000 Besucher" (two numbers), "Es kamen 3 Gruppen,
    /// 25000 Besucher" (no street word after 3), "Prix : 12, 25000 Euros" (no street name before 12).
    func isPostalCode(at p: Int) -> Bool {
        guard !data.postalCodeShapes.isEmpty, text.isWordSpace(p - 1), text.isOneOf(p - 2, ",") else { return false }
        var shapeEnd: Int?
        for shape in data.postalCodeShapes {
            var i = p
            var matched = true
            for mark in shape {
                let ok = mark == "9" ? text.isDigit(i) : mark == "A" ? text.isCapital(i) : text.scalar(i) == mark
                if !ok { matched = false; break }
                i += 1
            }
            if matched && !text.isWordChar(i) && !text.isOneOf(i, "-") { shapeEnd = i; break }
        }
        guard let end = shapeEnd, text.isWordSpace(end), text.isCapital(end + 1) else { return false }
        let comma = p - 2
        var run: (start: Int, end: Int)?
        var i = comma - 1
        while i >= 0 && comma - i <= 80 && !text.isOneOf(i, ",;:\n") {
            if text.isDigit(i) {
                guard run == nil else { return false }
                let runEnd = i + 1
                while text.isDigit(i - 1) { i -= 1 }
                guard runEnd - i <= 4 else { return false }
                run = (i, runEnd)
            }
            i -= 1
        }
        guard let run else { return false }
        // "Hauptstr. 12,", "Damrak 1a,": the street's name, then the number ending the stretch.
        let suffixEnd = text.isLetter(run.end) && !text.isLetter(run.end + 1) ? run.end + 1 : run.end
        if suffixEnd == comma {
            var before = text.skipSpacesBack(run.start)
            if before < run.start && text.isOneOf(before - 1, ".") { before -= 1 }
            return before < run.start && text.isLetter(before - 1)
        }
        // "12 bis rue de la Paix,", "3 av. Foch,": the number, then a street word (text.txt
        // `street-words`), a suffix of `house-number-suffixes` ("bis") or a letter between them.
        guard !data.streetWords.isEmpty, text.isWordSpace(run.end), var (word, wordEnd) = text.word(at: run.end + 1) else { return false }
        if data.houseNumberSuffixes.contains(word) || word.unicodeScalars.count == 1, text.isWordSpace(wordEnd),
           let next = text.word(at: wordEnd + 1) {
            (word, wordEnd) = next
        }
        return data.streetWords.contains(word)
    }

    /// A code of capitals and digits the locale reads (`ScannedText.letterDigitCode(startingAt:)`): its
    /// capitals as written (the voice spells or says them), a group of one or two digits as a
    /// number ("B12": "B twelve"), a round hundred or thousand too ("X1000"), any other
    /// group digit by digit ("UA123": "UA one two three", "H264"). Certain: the code is one
    /// thing, never a number inside a name.
    func letterDigitCode(_ code: Range<Int>, into candidates: inout [TextCandidate]) throws {
        try propose(.letterDigitCode, code.lowerBound, code.upperBound, .serial, priority: 4, isCertain: true, into: &candidates) {
            try letterDigitCodeWords(code)
        }
    }

    func letterDigitCodeWords(_ code: Range<Int>) throws -> String {
        var words: [String] = []
        var k = code.lowerBound
        while k < code.upperBound {
            if text.isDigit(k) {
                let groupEnd = text.digitRunEnd(k)
                let digits = text.string(k, groupEnd)
                let length = groupEnd - k
                let asNumber = text.scalars[k] != "0" || length == 1
                if asNumber && (length <= 2 || (length <= 4 && digits.hasSuffix("00"))), let value = Int(digits) {
                    words.append(try numbers.cardinal(value))
                } else {
                    words.append(try numbers.digits(digits))
                }
                k = groupEnd
            } else if text.isLetter(k) {
                let groupEnd = text.letterRunEnd(k)
                words.append(text.string(k, groupEnd))
                k = groupEnd
            } else {
                k += 1
            }
        }
        return words.joined(separator: " ")
    }

    func digitsSpoken(_ start: Int, _ end: Int) -> String {
        NumberDetector.digitGroupsSpoken(text, start, end, numbers: numbers)
    }

    /// A version number: its parts ("17", "2"), and a second version's after a dash.
    struct Version {
        let parts: [(Int, Int)]
        var second: [(Int, Int)]?
        var end: Int { (second ?? parts).last!.1 }
    }

    /// The version number whose first part starts at `p` (`versionWords(_:)` says it).
    func version(at p: Int, after word: String?) -> Version? {
        var parts = [(p, text.digitRunEnd(p))]
        while text.isOneOf(parts.last!.1, "."), text.isDigit(parts.last!.1 + 1) {
            let start = parts.last!.1 + 1
            parts.append((start, text.digitRunEnd(start)))
        }
        let end = parts.last!.1
        guard data.versionPoint != nil, !text.isLetter(end), !(text.isOneOf(end, ",/") && text.isDigit(end + 1)) else { return nil }
        let afterVersionWord = word.map { data.versionWords.contains($0) } ?? false
        guard parts.count >= 3 || (parts.count == 2 && (afterVersionWord || afterProductName(p, end))) else { return nil }
        // "62.448.034": a part of three digits padded with a zero is a code's group, never a
        // version's number ("four hundred forty-eight point thirty-four").
        if !afterVersionWord, parts.dropFirst().contains(where: { $0.1 - $0.0 == 3 && text.isOneOf($0.0, "0") }) { return nil }
        // "127.0.0.1": four parts of at most 255 are an IPv4 address, an address like a URL's
        // host, which stays written (not "one hundred twenty-seven point zero…", a version).
        if parts.count == 4, !afterVersionWord,
           parts.allSatisfy({ $0.1 - $0.0 <= 3 && (text.integer($0.0, $0.1) ?? 256) <= 255 }) { return nil }
        // "1.000.000" where the period groups thousands is a number, not a version.
        // So is "53.020.243.724" where the decimal mark is a comma and thousands are grouped with
        // a space (fr, pt-PT): two periods between groups of three are no decimal, and a
        // version's parts are not zero-padded to three digits.
        let groupsThousands = numbers.parser.groupingSeparator == "."
            || numbers.parser.decimalSeparator == "," && parts.count >= 3
        if !afterVersionWord, groupsThousands, parts.dropFirst().allSatisfy({ $0.1 - $0.0 == 3 }),
           parts[0].1 - parts[0].0 <= 3 { return nil }
        // "1.2.2015" and "01.04.15" are dates, left to the date detector.
        if parts.count == 3 && (parts[2].1 - parts[2].0 == 4 || parts[0].1 - parts[0].0 == 2 && parts[1].1 - parts[1].0 == 2) && !afterVersionWord { return nil }
        // "Android 4.4–7.1", "iOS 15.0-17.2": a range of versions, the second with as many parts.
        if text.isOneOf(end, "-–"), text.isDigit(end + 1), data.rangeWord != nil {
            var second = [(end + 1, text.digitRunEnd(end + 1))]
            while text.isOneOf(second.last!.1, "."), text.isDigit(second.last!.1 + 1) {
                let start = second.last!.1 + 1
                second.append((start, text.digitRunEnd(start)))
            }
            let secondEnd = second.last!.1
            if second.count == parts.count, !text.isWordChar(secondEnd), !(text.isOneOf(secondEnd, ".,-–/") && text.isDigit(secondEnd + 1)) {
                return Version(parts: parts, second: second)
            }
        }
        return Version(parts: parts)
    }

    /// "seventeen point two", "four point four to seven point one".
    func versionWords(_ version: Version) throws -> String? {
        guard let point = data.versionPoint else { return nil }
        func said(_ parts: [(Int, Int)]) throws -> String {
            try parts.map { part in try text.integer(part.0, part.1).map { try numbers.cardinal($0) } ?? text.string(part.0, part.1) }
                .joined(separator: " \(point) ")
        }
        guard let second = version.second else { return try said(version.parts) }
        guard let rangeWord = data.rangeWord else { return nil }
        return try said(version.parts) + " " + rangeWord + " " + said(second)
    }

    /// "Apache 2.0", "CC BY-ND 3.0", "Bluetooth 5.0" where the decimal mark is a comma: a period
    /// between two numbers after a name (a capitalised word inside the sentence, or one in
    /// capitals) makes a version, not a decimal in English notation ("deux virgule zéro"). At
    /// the start of a sentence, where any word has a capital ("Environ 2.5 fois"), only ".0"
    /// does ("Apache 2.0 Lizenz"): nobody writes a whole number with a decimal zero in prose.
    /// A unit, a percent sign or a times sign after it keeps it a number ("Windows 1.5 GB" is
    /// a size, "27.5 x 2.8" a tyre's).
    func afterProductName(_ p: Int, _ end: Int) -> Bool {
        guard numbers.parser.decimalSeparator == ",", text.isWordSpace(p - 1), text.isLetter(p - 2),
              let (_, start) = text.wordBefore(p), text.scalars[start].properties.isUppercase else { return false }
        let name = text.scalars[start..<(p - 1)]
        let inCapitals = name.count >= 2 && name.allSatisfy { $0.properties.isUppercase }
        // "WooCommerce 3.5", "PlayStation 5.1": a capital inside the word makes a brand's name.
        let brand = name.dropFirst().contains { $0.properties.isUppercase } && name.contains { $0.properties.isLowercase }
        let pointZero = end - p >= 3 && text.isOneOf(end - 2, ".") && text.isOneOf(end - 1, "0")
        // Where every noun has a capital (de "Spezifikation 27.5 x 2.8"), only the name in
        // capitals, a brand's or the ".0" says "version".
        guard inCapitals || brand || pointZero || !data.nounsCapitalized && !text.isSentenceStart(start) else { return false }
        let after = text.isWordSpace(end) ? end + 1 : end
        return !text.isOneOf(after, "%") && !text.isTimesSign(after) && unitSymbol(at: after) == nil
    }

}

extension NumberDetector {
    /// The digits from `start` to `end` read one by one, group by group ("2024-360785" ->
    /// "two zero two four, three six zero…"): a group ends at any scalar that is not a digit.
    static func digitGroupsSpoken(_ text: ScannedText, _ start: Int, _ end: Int, numbers: NumberSpeller) -> String {
        var groups: [String] = []
        var i = start
        while i < end {
            let groupEnd = text.digitRunEnd(i)
            groups.append((try? numbers.digits(text.string(i, groupEnd))) ?? text.string(i, groupEnd))
            i = groupEnd + 1
        }
        return groups.joined(separator: ", ")
    }
}
