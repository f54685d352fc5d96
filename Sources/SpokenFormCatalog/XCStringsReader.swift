/// Walks an `.xcstrings` JSON tree (`strings → key → localizations → language →
/// stringUnit / variations / substitutions`, variations nested to any depth) and lists
/// every value string with where it lies in the file. Fields it does not know are not
/// looked at, so they survive byte for byte. The path a message names (`here`) is spelled
/// out only for a message: built at every node, it copied the whole path per level.
struct XCStringsReader {
    let scanner: JSONScanner
    var values: [CatalogValue] = []
    var keys: [String] = []
    var untranslatableKeys = 0

    init(scanner: JSONScanner) {
        self.scanner = scanner
    }

    mutating func read(_ root: JSONNode) throws -> String? {
        guard case .object(let top, _) = root else {
            throw CatalogError.unexpectedValue(path: "the top level", expected: "an object with \"sourceLanguage\" and \"strings\"", byteOffset: root.start)
        }
        var sourceLanguage: String?
        if let source = top.first(where: { $0.key == "sourceLanguage" })?.value {
            guard case .string(let token) = source else {
                throw CatalogError.unexpectedValue(path: "\"sourceLanguage\"", expected: "a string, not \(source.typeName)", byteOffset: source.start)
            }
            sourceLanguage = scanner.decode(token)
        }
        guard let strings = top.first(where: { $0.key == "strings" })?.value else { return sourceLanguage }
        guard case .object(let entries, _) = strings else {
            throw CatalogError.unexpectedValue(path: "\"strings\"", expected: "an object of keys, not \(strings.typeName)", byteOffset: strings.start)
        }
        keys.reserveCapacity(entries.count)
        for entry in entries {
            keys.append(entry.key)
            try readEntry(entry)
        }
        return sourceLanguage
    }

    private mutating func readEntry(_ entry: JSONMember) throws {
        func here() -> String { "strings > " + quoted(entry.key) }
        guard case .object(let fields, _) = entry.value else {
            throw CatalogError.unexpectedValue(path: here(), expected: "an object (comment, localizations…), not \(entry.value.typeName)", byteOffset: entry.value.start)
        }
        // `shouldTranslate: false` marks text that is the same in every language: left alone.
        if let flag = fields.first(where: { $0.key == "shouldTranslate" })?.value, case .literal(let range) = flag,
           scanner.bytes[range.lowerBound] == UInt8(ascii: "f") {
            untranslatableKeys += 1
            return
        }
        guard let localizations = fields.first(where: { $0.key == "localizations" })?.value else { return }
        guard case .object(let languages, _) = localizations else {
            throw CatalogError.unexpectedValue(path: here() + " > \"localizations\"", expected: "an object of languages, not \(localizations.typeName)", byteOffset: localizations.start)
        }
        for language in languages {
            try readLocalization(language.value, key: entry.key, language: language.key, path: nil,
                                 at: here() + " > \"localizations\" > " + quoted(language.key))
        }
    }

    /// A localization: `stringUnit`, `variations` (axis → case → localization) and
    /// `substitutions` (name → {variations}); the same shape at every depth.
    private mutating func readLocalization(_ node: JSONNode, key: String, language: String, path: CatalogPath?, at here: @autoclosure () -> String) throws {
        guard case .object(let fields, _) = node else {
            throw CatalogError.unexpectedValue(path: here(), expected: "an object (stringUnit, variations…), not \(node.typeName)", byteOffset: node.start)
        }
        for field in fields {
            switch field.key {
            case "stringUnit":
                // A localization holding only its stringUnit can take plural variations in its place.
                let container = fields.count == 1 ? CatalogContainer.stringUnit(keyOffset: field.keyOffset, objectStart: field.value.start) : nil
                try readStringUnit(field.value, key: key, language: language, path: path, container: container, at: here() + " > \"stringUnit\"")
            case "variations":
                try readVariations(field.value, key: key, language: language, path: path, at: here() + " > \"variations\"")
            case "substitutions":
                guard case .object(let names, _) = field.value else {
                    throw CatalogError.unexpectedValue(path: here() + " > \"substitutions\"", expected: "an object of names, not \(field.value.typeName)", byteOffset: field.value.start)
                }
                for name in names {
                    func at() -> String { here() + " > \"substitutions\" > " + quoted(name.key) }
                    guard case .object(let parts, _) = name.value else {
                        throw CatalogError.unexpectedValue(path: at(), expected: "an object (formatSpecifier, variations), not \(name.value.typeName)", byteOffset: name.value.start)
                    }
                    if let variations = parts.first(where: { $0.key == "variations" })?.value {
                        try readVariations(variations, key: key, language: language, path: CatalogPath(CatalogPath(path, "substitutions"), name.key), at: at() + " > \"variations\"")
                    }
                }
            default:
                continue
            }
        }
    }

    private mutating func readVariations(_ node: JSONNode, key: String, language: String, path: CatalogPath?, at here: @autoclosure () -> String) throws {
        guard case .object(let axes, _) = node else {
            throw CatalogError.unexpectedValue(path: here(), expected: "an object (plural, device…), not \(node.typeName)", byteOffset: node.start)
        }
        for axis in axes {
            guard case .object(let cases, _) = axis.value else {
                throw CatalogError.unexpectedValue(path: here() + " > " + quoted(axis.key), expected: "an object of cases, not \(axis.value.typeName)", byteOffset: axis.value.start)
            }
            for variant in cases {
                try readLocalization(variant.value, key: key, language: language, path: CatalogPath(CatalogPath(path, axis.key), variant.key),
                                     at: here() + " > " + quoted(axis.key) + " > " + quoted(variant.key))
            }
        }
    }

    private mutating func readStringUnit(_ node: JSONNode, key: String, language: String, path: CatalogPath?, container: CatalogContainer?,
                                         at here: @autoclosure () -> String) throws {
        guard case .object(let fields, _) = node else {
            throw CatalogError.unexpectedValue(path: here(), expected: "an object with \"state\" and \"value\", not \(node.typeName)", byteOffset: node.start)
        }
        var state: JSONString?
        var value: JSONString?
        for field in fields where field.key == "state" || field.key == "value" {
            guard case .string(let token) = field.value else {
                throw CatalogError.unexpectedValue(path: here() + " > " + quoted(field.key), expected: "a string, not \(field.value.typeName)", byteOffset: field.value.start)
            }
            if field.key == "state" { state = token } else { value = token }
        }
        guard let value else { return }
        values.append(CatalogValue(key: key, language: language, path: path, text: scanner.decode(value),
                                   state: state.map { scanner.decode($0) }, rawRange: value.contents, stateRange: state?.contents, container: container))
    }
}
