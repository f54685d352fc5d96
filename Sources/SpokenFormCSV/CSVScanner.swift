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

/// Input bytes cut after a record by `CSVScanner.nextRawChunk`, not scanned yet: the
/// worker that converts them finds their records and fields (`CSVRecordReader.scan`), so
/// the reading thread only looks for a place to cut.
struct CSVRawChunk: Sendable {
    /// The raw input bytes, exactly as read.
    var bytes: [UInt8]
    /// Offset of `bytes[0]` in the input (the BOM included).
    var inputOffset: Int
    /// The bytes stop inside a record longer than the record limit (no line end outside
    /// quotes was found within the limit): scanning them ends with an error.
    var endsInsideRecord: Bool
}

/// The bytes that stop the scan of an unquoted field (the delimiter, a quote, CR, LF) and
/// of a quoted one (a quote, CR, LF), as 256-entry tables. Immutable once built.
final class CSVStopTables: @unchecked Sendable {
    let unquoted: UnsafeMutablePointer<UInt8>
    let quoted: UnsafeMutablePointer<UInt8>

    init(delimiter: UInt8) {
        unquoted = .allocate(capacity: 256)
        unquoted.initialize(repeating: 0, count: 256)
        quoted = .allocate(capacity: 256)
        quoted.initialize(repeating: 0, count: 256)
        for byte in [delimiter, csvQuote, csvCR, csvLF] { unquoted[Int(byte)] = 1 }
        for byte in [csvQuote, csvCR, csvLF] { quoted[Int(byte)] = 1 }
    }

    deinit {
        unquoted.deallocate()
        quoted.deallocate()
    }
}

let csvCR = UInt8(ascii: "\r")
let csvLF = UInt8(ascii: "\n")

/// Finds record and field boundaries in bytes in memory: the one scanning loop, used by
/// the streaming scanner on its read buffer and by the workers on their raw chunks.
struct CSVRecordReader: Sendable {
    let delimiter: UInt8
    let tables: CSVStopTables
    /// Record field ranges (needed to convert or to read the header; passthrough skips them).
    var storesFields = true

    enum ScanResult {
        /// A record, the position after its line terminator, and the physical lines it spans
        /// (its quoted line breaks and its terminator).
        case record(CSVRecordInfo, next: Int, lines: Int)
        case needMore
        case endOfInput
        case error(CSVError)
    }

    /// Scans the record starting at `recordStart` in `buffer[..<end]`; `atEOF` says no byte
    /// follows `end`. Offsets in the record and its fields are relative to `chunkStart`;
    /// `inputOffset` is the input offset of `buffer[0]` and `line` the physical line where
    /// the record starts (both only for the record and for errors). On `needMore` nothing is
    /// appended to `fields`, so the record can be scanned again once more bytes are in.
    func scanRecord(_ buffer: UnsafePointer<UInt8>, at recordStart: Int, end: Int, atEOF: Bool,
                    chunkStart: Int, line: Int, inputOffset: Int, fields: inout [CSVFieldRange]) -> ScanResult {
        let delimiter = self.delimiter, unquotedStops = tables.unquoted, quotedStops = tables.quoted
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
        func syntaxError(at offset: Int, _ message: String) -> ScanResult {
            let (errorLine, column) = Self.position(of: offset, in: buffer, recordStart: recordStart, line: line, end: end)
            return .error(.syntax(line: errorLine, column: column, byteOffset: inputOffset + offset, message: message))
        }

        while true {
            // One field per turn; `i` is at its first byte.
            let fieldStart = i
            var quoted = false
            if i < end && buffer[i] == csvQuote {
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
                        return syntaxError(at: fieldStart, "the quoted field opened here is never closed")
                    }
                    let byte = buffer[i]
                    if byte == csvQuote {
                        if i + 1 < end {
                            if buffer[i + 1] == csvQuote { i += 2; continue }
                            i += 1
                            break
                        }
                        if !atEOF { return incomplete() }
                        i += 1
                        break
                    }
                    // A line break inside quotes: CRLF counts once.
                    if byte == csvCR {
                        if i + 1 == end && !atEOF { return incomplete() }
                        if i + 1 == end || buffer[i + 1] != csvLF { lineBreaksInside += 1 }
                    } else {
                        lineBreaksInside += 1
                    }
                    i += 1
                }
                // After the closing quote only a delimiter, a line end or the end may follow.
                if i < end {
                    let next = buffer[i]
                    if next != delimiter && next != csvCR && next != csvLF {
                        return syntaxError(at: i, "unexpected character after the closing quote of a quoted field (write a quote inside a quoted field as \"\")")
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
                if i < end && buffer[i] == csvQuote {
                    return syntaxError(at: i, "a quote inside an unquoted field (quote the whole field and double the quote)")
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
                if buffer[i] == csvCR {
                    if i + 1 < end {
                        i += buffer[i + 1] == csvLF ? 2 : 1
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
            return .record(record, next: i, lines: lineBreaksInside + (contentEnd < i ? 1 : 0))
        }
    }

    /// Line and column (1-based; the column counts characters, not bytes) of a position
    /// inside the record that starts at `recordStart` on `line`. Only used to report an error.
    static func position(of offset: Int, in buffer: UnsafePointer<UInt8>, recordStart: Int, line: Int, end: Int) -> (line: Int, column: Int) {
        var errorLine = line
        var lineStart = recordStart
        var i = recordStart
        while i < offset {
            let byte = buffer[i]
            if byte == csvLF || (byte == csvCR && (i + 1 >= end || buffer[i + 1] != csvLF)) {
                errorLine += 1
                lineStart = i + 1
            }
            i += 1
        }
        var column = 1
        for j in lineStart..<offset where buffer[j] & 0xC0 != 0x80 { column += 1 }
        return (errorLine, column)
    }

    static func recordTooLong(line: Int, byteOffset: Int, maxRecordBytes: Int) -> CSVError {
        .syntax(line: line, column: 1, byteOffset: byteOffset,
                message: "a record longer than \(maxRecordBytes >> 20) MiB starts here; is a quote left open?")
    }

    /// Finds the records of a raw chunk into `records` and `fields` (emptied first), with
    /// lines counted from 1 at the chunk's first byte. Returns the physical lines the records
    /// span and the error that ends the chunk early, if any (the records before it are
    /// complete). Each record is scanned within `maxRecordBytes` from its start, as the
    /// streaming scanner's buffer allows, so the limit and its error are the same.
    func scan(_ raw: CSVRawChunk, maxRecordBytes: Int,
              records: inout [CSVRecordInfo], fields: inout [CSVFieldRange]) -> (lines: Int, error: CSVError?) {
        records.removeAll(keepingCapacity: true)
        fields.removeAll(keepingCapacity: true)
        return raw.bytes.withUnsafeBufferPointer { bytes -> (lines: Int, error: CSVError?) in
            guard let base = bytes.baseAddress else { return (0, nil) }
            let count = bytes.count
            var line = 1
            var i = 0
            while true {
                let end = count - i > maxRecordBytes ? i + maxRecordBytes : count
                let atEOF = end == count && !raw.endsInsideRecord
                switch scanRecord(base, at: i, end: end, atEOF: atEOF, chunkStart: 0, line: line,
                                  inputOffset: raw.inputOffset, fields: &fields) {
                case .record(let record, let next, let lines):
                    records.append(record)
                    line += lines
                    i = next
                case .endOfInput:
                    return (line - 1, nil)
                case .needMore:
                    // Only the record the reading thread found no end for within the limit
                    // (or the window of a longer one) gets here.
                    return (line - 1, Self.recordTooLong(line: line, byteOffset: raw.inputOffset + i, maxRecordBytes: maxRecordBytes))
                case .error(let error):
                    return (line - 1, error)
                }
            }
        }
    }
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
///
/// Two ways to read: `nextChunk` scans every record and field on the calling thread;
/// `nextRawChunk` only finds where to cut (a line end outside quotes), so that the workers
/// scan their chunks in parallel.
final class CSVScanner {
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    let maxRecordBytes: Int
    /// Finds records and fields; `storesFields` is off for passthrough.
    var reader: CSVRecordReader
    /// Record field ranges (needed to convert or to read the header; passthrough skips them).
    var storesFields: Bool {
        get { reader.storesFields }
        set { reader.storesFields = newValue }
    }
    /// The input began with a UTF-8 BOM (not part of any record).
    private(set) var hasByteOrderMark = false
    /// Physical line where the next record starts (not advanced by `nextRawChunk`).
    private(set) var line = 1

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
    private var started = false
    /// `nextRawChunk` handed out a chunk that stops inside a too long record: nothing follows.
    private var cutInsideRecord = false

    init(source: CSVByteSource, delimiter: UInt8, bufferSize: Int = 1 << 20, maxRecordBytes: Int = 64 << 20) {
        self.source = source
        self.maxRecordBytes = max(maxRecordBytes, 16)
        reader = CSVRecordReader(delimiter: delimiter, tables: CSVStopTables(delimiter: delimiter))
        capacity = max(bufferSize, 64)
        buffer = .allocate(capacity: capacity)
    }

    deinit {
        buffer.deallocate()
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
    /// The buffer grows up to `limit` bytes (from `start`); past it, the record at `start`
    /// is too long.
    private func fill(limit: Int? = nil) throws {
        if end == capacity {
            if start > 0 {
                let kept = end - start
                buffer.update(from: buffer + start, count: kept)
                bufferInputOffset += start
                start = 0
                end = kept
            } else {
                // One record fills the whole buffer: grow it, up to the record limit.
                let limit = limit ?? maxRecordBytes
                guard capacity < limit else { throw recordTooLong() }
                let newCapacity = min(capacity * 2, limit)
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
        CSVRecordReader.recordTooLong(line: line, byteOffset: bufferInputOffset + start, maxRecordBytes: maxRecordBytes)
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
            switch reader.scanRecord(buffer, at: start, end: end, atEOF: atEOF, chunkStart: chunkStart, line: line,
                                     inputOffset: bufferInputOffset, fields: &fields) {
            case .record(let record, let next, let lines):
                records.append(record)
                line += lines
                start = next
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

    /// The next run of input bytes for a worker to scan, or nil at the end of the input:
    /// from `start` (a record's first byte) to the first line end outside quotes at or
    /// after `targetBytes`, or to the end of the input.
    ///
    /// Cheap on purpose, since it is the serial part of a parallel run: the quotes before
    /// `targetBytes` are only counted (a vectorised loop: their parity says whether
    /// `targetBytes` falls inside a quoted field), and only the bytes from there to the
    /// cut are looked at one by one. In valid CSV every quote opens, doubles or closes a
    /// quoted field, so the parity is exactly "inside quotes"; where it is not (a stray
    /// quote), the worker scanning the chunk that holds the stray quote stops there with
    /// the same error as `nextChunk`, and whatever was cut after it is never written.
    ///
    /// The record limit: when no line end outside quotes follows within `maxRecordBytes`
    /// of `targetBytes`, the record spanning it is longer than the limit; the chunk then
    /// stops there (`endsInsideRecord`), its worker reports that record as too long, and
    /// nothing more is read. The buffer holds at most `targetBytes + maxRecordBytes + 1`
    /// bytes.
    func nextRawChunk(targetBytes: Int) throws -> CSVRawChunk? {
        if !started { try begin() }
        if cutInsideRecord { return nil }
        let target = max(1, targetBytes)
        let limit = target + maxRecordBytes + 1
        while end - start < target && !atEOF { try fill(limit: limit) }
        if start == end { return nil }
        // Offsets from `start`, which a fill may move.
        var offset = min(target, end - start)
        var insideQuotes = Self.hasOddQuotes(buffer + start, offset)
        while true {
            var i = start + offset
            var cut: Int?
            scanning: while i < end {
                let byte = buffer[i]
                if byte == csvQuote {
                    insideQuotes.toggle()
                } else if !insideQuotes && (byte == csvLF || byte == csvCR) {
                    if byte == csvLF {
                        cut = i + 1
                    } else if i + 1 < end {
                        cut = buffer[i + 1] == csvLF ? i + 2 : i + 1
                    } else if atEOF {
                        cut = i + 1
                    }
                    // A CR at the end of what was read: its LF may follow; look at it again.
                    break scanning
                }
                i += 1
            }
            if let cut { return rawChunk(count: cut - start, endsInsideRecord: false) }
            offset = i - start
            if atEOF { return rawChunk(count: end - start, endsInsideRecord: false) }
            if offset - target >= maxRecordBytes {
                cutInsideRecord = true
                return rawChunk(count: offset, endsInsideRecord: true)
            }
            try fill(limit: limit)
        }
    }

    private func rawChunk(count: Int, endsInsideRecord: Bool) -> CSVRawChunk {
        let chunk = CSVRawChunk(bytes: Array(UnsafeBufferPointer(start: buffer + start, count: count)),
                                inputOffset: bufferInputOffset + start, endsInsideRecord: endsInsideRecord)
        start += count
        return chunk
    }

    /// Whether `bytes[0..<count]` holds an odd number of quotes, 8 bytes at a time: it runs
    /// over nearly every input byte of a parallel run, on the reading thread. (A plain byte
    /// loop was not vectorised, because of its overflow checks, and ran at 1 GB/s; the
    /// standard library's `SIMD32` comparison compiled to a loop over lanes.) In each word,
    /// the high bit of every byte equal to a quote is set (the exact zero-byte test on the
    /// word XOR quotes); the XOR of those masks has as many bits set as there are quotes,
    /// modulo 2.
    private static func hasOddQuotes(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        let raw = UnsafeRawPointer(bytes)
        let quotes: UInt64 = 0x2222_2222_2222_2222, low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        var masks: UInt64 = 0
        var index = 0
        while index &+ 8 <= count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ quotes
            // High bit set exactly in the bytes of `word` that are zero.
            masks ^= ~(((word & low7) &+ low7) | word | low7)
            index &+= 8
        }
        var odd = masks.nonzeroBitCount & 1 == 1
        while index < count {
            if bytes[index] == csvQuote { odd.toggle() }
            index &+= 1
        }
        return odd
    }
}
