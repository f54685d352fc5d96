import FuzzSupport

Fuzz.run { data, size in fuzzNumber(data, size) }
