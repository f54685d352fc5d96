import Testing
@testable import SpokenForm

@Test func frenchNumberSmoke() throws {
    let fr = try SpokenForm(locale: "fr-FR")
    #expect(try fr.number("54038921.7") == "cinquante-quatre millions trente-huit mille neuf cent vingt et un virgule sept")
}
