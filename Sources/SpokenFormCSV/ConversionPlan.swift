import SpokenForm

/// Resolved columns and everything a worker needs to convert a chunk on its own.
struct ConversionPlan: Sendable {
    struct Column: Sendable {
        var index: Int
        var name: String
        var convert: CSVKind.Convert
        var options: CSVColumnOptions
        /// The kind is the built-in `number` (`CSVKind.speaksNumberBytes`).
        var speaksNumberBytes = false
        /// `options.gender`, read once.
        var gender: Gender?
    }

    var columns: [Column]
    var localeColumn: Int?
    var expectedFieldCount: Int
    var defaultLocale: String
    var spokenFormOptions: SpokenForm.Options
    var delimiter: UInt8
    var output: CSVOutputMode
    var strict: Bool
    var escapeFormulas: Bool

    /// Nothing to convert: chunks are written as read, only checked.
    var isPassthrough: Bool { columns.isEmpty }

    /// Converts every record of a chunk, with the calling worker's cache. Each row is
    /// written to `out` as its cells are spoken: the bytes between converted fields as
    /// read, each spoken cell escaped in place.
    func convert(_ chunk: CSVChunk, cache: inout WorkerCache, outputBuffer: consuming [UInt8] = []) -> ConvertedChunk {
        var problems: [CSVProblem] = []
        var summary = CSVSummary()
        let bytes = chunk.bytes
        // After the last record: a raw chunk whose scan stopped at an error holds more bytes.
        let inputEnd = chunk.inputOffset + (chunk.records.last?.end ?? 0)
        // A buffer an earlier chunk was written from (`OutputBufferPool`), its pages already in;
        // consumed, so that it is uniquely held and emptied in place rather than copied.
        var out = consume outputBuffer
        out.removeAll(keepingCapacity: true)
        // Room for answers somewhat longer than their cells; a chunk made of one huge record
        // grows as needed (`reserveRow` reserves what the row needs) instead of reserving
        // twice its size up front.
        if !isPassthrough { out.reserveCapacity(min(bytes.count + bytes.count / 4, bytes.count + (1 << 20)) + 64) }

        for record in chunk.records {
            summary.rows += 1
            if record.hasNonASCII {
                let invalid = bytes.withUnsafeBufferPointer { buffer in
                    firstInvalidUTF8(UnsafeBufferPointer(rebasing: buffer[record.start..<record.end]))
                }
                if let invalid {
                    summary.invalidUTF8Rows += 1
                    problems.append(CSVProblem(line: record.line, kind: .invalidUTF8(byteOffset: chunk.inputOffset + record.start + invalid)))
                }
            }
            if record.fieldCount != expectedFieldCount {
                if record.start == record.contentEnd {
                    summary.blankLines += 1
                } else {
                    summary.raggedRows += 1
                    problems.append(CSVProblem(line: record.line, kind: .raggedRow(expected: expectedFieldCount, found: record.fieldCount)))
                }
                if !isPassthrough { out.append(contentsOf: bytes[record.start..<record.end]) }
                continue
            }
            if isPassthrough { continue }

            let locale = localeEntry(for: record, in: chunk, cache: &cache)
            let spoken: SpokenForm
            switch locale.result {
            case .success(let value): spoken = value
            case .failure(let error):
                // Every cell of this row keeps its text.
                for column in columns {
                    let problem = CSVProblem(line: record.line, kind: .unconvertibleCell(column: column.name, reason: reason(error)))
                    summary.failedCells += 1
                    if strict { return fatal(problem, out, problems, summary, inputEnd) }
                    problems.append(problem)
                }
                appendRow(record, chunk, spokenCells: columns.map { _ in nil }, to: &out)
                continue
            }

            let rowStart = out.count
            reserveRow(record, to: &out)
            var cursor = record.start
            // By position: binding each `Column` would copy it (its name, closure and options
            // retained and released for every cell).
            for columnNumber in columns.indices {
                let field = chunk.fields[record.firstField + columns[columnNumber].index]
                switch output {
                case .insert:
                    appendBytes(bytes, cursor..<field.end, to: &out)
                    out.append(delimiter)
                case .replace:
                    appendBytes(bytes, cursor..<field.start, to: &out)
                }
                cursor = field.end
                if columns[columnNumber].speaksNumberBytes,
                   let speaker = locale.numberSpeaker(column: columnNumber, gender: columns[columnNumber].gender),
                   appendNumber(bytes, field, speaker: speaker, to: &out) {
                    summary.convertedCells += 1
                    continue
                }
                let reason: String
                switch speakCell(bytes, field, columnNumber: columnNumber, spoken: spoken, cache: &cache) {
                case nil:
                    continue  // an empty cell: its spoken form is empty
                case .success(let (words, cell)):
                    let spokenCell = guarded(words, cell: cell)
                    // A long answer gets exactly its room (quotes doubled at worst) and the rest
                    // of the row's: letting the array double would hold up to twice the output.
                    let needed = out.count + 2 * spokenCell.utf8.count + 3 + (record.end - cursor)
                    if needed > out.capacity { out.reserveCapacity(max(needed, out.capacity + out.capacity / 2)) }
                    appendEscaped(spokenCell, to: &out)
                    summary.convertedCells += 1
                    continue
                case .failure(let failure):
                    reason = failure.reason
                }
                let problem = CSVProblem(line: record.line, kind: .unconvertibleCell(column: columns[columnNumber].name, reason: reason))
                summary.failedCells += 1
                if strict {
                    out.removeSubrange(rowStart...)
                    return fatal(problem, out, problems, summary, inputEnd)
                }
                problems.append(problem)
                appendBytes(bytes, field.start..<field.end, to: &out)
            }
            appendBytes(bytes, cursor..<record.end, to: &out)
        }
        return ConvertedChunk(output: isPassthrough ? bytes : out, problems: problems, summary: summary, inputEnd: inputEnd)
    }

    /// Scans a raw chunk (`CSVScanner.nextRawChunk`) on the worker, with the worker's reused
    /// record and field tables, and converts its records. The result's lines count from 1 at
    /// the chunk's start (`lineCount` set); a syntax error found in it comes back in
    /// `syntaxError`, after the records before it.
    func convert(_ raw: CSVRawChunk, reader: CSVRecordReader, maxRecordBytes: Int, cache: inout WorkerCache,
                 outputBuffer: consuming [UInt8] = []) -> ConvertedChunk {
        var records = cache.records
        var fields = cache.fields
        cache.records = []
        cache.fields = []
        let (lines, error) = reader.scan(raw, maxRecordBytes: maxRecordBytes, records: &records, fields: &fields)
        let chunk = CSVChunk(bytes: raw.bytes, inputOffset: raw.inputOffset, records: records, fields: fields)
        records = []
        fields = []
        var result = convert(chunk, cache: &cache, outputBuffer: consume outputBuffer)
        result.lineCount = lines
        result.syntaxError = error
        // Kept for the next chunk: uniquely referenced again once `chunk` is gone.
        cache.records = chunk.records
        cache.fields = chunk.fields
        return result
    }

    /// A cell spoken the general way (`String` in, `String` out, through the kind's closure
    /// and the worker's answer cache): the words and the cell they came from, or why the
    /// cell kept its text; nil for an empty cell.
    private func speakCell(_ bytes: [UInt8], _ field: CSVFieldRange, columnNumber: Int,
                           spoken: SpokenForm, cache: inout WorkerCache) -> Result<(String, CellText), WorkerCache.CachedFailure>? {
        guard let cell = cellText(bytes, field) else {
            return .failure(WorkerCache.CachedFailure(reason: "the cell is not valid UTF-8."))
        }
        let text = cell.text
        if text.isEmpty { return nil }
        let result: Result<String, WorkerCache.CachedFailure>
        let cached = text.utf8.count <= WorkerCache.longestCachedCell && cache.usesCache(column: columnNumber)
        let key = cached ? WorkerCache.Key(locale: spoken.locale.tag, column: columnNumber, text: text) : nil
        if let key, let hit = cache.spoken[key] {
            result = hit
            cache.recordHit(column: columnNumber)
        } else {
            do {
                let column = columns[columnNumber]
                result = .success(try column.convert(spoken, text, column.options))
            } catch {
                result = .failure(WorkerCache.CachedFailure(reason: reason(error)))
            }
            if let key {
                if cache.spoken.count >= WorkerCache.spokenLimit { cache.spoken.removeAll(keepingCapacity: true) }
                cache.spoken[key] = result
            }
        }
        return result.map { ($0, cell) }
    }

    /// Reserves room for a row before it is written: its bytes and a few answers. A row
    /// larger than the room left (a huge cell) gets exactly its room (answers longer than
    /// that reserve their own in `appendEscaped`): doubling the buffer would hold up to
    /// twice the output.
    @inline(__always)
    private func reserveRow(_ record: CSVRecordInfo, to out: inout [UInt8]) {
        let needed = out.count + (record.end - record.start) + columns.count * 256
        if needed > out.capacity { out.reserveCapacity(max(needed, out.capacity + out.capacity / 2)) }
    }

    private func fatal(_ problem: CSVProblem, _ out: [UInt8], _ problems: [CSVProblem], _ summary: CSVSummary, _ inputEnd: Int) -> ConvertedChunk {
        ConvertedChunk(output: out, problems: problems, summary: summary, inputEnd: inputEnd, fatal: problem)
    }

    private func reason(_ error: Error) -> String {
        if case .invalidInput(let kind, let input, let expected) = error as? SpokenFormError {
            // The cell quoted whole would copy a huge cell into the reason, its report and
            // stderr (three more copies of a 1 MiB cell, issue 18 finding 5): its start will do.
            return SpokenFormError.invalidInput(kind: kind, input: Self.shortened(input), expected: expected).description
        }
        if let error = error as? SpokenFormError { return error.description }
        if let error = error as? CSVError { return error.description }
        return "\(error)"
    }

    /// The row's locale: the locale column's value, or the default locale when it is empty.
    private func localeEntry(for record: CSVRecordInfo, in chunk: CSVChunk, cache: inout WorkerCache) -> WorkerCache.LocaleEntry {
        // Resolved once per distinct locale cell: a row whose locale cell has the bytes of the
        // previous one (or any row, without a locale column) takes the previous answer.
        let raw: ArraySlice<UInt8> = localeColumn.map { cellBytes(chunk.bytes, chunk.fields[record.firstField + $0]) } ?? []
        if let last = cache.lastLocale, last.cell.elementsEqual(raw) { return last.entry }
        let entry = resolveLocale(for: record, in: chunk, locales: &cache.locales)
        cache.lastLocale = (Array(raw), entry)
        return entry
    }

    private func resolveLocale(for record: CSVRecordInfo, in chunk: CSVChunk,
                               locales: inout [String: WorkerCache.LocaleEntry]) -> WorkerCache.LocaleEntry {
        var tag = defaultLocale
        if let localeColumn {
            let field = chunk.fields[record.firstField + localeColumn]
            if let text = cellText(chunk.bytes, field)?.text, !text.isEmpty { tag = text }
        }
        if let cached = locales[tag] { return cached }
        // Bounded: a locale column of distinct tags ("fr-FR-x-00000001", ...) must not keep
        // one entry per row.
        if locales.count >= WorkerCache.localeLimit { locales.removeAll(keepingCapacity: true) }
        let entry = WorkerCache.LocaleEntry(Result { try SpokenForm.shared(locale: tag, options: spokenFormOptions) },
                                            columns: columns.count)
        locales[tag] = entry
        return entry
    }
}
