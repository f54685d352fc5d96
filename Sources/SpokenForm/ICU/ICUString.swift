import CICU

/// Reads a UTF-8 result from a CICU function that follows the bridge's output
/// convention (`cicu_conventions.h`: returns the needed length; negative = -UErrorCode).
/// Formats into a stack buffer and calls a second time, with the exact size, only on
/// overflow: nobody writes that loop twice.
///
/// - Parameter operation: what is being done, for the error.
/// - Throws: `ICUError` when the function reports an ICU failure.
@inline(__always)
func icuString(_ operation: @autoclosure () -> String,
               _ body: (UnsafeMutablePointer<CChar>, Int32) -> Int32) throws(ICUError) -> String {
    let small = 512
    var needed: Int32 = 0
    let first: String? = withUnsafeTemporaryAllocation(of: CChar.self, capacity: small) { buffer in
        needed = body(buffer.baseAddress!, Int32(small))
        guard needed >= 0, Int(needed) < small else { return nil }
        return decodeUTF8(buffer.baseAddress!, count: Int(needed))
    }
    if let first { return first }
    try status(ofLength: needed).checkSuccess(operation())
    let capacity = Int(needed) + 1
    var length: Int32 = 0
    let second: String? = withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer in
        length = body(buffer.baseAddress!, Int32(capacity))
        guard length >= 0, Int(length) < capacity else { return nil }
        return decodeUTF8(buffer.baseAddress!, count: Int(length))
    }
    if let second { return second }
    try status(ofLength: length).checkSuccess(operation())
    // The function asked for more room on the second call than on the first: a bridge bug.
    throw ICUError(status: bufferOverflowStatus, operation: operation())
}

/// U_BUFFER_OVERFLOW_ERROR.
private let bufferOverflowStatus: ICUStatus = 15

/// The status a bridge length carries: a negative length is -UErrorCode; any other is success.
@inline(__always)
private func status(ofLength length: Int32) -> ICUStatus {
    length < 0 ? -length : 0
}

@inline(__always)
private func decodeUTF8(_ pointer: UnsafeMutablePointer<CChar>, count: Int) -> String {
    pointer.withMemoryRebound(to: UInt8.self, capacity: count) {
        String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
    }
}
