// Benchmarks for dates: not written yet.
func runDateBenchmarks() throws {
    print("not written yet")
}
