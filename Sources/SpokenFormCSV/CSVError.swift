/// Errors that stop a CSV conversion. Rows before the error have been written.
public enum CSVError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The input is not valid CSV at this place (1-based line and column; the column
    /// counts characters). The output holds every record before this one.
    case syntax(line: Int, column: Int, byteOffset: Int, message: String)
    /// `--column` names a column the header does not have.
    case unknownColumn(String, available: [String])
    /// A column index past the end of the first row.
    case columnOutOfRange(Int, fieldCount: Int)
    /// The same column is converted twice.
    case duplicateColumn(String)
    /// `--column` is not `NAME=KIND[:OPTION...]`.
    case invalidColumnSpec(String, reason: String)
    /// KIND is not one SpokenForm knows.
    case unknownKind(String, known: [String])
    /// KIND is planned but its speller is not in this build.
    case kindNotAvailable(String)
    /// An option KIND does not take.
    case invalidKindOption(kind: String, option: String, accepted: [String])
    /// `--strict`: a cell could not be converted.
    case strictFailure(CSVProblem)
    /// Reading or writing failed.
    case io(String)

    /// One sentence for a user, naming the line or column at fault.
    public var description: String {
        switch self {
        case .syntax(let line, let column, let byteOffset, let message):
            return "malformed CSV at line \(line), column \(column) (byte \(byteOffset)): \(message)."
        case .unknownColumn(let name, let available):
            return "no column named '\(name)': the header has \(available.map { "'\($0)'" }.joined(separator: ", ")) (or give a 1-based column number)."
        case .columnOutOfRange(let index, let fieldCount):
            return "column \(index) does not exist: the first row has \(fieldCount) field(s)."
        case .duplicateColumn(let name):
            return "column '\(name)' is given twice: each column can be converted once."
        case .invalidColumnSpec(let spec, let reason):
            return "'\(spec)' is not a valid --column: \(reason) (expected NAME=KIND[:OPTION...], e.g. balance=number or 3=ordinal:feminine)."
        case .unknownKind(let kind, let known):
            return "'\(kind)' is not a kind of value: expected one of \(known.joined(separator: ", "))."
        case .kindNotAvailable(let kind):
            return "the kind '\(kind)' is not available yet in this version of SpokenForm."
        case .invalidKindOption(let kind, let option, let accepted):
            let expected = accepted.isEmpty ? "no option" : accepted.joined(separator: ", ")
            return "'\(option)' is not an option of the kind '\(kind)': expected \(expected)."
        case .strictFailure(let problem):
            guard case .unconvertibleCell(let column, let reason) = problem.kind else { return problem.description }
            return "line \(problem.line), column '\(column)': \(reason) --strict stops at the first cell that cannot be converted."
        case .io(let message):
            return message
        }
    }
}

/// Something reported about the input while the conversion goes on: the row is
/// still written (unconverted cells keep their text).
public struct CSVProblem: Equatable, Sendable, CustomStringConvertible {
    /// What was found.
    public enum Kind: Equatable, Sendable {
        /// A cell that could not be converted: it keeps its original text.
        case unconvertibleCell(column: String, reason: String)
        /// A row with another number of fields than the header (or the first row): passed through.
        case raggedRow(expected: Int, found: Int)
        /// Bytes that are not UTF-8: passed through unchanged.
        case invalidUTF8(byteOffset: Int)
    }

    /// Physical line (1-based) where the row starts.
    public var line: Int
    /// What was found.
    public var kind: Kind

    /// One sentence for a user, naming the line or column at fault.
    public var description: String {
        switch kind {
        case .unconvertibleCell(let column, let reason):
            return "line \(line), column '\(column)': \(reason) Kept as is."
        case .raggedRow(let expected, let found):
            return "line \(line): \(found) field(s) where the header has \(expected); row passed through unchanged."
        case .invalidUTF8(let byteOffset):
            return "line \(line): invalid UTF-8 at byte offset \(byteOffset); bytes passed through unchanged."
        }
    }
}

/// Counts of one run.
public struct CSVSummary: Equatable, Sendable, CustomStringConvertible {
    /// Records read, the header included.
    public var rows = 0
    /// Input bytes read.
    public var bytesRead = 0
    /// Cells written in spoken form.
    public var convertedCells = 0
    /// Cells that could not be converted and kept their text.
    public var failedCells = 0
    /// Rows with another number of fields than the header: passed through.
    public var raggedRows = 0
    /// Rows holding bytes that are not UTF-8: passed through.
    public var invalidUTF8Rows = 0
    /// Empty lines in a file of several columns: passed through.
    public var blankLines = 0

    /// All counts zero.
    public init() {}

    /// Something was reported: a failed cell, a ragged row or invalid UTF-8.
    public var hasProblems: Bool { failedCells > 0 || raggedRows > 0 || invalidUTF8Rows > 0 }

    /// The counts in one sentence for a user.
    public var description: String {
        var parts = ["\(rows) row(s)", "\(convertedCells) cell(s) converted"]
        if failedCells > 0 { parts.append("\(failedCells) cell(s) could not be converted and kept their text") }
        if raggedRows > 0 { parts.append("\(raggedRows) row(s) with another number of fields passed through") }
        if invalidUTF8Rows > 0 { parts.append("\(invalidUTF8Rows) row(s) with invalid UTF-8 passed through") }
        if blankLines > 0 { parts.append("\(blankLines) blank line(s) passed through") }
        return parts.joined(separator: ", ") + "."
    }

    mutating func add(_ other: CSVSummary) {
        rows += other.rows
        convertedCells += other.convertedCells
        failedCells += other.failedCells
        raggedRows += other.raggedRows
        invalidUTF8Rows += other.invalidUTF8Rows
        blankLines += other.blankLines
    }
}
