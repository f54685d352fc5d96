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

    static func ok(_ value: some Encodable) throws -> Response {
        response(.ok, try encoder().encode(value))
    }

    static func error(_ error: ServiceError) -> Response {
        Response(status: error.code.status, headers: [.contentType: contentType], body: ResponseBody(byteBuffer: errorBody(error)))
    }

    /// `{"error": {"code": …, "message": …}}`.
    static func errorBody(_ error: ServiceError) -> ByteBuffer {
        struct Envelope: Encodable { let error: ServiceError.Body }
        // Encoding two strings and an enum cannot fail.
        let data = (try? encoder().encode(Envelope(error: error.body))) ?? Data(#"{"error":{"code":"internal_error","message":""}}"#.utf8)
        return ByteBuffer(bytes: data)
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
