import CICU

/// Byte-string search with glibc's `memmem` (through `CICU`: Swift's Glibc module does
/// not export it). Number polishing screens every spelled number with it before any
/// string is rebuilt, so it must cost less than ICU's own formatting.
enum ByteSearch {
    /// Offset of the first `pattern` in the `count` bytes at `base`, or -1.
    @inline(__always)
    static func firstOffset(of pattern: [UInt8], in base: UnsafePointer<UInt8>, count: Int) -> Int {
        pattern.withUnsafeBufferPointer { sf_bytes_find(base, count, $0.baseAddress, $0.count) }
    }
}

extension String {
    /// Whether the UTF-8 bytes of `self` contain `pattern` (memmem on native strings).
    @inline(__always)
    func containsBytes(_ pattern: [UInt8]) -> Bool {
        if let found = utf8.withContiguousStorageIfAvailable({ $0.containsBytes(pattern) }) { return found }
        return Array(utf8).containsBytes(pattern)
    }
}

extension String {
    /// Every occurrence of `pattern` replaced by `replacement`, on UTF-8 bytes
    /// (both are whole UTF-8 sequences, so the result is valid UTF-8).
    func replacingBytes(_ pattern: [UInt8], with replacement: [UInt8]) -> String {
        var bytes = Array(utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 8)
        var start = 0
        bytes.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            while start < buffer.count {
                let offset = ByteSearch.firstOffset(of: pattern, in: UnsafePointer(base + start), count: buffer.count - start)
                guard offset >= 0 else { break }
                output.append(contentsOf: buffer[start..<start + offset])
                output.append(contentsOf: replacement)
                start += offset + pattern.count
            }
            output.append(contentsOf: buffer[start...])
        }
        return String(decoding: output, as: UTF8.self)
    }
}

extension Collection where Element == UInt8 {
    @inline(__always)
    func containsBytes(_ pattern: [UInt8]) -> Bool {
        if let found = withContiguousStorageIfAvailable({ haystack in
            pattern.withUnsafeBufferPointer { needle in
                sf_bytes_contain(haystack.baseAddress, haystack.count, needle.baseAddress, needle.count)
            }
        }) { return found }
        return Array(self).containsBytes(pattern)
    }
}
