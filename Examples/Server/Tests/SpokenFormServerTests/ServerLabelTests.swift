import Foundation
import SpokenForm
import SpokenFormService
import Testing

/// `POST /v1/label` and `POST /v1/lint` over HTTP on 127.0.0.1: the utterances are the
/// ones of the library's golden files (Tests/SpokenFormTests/Golden/labels, written by
/// readers of each language), and every answer equals what the library answers in
/// this process.
@Suite struct ServerLabelTests {
    let connection: HTTPConnection

    init() throws { connection = try ServerProcess.shared.connect() }

    /// The answer as the library's own `Spoken` (its `Decodable` reads what `spokenform
    /// label --format json` prints).
    func spoken(_ response: HTTPConnection.Response) throws -> Spoken {
        try JSONDecoder().decode(Spoken.self, from: response.body)
    }

    /// Elements as JSON, as `spokenform label` reads them from standard input.
    @Test(arguments: [
        ("fr-FR", #"{"label": "Messages", "value": "3", "traits": ["button"], "hint": "Ouvre la boîte de réception."}"#,
         "Messages, trois, bouton. Ouvre la boîte de réception."),
        ("fr-FR", #"{"label": "Rendez-vous", "value": "01/04/2015 05:30"}"#,
         "Rendez-vous, premier avril deux mille quinze à cinq heures trente."),
        ("fr-FR", #"{"label": "Accueil", "traits": ["tab", "selected", "button"]}"#, "Sélectionné, Accueil, onglet."),
        ("fr-FR", #"{"label": "Wi-Fi", "value": "1", "traits": ["toggle"], "hint": null}"#, "Wi-Fi, bouton bascule, activé."),
        ("fr-FR", #"{"label": "Vol pour Nice", "children": [{"label": "Départ", "value": "10h45"}, {"label": "Porte", "value": "K32"}]}"#,
         "Vol pour Nice. Départ, dix heures quarante-cinq. Porte, K32."),
        ("de-DE", #"{"label": "Start", "traits": ["tab", "selected"]}"#, "Auswahl, Start, Tabulator."),
        ("de-DE", #"{"label": "WLAN", "value": "1", "traits": ["switch"]}"#, "WLAN, Umschalttaste, ein."),
    ])
    func labelSaysTheElement(locale: String, element: String, expected: String) throws {
        var body = try #require(try JSONSerialization.jsonObject(with: Data(element.utf8)) as? [String: Any])
        body["locale"] = locale
        let response = try connection.post("/v1/label", body)
        #expect(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
        #expect(response.headers["content-type"] == "application/json; charset=utf-8")
        #expect(response.text == expected)
        let library = try SpokenForm(locale: locale).label(try JSONDecoder().decode(Label.self, from: Data(element.utf8)))
        #expect(try spoken(response) == library)
        #expect(response.json["ssml"] as? String == library.ssml)
    }

    /// The parts, with their roles and ranges, as `spokenform label --format json` gives them.
    @Test func labelAnswersItsParts() throws {
        let response = try connection.post("/v1/label", [
            "locale": "fr-FR", "label": "Messages", "value": "3", "traits": ["button"], "hint": "Ouvre la boîte de réception.",
        ])
        #expect(response.status == 200)
        let parts = response.json["parts"] as? [[String: Any]] ?? []
        #expect(parts.compactMap { $0["role"] as? String } == ["label", "value", "trait", "hint"])
        #expect(parts.compactMap { $0["text"] as? String } == ["Messages", "trois", "bouton", "Ouvre la boîte de réception."])
        // "Messages, trois, …": the value starts after "Messages, ".
        #expect(parts.dropFirst().first?["start16"] as? Int == 10)
        #expect(parts.dropFirst().first?["end16"] as? Int == 15)
        #expect(response.json["ssml"] as? String
                == #"<speak xml:lang="fr-FR">Messages, trois, bouton. Ouvre la boîte de réception.</speak>"#)
        #expect(response.json["rewrites"] == nil)
    }

    /// A template, as `spokenform label --template … --set … --today 2026-11-23`.
    @Test func labelFillsATemplate() throws {
        let response = try connection.post("/v1/label", [
            "locale": "fr-FR", "template": "Publié par {author}, {published:relative}. {title}",
            "values": ["author": "Léa", "published": "2026-11-20", "title": "Les 3 mousquetaires"], "today": "2026-11-23",
        ])
        #expect(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
        #expect(response.text == "Publié par Léa, il y a trois jours. Les trois mousquetaires")
        let library = try SpokenForm(locale: "fr-FR").label(
            template: "Publié par {author}, {published:relative}. {title}",
            values: ["author": "Léa", "published": "2026-11-20", "title": "Les 3 mousquetaires"],
            today: try CivilDate(year: 2026, month: 11, day: 23))
        #expect(try spoken(response) == library)
        // A clause whose value is missing goes with its separator.
        let short = try connection.post("/v1/label", [
            "locale": "fr-FR", "template": "Publié par {author}, {published:relative}. {title}", "values": ["title": "Le Cid"],
        ])
        #expect(short.text == "Le Cid")
    }

    /// Each element's issues in order, as `spokenform lint --format json` prints them
    /// (`suggestion` null when there is none), equal to the library's linter.
    @Test func lintAnswersEachElement() throws {
        let elements: [[String: Any]] = [
            ["label": "Bouton envoyer", "traits": ["button"]],
            ["label": "Partager", "hint": "Ouvre le menu de partage."],
            ["label": "envoyer", "traits": ["button"]],
        ]
        let response = try connection.post("/v1/lint", ["locale": "fr-FR", "elements": elements])
        #expect(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
        let results = response.json["results"] as? [[String: Any]] ?? []
        #expect(results.count == 3)
        let first = (results.first?["issues"] as? [[String: Any]])?.first ?? [:]
        #expect(first["rule"] as? String == "label-type-word")
        #expect(first["severity"] as? String == "error")
        #expect(first["field"] as? String == "label")
        #expect(first["start16"] as? Int == 0)
        #expect(first["end16"] as? Int == 6)
        #expect(first["suggestion"] as? String == "Envoyer")
        #expect((results.dropFirst().first?["issues"] as? [Any])?.isEmpty == true)
        let third = results.last?["issues"] as? [[String: Any]] ?? []
        #expect(third.map { $0["rule"] as? String } == ["label-not-capitalised"])
        #expect(third.first.map { $0.keys.contains("suggestion") } == true)   // present, null or not

        let linter = try SpokenForm(locale: "fr-FR").labelLinter
        let decoded = try JSONDecoder().decode(LintResponse.self, from: response.body)
        for (index, element) in elements.enumerated() {
            let label = try JSONDecoder().decode(Label.self, from: JSONSerialization.data(withJSONObject: element))
            let expected = linter.lint(label)
            let answered = decoded.results[index].issues
            #expect(answered == expected)
        }
    }

    /// A group is linted element by element (so that the time limit is checked between
    /// them), in the library's order: the group's issues, then each child's, depth first.
    @Test func lintOfNestedGroupsEqualsTheLibrary() throws {
        let element: [String: Any] = ["label": "liste", "children": [
            ["label": "Bouton envoyer", "traits": ["button"], "children": [["label": "envoyer", "hint": "envoie"], ["label": "OK"]]],
            ["label": "Partager", "hint": "Ouvre le menu de partage."],
            ["label": "image photo", "traits": ["image"], "children": [["label": "bouton"]]],
        ]]
        let response = try connection.post("/v1/lint", ["locale": "fr-FR", "elements": [element, element]])
        #expect(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
        let decoded = try JSONDecoder().decode(LintResponse.self, from: response.body)
        let label = try JSONDecoder().decode(Label.self, from: JSONSerialization.data(withJSONObject: element))
        let expected = try SpokenForm(locale: "fr-FR").labelLinter.lint(label)
        #expect(expected.count >= 4)
        #expect(decoded.results.map(\.issues) == [expected, expected])
    }

    /// `maxLabelWords` is `spokenform lint --max-label-words`.
    @Test func lintTakesMaxLabelWords() throws {
        let element: [String: Any] = ["label": "Ouvrir le panier"]
        let strict = try connection.post("/v1/lint", ["locale": "fr-FR", "elements": [element], "maxLabelWords": 2])
        #expect(strict.status == 200)
        let rules = ((strict.json["results"] as? [[String: Any]])?.first?["issues"] as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String }
        #expect(rules == ["label-too-long"])
        let plain = try connection.post("/v1/lint", ["locale": "fr-FR", "elements": [element]])
        #expect(((plain.json["results"] as? [[String: Any]])?.first?["issues"] as? [Any])?.isEmpty == true)
    }
}

/// The errors of the label endpoints, each with its stable code.
@Suite struct ServerLabelErrorTests {
    let connection: HTTPConnection

    init() throws { connection = try ServerProcess.shared.connect() }

    @Test func malformedAndInvalidRequests() throws {
        expectError(try connection.post("/v1/label", json: "{"), .malformedJSON)
        expectError(try connection.post("/v1/lint", json: "[1,"), .malformedJSON)
        expectError(try connection.post("/v1/label", ["label": "Envoyer"]), .invalidRequest, mentioning: "locale")
        expectError(try connection.post("/v1/label", ["locale": "fr-FR", "traits": "button"]), .invalidRequest, mentioning: "traits")
        // An unknown trait is refused, never ignored: the utterance would lack its word.
        expectError(try connection.post("/v1/label", ["locale": "fr-FR", "label": "Envoyer", "traits": ["buton"]]),
                    .invalidRequest, mentioning: "buton")
        expectError(try connection.post("/v1/lint", ["locale": "fr-FR", "label": "Envoyer."]), .invalidRequest, mentioning: "elements")
        expectError(try connection.post("/v1/lint", ["locale": "fr-FR", "elements": [["label": 3]]]), .invalidRequest, mentioning: "label")
        let tooMany = ["locale": "fr-FR", "elements": Array(repeating: ["label": "Envoyer"], count: 1001)] as [String: Any]
        expectError(try connection.post("/v1/lint", tooMany), .invalidRequest, mentioning: "1000")
        let group = ["label": "Liste", "children": Array(repeating: ["label": "Envoyer"], count: 1000)] as [String: Any]
        expectError(try connection.post("/v1/lint", ["locale": "fr-FR", "elements": [group]]), .invalidRequest, mentioning: "children")
        // A template is said on its own: never mixed with an element's fields.
        expectError(try connection.post("/v1/label", ["locale": "fr-FR", "template": "{a}", "label": "Envoyer"]),
                    .invalidRequest, mentioning: "template")
        expectError(try connection.post("/v1/label", ["locale": "fr-FR", "label": "Envoyer", "values": ["a": "1"]]),
                    .invalidRequest, mentioning: "template")
        #expect(try connection.request("GET", "/health").status == 200)   // the connection is still usable
    }

    @Test func invalidOptions() throws {
        expectError(try connection.post("/v1/label", ["locale": "fr-FR", "template": "{d:relative}", "values": ["d": "-1"], "today": "23/11/2026"]),
                    .invalidOption, mentioning: "23/11/2026")
        expectError(try connection.post("/v1/lint", ["locale": "fr-FR", "elements": [["label": "Envoyer"]], "maxLabelWords": 0]),
                    .invalidOption, mentioning: "maxLabelWords")
    }

    @Test func localesAndCapabilities() throws {
        expectError(try connection.post("/v1/label", ["locale": "zz", "label": "Envoyer"]), .unknownLocale)
        expectError(try connection.post("/v1/lint", ["locale": "xx-!!", "elements": [["label": "Envoyer"]]]), .unknownLocale)
        // Japanese has numbers but no trait words: refused, never said with English ones.
        expectError(try connection.post("/v1/label", ["locale": "ja-JP", "label": "送信", "traits": ["button"]]),
                    .unsupportedCapability, mentioning: "ja")
        expectError(try connection.post("/v1/lint", ["locale": "ja-JP", "elements": [["label": "送信"]]]), .unsupportedCapability)
    }

    @Test func unparsableTemplateValues() throws {
        expectError(try connection.post("/v1/label", ["locale": "fr-FR", "template": "Publié par {author"]), .unparsableValue, mentioning: "}")
        expectError(try connection.post("/v1/label", ["locale": "fr-FR", "template": "{n:number} messages", "values": ["n": "beaucoup"]]),
                    .unparsableValue, mentioning: "beaucoup")
    }

    @Test func inputTooLong() throws {
        let long = String(repeating: "a", count: 2049)
        expectError(try connection.post("/v1/label", ["locale": "fr-FR", "label": "Envoyer", "hint": long]), .inputTooLong, mentioning: "hint")
        expectError(try connection.post("/v1/lint", ["locale": "fr-FR", "elements": [["label": "Liste", "children": [["value": long]]]]]),
                    .inputTooLong, mentioning: "elements[0].children[0].value")
        expectError(try connection.post("/v1/label", ["locale": "fr-FR", "template": "{t}", "values": ["t": long]]),
                    .inputTooLong, mentioning: "values.t")
    }
}
