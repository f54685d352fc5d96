import Foundation
import SpokenFormService
import Testing

/// Every error code, with its status, as a JSON body `{"error": {"code", "message"}}`.
@Suite struct ServerErrorTests {
    let connection: HTTPConnection

    init() throws { connection = try ServerProcess.shared.connect() }

    @Test(arguments: ["{", "", "not json", "{\"locale\": \"fr-FR\" \"kind\": 1}", "[1, 2", "\u{FF}\u{FE}"])
    func malformedJSON(body: String) throws {
        expectError(try connection.post("/v1/speak", json: body), .malformedJSON)
    }

    @Test func invalidRequest() throws {
        expectError(try connection.post("/v1/speak", json: #"{"locale":"fr-FR","kind":"number"}"#), .invalidRequest, mentioning: "input")
        // A JSON number would go through a Double and could lose digits: inputs are strings.
        expectError(try connection.post("/v1/speak", json: #"{"locale":"fr-FR","kind":"number","input":12345678901234567890}"#),
                    .invalidRequest, mentioning: "input")
        expectError(try connection.post("/v1/speak", json: "[]"), .invalidRequest)
        expectError(try connection.post("/v1/speak", json: #"{"locale":"fr-FR","kind":"number","input":"1","options":{"gender":3}}"#),
                    .invalidRequest, mentioning: "options")
        let tooMany = ["locale": "fr-FR", "kind": "number", "inputs": Array(repeating: "1", count: 1001)] as [String: Any]
        expectError(try connection.post("/v1/speak/batch", tooMany), .invalidRequest, mentioning: "1000")
    }

    @Test func unknownKind() throws {
        expectError(try connection.post("/v1/speak", ["locale": "fr-FR", "kind": "colour", "input": "1"]), .unknownKind, mentioning: "colour")
    }

    @Test func invalidOption() throws {
        expectError(try connection.post("/v1/speak", ["locale": "fr-FR", "kind": "number", "input": "1", "options": ["plural": true]]),
                    .invalidOption, mentioning: "plural")
        expectError(try connection.post("/v1/speak", ["locale": "fr-FR", "kind": "date", "input": "2015-04-01", "options": ["timezone": "Mars/Olympus"]]),
                    .invalidOption, mentioning: "Mars/Olympus")
        // The CSV cell's rendering choice is not an option here: the answer carries text, spans and SSML.
        expectError(try connection.post("/v1/speak", ["locale": "fr-FR", "kind": "tag", "input": "a", "options": ["format": "html"]]),
                    .invalidOption)
    }

    @Test(arguments: ["xx-!!", "", "zz", "english"])
    func unknownLocale(tag: String) throws {
        expectError(try connection.post("/v1/speak", ["locale": tag, "kind": "number", "input": "1"]), .unknownLocale)
    }

    @Test func unsupportedCapability() throws {
        // Numbers exist for Japanese, dates do not: never an answer in another language.
        expectError(try connection.post("/v1/speak", ["locale": "ja-JP", "kind": "date", "input": "2015-04-01"]),
                    .unsupportedCapability, mentioning: "ja")
        let batch = ["locale": "ja-JP", "kind": "date", "inputs": ["2015-04-01"]] as [String: Any]
        expectError(try connection.post("/v1/speak/batch", batch), .unsupportedCapability)
    }

    @Test func unparsableValue() throws {
        expectError(try connection.post("/v1/speak", ["locale": "fr-FR", "kind": "number", "input": "beaucoup"]),
                    .unparsableValue, mentioning: "beaucoup")
        expectError(try connection.post("/v1/speak", ["locale": "fr-FR", "kind": "date", "input": "32/13/2015"]), .unparsableValue)
        expectError(try connection.post("/v1/speak", ["locale": "fr-FR", "kind": "number", "input": "  "]), .unparsableValue)
    }

    /// One input over 2048 bytes.
    @Test func inputTooLong() throws {
        let long = String(repeating: "9", count: 2049)
        expectError(try connection.post("/v1/speak", ["locale": "fr-FR", "kind": "number", "input": long]), .inputTooLong, mentioning: "2048")
        let batch = try connection.post("/v1/speak/batch", ["locale": "fr-FR", "kind": "number", "inputs": ["1", long]])
        let results = batch.json["results"] as? [[String: Any]] ?? []
        #expect((results.last?["error"] as? [String: Any])?["code"] as? String == "input_too_long")
        #expect(try connection.post("/v1/speak", ["locale": "fr-FR", "kind": "number", "input": String(repeating: "9", count: 2048)]).status == 200)
    }

    /// Over the 1 MiB limit: refused on its declared length, or when a chunked body
    /// passes the limit while it is read.
    @Test func bodyTooLarge() throws {
        let big = Data(repeating: UInt8(ascii: "a"), count: (1 << 20) + 1)
        expectError(try connection.request("POST", "/v1/speak", body: big), .bodyTooLarge)
        let chunked = try ServerProcess.shared.connect()
        var request = Array("POST /v1/speak/batch HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
        for _ in 0..<20 { request += Array("10000\r\n".utf8) + Array(repeating: UInt8(ascii: " "), count: 0x10000) + Array("\r\n".utf8) }
        request += Array("0\r\n\r\n".utf8)
        try chunked.write(request)
        expectError(try chunked.readResponse(), .bodyTooLarge)
    }

    @Test func notFound() throws {
        expectError(try connection.request("GET", "/v2/speak"), .notFound)
        expectError(try connection.request("POST", "/v1/speak/batch/more", body: Data("{}".utf8)), .notFound)
    }

    @Test func methodNotAllowed() throws {
        let get = try connection.request("GET", "/v1/speak")
        expectError(get, .methodNotAllowed)
        #expect(get.headers["allow"] == "POST")
        let delete = try connection.request("DELETE", "/health")
        expectError(delete, .methodNotAllowed)
        #expect(delete.headers["allow"] == "GET, HEAD")
        // A HEAD answer has no body, an error's neither: the next answer on the connection is read whole.
        let head = try connection.request("HEAD", "/v1/speak")
        #expect(head.status == 405)
        #expect(head.headers["allow"] == "POST")
        #expect(try connection.request("GET", "/health").status == 200)
    }

    /// A chunked body whose chunk size is not hexadecimal: the request's fault, 400
    /// `malformed_http` (not 500), and the connection is closed (the parser cannot tell
    /// where the request ends, so nothing after it can be read).
    @Test func malformedChunkedBody() throws {
        let connection = try ServerProcess.shared.connect()
        try connection.write(Array("POST /v1/speak HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n".utf8))
        let response = try connection.readResponse()
        expectError(response, .malformedHTTP, mentioning: "chunk size")
        #expect(response.headers["connection"] == "close")
        #expect(connection.isClosedByServer())
    }

    /// A body that stops arriving: the time limit answers 503 `timeout` instead of waiting.
    @Test func timeout() throws {
        let server = try ServerProcess(arguments: ["--time-limit-ms", "300"])
        let connection = try server.connect()
        try connection.write(Array("POST /v1/speak HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n{\"locale\":".utf8))
        let start = Date()
        expectError(try connection.readResponse(), .timeout)
        #expect(Date().timeIntervalSince(start) < 5)
        #expect(server.stop() == 0)
    }

    /// A library call that runs long (95 kB of text, with the input limit raised: about
    /// 5 s in a debug build) cannot be interrupted, but the client still gets 503
    /// `timeout` on time, and the server answers other requests meanwhile.
    @Test func timeoutDuringALongCall() throws {
        let server = try ServerProcess(arguments: ["--time-limit-ms", "300", "--max-input-bytes", "200000"])
        let connection = try server.connect()
        let start = Date()
        let text = String(repeating: "Dr 3 av. Foch 12,50 € le 01/04/2015 ", count: 2500)
        expectError(try connection.post("/v1/speak", ["locale": "fr-FR", "kind": "text", "input": text]), .timeout)
        #expect(Date().timeIntervalSince(start) < 2)
        #expect(try server.connect().request("GET", "/health").status == 200)
        #expect(server.stop(within: 60) == 0)
    }
}
