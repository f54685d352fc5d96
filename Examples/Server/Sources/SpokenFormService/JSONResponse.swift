import Foundation
import Hummingbird
import NIOCore

/// JSON bodies in and out. Foundation's coders: the bodies are small, and a request's
/// cost is dominated by HTTP, not by the coding (see bench.sh's figures in README.md).
enum JSONResponse {
    static let contentType = "application/json; charset=utf-8"
    /// The headers of every JSON answer (`Response` adds the length).
    static let headers: HTTPFields = [.contentType: contentType]

    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        // Sorted keys: the same answer is the same bytes, easy to diff and to cache.
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// `value`'s JSON as every answer writes it: keys sorted, line separators escaped.
    static func encode(_ value: some Encodable) throws -> Data {
        escapingLineSeparators(try encoder().encode(value))
    }

    static func ok(_ value: some Encodable) throws -> Response {
        response(.ok, try encode(value))
    }

    static func error(_ error: ServiceError) -> Response {
        Response(status: error.code.status, headers: [.contentType: contentType], body: ResponseBody(byteBuffer: errorBody(error)))
    }

    /// `{"error": {"code": …, "message": …}}`.
    static func errorBody(_ error: ServiceError) -> ByteBuffer {
        struct Envelope: Encodable { let error: ServiceError.Body }
        // Encoding two strings and an enum cannot fail.
        let data = (try? encode(Envelope(error: error.body))) ?? Data(#"{"error":{"code":"internal_error","message":""}}"#.utf8)
        return ByteBuffer(bytes: data)
    }

    /// `json` with U+0085, U+2028 and U+2029 written `\u0085`, `\u2028` and `\u2029`.
    /// `JSONEncoder` leaves them raw, as JSON allows, but a reader that splits lines at
    /// them (Python's `splitlines`, JavaScript before ES2019, a log shipper) cuts the
    /// answer in two. In UTF-8 JSON their bytes (C2 85, E2 80 A8, E2 80 A9) can only be
    /// those characters inside a string, so they are replaced where they are found. One
    /// pass, and nothing copied when there is none (the usual case).
    static func escapingLineSeparators(_ json: Data) -> Data {
        json.withUnsafeBytes { raw -> Data in
            let bytes = raw.bindMemory(to: UInt8.self)
            var escaped: Data?
            var runStart = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                guard byte == 0xC2 || byte == 0xE2 else {
                    index += 1
                    continue
                }
                let length = lineSeparatorLength(bytes, at: index)
                guard length > 0 else {
                    index += 1
                    continue
                }
                if escaped == nil { escaped = Data(capacity: bytes.count + 16) }
                escaped!.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                lineSeparatorEscape(bytes, at: index).withUTF8Buffer { escaped!.append(contentsOf: $0) }
                index += length
                runStart = index
            }
            guard var escaped else { return json }
            escaped.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
            return escaped
        }
    }

    /// How many bytes the line separator starting at `index` takes (2 for U+0085, 3 for
    /// U+2028 and U+2029), or 0 when none starts there.
    @inline(__always)
    static func lineSeparatorLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        switch bytes[index] {
        case 0xC2 where index + 1 < bytes.count && bytes[index + 1] == 0x85: 2
        case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9): 3
        default: 0
        }
    }

    /// The six bytes of the escape of the line separator at `index`.
    static func lineSeparatorEscape(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> StaticString {
        bytes[index] == 0xC2 ? "\\u0085" : bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"
    }

    static func response(_ status: HTTPResponse.Status, _ data: Data) -> Response {
        Response(status: status, headers: [.contentType: contentType],
                 body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// Decodes a request body; a body that is not JSON is `malformed_json`, JSON of
    /// another shape is `invalid_request` naming the field.
    static func decode<T: Decodable>(_ type: T.Type, from body: ByteBuffer) throws(ServiceError) -> T {
        do {
            return try JSONDecoder().decode(type, from: Data(body.readableBytesView))
        } catch let DecodingError.dataCorrupted(context) where context.codingPath.isEmpty {
            throw ServiceError(.malformedJSON, "the body is not valid JSON: \(underlyingMessage(context))")
        } catch let DecodingError.keyNotFound(key, context) {
            throw ServiceError(.invalidRequest, "the field '\(path(context.codingPath + [key]))' is missing.")
        } catch let DecodingError.typeMismatch(_, context) {
            throw ServiceError(.invalidRequest, "the field '\(path(context.codingPath))' has the wrong type: \(context.debugDescription)")
        } catch let DecodingError.valueNotFound(_, context) {
            throw ServiceError(.invalidRequest, "the field '\(path(context.codingPath))' is null.")
        } catch let DecodingError.dataCorrupted(context) {
            throw ServiceError(.invalidRequest, "the field '\(path(context.codingPath))' is not valid: \(context.debugDescription)")
        } catch {
            throw ServiceError(.malformedJSON, "the body is not valid JSON.")
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }

    private static func underlyingMessage(_ context: DecodingError.Context) -> String {
        (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String ?? context.debugDescription
    }
}
