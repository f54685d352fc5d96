import Foundation
import Hummingbird
import NIOCore

/// The listening page (`GET /`): plain HTML, CSS and JavaScript, no build step, shipped as
/// the package's resources (`ListenPage/`) and read once at start. It talks to the same
/// endpoints as any client: `/v1/locales`, `/v1/speak`, `/v1/lint`, `/v1/speak/audio`,
/// `/v1/catalog/convert`.
struct ListenPage: Sendable {
    struct Asset: Sendable {
        let body: ByteBuffer
        let contentType: String
    }

    /// By path: `/`, `/listen.css`, `/listen.js`.
    let assets: [String: Asset]

    static let files: [(path: String, file: String, contentType: String)] = [
        ("/", "index.html", "text/html; charset=utf-8"),
        ("/listen.css", "listen.css", "text/css; charset=utf-8"),
        ("/listen.js", "listen.js", "text/javascript; charset=utf-8"),
    ]

    /// The page's files from the resource bundle; a file that cannot be read is left out
    /// (its path answers 404), so a server copied without its bundle still serves the API.
    static func load() -> ListenPage {
        var assets: [String: Asset] = [:]
        let folder = resourceFolder()
        for (path, file, contentType) in files {
            guard let url = folder?.appendingPathComponent(file), let data = try? Data(contentsOf: url) else { continue }
            assets[path] = Asset(body: ByteBuffer(bytes: data), contentType: contentType)
        }
        return ListenPage(assets: assets)
    }

    /// `ListenPage/` in the resource bundle SwiftPM builds beside the executable (`.resources`
    /// on Linux, `.bundle` on macOS). Not `Bundle.module`: it stops the process when the
    /// bundle is missing, and the API must work without the page.
    static func resourceFolder() -> URL? {
        let beside = Bundle.main.bundleURL
        for name in ["SpokenFormServer_SpokenFormService.resources", "SpokenFormServer_SpokenFormService.bundle"] {
            if let bundle = Bundle(url: beside.appendingPathComponent(name)),
               let folder = bundle.url(forResource: "ListenPage", withExtension: nil) {
                return folder
            }
        }
        return nil
    }

    /// The page's own files and the server's endpoints only: no inline script or style, no
    /// other origin; audio is played from a `blob:` URL made of the fetched WAV.
    static let contentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
        + "media-src 'self' blob:; img-src 'self' data:; form-action 'none'; base-uri 'none'; frame-ancestors 'none'"

    func response(_ path: String) throws -> Response {
        // A ServiceError, not HTTPError(.notFound): that one reads as "no route" and would
        // answer 405 for a path that has one.
        guard let asset = assets[path] else {
            throw ServiceError(.notFound, "the listening page's files are not installed beside this server (SpokenFormServer_SpokenFormService.resources).")
        }
        return Response(status: .ok, headers: [
            .contentType: asset.contentType,
            .cacheControl: "no-cache",
            .contentSecurityPolicy: Self.contentSecurityPolicy,
            .xContentTypeOptions: "nosniff",
        ], body: ResponseBody(byteBuffer: asset.body))
    }
}

/// Each request's context, with the client's address (for the per-client rate of audio).
public struct ServerRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: SocketAddress?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// The client's address, the key of its rate limit (behind a proxy, the proxy's).
    var client: String { remoteAddress?.ipAddress ?? "unknown" }
}
