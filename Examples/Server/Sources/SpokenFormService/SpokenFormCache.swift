import NIOConcurrencyHelpers
import SpokenForm

/// One `SpokenForm` per locale tag, shared by every request, holding at most
/// `capacity` locales.
///
/// Not `SpokenForm.shared(locale:)`: that cache never forgets, and a client could
/// grow it without end by sending distinct valid tags (`fr-x-1`, `fr-x-2`, …). Here the
/// least recently used locale is dropped when a new one would exceed the capacity;
/// requests still holding it finish with it. A `SpokenForm` is built outside the
/// lock (0.2–5 ms of ICU set-up), so one slow locale does not stall the others; two
/// requests racing for the same new locale may both build it, and one is kept.
///
/// The lock is NIO's pthread mutex, which the thread sanitizer sees (SpokenForm's own
/// `Locked` is internal to the library).
public final class SpokenFormCache: Sendable {
    public let capacity: Int
    private let options: SpokenForm.Options
    private let state = NIOLockedValueBox(State())

    private struct State {
        var entries: [String: Entry] = [:]
        /// Increases on every use; the entry with the smallest stamp is the least recently used.
        var clock: UInt64 = 0
    }

    private struct Entry {
        let spokenForm: SpokenForm
        var lastUse: UInt64
    }

    public init(capacity: Int = 64, options: SpokenForm.Options = SpokenForm.Options()) {
        precondition(capacity > 0, "the cache holds at least one locale")
        self.capacity = capacity
        self.options = options
    }

    /// The shared `SpokenForm` for `tag`; throws `unknown_locale` for a malformed tag or
    /// a language SpokenForm has no rules for.
    public func spokenForm(locale tag: String) throws(ServiceError) -> SpokenForm {
        if let cached = state.withLockedValue({ state -> SpokenForm? in
            // One hash of the tag, not three: this runs for every request.
            guard let index = state.entries.index(forKey: tag) else { return nil }
            state.clock += 1
            state.entries.values[index].lastUse = state.clock
            return state.entries.values[index].spokenForm
        }) {
            return cached
        }
        let created: SpokenForm
        do {
            created = try SpokenForm(locale: tag, options: options)
            // A SpokenForm builds its capabilities lazily, so any well-formed tag makes
            // one; a language no capability has rules for is refused here, not kept.
            guard Self.knownLanguages.contains(created.locale.language) else {
                throw ServiceError(.unknownLocale, "SpokenForm has no rules for the language of '\(tag)': GET /v1/locales lists the languages of each capability.")
            }
        } catch let error as ServiceError {
            throw error
        } catch let error as SpokenFormError {
            switch error {
            case .invalidLocale, .unsupportedLocale:
                throw ServiceError(.unknownLocale, error.description)
            default:
                throw ServiceError(error)
            }
        } catch {
            throw ServiceError(error)
        }
        return state.withLockedValue { state in
            state.clock += 1
            if let existing = state.entries[tag] {
                state.entries[tag]!.lastUse = state.clock
                return existing.spokenForm
            }
            if state.entries.count >= capacity,
               let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
                state.entries[oldest] = nil
            }
            state.entries[tag] = Entry(spokenForm: created, lastUse: state.clock)
            return created
        }
    }

    /// The languages at least one capability has rules for (`SupportedLocales`, whose
    /// entries are language subtags or full tags).
    static let knownLanguages: Set<String> = Set(SupportedLocales.all().values.flatMap(\.languages).map {
        String($0.split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? Substring($0))
    })

    /// Whether `tag`'s `SpokenForm` is held (a request for it does not build one).
    public func holds(locale tag: String) -> Bool {
        state.withLockedValue { $0.entries[tag] != nil }
    }

    /// How many locales are held now.
    public var count: Int { state.withLockedValue { $0.entries.count } }
}
