import Testing
import SpokenForm

/// The library example in README.md, call for call: if this fails, fix the README too.
@Suite struct ReadmeExampleTests {
    @Test func libraryExample() throws {
        let fr = try SpokenForm(locale: "fr-FR")
        #expect(try fr.number("54 038 921,7") == "cinquante-quatre millions trente-huit mille neuf cent vingt et un virgule sept")
        #expect(try fr.number(21, gender: .feminine) == "vingt et une")
        #expect(try fr.ordinal(1, gender: .feminine) == "première")
        #expect(try fr.date("01/04/2015", style: .full) == "mercredi premier avril deux mille quinze")
        #expect(try fr.time("5h30") == "cinq heures trente")
        #expect(try fr.duration(seconds: 19800) == "cinq heures et trente minutes")
        #expect(try fr.relative(days: -1) == "hier")
        #expect(try fr.phone("+33 6 11 22 33 06") == "plus trente-trois, six, onze, vingt-deux, trente-trois, zéro six")
        #expect(try fr.expand("Dr Martin, 3 av. Foch").text == "docteur Martin, trois avenue Foch")
        #expect(try fr.text("RDV le 01/04/2015 à 5h30").text == "rendez-vous le premier avril deux mille quinze à cinq heures trente")
        let tagged = try fr.tag("Activez le Bluetooth")
        #expect(tagged.ssml == #"<speak xml:lang="fr-FR">Activez le <lang xml:lang="en">Bluetooth</lang></speak>"#)
        #expect(tagged.spans.map { $0.start16..<$0.end16 } == [11..<20])
    }

    @Test func unknownLocalesAreThrownErrors() {
        #expect(throws: SpokenFormError.invalidLocale("fr FR")) { try SpokenForm(locale: "fr FR") }
        #expect(throws: SpokenFormError.unsupportedLocale("bn", capability: "numbers")) { try SpokenForm(locale: "bn").numbers }
    }
}
