import SpokenForm

/// Resolved columns and everything a worker needs to convert a chunk on its own.
struct ConversionPlan: Sendable {
    struct Column: Sendable {
        var index: Int
        var name: String
        var convert: CSVKind.Convert
        var options: CSVColumnOptions
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

    /// Converts every record of a chunk, with the calling worker's cache.
    func convert(_ chunk: CSVChunk, cache: inout WorkerCache) -> ConvertedChunk {
        var problems: [CSVProblem] = []
        var summary = CSVSummary()
        let bytes = chunk.bytes
        let inputEnd = chunk.inputOffset + bytes.count
        var out: [UInt8] = []
        // Room for answers somewhat longer than their cells; a chunk made of one huge record
        // grows as needed (`appendRow` reserves what the row needs) instead of reserving
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

            let spoken: SpokenForm
            switch spokenForm(for: record, in: chunk, cache: &cache) {
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
            var cells: [String?] = []
            swap(&cells, &cache.cells)
            cells.removeAll(keepingCapacity: true)
            defer { swap(&cells, &cache.cells) }
            for (columnNumber, column) in columns.enumerated() {
                let field = chunk.fields[record.firstField + column.index]
                guard let cell = cellText(bytes, field) else {
                    let problem = CSVProblem(line: record.line, kind: .unconvertibleCell(column: column.name, reason: "the cell is not valid UTF-8."))
                    summary.failedCells += 1
                    if strict { return fatal(problem, out, problems, summary, inputEnd) }
                    problems.append(problem)
                    cells.append(nil)
                    continue
                }
                let text = cell.text
                if text.isEmpty { cells.append(""); continue }
                let result: Result<String, WorkerCache.CachedFailure>
                let cached = text.utf8.count <= WorkerCache.longestCachedCell && cache.usesCache(column: columnNumber)
                let key = cached ? WorkerCache.Key(locale: spoken.locale.tag, column: columnNumber, text: text) : nil
                if let key, let hit = cache.spoken[key] {
                    result = hit
                    cache.recordHit(column: columnNumber)
                } else {
                    do {
                        result = .success(try column.convert(spoken, text, column.options))
                    } catch {
                        result = .failure(WorkerCache.CachedFailure(reason: reason(error)))
                    }
                    if let key {
                        if cache.spoken.count >= WorkerCache.spokenLimit { cache.spoken.removeAll(keepingCapacity: true) }
                        cache.spoken[key] = result
                    }
                }
                switch result {
                case .success(let words):
                    cells.append(guarded(words, cell: cell))
                    summary.convertedCells += 1
                case .failure(let failure):
                    let problem = CSVProblem(line: record.line, kind: .unconvertibleCell(column: column.name, reason: failure.reason))
                    summary.failedCells += 1
                    if strict { return fatal(problem, out, problems, summary, inputEnd) }
                    problems.append(problem)
                    cells.append(nil)
                }
            }
            appendRow(record, chunk, spokenCells: cells, to: &out)
        }
        return ConvertedChunk(output: isPassthrough ? bytes : out, problems: problems, summary: summary, inputEnd: inputEnd)
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

    /// The row's SpokenForm: the locale column's value, or the default locale when it is empty.
    private func spokenForm(for record: CSVRecordInfo, in chunk: CSVChunk, cache: inout WorkerCache) -> Result<SpokenForm, Error> {
        // Resolved once per distinct locale cell: a row whose locale cell has the bytes of the
        // previous one (or any row, without a locale column) takes the previous answer.
        let raw: ArraySlice<UInt8> = localeColumn.map { cellBytes(chunk.bytes, chunk.fields[record.firstField + $0]) } ?? []
        if let last = cache.lastLocale, last.cell.elementsEqual(raw) { return last.result }
        let result = resolveLocale(for: record, in: chunk, locales: &cache.locales)
        cache.lastLocale = (Array(raw), result)
        return result
    }

    private func resolveLocale(for record: CSVRecordInfo, in chunk: CSVChunk,
                               locales: inout [String: Result<SpokenForm, Error>]) -> Result<SpokenForm, Error> {
        var tag = defaultLocale
        if let localeColumn {
            let field = chunk.fields[record.firstField + localeColumn]
            if let text = cellText(chunk.bytes, field)?.text, !text.isEmpty { tag = text }
        }
        if let cached = locales[tag] { return cached }
        // Bounded: a locale column of distinct tags ("fr-FR-x-00000001", ...) must not keep
        // one entry per row.
        if locales.count >= WorkerCache.localeLimit { locales.removeAll(keepingCapacity: true) }
        let result = Result { try SpokenForm.shared(locale: tag, options: spokenFormOptions) }
        locales[tag] = result
        return result
    }
}
