// Benchmarks for abbreviations: not written yet.
func runAbbreviationBenchmarks() throws {
    print("not written yet")
}
