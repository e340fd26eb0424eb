import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes files so that a reader sees either the old file or the whole new one, never a part:
/// the bytes go to a temporary file beside the target, are flushed, and the temporary file is
/// renamed over the target (atomic on one file system). An interrupted write leaves no output.
public enum AtomicFile {
    /// Why a file could not be written.
    public enum WriteError: Error, Sendable, CustomStringConvertible, Equatable {
        /// The target exists and overwriting was not allowed.
        case exists(String)
        /// The target is one of the inputs.
        case wouldOverwriteInput(String)
        /// The operating system refused (no folder, no permission, disk full…).
        case failed(String, String)

        public var description: String {
            switch self {
            case let .exists(path): return "\(path): already exists (pass --overwrite to replace it)"
            case let .wouldOverwriteInput(path): return "\(path): refusing to overwrite an input photo"
            case let .failed(path, why): return "\(path): cannot write: \(why)"
            }
        }
    }

    /// Where ``stream(to:overwrite:protecting:_:)`` sends bytes.
    public struct Sink {
        fileprivate let fd: Int32
        fileprivate let path: String

        /// Appends `bytes`, retrying short writes.
        public func write(_ bytes: some Collection<UInt8>) throws {
            let failure: String? = bytes.withContiguousStorageIfAvailable { raw in
                AtomicFile.writeAll(fd, UnsafeRawBufferPointer(raw))
            } ?? Array(bytes).withUnsafeBytes { AtomicFile.writeAll(fd, $0) }
            if let failure { throw WriteError.failed(path, failure) }
        }

        /// Appends the UTF-8 of `text`.
        public func write(_ text: String) throws {
            try write(Array(text.utf8))
        }
    }

    /// Writes `bytes` to `path`.
    /// - Parameters:
    ///   - overwrite: replace an existing file (otherwise ``WriteError/exists(_:)``).
    ///   - protecting: input paths that must never be replaced, whatever `overwrite` says.
    public static func write(_ bytes: [UInt8], to path: String, overwrite: Bool = true,
                             protecting inputs: [String] = []) throws {
        try stream(to: path, overwrite: overwrite, protecting: inputs) { try $0.write(bytes) }
    }

    /// Writes whatever `body` sends to the sink into `path`, atomically: if `body` throws, no
    /// file appears and the error is passed on.
    public static func stream(to path: String, overwrite: Bool = true, protecting inputs: [String] = [],
                              _ body: (Sink) throws -> Void) throws {
        let target = URL(fileURLWithPath: path).standardizedFileURL
        if inputs.contains(where: { sameFile($0, target.path) }) {
            throw WriteError.wouldOverwriteInput(path)
        }
        if !overwrite, FileManager.default.fileExists(atPath: target.path) {
            throw WriteError.exists(path)
        }
        let folder = target.deletingLastPathComponent().path
        let temporary = folder + "/.\(target.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw WriteError.failed(path, String(cString: strerror(errno))) }
        defer { unlink(temporary) }
        do {
            try body(Sink(fd: fd, path: path))
        } catch {
            close(fd)
            throw error
        }
        if fsync(fd) != 0 {
            let why = String(cString: strerror(errno))
            close(fd)
            throw WriteError.failed(path, why)
        }
        if close(fd) != 0 { throw WriteError.failed(path, String(cString: strerror(errno))) }
        if overwrite {
            if rename(temporary, target.path) != 0 { throw WriteError.failed(path, String(cString: strerror(errno))) }
        } else if link(temporary, target.path) != 0 {
            // link() refuses to replace a file that appeared since the check above; rename would not.
            let code = errno
            if code == EEXIST { throw WriteError.exists(path) }
            throw WriteError.failed(path, String(cString: strerror(code)))
        }
    }

    /// Writes every byte, retrying short and interrupted writes; the error text, or nil.
    fileprivate static func writeAll(_ fd: Int32, _ raw: UnsafeRawBufferPointer) -> String? {
        var offset = 0
        while offset < raw.count {
            #if canImport(Glibc)
            let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
            #else
            let n = Darwin.write(fd, raw.baseAddress! + offset, raw.count - offset)
            #endif
            if n < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            offset += n
        }
        return nil
    }

    /// True when both paths name the same existing file (same device and inode).
    static func sameFile(_ a: String, _ b: String) -> Bool {
        var sa = stat(), sb = stat()
        guard stat(a, &sa) == 0, stat(b, &sb) == 0 else { return false }
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
    }
}
