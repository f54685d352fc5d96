import SpokenForm

/// One text value of a catalog: a key's string in one language, possibly one case of a
/// variation (`plural > one`, `device > ipad > plural > other`,
/// `substitutions > count > plural > few`).
public struct CatalogValue: Sendable, Equatable {
    /// The catalog key (for `.strings` and `.stringsdict`, the top-level key).
    public let key: String
    /// The language code as the catalog writes it (`fr`, `pt-BR`, `zh-Hans`).
    public let language: String
    /// The variation path inside the localization; empty for a plain `stringUnit`.
    public var path: [String] { pathNode?.components ?? [] }
    /// The path's last level, which holds its parents: values side by side share them, so
    /// a deep value costs one level, not a copy of its whole path.
    let pathNode: CatalogPath?
    /// The text, escapes decoded.
    public let text: String
    /// The `stringUnit`'s `state` (`translated`, `needs_review`…), when it has one.
    public let state: String?
    /// The bytes of the value's contents in the file (between the quotes or tags).
    let rawRange: Range<Int>
    /// The bytes of the `state` string's contents.
    let stateRange: Range<Int>?

    init(key: String, language: String, path: CatalogPath?, text: String, state: String?, rawRange: Range<Int>, stateRange: Range<Int>?) {
        self.key = key
        self.language = language
        self.pathNode = path
        self.text = text
        self.state = state
        self.rawRange = rawRange
        self.stateRange = stateRange
    }

    /// `key`, language and path as the reports show them: `"Done" [fr] plural > one`.
    public var location: String {
        "\(quoted(key)) [\(language)]" + (path.isEmpty ? "" : " " + path.joined(separator: " > "))
    }

    /// Two values are equal when every field and both byte ranges are.
    public static func == (a: CatalogValue, b: CatalogValue) -> Bool {
        a.key == b.key && a.language == b.language && a.path == b.path && a.text == b.text && a.state == b.state
            && a.rawRange == b.rawRange && a.stateRange == b.stateRange
    }
}

/// A variation path as a chain of levels, each holding its parent (`plural > one` is
/// `one` → `plural`): the readers extend it by one level per nesting, never copying it.
final class CatalogPath: Sendable {
    let parent: CatalogPath?
    let component: String

    init(_ parent: CatalogPath?, _ component: String) {
        self.parent = parent
        self.component = component
    }

    /// The levels from the outermost down.
    var components: [String] {
        var result: [String] = []
        var node: CatalogPath? = self
        while let level = node {
            result.append(level.component)
            node = level.parent
        }
        return result.reversed()
    }
}

/// A new text (and optionally a new `state`) for one value of a catalog.
public struct CatalogChange: Sendable, Equatable {
    /// Index into `Catalog.values`.
    public var valueIndex: Int
    /// The value's new text.
    public var text: String
    /// The `stringUnit`'s new state; nil keeps it (ignored where the value has no state).
    public var state: String?

    /// A change of `values[valueIndex]` to `text` (and `state`).
    public init(valueIndex: Int, text: String, state: String? = nil) {
        self.valueIndex = valueIndex
        self.text = text
        self.state = state
    }
}

/// A string catalog read from its bytes: an Xcode String Catalog (`.xcstrings`), a
/// `.strings` file or a `.stringsdict`, with every value and where it lies.
///
/// Writing never re-serialises: `writing(_:)` copies the input's bytes and replaces the
/// bytes of the changed values only, keeping the common prefix and suffix of each value
/// as they were spelled. So a catalog written without changes is byte for byte its
/// input, whatever its layout (Xcode's `" : "` and key order, a bot's `": "`, any
/// encoding of a `.strings` file), and unknown fields survive.
public struct Catalog: Sendable {
    /// The kinds of file a catalog comes from.
    public enum Format: Sendable, Equatable, CustomStringConvertible {
        /// An Xcode String Catalog (JSON).
        case xcstrings
        /// A `.strings` file (old-style property list text) in this encoding.
        case strings(StringsEncoding)
        /// An XML property list: a `.stringsdict` (or a `.strings` saved as XML).
        case stringsdict

        /// The name the reports use: `xcstrings`, `strings (utf16le)`, `stringsdict`.
        public var description: String {
            switch self {
            case .xcstrings: return "xcstrings"
            case .strings(let encoding): return "strings (\(encoding.rawValue))"
            case .stringsdict: return "stringsdict"
            }
        }
    }

    /// What the file is.
    public let format: Format
    /// The file's bytes, as read.
    public let bytes: [UInt8]
    /// Every text value, in file order (for `.xcstrings`, entries with
    /// `shouldTranslate: false` are left out).
    public let values: [CatalogValue]
    /// Every key in file order.
    public let keys: [String]
    /// The `.xcstrings` `sourceLanguage`.
    public let sourceLanguage: String?
    /// `.xcstrings` entries marked `shouldTranslate: false`, left alone.
    public let untranslatableKeys: Int
    private let jsonStyle: JSONEscapes.Style
    private let stringsUnits: StringsUnits?

    /// The kinds of catalog file, as their names' extensions say.
    public enum FileKind: String, Sendable, CaseIterable {
        /// An Xcode String Catalog (JSON), a `.strings` table, a `.stringsdict` property list.
        case xcstrings, strings, stringsdict

        /// The kind `path`'s extension names (any case), nil for another extension.
        public init?(path: String) {
            guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
            self.init(rawValue: path[path.index(after: dot)...].lowercased())
        }
    }

    /// Reads a catalog from its bytes; the format is found from the contents.
    ///
    /// - Parameters:
    ///   - bytes: the file's bytes, as read.
    ///   - language: the language of a `.strings` or `.stringsdict` file (its
    ///     `xx.lproj` folder); `.xcstrings` name their languages themselves.
    ///   - kind: what the file's name says it is, when known. An `.xcstrings` must hold a
    ///     JSON object (a UTF-8 BOM before it is kept): an empty or blank one is refused,
    ///     never read as an empty `.strings`.
    /// - Throws: `CatalogError` with the byte offset or key of what is malformed.
    public init(bytes: [UInt8], language: String = "", kind: FileKind? = nil) throws {
        self.bytes = bytes
        if bytes.starts(with: Array("bplist".utf8)) { throw CatalogError.binaryPropertyList }
        let utf8BOM = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        let firstVisible = bytes.indices.dropFirst(utf8BOM ? 3 : 0).first { ![0x20, 0x09, 0x0A, 0x0D].contains(bytes[$0]) }
        // A JSON object, after a UTF-8 BOM or not, is a String Catalog (the `.strings` files read here never start with `{`).
        let isJSON = firstVisible.map { bytes[$0] == UInt8(ascii: "{") } ?? false
        if kind == .xcstrings && !isJSON {
            let what = bytes.isEmpty ? "an empty file" : firstVisible == nil ? "a file holding only a BOM or white space"
                : bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) ? "UTF-16 text" : "text that is not a JSON object"
            throw CatalogError.unexpectedValue(path: "the String Catalog (.xcstrings)", expected: "a JSON object with \"sourceLanguage\" and \"strings\", not \(what)",
                                               byteOffset: firstVisible ?? bytes.count)
        }
        let stringsEncoding: StringsEncoding?
        if bytes.starts(with: [0xFF, 0xFE]) {
            stringsEncoding = .utf16LE
        } else if bytes.starts(with: [0xFE, 0xFF]) {
            stringsEncoding = .utf16BE
        } else {
            if let offset = bytes.withUnsafeBufferPointer({ firstInvalidUTF8($0) }) { throw CatalogError.invalidEncoding(byteOffset: offset, encoding: "UTF-8") }
            switch firstVisible.map({ bytes[$0] }) {
            case UInt8(ascii: "{"): stringsEncoding = nil
            case UInt8(ascii: "<") where !utf8BOM: stringsEncoding = nil
            default: stringsEncoding = utf8BOM ? .utf8BOM : .utf8
            }
        }
        var style = JSONEscapes.Style()
        var units: StringsUnits?
        var format: Format
        var values: [CatalogValue] = []
        var keys: [String] = []
        var source: String?
        var untranslatable = 0
        if let stringsEncoding {
            let file = try StringsUnits(bytes: bytes, encoding: stringsEncoding)
            if file.units.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == 0x3C {
                throw CatalogError.unknownFormat("an XML property list in \(stringsEncoding.rawValue); SpokenForm reads XML property lists in UTF-8 only")
            }
            var reader = StringsReader(file: file)
            try reader.read(language: language)
            (values, keys, units, format) = (reader.values, reader.keys, file, .strings(stringsEncoding))
        } else {
            format = isJSON ? .xcstrings : .stringsdict
            try bytes.withUnsafeBufferPointer { buffer in
                if isJSON {
                    // The BOM is skipped, not removed: it stays in the output byte for byte.
                    let bom = utf8BOM ? 3 : 0
                    style = JSONEscapes.Style(of: UnsafeBufferPointer(rebasing: buffer[bom...]))
                    var scanner = JSONScanner(bytes: buffer)
                    scanner.position = bom
                    let root = try scanner.document()
                    var reader = XCStringsReader(scanner: scanner)
                    source = try reader.read(root)
                    (values, keys, untranslatable) = (reader.values, reader.keys, reader.untranslatableKeys)
                } else {
                    var reader = StringsdictReader(bytes: buffer, language: language)
                    try reader.read()
                    (values, keys) = (reader.values, reader.keys)
                }
            }
        }
        self.format = format
        self.values = values
        self.keys = keys
        self.sourceLanguage = source
        self.untranslatableKeys = untranslatable
        self.jsonStyle = style
        self.stringsUnits = units
    }

    /// The catalog's bytes with `changes` applied: each changed value's bytes are
    /// replaced in place (a minimal edit, in the file's escape style and encoding);
    /// every other byte is copied. With no changes, the input's bytes.
    public func writing(_ changes: [CatalogChange]) -> [UInt8] {
        var edits: [(range: Range<Int>, bytes: [UInt8])] = []
        edits.reserveCapacity(changes.count * 2)
        for change in changes {
            let value = values[change.valueIndex]
            if change.text != value.text {
                let decoded = decodeRaw(value.rawRange)
                let edit = decoded.minimalEdit(to: Array(change.text.unicodeScalars))
                let start = value.rawRange.lowerBound
                edits.append(((start + edit.raw.lowerBound)..<(start + edit.raw.upperBound), encode(edit.middle)))
            }
            if let state = change.state, let range = value.stateRange, state != value.state {
                edits.append((range, JSONEscapes.encode(state.unicodeScalars, style: jsonStyle)))
            }
        }
        if edits.isEmpty { return bytes }
        edits.sort { $0.range.lowerBound < $1.range.lowerBound }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 4)
        var copied = 0
        for edit in edits {
            output.append(contentsOf: bytes[copied..<edit.range.lowerBound])
            output.append(contentsOf: edit.bytes)
            copied = edit.range.upperBound
        }
        output.append(contentsOf: bytes[copied...])
        return output
    }

    private func decodeRaw(_ range: Range<Int>) -> DecodedText {
        switch format {
        case .xcstrings:
            return bytes.withUnsafeBufferPointer { JSONEscapes.decode(UnsafeBufferPointer(rebasing: $0[range])) }
        case .stringsdict:
            return bytes.withUnsafeBufferPointer { XMLEscapes.decode(UnsafeBufferPointer(rebasing: $0[range])) }
        case .strings:
            let file = stringsUnits!
            let size = file.encoding.unitSize, bom = file.encoding.bom.count
            return StringsReader.decode(file, ((range.lowerBound - bom) / size)..<((range.upperBound - bom) / size), quoted: true)
        }
    }

    private func encode(_ scalars: ArraySlice<Unicode.Scalar>) -> [UInt8] {
        switch format {
        case .xcstrings: return JSONEscapes.encode(scalars, style: jsonStyle)
        case .stringsdict: return XMLEscapes.encode(scalars)
        case .strings: return stringsUnits!.bytes(of: StringsReader.escape(scalars))
        }
    }
}
