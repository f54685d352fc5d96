import Foundation
import SpokenForm

/// Converts chosen CSV columns to spoken form, streaming: every other byte is
/// copied as read, memory stays bounded by a few chunks, and rows come out in input
/// order whatever the number of jobs.
public struct CSVConverter: Sendable {
    /// What it converts and how.
    public let options: CSVConversionOptions

    /// Builds the default `SpokenForm` now, so that a bad `--locale` fails before any output.
    /// - Throws: `SpokenFormError` for a bad or unsupported locale; `CSVError.duplicateColumn`.
    public init(options: CSVConversionOptions) throws {
        self.options = options
        let spoken = try SpokenForm.shared(locale: options.locale, options: options.spokenFormOptions)
        // Every kind but `tag` speaks numbers: an unsupported locale fails here, before any output.
        if options.columns.contains(where: { $0.kind.name != "tag" }) { _ = try spoken.numbers }
        var seen = Set<String>()
        for column in options.columns where !seen.insert(column.column).inserted {
            throw CSVError.duplicateColumn(column.column)
        }
    }

    /// Reads all of `source`, writes the converted CSV to `sink`. Problems are passed to
    /// `report` in input order, on the calling thread; `progress` gets the records and
    /// input bytes written so far after each chunk. Throws a `CSVError` for malformed
    /// CSV (after writing every record before it) and for `--strict` failures.
    @discardableResult
    public func run(source: CSVByteSource, sink: CSVByteSink,
                    report: (CSVProblem) -> Void = { _ in },
                    progress: (_ rows: Int, _ bytes: Int) -> Void = { _, _ in }) throws -> CSVSummary {
        let scanner = CSVScanner(source: source, delimiter: options.delimiter,
                                 bufferSize: options.readBufferBytes, maxRecordBytes: options.maxRecordBytes)
        var summary = CSVSummary()
        let (first, firstError) = try scanner.nextChunk(targetBytes: 1, maxRecords: 1)
        if scanner.hasByteOrderMark { try sink.write(CSVScanner.byteOrderMark) }
        guard let first, let header = first.records.first else {
            if let firstError { throw firstError }
            return summary
        }
        let plan = try makePlan(first: first, header: header)
        scanner.storesFields = !plan.isPassthrough

        var pipeline = OrderedPipeline(plan: plan, jobs: max(1, options.jobs))
        defer { pipeline.finish() }
        // Where the next chunk scanned by a worker starts: its lines count from there.
        var nextLine = 1
        let outputs = pipeline.outputs
        func handle(_ result: ConvertedChunk) throws {
            var result = result
            if let lines = result.lineCount {
                result.shiftLines(by: nextLine - 1)
                nextLine += lines
            }
            try sink.write(result.output)
            outputs.give(result.output)
            for problem in result.problems { report(problem) }
            summary.add(result.summary)
            summary.bytesRead = result.inputEnd
            progress(summary.rows, summary.bytesRead)
            if let fatal = result.fatal { throw CSVError.strictFailure(fatal) }
            if let error = result.syntaxError { throw error }
        }

        if options.hasHeader {
            try handle(plan.convertHeader(first))
        } else {
            try pipeline.submit(first, handle)
        }
        if let firstError { try pipeline.drain(handle); throw firstError }
        if pipeline.jobs > 1 {
            // The workers scan their chunks; this thread only cuts the input after a record
            // and writes the results: the serial part of the run.
            nextLine = scanner.line
            let reader = scanner.reader, maxRecordBytes = scanner.maxRecordBytes
            while true {
                let raw: CSVRawChunk?
                do { raw = try scanner.nextRawChunk(targetBytes: options.chunkBytes) } catch {
                    try pipeline.drain(handle)
                    throw error
                }
                guard let raw else { break }
                try pipeline.submit({ cache in plan.convert(raw, reader: reader, maxRecordBytes: maxRecordBytes, cache: &cache, outputBuffer: outputs.take()) }, handle)
            }
        } else {
            while true {
                let (chunk, error) = try scanner.nextChunk(targetBytes: options.chunkBytes, maxRecords: Self.maxChunkRecords)
                if let chunk { try pipeline.submit(chunk, handle) }
                if let error { try pipeline.drain(handle); throw error }
                if chunk == nil { break }
            }
        }
        try pipeline.drain(handle)
        return summary
    }

    /// Records per chunk at most, with one job: a chunk of short rows (256 KiB of
    /// "12,-320874") would otherwise hold 18,000 records, whose record and field tables
    /// (1-2 MiB) are each a fresh mapping of the C allocator, page-faulted anew for every
    /// chunk. (With several jobs each worker scans its chunks into tables it keeps.)
    static let maxChunkRecords = 8192

    /// Resolves the columns against the header (or the first row with `hasHeader == false`).
    private func makePlan(first: CSVChunk, header: CSVRecordInfo) throws -> ConversionPlan {
        let names: [String] = (0..<header.fieldCount).map { index in
            let field = first.fields[header.firstField + index]
            return String(decoding: unquotedCell(first.bytes, field), as: UTF8.self)
        }
        func resolve(_ column: String) throws -> Int {
            if options.hasHeader, let index = names.firstIndex(of: column) { return index }
            if let number = Int(column), number >= 1 {
                guard number <= names.count else { throw CSVError.columnOutOfRange(number, fieldCount: names.count) }
                return number - 1
            }
            if !options.hasHeader {
                throw CSVError.invalidColumnSpec(column, reason: "without a header, columns are given by number (1 is the first)")
            }
            throw CSVError.unknownColumn(column, available: names)
        }
        var columns: [ConversionPlan.Column] = []
        for spec in options.columns {
            let index = try resolve(spec.column)
            guard !columns.contains(where: { $0.index == index }) else { throw CSVError.duplicateColumn(spec.column) }
            guard let convert = spec.kind.convert else { throw CSVError.kindNotAvailable(spec.kind.name) }
            let name = options.hasHeader ? names[index] : String(index + 1)
            columns.append(.init(index: index, name: name, convert: convert, options: spec.options,
                                 speaksNumberBytes: spec.kind.speaksNumberBytes, gender: spec.options.gender))
        }
        columns.sort { $0.index < $1.index }
        return ConversionPlan(
            columns: columns,
            localeColumn: try options.localeColumn.map(resolve),
            expectedFieldCount: header.fieldCount,
            defaultLocale: options.locale,
            spokenFormOptions: options.spokenFormOptions,
            delimiter: options.delimiter,
            output: options.output,
            strict: options.strict,
            escapeFormulas: options.escapeFormulas)
    }
}

/// A chunk once converted: its output bytes and what was found in it.
struct ConvertedChunk: Sendable {
    var output: [UInt8]
    var problems: [CSVProblem]
    var summary: CSVSummary
    /// Input offset after the chunk.
    var inputEnd: Int
    /// `--strict`: the failed cell; `output` stops before its row.
    var fatal: CSVProblem?
    /// A chunk scanned by its worker: the malformed CSV that ended it early (`output` holds
    /// every record before it).
    var syntaxError: CSVError?
    /// A chunk scanned by its worker: the physical lines its records span. Its problems'
    /// and error's lines then count from 1 at the chunk's start, and the converter, which
    /// hands chunks back in order, adds the lines before it (`shiftLines`).
    var lineCount: Int?

    /// Makes lines counted from the chunk's start into lines of the input.
    mutating func shiftLines(by offset: Int) {
        for index in problems.indices { problems[index].line += offset }
        fatal?.line += offset
        if case .syntax(let line, let column, let byteOffset, let message)? = syntaxError {
            syntaxError = .syntax(line: line + offset, column: column, byteOffset: byteOffset, message: message)
        }
    }
}
