import Foundation
@testable import SpokenFormCSV

/// One in-memory run of the converter.
struct Run {
    var output: String
    var outputBytes: [UInt8]
    var problems: [CSVProblem]
    var summary: CSVSummary?
    var error: CSVError?
}

/// Converts `input` in memory. `readSize` and `bufferBytes` default to small values so
/// that records straddle reads and buffer refills.
func convert(_ input: [UInt8], locale: String = "fr-FR", columns: [String] = [],
             readSize: Int = .max, configure: (inout CSVConversionOptions) -> Void = { _ in }) throws -> Run {
    var options = CSVConversionOptions(locale: locale, columns: try columns.map(CSVColumnSpec.init(parsing:)))
    configure(&options)
    let converter = try CSVConverter(options: options)
    let sink = MemorySink()
    var problems: [CSVProblem] = []
    do {
        let summary = try converter.run(source: MemorySource(input, readSize: readSize), sink: sink, report: { problems.append($0) })
        return Run(output: String(decoding: sink.bytes, as: UTF8.self), outputBytes: sink.bytes, problems: problems, summary: summary)
    } catch let error as CSVError {
        return Run(output: String(decoding: sink.bytes, as: UTF8.self), outputBytes: sink.bytes, problems: problems, error: error)
    }
}

func convert(_ input: String, locale: String = "fr-FR", columns: [String] = [], readSize: Int = .max,
             configure: (inout CSVConversionOptions) -> Void = { _ in }) throws -> Run {
    try convert(Array(input.utf8), locale: locale, columns: columns, readSize: readSize, configure: configure)
}

/// A seeded generator, so that a failing generated case can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
    mutating func next() -> UInt64 {
        // SplitMix64.
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Runs python3 with a script and arguments; returns its standard output.
func runPython(_ script: String, _ arguments: [String]) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script] + arguments
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    let errors = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw PythonFailure(message: String(decoding: errors, as: UTF8.self))
    }
    return data
}

struct PythonFailure: Error, CustomStringConvertible { var message: String; var description: String { "python3 failed: \(message)" } }

func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("spokenform-csv-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
