import FuzzSupport

Fuzz.run { data, size in fuzzGettext(data, size) }
