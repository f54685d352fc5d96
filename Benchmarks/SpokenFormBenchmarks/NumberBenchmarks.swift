import CICU
import Foundation
import SpokenForm

/// The values every contender speaks: spread over every magnitude from 1 to ~10^9.
private func benchmarkIntegers(_ count: Int) -> [Int64] {
    (0..<count).map { i in Int64((UInt64(i) &* 2_654_435_761) % 1_000_000_000) >> UInt64(i % 30) }
}

/// Decimals with two fraction digits at most, in the plain notation ("123.45").
private func benchmarkDecimals(_ integers: [Int64]) -> [String] {
    integers.indices.map { i in "\(integers[i] % 1_000_000).\(i % 100)" }
}

/// The same decimals in the locale's own notation ("123 456,7" in fr), as a CSV cell holds them.
private func localeNotation(_ decimals: [String], _ tag: String) -> [String] {
    let formatter = NumberFormatter()
    formatter.locale = Locale(identifier: tag)
    formatter.numberStyle = .decimal
    formatter.maximumFractionDigits = 2
    return decimals.map { formatter.string(from: NSDecimalNumber(string: $0)) ?? $0 }
}

/// A raw ICU spell-out formatter for `tag` and the rule set SpokenForm says numbers with.
private func rawFormatter(_ tag: String, _ numbers: NumberSpeller) -> (OpaquePointer, Int32) {
    var status: Int32 = 0
    let rbnf = sf_rbnf_open(tag.replacingOccurrences(of: "-", with: "_"), &status)!
    let ruleSet = Int32(numbers.ruleSetNames.firstIndex(of: "%spellout-numbering") ?? 0)
    return (rbnf, ruleSet)
}

/// µs per number for SpokenForm, raw ICU through the bridge (a C loop over the same values:
/// no Swift, no String), and Foundation's NumberFormatter(.spellOut), all measured in this run.
func runNumberBenchmarks() throws {
    let count = Int(ProcessInfo.processInfo.environment["SPOKENFORM_BENCH_COUNT"] ?? "") ?? 200_000
    let integers = benchmarkIntegers(count)
    let decimals = benchmarkDecimals(integers)
    let decimalValues: [DecimalText] = try decimals.map { try SpokenForm(locale: "en").numbers.parse($0) }
    let decimalDoubles: [Double] = decimals.map { Double($0)! }

    var rows: [[String]] = []
    let benchmarkLocales = (ProcessInfo.processInfo.environment["SPOKENFORM_BENCH_LOCALES"] ?? "fr-FR,en-US,de-DE").split(separator: ",").map(String.init)
    for tag in benchmarkLocales {
        let spoken = try SpokenForm(locale: tag)
        let numbers = try spoken.numbers
        let language = String(tag.prefix { $0 != "-" })
        let notation = localeNotation(decimals, tag)

        // Raw ICU: one formatter, the rule set SpokenForm uses, a C loop over the same values.
        let (rbnf, ruleSet) = rawFormatter(tag, numbers)
        defer { sf_rbnf_close(rbnf) }
        let icuInteger = microseconds(iterations: count / 1_000) { chunk in
            integers.withUnsafeBufferPointer { values in
                blackHole(sf_rbnf_benchmark_values(rbnf, values.baseAddress! + chunk * 1_000, 1_000, ruleSet))
            }
        } / 1_000

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
        let oursDecimalParsed = microseconds(iterations: count) { i in blackHole(try? numbers.number(notation[i])) }
        let nsDecimals = decimalDoubles.map { NSNumber(value: $0) }
        let foundationDecimal = microseconds(iterations: count) { i in blackHole(foundation.string(from: nsDecimals[i])) }

        for (input, value, icu, foundation) in [("integer", ours, icuInteger, foundationInteger),
                                                ("decimal", oursDecimal, icuDecimal, foundationDecimal),
                                                ("decimal_text", oursDecimalParsed, icuDecimal, foundationDecimal)] {
            rows.append([tag, input.replacingOccurrences(of: "_", with: " "), format(value), format(icu), format(foundation),
                         format(value / icu, digits: 2) + "x", format(foundation / value, digits: 2) + "x"])
            let name = "numbers.\(language).\(input)"
            record("\(name).spokenform_us", value)
            record("\(name).icu_us", icu)
            record("\(name).foundation_us", foundation)
            record("\(name).spokenform_per_icu", value / icu)
            record("\(name).foundation_per_spokenform", foundation / value)
        }
    }
    print("µs per number, one thread (best of 5 runs of \(count)); decimal text = the decimal written in the locale's notation (\"123 456,7\"), parsing included")
    printTable(["locale", "input", "SpokenForm", "raw ICU", "Foundation", "vs ICU", "Foundation slower by"], rows)

    // Creating a number speller: opens and clones ICU's spell-out rules, reads locale data,
    // checks the composition of cardinals against ICU.
    var creation: [[String]] = []
    for tag in ["fr-FR", "en-US", "de-DE", "ru-RU"] {
        let cost = microseconds(iterations: 20, rounds: 3) { _ in blackHole(try? SpokenForm(locale: tag).numbers) }
        creation.append([tag, format(cost / 1000, digits: 2)])
        record("numbers.\(tag.prefix { $0 != "-" }).create_ms", cost / 1000)
    }
    print("\nms to create a SpokenForm and its number speller")
    printTable(["locale", "ms"], creation)
}

/// One number path run `count` times after a warm-up over all its values, nothing else:
/// `valgrind --tool=callgrind` on `count` = N and on `count` = 0 gives instructions per
/// call as (difference) / N, start-up and warm-up excluded. PATH is
/// `numbers.<tag>.<integer|decimal_text>.<spokenform|icu>`, e.g. `numbers.fr-FR.integer.icu`.
func runInstructionPath(_ arguments: [String]) throws {
    guard arguments.count == 2, let count = Int(arguments[1]) else {
        throw NSError(domain: "SpokenFormBenchmarks", code: 64, userInfo: [NSLocalizedDescriptionKey: "usage: instructions PATH COUNT"])
    }
    let parts = arguments[0].split(separator: ".").map(String.init)
    if parts.count == 3, parts[0] == "phones", parts[2] == "first_time" { return try runPhoneInstructionPath(name: parts[1], count: count) }
    if parts.count == 3, parts[0] == "text" { return try runTextInstructionPath(tag: parts[1], input: parts[2], count: count) }
    if parts.count == 3, parts[0] == "tagger" { return try runTaggerInstructionPath(tag: parts[1], input: parts[2], count: count) }
    guard parts.count == 4, parts[0] == "numbers" else {
        throw NSError(domain: "SpokenFormBenchmarks", code: 64, userInfo: [NSLocalizedDescriptionKey: "unknown path \(arguments[0])"])
    }
    let tag = parts[1], input = parts[2], contender = parts[3]
    let numbers = try SpokenForm(locale: tag).numbers
    let integers = benchmarkIntegers(20_000)
    let decimals = benchmarkDecimals(integers)
    let notation = localeNotation(decimals, tag)
    let (rbnf, ruleSet) = rawFormatter(tag, numbers)
    defer { sf_rbnf_close(rbnf) }
    let call: (Int) -> Void
    switch (input, contender) {
    case ("integer", "spokenform"): call = { i in blackHole(try? numbers.cardinal(Int(integers[i]))) }
    case ("integer", "icu"): call = { i in integers.withUnsafeBufferPointer { blackHole(sf_rbnf_benchmark_values(rbnf, $0.baseAddress! + i, 1, ruleSet)) } }
    case ("decimal_text", "spokenform"): call = { i in blackHole(try? numbers.number(notation[i])) }
    case ("decimal_text", "icu"): call = { i in
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 512) { buffer in
            blackHole(sf_rbnf_format_decimal_string(rbnf, decimals[i], ruleSet, buffer.baseAddress!, 512))
        }
    }
    default: throw NSError(domain: "SpokenFormBenchmarks", code: 64, userInfo: [NSLocalizedDescriptionKey: "unknown path \(arguments[0])"])
    }
    for i in integers.indices { call(i) }
    for i in 0..<count { call(i % integers.count) }
}
