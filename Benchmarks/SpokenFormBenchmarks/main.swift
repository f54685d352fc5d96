// SpokenForm benchmarks. Build and run in release mode:
//   swift run -c release SpokenFormBenchmarks [numbers|dates|phones|abbreviations|tagger|csv|text|catalog]...
// Each suite prints a table of per-call costs measured in this run, next to the
// references (raw ICU through the bridge, Foundation) measured in the same run.
let suites: [(name: String, run: () throws -> Void)] = [
    ("numbers", runNumberBenchmarks),
    ("dates", runDateBenchmarks),
    ("phones", runPhoneBenchmarks),
    ("abbreviations", runAbbreviationBenchmarks),
    ("tagger", runTaggerBenchmarks),
    ("csv", runCSVBenchmarks),
    ("text", runTextBenchmarks),
    ("catalog", runCatalogBenchmarks),
]
let wanted = Set(CommandLine.arguments.dropFirst())
for suite in suites where wanted.isEmpty || wanted.contains(suite.name) {
    print("== \(suite.name)")
    try suite.run()
}
