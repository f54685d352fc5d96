import SpokenForm

extension ConversionPlan {
    /// The header row: the spoken columns get their names ("balance_spoken").
    func convertHeader(_ chunk: CSVChunk) -> ConvertedChunk {
        var summary = CSVSummary()
        summary.rows = chunk.records.count
        var problems: [CSVProblem] = []
        if let record = chunk.records.first, record.hasNonASCII,
           let invalid = chunk.bytes.withUnsafeBufferPointer({ firstInvalidUTF8($0) }) {
            summary.invalidUTF8Rows += 1
            problems.append(CSVProblem(line: record.line, kind: .invalidUTF8(byteOffset: chunk.inputOffset + invalid)))
        }
        guard let record = chunk.records.first, case .insert(let suffix) = output, !columns.isEmpty else {
            return ConvertedChunk(output: chunk.bytes, problems: problems, summary: summary,
                                  inputEnd: chunk.inputOffset + chunk.bytes.count)
        }
        var out: [UInt8] = []
        out.reserveCapacity(chunk.bytes.count + columns.count * 32)
        var cursor = record.start
        for column in columns {
            let field = chunk.fields[record.firstField + column.index]
            out.append(contentsOf: chunk.bytes[cursor..<field.end])
            out.append(delimiter)
            appendEscaped(column.name + suffix, to: &out)
            cursor = field.end
        }
        out.append(contentsOf: chunk.bytes[cursor..<record.end])
        return ConvertedChunk(output: out, problems: problems, summary: summary, inputEnd: chunk.inputOffset + chunk.bytes.count)
    }
}
