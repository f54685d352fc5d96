import Foundation
import Testing
@testable import SpokenForm

/// Every entry point is linear in its input: each is timed on an input of n and of 20·n
/// characters, and the second may take at most 80 times the first (20 for a linear cost,
/// 400 for the quadratic ones the reliability audit found: a digit string in `number`,
/// any long invalid input in `phone`). The margin is for a loaded machine, where caches
/// and page faults made linear costs look up to 3 times worse. Times are the best of five,
/// small and large interleaved so that a busy moment hits both, one check at a time, in
/// the thread's CPU time.
@Suite(.serialized) struct LinearityTests {
    static let factor = 20

    /// CPU time of the calling thread: the other suites and builds that share the machine
    /// take the processor away for whole milliseconds, which wall-clock time would count.
    static func threadCPUTime() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    static func elapsed(_ body: () -> Void) -> Double {
        let start = threadCPUTime()
        body()
        return threadCPUTime() - start
    }

    /// Times `call` on `input(n)` and `input(factor·n)`; fails when the ratio is over four times linear.
    /// Below 20 ms for 20·n the answer is too fast to measure a ratio, and is linear enough.
    static func expectLinear(_ what: String, n: Int, factor: Int = factor, input: (Int) -> String, _ call: @escaping (String) -> Void,
                             sourceLocation: SourceLocation = #_sourceLocation) {
        let small = input(n), large = input(factor * n)
        call(small)  // warm caches and lazily built data
        var t1 = Double.infinity, tLarge = Double.infinity, ratio = Double.infinity
        // Up to three rounds: the other suites run beside this one, and a busy spell can spoil
        // one round; a quadratic cost fails all three (its ratio is 400, not 20).
        for _ in 0..<3 {
            for _ in 0..<5 {
                t1 = min(t1, elapsed { call(small) })
                tLarge = min(tLarge, elapsed { call(large) })
            }
            ratio = tLarge / max(t1, 1e-6)
            if tLarge < 0.02 || ratio < Double(4 * factor) { break }
        }
        #expect(tLarge < 0.02 || ratio < Double(4 * factor),
                "\(what): \(n) -> \(t1) s, \(factor * n) -> \(tLarge) s (ratio \(ratio))", sourceLocation: sourceLocation)
    }

    static let fr = try! SpokenForm(locale: "fr-FR")
    static let en = try! SpokenForm(locale: "en-US")

    static func repeated(_ unit: String) -> (Int) -> String {
        { n in String(repeating: unit, count: max(1, n / unit.count)) }
    }

    @Test func longDigitStrings() {
        Self.expectLinear("number fr", n: 2_500, input: Self.repeated("1")) { _ = try? Self.fr.number($0) }
        Self.expectLinear("number en", n: 2_500, input: Self.repeated("9")) { _ = try? Self.en.number($0) }
        Self.expectLinear("number feminine", n: 2_500, input: Self.repeated("1")) { _ = try? Self.fr.number($0, gender: .feminine) }
        Self.expectLinear("percent", n: 2_500, input: { String(repeating: "7", count: $0) + " %" }) { _ = try? Self.fr.percent($0) }
        Self.expectLinear("digits", n: 2_500, input: Self.repeated("42")) { _ = try? Self.fr.digits($0) }
        Self.expectLinear("decimal", n: 2_500, input: { "1," + String(repeating: "5", count: $0) }) { _ = try? Self.fr.number($0) }
    }

    /// A number of 200,000 digits is spoken (the recursion it replaced overflowed the stack
    /// after 9 s), and every scale step of it is there: the count of quintilliards (10^33)
    /// repeats once per 33 digits.
    @Test func twoHundredThousandDigitsAreSpoken() throws {
        let words = try Self.fr.number(String(repeating: "1", count: 200_000))
        #expect(words.hasPrefix("onze trillions"))
        #expect(words.hasSuffix("cent onze"))
        let steps = words.components(separatedBy: " quintilliards").count - 1
        #expect(steps == (200_000 - 18) / 33 + 1 - 1 || steps == (200_000 - 18) / 33, "\(steps)")
    }

    @Test func phoneInputs() {
        Self.expectLinear("phone invalid", n: 10_000, input: { String(repeating: "0", count: $0) + "}" }) { _ = try? Self.fr.phone($0) }
        Self.expectLinear("phone letters", n: 10_000, input: Self.repeated("1-800-FLOWERS ")) { _ = try? Self.en.phone($0) }
        Self.expectLinear("phone lenient", n: 10_000, input: Self.repeated("06 ")) {
            _ = try? Self.fr.phone($0, options: .init(lenient: true))
        }
    }

    @Test func dateInputs() {
        Self.expectLinear("date", n: 5_000, input: Self.repeated("2015-04-01 ")) { _ = try? Self.fr.date($0) }
        Self.expectLinear("time", n: 5_000, input: Self.repeated("5h30 ")) { _ = try? Self.fr.time($0) }
        Self.expectLinear("datetime", n: 5_000, input: Self.repeated("01/04/2015 05:30 ")) { _ = try? Self.fr.dateTime($0) }
        Self.expectLinear("duration", n: 5_000, input: Self.repeated("PT1H")) { _ = try? Self.fr.duration($0) }
        Self.expectLinear("relative", n: 5_000, input: Self.repeated("-3 days ")) { _ = try? Self.fr.dates.relative($0) }
    }

    @Test func textInputs() {
        Self.expectLinear("expand", n: 5_000, input: Self.repeated("Dr Martin, 3 av. Foch, 12,50 € ")) { _ = try? Self.fr.expand($0) }
        Self.expectLinear("expand digits", n: 5_000, input: Self.repeated("1")) { _ = try? Self.fr.expand($0) }
        Self.expectLinear("tag", n: 5_000, input: Self.repeated("Activez le Bluetooth de votre smartphone. ")) { _ = try? Self.fr.tag($0) }
        Self.expectLinear("text", n: 5_000, input: Self.repeated("RDV le 01/04/2015 à 5h30 au 06.11.22.33.06, 12,50 €. ")) {
            _ = try? Self.fr.text($0)
        }
        Self.expectLinear("text digits", n: 5_000, input: Self.repeated("0")) { _ = try? Self.fr.text($0) }
        Self.expectLinear("tag markup", n: 5_000, input: Self.repeated("<span lang=\"en\">Sign in</span> &#10; ")) { _ = try? Self.fr.tag($0) }
    }

    /// The third audit's shapes, at n and 8·n (a linear cost is 8, a quadratic one 64; the bound
    /// is 32). Each was quadratic in time and memory: every group of a long run of groups
    /// spaced like thousands ("123 123 …", with a space, U+00A0 or U+202F) or like a code after
    /// a leading zero ("0612 0612 …") started a number that ran to the end of the run and was
    /// said whole; a lint issue rebuilt the whole label, and a type word searched the words from
    /// the first; a number of a million digits copied its remaining digits at every scale.
    @Test func auditThreeShapes() throws {
        let linter = try Self.fr.labelLinter
        for (name, unit) in [("spaced groups", "123 "), ("no-break groups", "123\u{00A0}"), ("narrow groups", "123\u{202F}"),
                             ("code groups", "0612 "), ("hyphens", "1-2-"), ("labels", "Bouton 12 km. ")] {
            Self.expectLinear("text fr \(name)", n: 1_500, factor: 8, input: Self.repeated(unit)) { _ = try? Self.fr.text($0) }
        }
        Self.expectLinear("text en spaced groups", n: 1_500, factor: 8, input: Self.repeated("123 ")) { _ = try? Self.en.text($0) }
        Self.expectLinear("lint", n: 1_500, factor: 8, input: Self.repeated("Bouton 12 km. ")) { _ = linter.lint(label: $0) }
        Self.expectLinear("label", n: 1_500, factor: 8, input: Self.repeated("123 ")) {
            _ = try? Self.fr.label(Label(label: $0, value: $0, traits: .button))
        }
        Self.expectLinear("number of many digits", n: 40_000, factor: 8, input: Self.repeated("7")) { _ = try? Self.fr.number($0) }
    }

    /// A long run of spaced groups is a list of numbers, each said alone; up to seven groups
    /// it is one number (`ScannedText.maxSpacedGroups`), and so are nine code groups' eight.
    @Test func longRunsOfGroupsAreLists() throws {
        #expect(try Self.fr.text("123 123 123 123 123 123 123").text
            == "cent vingt-trois trillions cent vingt-trois billiards cent vingt-trois billions cent vingt-trois milliards cent vingt-trois millions cent vingt-trois mille cent vingt-trois")
        #expect(try Self.fr.text("123 123 123 123 123 123 123 123").text
            == Array(repeating: "cent vingt-trois", count: 8).joined(separator: " "))
        #expect(try Self.fr.text("12 500 000 habitants").text == "douze millions cinq cent mille habitants")
        #expect(try Self.fr.text("0612 0612 0612 0612 0612 0612 0612 0612 0612").text
            == Array(repeating: "zéro six un deux", count: 9).joined(separator: " "))
    }

    /// Long runs without a space full of the characters that start a specifier or a
    /// placeholder: each one classified the rest of the run again (16,000 characters of
    /// "<b>Dr</b>&amp;" took 21 s in `expand`, "2%2%…" 49 s), and every capitalised word
    /// searched all identifier-like names before it ("Dr A4 " × 12,000: 11 s).
    @Test func longRunsOfMarkupAndSpecifiers() {
        Self.expectLinear("expand markup", n: 2_000, input: Self.repeated("<b>Dr</b>&amp;")) { _ = try? Self.fr.expand($0) }
        Self.expectLinear("expand percent", n: 2_000, input: Self.repeated("2%")) { _ = try? Self.fr.expand($0) }
        Self.expectLinear("expand placeholders", n: 2_000, input: Self.repeated("{a}$x%d")) { _ = try? Self.fr.expand($0) }
        Self.expectLinear("expand identifiers", n: 5_000, input: Self.repeated("Dr A4 ")) { _ = try? Self.fr.expand($0) }
        Self.expectLinear("text markup", n: 2_000, input: Self.repeated("<b>Dr</b>&amp;")) { _ = try? Self.fr.text($0) }
    }
}
