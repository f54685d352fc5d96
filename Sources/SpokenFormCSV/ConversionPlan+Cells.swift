import SpokenForm

/// The bytes of a cell's value: quotes removed, doubled quotes still doubled.
@inline(__always)
func cellBytes(_ bytes: [UInt8], _ field: CSVFieldRange) -> ArraySlice<UInt8> {
    field.isQuoted ? bytes[(field.start + 1)..<max(field.start + 1, field.end - 1)] : bytes[field.start..<field.end]
}

/// A cell's value as its reader sees it: the surrounding quotes removed and each doubled
/// quote undone (`"a""b"` is `a"b`).
func unquotedCell(_ bytes: [UInt8], _ field: CSVFieldRange) -> ArraySlice<UInt8> {
    let slice = cellBytes(bytes, field)
    guard field.isQuoted && slice.contains(csvQuote) else { return slice }
    var unquoted: [UInt8] = []
    unquoted.reserveCapacity(slice.count)
    var previousWasQuote = false
    for byte in slice {
        if byte == csvQuote && previousWasQuote { previousWasQuote = false; continue }
        previousWasQuote = byte == csvQuote
        unquoted.append(byte)
    }
    return unquoted[...]
}

let csvQuote = UInt8(ascii: "\"")

/// Appends `bytes[range]` through its raw buffer: an `ArraySlice` would retain and release
/// the chunk's array for every piece of every row.
@inline(__always)
func appendBytes(_ bytes: [UInt8], _ range: Range<Int>, to out: inout [UInt8]) {
    bytes.withUnsafeBufferPointer { out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range])) }
}

/// One cell to convert: its text without the spaces and tabs around it, and what the
/// trim removed in front, which decides whether the answer may start a formula.
struct CellText {
    var text: String
    /// The spaces and tabs before the text.
    var leading: String
    /// The first byte of the cell's value before trimming, nil for an empty cell.
    var firstByte: UInt8?
}

extension ConversionPlan {
    /// An input as quoted in a problem's reason: whole up to 200 characters, else its start,
    /// an ellipsis and its length (the CLI shortens its own messages alike).
    static func shortened(_ input: String) -> String {
        let scalars = input.unicodeScalars
        var end = scalars.startIndex
        var count = 0
        while end != scalars.endIndex && count <= 200 { end = scalars.index(after: end); count += 1 }
        guard count > 200 else { return input }
        return String(String.UnicodeScalarView(scalars[..<scalars.index(scalars.startIndex, offsetBy: 100)])) + "… (\(scalars.count) characters)"
    }

    /// Whether a byte makes a spreadsheet read a cell as a formula (OWASP's CSV injection
    /// list: = + - @ tab CR). A switch, not a `Set`: it is asked for every converted cell.
    @inline(__always)
    static func startsFormula(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D: return true
        default: return false
        }
    }

    /// The cell's text: unquoted, doubled quotes undone, surrounding spaces and tabs
    /// removed; nil when it is not UTF-8.
    func cellText(_ bytes: [UInt8], _ field: CSVFieldRange) -> CellText? {
        let value = unquotedCell(bytes, field)
        var slice = value
        while let first = slice.first, first == 0x20 || first == 0x09 { slice = slice.dropFirst() }
        while let last = slice.last, last == 0x20 || last == 0x09 { slice = slice.dropLast() }
        guard let text = String(validating: slice, as: UTF8.self) else { return nil }
        let leading = String(decoding: value[value.startIndex..<slice.startIndex], as: UTF8.self)
        return CellText(text: text, leading: leading, firstByte: value.first)
    }

    /// The answer as written to the output. A converted cell never starts a formula its
    /// input cell did not start: ` =1+1` (text in a spreadsheet) trimmed and passed through
    /// by `expand` would become the formula `=1+1`, so the trimmed spaces are put back (a
    /// space when there were none). `escapeFormulas` then prefixes `'` to any answer that
    /// still starts like a formula, as spreadsheets expect.
    func guarded(_ words: String, cell: CellText) -> String {
        var words = words
        if let first = words.utf8.first, Self.startsFormula(first), cell.firstByte != first {
            words = (cell.leading.isEmpty ? " " : cell.leading) + words
        }
        if escapeFormulas, let first = words.utf8.first, Self.startsFormula(first) {
            words = "'" + words
        }
        return words
    }

    /// A `number` cell spoken from its bytes straight into `out`, guarded and escaped as
    /// `guarded` and `appendEscaped` do for the general way. False, with nothing appended,
    /// when the cell takes the general way: empty, not UTF-8, a shape or an error the byte
    /// speaker leaves to `SpokenForm.number` (which then words the problem).
    /// Whether `words` hold the delimiter, a quote or a line break, 8 bytes at a time. The
    /// words of a number almost never do, and a byte loop over them was a fifth of a number
    /// cell's time. In each 8-byte word XOR a target byte, the high bit of every zero byte is
    /// set exactly (the same test as `CSVScanner.hasOddQuotes`).
    static func holdsDelimiterQuoteOrLineBreak(_ words: UnsafeBufferPointer<UInt8>, delimiter: UInt8) -> Bool {
        guard let base = words.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101, low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let targets = (ones &* UInt64(delimiter), ones &* UInt64(csvQuote), ones &* 0x0A, ones &* 0x0D)
        func zeroBytes(_ word: UInt64) -> UInt64 { ~(((word & low7) &+ low7) | word | low7) }
        var index = 0
        while index &+ 8 <= words.count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            if zeroBytes(word ^ targets.0) | zeroBytes(word ^ targets.1) | zeroBytes(word ^ targets.2) | zeroBytes(word ^ targets.3) != 0 {
                return true
            }
            index &+= 8
        }
        while index < words.count {
            let byte = words[index]
            if byte == delimiter || byte == csvQuote || byte == 0x0A || byte == 0x0D { return true }
            index &+= 1
        }
        return false
    }

    func appendNumber(_ bytes: [UInt8], _ field: CSVFieldRange, speaker: NumberByteSpeaker, to out: inout [UInt8]) -> Bool {
        let start = out.count
        // On the chunk's raw bytes: slicing the array would retain it, and index it with checks.
        let cell = bytes.withUnsafeBufferPointer { buffer -> (spoke: Bool, valueStart: Int, textStart: Int) in
            var lower = field.start
            var upper = field.end
            if field.isQuoted {
                lower += 1
                upper = max(lower, upper - 1)
                // Doubled quotes inside: the general way undoes them.
                for index in lower..<upper where buffer[index] == csvQuote { return (false, 0, 0) }
            }
            let valueStart = lower
            while lower < upper, buffer[lower] == 0x20 || buffer[lower] == 0x09 { lower += 1 }
            while lower < upper, buffer[upper - 1] == 0x20 || buffer[upper - 1] == 0x09 { upper -= 1 }
            guard lower < upper else { return (false, 0, 0) }
            let text = UnsafeBufferPointer(rebasing: buffer[lower..<upper])
            var ascii = true
            for byte in text where byte >= 0x80 { ascii = false; break }
            if !ascii, firstInvalidUTF8(text) != nil { return (false, 0, 0) }
            // An ICU failure leaves nothing appended; the general way then reports it.
            return ((try? speaker.append(text, to: &out)) ?? false, valueStart, lower)
        }
        guard cell.spoke, out.count > start else { return cell.spoke }
        // `guarded`: never a formula the input cell did not start.
        let first = out[start]
        if Self.startsFormula(first), bytes[cell.valueStart] != first {
            if cell.textStart == cell.valueStart {
                out.insert(0x20, at: start)
            } else {
                out.insert(contentsOf: bytes[cell.valueStart..<cell.textStart], at: start)
            }
        }
        if escapeFormulas, Self.startsFormula(out[start]) { out.insert(UInt8(ascii: "'"), at: start) }
        // `appendEscaped`: quoted when the words hold the delimiter, a quote or a line break.
        let delimiter = self.delimiter
        let needsQuotes = out.withUnsafeBufferPointer { buffer in
            Self.holdsDelimiterQuoteOrLineBreak(UnsafeBufferPointer(rebasing: buffer[start...]), delimiter: delimiter)
        }
        if needsQuotes {
            let words = Array(out[start...])
            out.removeSubrange(start...)
            out.append(csvQuote)
            for byte in words {
                if byte == csvQuote { out.append(csvQuote) }
                out.append(byte)
            }
            out.append(csvQuote)
        }
        return true
    }

    /// Writes the record with its spoken cells (nil: the cell could not be converted and
    /// its original text is used). Bytes between converted fields are copied as read.
    func appendRow(_ record: CSVRecordInfo, _ chunk: CSVChunk, spokenCells: [String?], to out: inout [UInt8]) {
        let bytes = chunk.bytes
        // A row larger than the room left (a huge cell) gets exactly its room (quotes doubled
        // at worst): doubling the buffer would hold up to twice the output.
        let needed = out.count + (record.end - record.start) + spokenCells.reduce(0) { $0 + 2 * ($1?.utf8.count ?? 0) + 3 }
        if needed > out.capacity { out.reserveCapacity(max(needed, out.capacity + out.capacity / 2)) }
        var cursor = record.start
        for (column, spoken) in zip(columns, spokenCells) {
            let field = chunk.fields[record.firstField + column.index]
            switch output {
            case .insert:
                out.append(contentsOf: bytes[cursor..<field.end])
                out.append(delimiter)
                if let spoken { appendEscaped(spoken, to: &out) } else { out.append(contentsOf: bytes[field.start..<field.end]) }
            case .replace:
                out.append(contentsOf: bytes[cursor..<field.start])
                if let spoken { appendEscaped(spoken, to: &out) } else { out.append(contentsOf: bytes[field.start..<field.end]) }
            }
            cursor = field.end
        }
        out.append(contentsOf: bytes[cursor..<record.end])
    }

    /// Appends a value as a CSV field, quoted when it holds the delimiter, a quote or a line break.
    func appendEscaped(_ value: String, to out: inout [UInt8]) {
        let utf8 = value.utf8
        let delimiter = self.delimiter
        // Common case in one pass over the contiguous bytes: nothing to quote, copy as is.
        let copied = utf8.withContiguousStorageIfAvailable { buffer -> Bool in
            for byte in buffer where byte == delimiter || byte == csvQuote || byte == 0x0A || byte == 0x0D { return false }
            out.append(contentsOf: buffer)
            return true
        }
        if copied == true { return }
        let needsQuotes = utf8.contains { $0 == delimiter || $0 == csvQuote || $0 == 0x0A || $0 == 0x0D }
        guard needsQuotes else {
            out.append(contentsOf: utf8)
            return
        }
        out.append(csvQuote)
        for byte in utf8 {
            if byte == csvQuote { out.append(csvQuote) }
            out.append(byte)
        }
        out.append(csvQuote)
    }
}
