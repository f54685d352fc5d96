func runNumberBenchmarks() throws {
    print("not written yet")
}
