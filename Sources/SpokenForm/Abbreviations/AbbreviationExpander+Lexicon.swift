/// What the expander's data knows, for tools that check text the expander leaves as it is
/// (`SpokenFormCatalog`'s `CatalogLinter`): the unit symbols, their names, the abbreviations.
extension AbbreviationExpander {
    /// The unit symbols of `units.txt` (those said after a number: "km", "°C", "min"),
    /// longest first, so that a scan finds "km/h" before "km".
    package var unitSymbols: [String] {
        Array(Set(data.units.map { String(String.UnicodeScalarView($0.symbol)) })).sorted { ($0.unicodeScalars.count, $1) > ($1.unicodeScalars.count, $0) }
    }

    /// The words before which a unit symbol alone is the unit's name (`per-unit-word`: fr "par").
    package var perUnitWords: Set<String> { Set(data.perWords.map { String(String.UnicodeScalarView($0)) }) }

    /// The unit's name as ICU says it after a number of the plural category `other`
    /// ("km/h" -> "kilomètres par heure"): a listed symbol, or two listed symbols around "/";
    /// nil for a symbol the data does not list.
    /// - Throws: `SpokenFormError.icuFailure` when ICU fails on the unit.
    package func unitName(_ symbol: String) throws -> String? {
        func icuUnit(_ written: Substring) -> String? {
            data.units.first { String(String.UnicodeScalarView($0.symbol)) == written }?.icuUnit
        }
        let unit: UnitSpeller.Unit?
        if let id = icuUnit(symbol[...]) {
            unit = units.unit(id)
        } else if let slash = symbol.firstIndex(of: "/"), let top = icuUnit(symbol[..<slash]), let bottom = icuUnit(symbol[symbol.index(after: slash)...]) {
            unit = try units.unit(top, per: bottom)
        } else {
            return nil
        }
        guard let unit, let phrase = try units.phrase(unit, decimal: "2", words: "\u{1}") else { return nil }
        let name = phrase.replacingOccurrences(of: "\u{1}", with: "").trimmingSpaces()
        return name.isEmpty ? nil : name
    }

    /// Whether `word` ("env.", "Std.", "TTC") is an abbreviation of `abbreviations.txt`, as
    /// written or with its first letter in lower case (a capital at a sentence start).
    package func knowsAbbreviation(_ word: String) -> Bool {
        let lowered = word.prefix(1).lowercased() + word.dropFirst()
        return data.entries.contains { entry in
            let key = entry.keyText
            return key == word || key == lowered || (entry.conditions.contains(.anyCase) && key.lowercased() == word.lowercased())
        }
    }
}
