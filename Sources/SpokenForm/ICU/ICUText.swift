import CICU

/// Reads a UTF-8 result from a CICU function that follows the bridge's output
/// convention (returns the needed length; negative = ICU error). Formats into a
/// stack buffer and calls a second time, with the exact size, only on overflow.
@inline(__always)
func icuString(_ body: (UnsafeMutablePointer<CChar>, Int32) -> Int32) -> String? {
    let small = 512
    var needed: Int32 = 0
    let first: String? = withUnsafeTemporaryAllocation(of: CChar.self, capacity: small) { buffer in
        needed = body(buffer.baseAddress!, Int32(small))
        guard needed >= 0, Int(needed) < small else { return nil }
        return buffer.baseAddress!.withMemoryRebound(to: UInt8.self, capacity: Int(needed)) {
            String(decoding: UnsafeBufferPointer(start: $0, count: Int(needed)), as: UTF8.self)
        }
    }
    if let first { return first }
    guard needed >= Int32(small) else { return nil }
    let capacity = Int(needed) + 1
    return withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer -> String? in
        let length = body(buffer.baseAddress!, Int32(capacity))
        guard length >= 0, Int(length) < capacity else { return nil }
        return buffer.baseAddress!.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
            String(decoding: UnsafeBufferPointer(start: $0, count: Int(length)), as: UTF8.self)
        }
    }
}

/// Canonical ICU locale helpers.
enum ICULocale {
    static func canonical(_ tag: String) -> String? { icuString { sf_locale_canonical(tag, $0, $1) }.flatMap { $0.isEmpty ? nil : $0 } }
    static func language(_ id: String) -> String { icuString { sf_locale_language(id, $0, $1) } ?? "" }
    static func region(_ id: String) -> String { icuString { sf_locale_region(id, $0, $1) } ?? "" }
    static func script(_ id: String) -> String { icuString { sf_locale_script(id, $0, $1) } ?? "" }
    static func likely(_ id: String) -> String { icuString { sf_locale_add_likely(id, $0, $1) } ?? id }
}
