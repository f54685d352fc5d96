// Benchmarks for csv: not written yet.
func runCSVBenchmarks() throws {
    print("not written yet")
}
