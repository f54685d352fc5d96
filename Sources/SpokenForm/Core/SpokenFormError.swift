/// Every error SpokenForm throws. Each case names the input that was wrong and,
/// where it helps, what was expected; `description` is one sentence for a user.
public enum SpokenFormError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The locale tag is not a well-formed BCP 47 tag or ICU locale id.
    case invalidLocale(String)
    /// The locale is well-formed but a capability has no data for it (ICU would silently answer in English).
    case unsupportedLocale(String, capability: String)
    /// An input value could not be read. `kind` names what was being read ("number", "date", "phone number"...).
    case invalidInput(kind: String, input: String, expected: String)
    /// An option value is not one the capability knows ("--gender plural" for a locale without plurals).
    case invalidOption(name: String, value: String, expected: String)
    /// A locale data file is malformed.
    case malformedLocaleData(file: String, line: Int, message: String)
    /// A capability that is planned but not built yet.
    case notAvailable(String)
    /// ICU (or libphonenumber) failed where it should not (out of memory, damaged data):
    /// `operation` says what SpokenForm was doing, with the input, and `status` is ICU's
    /// name of the failure ("U_MEMORY_ALLOCATION_ERROR"). Never an empty answer instead.
    case icuFailure(operation: String, status: String)

    /// One sentence for a user: what was wrong with which input, and what was expected.
    public var description: String {
        switch self {
        case .invalidLocale(let tag):
            return "'\(tag)' is not a valid locale: expected a BCP 47 tag such as fr-FR or en-US."
        case .unsupportedLocale(let tag, let capability):
            return "The locale '\(tag)' is not supported for \(capability): SpokenForm has no \(capability) rules for it (see `spokenform locales`)."
        case .invalidInput(let kind, let input, let expected):
            return "'\(input)' is not a valid \(kind): expected \(expected)."
        case .invalidOption(let name, let value, let expected):
            return "'\(value)' is not a valid value for \(name): expected \(expected)."
        case .malformedLocaleData(let file, let line, let message):
            return "Locale data \(file):\(line): \(message)"
        case .notAvailable(let what):
            return "\(what) is not available yet in this version of SpokenForm."
        case .icuFailure(let operation, let status):
            return "ICU failed while \(operation) (\(status)): expected a result; please report it with this input."
        }
    }
}
