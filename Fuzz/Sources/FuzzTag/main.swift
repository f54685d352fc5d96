import FuzzSupport

Fuzz.run { data, size in fuzzTag(data, size) }
