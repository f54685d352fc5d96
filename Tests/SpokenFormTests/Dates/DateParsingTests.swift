import Foundation
import Testing
@testable import SpokenForm

@Suite struct DateParsingTests {
    static func parser(_ tag: String) throws -> DateInputParser {
        try SpokenForm.shared(locale: tag).dates.parser
    }

    static func date(_ text: String, _ tag: String) throws -> CivilDate? {
        try parser(tag).parseDateTime(text).date
    }

    /// "9:30" may be morning or evening where clocks show 12 hours; "09:30", "21:30",
    /// "9:30:15", "12:30" and "9:30 PM" say which. How the hour was written is not part of
    /// the value: "9:30" equals "09:30".
    @Test func anUnmarkedHourIsReadButNotCompared() throws {
        let parser = try Self.parser("en-US")
        #expect(try parser.parseTime("9:30").hourIsUnmarked)
        for marked in ["09:30", "21:30", "9:30:15", "12:30", "9:30 PM", "9:30+02:00"] {
            #expect(try !parser.parseTime(marked).hourIsUnmarked, "\(marked)")
        }
        let unmarked = try parser.parseTime("9:30"), zeroed = try parser.parseTime("09:30")
        #expect(unmarked == zeroed)
        #expect(Set([unmarked, zeroed]).count == 1)
    }

    // MARK: Dates

    @Test func localeFieldOrder() throws {
        #expect(try Self.parser("fr-FR").order == [.day, .month, .year])
        #expect(try Self.parser("en-US").order == [.month, .day, .year])
        #expect(try Self.parser("en-GB").order == [.day, .month, .year])
        #expect(try Self.parser("de-DE").order == [.day, .month, .year])
        #expect(try Self.parser("nl-NL").order == [.day, .month, .year])
    }

    @Test(arguments: [
        ("2015-04-01", "fr-FR", "2015-04-01"), ("2015-04-01", "en-US", "2015-04-01"),
        ("01/04/2015", "fr-FR", "2015-04-01"), ("01/04/2015", "en-GB", "2015-04-01"),
        ("01/04/2015", "en-US", "2015-01-04"), ("4/1/2015", "en-US", "2015-04-01"),
        ("1.4.2015", "de-DE", "2015-04-01"), ("01.04.2015", "de-DE", "2015-04-01"),
        ("1-4-2015", "nl-NL", "2015-04-01"), ("2015/04/01", "en-US", "2015-04-01"),
        ("01/04/15", "fr-FR", "2015-04-01"), ("01/04/69", "fr-FR", "1969-04-01"),
        ("29/02/2024", "fr-FR", "2024-02-29"), ("29/02/2000", "fr-FR", "2000-02-29"),
        ("1427846400", "fr-FR", "2015-04-01"), ("@-86400", "fr-FR", "1969-12-31"), ("@0", "fr-FR", "1970-01-01"),
        ("0001-01-01", "fr-FR", "0001-01-01"), ("1.4.2015.", "de-DE", "2015-04-01"),
    ])
    func acceptedDates(input: String, locale: String, expected: String) throws {
        #expect(try Self.date(input, locale)?.description == expected)
    }

    @Test(arguments: [
        "31/02/2015", "29/02/2015", "29/02/1900", "31/04/2015", "2015-13-01", "2015-00-10", "00/04/2015",
        "01/04/2015/3", "1/4", "abc", "", "01.04-2015", "001/04/2015", "1.4.201", "2015-04-01x", "10000-01-01", "32/01/2015", "12345", "-86400",
    ])
    func rejectedDates(input: String) throws {
        #expect(throws: SpokenFormError.self) { try Self.date(input, "fr-FR") }
    }

    @Test func invalidDateSaysWhatWasExpected() throws {
        let fr = try SpokenForm(locale: "fr-FR")
        do {
            _ = try fr.date("31/02/2015")
            Issue.record("31/02/2015 was accepted")
        } catch let error as SpokenFormError {
            guard case .invalidInput(let kind, let input, let expected) = error else { Issue.record("\(error)"); return }
            #expect(kind == "date")
            #expect(input == "31/02/2015")
            #expect(expected.contains("1 to 28"))
            #expect(expected.contains("DD/MM/YYYY"))
            #expect(error.description.hasPrefix("'31/02/2015' is not a valid date"))
        }
    }

    // MARK: Times

    @Test(arguments: [
        ("05:30", 5, 30, nil), ("5:30", 5, 30, nil), ("05:30:15", 5, 30, nil), ("05:30:15.250", 5, 30, nil),
        ("5h30", 5, 30, nil), ("5 h 30", 5, 30, nil), ("5H30", 5, 30, nil), ("17h", 17, 0, nil), ("17 h", 17, 0, nil),
        ("5:30 pm", 17, 30, nil), ("5:30PM", 17, 30, nil), ("5pm", 17, 0, nil), ("5:30 p.m.", 17, 30, nil),
        ("12:30 am", 0, 30, nil), ("12 pm", 12, 0, nil), ("12:05 a.m.", 0, 5, nil), ("00:00", 0, 0, nil), ("23:59", 23, 59, nil),
        ("05:30Z", 5, 30, 0), ("05:30+02:00", 5, 30, 7200), ("05:30-0500", 5, 30, -18000), ("05:30 +01", 5, 30, 3600),
    ] as [(String, Int, Int, Int?)])
    func acceptedTimes(input: String, hour: Int, minute: Int, offset: Int?) throws {
        let value = try Self.parser("fr-FR").parseTime(input)
        #expect(value.time?.hour == hour)
        #expect(value.time?.minute == minute)
        #expect(value.utcOffset == offset)
    }

    @Test(arguments: ["24:30", "24:00:01", "12:60", "13pm", "0am", "5", "abc", "", "5:3", "05:30+25:00", "5:30 xm", "5::30", "05:30:61", "h30", "5h300"])
    func rejectedTimes(input: String) throws {
        #expect(throws: SpokenFormError.self) { try Self.parser("fr-FR").parseTime(input) }
        #expect(throws: SpokenFormError.self) { try SpokenForm.shared(locale: "fr-FR").time(input) }
    }

    // MARK: Date-times and time zones

    @Test func dateTimeForms() throws {
        let parser = try Self.parser("fr-FR")
        let iso = try parser.parseDateTime("2015-04-01T05:30:00+02:00", requireTime: true)
        #expect(iso.date?.description == "2015-04-01")
        #expect(iso.time?.description == "05:30")
        #expect(iso.utcOffset == 7200)
        #expect(try parser.parseDateTime("2015-04-01 05:30").time?.description == "05:30")
        #expect(try parser.parseDateTime("01/04/2015 05:30").date?.description == "2015-04-01")
        #expect(try parser.parseDateTime("01/04/2015, 17h").time?.description == "17:00")
        let stamp = try parser.parseDateTime("1427866200")
        #expect(stamp.date?.description == "2015-04-01")
        #expect(stamp.time?.description == "05:30")
        #expect(stamp.utcOffset == 0)
        #expect(throws: SpokenFormError.self) { try parser.parseDateTime("2015-04-01", requireTime: true) }
        #expect(throws: SpokenFormError.self) { try parser.parseDateTime("2015-04-01T25:00") }
    }

    @Test func timeZones() throws {
        let fr = try SpokenForm.shared(locale: "fr-FR")
        let paris = try #require(TimeZone(identifier: "Europe/Paris"))
        // Summer time (UTC+2): 23:30 UTC is 01:30 the next day in Paris.
        #expect(try fr.dateTime("2015-04-01T23:30Z", timeZone: paris) == "deux avril deux mille quinze à une heure trente")
        #expect(try fr.date("2015-04-01T23:30Z", timeZone: paris) == "deux avril deux mille quinze")
        // Winter time (UTC+1).
        #expect(try fr.time("2015-01-15T12:00Z", timeZone: paris) == "treize heures")
        // Default: the input's own offset, UTC for a timestamp.
        #expect(try fr.time("2015-04-01T05:30+02:00") == "cinq heures trente")
        #expect(try fr.time("2015-04-01T05:30+02:00", timeZone: TimeZone(identifier: "UTC")) == "trois heures trente")
        #expect(try fr.time("1427866200") == "cinq heures trente")
        #expect(try fr.time("1427866200", timeZone: paris) == "sept heures trente")
        // No offset: already wall-clock time in the zone asked.
        #expect(try fr.time("05:30", timeZone: paris) == "cinq heures trente")
        // Seconds a text writes are said; a timestamp's too. A Foundation Date is said to the minute.
        #expect(try fr.time("1427866215") == "cinq heures trente et quinze secondes")
        #expect(try fr.time("2015-04-01T05:30:15+02:00", timeZone: paris) == "cinq heures trente et quinze secondes")
        #expect(try fr.time(Date(timeIntervalSince1970: 1_427_866_215), timeZone: paris) == "sept heures trente")
        #expect(try fr.dateTime(Date(timeIntervalSince1970: 1_427_866_215), timeZone: paris) == "premier avril deux mille quinze à sept heures trente")
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        #expect(try SpokenForm.shared(locale: "en-US").dateTime("1427866200", timeZone: newYork) == "April first, twenty fifteen at one thirty AM")
    }

    // MARK: Durations

    @Test(arguments: [
        ("19800", "d0 h5 m30 s0"), ("0", "d0 h0 m0 s0"), ("90061", "d1 h1 m1 s1"),
        ("PT5H30M", "h5 m30"), ("P1DT2H", "d1 h2"), ("P2W", "w2"), ("P1Y2M", "y1 m2"), ("PT45S", "s45"),
        ("P1Y2M3W4DT5H6M7S", "y1 m2 w3 d4 h5 m6 s7"), ("pt1h", "h1"), ("5:30:00", "h5 m30 s0"), ("1:30", "h1 m30"),
    ])
    func acceptedDurations(input: String, expected: String) throws {
        let value = try Self.parser("fr-FR").parseDuration(input)
        let short: [DateUnit: String] = [.year: "y", .month: "m", .week: "w", .day: "d", .hour: "h", .minute: "m", .second: "s"]
        #expect(value.components.map { "\(short[$0.unit]!)\($0.value)" }.joined(separator: " ") == expected)
    }

    @Test(arguments: ["PT", "P", "PT5X", "P1H", "PT1D", "-5", "5:75", "PT5M5H", "P1DT", "P1D1D", "abc", "", "1:2:3:4", "5.5"])
    func rejectedDurations(input: String) throws {
        #expect(throws: SpokenFormError.self) { try Self.parser("fr-FR").parseDuration(input) }
    }

    // MARK: Calendar arithmetic

    @Test func epochDaysRoundTrip() throws {
        for days in stride(from: -800_000, through: 3_000_000, by: 997) {
            let date = CivilDate(daysSinceEpoch: days)
            #expect(date.daysSinceEpoch == days)
            #expect((try? CivilDate(year: date.year, month: date.month, day: date.day)) != nil || date.year < 1 || date.year > 9999)
        }
        #expect(try CivilDate(year: 1970, month: 1, day: 1).daysSinceEpoch == 0)
        #expect(try CivilDate(year: 2015, month: 4, day: 1).daysSinceEpoch == 16526)
    }

    /// Before 1582 ICU's default calendar is Julian; ours is proleptic Gregorian, so the
    /// weekday ICU prints matches the date we were given.
    @Test func prolepticGregorianWeekday() throws {
        let en = try SpokenForm.shared(locale: "en-US")
        // 1 January 1000 (proleptic Gregorian) was a Wednesday.
        #expect(try en.date(CivilDate(year: 1000, month: 1, day: 1), style: .full) == "Wednesday, January first, one thousand")
    }

    @Test func unsupportedLocaleIsAnError() throws {
        let ru = try SpokenForm(locale: "ru-RU")
        #expect(throws: SpokenFormError.unsupportedLocale("ru-RU", capability: "dates")) { try ru.dates }
    }

    @Test func unknownTimeStyleNamesTheChoices() throws {
        let fr = try SpokenForm.shared(locale: "fr-FR")
        #expect(throws: SpokenFormError.invalidOption(name: "time style", value: "clock", expected: "24h, 12h")) {
            try fr.time("05:30", style: "clock")
        }
    }
}
