import FuzzSupport

Fuzz.run { data, size in fuzzDate(data, size) }
