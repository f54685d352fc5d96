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
    /// Prefix `'` to every converted cell that starts with `=`, `+`, `-`, `@`, a tab or a
    /// carriage return, so that a spreadsheet shows it as text. (Without it, a converted
    /// cell starts so only when its input cell did.)
    public var escapeFormulas = false
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
