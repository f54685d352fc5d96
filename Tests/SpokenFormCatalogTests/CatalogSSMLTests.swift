import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SpokenForm
import Testing
@testable import SpokenFormCatalog

/// Whether `fragment`, wrapped in a root element, parses as XML (Foundation's `XMLParser`).
func parsesAsFragment(_ fragment: String) -> Bool {
    let parser = XMLParser(data: Data("<speak>\(fragment)</speak>".utf8))
    return parser.parse()
}

/// `catalog --format ssml`: every value an SSML 1.1 fragment for `accessibilitySpeechSSML`,
/// escaped, its format specifiers in text outside the markup; `--tag`: foreign spans found,
/// reported, marked `<lang>` in SSML.
@Suite struct CatalogSSMLTests {
    static let ssml = CatalogConversionOptions(output: .ssml)
    static let ssmlTagged = CatalogConversionOptions(output: .ssml, tag: true)

    private static let spanish = """
    "settings.title" = "Ajustes";
    "download" = "Download the latest version";
    "snooze" = "Snooze 5 minutes";
    "count" = "Tienes %d mensajes & 3 avisos";
    "bluetooth" = "Activa el Bluetooth de tu móvil";

    """

    private func spanish(_ options: CatalogConversionOptions) throws -> (Catalog, CatalogConversion) {
        let catalog = try Catalog(bytes: Array(Self.spanish.utf8), language: "es")
        let conversion = try CatalogConverter.convert(catalog, options: options)
        return (try Catalog(bytes: conversion.bytes, language: "es"), conversion)
    }

    @Test func untranslatedEnglishInASpanishCatalogIsMarked() throws {
        let (tagged, conversion) = try spanish(Self.ssmlTagged)
        #expect(value(tagged, "download", "es") == #"<lang xml:lang="en">Download the latest version</lang>"#)
        // The English span's number is said in English, by the voice that reads the span.
        #expect(value(tagged, "snooze", "es") == #"<lang xml:lang="en">Snooze <sub alias="five">5</sub> minutes</lang>"#)
        #expect(value(tagged, "bluetooth", "es") == #"Activa el <lang xml:lang="en">Bluetooth</lang> de tu móvil"#)
        #expect(value(tagged, "settings.title", "es") == "Ajustes")
        #expect(conversion.report.foreignSpans.map { "\($0.key) \($0.spanLanguage) \($0.text)" }
                == ["download en Download the latest version", "snooze en Snooze five minutes", "bluetooth en Bluetooth"])
    }

    @Test func plainOutputWithTagHasNoMarkupAndReportsTheSpans() throws {
        let (plain, conversion) = try spanish(CatalogConversionOptions(tag: true))
        #expect(value(plain, "download", "es") == "Download the latest version")
        #expect(value(plain, "snooze", "es") == "Snooze five minutes")
        #expect(value(plain, "count", "es") == "Tienes %d mensajes & tres avisos")
        #expect(value(plain, "bluetooth", "es") == "Activa el Bluetooth de tu móvil")
        #expect(conversion.report.output == "text")
        #expect(conversion.report.foreignSpans.count == 3)
        #expect(conversion.report.description.contains("3 foreign-language span(s) marked"))
        // Without --tag, nothing is looked for, and the Spanish reading of the English stays.
        let (untagged, unmarked) = try spanish(CatalogConversionOptions())
        #expect(unmarked.report.foreignSpans.isEmpty)
        #expect(value(untagged, "snooze", "es") == "Snooze cinco minutes")
    }

    @Test func fragmentsAreEscapedAndKeepSpecifiersOutsideTheMarkup() throws {
        let (ssml, _) = try spanish(Self.ssml)
        let count = try #require(value(ssml, "count", "es"))
        #expect(count == #"Tienes %d mensajes &amp; <sub alias="tres">3</sub> avisos"#)
        #expect(parsesAsFragment(count))
        // String(format:) fills the specifier, and the result is still a fragment.
        let filled = String(format: count, 12)
        #expect(filled == #"Tienes 12 mensajes &amp; <sub alias="tres">3</sub> avisos"#)
        #expect(parsesAsFragment(filled))
    }

    @Test func apostrophesStayAsTheyAreAndSpecifierFlagsSurvive() throws {
        let fr = try SpokenForm(locale: "fr-FR")
        let spoken = try fr.text("Annulation gratuite jusqu'à 24 h avant le départ")
        #expect(spoken.ssmlFragment == #"Annulation gratuite jusqu'à <sub alias="vingt-quatre heures">24 h</sub> avant le départ"#)
        #expect(spoken.ssml == #"<speak xml:lang="fr-FR">Annulation gratuite jusqu&apos;à <sub alias="vingt-quatre heures">24 h</sub> avant le départ</speak>"#)
        // `%'d` (the thousands flag) would be cut by `&apos;`: text is escaped as character data only.
        let catalog = try Catalog(bytes: Array(#""trains" = "%'d trains & 2 bus";"#.utf8), language: "fr")
        let conversion = try CatalogConverter.convert(catalog, options: Self.ssml)
        let written = try #require(value(try Catalog(bytes: conversion.bytes, language: "fr"), "trains", "fr"))
        #expect(written == #"%'d trains &amp; <sub alias="deux">2</sub> bus"#)
        #expect(FormatSpecifiers.multiset(of: written) == ["%'d"])
    }

    @Test func valuesKeptOrNotSpokenAreWrittenEscaped() throws {
        let json = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "discount" : {
              "localizations" : {
                "fr" : { "stringUnit" : { "state" : "translated", "value" : "Économisez 25 % avec Fnac & Darty" } },
                "ja" : { "stringUnit" : { "state" : "translated", "value" : "保存 & <終了>" } }
              }
            }
          },
          "version" : "1.0"
        }
        """
        let catalog = try Catalog(bytes: Array(json.utf8))
        let conversion = try CatalogConverter.convert(catalog, options: Self.ssml)
        let ssml = try Catalog(bytes: conversion.bytes)
        // "25 % avec" holds `% a` for String(format:): the spoken form would drop it, so the
        // value is kept as written, and still escaped.
        #expect(value(ssml, "discount", "fr") == "Économisez 25 % avec Fnac &amp; Darty")
        #expect(value(ssml, "discount", "ja") == "保存 &amp; &lt;終了&gt;")
        #expect(conversion.report.kept.map(\.key) == ["discount"])
        #expect(conversion.report.unsupportedLanguages == ["ja"])
        #expect(conversion.report.escapedOnly == 1)
        #expect(conversion.report.description.contains("not supported, written as escaped SSML text (1 value(s)): ja"))
    }

    @Test func aSpanCuttingASpecifierIsLeftOut() {
        let spans = [LanguageSpan(language: "fr", start: 8, end: 17, start16: 8, end16: 17)]
        #expect(SSMLFragmentCheck.spans(spans, notCutting: "Snooze %d minutes").isEmpty)
        #expect(SSMLFragmentCheck.spans(spans, notCutting: "Snooze xd minutes") == spans)
        #expect(!SSMLFragmentCheck.keepsSpecifiers(of: ["%d"], in: #"Snooze %<lang xml:lang="fr">d minutes</lang>"#))
        #expect(!SSMLFragmentCheck.keepsSpecifiers(of: ["%@"], in: #"<sub alias="%@">x</sub>"#))
        #expect(SSMLFragmentCheck.keepsSpecifiers(of: ["%@"], in: #"<lang xml:lang="en">%@ left</lang>"#))
    }

    @Test func androidAndGettextFragmentsAreWrittenSoThatTheyReadBack() throws {
        let android = """
        <resources>
            <string name="next">Prochain train à <xliff:g id="t">%1$s</xliff:g>, voie <b>3</b> &amp; quai 2</string>
        </resources>
        """
        let catalog = try Catalog(bytes: Array(android.utf8), language: "fr", kind: .xml)
        let conversion = try CatalogConverter.convert(catalog, options: Self.ssml)
        let read = try Catalog(bytes: conversion.bytes, language: "fr", kind: .xml)
        let next = try #require(value(read, "next", "fr"))
        #expect(next == #"Prochain train à %1$s, voie <sub alias="trois">3</sub> &amp; quai <sub alias="deux">2</sub>"#)
        #expect(parsesAsFragment(next))
        #expect(String(decoding: conversion.bytes, as: UTF8.self).contains(#"voie <b>&lt;sub alias=\"trois\"&gt;3&lt;/sub&gt;</b> &amp;amp; quai"#))

        let po = "msgid \"\"\nmsgstr \"\"\n\"Language: fr\\n\"\n\nmsgid \"Track 3\"\nmsgstr \"Voie 3\"\n"
        let gettext = try Catalog(bytes: Array(po.utf8), kind: .po)
        let converted = try CatalogConverter.convert(gettext, options: Self.ssml)
        #expect(String(decoding: converted.bytes, as: UTF8.self).hasSuffix("msgstr \"Voie <sub alias=\\\"trois\\\">3</sub>\"\n"))
    }

    @Test func outputDoesNotDependOnTheNumberOfThreads() throws {
        let catalog = try Catalog(bytes: [UInt8](try Data(contentsOf: Fixture.example("Localizable.xcstrings"))))
        let one = try CatalogConverter.convert(catalog, options: CatalogConversionOptions(jobs: 1, output: .ssml, tag: true))
        let four = try CatalogConverter.convert(catalog, options: CatalogConversionOptions(jobs: 4, output: .ssml, tag: true))
        #expect(one.bytes == four.bytes)
        #expect(one.report == four.report)
    }

    @Test func noLanguageConvertedIsByteIdentical() throws {
        let bytes = [UInt8](try Data(contentsOf: Fixture.example("Localizable.xcstrings")))
        let catalog = try Catalog(bytes: bytes)
        #expect(try CatalogConverter.convert(catalog, options: CatalogConversionOptions(languages: ["xx"], output: .ssml, tag: true)).bytes == bytes)
    }

    /// The examples, and the real files of `../shared/samples` when that folder is there
    /// (a clone has no `../shared`): every value of the SSML companion parses as an XML
    /// fragment and every form holds its original's specifiers; the file around the changes is unchanged.
    @Test func everyValueOfTheExamplesAndSamplesParses() throws {
        var files: [(url: URL, language: String)] = [
            (Fixture.example("Localizable.xcstrings"), ""),
            (Fixture.example("android/values/strings.xml"), "en"),
            (Fixture.example("android/values-fr/strings.xml"), "fr"),
            (Fixture.example("android/values-de/strings.xml"), "de"),
            (Fixture.example("po/fr.po"), ""),
            (Fixture.example("po/de.po"), ""),
        ]
        let samples = Fixture.example("").deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/samples")
        if let names = try? FileManager.default.contentsOfDirectory(atPath: samples.path) {
            for name in names.sorted() where Catalog.FileKind(path: name) != nil {
                let language = ["values-fr": "fr", "values-de": "de", "values-es": "es", "de.lproj": "de", "ru.lproj": "ru", "English": "en"]
                    .first { name.contains($0.key) }?.value ?? ""
                files.append((samples.appendingPathComponent(name), language))
            }
        }
        var checked = 0
        for (url, language) in files {
            let kind = Catalog.FileKind(path: url.path)
            let catalog = try Catalog(bytes: [UInt8](try Data(contentsOf: url)), language: language, kind: kind)
            let conversion = try CatalogConverter.convert(catalog, options: Self.ssmlTagged)
            let companion = try Catalog(bytes: conversion.bytes, language: language, kind: kind)
            #expect(companion.keys == catalog.keys, "\(url.lastPathComponent)")
            // Bytes outside the changes are kept (a counted word's plural forms replace their value's container).
            #expect(untouchedBytesKept(catalog, conversion), "\(url.lastPathComponent)")
            for after in companion.values {
                #expect(parsesAsFragment(after.text), "\(url.lastPathComponent) \(after.location): \(after.text)")
                checked += 1
            }
            for change in conversion.changes {
                let before = catalog.values[change.valueIndex]
                #expect(pluralFormsKeep(FormatSpecifiers.multiset(of: before.text), change), "\(before.location)")
            }
        }
        #expect(checked > 100)
    }
}
