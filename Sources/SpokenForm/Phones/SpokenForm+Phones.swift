extension SpokenForm {
    /// Phone numbers: parsed, validated and grouped by libphonenumber, spoken the way the
    /// locale's language reads them. Throws `unsupportedLocale` for a language without phone data.
    /// - Throws: `SpokenFormError.unsupportedLocale` for a language without phone data; `malformedLocaleData` for a bad data file.
    public var phones: PhoneSpeller {
        get throws {
            try capability { try PhoneSpeller(locale: locale, numbers: try numbers, dataStore: dataStore) }
        }
    }

    /// A phone number as said in this locale: `fr.phone("06.11.22.33.06")` is
    /// "zéro six, onze, vingt-deux, trente-trois, zéro six".
    /// - Throws: `SpokenFormError.invalidInput` saying what is wrong with the number (unless `lenient`); `invalidOption` for an unknown region.
    public func phone(_ text: String, options: PhoneSpeller.Options = .init()) throws -> String {
        try phones.speak(text, options: options)
    }
}
