import CICU
import Foundation
import SpokenForm

// Dates, times and durations, per call on one core, next to raw ICU measured in the
// same run:
// - spelled date: DateSpeller.date(_:style: .full), against ICU alone doing the same
//   work in C++ (format the date with field positions into the same pattern, splice
//   the day and year words into the fields, convert to UTF-8: sf_datefmt_benchmark_splice).
// - spelled time: DateSpeller.time, against ICU formatting "HH:mm" (numbers only).
// - duration: DateSpeller.duration(PT5H30M) (unit phrases for counts below 1000 are
//   cached), the same with uncached counts (1000+ hours), against two ICU unit formats
//   (digits) through the same Swift wrapper.
// Targets (issue 3): spelled date <= 2.5 µs and <= 1.6x the raw ICU format + splice.
//
// Times are this thread's CPU time (CLOCK_THREAD_CPUTIME_ID), not wall time: the
// machine is shared, and time spent descheduled is not a cost of the call. Each figure
// is the best of 15 rounds, and the rounds of a row's columns are interleaved, so a
// quiet or busy moment favours none of them.
func runDateBenchmarks() throws {
    let locales = ["fr-FR", "en-US", "de-DE", "es-ES"]
    let iterations = 20_000
    var rows: [[String]] = []
    var worstRatio = 0.0, worstDate = 0.0
    for tag in locales {
        let spoken = try SpokenForm(locale: tag)
        let start = DispatchTime.now().uptimeNanoseconds
        let dates = try spoken.dates
        let creation = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
        let date = try CivilDate(year: 2015, month: 4, day: 1)
        // 365 different days, to show the cost is not one cached answer.
        let year = try (0..<365).map { offset -> CivilDate in
            var month = 1, day = offset + 1
            while day > CivilDate.daysInMonth(year: 2015, month: month) { day -= CivilDate.daysInMonth(year: 2015, month: month); month += 1 }
            return try CivilDate(year: 2015, month: month, day: day)
        }
        let time = try CivilTime(hour: 5, minute: 30)
        let duration = DurationValue([.init(unit: .hour, value: 5), .init(unit: .minute, value: 30)])

        // Warm up: creates the pooled formatters.
        blackHole(try dates.date(date, style: .full))
        blackHole(try dates.time(time))
        blackHole(try dates.duration(duration))

        // Raw ICU: same pattern, same words, all in C++.
        let pattern = try dates.pattern(for: .full)
        var status: Int32 = 0
        guard let raw = sf_datefmt_open(spoken.locale.icuID, pattern, &status),
              let rawTimeFormatter = sf_datefmt_open(spoken.locale.icuID, "HH:mm", &status) else {
            throw SpokenFormError.unsupportedLocale(tag, capability: "dates")
        }
        defer { sf_datefmt_close(raw); sf_datefmt_close(rawTimeFormatter) }
        let dayWords = dates.dayWord(1) ?? ""
        let yearWords = try spoken.year(2015)
        guard let hours = RawNumberFormatter(icuLocaleID: spoken.locale.icuID, skeleton: "measure-unit/duration-hour unit-width-full-name"),
              let minutes = RawNumberFormatter(icuLocaleID: spoken.locale.icuID, skeleton: "measure-unit/duration-minute unit-width-full-name") else {
            throw SpokenFormError.unsupportedLocale(tag, capability: "durations")
        }

        let figures = interleavedCPUMicroseconds(rounds: 15, [
            (iterations, { _ in blackHole(try? dates.date(date, style: .full)) }),
            (iterations, { i in blackHole(try? dates.date(year[i % 365], style: .full)) }),
            (1, { _ in blackHole(sf_datefmt_benchmark_splice(raw, 2015, 4, 1, dayWords, yearWords, Int64(iterations))) }),
            (iterations, { i in blackHole(try? dates.time(CivilTime(hour: i % 24, minute: i % 60))) }),
            (1, { _ in blackHole(sf_datefmt_benchmark_splice(rawTimeFormatter, 2015, 4, 1, "", "", Int64(iterations))) }),
            (iterations, { _ in blackHole(try? dates.duration(duration)) }),
            (iterations, { _ in blackHole(hours.format("5")); blackHole(minutes.format("30")) }),
            (iterations, { _ in blackHole(try? dates.relative(-3, unit: .day)) }),
            // Counts from 1000 up are not in the unit-phrase cache: ICU unit format + spell-out each time.
            (iterations / 10, { i in blackHole(try? dates.duration(DurationValue([.init(unit: .hour, value: 1000 + i), .init(unit: .minute, value: 30)]))) }),
        ])
        let spelledDate = figures[0], spelledDates = figures[1], rawDate = figures[2] / Double(iterations)
        let spelledTime = figures[3], rawTime = figures[4] / Double(iterations)
        let spelledDuration = figures[5], rawDuration = figures[6], relative = figures[7], uncachedDuration = figures[8]

        worstRatio = max(worstRatio, spelledDate / rawDate)
        worstDate = max(worstDate, spelledDate)
        rows.append([tag, format(spelledDate), format(spelledDates), format(rawDate), format(spelledDate / rawDate, digits: 2) + "x",
                     format(spelledTime), format(rawTime), format(spelledDuration), format(uncachedDuration), format(rawDuration), format(relative)])
        print("  \(tag) (DateSpeller created in \(format(creation, digits: 1)) ms wall time): \(try dates.date(date, style: .full)) | \(try dates.time(time)) | \(try dates.duration(duration)) | \(try dates.relative(-3, unit: .day))")
    }
    printTable(["locale", "date µs", "365 dates µs", "ICU fmt+splice µs", "ratio", "time µs", "ICU HH:mm µs", "duration µs", "uncached µs", "ICU 2 units µs", "relative µs"], rows, figures: "dates")
    print("worst spelled date: \(format(worstDate)) µs (target <= 2.5), worst ratio to raw ICU format + splice: \(format(worstRatio, digits: 2))x (target <= 1.6)")
}

/// This thread's CPU time in microseconds.
private func threadCPUMicroseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1_000_000 + Double(time.tv_nsec) / 1000
}

/// CPU microseconds per iteration of each body: the best of `rounds` runs, the runs of
/// all bodies interleaved round by round.
private func interleavedCPUMicroseconds(rounds: Int, _ bodies: [(iterations: Int, body: (Int) -> Void)]) -> [Double] {
    var best = [Double](repeating: .infinity, count: bodies.count)
    for _ in 0..<rounds {
        for (index, entry) in bodies.enumerated() {
            let start = threadCPUMicroseconds()
            for i in 0..<entry.iterations { entry.body(i) }
            best[index] = min(best[index], (threadCPUMicroseconds() - start) / Double(entry.iterations))
        }
    }
    return best
}
