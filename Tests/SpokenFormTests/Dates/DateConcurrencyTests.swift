import Foundation
import Synchronization
import Testing
@testable import SpokenForm

/// Dates from 8 threads at once must give exactly what one thread gives: the date
/// formatters are pooled, the relative formatter is locked, and the lazily created
/// formatters and spellers are created while other threads use them.
@Suite struct DateConcurrencyTests {
    static let locales = ["fr-FR", "en-US", "de-DE", "es-ES", "it-IT", "pt-BR", "nl-NL"]

    /// Every kind of call, across styles.
    static let work: [(String, @Sendable (SpokenForm) throws -> String)] = {
        var work: [(String, @Sendable (SpokenForm) throws -> String)] = []
        let dates = ["2015-04-01", "1999-12-31", "2000-01-01", "2024-02-29", "1789-07-14", "2001-03-21"]
        for (index, date) in dates.enumerated() {
            let style = DateStyle.allCases[index % DateStyle.allCases.count]
            work.append(("date \(date) \(style)", { try $0.dates.date(date, style: style) }))
        }
        for time in ["00:00", "00:05", "01:00", "05:30", "12:00", "12:30", "13:21", "23:59"] {
            work.append(("time \(time)", { try $0.dates.time(time) }))
            work.append(("time 12h \(time)", { spoken in try spoken.dates.time(time, style: spoken.dates.timeStyles.last) }))
        }
        work.append(("datetime", { try $0.dates.dateTime("2015-04-01T05:30", dateStyle: .full) }))
        work.append(("datetime zone", { try $0.dates.dateTime("2015-04-01T23:30Z", timeZone: TimeZone(identifier: "Europe/Paris")) }))
        for duration in ["PT1H", "PT5H30M", "P1DT2H", "90061", "P2W", "P1Y2M"] {
            work.append(("duration \(duration)", { try $0.dates.duration(duration) }))
        }
        for relative in ["-1 day", "-2 days", "3 days", "1 hour", "-1 hour", "2 weeks", "-21 minutes"] {
            work.append(("relative \(relative)", { try $0.dates.relative(relative) }))
            work.append(("relative numeric \(relative)", { try $0.dates.relative(relative, numeric: true) }))
        }
        return work
    }()

    @Test func eightThreadsGiveSingleThreadedResults() throws {
        // Expected results from separate instances, one thread.
        let expected: [[String]] = try Self.locales.map { tag in
            let spoken = try SpokenForm(locale: tag)
            return try Self.work.map { try $0.1(spoken) }
        }
        // Fresh instances, so the speller's lazily created formatters race too. The speller
        // itself is made first: SpokenForm's capability cache is a Synchronization.Mutex,
        // which the thread sanitizer cannot see on Linux.
        let shared = try Self.locales.map { try SpokenForm(locale: $0) }
        for spoken in shared { _ = try spoken.dates }
        let mismatches = Mutex<[String]>([])
        let callsPerThread = 1_500
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            var localMismatches: [String] = []
            for call in 0..<callsPerThread {
                let localeIndex = (call + thread) % shared.count
                let workIndex = (call * 7 + thread * 13) % Self.work.count
                let item = Self.work[workIndex]
                let said = (try? item.1(shared[localeIndex])) ?? "<error>"
                if said != expected[localeIndex][workIndex] {
                    localMismatches.append("\(Self.locales[localeIndex]) \(item.0): \(said) != \(expected[localeIndex][workIndex])")
                }
            }
            mismatches.withLock { $0.append(contentsOf: localMismatches) }
        }
        let found = mismatches.withLock { $0 }
        #expect(found.isEmpty, "\(found.prefix(5))")
        #expect(Self.work.count * Self.locales.count < 8 * callsPerThread)
    }
}
