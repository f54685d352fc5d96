import FuzzSupport

Fuzz.run { data, size in fuzzPhone(data, size) }
