import CICU
import Foundation
import SpokenForm

/// µs per number for SpokenForm, raw ICU through the bridge (a C loop: no Swift, no
/// String), and Foundation's NumberFormatter(.spellOut), all measured in this run.
func runNumberBenchmarks() throws {
    let count = Int(ProcessInfo.processInfo.environment["SPOKENFORM_BENCH_COUNT"] ?? "") ?? 200_000
    // Values spread over every magnitude from 1 to ~10^9, the same for every contender.
    let integers: [Int64] = (0..<count).map { i in Int64((UInt64(i) &* 2_654_435_761) % 1_000_000_000) >> UInt64(i % 30) }
    let decimals: [String] = (0..<count).map { i in "\(integers[i] % 1_000_000).\(i % 100)" }
    let decimalValues: [DecimalText] = try decimals.map { try SpokenForm(locale: "en").numbers.parse($0) }
    let decimalDoubles: [Double] = decimals.map { Double($0)! }

    var rows: [[String]] = []
    let benchmarkLocales = (ProcessInfo.processInfo.environment["SPOKENFORM_BENCH_LOCALES"] ?? "fr-FR,en-US").split(separator: ",").map(String.init)
    for tag in benchmarkLocales {
        let spoken = try SpokenForm(locale: tag)
        let numbers = try spoken.numbers

        // Raw ICU: one formatter, the cardinal rule set SpokenForm uses, a C loop.
        var status: Int32 = 0
        let rbnf = sf_rbnf_open(tag.replacingOccurrences(of: "-", with: "_"), &status)!
        defer { sf_rbnf_close(rbnf) }
        let ruleSet = Int32(numbers.ruleSetNames.firstIndex(of: "%spellout-numbering") ?? 0)
        var best = Double.infinity
        for _ in 0..<5 {
            let start = DispatchTime.now().uptimeNanoseconds
            var total: Int64 = 0
            for chunk in stride(from: 0, to: count, by: 1_000) {
                total &+= sf_rbnf_benchmark_loop(rbnf, integers[chunk], 1_000, ruleSet)
            }
            blackHole(total)
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1000 / Double(count))
        }
        let icuInteger = best

        let ours = microseconds(iterations: count) { i in blackHole(try? numbers.cardinal(Int(integers[i]))) }

        let foundation = NumberFormatter()
        foundation.locale = Locale(identifier: tag)
        foundation.numberStyle = .spellOut
        let nsIntegers = integers.map { NSNumber(value: $0) }
        let foundationInteger = microseconds(iterations: count) { i in blackHole(foundation.string(from: nsIntegers[i])) }

        // Decimals: ICU's own (double) path per call, through the bridge into a stack buffer.
        let icuDecimal = microseconds(iterations: count) { i in
            withUnsafeTemporaryAllocation(of: CChar.self, capacity: 512) { buffer in
                blackHole(sf_rbnf_format_decimal_string(rbnf, decimals[i], ruleSet, buffer.baseAddress!, 512))
            }
        }
        let oursDecimal = microseconds(iterations: count) { i in blackHole(try? numbers.cardinal(decimalValues[i])) }
        let oursDecimalParsed = microseconds(iterations: count) { i in blackHole(try? numbers.number(decimals[i])) }
        let nsDecimals = decimalDoubles.map { NSNumber(value: $0) }
        let foundationDecimal = microseconds(iterations: count) { i in blackHole(foundation.string(from: nsDecimals[i])) }

        rows.append([tag, "integer", format(ours), format(icuInteger), format(foundationInteger),
                     format(ours / icuInteger, digits: 2) + "x", format(foundationInteger / ours, digits: 2) + "x"])
        rows.append([tag, "decimal", format(oursDecimal), format(icuDecimal), format(foundationDecimal),
                     format(oursDecimal / icuDecimal, digits: 2) + "x", format(foundationDecimal / oursDecimal, digits: 2) + "x"])
        rows.append([tag, "decimal text", format(oursDecimalParsed), format(icuDecimal), format(foundationDecimal),
                     format(oursDecimalParsed / icuDecimal, digits: 2) + "x", format(foundationDecimal / oursDecimalParsed, digits: 2) + "x"])
    }
    print("µs per number, one thread (best of 5 runs of \(count)); decimal text includes parsing the locale's notation")
    printTable(["locale", "input", "SpokenForm", "raw ICU", "Foundation", "vs ICU", "Foundation slower by"], rows)

    // Creating a SpokenForm: opens and clones ICU's spell-out rules and reads locale data.
    var creation: [[String]] = []
    for tag in ["fr-FR", "en-US", "de-DE", "ru-RU"] {
        let cost = microseconds(iterations: 20, rounds: 3) { _ in blackHole(try? SpokenForm(locale: tag)) }
        creation.append([tag, format(cost / 1000, digits: 2)])
    }
    print("\nms to create a SpokenForm")
    printTable(["locale", "ms"], creation)
}
