import FuzzSupport

Fuzz.run { data, size in fuzzCSV(data, size) }
