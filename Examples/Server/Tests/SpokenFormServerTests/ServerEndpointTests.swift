import Foundation
import SpokenForm
import SpokenFormCSV
import SpokenFormService
import Testing

/// Every endpoint of the real server, over HTTP on 127.0.0.1. The spoken strings are
/// the ones the SpokenForm README documents, checked by readers of each language.
@Suite struct ServerEndpointTests {
    let connection: HTTPConnection

    init() throws { connection = try ServerProcess.shared.connect() }

    func speak(_ locale: String, _ kind: String, _ input: String, options: [String: Any]? = nil) throws -> HTTPConnection.Response {
        var body: [String: Any] = ["locale": locale, "kind": kind, "input": input]
        if let options { body["options"] = options }
        return try connection.post("/v1/speak", body)
    }

    @Test func healthAnswersOK() throws {
        let response = try connection.request("GET", "/health")
        #expect(response.status == 200)
        #expect(response.json["status"] as? String == "ok")
        #expect(response.headers["content-type"] == "application/json; charset=utf-8")
    }

    /// HEAD of a GET path: the GET's status and headers (its length included), no body;
    /// the connection carries the next request as usual.
    @Test(arguments: ["/health", "/v1/locales"])
    func headAnswersLikeGetWithoutBody(path: String) throws {
        let get = try connection.request("GET", path)
        let head = try connection.request("HEAD", path)
        #expect(head.status == 200)
        #expect(head.headers["content-type"] == "application/json; charset=utf-8")
        #expect(head.headers["content-length"] == String(get.body.count))
        #expect(try connection.request("GET", "/health").json["status"] as? String == "ok")
    }

    /// The request of the issue, as curl sends it (form content type, no JSON header).
    @Test func frenchDateAsCurlSendsIt() throws {
        let response = try connection.request("POST", "/v1/speak",
            body: Data(#"{"locale":"fr-FR","kind":"date","input":"01/04/2015"}"#.utf8),
            headers: ["Content-Type": "application/x-www-form-urlencoded"])
        #expect(response.status == 200)
        #expect(response.text == "premier avril deux mille quinze")
        #expect(response.json["locale"] as? String == "fr-FR")
        #expect(response.json["kind"] as? String == "date")
        #expect(response.json["input"] as? String == "01/04/2015")
        #expect(response.json["ssml"] as? String == #"<speak xml:lang="fr-FR">premier avril deux mille quinze</speak>"#)
        #expect((response.json["spans"] as? [Any])?.isEmpty == true)
    }

    @Test(arguments: [
        ("fr-FR", "number", "54 038 921,7", [:], "cinquante-quatre millions trente-huit mille neuf cent vingt et un virgule sept"),
        ("en-US", "number", "3,120.61", [:], "three thousand one hundred twenty point six one"),
        ("de-DE", "number", "21", [:], "einundzwanzig"),
        ("es-ES", "number", "21", [:], "veintiuno"),
        ("fr-FR", "ordinal", "1", ["gender": "feminine"], "première"),
        ("fr-FR", "date", "01/04/2015", ["style": "full"], "mercredi premier avril deux mille quinze"),
        ("fr-FR", "time", "05:30", [:], "cinq heures trente"),
        ("de-DE", "duration", "PT1H", [:], "eine Stunde"),
        ("fr-FR", "phone", "06.11.22.33.06", [:], "zéro six, onze, vingt-deux, trente-trois, zéro six"),
        ("en-US", "phone", "(201) 555-0123", [:], "two zero one, five five five, zero one two three"),
        ("fr-FR", "expand", "Dr Martin, 3 av. Foch", [:], "docteur Martin, trois avenue Foch"),
        ("fr-FR", "currency", "12,50 €", [:], "douze euros cinquante"),
        ("fr-FR", "text", "RDV le 01/04/2015 à 5h30", [:], "rendez-vous le premier avril deux mille quinze à cinq heures trente"),
    ] as [(String, String, String, [String: String], String)])
    func speaksEachKind(locale: String, kind: String, input: String, options: [String: String], expected: String) throws {
        let response = try speak(locale, kind, input, options: options.isEmpty ? nil : options)
        #expect(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
        #expect(response.text == expected)
    }

    /// `tag` answers the library's `Spoken` itself: the plain text, the span of the
    /// English word in scalars and UTF-16, and the SSML.
    @Test func tagAnswersSpansAndSSML() throws {
        let response = try speak("fr-FR", "tag", "Activez le Bluetooth de votre smartphone")
        #expect(response.status == 200)
        #expect(response.text == "Activez le Bluetooth de votre smartphone")
        #expect(response.json["ssml"] as? String
                == #"<speak xml:lang="fr-FR">Activez le <lang xml:lang="en">Bluetooth</lang> de votre smartphone</speak>"#)
        let spans = response.json["spans"] as? [[String: Any]] ?? []
        #expect(spans.count == 1)
        #expect(spans.first?["lang"] as? String == "en")
        #expect(spans.first?["start"] as? Int == 11)
        #expect(spans.first?["end"] as? Int == 20)
        #expect(spans.first?["start16"] as? Int == 11)
    }

    /// Every built kind of the CSV command answers over HTTP what the library answers in process.
    @Test func everyKindEqualsTheLibrary() throws {
        let inputs: [String: (String, [String: Any], [String])] = [
            "number": ("1 234,5", ["gender": "feminine"], ["feminine"]),
            "ordinal": ("2", ["gender": "feminine", "plural": true], ["feminine", "plural"]),
            "year": ("1999", [:], []),
            "digits": ("0042", [:], []),
            "percent": ("12,5 %", [:], []),
            "currency": ("12,50", ["code": "EUR"], ["code=EUR"]),
            "date": ("2015-04-01", ["timezone": "Europe/Paris"], ["timezone=Europe/Paris"]),
            "time": ("17:45", [:], []),
            "datetime": ("01/04/2015 05:30", ["dateStyle": "full"], ["full"]),
            "duration": ("PT1H30M", [:], []),
            "relative": ("-1 day", [:], []),
            "phone": ("0611223306", ["region": "FR"], ["region=FR"]),
            "expand": ("3 av. Foch", [:], []),
            "tag": ("Activez le Bluetooth", [:], []),
            "text": ("Dr Martin, 3 av. Foch, le 01/04/2015", [:], []),
        ]
        let french = try SpokenForm(locale: "fr-FR")
        for kind in CSVKind.table where kind.convert != nil {
            let (input, options, csvOptions) = try #require(inputs[kind.name], "no test input for the kind \(kind.name)")
            let response = try speak("fr-FR", kind.name, input, options: options)
            #expect(response.status == 200, "\(kind.name): \(String(decoding: response.body, as: UTF8.self))")
            let expected = switch kind.name {
            case "tag": try french.tag(input).text
            case "text": try french.text(input).text
            default: try kind.convert!(french, input, CSVColumnOptions(csvOptions))
            }
            #expect(response.text == expected, "\(kind.name)")
            #expect(response.text?.isEmpty == false)
        }
    }

    @Test func localesListsEveryKindAndCapability() throws {
        let response = try connection.request("GET", "/v1/locales")
        #expect(response.status == 200)
        let kinds = response.json["kinds"] as? [[String: Any]] ?? []
        #expect(kinds.compactMap { $0["name"] as? String } == CSVKind.table.map(\.name))
        let planned = CSVKind.table.filter { $0.convert == nil }.map(\.name)
        #expect(kinds.filter { $0["available"] as? Bool == false }.compactMap { $0["name"] as? String } == planned)
        #expect(kinds.first { $0["name"] as? String == "text" }?["available"] as? Bool == true)
        #expect(kinds.first { $0["name"] as? String == "date" }?["available"] as? Bool == true)
        let capabilities = response.json["capabilities"] as? [String: [String: Any]] ?? [:]
        #expect((capabilities["numbers"]?["languages"] as? [String])?.contains("fr") == true)
        #expect((capabilities["dates"]?["languages"] as? [String])?.contains("de") == true)
        #expect((capabilities["labels"]?["languages"] as? [String])?.contains("fr") == true)
    }

    @Test func batchAnswersEveryInputInOrder() throws {
        let response = try connection.post("/v1/speak/batch", [
            "locale": "fr-FR", "kind": "number", "inputs": ["21", "beaucoup", "1 000 000", " 7 "],
        ])
        #expect(response.status == 200)
        let results = response.json["results"] as? [[String: Any]] ?? []
        #expect(results.count == 4)
        func text(_ index: Int) -> String? { (results[index]["result"] as? [String: Any])?["text"] as? String }
        #expect(text(0) == "vingt et un")
        #expect((results[1]["error"] as? [String: Any])?["code"] as? String == "unparsable_value")
        #expect(text(2) == "un million")
        #expect(text(3) == "sept")
    }

    /// One connection carries many requests, errors included (keep-alive is not broken by a 4xx).
    @Test func keepAliveSurvivesErrors() throws {
        #expect(try connection.post("/v1/speak", json: "{").status == 400)
        #expect(try speak("xx-!!", "number", "1").status == 422)
        #expect(try speak("fr-FR", "number", "2").text == "deux")
    }
}
