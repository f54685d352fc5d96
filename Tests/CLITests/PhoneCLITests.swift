import Foundation
import Testing

@Suite struct PhoneCLITests {
    let frenchMobile = "zéro six, onze, vingt-deux, trente-trois, zéro six\n"

    @Test func frenchPairsWithDotsOrWithout() throws {
        #expect(try CLI.run(["phone", "06.11.22.33.06", "--locale", "fr-FR"]).stdout == frenchMobile)
        #expect(try CLI.run(["phone", "0611223306", "--locale", "fr-FR"]).stdout == frenchMobile)
    }

    @Test func americanDigitsInGroups() throws {
        let result = try CLI.run(["phone", "(201) 555-0123", "--locale", "en-US"])
        #expect(result.stdout == "two zero one, five five five, zero one two three\n")
        #expect(result.status == 0)
        let oh = try CLI.run(["phone", "(201) 555-0123", "--locale", "en-US", "--zero", "oh"])
        #expect(oh.stdout == "two oh one, five five five, oh one two three\n")
    }

    @Test func internationalStartsWithPlusCountryCode() throws {
        let result = try CLI.run(["phone", "+33 6 11 22 33 06", "--locale", "fr-FR"])
        #expect(result.stdout == "plus trente-trois, six, onze, vingt-deux, trente-trois, zéro six\n")
    }

    @Test func tooShortExitsWithASentence() throws {
        let result = try CLI.run(["phone", "0612", "--locale", "fr-FR"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "spokenform: '0612' is not a valid phone number in France: expected 10 digits, found 4 (too short).\n")
    }

    @Test func lenientReadsItAnyway() throws {
        let result = try CLI.run(["phone", "0612", "--locale", "fr-FR", "--lenient"])
        #expect(result.stdout == "zéro six, douze\n")
        #expect(result.status == 0)
    }

    @Test func regionOption() throws {
        let result = try CLI.run(["phone", "020 7946 0018", "--locale", "en-GB", "--region", "GB"])
        #expect(result.stdout == "oh two oh, seven nine four six, double oh one eight\n")
        let bad = try CLI.run(["phone", "020 7946 0018", "--locale", "en-GB", "--region", "XX"])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("'XX' is not a valid value for region"))
    }

    @Test func jsonHasRegionTypeAndGroups() throws {
        let result = try CLI.run(["phone", "+1 416 555 0123", "--locale", "fr-FR", "--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(object?["region"] as? String == "CA")
        #expect(object?["type"] as? String == "fixed line or mobile")
        #expect(object?["groups"] as? [String] == ["1", "416", "555", "0123"])
        #expect(object?["countryCode"] as? Int == 1)
        #expect(object?["kind"] as? String == "phone")
        #expect(object?["text"] as? String == "plus un, quatre cent seize, cinq cent cinquante-cinq, zéro un, vingt-trois")
    }

    @Test func jsonErrorLine() throws {
        let result = try CLI.run(["phone", "0612", "--locale", "fr", "--format", "json"])
        #expect(result.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect((object?["error"] as? String)?.contains("too short") == true)
    }

    @Test func stdinLineByLineKeepsAlignment() throws {
        let result = try CLI.run(["phone", "--locale", "fr-FR"], stdin: "06 11 22 33 06\n0612\n01 23 45 67 89 poste 12\n")
        #expect(result.stdout == frenchMobile + "\n" + "zéro un, vingt-trois, quarante-cinq, soixante-sept, quatre-vingt-neuf, poste douze\n")
        #expect(result.status == 1)
        #expect(result.stderr.contains("'0612'"))
    }

    @Test func unsupportedLanguage() throws {
        let result = try CLI.run(["phone", "0611223306", "--locale", "ru"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("phone numbers"))
    }

    @Test func helpHasExamples() throws {
        let result = try CLI.run(["phone", "--help"])
        #expect(result.stdout.contains("spokenform phone 06.11.22.33.06 --locale fr-FR"))
        #expect(result.stdout.contains("--lenient"))
    }
}
