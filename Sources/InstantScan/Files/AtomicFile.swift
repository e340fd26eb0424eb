import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes files so that a reader sees either the old file or the whole new one, never a part:
/// the bytes go to a temporary file beside the target, are flushed, and the temporary file is
/// renamed over the target (atomic on one file system). An interrupted write leaves no output.
///
/// Public for its ``WriteError``, which ``OutputEncoder/write(_:to:overwrite:protecting:)`` and
/// ``AlbumBuilder`` throw; the writes themselves are the package's.
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
            case let .exists(path): return "\(path): already exists"
            case let .wouldOverwriteInput(path): return "\(path): refusing to overwrite an input photo"
            case let .failed(path, why): return "\(path): cannot write: \(why)"
            }
        }
    }

    /// Where ``stream(to:overwrite:protecting:_:)`` sends bytes.
    package struct Sink {
        fileprivate let fd: Int32
        fileprivate let path: String

        /// Appends `bytes`, retrying short writes.
        package func write(_ bytes: some Collection<UInt8>) throws {
            let failure: String? = bytes.withContiguousStorageIfAvailable { raw in
                AtomicFile.writeAll(fd, UnsafeRawBufferPointer(raw))
            } ?? Array(bytes).withUnsafeBytes { AtomicFile.writeAll(fd, $0) }
            if let failure { throw WriteError.failed(path, failure) }
        }

        /// Appends the UTF-8 of `text`.
        package func write(_ text: String) throws {
            try write(Array(text.utf8))
        }
    }

    /// Writes `bytes` to `path`.
    /// - Parameters:
    ///   - overwrite: replace an existing file (otherwise ``WriteError/exists(_:)``).
    ///   - protecting: input paths that must never be replaced, whatever `overwrite` says.
    package static func write(_ bytes: [UInt8], to path: String, overwrite: Bool = true,
                             protecting inputs: [String] = []) throws {
        try stream(to: path, overwrite: overwrite, protecting: ProtectedFiles(inputs)) { try $0.write(bytes) }
    }

    /// Writes `bytes` to `path`, never replacing a file in `inputs`.
    package static func write(_ bytes: [UInt8], to path: String, overwrite: Bool, protecting inputs: ProtectedFiles) throws {
        try stream(to: path, overwrite: overwrite, protecting: inputs) { try $0.write(bytes) }
    }

    /// Writes whatever `body` sends to the sink into `path`, atomically (see
    /// the variant taking ``ProtectedFiles``).
    package static func stream(to path: String, overwrite: Bool = true, protecting inputs: [String] = [],
                               _ body: (Sink) throws -> Void) throws {
        try stream(to: path, overwrite: overwrite, protecting: ProtectedFiles(inputs), body)
    }

    /// Writes whatever `body` sends to the sink into `path`, atomically: if `body` throws, no
    /// file appears and the error is passed on.
    package static func stream(to path: String, overwrite: Bool, protecting inputs: ProtectedFiles,
                               _ body: (Sink) throws -> Void) throws {
        let target = URL(fileURLWithPath: path).standardizedFileURL
        if inputs.contains(target.path) {
            throw WriteError.wouldOverwriteInput(path)
        }
        if !overwrite, SystemPath.exists(target.path) {
            throw WriteError.exists(path)
        }
        let folder = target.deletingLastPathComponent().path
        // Named after the target, but within NAME_MAX: a target named near the limit gets a
        // generic temporary name rather than a failed write.
        let name = SystemPath.bytes(target.lastPathComponent).count > 200 ? "instantscan" : target.lastPathComponent
        let temporary = folder + "/.\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        // Every call below names the file by its exact bytes (SystemPath): a folder whose name is
        // not UTF-8 is written into, not a look-alike created beside it.
        let fd = SystemPath.withCString(temporary) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) }
        guard fd >= 0 else { throw WriteError.failed(path, String(cString: strerror(errno))) }
        inFlight.insert(temporary)
        defer {
            SystemPath.withCString(temporary) { _ = unlink($0) }
            inFlight.remove(temporary)
        }
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
            if SystemPath.withCString(temporary, { from in SystemPath.withCString(target.path) { rename(from, $0) } }) != 0 {
                throw WriteError.failed(path, String(cString: strerror(errno)))
            }
        } else if SystemPath.withCString(temporary, { from in SystemPath.withCString(target.path) { link(from, $0) } }) != 0 {
            // link() refuses to replace a file that appeared since the check above; rename would not.
            let code = errno
            if code == EEXIST { throw WriteError.exists(path) }
            throw WriteError.failed(path, String(cString: strerror(code)))
        }
    }

    /// Removes the temporary files of writes still in progress, for a process about to exit at
    /// once (a second Ctrl-C): their targets are never created, and no temporary is left behind.
    package static func removeTemporariesInFlight() {
        for path in inFlight.drain() { SystemPath.withCString(path) { _ = unlink($0) } }
    }

    /// Removes the temporary files that writes of processes no longer running left below `folder`
    /// (a run killed outright, a power cut), and returns their paths. A temporary is named
    /// `.NAME.PID.RANDOM.tmp`; one whose process still runs is left alone, as is every other file,
    /// and one whose target (`NAME` in its folder) `isOwn` rejects: a process ID means nothing
    /// beyond this machine, so in a folder shared with other machines only one's own targets are
    /// safe to clean.
    @discardableResult
    package static func removeStaleTemporaries(under folder: String, isOwn: (String) -> Bool = { _ in true }) -> [String] {
        var removed: [String] = []
        var pending = [folder]
        while let current = pending.popLast() {
            guard case let .success(names) = SystemPath.names(inFolder: current) else { continue }
            for name in names {
                let path = current.hasSuffix("/") ? current + name : current + "/" + name
                if let info = SystemPath.linkStatus(path), (info.st_mode & S_IFMT) == S_IFDIR {
                    pending.append(path)
                    continue
                }
                guard let pid = writerProcess(ofTemporary: name), kill(pid, 0) != 0, errno == ESRCH else { continue }
                let target = (current.hasSuffix("/") ? current : current + "/")
                    + name.dropFirst().split(separator: ".", omittingEmptySubsequences: false).dropLast(3).joined(separator: ".")
                guard isOwn(target) else { continue }
                if SystemPath.withCString(path, { unlink($0) }) == 0 { removed.append(path) }
            }
        }
        return removed
    }

    /// The PID in a temporary's name `.NAME.PID.RANDOM.tmp`, or nil for any other name.
    static func writerProcess(ofTemporary name: String) -> pid_t? {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return nil }
        let parts = name.dropLast(4).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 4, let random = parts.last, UInt32(random) != nil,
              let pid = pid_t(parts[parts.count - 2]), pid > 0 else { return nil }
        return pid
    }

    /// The temporaries of this process's writes in progress.
    private static let inFlight = TemporaryRegistry()

    /// Writes every byte, retrying short and interrupted writes; the error text, or nil.
    static func writeAll(_ fd: Int32, _ raw: UnsafeRawBufferPointer) -> String? {
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
        guard let sa = SystemPath.status(a), let sb = SystemPath.status(b) else { return false }
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
    }
}

/// The paths of temporary files being written, shared by every thread of the process.
private final class TemporaryRegistry: @unchecked Sendable {
    private let lock = NSLock()
    private var paths: Set<String> = []

    func insert(_ path: String) { lock.withLock { _ = paths.insert(path) } }
    func remove(_ path: String) { lock.withLock { _ = paths.remove(path) } }

    /// Every path, leaving the registry empty.
    func drain() -> Set<String> {
        lock.withLock {
            defer { paths = [] }
            return paths
        }
    }
}
