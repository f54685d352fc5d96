import FuzzSupport

Fuzz.run { data, size in fuzzText(data, size) }
