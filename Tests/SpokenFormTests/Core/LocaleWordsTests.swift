import Testing
@testable import SpokenForm

/// Words that used to be in Swift and now come from `Locales/`.
@Suite struct LocaleWordsTests {
    @Test func meridiemMarkersComeFromTheData() throws {
        let files = try LocaleDataStore.embedded.files(named: "time-input.txt", language: "und")
        let markers = try DateInputParser.meridiems(files)
        #expect(markers.map(\.word) == ["a. m.", "a.m.", "am", "a", "p. m.", "p.m.", "pm", "p"])
        #expect(markers.filter(\.isPM).map(\.word) == ["p. m.", "p.m.", "pm", "p"])
        // Spanish writes the marker with a space: "5:30 p. m." is half past five in the afternoon.
        #expect(try SpokenForm(locale: "es-ES").time("5:30 p. m.") == "las cinco y treinta de la tarde")
        let bad = LocaleDataFile(path: "x/time-input.txt", contents: "noon = midi\n")
        #expect(throws: SpokenFormError.self) { try DateInputParser.meridiems([bad]) }
        // The data's markers are what the time reader knows.
        let en = try SpokenForm(locale: "en-US")
        #expect(try en.time("5:30 p.m.") == "five thirty PM")
        #expect(try en.time("5:30 a") == "five thirty AM")
    }

    @Test func elisionNeedsItsLettersInTheData() throws {
        let units = LocaleDataFile(path: "xx/units.txt", contents: "elision | una | un'\n")
        #expect(throws: SpokenFormError.self) {
            try AbbreviationLocaleData(abbreviations: [], units: [units], money: [])
        }
        let complete = LocaleDataFile(path: "xx/units.txt", contents: "elision | una | un'\nelides-before | a o\n")
        let data = try AbbreviationLocaleData(abbreviations: [], units: [complete], money: [])
        #expect(data.elisionInitials == ["a", "o"])
        #expect(try SpokenForm(locale: "it").expand("1 h").text == "un'ora")
    }

    @Test func phoneGroupsArePausedWithTheDataMark() throws {
        let file = LocaleDataFile(path: "xx/phones.txt", contents: "plus = plus\nextension = poste\n")
        #expect(throws: SpokenFormError.self) { try PhoneLocaleData(files: [file]) }
        #expect(try SpokenForm(locale: "fr-FR").phone("06.11.22.33.06") == "zéro six, onze, vingt-deux, trente-trois, zéro six")
    }
}
