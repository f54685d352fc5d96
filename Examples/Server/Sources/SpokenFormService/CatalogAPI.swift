import Foundation
import SpokenForm
import SpokenFormCatalog

/// `POST /v1/catalog/convert`: `spokenform catalog` over HTTP. The body is the file itself
/// (`.xcstrings`, `.strings` or `.stringsdict`), its format read from its bytes as the
/// command reads it, so a format the library learns to read is served with no change here.
/// The query names what the file cannot: `language` (of a `.strings` or `.stringsdict`,
/// the command's `--locale`), and `languages` (`fr,de`: the command's `--languages`).
public struct CatalogConversionRequest: Sendable {
    public var bytes: [UInt8]
    public var language: String?
    public var languages: [String]?

    public init(bytes: [UInt8], language: String? = nil, languages: [String]? = nil) {
        self.bytes = bytes
        self.language = language
        self.languages = languages
    }
}

/// The answer: the converted file (base64, byte for byte what `spokenform catalog` writes),
/// the command's report, and each value that changed, before and after.
public struct CatalogConversionResponse: Encodable, Sendable {
    /// One changed value.
    public struct Change: Encodable, Sendable, Equatable {
        public var key: String
        public var language: String
        /// The variation path (`plural`, `one`); empty for a plain value.
        public var path: [String]
        public var original: String
        public var spoken: String
    }

    /// `xcstrings`, `strings (utf8)`, `stringsdict`, as the report names it.
    public var format: String
    /// The converted file's bytes, base64 (a `.strings` file may be UTF-16).
    public var file: String
    public var report: CatalogReport
    /// In file order.
    public var changes: [Change]
}

/// Converts catalogs: `CatalogConverter` with the command's defaults, and every failure
/// as a `ServiceError`. No HTTP here, as in `Speaker`.
public struct CatalogService: Sendable {
    /// Longest value converted, in UTF-8 bytes (`--max-input-bytes`): the conversion is one
    /// library call that cannot stop midway, so each of its values is bounded as an input is.
    public let maxInputBytes: Int

    public init(maxInputBytes: Int = 2048) {
        self.maxInputBytes = maxInputBytes
    }

    public func convert(_ request: CatalogConversionRequest, deadline: WorkDeadline = .unlimited) throws(ServiceError) -> CatalogConversionResponse {
        // An empty `.strings` file is a catalog of no key, but an empty upload is a mistake.
        guard !request.bytes.isEmpty else {
            throw ServiceError(.invalidRequest, "the body is empty: send the catalog file itself (.xcstrings, .strings or .stringsdict).")
        }
        let language = request.language ?? ""
        let catalog: Catalog
        do {
            catalog = try Catalog(bytes: request.bytes, language: language)
        } catch let error as CatalogError {
            throw ServiceError(.malformedCatalog, error.description)
        } catch {
            throw ServiceError(error)
        }
        if catalog.format != .xcstrings && language.isEmpty && !catalog.values.isEmpty {
            throw ServiceError(.invalidRequest, "this is a \(catalog.format.description) file, which names no language: give it in the query, ?language=fr.")
        }
        if let long = catalog.values.first(where: { $0.text.utf8.count > maxInputBytes }) {
            throw ServiceError(.inputTooLong, "the value \(long.location) has \(long.text.utf8.count) bytes in UTF-8: at most \(maxInputBytes) are taken.")
        }
        try deadline.check()
        let conversion: CatalogConversion
        do {
            // One thread: this runs on one of the server's library threads already.
            conversion = try CatalogConverter.convert(catalog, options: CatalogConversionOptions(languages: request.languages, jobs: 1))
        } catch {
            throw ServiceError(error)
        }
        let changes = conversion.changes.map { change in
            let value = catalog.values[change.valueIndex]
            return CatalogConversionResponse.Change(key: value.key, language: value.language, path: value.path,
                                                    original: value.text, spoken: change.text)
        }
        return CatalogConversionResponse(format: catalog.format.description, file: Data(conversion.bytes).base64EncodedString(),
                                         report: conversion.report, changes: changes)
    }

    /// `languages=fr,de` as a list; nil when absent or empty.
    static func languages(_ query: String?) -> [String]? {
        let names = (query ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return names.isEmpty ? nil : names
    }
}
