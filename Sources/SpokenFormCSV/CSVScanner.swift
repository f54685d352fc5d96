import Foundation

/// One field of a record: its raw byte range inside the chunk, quotes included.
struct CSVFieldRange: Sendable {
    var start: Int
    var end: Int
    var isQuoted: Bool
}

/// One record (row) of a chunk. Offsets are into `CSVChunk.bytes`.
struct CSVRecordInfo: Sendable {
    /// First byte of the record.
    var start: Int
    /// Where the line terminator starts (== `end` when the input has no final newline).
    var contentEnd: Int
    /// After the line terminator.
    var end: Int
    /// Index of the record's first field in `CSVChunk.fields` (only when fields are stored).
    var firstField: Int
    var fieldCount: Int
    /// Physical line (1-based) where the record starts; quoted line breaks count.
    var line: Int
    /// The record holds a byte >= 0x80 and needs UTF-8 validation.
    var hasNonASCII: Bool
}

/// A run of complete records, copied out of the scanner's buffer so that a worker
/// thread can convert it while the scanner reads on.
struct CSVChunk: Sendable {
    /// The raw input bytes of the records, exactly as read.
    var bytes: [UInt8]
    /// Offset of `bytes[0]` in the input (the BOM included).
    var inputOffset: Int
    var records: [CSVRecordInfo]
    var fields: [CSVFieldRange]
}

/// A streaming RFC 4180 scanner over bytes.
///
/// Written here because the Swift CSV packages available either load the whole file,
/// swallow syntax errors or rewrite bytes (see Docs/csv.md); this one only finds
/// boundaries and never changes a byte, so untouched fields pass through as read.
///
/// Accepts: quoted fields with delimiters, doubled quotes and CR/LF inside; CRLF, LF
/// or CR line ends; a UTF-8 BOM (kept aside as `byteOrderMark`); a missing final
/// newline; empty fields. Rejects with a `CSVError.syntax`: a quote inside an unquoted
/// field, a character after a closing quote, an unterminated quote, and a record
/// longer than `maxRecordBytes` (the only thing that bounds memory).
final class CSVScanner {
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    let delimiter: UInt8
    let maxRecordBytes: Int
    /// Record field ranges (needed to convert or to read the header; passthrough skips them).
    var storesFields = true
    /// The input began with a UTF-8 BOM (not part of any record).
    private(set) var hasByteOrderMark = false

    private let source: CSVByteSource
    private var buffer: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// First byte not yet handed out in a chunk.
    private var start = 0
    /// End of the bytes read into the buffer.
    private var end = 0
    private var atEOF = false
    /// Input offset of `buffer[0]`.
    private var bufferInputOffset = 0
    /// Physical line where the next record starts.
    private var line = 1
    private var started = false
    /// 1 for the bytes that end an unquoted field, and for those that stop a quoted scan.
    private let unquotedStops: UnsafeMutablePointer<UInt8>
    private let quotedStops: UnsafeMutablePointer<UInt8>

    private static let quote = UInt8(ascii: "\"")
    private static let cr = UInt8(ascii: "\r")
    private static let lf = UInt8(ascii: "\n")

    init(source: CSVByteSource, delimiter: UInt8, bufferSize: Int = 1 << 20, maxRecordBytes: Int = 64 << 20) {
        self.source = source
        self.delimiter = delimiter
        self.maxRecordBytes = max(maxRecordBytes, 16)
        capacity = max(bufferSize, 64)
        buffer = .allocate(capacity: capacity)
        unquotedStops = .allocate(capacity: 256)
        unquotedStops.initialize(repeating: 0, count: 256)
        quotedStops = .allocate(capacity: 256)
        quotedStops.initialize(repeating: 0, count: 256)
        for byte in [delimiter, Self.quote, Self.cr, Self.lf] { unquotedStops[Int(byte)] = 1 }
        for byte in [Self.quote, Self.cr, Self.lf] { quotedStops[Int(byte)] = 1 }
    }

    deinit {
        buffer.deallocate()
        unquotedStops.deallocate()
        quotedStops.deallocate()
    }

    /// Reads the first bytes and sets aside a UTF-8 BOM.
    private func begin() throws {
        started = true
        while end < 3 && !atEOF { try fill() }
        if end >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF {
            hasByteOrderMark = true
            start = 3
        }
    }

    /// Reads more input after `end`, compacting or growing the buffer first when it is full.
    private func fill() throws {
        if end == capacity {
            if start > 0 {
                let kept = end - start
                buffer.update(from: buffer + start, count: kept)
                bufferInputOffset += start
                start = 0
                end = kept
            } else {
                // One record fills the whole buffer: grow it, up to the record limit.
                guard capacity < maxRecordBytes else { throw recordTooLong() }
                let newCapacity = min(capacity * 2, maxRecordBytes)
                let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
                grown.update(from: buffer, count: end)
                buffer.deallocate()
                buffer = grown
                capacity = newCapacity
            }
        }
        let count = try source.read(into: UnsafeMutableRawBufferPointer(start: buffer + end, count: capacity - end))
        if count == 0 { atEOF = true } else { end += count }
    }

    /// Reads more for a record that is not complete yet. A long record (over 64 KiB so
    /// far) waits for a full buffer before it is scanned again, so that a record arriving
    /// in small pipe reads is rescanned a few times, not once per read.
    private func fillForRecord() throws {
        let long = end - start >= 64 << 10
        repeat {
            try fill()
        } while long && end < capacity && !atEOF
    }

    private func recordTooLong() -> CSVError {
        let (errorLine, column) = position(of: start)
        return .syntax(line: errorLine, column: column, byteOffset: bufferInputOffset + start,
                       message: "a record longer than \(maxRecordBytes >> 20) MiB starts here; is a quote left open?")
    }

    /// The next run of complete records: at least one record, and as many more as fit in
    /// `targetBytes` and `maxRecords` without reading again. Returns `nil` at the end of the
    /// input. A syntax error comes back with the records before it (the error is thrown by
    /// the caller once those are written), as `(chunk, error)`.
    func nextChunk(targetBytes: Int, maxRecords: Int = .max) throws -> (chunk: CSVChunk?, error: CSVError?) {
        if !started { try begin() }
        var chunkStart = start
        var records: [CSVRecordInfo] = []
        var fields: [CSVFieldRange] = []
        records.reserveCapacity(min(maxRecords, 4096))
        var pendingError: CSVError?

        scanning: while records.count < maxRecords && start - chunkStart < targetBytes {
            switch scanRecord(chunkStart: chunkStart, fields: &fields) {
            case .record(let record):
                records.append(record)
            case .endOfInput:
                break scanning
            case .needMore:
                if !records.isEmpty { break scanning }
                // No complete record yet: read more (this may move the buffer, so rescan).
                do { try fillForRecord() } catch let error as CSVError { pendingError = error; break scanning }
                chunkStart = start
            case .error(let error):
                pendingError = error
                break scanning
            }
        }
        if records.isEmpty { return (nil, pendingError) }
        let bytes = Array(UnsafeBufferPointer(start: buffer + chunkStart, count: start - chunkStart))
        let chunk = CSVChunk(bytes: bytes, inputOffset: bufferInputOffset + chunkStart, records: records, fields: fields)
        return (chunk, pendingError)
    }

    private enum ScanResult {
        case record(CSVRecordInfo)
        case needMore
        case endOfInput
        case error(CSVError)
    }

    /// Scans one record starting at `start`. On success advances `start` and `line`;
    /// on `needMore` leaves both unchanged (and `fields` as it was) so the record is
    /// scanned again once more bytes are in.
    private func scanRecord(chunkStart: Int, fields: inout [CSVFieldRange]) -> ScanResult {
        let buffer = self.buffer, end = self.end, atEOF = self.atEOF
        let delimiter = self.delimiter, unquotedStops = self.unquotedStops, quotedStops = self.quotedStops
        let recordStart = start
        if recordStart == end { return atEOF ? .endOfInput : .needMore }
        let fieldsBefore = fields.count
        var fieldCount = 0
        var lineBreaksInside = 0
        var highBits: UInt8 = 0
        var i = recordStart

        func incomplete() -> ScanResult {
            if storesFields { fields.removeSubrange(fieldsBefore...) }
            return .needMore
        }

        while true {
            // One field per turn; `i` is at its first byte.
            let fieldStart = i
            var quoted = false
            if i < end && buffer[i] == Self.quote {
                quoted = true
                i += 1
                while true {
                    while i < end {
                        let byte = buffer[i]
                        if quotedStops[Int(byte)] != 0 { break }
                        highBits |= byte
                        i += 1
                    }
                    if i == end {
                        if !atEOF { return incomplete() }
                        let (errorLine, column) = position(of: fieldStart)
                        return .error(.syntax(line: errorLine, column: column, byteOffset: bufferInputOffset + fieldStart,
                                              message: "the quoted field opened here is never closed"))
                    }
                    let byte = buffer[i]
                    if byte == Self.quote {
                        if i + 1 < end {
                            if buffer[i + 1] == Self.quote { i += 2; continue }
                            i += 1
                            break
                        }
                        if !atEOF { return incomplete() }
                        i += 1
                        break
                    }
                    // A line break inside quotes: CRLF counts once.
                    if byte == Self.cr {
                        if i + 1 == end && !atEOF { return incomplete() }
                        if i + 1 == end || buffer[i + 1] != Self.lf { lineBreaksInside += 1 }
                    } else {
                        lineBreaksInside += 1
                    }
                    i += 1
                }
                // After the closing quote only a delimiter, a line end or the end may follow.
                if i < end {
                    let next = buffer[i]
                    if next != delimiter && next != Self.cr && next != Self.lf {
                        let (errorLine, column) = position(of: i)
                        return .error(.syntax(line: errorLine, column: column, byteOffset: bufferInputOffset + i,
                                              message: "unexpected character after the closing quote of a quoted field (write a quote inside a quoted field as \"\")"))
                    }
                } else if !atEOF {
                    return incomplete()
                }
            } else {
                while i < end {
                    let byte = buffer[i]
                    if unquotedStops[Int(byte)] != 0 { break }
                    highBits |= byte
                    i += 1
                }
                if i == end && !atEOF { return incomplete() }
                if i < end && buffer[i] == Self.quote {
                    let (errorLine, column) = position(of: i)
                    return .error(.syntax(line: errorLine, column: column, byteOffset: bufferInputOffset + i,
                                          message: "a quote inside an unquoted field (quote the whole field and double the quote)"))
                }
            }
            if storesFields {
                fields.append(CSVFieldRange(start: fieldStart - chunkStart, end: i - chunkStart, isQuoted: quoted))
            }
            fieldCount += 1
            if i < end && buffer[i] == delimiter {
                i += 1
                continue
            }
            // End of record: a line terminator or the end of the input.
            let contentEnd = i
            if i < end {
                if buffer[i] == Self.cr {
                    if i + 1 < end {
                        i += buffer[i + 1] == Self.lf ? 2 : 1
                    } else if atEOF {
                        i += 1
                    } else {
                        return incomplete()
                    }
                } else {
                    i += 1
                }
            }
            let record = CSVRecordInfo(
                start: recordStart - chunkStart, contentEnd: contentEnd - chunkStart, end: i - chunkStart,
                firstField: fieldsBefore, fieldCount: fieldCount, line: line, hasNonASCII: highBits >= 0x80)
            line += lineBreaksInside + (contentEnd < i ? 1 : 0)
            start = i
            return .record(record)
        }
    }

    /// Line and column (1-based; the column counts characters, not bytes) of a buffer
    /// position inside the current record. Only used to report an error.
    private func position(of offset: Int) -> (line: Int, column: Int) {
        var errorLine = line
        var lineStart = start
        var i = start
        while i < offset {
            let byte = buffer[i]
            if byte == Self.lf || (byte == Self.cr && (i + 1 >= end || buffer[i + 1] != Self.lf)) {
                errorLine += 1
                lineStart = i + 1
            }
            i += 1
        }
        var column = 1
        for j in lineStart..<offset where buffer[j] & 0xC0 != 0x80 { column += 1 }
        return (errorLine, column)
    }
}
