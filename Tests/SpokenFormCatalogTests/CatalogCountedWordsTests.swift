import Foundation
import SpokenForm
import Testing
@testable import SpokenFormCatalog

/// Units, currencies and counted words next to a placeholder, said in the value's language
/// with the plural forms its count needs, in every format; unit symbols with no number named.
///
/// The words are ICU's (CLDR's unit and currency names, `unit-width-full-name`, and CLDR's
/// plural rules): "%d mètre" / "%d mètres" as CLDR's French `length-meter` one/other
/// patterns "{0} mètre" / "{0} mètres"; German "Stunde" / "Stunden", "Meter" for every count;
/// Spanish "kilómetro" / "kilómetros". Each expectation read as a French, German or Spanish
/// reader hears it.
@Suite struct CatalogCountedWordsTests {
    private func android(_ body: String) -> String {
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources>\n\(body)\n</resources>\n"
    }

    private func convert(_ text: String, language: String = "fr", kind: Catalog.FileKind,
                         options: CatalogConversionOptions = CatalogConversionOptions()) throws -> (Catalog, CatalogConversion) {
        let catalog = try Catalog(bytes: Array(text.utf8), language: language, kind: kind)
        return (catalog, try CatalogConverter.convert(catalog, options: options))
    }

    private func xcstrings(_ entries: [(key: String, language: String, value: String)]) -> String {
        let body = entries.map { entry in
            """
                \(quotedJSON(entry.key)) : {
                  "localizations" : {
                    \(quotedJSON(entry.language)) : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : \(quotedJSON(entry.value))
                      }
                    }
                  }
                }
            """
        }.joined(separator: ",\n")
        return "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n\(body)\n  },\n  \"version\" : \"1.0\"\n}"
    }

    private func quotedJSON(_ text: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes]), as: UTF8.self).dropFirst().dropLast().description
    }

    /// The plural forms (category -> text) a value became, or its one text under "".
    private func forms(of text: String, language: String, kind: Catalog.FileKind = .xcstrings) throws -> [String: String] {
        let file: String
        switch kind {
        case .xml: file = android("    <string name=\"x\">\(text)</string>")
        default: file = xcstrings([("x", language, text)])
        }
        let (_, conversion) = try convert(file, language: language, kind: kind)
        guard let change = conversion.changes.first else { return ["": text] }
        guard !change.pluralForms.isEmpty else { return ["": change.text] }
        return Dictionary(uniqueKeysWithValues: change.pluralForms.map { ($0.path.joined(separator: " > "), $0.text) })
    }

    // MARK: the three formats of the acceptance

    @Test func androidStringBecomesPluralsWithTheSameName() throws {
        let input = android("""
            <string name="x">%1$d m</string>
            <string name="title">Distance</string>
        """)
        let (catalog, conversion) = try convert(input, kind: .xml)
        let expected = android("""
            <plurals name="x">
                <item quantity="one">%1$d mètre</item>
                <item quantity="many">%1$d mètres</item>
                <item quantity="other">%1$d mètres</item>
            </plurals>
            <string name="title">Distance</string>
        """)
        #expect(String(decoding: conversion.bytes, as: UTF8.self) == expected)
        #expect(conversion.report.pluralValues == [CatalogReport.CountedValue(key: "x", language: "fr", path: [], written: "plurals",
                                                                              categories: ["one", "many", "other"], reason: nil)])
        let reread = try Catalog(bytes: conversion.bytes, language: "fr", kind: .xml)
        #expect(reread.keys == catalog.keys)
        #expect(value(reread, "x", "fr", ["plural", "one"]) == "%1$d mètre")
        #expect(value(reread, "x", "fr", ["plural", "other"]) == "%1$d mètres")
        #expect(untouchedBytesKept(catalog, conversion))
        // Nothing converted (a language the file lacks): the input, byte for byte.
        #expect(try CatalogConverter.convert(catalog, options: CatalogConversionOptions(languages: ["de"])).bytes == catalog.bytes)
    }

    @Test func androidPluralsKeepMarkupAttributesAndLayout() throws {
        // Tab indentation, CRLF line ends, an attribute and markup inside the value.
        let input = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\r\n<resources>\r\n\t<string name=\"left\" formatted=\"true\">Encore <b>%d km</b> avant l\\'arrivée</string>\r\n</resources>\r\n"
        let (catalog, conversion) = try convert(input, kind: .xml)
        let expected = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\r\n<resources>\r\n\t<plurals name=\"left\" formatted=\"true\">\r\n"
            + "\t\t<item quantity=\"one\">Encore <b>%d kilomètre</b> avant l\\'arrivée</item>\r\n"
            + "\t\t<item quantity=\"many\">Encore <b>%d kilomètres</b> avant l\\'arrivée</item>\r\n"
            + "\t\t<item quantity=\"other\">Encore <b>%d kilomètres</b> avant l\\'arrivée</item>\r\n"
            + "\t</plurals>\r\n</resources>\r\n"
        #expect(String(decoding: conversion.bytes, as: UTF8.self) == expected)
        #expect(untouchedBytesKept(catalog, conversion))
    }

    @Test func aPlaceholderInItsOwnRunKeepsItAndTheWordsAfterItChange() throws {
        // <xliff:g> protects the placeholder; <b> splits the value into runs.
        let input = "<resources xmlns:xliff=\"urn:oasis:names:tc:xliff:document:1.2\">\n"
            + "    <string name=\"d\">Encore <xliff:g id=\"d\" example=\"5\">%1$d</xliff:g> km</string>\n"
            + "    <string name=\"b\">Encore <b>%d</b> min</string>\n</resources>\n"
        let (catalog, conversion) = try convert(input, kind: .xml)
        let spoken = try Catalog(bytes: conversion.bytes, language: "fr", kind: .xml)
        #expect(value(spoken, "d", "fr", ["plural", "one"]) == "Encore %1$d kilomètre")
        #expect(value(spoken, "d", "fr", ["plural", "other"]) == "Encore %1$d kilomètres")
        #expect(value(spoken, "b", "fr", ["plural", "one"]) == "Encore %d minute")
        let text = String(decoding: conversion.bytes, as: UTF8.self)
        #expect(text.contains("<item quantity=\"one\">Encore <xliff:g id=\"d\" example=\"5\">%1$d</xliff:g> kilomètre</item>"))
        #expect(text.contains("<item quantity=\"many\">Encore <b>%d</b> minutes</item>"))
        #expect(untouchedBytesKept(catalog, conversion))
    }

    @Test func xcstringsValueBecomesPluralVariations() throws {
        let input = xcstrings([("%lld m", "fr", "%lld m")])
        let (catalog, conversion) = try convert(input, kind: .xcstrings)
        let expected = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "%lld m" : {
              "localizations" : {
                "fr" : {
                  "variations" : {
                    "plural" : {
                      "many" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "%lld mètres"
                        }
                      },
                      "one" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "%lld mètre"
                        }
                      },
                      "other" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "%lld mètres"
                        }
                      }
                    }
                  }
                }
              }
            }
          },
          "version" : "1.0"
        }
        """
        #expect(String(decoding: conversion.bytes, as: UTF8.self) == expected)
        #expect((try? JSONSerialization.jsonObject(with: Data(conversion.bytes))) != nil)
        #expect(untouchedBytesKept(catalog, conversion))
        #expect(conversion.report.pluralValues.map(\.written) == ["variations"])
    }

    @Test func xcstringsInABotsLayoutAndMinified() throws {
        // Python's layout: ": ", code-point order, a final newline.
        let bot = "{\n  \"sourceLanguage\": \"en\",\n  \"strings\": {\n    \"k\": {\n      \"localizations\": {\n        \"es\": {\n          \"stringUnit\": {\n            \"state\": \"new\",\n            \"value\": \"%d km\"\n          }\n        }\n      }\n    }\n  },\n  \"version\": \"1.0\"\n}\n"
        let (catalog, conversion) = try convert(bot, language: "es", kind: .xcstrings)
        let text = String(decoding: conversion.bytes, as: UTF8.self)
        #expect(text.contains("        \"es\": {\n          \"variations\": {\n            \"plural\": {\n              \"many\": {\n                \"stringUnit\": {\n                  \"state\": \"new\",\n                  \"value\": \"%d kilómetros\"\n                }\n              },\n              \"one\": {"))
        #expect(text.contains("\"value\": \"%d kilómetro\""))
        #expect(text.hasSuffix("}\n"))
        #expect(untouchedBytesKept(catalog, conversion))
        // One line: the forms on one line too.
        let minified = "{\"sourceLanguage\":\"en\",\"strings\":{\"k\":{\"localizations\":{\"fr\":{\"stringUnit\":{\"state\":\"translated\",\"value\":\"%d km\"}}}}},\"version\":\"1.0\"}"
        let (small, smallConversion) = try convert(minified, kind: .xcstrings)
        #expect(String(decoding: smallConversion.bytes, as: UTF8.self) == "{\"sourceLanguage\":\"en\",\"strings\":{\"k\":{\"localizations\":{\"fr\":{\"variations\":{\"plural\":{"
            + "\"many\":{\"stringUnit\":{\"state\":\"translated\",\"value\":\"%d kilomètres\"}},"
            + "\"one\":{\"stringUnit\":{\"state\":\"translated\",\"value\":\"%d kilomètre\"}},"
            + "\"other\":{\"stringUnit\":{\"state\":\"translated\",\"value\":\"%d kilomètres\"}}}}}}}},\"version\":\"1.0\"}")
        #expect(untouchedBytesKept(small, smallConversion))
    }

    @Test func xcstringsWithSeveralPlaceholdersGetsSubstitutions() throws {
        let input = xcstrings([("trip", "fr", "%1$@ : encore %2$lld km en %3$lld min")])
        let (catalog, conversion) = try convert(input, kind: .xcstrings, options: CatalogConversionOptions(state: .needsReview))
        let spoken = try Catalog(bytes: conversion.bytes)
        #expect(value(spoken, "trip", "fr") == "%1$@ : encore %2$#@arg2@ en %3$#@arg3@")
        #expect(value(spoken, "trip", "fr", ["substitutions", "arg2", "plural", "one"]) == "%arg kilomètre")
        #expect(value(spoken, "trip", "fr", ["substitutions", "arg2", "plural", "other"]) == "%arg kilomètres")
        #expect(value(spoken, "trip", "fr", ["substitutions", "arg3", "plural", "one"]) == "%arg minute")
        #expect(value(spoken, "trip", "fr", ["substitutions", "arg3", "plural", "many"]) == "%arg minutes")
        #expect(spoken.values.allSatisfy { $0.state == "needs_review" })
        let json = try #require(try JSONSerialization.jsonObject(with: Data(conversion.bytes)) as? [String: Any])
        let french = ((json["strings"] as? [String: Any])?["trip"] as? [String: Any]).flatMap { ($0["localizations"] as? [String: Any])?["fr"] as? [String: Any] }
        let substitution = (french?["substitutions"] as? [String: Any])?["arg2"] as? [String: Any]
        #expect(substitution?["argNum"] as? Int == 2)
        #expect(substitution?["formatSpecifier"] as? String == "lld")
        for change in conversion.changes { #expect(pluralFormsKeep(FormatSpecifiers.multiset(of: catalog.values[change.valueIndex].text), change)) }
        #expect(untouchedBytesKept(catalog, conversion))
    }

    @Test func stringsdictFormatKeyGetsAVariable() throws {
        let input = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>distance</key>
        \t<dict>
        \t\t<key>NSStringLocalizedFormatKey</key>
        \t\t<string>%1$d m</string>
        \t</dict>
        </dict>
        </plist>

        """
        let (catalog, conversion) = try convert(input, kind: .stringsdict)
        let expected = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>distance</key>
        \t<dict>
        \t\t<key>NSStringLocalizedFormatKey</key>
        \t\t<string>%1$#@arg1@</string>
        \t\t<key>arg1</key>
        \t\t<dict>
        \t\t\t<key>NSStringFormatSpecTypeKey</key>
        \t\t\t<string>NSStringPluralRuleType</string>
        \t\t\t<key>NSStringFormatValueTypeKey</key>
        \t\t\t<string>d</string>
        \t\t\t<key>one</key>
        \t\t\t<string>%1$d mètre</string>
        \t\t\t<key>many</key>
        \t\t\t<string>%1$d mètres</string>
        \t\t\t<key>other</key>
        \t\t\t<string>%1$d mètres</string>
        \t\t</dict>
        \t</dict>
        </dict>
        </plist>

        """
        #expect(String(decoding: conversion.bytes, as: UTF8.self) == expected)
        let plist = try PropertyListSerialization.propertyList(from: Data(conversion.bytes), format: nil) as? [String: Any]
        #expect(((plist?["distance"] as? [String: Any])?["arg1"] as? [String: Any])?["one"] as? String == "%1$d mètre")
        #expect(untouchedBytesKept(catalog, conversion))
        #expect(conversion.report.pluralValues.map(\.written) == ["stringsdict"])
    }

    @Test func stringsdictPlainEntryBecomesAPluralDictionary() throws {
        let input = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n    <key>left</key>\n    <string>Encore %d min</string>\n</dict>\n</plist>\n"
        let (catalog, conversion) = try convert(input, kind: .stringsdict)
        let expected = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n    <key>left</key>\n    <dict>\n"
            + "        <key>NSStringLocalizedFormatKey</key>\n        <string>Encore %#@arg1@</string>\n"
            + "        <key>arg1</key>\n        <dict>\n"
            + "            <key>NSStringFormatSpecTypeKey</key>\n            <string>NSStringPluralRuleType</string>\n"
            + "            <key>NSStringFormatValueTypeKey</key>\n            <string>d</string>\n"
            + "            <key>one</key>\n            <string>%d minute</string>\n"
            + "            <key>many</key>\n            <string>%d minutes</string>\n"
            + "            <key>other</key>\n            <string>%d minutes</string>\n"
            + "        </dict>\n    </dict>\n</dict>\n</plist>\n"
        #expect(String(decoding: conversion.bytes, as: UTF8.self) == expected)
        #expect(untouchedBytesKept(catalog, conversion))
        // The same plist read as a .strings file saved as XML: no dictionary there, one form.
        let (_, asStrings) = try convert(input, kind: .strings)
        #expect(String(decoding: asStrings.bytes, as: UTF8.self).contains("<string>Encore %d minutes</string>"))
        #expect(asStrings.report.oneFormValues.map(\.key) == ["left"])
    }

    // MARK: existing plural forms, each in its own category

    @Test func existingVariationsTakeTheirOwnCategory() throws {
        let xcode = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "k" : {
              "localizations" : {
                "fr" : {
                  "variations" : {
                    "plural" : {
                      "one" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "%lld km"
                        }
                      },
                      "other" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "%lld km"
                        }
                      }
                    }
                  }
                }
              }
            }
          },
          "version" : "1.0"
        }
        """
        let (catalog, conversion) = try convert(xcode, kind: .xcstrings)
        let spoken = try Catalog(bytes: conversion.bytes)
        #expect(value(spoken, "k", "fr", ["plural", "one"]) == "%lld kilomètre")
        #expect(value(spoken, "k", "fr", ["plural", "other"]) == "%lld kilomètres")
        #expect(skeleton(spoken) == skeleton(catalog))

        let items = android("""
            <plurals name="hours">
                <item quantity="one">%d Std.</item>
                <item quantity="other">%d Std.</item>
            </plurals>
        """)
        let (_, german) = try convert(items, language: "de", kind: .xml)
        let spokenItems = try Catalog(bytes: german.bytes, language: "de", kind: .xml)
        #expect(value(spokenItems, "hours", "de", ["plural", "one"]) == "%d Stunde")
        #expect(value(spokenItems, "hours", "de", ["plural", "other"]) == "%d Stunden")

        let plist = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>km</key>\n\t<dict>\n\t\t<key>NSStringLocalizedFormatKey</key>\n\t\t<string>%#@d@</string>\n\t\t<key>d</key>\n\t\t<dict>\n\t\t\t<key>NSStringFormatSpecTypeKey</key>\n\t\t\t<string>NSStringPluralRuleType</string>\n\t\t\t<key>NSStringFormatValueTypeKey</key>\n\t\t\t<string>d</string>\n\t\t\t<key>one</key>\n\t\t\t<string>%d km</string>\n\t\t\t<key>other</key>\n\t\t\t<string>%d km</string>\n\t\t</dict>\n\t</dict>\n</dict>\n</plist>\n"
        let (_, spanish) = try convert(plist, language: "es", kind: .stringsdict)
        let spokenPlist = try Catalog(bytes: spanish.bytes, language: "es", kind: .stringsdict)
        #expect(value(spokenPlist, "km", "es", ["d", "one"]) == "%d kilómetro")
        #expect(value(spokenPlist, "km", "es", ["d", "other"]) == "%d kilómetros")
    }

    @Test func gettextFormsByPluralFormsAndSingularEntriesInTheOtherForm() throws {
        let po = """
        msgid ""
        msgstr ""
        "Language: fr\\n"
        "Content-Type: text/plain; charset=UTF-8\\n"
        "Plural-Forms: nplurals=2; plural=(n > 1);\\n"

        #, c-format
        msgid "%d km left"
        msgid_plural "%d km left"
        msgstr[0] "Encore %d km"
        msgstr[1] "Encore %d km"

        #, c-format
        msgid "%d min"
        msgstr "%d min"

        """
        let (catalog, conversion) = try convert(po, language: "", kind: .po)
        let spoken = try Catalog(bytes: conversion.bytes, kind: .po)
        // msgstr[0] serves 0 and 1 ("n > 1" is false): French "one".
        #expect(value(spoken, "%d km left", "fr", ["plural", "0"]) == "Encore %d kilomètre")
        #expect(value(spoken, "%d km left", "fr", ["plural", "1"]) == "Encore %d kilomètres")
        // No msgid_plural: gettext() has one form to give; the other category's.
        #expect(value(spoken, "%d min", "fr") == "%d minutes")
        #expect(conversion.report.oneFormValues.map(\.key) == ["%d min"])
        #expect(spoken.keys == catalog.keys)
    }

    // MARK: the words, language by language

    @Test func formsInEveryLanguage() throws {
        // CLDR's whole-number categories: fr es it pt one/many/other, en de nl one/other; a
        // language whose words do not change with the count (de "Meter", nl "kilometer") keeps one text.
        #expect(try forms(of: "%d km", language: "fr") == ["one": "%d kilomètre", "many": "%d kilomètres", "other": "%d kilomètres"])
        #expect(try forms(of: "+%d min", language: "fr") == ["one": "+%d minute", "many": "+%d minutes", "other": "+%d minutes"])
        #expect(try forms(of: "%d pers.", language: "fr") == ["one": "%d personne", "many": "%d personnes", "other": "%d personnes"])
        #expect(try forms(of: "%d Std.", language: "de") == ["one": "%d Stunde", "other": "%d Stunden"])
        #expect(try forms(of: "%d Pers.", language: "de") == ["one": "%d Person", "other": "%d Personen"])
        #expect(try forms(of: "%d m", language: "de") == ["": "%d Meter"])
        #expect(try forms(of: "%d km", language: "es") == ["one": "%d kilómetro", "many": "%d kilómetros", "other": "%d kilómetros"])
        #expect(try forms(of: "%d h", language: "es") == ["one": "%d hora", "many": "%d horas", "other": "%d horas"])
        #expect(try forms(of: "%d min", language: "it") == ["one": "%d minuto", "many": "%d minuti", "other": "%d minuti"])
        #expect(try forms(of: "%d m", language: "pt") == ["one": "%d metro", "many": "%d metros", "other": "%d metros"])
        #expect(try forms(of: "%d km", language: "nl") == ["": "%d kilometer"])
        #expect(try forms(of: "%d min", language: "nl") == ["one": "%d minuut", "other": "%d minuten"])
        #expect(try forms(of: "%d mi", language: "en") == ["one": "%d mile", "other": "%d miles"])
        // Weather and training units (units.txt: hPa, kn; two listed units around "/", ICU's "per").
        #expect(try forms(of: "%d hPa", language: "fr") == ["one": "%d hectopascal", "many": "%d hectopascals", "other": "%d hectopascals"])
        #expect(try forms(of: "%d kn", language: "de") == ["": "%d Knoten"])
        #expect(try forms(of: "%1$d min/km", language: "fr") == ["one": "%1$d minute par kilomètre", "many": "%1$d minutes par kilomètre", "other": "%1$d minutes par kilomètre"])
        // "m" after hours is minutes (units.txt unit-in-context), "m" before "ago" too.
        #expect(try forms(of: "%dm ago", language: "en") == ["one": "%d minute ago", "other": "%d minutes ago"])
    }

    @Test func decimalsTakeTheCategoriesOfTheirShownDigits() throws {
        // French 0,5 and 1,5 are "one" (CLDR: i = 0,1): "1,5 degré Celsius"; 2,5 "other".
        #expect(try forms(of: "%.1f °C", language: "fr") == ["one": "%.1f degré Celsius", "other": "%.1f degrés Celsius"])
        // English 1.5 and 1.0 are "other" (v != 0): one text.
        #expect(try forms(of: "%.1f °C", language: "en") == ["": "%.1f degrees Celsius"])
        #expect(try forms(of: "%.2f km", language: "de") == ["": "%.2f Kilometer"])
        #expect(try forms(of: "%.1f km", language: "es") == ["": "%.1f kilómetros"])
        // Android counts in whole numbers (getQuantityString takes an int): a decimal takes "other".
        #expect(try forms(of: "%.1f °C", language: "fr", kind: .xml) == ["": "%.1f degrés Celsius"])
    }

    @Test func textPlaceholdersAndCurrencies() throws {
        // A text argument has no count: the other form.
        #expect(try forms(of: "%s km/h", language: "fr") == ["": "%s kilomètres par heure"])
        #expect(try forms(of: "%@ €", language: "fr") == ["": "%@ euros"])
        #expect(try forms(of: "%@ €", language: "de") == ["": "%@ Euro"])
        // A currency written before the amount is said after it.
        #expect(try forms(of: "$%d", language: "en") == ["one": "%d dollar", "other": "%d dollars"])
        #expect(try forms(of: "$%.2f", language: "en") == ["": "%.2f dollars"])
        #expect(try forms(of: "%d €", language: "es") == ["one": "%d euro", "many": "%d euros", "other": "%d euros"])
    }

    @Test func countsThatAreNotOnesOwn() throws {
        // Part of a number or of a range: the other form, one text.
        #expect(try forms(of: "%1$d:%2$02d min", language: "fr") == ["": "%1$d:%2$02d minutes"])
        #expect(try forms(of: "%1$d-%2$d km", language: "fr") == ["": "%1$d-%2$d kilomètres"])
        // After a name and a colon, the count is its own.
        #expect(try forms(of: "%1$s : %2$d km", language: "fr")["substitutions"] == nil)
        #expect(try forms(of: "%1$s : %2$d km", language: "fr")["arg2 > one"] == "%arg kilomètre")
        // "h" before a number is a time ("5 h 30"): left as written.
        #expect(try forms(of: "%d h %02d", language: "fr") == ["": "%d h %02d"])
        // Never guessed where it is a word.
        #expect(try forms(of: "%@ m'a écrit", language: "fr") == ["": "%@ m'a écrit"])
        #expect(try forms(of: "Hallo %@ u bent welkom", language: "nl") == ["": "Hallo %@ u bent welkom"])
        // Two counts in an Android string: a <plurals> varies by one, so one text, reported.
        let (_, two) = try convert(android("    <string name=\"t\">%1$dh %2$dm</string>"), kind: .xml)
        #expect(String(decoding: two.bytes, as: UTF8.self).contains("<string name=\"t\">%1$d heures %2$d minutes</string>"))
        #expect(two.report.oneFormValues.first?.reason?.contains("2 counts") == true)
    }

    @Test func unitsWithoutANumber() throws {
        let strings = """
        "speed" = "Vitesse (km/h)";
        "temperature" = "Température en °C";
        "price" = "Prix par kg";
        "distance" = "Distance (m)";
        "duration" = "Durée (min)";
        "word" = "Il m'a dit non";
        "minimum" = "Le min et le max";
        "energy" = "Consommation : kWh";
        "pace" = "Allure (min/km)";
        "plural" = "Fichier(s) reçu(s)";
        "elided" = "Prix par l'unité";

        """
        let (_, conversion) = try convert(strings, kind: .strings)
        let spoken = try Catalog(bytes: conversion.bytes, language: "fr", kind: .strings)
        #expect(value(spoken, "speed", "fr") == "Vitesse (kilomètres par heure)")
        #expect(value(spoken, "temperature", "fr") == "Température en degrés Celsius")
        // After "par", the name as after one: "par kilogramme".
        #expect(value(spoken, "price", "fr") == "Prix par kilogramme")
        #expect(value(spoken, "distance", "fr") == "Distance (mètres)")
        #expect(value(spoken, "duration", "fr") == "Durée (minutes)")
        #expect(value(spoken, "energy", "fr") == "Consommation : kilowatt-heures")
        #expect(value(spoken, "pace", "fr") == "Allure (minutes par kilomètre)")
        // "m" and "min" are words here, "(s)" a plural ending, "l'" an article.
        #expect(value(spoken, "plural", "fr") == "Fichier(s) reçu(s)")
        #expect(value(spoken, "elided", "fr") == "Prix par l'unité")
        #expect(value(spoken, "word", "fr") == "Il m'a dit non")
        #expect(value(spoken, "minimum", "fr") == "Le min et le max")
        // "par kg" is the normaliser's own (units.txt per-unit-word); the other six are named here.
        #expect(conversion.report.unitNames == 6)
        let german = try convert("\"speed\" = \"Geschwindigkeit (km/h)\";\n", language: "de", kind: .strings).1
        #expect(String(decoding: german.bytes, as: UTF8.self) == "\"speed\" = \"Geschwindigkeit (Kilometer pro Stunde)\";\n")
        let spanish = try convert("\"speed\" = \"Velocidad (km/h)\";\n", language: "es", kind: .strings).1
        #expect(String(decoding: spanish.bytes, as: UTF8.self) == "\"speed\" = \"Velocidad (kilómetros por hora)\";\n")
    }

    // MARK: options, SSML, what is never changed

    @Test func otherFormKeepsEveryValuesShapeAndWrittenLeavesThem() throws {
        let input = android("    <string name=\"x\">%1$d m</string>\n    <string name=\"speed\">Vitesse (km/h)</string>")
        let (_, other) = try convert(input, kind: .xml, options: CatalogConversionOptions(countedWords: .other))
        #expect(String(decoding: other.bytes, as: UTF8.self) == android("    <string name=\"x\">%1$d mètres</string>\n    <string name=\"speed\">Vitesse (kilomètres par heure)</string>"))
        #expect(other.report.pluralValues.isEmpty)
        let (catalog, written) = try convert(input, kind: .xml, options: CatalogConversionOptions(countedWords: .written))
        #expect(written.bytes == catalog.bytes)
        // --kinds without units: the unit stays written.
        let (_, dates) = try convert(input, kind: .xml, options: CatalogConversionOptions(only: [.date]))
        #expect(dates.bytes == catalog.bytes)
    }

    @Test func ssmlFormsKeepTheirSpecifiersOutsideTheMarkup() throws {
        let input = xcstrings([("x", "fr", "Encore %lld km & plus"), ("y", "fr", "%1$@ & %2$lld km")])
        let (catalog, conversion) = try convert(input, kind: .xcstrings, options: CatalogConversionOptions(output: .ssml))
        let spoken = try Catalog(bytes: conversion.bytes)
        #expect(value(spoken, "x", "fr", ["plural", "one"]) == "Encore %lld <sub alias=\"kilomètre\">km</sub> &amp; plus")
        #expect(value(spoken, "x", "fr", ["plural", "other"]) == "Encore %lld <sub alias=\"kilomètres\">km</sub> &amp; plus")
        for form in spoken.values where form.key == "x" {
            #expect(SSMLFragmentCheck.keepsSpecifiers(of: ["%lld"], in: form.text))
            #expect(parsesAsFragment(form.text))
        }
        // Two placeholders: substitutions, each variable's forms a fragment holding %arg outside the markup.
        #expect(value(spoken, "y", "fr") == "%1$@ &amp; %2$#@arg2@")
        #expect(value(spoken, "y", "fr", ["substitutions", "arg2", "plural", "one"]) == "%arg <sub alias=\"kilomètre\">km</sub>")
        for form in spoken.values where form.key == "y" && !form.path.isEmpty {
            #expect(SSMLFragmentCheck.keepsSpecifiers(of: ["%arg"], in: form.text))
            #expect(parsesAsFragment(form.text))
        }
        #expect(untouchedBytesKept(catalog, conversion))
    }

    @Test func everyFormKeepsItsSpecifiersOnTheExamples() throws {
        for name in ["Localizable.xcstrings", "android/values-fr/strings.xml", "android/values-de/strings.xml", "po/fr.po", "po/de.po"] {
            let url = Fixture.example(name)
            let language = name.contains("-de") || name.contains("de.po") ? "de" : "fr"
            let catalog = try Catalog(bytes: [UInt8](try Data(contentsOf: url)), language: name.hasSuffix(".po") ? "" : language, kind: Catalog.FileKind(path: name))
            let conversion = try CatalogConverter.convert(catalog)
            for change in conversion.changes {
                let original = catalog.values[change.valueIndex]
                #expect(pluralFormsKeep(FormatSpecifiers.multiset(of: original.text), change), "\(name): \(original.location)")
            }
            #expect(untouchedBytesKept(catalog, conversion), "\(name)")
            _ = try Catalog(bytes: conversion.bytes, language: name.hasSuffix(".po") ? "" : language, kind: Catalog.FileKind(path: name))
        }
    }
}

/// Seeded random Android, `.stringsdict` and `.po` files whose values mix counted words with
/// markup, placeholders in their own run, quotes, escapes and CDATA: each converts without
/// trapping, reads again with its keys, keeps every form's specifiers and every untouched byte.
@Suite struct CountedWordsRandomTests {
    static let pieces = ["%d km", "%1$d m", "%2$d min", "%.1f °C", "%@ €", "$%d", "%d Pers.", "(km/h)", "Encore", "l'arrivée", "\"quoted\"",
                         "<b>%d</b> km", "<xliff:g id=\"n\">%3$d</xliff:g> h", "%%", "17h30", "&amp;", "<![CDATA[%d km]]>", "é", "%s", "par kg"]

    private func pick(_ random: inout SeededGenerator) -> String { Self.pieces[Int(random.next() % UInt64(Self.pieces.count))] }

    private func value(_ random: inout SeededGenerator) -> String {
        (0..<(1 + Int(random.next() % 4))).map { _ in pick(&random) }.joined(separator: " ")
    }

    @Test func randomFilesConvertCleanly() throws {
        var random = SeededGenerator(seed: 40)
        var plural = 0
        for iteration in 0..<Self.iterations {
            var android = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources xmlns:xliff=\"urn:oasis:names:tc:xliff:document:1.2\">\n"
            var plist = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
            var po = "msgid \"\"\nmsgstr \"\"\n\"Language: fr\\n\"\n\"Plural-Forms: nplurals=2; plural=(n > 1);\\n\"\n"
            for index in 0..<(2 + Int(random.next() % 6)) {
                let text = value(&random).replacingOccurrences(of: "'", with: "\\'").replacingOccurrences(of: "\"quoted\"", with: "\\\"quoted\\\"")
                android += random.next() % 3 == 0
                    ? "    <plurals name=\"p\(index)\">\n        <item quantity=\"one\">\(text)</item>\n        <item quantity=\"other\">\(text)</item>\n    </plurals>\n"
                    : "    <string name=\"s\(index)\">\(text)</string>\n"
                let plain = value(&random).replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
                plist += random.next() % 2 == 0
                    ? "\t<key>k\(index)</key>\n\t<dict>\n\t\t<key>NSStringLocalizedFormatKey</key>\n\t\t<string>\(plain)</string>\n\t</dict>\n"
                    : "\t<key>k\(index)</key>\n\t<string>\(plain)</string>\n"
                let message = value(&random).replacingOccurrences(of: "\"", with: "\\\"")
                po += random.next() % 2 == 0
                    ? "\nmsgid \"m\(index)\"\nmsgstr \"\(message)\"\n"
                    : "\nmsgid \"m\(index)\"\nmsgid_plural \"m\(index)s\"\nmsgstr[0] \"\(message)\"\nmsgstr[1] \"\(message)\"\n"
            }
            android += "</resources>\n"
            plist += "</dict>\n</plist>\n"
            for (text, kind) in [(android, Catalog.FileKind.xml), (plist, .stringsdict), (po, .po)] {
                guard let catalog = try? Catalog(bytes: Array(text.utf8), language: kind == .po ? "" : "fr", kind: kind) else { continue }
                for output in CatalogConversionOptions.Output.allCases {
                    let conversion = try CatalogConverter.convert(catalog, options: CatalogConversionOptions(output: output))
                    plural += conversion.report.pluralValues.count
                    let reread = try Catalog(bytes: conversion.bytes, language: kind == .po ? "" : "fr", kind: kind)
                    #expect(reread.keys == catalog.keys, "\(iteration) \(kind)")
                    #expect(untouchedBytesKept(catalog, conversion), "\(iteration) \(kind)\n\(text)")
                    for change in conversion.changes {
                        #expect(pluralFormsKeep(FormatSpecifiers.multiset(of: catalog.values[change.valueIndex].text), change),
                                "\(iteration) \(catalog.values[change.valueIndex].location): \(change.pluralForms)")
                    }
                }
            }
        }
        #expect(plural > 0)
    }

    static let iterations = Int(ProcessInfo.processInfo.environment["CATALOG_FUZZ"] ?? "") ?? 24
}

/// The plural machinery for a language SpokenForm has no unit data for: ICU's own.
@Suite struct CountedWordsRussianTests {
    @Test func russianCategoriesAndUnitNamesFromICU() throws {
        // CLDR Russian: one (1, 21), few (2-4, 22-24), many (0, 5-20), other (fractions).
        let phrases = try #require(try AbbreviationExpander.unitPhrases(icuUnit: "length-kilometer", localeID: "ru", placeholder: "%d"))
        #expect(phrases.map(\.category) == [.one, .few, .many])
        #expect(phrases.map(\.phrase) == ["%d километр", "%d километра", "%d километров"])
        let decimals = try #require(try AbbreviationExpander.unitPhrases(icuUnit: "length-kilometer", localeID: "ru", placeholder: "%.1f", fractionDigits: 1))
        #expect(decimals.map(\.category) == [.other])
        #expect(decimals.map(\.phrase) == ["%.1f километра"])
        // Locales/ru has no text or unit data: a Russian catalog is reported, never read in another language.
        let po = "msgid \"\"\nmsgstr \"\"\n\"Language: ru\\n\"\n\n#, c-format\nmsgid \"%d km\"\nmsgstr \"%d км\"\n"
        let catalog = try Catalog(bytes: Array(po.utf8), kind: .po)
        let conversion = try CatalogConverter.convert(catalog)
        #expect(conversion.report.unsupportedLanguages == ["ru"])
        #expect(conversion.bytes == catalog.bytes)
    }

    /// A user's data folder for Russian (SpokenForm ships none): the unit symbols and the
    /// least the text normaliser needs. Reference for the words: ICU's Russian unit names
    /// (CLDR `length-kilometer`: "{0} километр", "{0} километра", "{0} километров"; fractions
    /// "{0} километра") and CLDR's Russian plural rules.
    static func russianData() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sf-counted-\(UUID().uuidString)")
        let russian = directory.appendingPathComponent("ru")
        try FileManager.default.createDirectory(at: russian, withIntermediateDirectories: true)
        let files = [
            "abbreviations.txt": "# test data\n",
            "units.txt": "# test data\nunit | км | length-kilometer\nunit | м | length-meter\nunit | мин | duration-minute\nunit | ч | duration-hour\n",
            "text.txt": "# test data\n", "dates.txt": "# test data\n",
            "times.txt": "# test data\ndefault = 24h\nhour-gender = masculine\nminute-gender = feminine\nrule = 24h | * | * | {h24} {minute}\n",
        ]
        for (name, text) in files { try text.write(to: russian.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return directory
    }

    @Test func russianOneFewManyWithAUsersData() throws {
        let data = try Self.russianData()
        defer { try? FileManager.default.removeItem(at: data) }
        let options = CatalogConversionOptions(spokenFormOptions: SpokenForm.Options(dataDirectories: [data]))
        // gettext: the header's forms (0: 1, 21…; 1: 2-4, 22-24…; 2: the rest) take one, few, many.
        let po = "msgid \"\"\nmsgstr \"\"\n\"Language: ru\\n\"\n\"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n\"\n\n#, c-format\nmsgid \"%d km\"\nmsgid_plural \"%d km\"\nmsgstr[0] \"%d км\"\nmsgstr[1] \"%d км\"\nmsgstr[2] \"%d км\"\n"
        let gettext = try Catalog(bytes: try CatalogConverter.convert(try Catalog(bytes: Array(po.utf8), kind: .po), options: options).bytes, kind: .po)
        #expect(gettext.values.map(\.text) == ["%d километр", "%d километра", "%d километров"])
        // Android: a <string> becomes <plurals> with Russian's categories, "other" (fractions) included.
        let android = "<resources>\n    <string name=\"left\">Осталось %1$d км</string>\n</resources>\n"
        let converted = try CatalogConverter.convert(try Catalog(bytes: Array(android.utf8), language: "ru", kind: .xml), options: options)
        #expect(String(decoding: converted.bytes, as: UTF8.self) == "<resources>\n    <plurals name=\"left\">\n"
            + "        <item quantity=\"one\">Осталось %1$d километр</item>\n"
            + "        <item quantity=\"few\">Осталось %1$d километра</item>\n"
            + "        <item quantity=\"many\">Осталось %1$d километров</item>\n"
            + "        <item quantity=\"other\">Осталось %1$d километра</item>\n"
            + "    </plurals>\n</resources>\n")
    }

    @Test func gettextPluralFormsAreReadAsC() throws {
        let russian = try #require(GettextPluralForms("nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"))
        #expect(russian.count == 3)
        #expect([1, 21, 2, 4, 22, 5, 11, 12, 25, 0, 111].map(russian.index(of:)) == [0, 0, 1, 1, 1, 2, 2, 2, 2, 2, 2])
        let french = try #require(GettextPluralForms("nplurals=2; plural=(n > 1);"))
        #expect(french.categories { $0 <= 1 ? PluralCategory.one : .other } == [.one, .other])
        let arabic = try #require(GettextPluralForms("nplurals=6; plural=n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5;"))
        #expect([0, 1, 2, 3, 11, 100].map(arabic.index(of:)) == [0, 1, 2, 3, 4, 5])
        // Not a header gettext reads: no forms (the msgstr[n] then take "other").
        #expect(GettextPluralForms("nplurals=2; plural=n >;") == nil)
        #expect(GettextPluralForms("plural=(n != 1);") == nil)
        #expect(GettextPluralForms("nplurals=2; plural=" + String(repeating: "(", count: 200) + "n" + String(repeating: ")", count: 200) + ";") == nil)
        #expect(try #require(GettextPluralForms("nplurals=1; plural=0;")).index(of: 7) == 0)
        #expect(try #require(GettextPluralForms("nplurals=2; plural=n % 0;")).index(of: 7) == 0)
    }
}
