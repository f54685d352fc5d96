import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A catalog named on the command line (`catalog`, `lint`), read whole: a regular file,
/// checked before anything can block or run forever.
///
/// Opened with `O_NONBLOCK`, so that a FIFO without a writer cannot hang the open (the type
/// check came after a blocking open); then its type is checked on the descriptor itself, so
/// nothing can be swapped in between; then read up to `sizeLimit`, so that an endless file
/// (a `/proc` file, a regular file that keeps growing) cannot exhaust memory.
enum CatalogFile {
    /// Real catalogs are a few MB; reading stops one byte past this.
    static let sizeLimit = 256 << 20

    struct Contents {
        let bytes: [UInt8]
        /// Device and inode, so that no output may replace the input.
        let identity: (dev: UInt64, ino: UInt64)
    }

    /// Why the file could not be read: one sentence naming it and what was expected.
    struct ReadError: Error, CustomStringConvertible {
        let description: String
    }

    /// What `stat`'s file type is called in the messages.
    static func typeName(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO"
        case S_IFSOCK: return "a socket"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFLNK: return "a symbolic link"
        default: return "not a regular file"
        }
    }

    static func read(_ path: String) throws -> Contents {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { throw ReadError(description: "cannot open \(path): \(String(cString: strerror(errno))).") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw ReadError(description: "cannot read \(path): \(String(cString: strerror(errno))).") }
        guard info.st_mode & S_IFMT == S_IFREG else {
            let what = typeName(info.st_mode)
            throw ReadError(description: "cannot read \(path): it is \(what == "not a regular file" ? what : what + ", not a regular file"); expected a catalog file (.xcstrings, .strings, .stringsdict, strings.xml or .po).")
        }
        // A regular file never blocks; reads go back to the usual mode all the same.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        guard info.st_size <= sizeLimit else { throw tooLarge(path) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        let chunk = 1 << 16
        var buffer = [UInt8](repeating: 0, count: chunk)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, chunk) }
            if count < 0 {
                if errno == EINTR { continue }
                throw ReadError(description: "cannot read \(path): \(String(cString: strerror(errno))).")
            }
            if count == 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
            guard bytes.count <= sizeLimit else { throw tooLarge(path) }
        }
        return Contents(bytes: bytes, identity: (UInt64(info.st_dev), UInt64(info.st_ino)))
    }

    private static func tooLarge(_ path: String) -> ReadError {
        ReadError(description: "cannot read \(path): it is larger than \(sizeLimit >> 20) MiB; expected a catalog file (real ones are a few MB).")
    }

    /// Whether two paths name one file: the same device and inode when both exist, the
    /// same canonical path when neither does yet (`-o new.xcstrings --report new.xcstrings`).
    static func sameFile(_ first: String, _ second: String) -> Bool {
        var a = stat(), b = stat()
        let firstExists = lstat(first, &a) == 0, secondExists = lstat(second, &b) == 0
        if firstExists && secondExists { return a.st_dev == b.st_dev && a.st_ino == b.st_ino }
        if firstExists != secondExists { return false }
        return canonical(first) == canonical(second)
    }

    /// The path with its folder resolved (`./a/../b.json` and `b.json` are one path).
    private static func canonical(_ path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        guard let resolved = realpath(folder, nil) else { return url.standardizedFileURL.path }
        defer { free(resolved) }
        return String(cString: resolved) + "/" + url.lastPathComponent
    }
}
