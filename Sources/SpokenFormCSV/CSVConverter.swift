import Dispatch
import Foundation
import SpokenForm

/// Where a column's spoken form goes.
public enum CSVOutputMode: Hashable, Sendable {
    /// A new column right after the converted one, named after it with this suffix ("balance_spoken").
    case insert(suffix: String)
    /// The spoken form replaces the cell.
    case replace
}

/// What to convert and how.
public struct CSVConversionOptions: Sendable {
    /// The default locale (and the one used when the locale column is empty).
    public var locale: String
    /// The columns to convert, and how.
    public var columns: [CSVColumnSpec]
    /// A column holding each row's locale ("fr", "en-US").
    public var localeColumn: String?
    /// The field separator (",", ";", tab).
    public var delimiter: UInt8 = UInt8(ascii: ",")
    /// Whether the first record names the columns.
    public var hasHeader = true
    /// Where the spoken cells go: a new column after each converted one, or in place.
    public var output: CSVOutputMode = .insert(suffix: "_spoken")
    /// Stop at the first cell that cannot be converted.
    public var strict = false
    /// Threads converting chunks; 1 converts on the calling thread.
    public var jobs = 1
    /// The options every row's `SpokenForm` is built with.
    public var spokenFormOptions = SpokenForm.Options()
    /// Input bytes per chunk handed to a worker.
    public var chunkBytes = 256 << 10
    /// The longest record accepted: the one thing that bounds memory.
    public var maxRecordBytes = 64 << 20
    /// Read buffer size (tests make it tiny to exercise boundaries).
    public var readBufferBytes = 1 << 20

    /// Options for `locale` and `columns`, the rest at their defaults.
    public init(locale: String, columns: [CSVColumnSpec] = []) {
        self.locale = locale
        self.columns = columns
    }
}

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
        let spoken = try sharedSpokenForm(locale: options.locale, options: options.spokenFormOptions)
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
        defer { pipeline.waitForAll() }
        func handle(_ result: ConvertedChunk) throws {
            try sink.write(result.output)
            for problem in result.problems { report(problem) }
            summary.add(result.summary)
            summary.bytesRead = result.inputEnd
            progress(summary.rows, summary.bytesRead)
            if let fatal = result.fatal { throw CSVError.strictFailure(fatal) }
        }

        if options.hasHeader {
            try handle(plan.convertHeader(first))
        } else {
            try pipeline.submit(first, handle)
        }
        if let firstError { try pipeline.drain(handle); throw firstError }
        while true {
            let (chunk, error) = try scanner.nextChunk(targetBytes: options.chunkBytes)
            if let chunk { try pipeline.submit(chunk, handle) }
            if let error { try pipeline.drain(handle); throw error }
            if chunk == nil { break }
        }
        try pipeline.drain(handle)
        return summary
    }

    /// Resolves the columns against the header (or the first row with `hasHeader == false`).
    private func makePlan(first: CSVChunk, header: CSVRecordInfo) throws -> ConversionPlan {
        let names: [String] = (0..<header.fieldCount).map { index in
            let field = first.fields[header.firstField + index]
            return String(decoding: cellBytes(first.bytes, field), as: UTF8.self)
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
            columns.append(.init(index: index, name: name, convert: convert, options: spec.options))
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
            strict: options.strict)
    }
}

/// `SpokenForm.shared`, whose bounded cache is thread-safe (pthread-locked, so the
/// thread sanitizer sees it): workers may create locales at once.
func sharedSpokenForm(locale: String, options: SpokenForm.Options) throws -> SpokenForm {
    try SpokenForm.shared(locale: locale, options: options)
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
}

/// The bytes of a cell's value: quotes removed, doubled quotes still doubled.
@inline(__always)
func cellBytes(_ bytes: [UInt8], _ field: CSVFieldRange) -> ArraySlice<UInt8> {
    field.isQuoted ? bytes[(field.start + 1)..<max(field.start + 1, field.end - 1)] : bytes[field.start..<field.end]
}

/// What one worker keeps between chunks: a SpokenForm per locale tag, and the last
/// conversions (columns often repeat values: quantities, years, codes), bounded.
struct WorkerCache {
    struct Key: Hashable {
        var locale: String
        var column: Int
        var text: String
    }

    var locales: [String: Result<SpokenForm, Error>] = [:]
    /// Spoken text, or the reason the cell could not be converted.
    var spoken: [Key: Result<String, CachedFailure>] = [:]
    static let spokenLimit = 8192

    /// Per column: lookups and hits in the current window. A column whose values do not
    /// repeat (amounts, ids) skips the cache for a window: hashing and storing every
    /// cell would cost it more than the speller does.
    var windows: [Int: (lookups: Int, hits: Int, bypass: Bool)] = [:]
    static let window = 4096

    /// Whether to consult the cache for this column, and closes a window when it is full.
    mutating func usesCache(column: Int) -> Bool {
        var state = windows[column] ?? (0, 0, false)
        state.lookups += 1
        if state.lookups >= Self.window {
            // Re-decide from this window; a bypassed column samples the cache again next window.
            state = (0, 0, !state.bypass && state.hits * 50 < Self.window)
        }
        windows[column] = state
        return !state.bypass
    }

    mutating func recordHit(column: Int) {
        windows[column]?.hits += 1
    }

    struct CachedFailure: Error { var reason: String }
}

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

    /// Nothing to convert: chunks are written as read, only checked.
    var isPassthrough: Bool { columns.isEmpty }

    private static let quote = UInt8(ascii: "\"")

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

    /// Converts every record of a chunk, with the calling worker's cache.
    func convert(_ chunk: CSVChunk, cache: inout WorkerCache) -> ConvertedChunk {
        var problems: [CSVProblem] = []
        var summary = CSVSummary()
        let bytes = chunk.bytes
        let inputEnd = chunk.inputOffset + bytes.count
        var out: [UInt8] = []
        if !isPassthrough { out.reserveCapacity(bytes.count * 2 + 64) }

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
            switch spokenForm(for: record, in: chunk, locales: &cache.locales) {
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
            cells.reserveCapacity(columns.count)
            for (columnNumber, column) in columns.enumerated() {
                let field = chunk.fields[record.firstField + column.index]
                let text = cellText(bytes, field)
                guard let text else {
                    let problem = CSVProblem(line: record.line, kind: .unconvertibleCell(column: column.name, reason: "the cell is not valid UTF-8."))
                    summary.failedCells += 1
                    if strict { return fatal(problem, out, problems, summary, inputEnd) }
                    problems.append(problem)
                    cells.append(nil)
                    continue
                }
                if text.isEmpty { cells.append(""); continue }
                let result: Result<String, WorkerCache.CachedFailure>
                let cached = cache.usesCache(column: columnNumber)
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
                    cells.append(words)
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
        if let error = error as? SpokenFormError { return error.description }
        if let error = error as? CSVError { return error.description }
        return "\(error)"
    }

    /// The row's SpokenForm: the locale column's value, or the default locale when it is empty.
    private func spokenForm(for record: CSVRecordInfo, in chunk: CSVChunk,
                            locales: inout [String: Result<SpokenForm, Error>]) -> Result<SpokenForm, Error> {
        var tag = defaultLocale
        if let localeColumn {
            let field = chunk.fields[record.firstField + localeColumn]
            if let text = cellText(chunk.bytes, field), !text.isEmpty { tag = text }
        }
        if let cached = locales[tag] { return cached }
        let result = Result { try sharedSpokenForm(locale: tag, options: spokenFormOptions) }
        locales[tag] = result
        return result
    }

    /// Writes the record with its spoken cells (nil: the cell could not be converted and
    /// its original text is used). Bytes between converted fields are copied as read.
    private func appendRow(_ record: CSVRecordInfo, _ chunk: CSVChunk, spokenCells: [String?], to out: inout [UInt8]) {
        let bytes = chunk.bytes
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

    /// The cell's text: unquoted, doubled quotes undone, surrounding spaces removed;
    /// nil when it is not UTF-8.
    private func cellText(_ bytes: [UInt8], _ field: CSVFieldRange) -> String? {
        var slice = cellBytes(bytes, field)
        while let first = slice.first, first == 0x20 || first == 0x09 { slice = slice.dropFirst() }
        while let last = slice.last, last == 0x20 || last == 0x09 { slice = slice.dropLast() }
        if field.isQuoted && slice.contains(Self.quote) {
            var unquoted: [UInt8] = []
            unquoted.reserveCapacity(slice.count)
            var previousWasQuote = false
            for byte in slice {
                if byte == Self.quote && previousWasQuote { previousWasQuote = false; continue }
                previousWasQuote = byte == Self.quote
                unquoted.append(byte)
            }
            return String(validating: unquoted, as: UTF8.self)
        }
        return String(validating: slice, as: UTF8.self)
    }

    /// Appends a value as a CSV field, quoted when it holds the delimiter, a quote or a line break.
    private func appendEscaped(_ value: String, to out: inout [UInt8]) {
        let utf8 = value.utf8
        let delimiter = self.delimiter
        // Common case in one pass over the contiguous bytes: nothing to quote, copy as is.
        let copied = utf8.withContiguousStorageIfAvailable { buffer -> Bool in
            for byte in buffer where byte == delimiter || byte == Self.quote || byte == 0x0A || byte == 0x0D { return false }
            out.append(contentsOf: buffer)
            return true
        }
        if copied == true { return }
        let needsQuotes = utf8.contains { $0 == delimiter || $0 == Self.quote || $0 == 0x0A || $0 == 0x0D }
        guard needsQuotes else {
            out.append(contentsOf: utf8)
            return
        }
        out.append(Self.quote)
        for byte in utf8 {
            if byte == Self.quote { out.append(Self.quote) }
            out.append(byte)
        }
        out.append(Self.quote)
    }
}

/// Converts chunks on `jobs` serial queues (chunk k on queue k mod jobs) and hands the
/// results back in input order, keeping at most `2 * jobs` chunks in flight so memory
/// stays bounded. With one job everything runs on the calling thread.
struct OrderedPipeline {
    private final class Pending: @unchecked Sendable {
        // Written once by the worker before `done` is signalled, read after waiting.
        var result: ConvertedChunk?
        let done = DispatchSemaphore(value: 0)
    }

    /// One worker's locale cache, only touched on its own serial queue.
    private final class Worker: @unchecked Sendable {
        let queue: DispatchQueue
        var cache = WorkerCache()
        init(index: Int) { queue = DispatchQueue(label: "spokenform.csv.worker\(index)") }
    }

    let plan: ConversionPlan
    let jobs: Int
    private var workers: [Worker] = []
    private var inline = WorkerCache()
    private var pending: [Pending] = []
    private var pendingHead = 0
    private var submitted = 0

    init(plan: ConversionPlan, jobs: Int) {
        self.plan = plan
        // Passthrough has nothing to parallelise: checking a chunk costs less than handing it over.
        self.jobs = plan.isPassthrough ? 1 : jobs
        if self.jobs > 1 { workers = (0..<self.jobs).map(Worker.init) }
    }

    mutating func submit(_ chunk: CSVChunk, _ handle: (ConvertedChunk) throws -> Void) throws {
        guard jobs > 1 else {
            try handle(plan.convert(chunk, cache: &inline))
            return
        }
        let slot = Pending()
        let worker = workers[submitted % jobs]
        submitted += 1
        let plan = self.plan
        worker.queue.async {
            slot.result = plan.convert(chunk, cache: &worker.cache)
            slot.done.signal()
        }
        pending.append(slot)
        while pending.count - pendingHead > 2 * jobs { try handleNext(handle) }
    }

    /// Hands back every chunk still in flight, in order.
    mutating func drain(_ handle: (ConvertedChunk) throws -> Void) throws {
        while pendingHead < pending.count { try handleNext(handle) }
    }

    /// Waits for the workers without handing anything back (after an error).
    mutating func waitForAll() {
        while pendingHead < pending.count {
            pending[pendingHead].done.wait()
            pendingHead += 1
        }
    }

    private mutating func handleNext(_ handle: (ConvertedChunk) throws -> Void) throws {
        let slot = pending[pendingHead]
        slot.done.wait()
        // Release the slot (and its output) now: finished slots wait in `pending` until
        // it is compacted, and must not keep their chunks alive meanwhile.
        let result = slot.result
        slot.result = nil
        pendingHead += 1
        if pendingHead > 64 {
            pending.removeFirst(pendingHead)
            pendingHead = 0
        }
        guard let result else { return }
        try handle(result)
    }
}
