import Foundation
import Testing
@testable import SpokenForm

/// Every data file's keys are declared once (`DataFileSchema`): the loaders read exactly those,
/// the pages of Docs/data/ are rendered from them, the data uses only them, and no data file's
/// header copies the list.
@Suite struct DataFileSchemaTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test func eachKeyIsDeclaredOnce() {
        #expect(Set(DataFileSchema.all.map(\.file)).count == DataFileSchema.all.count, "a file declared twice")
        for schema in DataFileSchema.all {
            #expect(Set(schema.keys.map(\.name)).count == schema.keys.count, "\(schema.file): a key declared twice")
            for key in schema.keys {
                #expect(schema.declaration(of: key.name)?.name == key.name, "\(schema.file): \(key.name)")
                #expect(!key.meaning.isEmpty && !key.syntax.isEmpty, "\(schema.file): \(key.name)")
            }
        }
    }

    /// A line of `key` with as many fields as its declaration asks, its parameter filled in.
    static func line(_ schema: DataFileSchema, _ key: DataFileSchema.Key) -> String {
        var name = key.name
        for (parameter, example) in [("-N", "-4"), (" N", " 30"), (".FEATURE", ".length"), (" LANGUAGE", " en")] where name.hasSuffix(parameter) {
            name = String(name.dropLast(parameter.count)) + example
        }
        let count = key.fields?.lowerBound ?? 1
        if schema.form == .records {
            var fields = [String](repeating: "x", count: max(count, 2))
            fields[schema.kindField] = name
            return fields.joined(separator: " | ")
        }
        return name + " = " + [String](repeating: "x", count: count).joined(separator: " | ")
    }

    /// The loaders that read each file kind, given one file.
    static let loaders: [String: @Sendable (LocaleDataFile) throws -> Void] = [
        "text.txt": { _ = try TextLocaleData(files: [$0]) },
        "dates.txt": { _ = try DateLocaleData(files: [$0]) },
        "times.txt": { _ = try TimeLocaleData(files: [$0]) },
        "numbers.txt": { _ = try NumberLocaleData(files: [$0]) },
        "phones.txt": { _ = try PhoneLocaleData(files: [$0]) },
        "time-input.txt": { _ = try DateInputParser.meridiems([$0]) },
        "abbreviations.txt": { _ = try AbbreviationLocaleData(abbreviations: [$0], units: [], money: []) },
        "units.txt": { _ = try AbbreviationLocaleData(abbreviations: [], units: [$0], money: []) },
        "money.txt": { _ = try AbbreviationLocaleData(abbreviations: [], units: [], money: [$0]) },
        "traits.txt": { _ = try LabelLocaleData(traits: [$0], labels: [], verbs: SortedWordList(texts: [], lowercase: false)) },
        "labels.txt": { _ = try LabelLocaleData(traits: [], labels: [$0], verbs: SortedWordList(texts: [], lowercase: false)) },
    ]

    /// Every declared key is read by its loader: a value of any shape is either taken or refused
    /// as malformed, never passed over.
    @Test func everyDeclaredKeyIsRead() {
        for schema in DataFileSchema.all {
            guard let load = Self.loaders[schema.file] else { continue }
            for key in schema.keys + (schema.other.map { [$0] } ?? []) {
                let file = LocaleDataFile(path: "xx/\(schema.file)", contents: Self.line(schema, key) + "\n")
                do {
                    try load(file)
                } catch SpokenFormError.malformedLocaleData(_, _, let message) {
                    #expect(!message.contains("not read") && !message.contains(schema.page), "\(schema.file) \(key.name): \(message)")
                } catch {
                    Issue.record("\(schema.file) \(key.name): \(error)")
                }
            }
        }
    }

    @Test func anUndeclaredKeyNamesFileAndLine() {
        for schema in DataFileSchema.all {
            guard let load = Self.loaders[schema.file] else { continue }
            let key = (schema.reserved ?? "") + "colour"
            let line = schema.form == .records ? "\(key) | blue | green" : "\(key) = blue"
            let file = LocaleDataFile(path: "xx/\(schema.file)", contents: "# header\n\n\(line)\n")
            #expect {
                try load(file)
            } throws: { error in
                guard case SpokenFormError.malformedLocaleData(let path, let line, let message) = error else { return false }
                return path == "xx/\(schema.file)" && line == 3 && message.hasPrefix("unknown") && message.contains("'\(key)'")
                    && message.contains(schema.page)
            }
        }
    }

    /// A line short of the fields its declaration fixes fails with what was expected.
    @Test func aMissingFieldNamesFileLineAndShape() {
        let cases: [(String, DataFileSchema, String)] = [
            ("month = 4\n", .text, "expected 'N | NAMES' after 'month =' (2 fields separated by '|', found 1)"),
            ("unit-gender = hour\n", .dates, "expected 'UNIT | GENDER|none' after 'unit-gender ='"),
            ("scale = 18 | Trillion\n", .numbers, "expected 'EXPONENT | SINGULAR | PLURAL' after 'scale ='"),
            ("hour-range-noun | heures\n", .units, "expected 'hour-range-noun | PLURAL | SINGULAR' (3 fields separated by '|', found 2)"),
        ]
        for (body, schema, message) in cases {
            let file = LocaleDataFile(path: "xx/\(schema.file)", contents: "# header\n" + body)
            #expect {
                try Self.loaders[schema.file]!(file)
            } throws: { error in
                guard case SpokenFormError.malformedLocaleData(let path, let line, let text) = error else { return false }
                return path == "xx/\(schema.file)" && line == 2 && text.hasPrefix(message)
            }
        }
    }

    /// Docs/data/ is the schema rendered (`SPOKENFORM_WRITE_DOCS=1` rewrites it).
    @Test func theDocumentationIsTheSchema() throws {
        let folder = Self.root.appendingPathComponent("Docs/data")
        let write = ProcessInfo.processInfo.environment["SPOKENFORM_WRITE_DOCS"] == "1"
        if write { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        var pages = [("README.md", DataFileSchema.index())]
        pages += DataFileSchema.all.map { (String($0.page.dropFirst("Docs/data/".count)), $0.documentation()) }
        for (name, rendered) in pages {
            let page = folder.appendingPathComponent(name)
            if write { try rendered.write(to: page, atomically: true, encoding: .utf8) }
            let written = try String(contentsOf: page, encoding: .utf8)
            #expect(written == rendered, "Docs/data/\(name) differs from DataFileSchema: SPOKENFORM_WRITE_DOCS=1 swift test --filter DataFileSchemaTests")
        }
        let listed = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(Set(listed) == Set(pages.map(\.0)), "Docs/data/ holds a page no schema renders")
    }

    /// Every data file under Locales/ and the made-up language's, with its path from there.
    static func dataFiles() throws -> [(path: String, file: LocaleDataFile)] {
        var found: [(String, LocaleDataFile)] = []
        for folder in ["Locales", "Tests/SpokenFormTests/Golden/made-up-language"] {
            let base = Self.root.appendingPathComponent(folder)
            guard let walk = FileManager.default.enumerator(atPath: base.path) else { continue }
            for case let relative as String in walk where relative.hasSuffix(".txt") {
                let text = try String(contentsOf: base.appendingPathComponent(relative), encoding: .utf8)
                found.append((folder + "/" + relative, LocaleDataFile(path: folder + "/" + relative, contents: text)))
            }
        }
        return found.sorted { $0.0 < $1.0 }
    }

    /// Every key the data uses is declared, and every declared key is used by a file or the
    /// made-up language (or marked as one only user data gives).
    @Test func theDataUsesEveryDeclaredKeyAndNoOther() throws {
        let schemas = Dictionary(uniqueKeysWithValues: DataFileSchema.all.map { ($0.file, $0) })
        var used: [String: Set<String>] = [:]
        let files = try Self.dataFiles()
        #expect(files.count > 100)
        for (path, file) in files {
            guard let schema = schemas[String(path.split(separator: "/").last!)] else {
                Issue.record("\(path): no DataFileSchema declares this file")
                continue
            }
            let keys: [(String, LocaleDataFile.Line)]
            switch schema.form {
            case .keyValue: keys = try file.keyValues().map { ($0.key, $0.line) }
            case .records: keys = try file.records(fields: 1...99).map { ($0.fields[schema.kindField], $0.line) }
            case .wordList, .ruleText: continue
            }
            for (key, line) in keys {
                guard let declared = schema.declaration(of: key) else {
                    Issue.record("\(path):\(line.number): '\(key)' is not declared in DataFileSchema.\(DataFileSchema.name(of: schema.file))")
                    continue
                }
                used[schema.file, default: []].insert(declared.name)
            }
        }
        for schema in DataFileSchema.all {
            for key in schema.keys + (schema.other.map { [$0] } ?? []) where !key.userDataOnly {
                #expect(used[schema.file, default: []].contains(key.name), "\(schema.file): no file uses '\(key.name)' (mark it userDataOnly if only user data may)")
            }
        }
    }

    /// The data files point at their page instead of copying the list (seven copies of text.txt's had drifted).
    @Test func dataFilesDoNotCopyTheKeys() throws {
        let schemas = Dictionary(uniqueKeysWithValues: DataFileSchema.all.map { ($0.file, $0) })
        for (path, file) in try Self.dataFiles() where path.hasPrefix("Locales/") {
            guard let schema = schemas[String(path.split(separator: "/").last!)], schema.form == .keyValue || schema.form == .records,
                  let text = EmbeddedLocales.files[String(path.dropFirst("Locales/".count))] else { continue }
            _ = file
            #expect(text.contains(schema.page), "\(path) does not point to \(schema.page)")
            let copied = text.split(separator: "\n").filter { line in
                guard line.hasPrefix("#  ") else { return false }
                let words = line.dropFirst().split(separator: " ")
                guard words.count >= 2, let first = words.first else { return false }
                return schema.declaration(of: String(first)) != nil && schema.other?.name != schema.declaration(of: String(first))?.name
                    && (words[1] == "=" || words[1] == "|")
            }
            #expect(copied.isEmpty, "\(path) copies \(copied.count) key lines: \(copied.first ?? "")")
        }
    }
}
