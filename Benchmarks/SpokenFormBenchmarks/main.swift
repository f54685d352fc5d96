import Foundation

// SpokenForm benchmarks. Build and run in release mode (scripts/bench.sh does both):
//   swift run -c release SpokenFormBenchmarks [all|numbers|dates|phones|phones-first-time|abbreviations|tagger|csv|text|catalog|startup]... [--json]
// Each suite prints a table of per-call costs measured in this run, next to the
// references (raw ICU through the bridge, Foundation) measured in the same run.
// `--json` prints one JSON object with every figure instead (tables go to standard error);
// Benchmarks/README.md says what each figure means.
// `instructions PATH COUNT` runs one path COUNT times after a warm-up, for
// `valgrind --tool=callgrind` (scripts/bench.sh --callgrind).
let suites: [(name: String, run: () throws -> Void)] = [
    ("numbers", runNumberBenchmarks),
    ("dates", runDateBenchmarks),
    ("phones", runPhoneBenchmarks),
    ("phones-first-time", runPhoneFirstTimeBenchmarks),
    ("abbreviations", runAbbreviationBenchmarks),
    ("tagger", runTaggerBenchmarks),
    ("csv", runCSVBenchmarks),
    ("text", runTextBenchmarks),
    ("catalog", runCatalogBenchmarks),
    ("startup", runStartupBenchmarks),
]
/// A usage error or a failed suite ends the run with its message and exit 64, not a trap.
func exitReporting(_ error: Error) -> Never {
    let ours = (error as NSError).domain == "SpokenFormBenchmarks"
    FileHandle.standardError.write(Data("SpokenFormBenchmarks: \(ours ? error.localizedDescription : String(describing: error))\n".utf8))
    exit(64)
}
var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "instructions" {
    do { try runInstructionPath(Array(arguments.dropFirst())) } catch { exitReporting(error) }
    exit(0)
}
let json = arguments.contains("--json")
arguments.removeAll { $0 == "--json" }
tablesToStandardError = json
let wanted = Set(arguments)
if json {
    record("meta.cores", Double(ProcessInfo.processInfo.activeProcessorCount))
    var load = [0.0, 0.0, 0.0]
    if getloadavg(&load, 3) == 3 { record("meta.load_1min", load[0]) }
}
for suite in suites where wanted.isEmpty || wanted.contains("all") || wanted.contains(suite.name) {
    print("== \(suite.name)")
    do { try suite.run() } catch { exitReporting(error) }
}
if json { Swift.print(figuresJSON()) }
