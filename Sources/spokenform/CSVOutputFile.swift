import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The temporary file being written, for the signal handler (set once, before the
/// handlers are installed; a C handler cannot capture context).
nonisolated(unsafe) private var temporaryPathForSignals: UnsafeMutablePointer<CChar>?

/// `-o FILE`: the output goes to a temporary file beside FILE, renamed over it only when
/// the run completes, so FILE is never half written. Refuses to replace the input.
final class AtomicOutputFile {
    let path: String
    let temporaryPath: String
    let fileDescriptor: Int32
    private var finished = false

    struct Failure: Error, CustomStringConvertible { var description: String }

    init(path: String, notOver input: (dev: UInt64, ino: UInt64)?) throws {
        self.path = path
        var existing = stat()
        if let input, stat(path, &existing) == 0, UInt64(existing.st_dev) == input.dev, UInt64(existing.st_ino) == input.ino {
            throw Failure(description: "refusing to write over the input \(path): choose another -o file.")
        }
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        var template = Array("\(directory)/.\(url.lastPathComponent).spokenform-XXXXXX".utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else {
            throw Failure(description: "cannot create a temporary file in \(directory): \(String(cString: strerror(errno)))")
        }
        fileDescriptor = fd
        temporaryPath = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // mkstemp creates 0600; give the file the mode a plain create would.
        let mask = umask(0)
        umask(mask)
        fchmod(fd, 0o666 & ~mask)
        temporaryPathForSignals = strdup(temporaryPath)
        for signalNumber in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] {
            signal(signalNumber) { received in
                if let path = temporaryPathForSignals { unlink(path) }
                _exit(128 + received)
            }
        }
    }

    /// Flushes, closes and renames the temporary file over the target.
    func commit() throws {
        guard !finished else { return }
        finished = true
        guard fsync(fileDescriptor) == 0 || errno == EINVAL, close(fileDescriptor) == 0 else {
            let message = String(cString: strerror(errno))
            unlink(temporaryPath)
            throw Failure(description: "cannot write \(path): \(message)")
        }
        guard rename(temporaryPath, path) == 0 else {
            let message = String(cString: strerror(errno))
            unlink(temporaryPath)
            throw Failure(description: "cannot rename the output to \(path): \(message)")
        }
    }

    /// Removes the temporary file: the target is left as it was.
    func discard() {
        guard !finished else { return }
        finished = true
        close(fileDescriptor)
        unlink(temporaryPath)
    }
}
