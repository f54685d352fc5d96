extension NumberDetector {
    /// Where the number reader proposes a finding with words of its own (`FoundToken.shape`):
    /// one case per place in `Reader` that proposes one. With the candidate's start and end it
    /// picks out one finding when the reader reads it again to say it (`Reader.say(_:start:end:)`).
    /// The findings said by `TextVerbalizer` from a `NumberToken` (a count alone, a year, a
    /// percentage, a code, a range of those) have no shape.
    enum Shape: UInt8 {
        // MARK: Counts and their neighbours (`Reader.detect(at:)`)

        /// "3 messages", "1 neue Nachricht": a count before its noun, agreeing with it.
        case count
        /// fr "300000000 habitants": a count ending in a scale noun, with its link word
        /// ("trois cents millions d'habitants"), taking the space before the noun.
        case countLinked
        /// it "1 ora": the count elided and joined to its noun ("un'ora"), taking the space.
        case countElided
        /// "100+ videos": a count and more, before its noun ("one hundred plus videos").
        case countPlus
        /// "3 millions", "2,5 Mio.": a number and a scale word after it.
        case scale
        /// "10k downloads": a scale word glued to the number.
        case gluedScale
        /// "3x faster", de "3-mal": a multiplier glued to the number.
        case multiplier
        /// de "4-stellige", "10fach": a number and a word said as one.
        case compound
        /// "20 x 30 cm", "192x144", "3 × 2 = 6": a number before a times sign.
        case product
        /// ".5": a decimal written without its zero ("point five").
        case decimalWithoutZero
        /// "1-2 horas", de "2-3-stellige": a range before a noun both ends agree with.
        case rangeBeforeNoun
        /// "123 Main St.", "Error 404": a house number or a named number said in pairs.
        case saidInPairs

        // MARK: Codes, versions and decades (`Reader.readCodeOrShape(at:runEnd:before:into:)`)

        /// "n° 2024-360785", "#123456": a code read digit by digit with the code word before it.
        case codeAfterWord
        /// "(123) 456-7890": a North American phone number's written shape.
        case phoneShape
        /// "#1", "#12": a short number after a number sign ("number one").
        case numberSign
        /// "iOS 17.2", "1.2.3", "Android 4.4–7.1".
        case version
        /// "1980s", "'90s", de "1980er".
        case decade
        /// "B12", "UA123", "H264": a code of capitals and digits (`Reader.letterDigitCode(_:into:)`).
        case letterDigitCode

        // MARK: Fractions

        /// "Note : 4,5/5": a score with a decimal.
        case scoreWithDecimal
        /// "Step 2/5", "4/5 stars": a position or a score ("two of five").
        case score
        /// "-3/4": a fraction with its sign.
        case negativeFraction
        /// "3/4 cup", "1/2 tsp": a fraction and its measure.
        case fractionWithMeasure
        /// "3/4", de "1/2 Tasse".
        case fraction
        /// "2 1/3", "2 3/4 cups": a whole number, the and-word and a fraction.
        case mixedFraction
        /// de "1 1/2" ("eineinhalb"), "2 ½ l": a mixed number of the data's template.
        case templatedMixedFraction
        /// "½ l" ("un demi-litre"): a fraction glyph and its measure.
        case glyphFractionWithMeasure
        /// "½", "¾".
        case glyphFraction

        // MARK: Ordinals written with a period (`Reader.germanOrdinal(at:after:into:)`)

        /// de "1., 2., 3." as the whole text: a ranking.
        case bareOrdinalList
        /// de "am 1.–3. Mai": a range of ordinal days and its month.
        case ordinalRangeWithMonth
        /// de "1.-3. Platz": a range of ordinals.
        case ordinalRange
        /// de "der 3. Platz": an ordinal in the case of the word before.
        case ordinalAfterCaseWord
        /// de "den 2. und 3. Platz": an ordinal of a list, in the list's case.
        case listedOrdinal
        /// de "Sie sind der 3.": an ordinal whose period may end the sentence.
        case finalOrdinal
        /// de "3. Liga": an ordinal before a noun that takes one.
        case ordinalBeforeNoun
        /// de "21." alone, "1., 2. und 3.".
        case ordinal

        // MARK: Roman numerals (`Reader.roman(at:into:)`)

        /// fr "XXIe siècle", "Ier".
        case romanWithSuffix
        /// it "XXI secolo".
        case romanBeforeNoun
        /// "XIV" as the whole text.
        case romanAlone
        /// "chapitre IV".
        case romanAfterWord
        /// "Final Fantasy VII": a title's number.
        case romanInTitle
        /// "Louis XIV", de "Ludwigs II.".
        case regnal

        /// The reading that proposes it: `Reader.say(_:start:end:)` runs it alone, where the walk
        /// ran it (the rest of a number's readings, `Reader.detect(at:into:)`, run in their order).
        enum Reading { case number, codeOrShape, fraction, mixedFraction, germanOrdinal, letterDigitCode, roman, glyph }

        var reading: Reading {
            switch self {
            case .count, .countLinked, .countElided, .countPlus, .scale, .gluedScale, .multiplier, .compound, .product,
                 .decimalWithoutZero, .rangeBeforeNoun, .saidInPairs: return .number
            case .codeAfterWord, .phoneShape, .numberSign, .version, .decade: return .codeOrShape
            case .letterDigitCode: return .letterDigitCode
            case .scoreWithDecimal, .score, .negativeFraction, .fractionWithMeasure, .fraction: return .fraction
            case .mixedFraction, .templatedMixedFraction: return .mixedFraction
            case .bareOrdinalList, .ordinalRangeWithMonth, .ordinalRange, .ordinalAfterCaseWord, .listedOrdinal, .finalOrdinal,
                 .ordinalBeforeNoun, .ordinal: return .germanOrdinal
            case .romanWithSuffix, .romanBeforeNoun, .romanAlone, .romanAfterWord, .romanInTitle, .regnal: return .roman
            case .glyphFractionWithMeasure, .glyphFraction: return .glyph
            }
        }
    }
}
