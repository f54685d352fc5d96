/// The one reader of a number written in the locale's notation inside a scanned text, for
/// every scanner of running text (the expander's and the text detectors'): where the
/// number starting at a digit ends, and its value, by `LocaleNumberParser`'s rules. The value
/// API (`NumberSpeller.number(_:)`) reads a whole string by the same parser.
extension NumberSpeller {
    /// Where a number in the locale's notation starting at the digit `p` ends ("1 234,56",
    /// "1,234.56", "10.5"): digit runs joined by "." or "," before a digit, and groups of
    /// three spaced like thousands where the locale groups with spaces. A run of spaced groups
    /// too long for one number is a list (`ScannedText.maxSpacedGroups`): only `p`'s own run.
    func numberEnd(in text: ScannedText, from p: Int) -> Int {
        let spaced = groupsWithSpaces && text.spacedGroupsAround(p) <= ScannedText.maxSpacedGroups
        var q = text.digitRunEnd(p)
        var lastGroup = q - p
        while q < text.count {
            if text.isOneOf(q, ".,"), text.isDigit(q + 1) {
                let groupStart = q + 1
                q = text.digitRunEnd(groupStart)
                lastGroup = q - groupStart
                continue
            }
            if spaced, text.isThousandsSpace(q), lastGroup <= 3, text.isDigitGroupOfThree(q + 1) {
                q += 4
                lastGroup = 3
                continue
            }
            break
        }
        return q
    }

    /// The value written from `start` to `end` (as `numberEnd` found it), negative when a
    /// minus sign was read before it; nil when the parser refuses it. `signedZero`: whether a
    /// zero written with group or decimal marks keeps a minus read before it (the number
    /// reader's habit, "moins zéro virgule zéro") or is zero (the expander's).
    func value(in text: ScannedText, _ start: Int, _ end: Int, negative: Bool, signedZero: Bool) -> DecimalText? {
        // Plain digits, the common case, without the parser's general rules.
        if (start..<end).allSatisfy({ text.classes[$0] == .digit }) {
            return DecimalText(isNegative: negative, integer: text.string(start, end))
        }
        // Digits, the locale's decimal separator, digits ("12,50" in fr, "12.50" in en).
        if let separator = (start..<end).first(where: { text.classes[$0] != .digit }), separator > start,
           text.scalars[separator] == parser.decimalSeparator, separator + 1 < end,
           (separator + 1..<end).allSatisfy({ text.classes[$0] == .digit }) {
            return DecimalText(isNegative: negative, integer: text.string(start, separator), fraction: text.string(separator + 1, end))
        }
        var written = text.string(start, end)
        // "2 000" where the locale's own separator is not a space (numbers.txt `space-grouping`).
        if data.spaceGrouping, !parser.groupingSeparator.properties.isWhitespace {
            written.removeAll { $0 == " " || $0 == "\u{A0}" || $0 == "\u{202F}" }
        }
        guard var value = parser.value(of: written) else { return nil }
        if negative { value.isNegative = signedZero || !value.isZero }
        return value
    }
}

extension DecimalText {
    /// Whether every digit is 0 ("0", "0,00").
    var isZero: Bool { integer.utf8.allSatisfy { $0 == 0x30 } && fraction.utf8.allSatisfy { $0 == 0x30 } }
}
