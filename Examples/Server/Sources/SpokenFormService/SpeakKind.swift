import SpokenForm
import SpokenFormCSV

/// A kind of value `POST /v1/speak` speaks. The table is `spokenform csv`'s
/// (`CSVKind.table`), so a kind added there is served here with no change; kinds whose
/// library result carries language spans answer the library's `Spoken` itself.
public struct SpeakKind: Sendable {
    public typealias Speak = @Sendable (SpokenForm, String, CSVColumnOptions) throws -> Spoken

    public let name: String
    /// The options `CSVKind` accepts (`feminine`, `plural`, `style=`, …).
    public let acceptedOptions: [String]
    /// Nil while the kind's speller is not built yet (`CSVKind.planned`): the request
    /// then gets `unsupported_capability`.
    public let speak: Speak?

    /// Kinds whose library call returns a `Spoken`; the CSV table flattens them to one
    /// string (`tag` to SSML), which would lose the spans.
    private static let spokenResults: [String: Speak] = [
        "tag": { spoken, input, _ in try spoken.tag(input) },
        // `tag`: the foreign-language spans too, each said in its language (`spokenform text --tag`).
        "text": { spoken, input, options in
            options.contains("tag") ? try spoken.texts.normalize(input, languages: try spoken.languages) : try spoken.text(input)
        },
    ]

    /// Options the server's own readings take on top of the CSV kind's (a CSV cell is one
    /// string, with no room for spans).
    private static let spokenOptions: [String: [String]] = ["text": ["tag"]]

    /// Options that only choose how the CSV cell is rendered; the JSON answer carries
    /// `text`, `spans` and `ssml` together, so these are not taken here.
    private static let renderingOptions: [String: Set<String>] = ["tag": ["format="]]

    init(_ kind: CSVKind) {
        name = kind.name
        let rendering = Self.renderingOptions[kind.name] ?? []
        acceptedOptions = kind.acceptedOptions.filter { !rendering.contains($0) } + (Self.spokenOptions[kind.name] ?? [])
        if let spanned = Self.spokenResults[kind.name] {
            speak = kind.convert == nil ? nil : spanned
        } else if let convert = kind.convert {
            speak = { spoken, input, options in
                Spoken(text: try convert(spoken, input, options), locale: spoken.locale.bcp47)
            }
        } else {
            speak = nil
        }
    }

    /// Kinds that read running text, whose time grows with the input faster than its
    /// length on some texts (256 bytes of "123 123 …" as `text` took 56 ms in a debug
    /// build, a number of 256 digits 4 ms): never spoken on the handlers' pool (see `Routes`).
    public static let runningTextKinds: Set<String> = ["text", "tag", "expand"]

    public static let all: [SpeakKind] = CSVKind.table.map(SpeakKind.init)
    private static let byName = Dictionary(all.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

    /// The kind named `name`, built or not; throws `unknown_kind`.
    public static func named(_ name: String) throws(ServiceError) -> SpeakKind {
        guard let kind = byName[name] else {
            throw ServiceError(.unknownKind, "'\(name)' is not a kind of value: expected one of \(all.map(\.name).joined(separator: ", ")).")
        }
        return kind
    }

    /// The speaker of this kind; throws `unsupported_capability` while it is not built.
    public func speaker() throws(ServiceError) -> Speak {
        guard let speak else {
            throw ServiceError(.unsupportedCapability, "the kind '\(name)' is not available yet in this version of SpokenForm.")
        }
        return speak
    }

    /// Turns the request's `options` object into the CSV kind's options, checking each
    /// against what the kind accepts (the same check as `--column NAME=KIND:OPTION`):
    /// - `"key": "value"` gives `key=value` when the kind takes `key=` (`"region": "FR"`);
    /// - `"gender"`, `"style"` and `"dateStyle"` may name one of the kind's bare values
    ///   (`"gender": "feminine"`, `"style": "full"` for `date`);
    /// - `"flag": true` gives the bare option (`"plural": true`); `false` leaves it out.
    public func columnOptions(_ options: [String: OptionValue]) throws(ServiceError) -> CSVColumnOptions {
        var values: [String] = []
        for (key, value) in options.sorted(by: { $0.key < $1.key }) {
            switch value {
            case .string(let text) where acceptedOptions.contains(key + "="):
                values.append("\(key)=\(text)")
            case .string(let text) where Self.bareValueKeys.contains(key) && acceptedOptions.contains(text):
                values.append(text)
            case .bool(true) where acceptedOptions.contains(key):
                values.append(key)
            case .bool(false) where acceptedOptions.contains(key):
                continue
            default:
                let expected = acceptedOptions.isEmpty ? "no option" : acceptedOptions.joined(separator: ", ")
                throw ServiceError(.invalidOption, "'\(key)': \(value) is not an option of the kind '\(name)': expected \(expected).")
            }
        }
        return CSVColumnOptions(values)
    }

    private static let bareValueKeys: Set<String> = ["gender", "style", "dateStyle"]
}

/// An option's value in a request: a string or a flag.
public enum OptionValue: Sendable, Equatable, Codable, CustomStringConvertible {
    case string(String)
    case bool(Bool)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else {
            throw DecodingError.typeMismatch(OptionValue.self, .init(codingPath: decoder.codingPath,
                                                                     debugDescription: "an option is a string or true/false"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let text): try container.encode(text)
        case .bool(let flag): try container.encode(flag)
        }
    }

    public var description: String {
        switch self {
        case .string(let text): "\"\(text)\""
        case .bool(let flag): "\(flag)"
        }
    }
}
