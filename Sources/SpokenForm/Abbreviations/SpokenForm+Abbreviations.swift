extension SpokenForm {
    /// Abbreviations, units, amounts of money and ordinals written out (see `AbbreviationExpander`).
    /// Throws `unsupportedLocale` for a language without `Locales/<lang>/abbreviations.txt`.
    /// - Throws: `SpokenFormError.unsupportedLocale` for a language without `Locales/<lang>/abbreviations.txt`; `malformedLocaleData` for a bad entry.
    public var abbreviations: AbbreviationExpander {
        get throws {
            try capability { try AbbreviationExpander(locale: locale, numbers: try numbers, dataStore: dataStore) }
        }
    }

    /// Abbreviations, units, amounts of money and ordinals written out, with each rewrite
    /// and its ranges: `try fr.expand("Dr Martin, 3 av. Foch").text` is "docteur Martin,
    /// trois avenue Foch".
    /// - Throws: `SpokenFormError.unsupportedLocale` for a language without abbreviation data.
    public func expand(_ text: String) throws -> Spoken {
        try abbreviations.expand(text)
    }
}
