import Foundation

/// The output paths one run has handed out, so that no two outputs of a run share a path: a scan
/// silently replaced by the next photo's (`a.jpg`, `a.JPG`, `a.png` all named `a-1.png`) is a lost
/// scan. Paths are compared without case, since on a case-insensitive file system (macOS, a USB
/// stick) `A-1.png` and `a-1.png` are one file.
package final class OutputClaims: @unchecked Sendable {
    /// Two inputs of one run would write the same file.
    package struct Collision: Error, Sendable, Equatable, CustomStringConvertible {
        /// The output path.
        package var path: String
        /// The input that claimed it first.
        package var owner: String

        package var description: String {
            "\(path): already written in this run as \(owner); give them different names"
        }
    }

    private let lock = NSLock()
    private var owners: [String: String] = [:]

    /// An empty set of claims.
    package init() {}

    /// Claims every path in `paths` for `owner`, or none of them: throws ``Collision`` when one
    /// already belongs to another owner. Claiming a path twice for the same owner is allowed.
    package func claim(_ paths: [String], for owner: String) throws {
        try lock.withLock {
            let keys = paths.map(Self.key)
            for (path, key) in zip(paths, keys) {
                if let existing = owners[key], existing != owner { throw Collision(path: path, owner: existing) }
            }
            for key in keys { owners[key] = owner }
        }
    }

    private static func key(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path.lowercased()
    }
}
