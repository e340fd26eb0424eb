#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Files that no write may replace, whatever `--overwrite` says: a run's input photos. Held as
/// device and inode, so another spelling of a path (`./a.jpg`, a symlink, a hard link, `-o` equal
/// to the input folder) is still recognised, and a batch of thousands checks each write at once.
package struct ProtectedFiles: Sendable {
    private struct Identity: Hashable, Sendable {
        var device: UInt64
        var inode: UInt64
    }

    private var identities: Set<Identity> = []

    /// Protects the files at `paths` (those that exist now).
    package init(_ paths: some Sequence<String>) {
        for path in paths {
            if let identity = Self.identity(of: path) { identities.insert(identity) }
        }
    }

    /// True when `path` is (another name of) a protected file.
    package func contains(_ path: String) -> Bool {
        guard !identities.isEmpty, let identity = Self.identity(of: path) else { return false }
        return identities.contains(identity)
    }

    private static func identity(of path: String) -> Identity? {
        guard let info = SystemPath.status(path) else { return nil }
        return Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }
}
