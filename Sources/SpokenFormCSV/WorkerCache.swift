import SpokenForm

/// What one worker keeps between chunks: a SpokenForm per locale tag, and the last
/// conversions (columns often repeat values: quantities, years, codes), bounded.
struct WorkerCache {
    struct Key: Hashable {
        var locale: String
        var column: Int
        var text: String
    }

    /// A row locale and what this worker keeps for it.
    final class LocaleEntry {
        let result: Result<SpokenForm, Error>
        /// Per column (by position in the plan): its number speaker, made on the column's
        /// first cell in this locale (`.none` when the locale has no number speller).
        private var speakers: [NumberSpeakerState]

        private enum NumberSpeakerState {
            case notMade
            case none
            case made(NumberByteSpeaker)
        }

        init(_ result: Result<SpokenForm, Error>, columns: Int) {
            self.result = result
            speakers = Array(repeating: .notMade, count: columns)
        }

        /// The number speaker of column `column` in this locale: the capability is looked up
        /// once here, not per cell.
        @inline(__always)
        func numberSpeaker(column: Int, gender: Gender?) -> NumberByteSpeaker? {
            switch speakers[column] {
            case .made(let speaker): return speaker
            case .none: return nil
            case .notMade:
                // A locale without a number speller: the cells take the general way, which
                // words the error.
                guard case .success(let spoken) = result, let numbers = try? spoken.numbers else {
                    speakers[column] = .none
                    return nil
                }
                let speaker = NumberByteSpeaker(numbers, gender: gender)
                speakers[column] = .made(speaker)
                return speaker
            }
        }
    }

    var locales: [String: LocaleEntry] = [:]
    /// Spoken text, or the reason the cell could not be converted.
    var spoken: [Key: Result<String, CachedFailure>] = [:]
    static let spokenLimit = 8192
    /// Longer cells are not cached: they seldom repeat, and key and answer would keep two
    /// more copies of a cell that may be megabytes long.
    static let longestCachedCell = 256
    /// Locale tags kept per worker before the table is emptied.
    static let localeLimit = 64

    /// The row locale last resolved: the locale cell's raw bytes and what they gave. Rows
    /// of one locale in a row (the usual case) reuse it without building or hashing a tag.
    var lastLocale: (cell: [UInt8], entry: LocaleEntry)?

    /// The record and field tables of the worker's last raw chunk, reused by the next one
    /// (`ConversionPlan.convert(_:reader:maxRecordBytes:cache:outputBuffer:)`): fresh tables per chunk
    /// would be fresh pages to fault in.
    var records: [CSVRecordInfo] = []
    var fields: [CSVFieldRange] = []

    /// The spoken cells of the row being converted, kept between rows so that no row
    /// allocates its own array.
    var cells: [String?] = []

    /// Per column (by position in the plan): lookups and hits in the current sampling
    /// window, and how many cells to let pass before sampling again. A column whose values
    /// do not repeat (amounts, ids) skips the cache: hashing and storing every cell would
    /// cost it more than the speller does. It is sampled again after `bypassCells` cells,
    /// so a column whose values start repeating is noticed.
    private var windows: [(lookups: Int, hits: Int, bypassLeft: Int)] = []
    static let window = 1024
    static let bypassCells = 32 * 1024

    /// Whether to consult the cache for this column, and closes a window when it is full.
    mutating func usesCache(column: Int) -> Bool {
        if column >= windows.count { windows += Array(repeating: (0, 0, 0), count: column + 1 - windows.count) }
        if windows[column].bypassLeft > 0 {
            windows[column].bypassLeft -= 1
            return false
        }
        windows[column].lookups += 1
        if windows[column].lookups >= Self.window {
            let repeats = windows[column].hits * 50 >= Self.window
            windows[column] = (0, 0, repeats ? 0 : Self.bypassCells)
        }
        return true
    }

    mutating func recordHit(column: Int) {
        if column < windows.count { windows[column].hits += 1 }
    }

    struct CachedFailure: Error { var reason: String }
}
