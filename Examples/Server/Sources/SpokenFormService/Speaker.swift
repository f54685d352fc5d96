import SpokenForm
import SpokenFormCSV

/// Answers speak requests: finds the kind, the options and the locale's shared
/// `SpokenForm`, and maps every failure to a `ServiceError`. No HTTP here, so the
/// routes stay thin and the tests can call the same code the server runs.
public struct Speaker: Sendable {
    public let cache: SpokenFormCache
    /// Most inputs one batch may hold; a larger batch is `invalid_request`.
    public let maxBatchInputs: Int
    /// Longest input in UTF-8 bytes; a longer one is `input_too_long`.
    public let maxInputBytes: Int

    public init(cache: SpokenFormCache, maxBatchInputs: Int = 1000, maxInputBytes: Int = 2048) {
        self.cache = cache
        self.maxBatchInputs = maxBatchInputs
        self.maxInputBytes = maxInputBytes
    }

    /// What one request needs before any input is read: each is checked once per batch.
    struct Plan {
        let kind: SpeakKind
        let speak: SpeakKind.Speak
        let options: CSVColumnOptions
        let spokenForm: SpokenForm
    }

    func plan(locale: String, kind name: String, options: [String: OptionValue]?) throws(ServiceError) -> Plan {
        let kind = try SpeakKind.named(name)
        let speak = try kind.speaker()
        let options = try kind.columnOptions(options ?? [:])
        let spokenForm = try cache.spokenForm(locale: locale)
        return Plan(kind: kind, speak: speak, options: options, spokenForm: spokenForm)
    }

    public func speak(_ request: SpeakRequest) throws(ServiceError) -> SpeakResult {
        let plan = try plan(locale: request.locale, kind: request.kind, options: request.options)
        return try speak(request.input, plan)
    }

    func speak(_ input: String, _ plan: Plan) throws(ServiceError) -> SpeakResult {
        guard input.utf8.count <= maxInputBytes else {
            throw ServiceError(.inputTooLong, "the input has \(input.utf8.count) bytes in UTF-8: at most \(maxInputBytes) are taken.")
        }
        let trimmed = Self.trimmed(input)
        guard !trimmed.isEmpty else {
            throw ServiceError(.unparsableValue, "the input is empty: expected a \(plan.kind.name) to speak.")
        }
        do {
            return SpeakResult(kind: plan.kind.name, input: input, spoken: try plan.speak(plan.spokenForm, trimmed, plan.options))
        } catch {
            throw ServiceError(error)
        }
    }

    /// `input` without leading and trailing white space, as `spokenform csv` trims a cell.
    /// Scalar by scalar: Foundation's `trimmingCharacters` bridges through NSString, which
    /// cost 3% of a request in a profile.
    static func trimmed(_ input: String) -> String {
        let scalars = input.unicodeScalars
        guard let first = scalars.first, let last = scalars.last,
              isWhitespace(first) || isWhitespace(last) else { return input }
        guard let start = scalars.firstIndex(where: { !isWhitespace($0) }),
              let end = scalars.lastIndex(where: { !isWhitespace($0) }) else { return "" }
        return String(scalars[start...end])
    }

    /// Unicode's White_Space, answered without the property table for ASCII (tab to
    /// carriage return, and space), which nearly every input starts and ends with.
    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? scalar.value == 0x20 || (0x09...0x0D).contains(scalar.value) : scalar.properties.isWhitespace
    }

    /// Answers every input in order. An input that cannot be read gets its own error;
    /// an error that is not about the input (the locale has no rules for this
    /// capability) fails the whole request, as it would fail every input.
    /// Checks `deadline` before each input: stops with `timeout` once it has passed.
    public func speak(_ request: SpeakBatchRequest, deadline: WorkDeadline = .unlimited) throws(ServiceError) -> SpeakBatchResponse {
        guard request.inputs.count <= maxBatchInputs else {
            throw ServiceError(.invalidRequest, "the batch has \(request.inputs.count) inputs: at most \(maxBatchInputs) are taken in one request.")
        }
        let plan = try plan(locale: request.locale, kind: request.kind, options: request.options)
        var results: [SpeakBatchItem] = []
        results.reserveCapacity(request.inputs.count)
        for input in request.inputs {
            try deadline.check()
            do {
                results.append(SpeakBatchItem(result: try speak(input, plan), error: nil))
            } catch where [.unparsableValue, .invalidOption, .inputTooLong].contains(error.code) {
                results.append(SpeakBatchItem(result: nil, error: error.body))
            }
        }
        return SpeakBatchResponse(results: results)
    }
}
