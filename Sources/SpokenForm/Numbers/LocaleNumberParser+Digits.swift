/// Reading a number in the locale's notation straight from the text's UTF-8 bytes into
/// stack buffers: no `String`, no `Array` per call (a CSV number column calls this for
/// every cell). It applies `parse(_:)`'s rules in the same order; whatever it is not sure
/// of (more than 40 digits, more than 8 separators, any input `parse` rejects) it leaves
/// to `parse`, which also words the error.
extension LocaleNumberParser {
    private static let maxDigits = 40
    private static let maxSeparators = 8

    /// Calls `body` with the sign, the integer digits (no leading zeros, "0" for zero) and
    /// the fraction digits of `input` (ASCII bytes, valid only during the call); nil when
    /// the input needs the general parser.
    func withDigits<Result>(of input: String,
                            _ body: (_ isNegative: Bool, _ integer: UnsafeBufferPointer<UInt8>, _ fraction: UnsafeBufferPointer<UInt8>) throws -> Result?) rethrows -> Result? {
        let result: Result?? = try input.utf8.withContiguousStorageIfAvailable { bytes -> Result? in
            try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.maxDigits + 1) { digits -> Result? in
                try withUnsafeTemporaryAllocation(of: (scalar: UInt32, position: Int).self, capacity: Self.maxSeparators) { separators -> Result? in
                    try read(bytes, digits: digits, separators: separators, body)
                }
            }
        }
        return result ?? nil
    }

    /// `withDigits(of:_:)` on UTF-8 bytes the caller has checked (a CSV cell): `input` must
    /// be valid UTF-8.
    func withDigits<Result>(utf8 input: UnsafeBufferPointer<UInt8>,
                            _ body: (_ isNegative: Bool, _ integer: UnsafeBufferPointer<UInt8>, _ fraction: UnsafeBufferPointer<UInt8>) throws -> Result?) rethrows -> Result? {
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.maxDigits + 1) { digits -> Result? in
            try withUnsafeTemporaryAllocation(of: (scalar: UInt32, position: Int).self, capacity: Self.maxSeparators) { separators -> Result? in
                try read(input, digits: digits, separators: separators, body)
            }
        }
    }

    /// The scalar starting at `index` and the index after it (the bytes are valid UTF-8: they come from a String).
    @inline(__always)
    private static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (value: UInt32, next: Int) {
        let lead = UInt32(bytes[index])
        if lead < 0x80 { return (lead, index + 1) }
        if lead < 0xE0 { return ((lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F), index + 2) }
        if lead < 0xF0 {
            return ((lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F), index + 3)
        }
        return ((lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12 | UInt32(bytes[index + 2] & 0x3F) << 6
                | UInt32(bytes[index + 3] & 0x3F), index + 4)
    }

    @inline(__always)
    private static func isTrimmed(_ value: UInt32) -> Bool {
        Unicode.Scalar(value).map(isTrimmed) ?? false
    }

    private func read<Result>(_ bytes: UnsafeBufferPointer<UInt8>,
                              digits: UnsafeMutableBufferPointer<UInt8>,
                              separators: UnsafeMutableBufferPointer<(scalar: UInt32, position: Int)>,
                              _ body: (Bool, UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) throws -> Result?) rethrows -> Result? {
        var start = 0
        var end = bytes.count
        // Trim, as `parse` does, at both ends.
        while start < end {
            let (value, next) = Self.scalar(in: bytes, at: start)
            guard Self.isTrimmed(value) else { break }
            start = next
        }
        while start < end {
            var first = end - 1
            while first > start && bytes[first] & 0xC0 == 0x80 { first -= 1 }
            guard Self.isTrimmed(Self.scalar(in: bytes, at: first).value) else { break }
            end = first
        }
        var negative = false
        if start < end {
            let (value, next) = Self.scalar(in: bytes, at: start)
            if value == 0x2D || value == 0x2212 || value == 0x2B {
                negative = value != 0x2B
                start = next
                while start < end && bytes[start] == 0x20 { start += 1 }
            }
        }

        // One pass: the digits, and each separator with the number of digits before it.
        var digitCount = 0
        var separatorCount = 0
        var index = start
        while index < end {
            let byte = bytes[index]
            if byte >= 0x30 && byte <= 0x39 {
                guard digitCount < Self.maxDigits else { return nil }
                digits[digitCount] = byte
                digitCount += 1
                index += 1
            } else {
                guard separatorCount < Self.maxSeparators else { return nil }
                let (value, next) = Self.scalar(in: bytes, at: index)
                separators[separatorCount] = (value, digitCount)
                separatorCount += 1
                index = next
            }
        }
        guard digitCount > 0 else { return nil }

        // Which separator, if any, is the decimal point.
        let decimal = decimalSeparator.value
        let grouping = groupingSeparator.value
        var point = -1
        for k in 0..<separatorCount where separators[k].scalar == decimal { point = k; break }
        if point < 0, separatorCount > 0 {
            let last = separators[separatorCount - 1]
            if last.scalar == 0x2E || last.scalar == 0x2C {
                var same = 0
                for k in 0..<separatorCount where separators[k].scalar == last.scalar { same += 1 }
                if same == 1 {
                    // A leading 0 is never a thousands group: "0.500" is a decimal, never 500.
                    let looksLikeGroup = digitCount - last.position == 3 && digits[0] != 0x30
                    // A dot groups digits in a comma-decimal locale too (`value(of:)`).
                    let groupsWithDot = last.scalar == 0x2E && decimal == 0x2C
                    if !((last.scalar == grouping || groupsWithDot) && looksLikeGroup) { point = separatorCount - 1 }
                }
            }
        }
        let integerEnd = point >= 0 ? separators[point].position : digitCount
        if point >= 0 {
            guard point == separatorCount - 1, integerEnd < digitCount else { return nil }
        }
        let groupCount = point >= 0 ? point : separatorCount
        if groupCount > 0 {
            let kind = separators[0].scalar
            let otherMark: UInt32 = decimal == 0x2C ? 0x2E : decimal == 0x2E ? 0x2C : decimal
            let groupsWithOtherMark = (point >= 0 || decimal == 0x2C) && kind == otherMark && kind != decimal
            guard kind == grouping || Unicode.Scalar(kind).map(Self.isSpaceGrouping) == true || groupsWithOtherMark,
                  (1...3).contains(separators[0].position), digits[0] != 0x30 else { return nil }
            var previous = separators[0].position
            for k in 1..<groupCount {
                guard separators[k].scalar == kind, separators[k].position - previous == 3 else { return nil }
                previous = separators[k].position
            }
            guard integerEnd - previous == 3 else { return nil }
        }
        var integerStart = 0
        while integerStart < integerEnd && digits[integerStart] == 0x30 { integerStart += 1 }
        let base = UnsafePointer(digits.baseAddress!)
        var integer = UnsafeBufferPointer(start: base + integerStart, count: integerEnd - integerStart)
        if integer.isEmpty {
            digits[Self.maxDigits] = 0x30
            integer = UnsafeBufferPointer(start: base + Self.maxDigits, count: 1)
        }
        let fraction = UnsafeBufferPointer(start: base + integerEnd, count: digitCount - integerEnd)
        let isZero = integer.count == 1 && integer[0] == 0x30 && fraction.allSatisfy { $0 == 0x30 }
        return try body(negative && !isZero, integer, fraction)
    }
}
