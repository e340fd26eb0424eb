#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a photo's bytes with errors that say what is wrong with the path.
public enum PhotoFile {
    /// Why a file could not be read.
    public enum ReadError: Error, Sendable, Equatable, CustomStringConvertible {
        /// Nothing at that path.
        case missing(String)
        /// A folder, not a file.
        case isDirectory(String)
        /// The operating system refused.
        case unreadable(String, String)
        /// Larger than any photo this tool takes.
        case tooLarge(String, Int)

        public var description: String {
            switch self {
            case let .missing(path): return "\(path): no such file"
            case let .isDirectory(path): return "\(path): is a folder, not a photo"
            case let .unreadable(path, why): return "\(path): cannot read: \(why)"
            case let .tooLarge(path, bytes): return "\(path): \(bytes / 1_048_576) MB is too large for a photo"
            }
        }
    }

    /// Files above this size are refused before reading (no phone JPEG comes near it).
    public static let maximumBytes = 512 * 1_048_576

    /// Reads the whole file (by its exact bytes: see ``SystemPath``).
    public static func read(_ path: String) throws -> [UInt8] {
        // O_NONBLOCK: a FIFO with no writer would block the open for ever; it is cleared below.
        let fd = SystemPath.withCString(path) { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT { throw ReadError.missing(path) }
            throw ReadError.unreadable(path, String(cString: strerror(code)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw ReadError.unreadable(path, String(cString: strerror(errno))) }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: throw ReadError.isDirectory(path)
        // A terminal, /dev/zero, a disk: never a photo, and read to the end they wait or never end.
        case S_IFCHR, S_IFBLK: throw ReadError.unreadable(path, "a device, not a file")
        default: break
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        guard Int(info.st_size) <= maximumBytes else { throw ReadError.tooLarge(path, Int(info.st_size)) }
        // Read to the end rather than st_size bytes: a pipe or a file still growing has no fixed size.
        // One byte more than the file, so that the read finding its end needs no larger array (a
        // photo's bytes are held until its last print is written; grown by half and copied, a
        // regular file's array was twice the file).
        var bytes = [UInt8](repeating: 0, count: max(Int(info.st_size), 0) + 1)
        var filled = 0
        while true {
            if filled == bytes.count {
                guard bytes.count <= maximumBytes else { throw ReadError.tooLarge(path, bytes.count) }
                bytes.append(contentsOf: repeatElement(0, count: max(65_536, bytes.count / 2)))
            }
            let n = bytes.withUnsafeMutableBytes { raw in
                #if canImport(Glibc)
                Glibc.read(fd, raw.baseAddress! + filled, raw.count - filled)
                #else
                Darwin.read(fd, raw.baseAddress! + filled, raw.count - filled)
                #endif
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw ReadError.unreadable(path, String(cString: strerror(errno)))
            }
            if n == 0 { break }
            filled += n
        }
        bytes.removeSubrange(filled...)
        return bytes
    }
}
