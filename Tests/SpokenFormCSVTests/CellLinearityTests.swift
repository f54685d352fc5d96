import Foundation
import Testing
@testable import SpokenFormCSV

/// A number cell of many digits and a text cell of a long run of groups cost their length
/// (the third audit: a 4 MiB number cell took 102 s, 2 MiB 21 s, 1 MiB 0.72 s; the count of
/// each scale step copied the remaining digits). Timed at n and 8·n, the best of three, in
/// the thread's CPU time: a linear cost is 8, the bound 32.
@Suite(.serialized) struct CellLinearityTests {
    static func cpuTime() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    static func time(_ cell: String, column: String) throws -> Double {
        let input = Array("c\n\(cell)\n".utf8)
        let start = cpuTime()
        let run = try convert(input, columns: ["c=\(column)"])
        #expect(run.error == nil && run.problems.isEmpty, "\(column): \(String(describing: run.error)) \(run.problems.count) problems")
        return cpuTime() - start
    }

    @Test(arguments: [("7", "number", 60_000), ("123 ", "text", 3_000), ("0612 ", "text", 3_000)])
    func longCellsAreLinear(unit: String, column: String, n: Int) throws {
        let small = String(repeating: unit, count: n / unit.count), large = String(repeating: unit, count: 8 * n / unit.count)
        _ = try Self.time(small, column: column)
        var t1 = Double.infinity, t8 = Double.infinity
        for _ in 0..<3 {
            t1 = min(t1, try Self.time(small, column: column))
            t8 = min(t8, try Self.time(large, column: column))
        }
        #expect(t8 < 0.02 || t8 / max(t1, 1e-6) < 32, "\(column) \(unit.debugDescription): \(t1) s -> \(t8) s")
    }
}
