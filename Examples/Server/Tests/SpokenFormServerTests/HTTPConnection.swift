import Foundation
import SpokenFormService
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// One keep-alive HTTP/1.1 connection to 127.0.0.1, on a blocking socket. The tests'
/// own client, so that they can also send what no well-behaved client sends (a body
/// cut short, a declared length that lies) and so that 100,000 requests cost little.
/// Every read has a timeout: a server that hangs fails the test, never blocks it.
final class HTTPConnection {
    struct Response {
        var status: Int
        var headers: [String: String]
        var body: Data
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
        var errorCode: String? { (json["error"] as? [String: Any])?["code"] as? String }
        var text: String? { json["text"] as? String }
    }

    struct Failure: Error, CustomStringConvertible { var description: String }

    private let socket: Int32
    /// Bytes received and not yet consumed.
    private var buffer = [UInt8]()
    private var chunk = [UInt8](repeating: 0, count: 65536)

    init(port: Int, timeoutSeconds: Int = 20) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket() failed") }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var noDelay: Int32 = 1
        setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { close(socket); throw Failure(description: "connect to 127.0.0.1:\(port) failed: errno \(errno)") }
    }

    deinit { close(socket) }

    /// Sends raw bytes (a request, or part of one).
    func write(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw Failure(description: "send failed: errno \(errno)") }
            offset += sent
        }
    }

    func request(_ method: String, _ path: String, body: Data? = nil, headers: [String: String] = [:]) throws -> Response {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if let body, headers["Content-Length"] == nil, headers["Transfer-Encoding"] == nil {
            head += "Content-Length: \(body.count)\r\n"
        }
        head += "\r\n"
        try write(Array(head.utf8) + (body.map(Array.init) ?? []))
        return try readResponse(toHead: method == "HEAD")
    }

    func post(_ path: String, json: String) throws -> Response {
        try request("POST", path, body: Data(json.utf8))
    }

    func post(_ path: String, _ object: [String: Any]) throws -> Response {
        try request("POST", path, body: try JSONSerialization.data(withJSONObject: object))
    }

    /// Reads one response: status line, headers, then a Content-Length or chunked body
    /// (none in the answer to a HEAD request, whatever its headers say).
    func readResponse(toHead: Bool = false) throws -> Response {
        let headEnd = try readUntil([13, 10, 13, 10])
        let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
        buffer.removeFirst(headEnd + 4)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw Failure(description: "bad status line in \(head)") }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Data()
        if toHead {
            return Response(status: status, headers: headers, body: body)
        }
        if let length = headers["content-length"].flatMap(Int.init) {
            try fill(length)
            body = Data(buffer[..<length])
            buffer.removeFirst(length)
        } else if headers["transfer-encoding"]?.lowercased() == "chunked" {
            while true {
                let lineEnd = try readUntil([13, 10])
                let size = Int(String(decoding: buffer[..<lineEnd], as: UTF8.self), radix: 16) ?? 0
                buffer.removeFirst(lineEnd + 2)
                try fill(size + 2)
                body.append(contentsOf: buffer[..<size])
                buffer.removeFirst(size + 2)
                if size == 0 { break }
            }
        }
        return Response(status: status, headers: headers, body: body)
    }

    /// True when the server has closed the connection (a read returns end of file).
    func isClosedByServer() -> Bool {
        var byte: UInt8 = 0
        return recv(socket, &byte, 1, 0) == 0
    }

    /// Offset of `marker` in the bytes received so far, reading more until it comes.
    private func readUntil(_ marker: [UInt8]) throws -> Int {
        while true {
            if let found = buffer.firstRange(of: marker) { return found.lowerBound }
            try receive()
        }
    }

    private func fill(_ count: Int) throws {
        while buffer.count < count { try receive() }
    }

    private func receive() throws {
        let received = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        guard received > 0 else { throw Failure(description: received == 0 ? "connection closed by the server" : "recv failed: errno \(errno)") }
        buffer.append(contentsOf: chunk[..<received])
    }
}

/// The answer is the error `code`: its status, its stable code, a JSON body with a message
/// (mentioning `fragment` when given). One check for every suite that tests errors.
func expectError(_ response: HTTPConnection.Response, _ code: ServiceError.Code, mentioning fragment: String? = nil,
                 sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(response.status == Int(code.status.code), "\(String(decoding: response.body, as: UTF8.self))", sourceLocation: sourceLocation)
    #expect(response.errorCode == code.rawValue, sourceLocation: sourceLocation)
    #expect(response.headers["content-type"] == "application/json; charset=utf-8", sourceLocation: sourceLocation)
    let message = (response.json["error"] as? [String: Any])?["message"] as? String ?? ""
    #expect(!message.isEmpty, sourceLocation: sourceLocation)
    if let fragment { #expect(message.contains(fragment), "\(message)", sourceLocation: sourceLocation) }
}
