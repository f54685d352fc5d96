import Foundation
import Testing
@testable import SpokenForm

/// text.txt's keys are declared once (`TextDataSchema`): the loader reads exactly those, the
/// documentation page is rendered from them, and no data file copies the list.
@Suite struct TextDataSchemaTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Every declared key is read by the loader: a value of any shape is either taken or refused
    /// as malformed, never passed over.
    @Test func everyDeclaredKeyIsRead() {
        #expect(TextDataSchema.names.count == TextDataSchema.keys.count, "a key declared twice")
        for key in TextDataSchema.keys {
            let file = LocaleDataFile(path: "xx/text.txt", contents: "\(key.name) = x\n")
            do {
                _ = try TextLocaleData(files: [file])
            } catch SpokenFormError.malformedLocaleData(_, _, let message) {
                #expect(!message.contains("not read"), "\(key.name): \(message)")
            } catch {
                Issue.record("\(key.name): \(error)")
            }
        }
    }

    @Test func anUndeclaredKeyNamesFileAndLine() {
        let file = LocaleDataFile(path: "xx/text.txt", contents: "# header\n\ncolour = blue\n")
        #expect {
            _ = try TextLocaleData(files: [file])
        } throws: { error in
            guard case SpokenFormError.malformedLocaleData(let path, let line, let message) = error else { return false }
            return path == "xx/text.txt" && line == 3 && message.hasPrefix("unknown key 'colour'")
        }
    }

    /// Docs/text-data.md is the schema rendered (`SPOKENFORM_WRITE_DOCS=1` rewrites it).
    @Test func theDocumentationIsTheSchema() throws {
        let page = Self.root.appendingPathComponent("Docs/text-data.md")
        let rendered = TextDataSchema.documentation()
        if ProcessInfo.processInfo.environment["SPOKENFORM_WRITE_DOCS"] == "1" {
            try rendered.write(to: page, atomically: true, encoding: .utf8)
        }
        let written = try String(contentsOf: page, encoding: .utf8)
        #expect(written == rendered, "Docs/text-data.md differs from TextDataSchema: SPOKENFORM_WRITE_DOCS=1 swift test --filter TextDataSchemaTests")
    }

    /// The data files point at the page instead of copying the list (seven copies had drifted).
    @Test func dataFilesDoNotCopyTheKeys() throws {
        let locales = Self.root.appendingPathComponent("Locales")
        for language in try FileManager.default.contentsOfDirectory(atPath: locales.path) {
            let url = locales.appendingPathComponent(language).appendingPathComponent("text.txt")
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            #expect(text.contains("Docs/text-data.md"), "\(language)/text.txt")
            let copied = text.split(separator: "\n").filter { $0.hasPrefix("#   ") && $0.contains(" = ") }
            #expect(copied.isEmpty, "\(language)/text.txt copies \(copied.count) key lines")
        }
    }
}
