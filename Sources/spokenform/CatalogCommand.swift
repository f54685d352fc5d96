import ArgumentParser
import Foundation
import SpokenForm
import SpokenFormCatalog

struct CatalogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog",
        abstract: "Write the spoken form of every value of a string catalog (.xcstrings, .strings, .stringsdict, Android strings.xml, gettext .po); every other byte stays.",
        discussion: """
        Every value of the chosen languages (all by default, each in its own locale) goes through the free-text normaliser (`spokenform text`). Keys, comments, states, unknown fields, layout, key order, encoding and escape spelling are kept: only the value strings that change differ. A value whose format specifiers (%@, %1$lld, %#@items@, %%, and "% a" in "100% anonym", which String(format:) reads as one) would differ after conversion is kept as it was and reported. A language SpokenForm does not speak is copied unchanged and reported once. Entries marked shouldTranslate: false are left alone.

        .strings and .stringsdict files have no language inside: it is taken from their xx.lproj folder, or from --locale. A compiled (binary plist) .strings file is refused.

        Android resources (res/values-fr/strings.xml): <string>, <plurals> items and <string-array> items are converted, read and written with aapt2's escaping; translatable="false", resource references, the content of <xliff:g> and ICU MessageFormat syntax are kept; tags such as <b> stay where they are. The language comes from the folder (values-fr, values-fr-rCA, values-b+sr+Latn) or --locale; the default values folder needs --locale.

        gettext catalogs (.po): every non-empty msgstr and msgstr[n]; msgids, comments, fuzzy entries, obsolete #~ entries and the header are kept. The language: --locale, else the header's Language:, else the file name (fr.po, pt_BR.po).

        Output: standard output, or -o FILE written atomically (a temporary file beside it, renamed when complete); writing over the input needs --in-place. Malformed input (truncated JSON, a duplicate key, nesting deeper than 64 levels, a value that is not a string, invalid UTF-8, an empty .xcstrings) stops with its byte offset or key before anything is written. The input must be a regular file (a FIFO, a directory or a device is refused).

        --tag finds the foreign-language spans of each value (an untranslated English string in a Spanish catalog): each is said in its own language; plain output gets no markup and the summary and --report list the spans.

        --format ssml writes, for every value, the SSML 1.1 fragment for the attributed-string attribute accessibilitySpeechSSML (AXSpeechAttributeSSML, iOS 27): the same file format and keys, each value a fragment (<sub alias="spoken">written</sub>, with --tag <lang xml:lang="en">…</lang>), escaped, format specifiers left in the text outside the markup so that String(format:) fills them. Values SpokenForm does not speak, and values kept as they were, are written escaped, so every value parses as XML.

        Units, currencies and counted words next to a placeholder (%1$d m, %s km/h, +%d min, %.1f °C, %d Std., %@ €, $%d) are said in the value's language. Where the word's form depends on the count, known only at run time, the value becomes plural forms keyed by that placeholder, one per CLDR plural category of the language (ICU's plural rules and unit names): an .xcstrings localization gets variations.plural (substitutions when the value has several placeholders), a .stringsdict entry a %#@arg1@ variable, and an Android <string> becomes a <plurals> of the same name, which the app reads with getQuantityString(R.plurals.NAME, count, count). A value already varied by plural is said in its own category; a value that cannot vary (.strings, a .po entry without msgid_plural, a string-array item) takes the other form and is listed in --report. A decimal placeholder (%.1f) takes the categories of decimals shown with that many digits (French 1,5: one; English 1.5: other); Android and gettext count in whole numbers, so there it takes the other form. --counted-words other keeps every value's shape (the other form, no <plurals>); --counted-words written leaves them written. A unit symbol with no number is said as the unit's name where the context makes it a unit (Vitesse (km/h), Température en °C, par kg), never where it could be a word.

        The summary (keys, values converted per language, values unchanged, values kept, unsupported languages, specifiers checked) goes to stderr; --report FILE writes it as JSON with every kept value, checked and written atomically like -o (never over the input or the -o file).

        Examples:
          spokenform catalog Examples/Catalog/Localizable.xcstrings -o LocalizableSpoken.xcstrings
          spokenform catalog Localizable.xcstrings --languages fr,de --state needs_review -o Spoken.xcstrings
          spokenform catalog fr.lproj/Localizable.strings -o fr.lproj/LocalizableSpoken.strings
          spokenform catalog res/values-fr/strings.xml -o spoken/values-fr/strings.xml
          spokenform catalog po/fr.po -o po-spoken/fr.po
          spokenform catalog Localizable.xcstrings --in-place --kinds date,time --report report.json
          spokenform catalog es.lproj/Localizable.strings --tag --report spans.json -o es.lproj/LocalizableSpoken.strings
          spokenform catalog Localizable.xcstrings --format ssml --tag -o LocalizableSSML.xcstrings
          spokenform catalog res/values-fr/strings.xml --counted-words other -o spoken/values-fr/strings.xml

        Exit codes: 0 success (values kept as they were are reported, not failures); 4 read or write error (also a refused -o or --report target); 64 usage error; 65 malformed catalog.
        """
    )

    @Argument(help: ArgumentHelp("The catalog: .xcstrings, .strings, .stringsdict, Android strings.xml or gettext .po.", valueName: "input"))
    var input: String

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file (atomically); default: standard output.", valueName: "output"))
    var output: String?

    @Flag(name: .customLong("in-place"), help: "Write the converted catalog over the input (atomically).")
    var inPlace = false

    @Option(help: ArgumentHelp("Languages to convert, comma-separated, as the catalog names them (default: all).", valueName: "fr,de"))
    var languages: [String] = []

    @Option(help: ArgumentHelp("Text classes to rewrite, comma-separated (default: all): \(Spoken.Rewrite.Kind.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "date,time"))
    var kinds: [String] = []

    @Option(help: ArgumentHelp("State of converted values: keep (default), needs_review or translated.", valueName: "keep"))
    var state: String = "keep"

    @Option(help: ArgumentHelp("What each value becomes: text (the spoken text, the default) or ssml (its SSML 1.1 fragment, for accessibilitySpeechSSML).", valueName: "text|ssml"))
    var format: String = "text"

    @Option(name: .customLong("counted-words"), help: ArgumentHelp("Units, currencies and counted words next to a placeholder (%d km, %@ €): plural (the default: said, with plural forms keyed by the placeholder where the count decides the word's form; an Android <string> becomes a <plurals>), other (said in the other form, every value keeping its shape) or written (left as they are, and unit symbols with no number too).", valueName: "plural|other|written"))
    var countedWords: String = "plural"

    @Flag(help: "Find foreign-language spans in each value: said in their own language, listed in the summary and --report, marked <lang xml:lang> with --format ssml.")
    var tag = false

    @Option(help: ArgumentHelp("Also write the report as JSON to this file.", valueName: "file"))
    var report: String?

    @Option(name: .shortAndLong, help: ArgumentHelp("Language of a .strings, .stringsdict, strings.xml or .po file (wins over its folder, name or Language: header).", valueName: "fr"))
    var locale: String?

    @Flag(name: .shortAndLong, help: "No summary and no progress line on stderr.")
    var quiet = false

    @Option(help: ArgumentHelp("Threads converting values. Default: the number of cores.", valueName: "n"))
    var jobs: Int?

    @Option(name: .customLong("number-spelling"), help: "French compound numbers: traditional (vingt et un) or reform (vingt-et-un).")
    var numberSpelling: NumberSpelling = .traditional

    @OptionGroup var data: DataDirectoryOptions

    func validate() throws {
        if inPlace && output != nil { throw ValidationError("--in-place and -o exclude each other: --in-place writes over the input.") }
        if let jobs, !(1...64).contains(jobs) { throw ValidationError("--jobs must be between 1 and 64.") }
        _ = try stateChange()
        _ = try textClasses()
        _ = try outputKind()
        _ = try countedWordsMode()
    }

    private func countedWordsMode() throws -> CatalogConversionOptions.CountedWords {
        guard let mode = CatalogConversionOptions.CountedWords(rawValue: countedWords) else {
            throw ValidationError("--counted-words must be plural, other or written, not '\(countedWords)'.")
        }
        return mode
    }

    private func outputKind() throws -> CatalogConversionOptions.Output {
        guard let output = CatalogConversionOptions.Output(rawValue: format) else {
            throw ValidationError("--format must be text or ssml, not '\(format)': catalog writes a catalog of the same format, its values spoken text or SSML fragments.")
        }
        return output
    }

    private func stateChange() throws -> CatalogConversionOptions.StateChange {
        guard let change = CatalogConversionOptions.StateChange(rawValue: state) else {
            throw ValidationError("--state must be keep, needs_review or translated, not '\(state)'.")
        }
        return change
    }

    private func textClasses() throws -> Set<Spoken.Rewrite.Kind>? {
        let names = kinds.flatMap { $0.split(separator: ",") }.map { $0.trimmingSpaces() }
        guard !names.isEmpty else { return nil }
        return Set(try names.map { name in
            guard let kind = Spoken.Rewrite.Kind(rawValue: name) else {
                throw ValidationError("'\(name)' is not a text class: expected one of \(Spoken.Rewrite.Kind.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            return kind
        })
    }

    /// Reads the catalog at `path` in its language: `--locale` first; then, for a `.po`, its
    /// `Language:` header; then the path (`xx.lproj`, `values-xx`, `xx.po`). A file whose
    /// values have no language found that way is a usage error asking for `--locale`.
    static func read(_ bytes: [UInt8], path: String, locale: String?) throws -> Catalog {
        let kind = Catalog.FileKind(path: path)
        let fromPath = CatalogLanguage.fromPath(URL(fileURLWithPath: path).path)
        var catalog = try Catalog(bytes: bytes, language: locale ?? (kind == .po || kind == .pot ? "" : fromPath ?? ""), kind: kind)
        if locale == nil, catalog.format == .gettext, catalog.declaredLanguage == nil, let fromPath {
            catalog = try Catalog(bytes: bytes, language: fromPath, kind: kind)
        }
        if catalog.values.contains(where: { $0.language.isEmpty }) {
            let hint: String
            switch catalog.format {
            case .android: hint = "in a values folder without a language (values, not values-fr)"
            case .gettext: hint = "without a Language: header or a language in its name (fr.po)"
            default: hint = "outside an xx.lproj folder"
            }
            let noun = catalog.format == .android ? "an Android resource file" : catalog.format == .gettext ? "a .po file" : "a \(catalog.format.description) file"
            throw ValidationError("\(path) is \(noun) \(hint): give its language with --locale.")
        }
        return catalog
    }

    func run() throws {
        var options = CatalogConversionOptions(state: try stateChange(),
                                               spokenFormOptions: SpokenForm.Options(numberSpelling: numberSpelling, dataDirectories: try data.urls()),
                                               jobs: jobs ?? min(64, ProcessInfo.processInfo.activeProcessorCount))
        options.only = try textClasses()
        options.output = try outputKind()
        options.tag = tag
        options.countedWords = try countedWordsMode()
        let names = languages.flatMap { $0.split(separator: ",") }.map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
        if !names.isEmpty { options.languages = names }

        let contents: CatalogFile.Contents
        do { contents = try CatalogFile.read(input) } catch { throw ioFailure("\(error)") }

        let catalog: Catalog
        do { catalog = try Self.read(contents.bytes, path: input, locale: locale) } catch let error as CatalogError {
            printError("\(input): \(error.description)" + (output.map { " Nothing was written: \($0) is left as it was." } ?? " Nothing was written."))
            throw ExitCode(Self.malformedCatalog)
        }

        // Every output file is checked and created before the conversion, and none is
        // renamed before all are written: a refused --report leaves -o's target as it was.
        let target = inPlace ? input : output
        if let report {
            if let target, CatalogFile.sameFile(report, target) {
                throw ioFailure("refusing to write the report to \(report): it is the \(inPlace ? "input, written with --in-place" : "-o file"); choose another --report file.")
            }
            if CatalogFile.sameFile(report, input) {
                throw ioFailure("refusing to write the report over the input \(report): choose another --report file.")
            }
        }
        var files: [AtomicOutputFile] = []
        defer { for file in files { file.discard() } }
        let targetFile: AtomicOutputFile?
        let reportFile: AtomicOutputFile?
        do {
            targetFile = try target.map { try AtomicOutputFile(path: $0, notOver: inPlace ? nil : contents.identity) }
            files += targetFile.map { [$0] } ?? []
            reportFile = try report.map { try AtomicOutputFile(path: $0, notOver: contents.identity, option: "--report") }
            files += reportFile.map { [$0] } ?? []
        } catch { throw ioFailure("\(error)") }

        var progress = CatalogProgressLine(enabled: !quiet && isatty(STDERR_FILENO) == 1)
        let conversion: CatalogConversion
        do {
            conversion = try CatalogConverter.convert(catalog, options: options) { done, total in progress.update(done: done, total: total) }
        } catch {
            progress.clear()
            throw fail(error)
        }
        progress.clear()

        do {
            if let targetFile {
                try targetFile.write(conversion.bytes)
            } else {
                do { try FileHandle.standardOutput.write(contentsOf: Data(conversion.bytes)) } catch {
                    throw ioFailure("cannot write to standard output: \(error.localizedDescription).")
                }
            }
            if let reportFile {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                try reportFile.write([UInt8](try encoder.encode(conversion.report)))
            }
            for file in files { try file.flush() }
            for file in files { try file.commit() }
        } catch let error as AtomicOutputFile.Failure {
            throw ioFailure("\(error)")
        }

        if !quiet {
            printError(conversion.report.description)
            for kept in conversion.report.kept.prefix(20) {
                printError("kept as it was: \(kept.key.debugDescription) [\(kept.language)]\(kept.path.isEmpty ? "" : " " + kept.path.joined(separator: " > ")): \(kept.reason).")
            }
            if conversion.report.kept.count > 20 { printError("\(conversion.report.kept.count - 20) more value(s) kept (see --report).") }
            for span in conversion.report.foreignSpans.prefix(20) {
                printError("foreign span: \(span.key.debugDescription) [\(span.language)]\(span.path.isEmpty ? "" : " " + span.path.joined(separator: " > ")): \(span.spanLanguage) \(span.text.debugDescription).")
            }
            func location(_ value: CatalogReport.CountedValue) -> String {
                "\(value.key.debugDescription) [\(value.language)]\(value.path.isEmpty ? "" : " " + value.path.joined(separator: " > "))"
            }
            for value in conversion.report.pluralValues.prefix(20) {
                let shape = value.written == "plurals" ? "<plurals> (getQuantityString)" : value.written
                printError("plural forms: \(location(value)): \(shape), \(value.categories.joined(separator: ", ")).")
            }
            if conversion.report.pluralValues.count > 20 { printError("\(conversion.report.pluralValues.count - 20) more value(s) with plural forms (see --report).") }
            for value in conversion.report.oneFormValues.prefix(20) {
                printError("one form: \(location(value)): \(value.reason ?? "").")
            }
            if conversion.report.oneFormValues.count > 20 { printError("\(conversion.report.oneFormValues.count - 20) more value(s) in one form (see --report).") }
            if conversion.report.foreignSpans.count > 20 { printError("\(conversion.report.foreignSpans.count - 20) more foreign span(s) (see --report).") }
        }
    }

    /// Malformed catalog (sysexits' EX_DATAERR), as for malformed CSV.
    static let malformedCatalog: Int32 = 65
}

/// "values 1200/4800  25%" on stderr, only when it is a terminal; at most 5 redraws a second.
struct CatalogProgressLine {
    let enabled: Bool
    private var lastDraw = DispatchTime.now().uptimeNanoseconds
    private var shown = false

    init(enabled: Bool) {
        self.enabled = enabled
    }

    mutating func update(done: Int, total: Int) {
        guard enabled, total > 0 else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        guard now - lastDraw > 200_000_000 else { return }
        lastDraw = now
        FileHandle.standardError.write(Data("\r\u{1B}[Kvalues \(done)/\(total)  \(done * 100 / total)%".utf8))
        shown = true
    }

    mutating func clear() {
        guard shown else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        shown = false
    }
}
