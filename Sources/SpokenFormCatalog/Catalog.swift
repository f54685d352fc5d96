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
    /// The text's parts, when it is more than one run of text: markup splits it (an Android
    /// `<b>`), and some parts are never converted (the content of `<xliff:g>`, ICU
    /// MessageFormat syntax). nil: the whole text is one run.
    let segments: [CatalogSegment]?
    /// Why the value is kept as it is whatever the normaliser says (ICU MessageFormat
    /// syntax that could not be read); nil when it may be converted.
    let keepReason: String?
    /// The text is an ICU MessageFormat pattern (`{count, plural, one {…} other {…}}`):
    /// a conversion must leave its syntax as it was.
    let isICUMessage: Bool
    /// What holds the value, where a change may give it plural forms; nil elsewhere.
    let container: CatalogContainer?

    init(key: String, language: String, path: CatalogPath?, text: String, state: String?, rawRange: Range<Int>, stateRange: Range<Int>?,
         segments: [CatalogSegment]? = nil, keepReason: String? = nil, isICUMessage: Bool = false, container: CatalogContainer? = nil) {
        self.key = key
        self.language = language
        self.pathNode = path
        self.text = text
        self.state = state
        self.rawRange = rawRange
        self.stateRange = stateRange
        self.segments = segments
        self.keepReason = keepReason
        self.isICUMessage = isICUMessage
        self.container = container
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

/// What holds a value in its file, where a conversion may replace it with plural forms
/// keyed by a placeholder's count (`CatalogChange`'s plural forms): the byte offsets the
/// writer needs. Recorded only where the format can hold the forms.
enum CatalogContainer: Sendable, Equatable {
    /// `.xcstrings`: the `"stringUnit"` member, the only member of its localization: its
    /// key's opening quote and its object's `{`.
    case stringUnit(keyOffset: Int, objectStart: Int)
    /// Android: a `<string>` element, from its `<` to the end of `</string>`, and the end of
    /// its start tag.
    case androidString(element: Range<Int>, startTagEnd: Int)
    /// `.stringsdict`: an entry's `NSStringLocalizedFormatKey`: its `<key>`'s `<`, and the
    /// end of the `</string>` after it.
    case formatKey(keyStart: Int, stringEnd: Int)
    /// `.stringsdict`: a top-level entry that is a `<string>` (no plural dictionary yet): its
    /// `<key>`'s `<`, and the `<string>` element.
    case plainEntry(keyStart: Int, element: Range<Int>)
}

/// A run of a value's text (scalar offsets into `CatalogValue.text`): converted on its own,
/// or kept as it is (`convertible` false: a placeholder or message syntax).
struct CatalogSegment: Sendable, Equatable {
    let range: Range<Int>
    let convertible: Bool
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
    /// The new text of each of the value's segments (`CatalogValue.segments`), joined
    /// into `text`: each is written within its own run, so markup between runs stays where
    /// it was. nil: the writer aligns `text` with the old text itself.
    var runs: [String]?
    /// The plural forms the value becomes, keyed by a placeholder's count (written where the
    /// value's `CatalogContainer` is); nil: a change of text only.
    var plural: PluralChange?

    /// The categories of the plural forms the value becomes, in CLDR's order (`one`, `many`,
    /// `other`), with each form's text; for a value whose placeholders became `%#@name@`
    /// variables (`.xcstrings` substitutions, a `.stringsdict` variable), each variable's
    /// forms, `name` first (`arg1 > one`). Empty for a change of text only.
    public var pluralForms: [(path: [String], text: String)] {
        guard let plural else { return [] }
        if plural.arguments.isEmpty { return plural.forms.map { ([$0.category.rawValue], $0.text) } }
        return plural.arguments.flatMap { argument in argument.forms.map { ([argument.name, $0.category.rawValue], $0.text) } }
    }

    /// A change of `values[valueIndex]` to `text` (and `state`).
    public init(valueIndex: Int, text: String, state: String? = nil) {
        self.valueIndex = valueIndex
        self.text = text
        self.state = state
    }

    init(valueIndex: Int, text: String, state: String?, runs: [String]?, plural: PluralChange? = nil) {
        self.init(valueIndex: valueIndex, text: text, state: state)
        self.runs = runs
        self.plural = plural
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
        /// An Android resource file (`res/values-fr/strings.xml`), UTF-8.
        case android
        /// A gettext catalog (`.po`), UTF-8.
        case gettext

        /// The name the reports use: `xcstrings`, `strings (utf16le)`, `stringsdict`,
        /// `android`, `po`.
        public var description: String {
            switch self {
            case .xcstrings: return "xcstrings"
            case .strings(let encoding): return "strings (\(encoding.rawValue))"
            case .stringsdict: return "stringsdict"
            case .android: return "android"
            case .gettext: return "po"
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
    /// `.xcstrings` entries marked `shouldTranslate: false` and Android resources marked
    /// `translatable="false"`, left alone.
    public let untranslatableKeys: Int
    /// `.po` entries flagged `fuzzy`, left alone (gettext does not use them at run time).
    public let fuzzyEntries: Int
    /// The language a `.po` header names (`Language: pt_BR` as `pt-BR`), nil when it names none.
    public let declaredLanguage: String?
    /// A `.po` header's `Plural-Forms` (`nplurals=2; plural=(n > 1);`): which CLDR category
    /// each `msgstr[n]` serves.
    public let pluralForms: String?
    let jsonStyle: JSONEscapes.Style
    private let stringsUnits: StringsUnits?
    /// An XML property list that is a `.stringsdict` (its name says so, or it holds an
    /// `NSStringLocalizedFormatKey`), where a plain entry may become a plural dictionary.
    let isStringsdict: Bool

    /// The kinds of catalog file, as their names' extensions say.
    public enum FileKind: String, Sendable, CaseIterable {
        /// An Xcode String Catalog, a `.strings` file, a `.stringsdict`.
        case xcstrings, strings, stringsdict
        /// An Android resource file (`strings.xml`).
        case xml
        /// A gettext catalog or template.
        case po, pot

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
    ///   - language: the language of a `.strings`, `.stringsdict` or Android file (its
    ///     `xx.lproj` or `values-xx` folder, `CatalogLanguage.fromPath(_:)`); for a `.po`
    ///     file, empty takes the header's `Language:`, anything else wins over it.
    ///     `.xcstrings` name their languages themselves.
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
        let textFormat = Self.textFormat(bytes, kind: kind, firstVisible: firstVisible)
        if textFormat != nil && (bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])) {
            throw CatalogError.unknownFormat("UTF-16 text; SpokenForm reads Android resources and .po files in UTF-8")
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
        var fuzzy = 0
        var declared: String?
        var plurals: String?
        if let textFormat {
            format = textFormat
            try bytes.withUnsafeBufferPointer { buffer in
                if textFormat == .android {
                    var reader = AndroidStringsReader(bytes: buffer, language: language)
                    try reader.read()
                    (values, keys, untranslatable) = (reader.values, reader.keys, reader.untranslatable)
                } else {
                    var reader = GettextReader(bytes: buffer, language: language)
                    try reader.read()
                    (values, keys, fuzzy, declared, plurals) = (reader.values, reader.keys, reader.fuzzyEntries, reader.headerLanguage, reader.pluralForms)
                }
            }
        } else if let stringsEncoding {
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
        self.fuzzyEntries = fuzzy
        self.declaredLanguage = declared
        self.pluralForms = plurals
        self.jsonStyle = style
        self.stringsUnits = units
        self.isStringsdict = format == .stringsdict
            && (kind == .stringsdict || (kind == nil && bytes.withUnsafeBufferPointer { $0.firstOffset(of: "NSStringLocalizedFormatKey", from: 0) != nil }))
    }

    /// The catalog's bytes with `changes` applied: each changed value's bytes are
    /// replaced in place (a minimal edit, in the file's escape style and encoding);
    /// every other byte is copied. With no changes, the input's bytes.
    public func writing(_ changes: [CatalogChange]) -> [UInt8] {
        var edits: [(range: Range<Int>, bytes: [UInt8])] = []
        edits.reserveCapacity(changes.count * 2)
        for change in changes {
            let value = values[change.valueIndex]
            if let plural = change.plural, let structural = pluralEdits(value, change, plural) {
                edits += structural
                continue
            }
            if format == .android {
                if change.text != value.text { edits += androidEdits(value, change) }
                continue
            }
            if change.text != value.text {
                let decoded = decodeRaw(value.rawRange)
                let edit = decoded.minimalEdit(to: Array(change.text.unicodeScalars))
                let start = value.rawRange.lowerBound
                var middle = encode(edit.middle)
                if format == .gettext { middle = rewrapped(middle, replacing: (start + edit.raw.lowerBound)..<(start + edit.raw.upperBound)) }
                edits.append(((start + edit.raw.lowerBound)..<(start + edit.raw.upperBound), middle))
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

    /// A `.po` edit that replaced the break between two lines of a string (`\n"` newline
    /// `"`): the new text breaks after each of its `\n` the same way, as gettext lays
    /// strings out, rather than running on one line.
    private func rewrapped(_ middle: [UInt8], replacing range: Range<Int>) -> [UInt8] {
        guard let quote = range.first(where: { bytes[$0] == UInt8(ascii: "\"") && ($0 == range.lowerBound || bytes[$0 - 1] != UInt8(ascii: "\\")) }),
              let reopen = range[(quote + 1)...].first(where: { bytes[$0] == UInt8(ascii: "\"") }) else { return middle }
        let gap = Array(bytes[quote...reopen])
        var out: [UInt8] = []
        var index = 0
        while index < middle.count {
            out.append(middle[index])
            if middle[index] == UInt8(ascii: "\\"), index + 1 < middle.count {
                out.append(middle[index + 1])
                if middle[index + 1] == UInt8(ascii: "n"), index + 2 < middle.count { out += gap }
                index += 2
                continue
            }
            index += 1
        }
        return out
    }

    /// The format of a file read as text, not plist or JSON: an Android resource file or a
    /// `.po`, from its kind or, without one, its first bytes (`<resources`, `#`, `msgid`).
    private static func textFormat(_ bytes: [UInt8], kind: FileKind?, firstVisible: Int?) -> Format? {
        switch kind {
        case .xml: return .android
        case .po, .pot: return .gettext
        case .some: return nil
        case nil: break
        }
        guard let first = firstVisible else { return nil }
        func starts(_ text: String, at index: Int) -> Bool { bytes[index...].starts(with: text.utf8) }
        if bytes[first] == UInt8(ascii: "#") || starts("msgid", at: first) || starts("msgctxt", at: first) { return .gettext }
        guard bytes[first] == UInt8(ascii: "<") else { return nil }
        // The root element after the declaration and comments: <resources> or <plist>.
        var index = first
        while index < bytes.count {
            if [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1; continue }
            if starts("<?", at: index) || starts("<!", at: index) {
                let close = starts("<!--", at: index) ? "-->" : ">"
                guard let end = bytes.indices[index...].first(where: { bytes[$0...].starts(with: close.utf8) && $0 > index + 1 }) else { return nil }
                index = end + close.utf8.count
                continue
            }
            return starts("<resources", at: index) ? .android : nil
        }
        return nil
    }

    /// The edits of one Android value: in place, run by run, checked by reading the result
    /// again; when that reading differs (white space that `aapt2` would collapse next to a
    /// deletion), each changed run is written anew instead.
    func androidEdits(_ value: CatalogValue, _ change: CatalogChange) -> [(range: Range<Int>, bytes: [UInt8])] {
        bytes.withUnsafeBufferPointer { buffer in
            let text = AndroidText.decode(buffer, from: value.rawRange.lowerBound, depth: 0)
            guard text.error == nil else { return [] }
            let edits = text.edits(to: change.text, runs: change.runs, contentStart: value.rawRange.lowerBound)
            if Self.androidReads(edits, in: buffer, value.rawRange, as: change.text) { return edits }
            var whole = text
            whole.rewritesRuns = true
            return whole.edits(to: change.text, runs: change.runs, contentStart: value.rawRange.lowerBound)
        }
    }

    /// Whether the value's bytes with `edits` read as `text`.
    private static func androidReads(_ edits: [(range: Range<Int>, bytes: [UInt8])], in buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, as text: String) -> Bool {
        var contents = Catalog.spliced(buffer, range, edits)
        contents += Array("</string>".utf8)
        let read = contents.withUnsafeBufferPointer { AndroidText.decode($0, from: 0, depth: 0) }
        return read.error == nil && read.text == text
    }

    func decodeRaw(_ range: Range<Int>) -> DecodedText {
        switch format {
        case .xcstrings:
            return bytes.withUnsafeBufferPointer { JSONEscapes.decode(UnsafeBufferPointer(rebasing: $0[range])) }
        case .stringsdict:
            return bytes.withUnsafeBufferPointer { XMLEscapes.decode(UnsafeBufferPointer(rebasing: $0[range])) }
        case .gettext:
            return bytes.withUnsafeBufferPointer { GettextEscapes.decode(UnsafeBufferPointer(rebasing: $0[range])) }
        case .android:
            return DecodedText()
        case .strings:
            let file = stringsUnits!
            let size = file.encoding.unitSize, bom = file.encoding.bom.count
            return StringsReader.decode(file, ((range.lowerBound - bom) / size)..<((range.upperBound - bom) / size), quoted: true)
        }
    }

    func encode(_ scalars: ArraySlice<Unicode.Scalar>) -> [UInt8] {
        switch format {
        case .xcstrings: return JSONEscapes.encode(scalars, style: jsonStyle)
        case .stringsdict: return XMLEscapes.encode(scalars)
        case .gettext: return GettextEscapes.encode(scalars)
        case .android: return []
        case .strings: return stringsUnits!.bytes(of: StringsReader.escape(scalars))
        }
    }
}

extension Catalog {
    /// The bytes of `source` in `range` with `edits` (ranges inside it that do not overlap, in
    /// any order) put in their place.
    static func spliced<Source: RandomAccessCollection>(_ source: Source, _ range: Range<Int>,
                                                        _ edits: [(range: Range<Int>, bytes: [UInt8])]) -> [UInt8]
        where Source.Element == UInt8, Source.Index == Int {
        var out: [UInt8] = []
        var copied = range.lowerBound
        for edit in edits.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            out += source[copied..<edit.range.lowerBound]
            out += edit.bytes
            copied = edit.range.upperBound
        }
        out += source[copied..<range.upperBound]
        return out
    }
}
