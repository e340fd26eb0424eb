#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Creates output folders (`mkdir -p`) with errors a person can read: Foundation's read
/// "The operation could not be completed. (NSCocoaErrorDomain Code=642 …)".
package enum OutputFolder {
    /// Creates `path` and any missing parents; an existing folder is fine.
    package static func create(_ path: String) throws {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + component
            if SystemPath.withCString(prefix, { mkdir($0, 0o777) }) == 0 { continue }
            let code = errno
            if code == EEXIST, SystemPath.kind(prefix) == .folder { continue }
            let why = code == EEXIST || code == ENOTDIR ? "\(prefix) is a file, not a folder" : String(cString: strerror(code))
            throw AtomicFile.WriteError.failed(path, "cannot create the folder: \(why)")
        }
    }
}
