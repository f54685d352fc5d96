// Benchmarks for phones: not written yet.
func runPhoneBenchmarks() throws {
    print("not written yet")
}
