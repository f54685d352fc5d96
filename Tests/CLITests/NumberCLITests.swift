import Testing

@Suite struct NumberCLITests {
    @Test func frenchDecimalPlainAndLocaleNotation() throws {
        let expected = "cinquante-quatre millions trente-huit mille neuf cent vingt et un virgule sept\n"
        #expect(try CLI.run(["number", "54038921.7", "--locale", "fr"]).stdout == expected)
        #expect(try CLI.run(["number", "54 038 921,7", "--locale", "fr-FR"]).stdout == expected)
    }

    @Test func quatreVingtsMillions() throws {
        #expect(try CLI.run(["number", "80000000", "--locale", "fr"]).stdout == "quatre-vingts millions\n")
    }

    @Test func englishHundredQuintillion() throws {
        #expect(try CLI.run(["number", "100000000000000000000", "--locale", "en"]).stdout == "one hundred quintillion\n")
    }

    @Test func bengaliIsUnsupportedNotEnglish() throws {
        let result = try CLI.run(["number", "12", "--locale", "bn"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("'bn'"))
    }

    @Test func stdinLineByLineKeepsAlignment() throws {
        let result = try CLI.run(["number", "--locale", "en"], stdin: "1\nabc\n3\n")
        #expect(result.stdout == "one\n\nthree\n")
        #expect(result.status == 1)
        #expect(result.stderr.contains("'abc' is not a valid number"))
    }

    @Test func jsonFormat() throws {
        let result = try CLI.run(["ordinal", "1", "--locale", "fr", "--gender", "feminine", "--format", "json"])
        #expect(result.stdout == #"{"input":"1","kind":"ordinal","locale":"fr","text":"première"}"# + "\n")
    }
}
