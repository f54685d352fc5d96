import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The temporary files being written, for the signal handler: the buffers mkstemp writes
/// the names into, each set before its file exists (a C handler cannot capture context).
/// Several slots: `catalog -o FILE --report REPORT` writes two files at once.
private let temporarySlotCount = 4
nonisolated(unsafe) private let temporaryPathsForSignals: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
    let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: temporarySlotCount)
    slots.initialize(repeating: nil, count: temporarySlotCount)
    return slots
}()
nonisolated(unsafe) private var signalHandlersInstalled = false

/// Every signal whose default action ends the process and that a handler can catch: the
/// temporary file is removed, then the signal is raised again with its default action,
/// so the exit status still says which signal ended the run (SIGKILL and SIGSTOP cannot
/// be caught: after SIGKILL the temporary file stays, see `Docs/csv.md`).
private let terminatingSignals: [Int32] = [
    SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE, SIGALRM, SIGUSR1, SIGUSR2, SIGVTALRM, SIGPROF,
    SIGXCPU, SIGXFSZ, SIGPOLL, SIGSYS,
    // Crashes: a trap in Swift code (SIGILL, SIGTRAP), a bad access or a stack overflow (SIGSEGV, SIGBUS).
    SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV,
]

/// `-o FILE`: the output goes to a temporary file beside FILE, renamed over it only when
/// the run completes, so FILE is never half written.
///
/// FILE must be a new path or an existing regular file: a directory, a symbolic link, a
/// device, a FIFO or a socket is refused before anything is read (renaming over one would
/// replace the node itself: as root, `-o /dev/null` replaced the system's). An existing
/// file keeps its mode and owner. The input (a named file or standard input) is never a
/// valid FILE.
///
/// Two files written together (`catalog -o FILE --report REPORT`) are both created before
/// either is written, flushed with `flush()`, then renamed: a refused or unwritable second
/// file leaves the first target as it was.
final class AtomicOutputFile {
    let path: String
    let temporaryPath: String
    let fileDescriptor: Int32
    private var finished = false
    private var flushed = false
    private var slot: Int

    struct Failure: Error, CustomStringConvertible { var description: String }

    /// - Parameters:
    ///   - input: device and inode of the input, when it is a file.
    ///   - option: the option naming `path`, for the messages (`-o`, `--report`).
    init(path: String, notOver input: (dev: UInt64, ino: UInt64)?, option: String = "-o") throws {
        self.path = path
        var existing = stat()
        let exists = lstat(path, &existing) == 0
        if !exists && errno != ENOENT {
            throw Failure(description: "cannot write \(path): \(String(cString: strerror(errno))).")
        }
        if exists {
            let type = existing.st_mode & S_IFMT
            guard type == S_IFREG else {
                let what = type == S_IFDIR ? "a directory" : type == S_IFLNK ? "a symbolic link (give the file it points to)"
                    : type == S_IFIFO ? "a FIFO" : type == S_IFSOCK ? "a socket" : "a device"
                throw Failure(description: "refusing to write \(path): it is \(what), not a regular file; \(option) writes a regular file.")
            }
            if let input, UInt64(existing.st_dev) == input.dev, UInt64(existing.st_ino) == input.ino {
                throw Failure(description: "refusing to write over the input \(path): choose another \(option) file.")
            }
        }
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        // The handlers are installed before the file exists and hold the very buffer mkstemp
        // writes its name into: a signal at any moment after the file is created removes it.
        // (Installed after mkstemp, a signal in between left the file: seen under load.)
        guard let template = strdup("\(directory)/.\(url.lastPathComponent).spokenform-XXXXXX") else {
            throw Failure(description: "cannot create a temporary file in \(directory): out of memory.")
        }
        guard let freeSlot = (0..<temporarySlotCount).first(where: { temporaryPathsForSignals[$0] == nil }) else {
            free(template)
            throw Failure(description: "cannot write \(path): more than \(temporarySlotCount) output files at once.")
        }
        slot = freeSlot
        Self.installSignalHandlers(removing: template, slot: slot)
        let fd = mkstemp(template)
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            temporaryPathsForSignals[slot] = nil
            free(template)
            throw Failure(description: "cannot create a temporary file in \(directory): \(reason).")
        }
        fileDescriptor = fd
        temporaryPath = String(cString: template)

        if exists {
            // The replacement takes the old file's mode and owner: the rename must not
            // widen a 0600 file to 0644, nor hand root's file to whoever ran the command.
            let mode = existing.st_mode & 0o7777
            if existing.st_uid != geteuid() || existing.st_gid != getegid() {
                guard fchown(fd, existing.st_uid, existing.st_gid) == 0 else {
                    let reason = String(cString: strerror(errno))
                    discard()
                    throw Failure(description: "refusing to replace \(path): its owner (\(existing.st_uid):\(existing.st_gid)) could not be kept (\(reason)); write to a new file instead.")
                }
            }
            fchmod(fd, mode)
        } else {
            // mkstemp creates 0600; give the file the mode a plain create would.
            let mask = umask(0)
            umask(mask)
            fchmod(fd, 0o666 & ~mask)
        }
    }

    /// Removes the temporary file on every catchable terminating signal, crashes included.
    /// The handler only calls async-signal-safe functions, and runs on its own stack so that
    /// a stack overflow on the main thread still cleans up.
    private static func installSignalHandlers(removing path: UnsafeMutablePointer<CChar>, slot: Int) {
        temporaryPathsForSignals[slot] = path
        guard !signalHandlersInstalled else { return }
        signalHandlersInstalled = true
        let stackSize = 64 << 10
        var stack = stack_t()
        stack.ss_sp = UnsafeMutableRawPointer.allocate(byteCount: stackSize, alignment: 16)
        stack.ss_size = stackSize
        stack.ss_flags = 0
        sigaltstack(&stack, nil)
        // A blocked signal would stay pending while the run goes on (a parent may hand its
        // mask down): the promise is cleanup, so the handled signals are unblocked.
        var handled = sigset_t()
        sigemptyset(&handled)
        for signalNumber in terminatingSignals { sigaddset(&handled, signalNumber) }
        pthread_sigmask(SIG_UNBLOCK, &handled, nil)
        for signalNumber in terminatingSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { received in
                for index in 0..<temporarySlotCount {
                    if let path = temporaryPathsForSignals[index] { unlink(path) }
                }
                signal(received, SIG_DFL)
                raise(received)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = Int32(SA_ONSTACK) | Int32(bitPattern: UInt32(SA_RESETHAND))
            sigaction(signalNumber, &action, nil)
        }
    }

    /// Writes all of `bytes` to the temporary file; throws naming the target.
    func write(_ bytes: [UInt8]) throws {
        let written = bytes.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let count = Glibc.write(fileDescriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        guard written else { throw Failure(description: "cannot write \(path): \(String(cString: strerror(errno))).") }
    }

    /// Flushes and closes the temporary file, so that only the rename is left to do. On
    /// failure the temporary file is removed and the target left as it was.
    func flush() throws {
        guard !finished, !flushed else { return }
        flushed = true
        guard fsync(fileDescriptor) == 0 || errno == EINVAL, close(fileDescriptor) == 0 else {
            let message = String(cString: strerror(errno))
            finish(removing: true)
            throw Failure(description: "cannot write \(path): \(message).")
        }
    }

    /// Flushes, closes and renames the temporary file over the target.
    func commit() throws {
        guard !finished else { return }
        try flush()
        let renamed = rename(temporaryPath, path) == 0
        let message = String(cString: strerror(errno))
        finish(removing: !renamed)
        guard renamed else { throw Failure(description: "cannot rename the output to \(path): \(message).") }
    }

    /// Removes the temporary file: the target is left as it was.
    func discard() {
        guard !finished else { return }
        if !flushed { close(fileDescriptor) }
        finish(removing: true)
    }

    /// The temporary file is gone (renamed or removed): its slot is no longer the signal handler's.
    private func finish(removing: Bool) {
        finished = true
        if removing { unlink(temporaryPath) }
        if let name = temporaryPathsForSignals[slot] {
            temporaryPathsForSignals[slot] = nil
            free(name)
        }
    }
}
