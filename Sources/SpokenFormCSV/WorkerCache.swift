import SpokenForm

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
    /// Longer cells are not cached: they seldom repeat, and key and answer would keep two
    /// more copies of a cell that may be megabytes long.
    static let longestCachedCell = 256
    /// Locale tags kept per worker before the table is emptied.
    static let localeLimit = 64

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
