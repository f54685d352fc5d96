import FuzzSupport

Fuzz.run { data, size in fuzzAndroidStrings(data, size) }
