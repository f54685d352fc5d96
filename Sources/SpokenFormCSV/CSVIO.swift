#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

// Free functions so that the methods named `read`/`write` below can call the system ones.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(fd, buffer, count) }
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(fd, buffer, count) }

/// Where the converter reads bytes from.
public protocol CSVByteSource: AnyObject {
    /// Reads up to `buffer.count` bytes; returns 0 at the end of the input.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
}

/// Where the converter writes bytes to.
public protocol CSVByteSink: AnyObject {
    func write(_ bytes: UnsafeRawBufferPointer) throws
}

extension CSVByteSink {
    func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }
}

/// Reads a file descriptor (a file, a pipe, standard input).
public final class FileDescriptorSource: CSVByteSource {
    /// The descriptor read from or written to (not closed by this object).
    public let fileDescriptor: Int32
    /// Name used in error messages ("standard input", a path).
    public let name: String

    /// Uses `fileDescriptor`; `name` is what error messages call it.
    public init(fileDescriptor: Int32, name: String) {
        self.fileDescriptor = fileDescriptor
        self.name = name
    }

    /// - Throws: `SpokenFormError.invalidInput` saying what is wrong with the number (unless `lenient`); `invalidOption` for an unknown region.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        while true {
            let count = systemRead(fileDescriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            if errno == EINTR { continue }
            throw CSVError.io("cannot read \(name): \(String(cString: strerror(errno)))")
        }
    }
}

/// Writes to a file descriptor, retrying short writes.
public final class FileDescriptorSink: CSVByteSink {
    /// The descriptor read from or written to (not closed by this object).
    public let fileDescriptor: Int32
    /// Name used in error messages ("standard output", a path).
    public let name: String

    /// Uses `fileDescriptor`; `name` is what error messages call it.
    public init(fileDescriptor: Int32, name: String) {
        self.fileDescriptor = fileDescriptor
        self.name = name
    }

    /// - Throws: `CSVError` when the file cannot be written.
    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let count = systemWrite(fileDescriptor, base + offset, bytes.count - offset)
            if count < 0 {
                if errno == EINTR { continue }
                throw CSVError.io("cannot write \(name): \(String(cString: strerror(errno)))")
            }
            offset += count
        }
    }
}

/// Reads from bytes in memory (tests, library callers with small inputs).
public final class MemorySource: CSVByteSource {
    private let bytes: [UInt8]
    private var offset = 0
    /// Largest read, to exercise buffer boundaries in tests.
    private let readSize: Int

    /// Reads `bytes`, at most `readSize` of them per read.
    public init(_ bytes: [UInt8], readSize: Int = .max) {
        self.bytes = bytes
        self.readSize = max(1, readSize)
    }

    /// - Throws: `SpokenFormError.invalidInput` saying what is wrong with the number (unless `lenient`); `invalidOption` for an unknown region.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = min(buffer.count, bytes.count - offset, readSize)
        guard count > 0 else { return 0 }
        bytes.withUnsafeBytes { source in
            guard let from = source.baseAddress else { return }
            buffer.baseAddress?.copyMemory(from: from + offset, byteCount: count)
        }
        offset += count
        return count
    }
}

/// Collects the output in memory.
public final class MemorySink: CSVByteSink {
    /// Everything written so far.
    public private(set) var bytes: [UInt8] = []

    /// An empty sink.
    public init() {}

    /// - Throws: `CSVError` when the file cannot be written.
    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        self.bytes.append(contentsOf: bytes)
    }
}
