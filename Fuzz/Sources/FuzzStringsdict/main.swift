import FuzzSupport

Fuzz.run { data, size in fuzzStringsdict(data, size) }
