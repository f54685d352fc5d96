import Foundation
import SpokenFormCatalog

// String catalogs: a generated 2.7 MB Xcode-layout catalog with 18 languages.
// - Round trip (read, write unchanged) against Python's json.load + json.dump of the same
//   file, both timed inside their process and as whole processes, in the same run.
// - Full conversion of every language (the 7 SpokenForm speaks; the others are copied).
// Targets: the round trip faster than Python's; the full conversion <= 2 s.

/// The 18 languages of the generated catalog: SpokenForm speaks the first seven.
private let benchmarkLanguages = ["de", "en", "es", "fr", "it", "nl", "pt-BR", "cs", "da", "ja", "ko", "pl", "ru", "sv", "tr", "uk", "zh-Hans", "zh-Hant"]

/// App-like sentences with the forms the normaliser rewrites (times, dates, amounts,
/// units, counts) and with specifiers; one in three has nothing to rewrite.
private let benchmarkSentences = [
    "Open until 5:30 PM on weekdays", "Your order ships on April 1, 2025.", "Total: 12,50 € for %lld items",
    "%@ is 15 min late", "Download %1$@ of %2$@ (2 GB)", "Tap to continue", "Saved to your library",
    "Free cancellation until 24 h before departure", "Seat 45, coach 12", "Battery at 20 %", "Sign in with %@",
    "Last synced %@ ago", "Delete %lld photos?", "Welcome back, %@!", "Temperature: +5 °C", "Call 01 23 45 67 89",
]

/// The catalog text in Xcode's layout, about `targetBytes` long.
func generatedCatalog(targetBytes: Int) -> String {
    var out = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n"
    var index = 0
    var entries: [String] = []
    var size = 0
    while size < targetBytes {
        let sentence = benchmarkSentences[index % benchmarkSentences.count]
        let key = "screen\(index / 40).item\(index)"
        var localizations: [String] = []
        for (languageIndex, language) in benchmarkLanguages.enumerated() {
            let text = "\(sentence) [\(language) \(languageIndex)]"
            if index % 5 == 0 {
                localizations.append("""
                        "\(language)" : {
                          "variations" : {
                            "plural" : {
                              "one" : {
                                "stringUnit" : {
                                  "state" : "translated",
                                  "value" : "%lld item: \(text)"
                                }
                              },
                              "other" : {
                                "stringUnit" : {
                                  "state" : "translated",
                                  "value" : "%lld items: \(text)"
                                }
                              }
                            }
                          }
                        }
                """)
            } else {
                localizations.append("""
                        "\(language)" : {
                          "stringUnit" : {
                            "state" : "translated",
                            "value" : "\(text)"
                          }
                        }
                """)
            }
        }
        let entry = "    \"\(key)\" : {\n      \"comment\" : \"Generated entry \(index)\",\n      \"localizations\" : {\n"
            + localizations.joined(separator: ",\n") + "\n      }\n    }"
        entries.append(entry)
        size += entry.utf8.count + 2
        index += 1
    }
    out += entries.joined(separator: ",\n") + "\n  },\n  \"version\" : \"1.0\"\n}"
    return out
}

private func bestSeconds(_ rounds: Int, _ body: () throws -> Void) rethrows -> Double {
    var best = Double.infinity
    for _ in 0..<rounds {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return best
}

/// Runs a process to its end; its wall time in seconds and its standard output.
private func runProcess(_ executable: String, _ arguments: [String]) throws -> (seconds: Double, output: String, status: Int32) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    let start = DispatchTime.now().uptimeNanoseconds
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    return (seconds, String(decoding: data, as: UTF8.self), process.terminationStatus)
}

func runCatalogBenchmarks() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("spokenform-catalog-bench-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("Localizable.xcstrings")
    let output = directory.appendingPathComponent("out.xcstrings")
    try Data(generatedCatalog(targetBytes: 2_700_000).utf8).write(to: input)
    let inputBytes = [UInt8](try Data(contentsOf: input))
    let mb = Double(inputBytes.count) / 1_000_000

    // Round trip in this process: read the file, scan it, write it unchanged.
    var catalog: Catalog?
    let ours = try bestSeconds(5) {
        let bytes = [UInt8](try Data(contentsOf: input))
        let read = try Catalog(bytes: bytes)
        try Data(read.writing([])).write(to: output)
        catalog = read
    }
    guard let catalog, try Data(contentsOf: output) == Data(inputBytes) else { throw CatalogBenchmarkFailure(message: "the round trip changed the file") }

    // Python's json.load + json.dump of the same file: timed inside Python, and as a process.
    let python = """
    import json, sys, time
    start = time.perf_counter()
    with open(sys.argv[1], encoding="utf-8") as f: data = json.load(f)
    with open(sys.argv[2], "w", encoding="utf-8") as f: json.dump(data, f, ensure_ascii=False, indent=2)
    print(time.perf_counter() - start)
    """
    var pythonInside = Double.infinity, pythonProcess = Double.infinity
    for _ in 0..<3 {
        let run = try runProcess("/usr/bin/env", ["python3", "-c", python, input.path, directory.appendingPathComponent("py.json").path])
        pythonInside = min(pythonInside, Double(run.output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? .infinity)
        pythonProcess = min(pythonProcess, run.seconds)
    }

    // The CLI as a process: an unconverted round trip (a language the file lacks) and the full conversion.
    let spokenform = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("spokenform").path
    var cliRoundTrip = Double.nan, cliConversion = Double.nan
    if FileManager.default.isExecutableFile(atPath: spokenform) {
        cliRoundTrip = try (0..<3).map { _ in try runProcess(spokenform, ["catalog", input.path, "--languages", "xx", "-o", output.path]).seconds }.min()!
        cliConversion = try (0..<3).map { _ in try runProcess(spokenform, ["catalog", input.path, "-o", output.path]).seconds }.min()!
    }

    // Full conversion in this process (every language, every core); the first run loads the locales.
    let cores = ProcessInfo.processInfo.activeProcessorCount
    var report: CatalogReport?
    let firstConversion = try bestSeconds(1) { report = try CatalogConverter.convert(catalog, options: CatalogConversionOptions(jobs: cores)).report }
    let conversion = try bestSeconds(3) { report = try CatalogConverter.convert(catalog, options: CatalogConversionOptions(jobs: cores)).report }
    let serial = try bestSeconds(1) { _ = try CatalogConverter.convert(catalog, options: CatalogConversionOptions(jobs: 1)) }

    print("catalog: \(format(mb, digits: 2)) MB, \(catalog.keys.count) keys, \(catalog.values.count) values, \(benchmarkLanguages.count) languages; cores: \(cores)")
    printTable(["", "seconds", "MB/s", "vs Python json"], [
        ["round trip, in process (read, scan, write)", format(ours), format(mb / ours, digits: 0), format(pythonInside / ours, digits: 1) + "x faster"],
        ["Python json.load + json.dump, in process", format(pythonInside), format(mb / pythonInside, digits: 0), ""],
        ["round trip, spokenform catalog --languages xx (process)", format(cliRoundTrip), format(mb / cliRoundTrip, digits: 0),
         format(pythonProcess / cliRoundTrip, digits: 1) + "x faster"],
        ["Python json.load + json.dump (process)", format(pythonProcess), format(mb / pythonProcess, digits: 0), ""],
        ["full conversion, first run (locales loaded)", format(firstConversion), format(mb / firstConversion, digits: 1), ""],
        ["full conversion, \(cores) thread(s)", format(conversion), format(mb / conversion, digits: 1), ""],
        ["full conversion, 1 thread", format(serial), format(mb / serial, digits: 1), ""],
        ["full conversion, spokenform catalog -o (process)", format(cliConversion), format(mb / cliConversion, digits: 1), ""],
    ])
    if let report { print("converted \(report.converted) values; kept \(report.kept.count); copied unchanged: \(report.unsupportedLanguages.joined(separator: " "))") }
    print("targets: round trip faster than Python's json; full conversion <= 2 s")
}

private struct CatalogBenchmarkFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
