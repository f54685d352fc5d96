import Foundation
import Testing

@Suite struct ExpandCLITests {
    @Test func doneWhenExamples() throws {
        #expect(try CLI.run(["expand", "Dr Martin, 3 av. Foch", "--locale", "fr-FR"]).stdout == "docteur Martin, trois avenue Foch\n")
        #expect(try CLI.run(["expand", "5 min", "--locale", "fr-FR"]).stdout == "cinq minutes\n")
        #expect(try CLI.run(["expand", "1 km", "--locale", "fr-FR"]).stdout == "un kilomètre\n")
        #expect(try CLI.run(["expand", "12,50 €", "--locale", "fr-FR"]).stdout == "douze euros cinquante\n")
        let specifier = try CLI.run(["expand", "Total: %1$lld km", "--locale", "en-US"])
        #expect(specifier.stdout == "Total: %1$lld km\n")
        #expect(specifier.status == 0)
    }

    @Test func stdinLineByLine() throws {
        let result = try CLI.run(["expand", "--locale", "en-US"], stdin: "$5.50\nnothing here\nDr. Smith\n")
        #expect(result.stdout == "five dollars and fifty cents\nnothing here\nDoctor Smith\n")
        #expect(result.status == 0)
    }

    @Test func jsonListsExpansionsWithScalarAndUTF16Ranges() throws {
        let result = try CLI.run(["expand", "😀 Dr Martin", "--locale", "fr", "--format", "json"])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["text"] as? String == "😀 docteur Martin")
        #expect(object["input"] as? String == "😀 Dr Martin")
        let expansions = try #require(object["expansions"] as? [[String: Any]])
        #expect(expansions.count == 1)
        let first = try #require(expansions.first)
        #expect(first["kind"] as? String == "abbreviation")
        #expect(first["original"] as? String == "Dr")
        #expect(first["spoken"] as? String == "docteur")
        #expect(first["scalars"] as? [String: Int] == ["start": 2, "end": 4])
        #expect(first["utf16"] as? [String: Int] == ["start": 3, "end": 5])
        #expect(first["outputScalars"] as? [String: Int] == ["start": 2, "end": 9])
        #expect(first["outputUTF16"] as? [String: Int] == ["start": 3, "end": 10])
    }

    @Test func unsupportedLocaleExitsWithCode2() throws {
        let result = try CLI.run(["expand", "Dr Martin", "--locale", "ru"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("'ru'"))
    }

    @Test func ssmlFormatIsAUsageError() throws {
        let result = try CLI.run(["expand", "Dr Martin", "--locale", "fr", "--format", "ssml"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("text or json"))
    }
}
