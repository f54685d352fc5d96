import Foundation
import Testing
@testable import SpokenForm

@Suite struct DateLocaleDataTests {
    /// Every shipped dates.txt and times.txt loads, and every time style says every minute.
    @Test(arguments: LocaleDataStore.languages(having: "times.txt"))
    func shippedDataLoads(language: String) throws {
        let dates = try LocaleDataStore.embedded.files(named: "dates.txt", language: language)
        let times = try LocaleDataStore.embedded.files(named: "times.txt", language: language)
        #expect(!dates.isEmpty)
        _ = try DateLocaleData(files: dates)
        let timeData = try TimeLocaleData(files: times)
        #expect(timeData.styles[timeData.defaultStyle] != nil)
        #expect(timeData.styles.count >= 2, "\(language) offers no alternative time style")
    }

    @Test func regionFileAddsToLanguage() throws {
        let files = try LocaleDataStore.embedded.files(named: "dates.txt", language: "en", region: "GB")
        #expect(files.map(\.path) == ["Locales/en/dates.txt", "Locales/en/GB/dates.txt"])
        let data = try DateLocaleData(files: files)
        #expect(data.day == .ordinal)
        #expect(data.patternReplacements.count == 1)
    }

    static func timeFile(_ body: String) -> LocaleDataFile {
        LocaleDataFile(path: "xx/times.txt", contents: "# test\ndefault = 24h\n" + body)
    }

    static let fullDay = "rule = 24h | * | * | {h24} h {minute}\n"

    @Test func malformedTimeDataNamesFileAndLine() throws {
        let cases: [(String, String)] = [
            (Self.fullDay + "colour = blue\n", "unknown key 'colour'"),
            (Self.fullDay + "rule = 24h | 25 | * | x\n", "'25' is not"),
            (Self.fullDay + "rule = 24h | * | * | {hour}\n", "unknown placeholder {hour}"),
            (Self.fullDay + "rule = 24h | * | x\n", "expected 'STYLE | HOURS | MINUTES | TEMPLATE'"),
            (Self.fullDay + "hour-gender = plural\n", "expected masculine, feminine, neuter or none"),
            (Self.fullDay + "period = 24h | 1-3\n", "expected 'STYLE | HOURS | WORDS'"),
        ]
        for (body, message) in cases {
            do {
                _ = try TimeLocaleData(files: [Self.timeFile(body)])
                Issue.record("accepted: \(body)")
            } catch let error as SpokenFormError {
                guard case .malformedLocaleData(let file, let line, let text) = error else { Issue.record("\(error)"); continue }
                #expect(file == "xx/times.txt")
                #expect(line == 4)
                #expect(text.contains(message), "\(text)")
            }
        }
    }

    @Test func unmarkedHourMustNameAStyle() throws {
        do {
            _ = try TimeLocaleData(files: [Self.timeFile(Self.fullDay + "unmarked-hour = clock\n")])
            Issue.record("accepted an unmarked-hour style without rules")
        } catch let error as SpokenFormError {
            guard case .malformedLocaleData(_, _, let text) = error else { Issue.record("\(error)"); return }
            #expect(text.contains("'unmarked-hour = clock' names no style with rules"), "\(text)")
        }
        let data = try TimeLocaleData(files: [Self.timeFile(Self.fullDay + "rule = clock | * | * | {h12}\nunmarked-hour = clock\n")])
        #expect(data.unmarkedHourStyle == "clock")
    }

    @Test func everyMinuteMustBeCovered() throws {
        #expect(throws: SpokenFormError.self) {
            try TimeLocaleData(files: [Self.timeFile("rule = 24h | 0-22 | * | {h24}\n")])
        }
        #expect(throws: SpokenFormError.self) {
            try TimeLocaleData(files: [LocaleDataFile(path: "xx/times.txt", contents: "default = 12h\n" + Self.fullDay)])
        }
    }

    @Test func malformedDateDataNamesFileAndLine() throws {
        let cases: [(String, String)] = [
            ("day = both\n", "expected cardinal or ordinal"),
            ("pattern-replace = d.\n", "expected 'FROM => TO'"),
            ("unit-gender = fortnight | feminine\n", "unknown unit 'fortnight'"),
            ("unit-gender = hour | plural\n", "expected masculine, feminine, neuter or none"),
            ("relative-ruleset = plural | %x\n", "expected masculine, feminine or neuter"),
            ("weekday = yes\n", "unknown key 'weekday'"),
        ]
        for (body, message) in cases {
            do {
                _ = try DateLocaleData(files: [LocaleDataFile(path: "xx/dates.txt", contents: "# test\n" + body)])
                Issue.record("accepted: \(body)")
            } catch let error as SpokenFormError {
                guard case .malformedLocaleData(let file, let line, let text) = error else { Issue.record("\(error)"); continue }
                #expect(file == "xx/dates.txt")
                #expect(line == 2)
                #expect(text.contains(message), "\(text)")
            }
        }
    }

    @Test func dateAndTimeJoinedByTheLocaleWord() throws {
        let fr = try SpokenForm.shared(locale: "fr-FR")
        #expect(try fr.dateTime("01/04/2015 à 5h30") == "premier avril deux mille quinze à cinq heures trente")
        let it = try SpokenForm.shared(locale: "it-IT")
        #expect(try it.dateTime("01/04/2015 alle 17:30") == "primo aprile duemilaquindici alle diciassette e trenta")
    }

    @Test func decodingChecksTheFields() throws {
        let decoder = JSONDecoder()
        #expect(throws: SpokenFormError.self) { try decoder.decode(CivilDate.self, from: Data(#"{"year":2015,"month":2,"day":31}"#.utf8)) }
        #expect(throws: SpokenFormError.self) { try decoder.decode(CivilTime.self, from: Data(#"{"hour":99,"minute":0,"second":0}"#.utf8)) }
        #expect(try decoder.decode(CivilDate.self, from: Data(#"{"year":2015,"month":4,"day":1}"#.utf8)).description == "2015-04-01")
    }

    @Test func outOfRangeAfterConversionIsAnError() throws {
        let fr = try SpokenForm.shared(locale: "fr-FR")
        #expect(throws: SpokenFormError.self) { try fr.dateTime("9999-12-31T23:59Z", timeZone: TimeZone(identifier: "Asia/Tokyo")) }
        #expect(throws: SpokenFormError.self) { try fr.date(CivilDate(year: 9999, month: 12, day: 31).description + "T23:00-05:00", timeZone: TimeZone(identifier: "UTC")) }
    }
}
