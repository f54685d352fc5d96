import Foundation

/// One data file from `Locales/`, split into meaningful lines.
///
/// The shared syntax of every data file: UTF-8, one entry per line, `#` starts a
/// comment line, blank lines are ignored. Each capability gives its lines a
/// meaning (`key = value` settings, `a | b | c` records) and reports a malformed
/// line with `error(at:_:)`, which names the file and line.
public struct LocaleDataFile: Sendable {
    /// One meaningful line: its 1-based number in the file and its trimmed text.
    public struct Line: Sendable {
        /// The 1-based line number, for error messages.
        public let number: Int
        /// The text, trimmed.
        public let text: String
    }

    /// Path relative to the `Locales/` root ("fr/numbers.txt"), or a full path for user files.
    public let path: String
    /// The lines that are neither blank nor comments, in order.
    public let lines: [Line]

    /// Splits `contents` into meaningful lines; `path` names the file in errors.
    public init(path: String, contents: String) {
        self.path = path
        var lines: [Line] = []
        var number = 0
        // Split and trimmed as UTF-8 bytes: splitting by Character (grapheme breaking) was
        // most of the cost of creating a speller, and so of a command's start-up.
        var contents = contents
        contents.withUTF8 { bytes in
            let count = bytes.count
            var start = 0
            while start <= count {
                var end = start
                while end < count && bytes[end] != 0x0A { end += 1 }
                number += 1
                var from = start, to = end
                if to > from && bytes[to - 1] == 0x0D { to -= 1 }
                while from < to && (bytes[from] == 0x20 || bytes[from] == 0x09) { from += 1 }
                while to > from && (bytes[to - 1] == 0x20 || bytes[to - 1] == 0x09) { to -= 1 }
                start = end + 1
                guard from < to else { continue }
                var text = String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<to]), as: UTF8.self)
                if bytes[from] >= 0x80 || bytes[to - 1] >= 0x80 {
                    // Other space separators (U+00A0, U+2000...) at an end: the scalar rule.
                    text = String(LocaleDataFile.trimmed(Substring(text)))
                    if text.isEmpty { continue }
                }
                // A "#" that starts a Character ("#" with a combining mark is another Character).
                if bytes[from] == 0x23 && text.hasPrefix("#") { continue }
                lines.append(Line(number: number, text: text))
            }
        }
        self.lines = lines
    }

    /// A `SpokenFormError.malformedLocaleData` naming this file and the line.
    public func error(at line: Line, _ message: String) -> SpokenFormError {
        .malformedLocaleData(file: path, line: line.number, message: "\(message) (in '\(line.text)')")
    }

    /// Lines of the form `key = value`, in order (a key may repeat).
    /// - Throws: `SpokenFormError.malformedLocaleData` naming the file and line of a malformed line.
    public func keyValues() throws -> [(key: String, value: String, line: Line)] {
        try lines.map { line in
            guard let separator = Self.keyValueSeparator(line.text) else {
                throw error(at: line, "expected 'key = value'")
            }
            let key = String(LocaleDataFile.trimmed(line.text[..<separator.lowerBound]))
            let value = String(LocaleDataFile.trimmed(line.text[separator.upperBound...]))
            guard !key.isEmpty else { throw error(at: line, "empty key") }
            return (key, value, line)
        }
    }

    /// The first " = " of `text`, found on UTF-8 bytes (`firstRange(of:)` cost about 11,000
    /// instructions a line, 1.8 M at every start); by Characters where a non-ASCII byte
    /// touches it, as a combining mark would make it part of another Character.
    private static func keyValueSeparator(_ text: String) -> Range<String.Index>? {
        let bytes = text.utf8
        var index = bytes.startIndex
        var previous: UInt8 = 0
        while index < bytes.endIndex {
            if bytes[index] == 0x20 {
                let equals = bytes.index(after: index)
                if equals < bytes.endIndex && bytes[equals] == 0x3D {
                    let space = bytes.index(after: equals)
                    if space < bytes.endIndex && bytes[space] == 0x20 {
                        let end = bytes.index(after: space)
                        if previous >= 0x80 || (end < bytes.endIndex && bytes[end] >= 0x80) { return text.firstRange(of: " = ") }
                        return index..<end
                    }
                }
            }
            previous = bytes[index]
            index = bytes.index(after: index)
        }
        return nil
    }

    /// Lines split into fields at `separator` (default " | "), each field trimmed.
    /// `fields` bounds how many fields a line may have.
    /// - Throws: `SpokenFormError.malformedLocaleData` naming the file and line of a malformed line.
    public func records(separator: String = "|", fields: ClosedRange<Int>) throws -> [(fields: [String], line: Line)] {
        let asciiSeparator = separator.utf8.count == 1 ? separator.utf8.first! : nil
        return try lines.map { line in
            if let asciiSeparator, let parts = Self.asciiFields(line.text, separator: asciiSeparator) {
                guard fields.contains(parts.count) else {
                    throw error(at: line, "expected \(fields.lowerBound == fields.upperBound ? "\(fields.lowerBound)" : "\(fields.lowerBound) to \(fields.upperBound)") fields separated by '\(separator)', found \(parts.count)")
                }
                return (parts, line)
            }
            // A one-character separator splits by Character: several times faster than the
            // generic collection search, and every data file uses one.
            let pieces = separator.count == 1
                ? line.text.splitAtASCII(separator.first!, omittingEmpty: false)
                : line.text.split(separator: separator, omittingEmptySubsequences: false)
            let parts = pieces.map { String(LocaleDataFile.trimmed($0)) }
            guard fields.contains(parts.count) else {
                throw error(at: line, "expected \(fields.lowerBound == fields.upperBound ? "\(fields.lowerBound)" : "\(fields.lowerBound) to \(fields.upperBound)") fields separated by '\(separator)', found \(parts.count)")
            }
            return (parts, line)
        }
    }

    /// `text` split at an ASCII `separator` byte, each field trimmed of spaces and tabs, as
    /// `records` splits it by Character; nil (split by Character then) where bytes cannot
    /// decide: a non-ASCII byte next to a separator or at a field's end (a combining mark
    /// joins the separator into another Character; other space separators are trimmed too).
    private static func asciiFields(_ text: String, separator: UInt8) -> [String]? {
        var text = text
        return text.withUTF8 { bytes -> [String]? in
            var parts: [String] = []
            var start = 0
            let count = bytes.count
            while start <= count {
                var end = start
                while end < count && bytes[end] != separator { end += 1 }
                if end < count && end + 1 < count && bytes[end + 1] >= 0x80 { return nil }
                var from = start, to = end
                while from < to && (bytes[from] == 0x20 || bytes[from] == 0x09) { from += 1 }
                while to > from && (bytes[to - 1] == 0x20 || bytes[to - 1] == 0x09) { to -= 1 }
                if from < to && (bytes[from] >= 0x80 || bytes[to - 1] >= 0x80) { return nil }
                parts.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<to]), as: UTF8.self))
                start = end + 1
            }
            return parts
        }
    }

    /// `text` without leading and trailing spaces and tabs (what `CharacterSet.whitespaces`
    /// trims: tab, the space separators and U+200B). Written here rather than with Foundation's
    /// `trimmingCharacters`, whose bridge through NSString was most of a command's start-up.
    static func trimmed(_ text: Substring) -> Substring {
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            // Foundation's set also holds U+200B ZERO WIDTH SPACE (a space separator before Unicode 4.0.1).
            scalar == " " || scalar == "\t"
                || (scalar.value >= 0x80 && (scalar.properties.generalCategory == .spaceSeparator || scalar.value == 0x200B))
        }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
              let last = scalars.lastIndex(where: { !isSpace($0) }) else { return text[text.endIndex...] }
        return Substring(scalars[first...last])
    }
}

/// Where locale data comes from: the files embedded at build time from `Locales/`,
/// plus any directories of the same layout given at run time (user dictionaries).
public struct LocaleDataStore: Sendable {
    /// The embedded data only.
    public static let embedded = LocaleDataStore(directories: [])

    /// Extra directories laid out like `Locales/` (`fr/abbreviations.txt`, `fr/CA/...`).
    /// Their files are read after the embedded ones, so their entries come last and may override.
    public let directories: [URL]

    /// The embedded data plus the files of `directories`.
    public init(directories: [URL]) {
        self.directories = directories
    }

    /// Every embedded relative path, sorted ("de/numbers.txt", ...).
    public static var embeddedPaths: [String] { EmbeddedLocales.files.keys.sorted() }

    /// The files named `name` that apply to a language and region, most general
    /// first: `fr/name`, `fr/CA/name`, then the same from each extra directory.
    /// - Throws: `SpokenFormError.malformedLocaleData` for a user file that is not UTF-8 text.
    public func files(named name: String, language: String, region: String = "") throws -> [LocaleDataFile] {
        let relative = Self.relativePaths(name, language: language, region: region)
        var found: [LocaleDataFile] = []
        for path in relative {
            if let text = EmbeddedLocales.files[path] {
                found.append(LocaleDataFile(path: "Locales/" + path, contents: text))
            }
        }
        for directory in directories {
            for path in relative {
                let url = directory.appendingPathComponent(path)
                guard FileManager.default.fileExists(atPath: url.path) else { continue }
                guard let data = FileManager.default.contents(atPath: url.path),
                      let text = String(data: data, encoding: .utf8) else {
                    throw SpokenFormError.malformedLocaleData(file: url.path, line: 0, message: "cannot be read as UTF-8 text")
                }
                found.append(LocaleDataFile(path: url.path, contents: text))
            }
        }
        return found
    }

    /// The words of the files named `name` (one word per line, as `files(named:language:region:)`
    /// finds them) as one sorted list. The embedded files are lowercase already (a test checks);
    /// a user directory's are lowercased.
    /// - Throws: `SpokenFormError.malformedLocaleData` for a user file that is not UTF-8 text.
    func wordList(named name: String, language: String, region: String = "") throws -> SortedWordList {
        let embedded = Self.relativePaths(name, language: language, region: region).compactMap { EmbeddedLocales.files[$0] }
        guard !directories.isEmpty else { return SortedWordList(texts: embedded, lowercase: false) }
        let user = try files(named: name, language: language, region: region).dropFirst(embedded.count)
        return SortedWordList(texts: embedded + user.map { $0.lines.map(\.text).joined(separator: "\n").lowercased() }, lowercase: false)
    }

    /// "fr/name", then "fr/CA/name" when there is a region: most general first.
    private static func relativePaths(_ name: String, language: String, region: String) -> [String] {
        region.isEmpty ? ["\(language)/\(name)"] : ["\(language)/\(name)", "\(language)/\(region)/\(name)"]
    }

    /// Languages that have a file called `name` in the embedded data.
    public static func languages(having name: String) -> [String] {
        Set(EmbeddedLocales.files.keys.compactMap { path -> String? in
            let parts = path.split(separator: "/")
            return parts.count == 2 && parts[1] == name ? String(parts[0]) : nil
        }).sorted()
    }
}

extension String {
    /// The text without leading and trailing spaces and tabs: what Foundation's
    /// `trimmingCharacters(in: .whitespaces)` gives (general category Zs, U+0009 and U+200B), without
    /// its bridge through NSString. That bridge cost about 10,000 instructions a call, and
    /// 4.4 M at every process start that reads locale data; on a date request, most of
    /// the parse.
    package func trimmingSpaces() -> String { self[...].trimmingSpaces() }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs (see `String.trimmingSpaces()`).
    package func trimmingSpaces() -> String {
        guard let first = utf8.first, let last = utf8.last else { return String(self) }
        if first > 0x20 && first < 0x80 && last > 0x20 && last < 0x80 { return String(self) }
        return String(LocaleDataFile.trimmed(self))
    }
}

extension Substring {
    /// The text split at every `separator` (an ASCII character), exactly as
    /// `split(separator:omittingEmptySubsequences:)` splits it by Character, but on UTF-8
    /// bytes: breaking every list of the locale data into Characters (grapheme clusters) was
    /// about 4 M instructions of each process start. Where bytes cannot decide (a non-ASCII
    /// byte next to a separator, which a combining mark or a prepended character would join
    /// into another Character), it splits by Character.
    package func splitAtASCII(_ separator: Character, omittingEmpty: Bool = true) -> [Substring] {
        guard let byte = separator.asciiValue, separator.unicodeScalars.count == 1 else {
            return split(separator: separator, omittingEmptySubsequences: omittingEmpty)
        }
        var parts: [Substring] = []
        let bytes = utf8
        var start = bytes.startIndex
        var index = start
        var previous: UInt8 = 0
        while index < bytes.endIndex {
            let current = bytes[index]
            if current == byte {
                let next = bytes.index(after: index)
                if previous >= 0x80 || (next < bytes.endIndex && bytes[next] >= 0x80) {
                    return split(separator: separator, omittingEmptySubsequences: omittingEmpty)
                }
                if !omittingEmpty || start < index { parts.append(self[start..<index]) }
                start = next
            }
            previous = current
            index = bytes.index(after: index)
        }
        if !omittingEmpty || start < bytes.endIndex { parts.append(self[start..<bytes.endIndex]) }
        return parts
    }
}

extension String {
    /// The text split at every `separator`, as `Substring.splitAtASCII(_:omittingEmpty:)`.
    package func splitAtASCII(_ separator: Character, omittingEmpty: Bool = true) -> [Substring] {
        self[...].splitAtASCII(separator, omittingEmpty: omittingEmpty)
    }
}

extension String {
    /// The template with every `placeholder` ("{digit}", "{0}") replaced by `value`, found on
    /// UTF-8 bytes. For templates from the locale data, whose placeholders are ASCII in braces;
    /// Foundation's `replacingOccurrences(of:with:)` went through NSString at about 11,000
    /// instructions a call, an eighth of a phone number said for the first time.
    package func filling(_ placeholder: String, with value: String) -> String {
        guard !placeholder.isEmpty, var match = utf8Index(of: placeholder, from: utf8.startIndex) else { return self }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count + value.utf8.count)
        var copied = utf8.startIndex
        while true {
            bytes.append(contentsOf: utf8[copied..<match])
            bytes.append(contentsOf: value.utf8)
            copied = utf8.index(match, offsetBy: placeholder.utf8.count)
            guard let next = utf8Index(of: placeholder, from: copied) else { break }
            match = next
        }
        bytes.append(contentsOf: utf8[copied...])
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether the template holds `placeholder`, found on UTF-8 bytes (see `filling(_:with:)`).
    package func holdsPlaceholder(_ placeholder: String) -> Bool {
        utf8Index(of: placeholder, from: utf8.startIndex) != nil
    }

    /// Where `placeholder`'s bytes next start, at `from` or after.
    private func utf8Index(of placeholder: String, from: String.Index) -> String.Index? {
        let pattern = placeholder.utf8
        guard let first = pattern.first else { return from }
        var index = from
        while index < utf8.endIndex {
            if utf8[index] == first, utf8[index...].starts(with: pattern) { return index }
            index = utf8.index(after: index)
        }
        return nil
    }
}
