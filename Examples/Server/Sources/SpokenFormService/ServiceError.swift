import Foundation
import HTTPTypes
import SpokenForm
import SpokenFormCSV

/// An error the service answers with: a stable `code` clients can switch on, the HTTP
/// status, and a sentence naming what was wrong. Every failure a client can cause maps
/// to one of these; the codes are listed in `openapi.yaml` and never renamed.
public struct ServiceError: Error, Sendable, Equatable {
    public enum Code: String, Sendable, CaseIterable, Codable {
        /// The body is not JSON.
        case malformedJSON = "malformed_json"
        /// The request is not valid HTTP/1.1 where its body is read (a chunk size that is
        /// not hexadecimal); its connection is closed.
        case malformedHTTP = "malformed_http"
        /// The body is JSON but not the request's shape (a missing field, a wrong type).
        case invalidRequest = "invalid_request"
        /// `kind` is not one of the kinds `GET /v1/locales` lists.
        case unknownKind = "unknown_kind"
        /// An option the kind does not take, or a value it does not know.
        case invalidOption = "invalid_option"
        /// The locale tag is malformed, or SpokenForm has no rules for its language at all.
        case unknownLocale = "unknown_locale"
        /// The capability is not built yet (a kind `CSVKind` marks as planned), or has no
        /// rules for this locale (dates in a language without date data, labels in
        /// Japanese).
        case unsupportedCapability = "unsupported_capability"
        /// The input could not be read as the kind (`beaucoup` as a number).
        case unparsableValue = "unparsable_value"
        /// One input is longer than the server's limit (`--max-input-bytes`).
        case inputTooLong = "input_too_long"
        /// The uploaded file is none of the catalog formats SpokenForm reads, or is
        /// malformed (the message names the byte offset or key).
        case malformedCatalog = "malformed_catalog"
        /// A text to say aloud is longer than `--max-speech-bytes` (or says more than
        /// four times that): audio is made in memory, so its length is bounded.
        case speechTooLong = "speech_too_long"
        /// The client asked for audio more often than `--speech-per-minute` allows.
        case rateLimited = "rate_limited"
        /// This server cannot make audio: espeak-ng is not installed, or failed.
        case speechUnavailable = "speech_unavailable"
        /// The body is longer than the server's limit.
        case bodyTooLarge = "body_too_large"
        /// No such path.
        case notFound = "not_found"
        /// The path exists for other methods (the `Allow` header lists them).
        case methodNotAllowed = "method_not_allowed"
        /// The request took longer than the server's per-request time limit.
        case timeout = "timeout"
        /// A fault of the server, never of the request (a malformed locale data file).
        case internalError = "internal_error"

        public var status: HTTPResponse.Status {
            switch self {
            case .malformedHTTP, .malformedJSON, .invalidRequest, .unknownKind, .invalidOption: .badRequest
            case .unknownLocale, .unsupportedCapability, .unparsableValue, .inputTooLong, .malformedCatalog: .unprocessableContent
            case .bodyTooLarge, .speechTooLong: .contentTooLarge
            case .rateLimited: .tooManyRequests
            case .notFound: .notFound
            case .methodNotAllowed: .methodNotAllowed
            case .timeout, .speechUnavailable: .serviceUnavailable
            case .internalError: .internalServerError
            }
        }
    }

    public var code: Code
    public var message: String
    /// For `rate_limited`: seconds until the client may ask again (`Retry-After`).
    public var retryAfterSeconds: Int?

    public init(_ code: Code, _ message: String, retryAfterSeconds: Int? = nil) {
        self.code = code
        self.message = message
        self.retryAfterSeconds = retryAfterSeconds
    }

    /// The service error for an error the library or the CSV kind table threw.
    public init(_ error: any Error) {
        switch error {
        case let error as ServiceError:
            self = error
        case let error as SpokenFormError:
            switch error {
            case .invalidLocale: self.init(.unknownLocale, error.description)
            case .unsupportedLocale, .notAvailable: self.init(.unsupportedCapability, error.description)
            case .invalidInput: self.init(.unparsableValue, error.description)
            case .invalidOption: self.init(.invalidOption, error.description)
            // A malformed data file, an ICU failure (on main after the core merge) and any
            // case added later are the server's fault, never the request's.
            default: self.init(.internalError, error.description)
            }
        case let error as CSVError:
            switch error {
            case .unknownKind: self.init(.unknownKind, error.description)
            case .kindNotAvailable: self.init(.unsupportedCapability, error.description)
            case .invalidKindOption: self.init(.invalidOption, error.description)
            default: self.init(.internalError, error.description)
            }
        default:
            self.init(.internalError, "unexpected error: \(error)")
        }
    }

    /// The JSON body: `{"error": {"code": "unknown_locale", "message": "..."}}`.
    public struct Body: Codable, Sendable, Equatable {
        public var code: Code
        public var message: String
    }

    public var body: Body { Body(code: code, message: message) }
}
