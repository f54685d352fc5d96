import FuzzSupport

Fuzz.run { data, size in fuzzCatalog(data, size) }
