import Foundation
import SpokenForm

/// A kind of value a CSV column holds (`--column balance=number`): a name and the
/// closure that turns one cell into words.
public struct CSVKind: Sendable {
    /// Converts one cell (already unquoted and trimmed, never empty) in the row's locale.
    /// - Throws: `SpokenFormError` for a cell that cannot be converted.
    public typealias Convert = @Sendable (SpokenForm, String, CSVColumnOptions) throws -> String

    /// The name `--column NAME=KIND` uses ("number", "date").
    public let name: String
    /// Options after the kind (`ordinal:feminine:plural`). `key=` accepts any `key=value`.
    public let acceptedOptions: [String]
    /// Nil while the kind's speller is not built yet.
    public let convert: Convert?

    /// The built-in `number` kind: `convert` is `SpokenForm.number(_:gender:)`, so a worker
    /// may speak its cells from bytes with a `NumberByteSpeaker` (the same words).
    let speaksNumberBytes: Bool

    /// A kind: its name, the options it accepts, and how it converts a cell (nil: planned).
    public init(_ name: String, options: [String] = [], convert: Convert?) {
        self.init(name, options: options, speaksNumberBytes: false, convert: convert)
    }

    private init(_ name: String, options: [String], speaksNumberBytes: Bool, convert: Convert?) {
        self.name = name
        self.acceptedOptions = options
        self.convert = convert
        self.speaksNumberBytes = speaksNumberBytes
    }

    /// A kind that is planned: `--column` names it, and gets a "not available yet" error.
    public static func planned(_ name: String) -> CSVKind { CSVKind(name, convert: nil) }

    private static let genders = Gender.allCases.map(\.rawValue)
    private static let dateStyles = DateStyle.allCases.map(\.rawValue)

    /// An amount of money: the cell carries its symbol or ISO code ("12,50 €", "$5.50"), or
    /// `code=EUR` gives the currency of a bare amount ("12,50"). The whole cell must be one amount.
    private static func money(_ text: String, code: String?, _ spoken: SpokenForm) throws -> String {
        let amount = code.map { text + " " + $0 } ?? text
        let result = try spoken.expand(amount)
        guard result.rewrites.count == 1, let rewrite = result.rewrites.first, rewrite.kind == .money,
              rewrite.inputScalars == 0..<amount.unicodeScalars.count else {
            throw SpokenFormError.invalidInput(kind: "amount of money", input: text,
                                               expected: "an amount with its currency symbol or ISO code, such as 12,50 € or USD 5.50 (or give code=EUR)")
        }
        return result.text
    }

    /// A date style given as `full` or `style=full`; the default is `long`.
    private static func dateStyle(_ options: CSVColumnOptions) -> DateStyle {
        if let value = options.value(for: "style"), let style = DateStyle(rawValue: value) { return style }
        return options.values.lazy.compactMap { DateStyle(rawValue: $0) }.first ?? .long
    }

    /// `timezone=Europe/Paris`; an unknown zone is a conversion error for the cell.
    private static func timeZone(_ options: CSVColumnOptions) throws -> TimeZone? {
        guard let name = options.value(for: "timezone") else { return nil }
        guard let zone = TimeZone(identifier: name) else {
            throw SpokenFormError.invalidOption(name: "timezone", value: name, expected: "an IANA time zone such as Europe/Paris")
        }
        return zone
    }

    /// Every kind `--column NAME=KIND` knows. Adding a kind is one line here.
    public static let table: [CSVKind] = [
        CSVKind("number", options: genders, speaksNumberBytes: true) { spoken, text, options in try spoken.number(text, gender: options.gender) },
        CSVKind("ordinal", options: genders + ["plural"]) { spoken, text, options in
            try spoken.ordinal(try wholeNumber(text, spoken), gender: options.gender, plural: options.contains("plural")) },
        CSVKind("year") { spoken, text, _ in try spoken.year(try wholeNumber(text, spoken)) },
        CSVKind("digits") { spoken, text, _ in try spoken.digits(text) },
        CSVKind("percent") { spoken, text, _ in try spoken.percent(text) },
        CSVKind("currency", options: ["code="]) { spoken, text, options in try money(text, code: options.value(for: "code"), spoken) },
        CSVKind("date", options: dateStyles + ["timezone="]) { spoken, text, options in
            try spoken.date(text, style: dateStyle(options), timeZone: timeZone(options)) },
        CSVKind("time", options: ["style=", "timezone="]) { spoken, text, options in
            try spoken.time(text, style: options.value(for: "style").map(TimeStyle.init(rawValue:)), timeZone: timeZone(options)) },
        CSVKind("datetime", options: dateStyles + ["style=", "timezone="]) { spoken, text, options in
            try spoken.dateTime(text, dateStyle: dateStyle(options), timeStyle: options.value(for: "style").map(TimeStyle.init(rawValue:)), timeZone: timeZone(options)) },
        CSVKind("duration") { spoken, text, _ in try spoken.duration(text) },
        CSVKind("relative", options: ["numeric"]) { spoken, text, options in
            try spoken.dates.relative(text, numeric: options.contains("numeric")) },
        CSVKind("phone", options: ["region=", "lenient"]) { spoken, text, options in
            try spoken.phone(text, options: .init(region: options.value(for: "region"), lenient: options.contains("lenient"))) },
        CSVKind("expand") { spoken, text, _ in try spoken.abbreviations.expandedText(text) },
        // The cell with its foreign-language spans marked: SSML by default, or format=html.
        CSVKind("tag", options: ["format="]) { spoken, text, options in
            let tagged = try spoken.tag(text)
            switch options.value(for: "format") ?? "ssml" {
            case "ssml": return tagged.ssml
            case "html": return tagged.html
            case let other: throw SpokenFormError.invalidOption(name: "format", value: other, expected: "ssml or html")
            }
        },
        // Running text: every number, date, time, phone, amount and abbreviation said.
        CSVKind("text") { spoken, text, _ in try spoken.texts.normalizedText(text) },
    ]

    /// The kind named `name`; throws `unknownKind` or `kindNotAvailable`.
    /// - Throws: `CSVError.unknownKind` for a name no kind has.
    public static func named(_ name: String) throws -> CSVKind {
        guard let kind = table.first(where: { $0.name == name }) else {
            throw CSVError.unknownKind(name, known: table.map(\.name))
        }
        guard kind.convert != nil else { throw CSVError.kindNotAvailable(name) }
        return kind
    }
}

/// The options written after a column's kind (`number:feminine`, `date:format=long`).
public struct CSVColumnOptions: Hashable, Sendable {
    /// The options as written, in order.
    public var values: [String]

    /// Options from their written form.
    public init(_ values: [String] = []) { self.values = values }

    /// Whether `option` was given ("plural").
    public func contains(_ option: String) -> Bool { values.contains(option) }

    /// The value of a `key=value` option.
    public func value(for key: String) -> String? {
        values.lazy.compactMap { option -> String? in
            guard option.hasPrefix(key + "=") else { return nil }
            return String(option.dropFirst(key.count + 1))
        }.first
    }

    /// A gender given as `feminine` or `gender=feminine`.
    public var gender: Gender? {
        if let value = value(for: "gender") { return Gender(rawValue: value) }
        return values.lazy.compactMap { Gender(rawValue: $0) }.first
    }
}

/// `--column NAME=KIND[:OPTION...]`: which column, and how to speak it.
public struct CSVColumnSpec: Sendable {
    /// A header name, or a 1-based column number.
    public var column: String
    /// How the column is spoken.
    public var kind: CSVKind
    /// The options after the kind.
    public var options: CSVColumnOptions

    /// A column spec from its parts.
    public init(column: String, kind: CSVKind, options: CSVColumnOptions = CSVColumnOptions()) {
        self.column = column
        self.kind = kind
        self.options = options
    }

    /// Parses `NAME=KIND[:OPTION...]`; the name ends at the first `=`.
    /// - Throws: `CSVError.invalidColumnSpec` or `invalidKindOption` for a malformed spec.
    public init(parsing spec: String) throws {
        guard let equals = spec.firstIndex(of: "=") else {
            throw CSVError.invalidColumnSpec(spec, reason: "no '='")
        }
        let column = String(spec[..<equals])
        guard !column.isEmpty else { throw CSVError.invalidColumnSpec(spec, reason: "the column name is empty") }
        let parts = spec[spec.index(after: equals)...].split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard let kindName = parts.first, !kindName.isEmpty else {
            throw CSVError.invalidColumnSpec(spec, reason: "the kind is missing")
        }
        let kind = try CSVKind.named(kindName)
        let options = Array(parts.dropFirst())
        for option in options {
            let key = option.firstIndex(of: "=").map { String(option[...$0]) }
            guard kind.acceptedOptions.contains(option) || key.map(kind.acceptedOptions.contains) == true else {
                throw CSVError.invalidKindOption(kind: kindName, option: option, accepted: kind.acceptedOptions)
            }
        }
        self.init(column: column, kind: kind, options: CSVColumnOptions(options))
    }
}

/// A whole number in the locale's notation, for ordinals and years.
private func wholeNumber(_ text: String, _ spoken: SpokenForm) throws -> Int {
    let value = try spoken.numbers.parse(text)
    guard value.isInteger, let int = Int(value.description) else {
        throw SpokenFormError.invalidInput(kind: "whole number", input: text, expected: "a whole number such as 21")
    }
    return int
}
