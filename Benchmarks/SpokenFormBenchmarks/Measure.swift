import Foundation

/// Time per iteration of `body`, in microseconds: the best of `rounds` runs of
/// `iterations` calls (the best run is the one least disturbed by the machine).
func microseconds(iterations: Int, rounds: Int = 5, _ body: (Int) throws -> Void) rethrows -> Double {
    var best = Double.infinity
    for _ in 0..<rounds {
        let start = DispatchTime.now().uptimeNanoseconds
        for i in 0..<iterations { try body(i) }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1000
        best = min(best, elapsed / Double(iterations))
    }
    return best
}

/// Keeps a value alive so the optimiser cannot drop the work that made it.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// Prints rows aligned in columns.
func printTable(_ header: [String], _ rows: [[String]]) {
    let all = [header] + rows
    let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
    for row in all {
        print(row.enumerated().map { $0.element.padding(toLength: widths[$0.offset], withPad: " ", startingAt: 0) }.joined(separator: "  "))
    }
}

func format(_ value: Double, digits: Int = 3) -> String { String(format: "%.\(digits)f", value) }
