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

/// Prints rows aligned in columns. With `figures`, every numeric cell is also recorded for
/// `--json` as `<figures>.<first cell>.<column>` (lower case, runs of other characters as `_`).
func printTable(_ header: [String], _ rows: [[String]], figures prefix: String? = nil) {
    if let prefix {
        for row in rows {
            for (column, cell) in row.enumerated().dropFirst() {
                let number = cell.trimmingCharacters(in: CharacterSet(charactersIn: "x% ")).split(separator: " ").first.flatMap { Double($0) }
                if let number { record("\(prefix).\(slug(row[0])).\(slug(header[column]))", number) }
            }
        }
    }
    let all = [header] + rows
    let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
    for row in all {
        print(row.enumerated().map { $0.element.padding(toLength: widths[$0.offset], withPad: " ", startingAt: 0) }.joined(separator: "  "))
    }
}

func format(_ value: Double, digits: Int = 3) -> String { String(format: "%.\(digits)f", value) }

/// Figures for `--json`, in the order the suites record them: every figure next to the
/// reference measured in the same run (names documented in Benchmarks/README.md).
nonisolated(unsafe) var figures: [(name: String, value: Double)] = []

/// Records one figure for `--json` (the tables print it for people).
func record(_ name: String, _ value: Double) {
    figures.append((name, value))
}

/// With `--json`, the tables go to standard error and standard output carries only the JSON object.
nonisolated(unsafe) var tablesToStandardError = false

/// The module's `print`: the tables' text, on standard output or (with `--json`) standard error.
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    let text = items.map { "\($0)" }.joined(separator: separator) + terminator
    if tablesToStandardError {
        FileHandle.standardError.write(Data(text.utf8))
    } else {
        Swift.print(text, terminator: "")
    }
}

/// One JSON object: {"name": value, ...} in recording order; non-finite values are null.
func figuresJSON() -> String {
    let entries = figures.map { name, value -> String in
        let number = value.isFinite ? String(format: "%.6g", value) : "null"
        return "  \"\(name)\": \(number)"
    }
    return "{\n" + entries.joined(separator: ",\n") + "\n}"
}

/// A figure-name part: lower case letters and digits, anything else as one `_`.
func slug(_ text: String) -> String {
    var result = ""
    var pendingSeparator = false
    for scalar in text.lowercased().unicodeScalars {
        if CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII {
            if pendingSeparator && !result.isEmpty { result += "_" }
            pendingSeparator = false
            result.unicodeScalars.append(scalar)
        } else if scalar == "µ" {
            if pendingSeparator && !result.isEmpty { result += "_" }
            pendingSeparator = false
            result += "u"
        } else {
            pendingSeparator = true
        }
    }
    return result
}
