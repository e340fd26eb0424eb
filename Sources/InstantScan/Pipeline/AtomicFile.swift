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

    /// Writes `bytes` to `path`.
    /// - Parameters:
    ///   - overwrite: replace an existing file (otherwise ``WriteError/exists(_:)``).
    ///   - protecting: input paths that must never be replaced, whatever `overwrite` says.
    public static func write(_ bytes: [UInt8], to path: String, overwrite: Bool = true,
                             protecting inputs: [String] = []) throws {
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
        var failure: String?
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = systemWrite(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += n
            }
        }
        if failure == nil, fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        if close(fd) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        if failure == nil {
            if overwrite {
                if rename(temporary, target.path) != 0 { failure = String(cString: strerror(errno)) }
            } else if link(temporary, target.path) != 0 {
                // link() refuses to replace a file that appeared since the check above; rename would not.
                let code = errno
                unlink(temporary)
                if code == EEXIST { throw WriteError.exists(path) }
                failure = String(cString: strerror(code))
            }
        }
        unlink(temporary)
        if let failure { throw WriteError.failed(path, failure) }
    }

    private static func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.write(fd, buffer, count)
        #else
        return Darwin.write(fd, buffer, count)
        #endif
    }

    /// True when both paths name the same existing file (same device and inode).
    static func sameFile(_ a: String, _ b: String) -> Bool {
        var sa = stat(), sb = stat()
        guard stat(a, &sa) == 0, stat(b, &sb) == 0 else { return false }
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
    }
}
