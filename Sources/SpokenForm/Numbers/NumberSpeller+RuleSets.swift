/// Spelling with a rule set named by the caller, for forms the speller's own API does
/// not choose: German case forms (`%spellout-ordinal-r` "erster", `%spellout-cardinal-m`
/// "einem") that dates and relative dates need.
extension NumberSpeller {
    /// The index of a public rule set, or nil when ICU has no rule set of that name for this locale.
    func ruleSetIndex(named name: String) -> Int32? {
        pool.ruleSetNames.firstIndex(of: name).map { Int32($0) }
    }

    /// `value` spelled with the public rule set `name` ("%spellout-ordinal-r"), cleaned and
    /// corrected like every other output. Throws `unsupportedLocale` for an unknown rule set
    /// (ICU would silently keep its previous one) and `invalidInput` from 10^18 up.
    /// - Throws: `SpokenFormError.unsupportedLocale` for a rule set ICU does not have; `invalidInput` from 10^18 up.
    public func spell(_ value: Int, ruleSet name: String) throws -> String {
        guard let index = ruleSetIndex(named: name) else {
            throw SpokenFormError.unsupportedLocale(locale.tag, capability: "the number rule set \(name)")
        }
        return try spell(value, ruleSetIndex: index)
    }

    /// `value` spelled with the rule set at `index` (from `ruleSetIndex(named:)`).
    func spell(_ value: Int, ruleSetIndex index: Int32) throws -> String {
        guard value.magnitude < 1_000_000_000_000_000_000 else {
            throw SpokenFormError.invalidInput(kind: "number", input: String(value), expected: "a whole number below 10^18")
        }
        if value >= 0, value < icuWordLimit { return try spellPolished(Int64(value), ruleSet: index) }
        return polish(try pool.format(Int64(value), ruleSet: index), isLarge: value.magnitude >= 1_000_000, standalone: false, applyNounRules: true)
    }
}
