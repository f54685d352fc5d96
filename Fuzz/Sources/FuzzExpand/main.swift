import FuzzSupport

Fuzz.run { data, size in fuzzExpand(data, size) }
