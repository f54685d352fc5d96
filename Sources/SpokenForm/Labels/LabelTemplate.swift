import Foundation

/// A label template with typed placeholders, as app back ends build labels for list
/// cells: `"Publié par {author}, {published:relative}. {title}. Extrait. {excerpt}"`.
///
/// Each placeholder is `{name}` (text) or `{name:type}`, with type `text`, `number`,
/// `ordinal`, `date`, `time`, `datetime`, `relative` (a date said relative to today:
/// "hier"), `duration`, `phone`, `money:EUR` (any ISO 4217 code) or `raw` (inserted as it
/// is). The template is cut into clauses at its separators (". ", ", ", "; ", ": "); a
/// clause whose placeholders are all missing or empty is left out with its separator, so
/// that no double period or dangling comma is spoken ("Publié par , hier" never happens).
/// When two separators meet, the stronger one stays (period over semicolon over colon over
/// comma). A clause of words only just before a dropped one is its caption and goes with
/// it ("Extrait. {excerpt}" without an excerpt says nothing of the excerpt).
///
/// ```swift
/// let template = try LabelTemplate("Publié par {author}, {published:relative}. {title}.")
/// try template.fill(["published": "2026-11-22", "title": "Les 3 mousquetaires"], with: fr, today: today).text
/// // "Hier. Les trois mousquetaires."
/// ```
public struct LabelTemplate: Hashable, Sendable {
    /// A placeholder's type: how its value is read and said.
    public enum Kind: Hashable, Sendable {
        /// Free text through `SpokenForm.text(_:)`.
        case text
        /// A number ("1 234,5").
        case number
        /// An ordinal, from an integer ("3" -> "troisième").
        case ordinal
        /// A date ("2026-11-20", "01/04/2015").
        case date
        /// A time of day ("17:30").
        case time
        /// A date and a time ("2026-11-20 17:30").
        case dateTime
        /// A date said relative to today ("2026-11-22" -> "hier"), or a number of days ("-1").
        case relative
        /// A duration ("PT1H30M", "1h30", "5400" seconds).
        case duration
        /// A phone number.
        case phone
        /// An amount of money in a currency ("12.5" with `money:EUR`).
        case money(currency: String)
        /// Inserted unchanged.
        case raw
    }

    /// One piece of a clause: literal text or a placeholder.
    enum Piece: Hashable, Sendable {
        case literal(String)
        case placeholder(name: String, kind: Kind)
    }

    /// A clause and the separator written after it ("" for the last).
    struct Clause: Hashable, Sendable {
        var pieces: [Piece]
        var separator: String
    }

    /// The template as written.
    public let source: String
    let clauses: [Clause]

    /// The placeholders' names, in order.
    public var names: [String] {
        clauses.flatMap(\.pieces).compactMap { if case .placeholder(let name, _) = $0 { return name } else { return nil } }
    }

    /// Parses a template.
    /// - Throws: `SpokenFormError.invalidInput` for an unclosed `{`, an empty name or an unknown type.
    public init(_ source: String) throws {
        self.source = source
        var clauses: [Clause] = []
        var pieces: [Piece] = []
        var literal = ""
        let scalars = Array(source.unicodeScalars)
        var i = 0
        func flushLiteral() {
            if !literal.isEmpty { pieces.append(.literal(literal)); literal = "" }
        }
        while i < scalars.count {
            let scalar = scalars[i]
            if scalar == "{" {
                guard let close = scalars[(i + 1)...].firstIndex(of: "}") else {
                    throw SpokenFormError.invalidInput(kind: "label template", input: source, expected: "a '}' closing the placeholder at offset \(i)")
                }
                var inner = String.UnicodeScalarView()
                inner.append(contentsOf: scalars[(i + 1)..<close])
                flushLiteral()
                pieces.append(try Self.placeholder(String(inner), in: source))
                i = close + 1
                continue
            }
            // A separator is punctuation followed by a space (or the end): "3.5" and "12,50" are not.
            if [".", ",", ";", ":"].contains(scalar), i + 1 == scalars.count || scalars[i + 1] == " " {
                // French writes a space before ":" and ";": it belongs to the separator.
                var separator = ""
                while let last = literal.unicodeScalars.last, last == " " || last == "\u{A0}" || last == "\u{202F}" {
                    separator.unicodeScalars.insert(last, at: separator.unicodeScalars.startIndex)
                    literal.unicodeScalars.removeLast()
                }
                separator.unicodeScalars.append(scalar)
                var j = i + 1
                while j < scalars.count, scalars[j] == " " { separator.unicodeScalars.append(" "); j += 1 }
                flushLiteral()
                clauses.append(Clause(pieces: pieces, separator: separator))
                pieces = []
                i = j
                continue
            }
            literal.unicodeScalars.append(scalar)
            i += 1
        }
        flushLiteral()
        if !pieces.isEmpty { clauses.append(Clause(pieces: pieces, separator: "")) }
        self.clauses = clauses
    }

    private static func placeholder(_ inner: String, in source: String) throws -> Piece {
        let parts = inner.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map { $0.trimmingSpaces() }
        guard let name = parts.first, !name.isEmpty else {
            throw SpokenFormError.invalidInput(kind: "label template", input: source, expected: "a name in every placeholder ({author}, {date:date})")
        }
        let type = parts.count > 1 ? parts[1] : "text"
        let kind: Kind
        switch type.lowercased() {
        case "text": kind = .text
        case "number": kind = .number
        case "ordinal": kind = .ordinal
        case "date": kind = .date
        case "time": kind = .time
        case "datetime": kind = .dateTime
        case "relative": kind = .relative
        case "duration": kind = .duration
        case "phone": kind = .phone
        case "raw": kind = .raw
        default:
            let lower = type.lowercased()
            if lower.hasPrefix("money:"), case let code = type.dropFirst(6).uppercased(), code.count == 3, code.allSatisfy({ $0.isASCII && $0.isLetter }) {
                kind = .money(currency: code)
            } else {
                throw SpokenFormError.invalidInput(kind: "label template placeholder type", input: type,
                                                   expected: "text, number, ordinal, date, time, datetime, relative, duration, phone, money:XXX (ISO 4217) or raw")
            }
        }
        return .placeholder(name: name, kind: kind)
    }

    /// The label with each placeholder said from `values` in the locale of `spoken`; a
    /// missing or empty value drops its clause. `today` is the date `relative` counts from
    /// (default: today in the current time zone).
    /// `checkpoint` is called before each placeholder is said; what it throws stops the
    /// filling (a server's time limit: a template may say hundreds of values).
    /// - Throws: `SpokenFormError.invalidInput` naming the placeholder whose value cannot
    ///   be read as its type, what the speller throws, and what `checkpoint` throws.
    public func fill(_ values: [String: String], with spoken: SpokenForm, today: CivilDate? = nil,
                     checkpoint: () throws -> Void = {}) throws -> Spoken {
        var kept: [(text: String, separator: String, literalOnly: Bool)] = []
        for clause in clauses {
            var text = ""
            var placeholders = 0
            var filled = 0
            for piece in clause.pieces {
                switch piece {
                case .literal(let literal):
                    text += literal
                case .placeholder(let name, let kind):
                    placeholders += 1
                    guard let value = values[name], !value.trimmingSpaces().isEmpty else { continue }
                    filled += 1
                    try checkpoint()
                    text += try Self.say(value, as: kind, name: name, with: spoken, today: today)
                }
            }
            let trimmed = text.trimmingSpaces()
            if (placeholders > 0 && filled == 0) || trimmed.isEmpty {
                // A clause of words only right before it is its caption ("Extrait. {excerpt}"): dropped too.
                if let last = kept.indices.last, kept[last].literalOnly, placeholders > 0 {
                    let caption = kept.removeLast()
                    if let previous = kept.indices.last, Self.strength(caption.separator) > Self.strength(kept[previous].separator) {
                        kept[previous].separator = caption.separator
                    }
                }
                // Dropped: the stronger of its separator and the previous one stays.
                if let last = kept.indices.last, Self.strength(clause.separator) > Self.strength(kept[last].separator) {
                    kept[last].separator = clause.separator
                }
                continue
            }
            kept.append((trimmed, clause.separator, placeholders == 0))
        }
        var out = ""
        for (index, clause) in kept.enumerated() {
            var text = clause.text
            // A clause after a period starts with a capital, as the template's own clauses do.
            if index == 0 || Self.strength(kept[index - 1].separator) == 4 { text = Self.capitalisedFirst(text) }
            out += text
            if index < kept.count - 1 {
                out += clause.separator.hasSuffix(" ") ? clause.separator : clause.separator + " "
            } else if Self.strength(clause.separator) == 4 {
                out += "."
            }
        }
        return Spoken(text: out, locale: spoken.locale.bcp47)
    }

    private static func strength(_ separator: String) -> Int {
        switch separator.first(where: { $0 != " " && $0 != "\u{A0}" && $0 != "\u{202F}" }) {
        case "."?: return 4
        case ";"?: return 3
        case ":"?: return 2
        case ","?: return 1
        default: return 0
        }
    }

    static func capitalisedFirst(_ text: String) -> String {
        guard let first = text.first, first.isLowercase else { return text }
        return first.uppercased() + text.dropFirst()
    }

    private static func say(_ value: String, as kind: Kind, name: String, with spoken: SpokenForm, today: CivilDate?) throws -> String {
        let trimmed = value.trimmingSpaces()
        func invalid(_ expected: String) -> SpokenFormError {
            .invalidInput(kind: "value of {\(name)}", input: value, expected: expected)
        }
        switch kind {
        case .text: return try spoken.text(trimmed).text
        case .raw: return trimmed
        case .number: return try spoken.number(trimmed)
        case .ordinal:
            guard let number = Int(trimmed) else { throw invalid("an integer") }
            return try spoken.ordinal(number)
        case .date: return try spoken.date(trimmed)
        case .time: return try spoken.time(trimmed)
        case .dateTime: return try spoken.dateTime(trimmed)
        case .duration:
            if let seconds = Int(trimmed) { return try spoken.duration(seconds: seconds) }
            return try spoken.duration(trimmed)
        case .phone: return try spoken.phone(trimmed)
        case .money(let currency):
            guard Decimal(string: trimmed, locale: Locale(identifier: "en_US_POSIX")) != nil,
                  trimmed.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" }) else {
                throw invalid("an amount written with a period for decimals (12.50)")
            }
            let spokenAmount = try spoken.expand(trimmed + " " + currency).text
            guard !spokenAmount.contains(where: \.isNumber) else { throw invalid("an amount SpokenForm can say in \(currency)") }
            return spokenAmount
        case .relative:
            if let days = Int(trimmed) { return try spoken.relative(days: days) }
            let parts = trimmed.split(separator: "-").compactMap { Int($0) }
            guard parts.count == 3, trimmed.count == 10 else { throw invalid("an ISO date (2026-11-20) or a number of days (-1)") }
            let date = try CivilDate(year: parts[0], month: parts[1], day: parts[2])
            let reference = try today ?? Self.today()
            return try spoken.relative(days: Self.days(from: reference, to: date))
        }
    }

    private static func today() throws -> CivilDate {
        let parts = Calendar(identifier: .gregorian).dateComponents(in: .current, from: Date())
        return try CivilDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }

    /// Days from `a` to `b` (Gregorian, proleptic), by their day numbers.
    static func days(from a: CivilDate, to b: CivilDate) -> Int { dayNumber(b) - dayNumber(a) }

    /// Days since 1970-01-01 (Howard Hinnant's days_from_civil: exact for every Gregorian date).
    static func dayNumber(_ date: CivilDate) -> Int {
        let y = date.month <= 2 ? date.year - 1 : date.year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (date.month + 9) % 12
        let doy = (153 * mp + 2) / 5 + date.day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }
}

extension SpokenForm {
    /// Fills a label template in this locale (see `LabelTemplate`).
    /// - Throws: what `LabelTemplate.init(_:)` and `LabelTemplate.fill(_:with:today:)` throw.
    public func label(template: String, values: [String: String], today: CivilDate? = nil) throws -> Spoken {
        try LabelTemplate(template).fill(values, with: self, today: today)
    }
}
