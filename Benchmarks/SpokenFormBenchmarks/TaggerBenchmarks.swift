// Benchmarks for tagger: not written yet.
func runTaggerBenchmarks() throws {
    print("not written yet")
}
