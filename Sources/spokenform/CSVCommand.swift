import ArgumentParser
import CICU
import Foundation
import SpokenForm
import SpokenFormCSV
#if canImport(Glibc)
import Glibc
#endif

struct CSVCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "csv",
        abstract: "Convert chosen CSV columns to spoken form, streaming; every other byte is passed through.",
        discussion: """
        Each --column NAME=KIND adds a column NAME_spoken right after NAME (or replaces it with --replace). NAME is a header name or a 1-based column number. KIND is one of: \(CSVKind.table.filter { $0.convert != nil }.map(\.name).joined(separator: ", "))\(CSVKind.table.contains { $0.convert == nil } ? "; not built yet: " + CSVKind.table.filter { $0.convert == nil }.map(\.name).joined(separator: ", ") : ""). Options follow the kind: number:feminine, ordinal:feminine:plural.

        Untouched fields are copied byte for byte: with no --column, the output is identical to the input. Reads standard input and writes standard output unless INPUT / -o are given; -o writes a temporary file beside OUTPUT and renames it when complete. OUTPUT must be a new path or a regular file (not the input, a directory, a link, a device or a FIFO); an existing file keeps its mode and owner. A signal removes the temporary file (SIGKILL cannot be caught: it leaves .OUTPUT.spokenform-XXXXXX beside OUTPUT, never a half-written OUTPUT).

        Spreadsheets: a converted cell never starts with =, +, -, @, a tab or a carriage return unless its input cell did (the leading space trimmed before converting is kept); --escape-formulas also prefixes ' to every converted cell that starts with one.

        Bad input: a cell that cannot be converted keeps its text and is reported on stderr (--strict stops there); rows with another number of fields and invalid UTF-8 are passed through and reported; malformed CSV (an unterminated quote, a stray quote) stops with its line and column after writing every row before it (with -o, no file is left).

        Examples:
          spokenform csv Examples/contacts.csv --locale fr-FR --locale-column lang \\
            --column balance=number --column "order number"=digits
          spokenform csv in.csv --locale de-DE --no-header --delimiter ';' \\
            --column 3=ordinal -o out.csv
          cat big.csv | spokenform csv --locale en-US --column amount=number > out.csv

        Exit codes: 0 success; 1 something was reported (cells kept as is, ragged rows, invalid UTF-8) or --strict stopped; 2 unsupported locale; 4 read or write error (also a refused -o target); 5 kind not available yet; 64 usage error (unknown column, bad --column); 65 malformed CSV.
        """
    )

    @Argument(help: ArgumentHelp("The CSV file; omit or '-' for standard input.", valueName: "input"))
    var input: String?

    @Option(name: .shortAndLong, help: ArgumentHelp("Locale of the values, and of rows whose locale column is empty.", valueName: "fr-FR"))
    var locale: String

    @Option(name: .customLong("column"),
            help: ArgumentHelp("A column to convert, as NAME=KIND[:OPTION...] (repeat for more): balance=number, 3=ordinal:feminine.", valueName: "name=kind"))
    var columns: [String] = []

    @Option(name: .customLong("locale-column"),
            help: ArgumentHelp("A column holding each row's locale (fr, en-US, de-DE); empty cells use --locale.", valueName: "name"))
    var localeColumn: String?

    @Flag(name: .customLong("no-header"), help: "The first row is data, not a header; columns are given by number.")
    var noHeader = false

    @Flag(help: "Replace each converted cell with its spoken form instead of adding a column.")
    var replace = false

    @Option(help: ArgumentHelp("Suffix of the added columns' header names.", valueName: "_spoken"))
    var suffix: String?

    @Option(help: ArgumentHelp("Field delimiter: ',' (default), ';', 'tab' or any single ASCII character.", valueName: ","))
    var delimiter: String = ","

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file (atomically: a temporary file beside it, renamed when complete).", valueName: "output"))
    var output: String?

    @Flag(help: "Stop at the first cell that cannot be converted (exit code 1).")
    var strict = false

    @Flag(name: .shortAndLong, help: "No progress line on stderr (it is only shown when stderr is a terminal).")
    var quiet = false

    @Option(help: ArgumentHelp("Threads converting chunks in parallel; rows stay in input order. Default: the number of cores.", valueName: "n"))
    var jobs: Int?

    @Option(name: .customLong("number-spelling"), help: "French compound numbers: traditional (vingt et un) or reform (vingt-et-un).")
    var numberSpelling: NumberSpelling = .traditional

    @Option(name: .customLong("report-limit"), help: ArgumentHelp("Problems reported one by one on stderr before only counting them.", valueName: "n"))
    var reportLimit: Int = 100

    @Flag(name: .customLong("escape-formulas"),
          help: "Prefix ' to every converted cell that starts with =, +, -, @, a tab or a carriage return, so a spreadsheet shows it as text.")
    var escapeFormulas = false

    @OptionGroup var data: DataDirectoryOptions

    func validate() throws {
        if replace && suffix != nil { throw ValidationError("--replace and --suffix exclude each other: --replace writes no new column.") }
        if let jobs, !(1...64).contains(jobs) { throw ValidationError("--jobs must be between 1 and 64.") }
        if reportLimit < 0 { throw ValidationError("--report-limit must be 0 or more.") }
        if columns.isEmpty && localeColumn != nil { throw ValidationError("--locale-column needs at least one --column to convert.") }
        _ = try delimiterByte()
    }

    private func delimiterByte() throws -> UInt8 {
        switch delimiter {
        case "tab", "\\t", "\t": return UInt8(ascii: "\t")
        default:
            guard delimiter.utf8.count == 1, let byte = delimiter.utf8.first, byte < 0x80,
                  byte != UInt8(ascii: "\""), byte != 0x0A, byte != 0x0D else {
                throw ValidationError("--delimiter must be one ASCII character other than a quote or a line break (or 'tab'), not '\(delimiter)'.")
            }
            return byte
        }
    }

    func run() throws {
        // Column specs first: an unknown or unbuilt kind fails before anything is read.
        var specs: [CSVColumnSpec] = []
        for column in columns {
            do { specs.append(try CSVColumnSpec(parsing: column)) } catch let error as CSVError {
                throw csvFailure(error)
            }
        }
        var options = CSVConversionOptions(locale: locale, columns: specs)
        options.localeColumn = localeColumn
        options.delimiter = try delimiterByte()
        options.hasHeader = !noHeader
        options.output = replace ? .replace : .insert(suffix: suffix ?? "_spoken")
        options.strict = strict
        options.jobs = jobs ?? min(64, ProcessInfo.processInfo.activeProcessorCount)
        options.spokenFormOptions = SpokenForm.Options(numberSpelling: numberSpelling, dataDirectories: try data.urls())
        options.escapeFormulas = escapeFormulas

        keepChunkMemory()
        let converter: CSVConverter
        do { converter = try CSVConverter(options: options) } catch let error as CSVError {
            throw csvFailure(error)
        } catch {
            throw fail(error)
        }

        let source: FileDescriptorSource
        if let input, input != "-" {
            let fd = open(input, O_RDONLY)
            guard fd >= 0 else { throw ioFailure("cannot open \(input): \(String(cString: strerror(errno))).") }
            source = FileDescriptorSource(fileDescriptor: fd, name: input)
        } else {
            source = FileDescriptorSource(fileDescriptor: STDIN_FILENO, name: "standard input")
        }
        defer { if source.fileDescriptor != STDIN_FILENO { close(source.fileDescriptor) } }
        // The input's identity, standard input included: `-o` must not replace it.
        var inputSize: Int?
        var inputIdentity: (dev: UInt64, ino: UInt64)?
        var info = stat()
        if fstat(source.fileDescriptor, &info) == 0 {
            if info.st_mode & S_IFMT == S_IFREG { inputSize = Int(info.st_size) }
            inputIdentity = (UInt64(info.st_dev), UInt64(info.st_ino))
        }

        let target: AtomicOutputFile?
        let sink: FileDescriptorSink
        if let output {
            do { target = try AtomicOutputFile(path: output, notOver: inputIdentity) } catch { throw ioFailure("\(error)") }
            sink = FileDescriptorSink(fileDescriptor: target?.fileDescriptor ?? -1, name: output)
        } else {
            target = nil
            sink = FileDescriptorSink(fileDescriptor: STDOUT_FILENO, name: "standard output")
            widenOutputPipe()
        }

        var progress = ProgressLine(enabled: !quiet && isatty(STDERR_FILENO) == 1, totalBytes: inputSize)
        var reported = 0
        let summary: CSVSummary
        do {
            summary = try converter.run(source: source, sink: sink, report: { problem in
                reported += 1
                if reported <= reportLimit {
                    progress.clear()
                    printError(problem.description)
                }
            }, progress: { rows, bytes in progress.update(rows: rows, bytes: bytes) })
            progress.finish()
            try target?.commit()
        } catch {
            progress.finish()
            target?.discard()
            if let error = error as? CSVError { throw csvFailure(error) }
            throw ioFailure("\(error)")
        }
        if reported > reportLimit { printError("\(reported - reportLimit) more problem(s) not shown (--report-limit).") }
        if summary.hasProblems {
            printError(summary.description)
            throw ExitCode(ExitCodes.invalidInput)
        }
        // At a terminal, say what was done; in pipes and scripts a clean run stays silent.
        if progress.enabled { printError(summary.description) }
    }

    /// Prints a CSV error and picks its exit code.
    private func csvFailure(_ error: CSVError) -> ExitCode {
        switch error {
        case .syntax, .strictFailure:
            printError(error.description + (output.map { " No file was written: \($0) is left as it was." } ?? " Every row before it was written."))
        default:
            printError(error.description)
        }
        switch error {
        case .syntax: return ExitCode(Self.malformedCSV)
        case .strictFailure: return ExitCode(ExitCodes.invalidInput)
        case .kindNotAvailable: return ExitCode(ExitCodes.notAvailable)
        case .io: return ExitCode(ExitCodes.ioError)
        case .unknownColumn, .columnOutOfRange, .duplicateColumn, .invalidColumnSpec, .unknownKind, .invalidKindOption:
            return ExitCode(ExitCodes.usage)
        }
    }

    /// Malformed CSV (sysexits' EX_DATAERR): the run stopped early.
    static let malformedCSV: Int32 = 65
}

/// Lets the C allocator keep the memory of converted chunks for the next ones.
///
/// Why: every chunk allocates its bytes, record and field tables and output (a few hundred
/// KiB each) and frees them once written. With glibc's defaults such blocks are mapped and
/// unmapped, or the heap is trimmed back after each, so every chunk touches fresh pages:
/// 45,000 page faults and about 40% of the CPU time on 500,000 number cells. Blocks below
/// 1 MiB now come from the heap (a chunk holds at most `CSVConverter.maxChunkRecords`
/// records, so its tables stay below that), and up to 32 MiB of free heap is kept; larger
/// blocks (a huge cell's tables) are still mapped and returned at once. With 2 MiB a 1 MiB
/// `expand` cell's peak grew past its budget in MemoryCLITests.
private func keepChunkMemory() {
    sf_keep_freed_memory(1 << 20, 32 << 20)
}

/// Lets a pipe on standard output hold 1 MiB instead of the 64 KiB it starts with.
///
/// Why: the converted chunks (a few hundred KiB each) are written on the thread that also
/// cuts the input for the workers; into a 64 KiB pipe, each chunk is several writes, each
/// waiting for the reader to drain the pipe, and the workers wait for their next chunk
/// meanwhile. The size is a request: past the system's limit (`/proc/sys/fs/pipe-max-size`,
/// 1 MiB by default) it fails, and the pipe stays as it was.
private func widenOutputPipe() {
    #if os(Linux)
    var info = stat()
    guard fstat(STDOUT_FILENO, &info) == 0, info.st_mode & S_IFMT == S_IFIFO else { return }
    let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ, which Glibc's module does not export
    _ = fcntl(STDOUT_FILENO, setPipeSize, Int32(1 << 20))
    #endif
}
