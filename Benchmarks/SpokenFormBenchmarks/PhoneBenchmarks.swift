import CICU
import Foundation
import SpokenForm

/// Phone numbers: parse + group + speak per number, next to what libphonenumber alone costs
/// (the bridge's parse + type + format, called directly) and to Foundation's spell-out of the
/// same digits as one number (what a naive label would do), all measured in this run.
/// Distinct inputs cycle through more numbers than the speller remembers, so every call parses.
func runPhoneBenchmarks() throws {
    let fr = try SpokenForm(locale: "fr-FR")
    let en = try SpokenForm(locale: "en-US")
    let frPhones = try fr.phones, enPhones = try en.phones

    // Distinct numbers, so that nothing is served from any cache.
    let count = 4096
    func pair(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    // i * 2654435761 is a bijection modulo 10^8 (the factor is prime to 10): 4096 distinct subscriber numbers.
    let french: [String] = (0..<count).map { (i: Int) -> String in
        let n = (i * 2_654_435_761) % 100_000_000
        return "06 " + pair(n / 1_000_000) + " " + pair(n / 10_000 % 100) + " " + pair(n / 100 % 100) + " " + pair(n % 100)
    }
    let frenchPlain: [String] = french.map { $0.replacingOccurrences(of: " ", with: "") }
    let international: [String] = french.map { "+33 " + $0.dropFirst(1) }
    let american: [String] = (0..<count).map { (i: Int) -> String in "(201) 555-" + String(String(10000 + i).suffix(4)) }
    // Every input must be valid, or the benchmark would measure the error path.
    _ = try frPhones.speak(french[1]) + frPhones.speak(frenchPlain[2]) + frPhones.speak(international[3]) + enPhones.speak(american[4])

    // Short rounds, many of them: the machine is shared, the best round is the least disturbed.
    // A running counter walks all 4096 inputs across rounds, so no round re-reads remembered ones.
    let iterations = 200, rounds = 200
    var next = 0
    func bridgeOnly(_ inputs: [String], region: String) -> Double {
        microseconds(iterations: iterations, rounds: rounds) { _ in
            next += 1
            let i = next
            var info = SFPhoneInfo()
            let length = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 256) { buffer in
                sf_phone_parse(inputs[i % count], Int32(inputs[i % count].utf8.count), region, &info, buffer.baseAddress!, 256)
            }
            blackHole(length)
        }
    }
    func speller(_ inputs: [String], _ phones: PhoneSpeller) -> Double {
        microseconds(iterations: iterations, rounds: rounds) { _ in
            next += 1
            blackHole(try? phones.speak(inputs[next % count]))
        }
    }

    let formatter = NumberFormatter()
    formatter.locale = Locale(identifier: "fr_FR")
    formatter.numberStyle = .spellOut
    let foundation = microseconds(iterations: iterations, rounds: rounds) { i in
        blackHole(formatter.string(from: NSNumber(value: Int(frenchPlain[i % count]) ?? 0)))
    }

    struct Case { let name: String; let inputs: [String]; let phones: PhoneSpeller; let region: String }
    // A fresh speller per row: "06 11 22 33 06" and "0611223306" reach libphonenumber as the same
    // string, and a shared speller would remember the first row's answers.
    let secondFrench = try SpokenForm(locale: "fr-FR"), thirdFrench = try SpokenForm(locale: "fr-FR")
    let cases: [Case] = [Case(name: "fr 06 11 22 33 06", inputs: french, phones: frPhones, region: "FR"),
                         Case(name: "fr 0611223306", inputs: frenchPlain, phones: try secondFrench.phones, region: "FR"),
                         Case(name: "fr +33 6 11 22 33 06", inputs: international, phones: try thirdFrench.phones, region: "FR"),
                         Case(name: "en (201) 555-0123", inputs: american, phones: enPhones, region: "US")]
    var rows: [[String]] = []
    for item in cases {
        let total: Double = speller(item.inputs, item.phones)
        // The speller hands libphonenumber the digits without separators: measure the same call.
        let library: Double = bridgeOnly(item.inputs.map { String($0.filter { $0.isNumber || $0 == "+" }) }, region: item.region)
        let share = Int((library / total * 100).rounded())
        rows.append([item.name, format(total), format(library), "\(share)%", format(total - library), format(total / foundation, digits: 1) + "x"])
        if item.name == cases[0].name || item.name == cases[3].name {
            let language = String(item.name.prefix(2))
            record("phones.\(language).unseen_us", total)
            record("phones.\(language).unseen_libphonenumber_us", library)
        }
    }
    // The same 64 numbers again and again (a list a screen reader re-reads): libphonenumber's
    // answers come from the speller's recent-inputs table, what remains is grouping and speaking.
    for item in [cases[0], cases[3]] {
        let warm: Double = microseconds(iterations: iterations, rounds: rounds) { i in blackHole(try? item.phones.speak(item.inputs[i % 64])) }
        rows.append([item.name + " (64 repeated)", format(warm), "0 (recent)", "0%", format(warm), format(warm / foundation, digits: 1) + "x"])
    }
    printTable(["input (4096 distinct)", "µs/number", "libphonenumber µs", "share", "SpokenForm µs", "vs Foundation spell-out"], rows, figures: "phones")
    print("reference: Foundation NumberFormatter(.spellOut) of 611223306 as one number (the naive reading): \(format(foundation)) µs")
    print("one core, best of \(rounds) rounds of \(iterations) calls; libphonenumber = ParseAndKeepRawInput + IsPossibleNumberWithReason + GetNumberType + Format through the C bridge")
}
