import CICU
import Foundation
import SpokenForm

/// Phone numbers seen for the first time (issue 17: target ≤ 5 µs), next to libphonenumber
/// alone on the same inputs in the same run. Every call reads a number no earlier call read,
/// so no cache of the speller serves it; the plans compiled from libphonenumber's metadata
/// are built by a warm-up call first (they are per region, not per number).
///
/// Figures (µs per number, best round):
/// - `phones.<case>.first_time_us`: `PhoneSpeller.speak`, input to spoken text.
/// - `phones.<case>.plan_parse_us`: the bridge's parse (`sf_phone_parse`: plans, libphonenumber
///   where they cannot decide) on the input the speller hands over (separators removed).
/// - `phones.<case>.libphonenumber_us`: the same parse through libphonenumber alone
///   (`sf_phone_parse_libphonenumber`: ParseAndKeepRawInput, IsPossibleNumberWithReason,
///   GetNumberType, Format), the reference.
/// - `phones.<case>.first_time_vs_libphonenumber`: libphonenumber_us / first_time_us (> 1: the
///   whole speller is faster than libphonenumber's parse alone).
struct PhoneFirstTimeCase { let name: String; let locale: String; let region: String; let number: (Int) -> String }

/// The inputs: per case, number i is a valid number of its own for every i.
func phoneFirstTimeCases() -> [PhoneFirstTimeCase] {
    typealias Case = PhoneFirstTimeCase
    func digits(_ value: Int, _ count: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, count - text.count)) + text
    }
    // i * 2654435761 is a bijection modulo 10^k (the factor is prime to 10): distinct subscriber numbers.
    func scrambled(_ i: Int, _ modulus: Int) -> Int { (i &* 2_654_435_761) % modulus }
    let cases = [
        // 061x xx xx xx: a mobile range in use (0697…, for one, is not).
        Case(name: "fr", locale: "fr-FR", region: "FR") { i in
            let d = "1" + digits(scrambled(i, 10_000_000), 7)
            return "06 " + stride(from: 0, to: 8, by: 2).map { String(d.dropFirst($0).prefix(2)) }.joined(separator: " ")
        },
        Case(name: "fr_international", locale: "fr-FR", region: "FR") { i in
            let d = "1" + digits(scrambled(i, 10_000_000), 7)
            return "+33 6 " + stride(from: 0, to: 8, by: 2).map { String(d.dropFirst($0).prefix(2)) }.joined(separator: " ")
        },
        Case(name: "en", locale: "en-US", region: "US") { i in
            let d = digits(scrambled(i, 1_000_000), 6)
            return "(201) 2" + d.prefix(2) + "-" + d.dropFirst(2)
        },
        Case(name: "de", locale: "de-DE", region: "DE") { i in "030 " + digits(scrambled(i, 100_000_000), 8) },
        Case(name: "gb_international", locale: "en-GB", region: "GB") { i in
            let d = "7" + digits(scrambled(i, 10_000_000), 7)  // London 020 7…
            return "+44 20 " + d.prefix(4) + " " + d.dropFirst(4)
        },
    ]
    return cases
}

/// `instructions phones.CASE.first_time COUNT`: COUNT numbers never seen before through
/// `PhoneSpeller.speak`, after the warm-up that builds the region's plans (for callgrind).
func runPhoneInstructionPath(name: String, count: Int) throws {
    guard let item = phoneFirstTimeCases().first(where: { $0.name == name }) else {
        throw NSError(domain: "SpokenFormBenchmarks", code: 64, userInfo: [NSLocalizedDescriptionKey: "unknown phone case \(name)"])
    }
    let phones = try SpokenForm(locale: item.locale).phones
    _ = try phones.speak(item.number(0))
    for i in 0..<count { blackHole(try? phones.speak(item.number(i + 1))) }
}

func phoneFirstTimeFigures() throws -> [(name: String, value: Double)] {
    let cases = phoneFirstTimeCases()
    let iterations = 200, rounds = 60
    var figures: [(name: String, value: Double)] = []
    for item in cases {
        let phones = try SpokenForm(locale: item.locale).phones
        // Each measured call reads a number of its own; the warm-up reads one outside that range.
        let inputs = (1...(iterations * rounds * 3)).map(item.number)
        _ = try phones.speak(item.number(0))  // builds the region's plans; throws if the case is not a valid number
        let bare = inputs.map { $0.filter { $0 == "+" || $0.isNumber } }
        var next = 0, failed = 0
        let spoken = microseconds(iterations: iterations, rounds: rounds) { _ in
            // A number out of the region's ranges would measure the error path: counted, and reported.
            if let text = try? phones.speak(inputs[next]) { blackHole(text) } else { failed += 1 }
            next += 1
        }
        if failed > 0 { print("warning: phones.\(item.name): \(failed) of \(iterations * rounds) inputs are not valid numbers") }
        func bridge(_ parse: (UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UnsafeMutablePointer<SFPhoneInfo>, UnsafeMutablePointer<CChar>, Int32) -> Int32) -> Double {
            microseconds(iterations: iterations, rounds: rounds) { _ in
                var info = SFPhoneInfo()
                let input = bare[next]
                next += 1
                let length = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 256) { buffer in
                    parse(input, Int32(input.utf8.count), item.region, &info, buffer.baseAddress!, 256)
                }
                blackHole(length)
            }
        }
        let planned = bridge(sf_phone_parse)
        let reference = bridge(sf_phone_parse_libphonenumber)
        figures += [("phones.\(item.name).first_time_us", spoken), ("phones.\(item.name).plan_parse_us", planned),
                    ("phones.\(item.name).libphonenumber_us", reference),
                    ("phones.\(item.name).first_time_vs_libphonenumber", reference / spoken)]
    }
    return figures
}

/// `SpokenFormBenchmarks phones-first-time`: the table; each figure also goes into
/// `--json`'s object under its own name (`phones.fr.first_time_us`).
func runPhoneFirstTimeBenchmarks() throws {
    let figures = try phoneFirstTimeFigures()
    printTable(["figure", "value"], figures.map { [$0.name, format($0.value, digits: 2)] })
    for figure in figures { record(figure.name, figure.value) }
}
