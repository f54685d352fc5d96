import CICU

/// A raw ICU unit formatter (unumf through the bridge), for the references the suites
/// compare SpokenForm with: what the library's own ICUNumberFormatter does, without
/// SpokenForm around it (a stack buffer, one String, the number's range).
final class RawNumberFormatter {
    private let formatter: OpaquePointer

    init?(icuLocaleID: String, skeleton: String) {
        var status: Int32 = 0
        guard let formatter = sf_numfmt_open(icuLocaleID, skeleton, &status), status <= 0 else { return nil }
        self.formatter = formatter
    }

    deinit { sf_numfmt_close(formatter) }

    func format(_ decimal: String) -> (text: String, number: Range<String.Index>?)? {
        var start: Int32 = -1, end: Int32 = -1
        let text: String? = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 512) { buffer in
            let length = sf_numfmt_format_decimal(formatter, decimal, buffer.baseAddress!, 512, &start, &end)
            guard length >= 0, length < 512 else { return nil }
            return buffer.baseAddress!.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
                String(decoding: UnsafeBufferPointer(start: $0, count: Int(length)), as: UTF8.self)
            }
        }
        guard let text else { return nil }
        guard start >= 0, end >= start else { return (text, nil) }
        let utf8 = text.utf8
        return (text, utf8.index(utf8.startIndex, offsetBy: Int(start))..<utf8.index(utf8.startIndex, offsetBy: Int(end)))
    }
}
