import Testing

@Suite struct DateCLITests {
    @Test func fullFrenchDate() throws {
        let result = try CLI.run(["date", "2015-04-01", "--locale", "fr-FR", "--style", "full"])
        #expect(result.stdout == "mercredi premier avril deux mille quinze\n")
        #expect(result.status == 0)
    }

    @Test func frenchTime() throws {
        #expect(try CLI.run(["time", "05:30", "--locale", "fr-FR"]).stdout == "cinq heures trente\n")
    }

    @Test func durations() throws {
        #expect(try CLI.run(["duration", "PT5H30M", "--locale", "fr-FR"]).stdout == "cinq heures et trente minutes\n")
        #expect(try CLI.run(["duration", "PT1H", "--locale", "de-DE"]).stdout == "eine Stunde\n")
    }

    @Test func relativeWithValueAndUnit() throws {
        #expect(try CLI.run(["relative", "--value=-1", "--unit", "day", "--locale", "fr-FR"]).stdout == "hier\n")
        #expect(try CLI.run(["relative", "--value=1", "--unit", "hour", "--locale", "de-DE"]).stdout == "in einer Stunde\n")
        #expect(try CLI.run(["relative", "--value=-1", "--unit", "day", "--numeric", "--locale", "fr-FR"]).stdout == "il y a un jour\n")
    }

    @Test func relativeNeedsValueAndUnitTogether() throws {
        let result = try CLI.run(["relative", "--value=-1", "--locale", "fr-FR"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--value and --unit go together"))
    }

    @Test func impossibleDateIsAnErrorWithASentence() throws {
        let result = try CLI.run(["date", "31/02/2015", "--locale", "fr-FR"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("'31/02/2015' is not a valid date: expected a date that exists"))
    }

    @Test func localeFieldOrder() throws {
        #expect(try CLI.run(["date", "01/04/2015", "--locale", "en-US"]).stdout == "January fourth, twenty fifteen\n")
        #expect(try CLI.run(["date", "01/04/2015", "--locale", "en-GB"]).stdout == "the first of April twenty fifteen\n")
    }

    @Test func dateTimeWithTimeZone() throws {
        let result = try CLI.run(["datetime", "2015-04-01T03:30:00Z", "--locale", "fr-FR", "--timezone", "Europe/Paris", "--style", "full"])
        #expect(result.stdout == "mercredi premier avril deux mille quinze à cinq heures trente\n")
    }

    @Test func unknownTimeZone() throws {
        let result = try CLI.run(["time", "05:30", "--locale", "fr-FR", "--timezone", "Mars/Olympus"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("'Mars/Olympus' is not a valid value for --timezone"))
    }

    @Test func timeStyles() throws {
        #expect(try CLI.run(["time", "17:30", "--locale", "fr-FR", "--style", "12h"]).stdout == "cinq heures trente de l'après-midi\n")
        let bad = try CLI.run(["time", "17:30", "--locale", "fr-FR", "--style", "clock"])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("expected 24h, 12h"))
    }

    @Test func stdinLineByLineKeepsAlignment() throws {
        let result = try CLI.run(["time", "--locale", "en-US"], stdin: "05:30\n25:00\n12:00\n")
        #expect(result.stdout == "five thirty AM\n\nnoon\n")
        #expect(result.status == 1)
        #expect(result.stderr.contains("'25:00' is not a valid time"))
    }

    @Test func jsonFormat() throws {
        let result = try CLI.run(["duration", "PT1H", "--locale", "fr-FR", "--format", "json"])
        #expect(result.stdout == #"{"input":"PT1H","kind":"duration","locale":"fr-FR","text":"une heure"}"# + "\n")
    }

    @Test func unsupportedLocale() throws {
        let result = try CLI.run(["date", "2015-04-01", "--locale", "ru-RU"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("not supported for dates"))
    }
}
