import Foundation

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

    /// Reads the whole file.
    public static func read(_ path: String) throws -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ReadError.missing(path)
        }
        guard !isDirectory.boolValue else { throw ReadError.isDirectory(path) }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ReadError.unreadable(path, "permission denied")
        }
        defer { try? handle.close() }
        do {
            let size = try handle.seekToEnd()
            guard size <= UInt64(maximumBytes) else { throw ReadError.tooLarge(path, Int(size)) }
            try handle.seek(toOffset: 0)
            return [UInt8](try handle.readToEnd() ?? Data())
        } catch let error as ReadError {
            throw error
        } catch {
            throw ReadError.unreadable(path, error.localizedDescription)
        }
    }
}
