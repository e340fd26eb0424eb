import Foundation

/// Lists the photos a batch should scan: every JPEG and PNG in a folder (and its subfolders when
/// recursive), in a stable order, leaving out the output folder and hidden files.
public enum PhotoFinder {
    /// File extensions taken as photos (compared without case).
    public static let extensions: Set<String> = ["jpg", "jpeg", "png"]

    /// One photo and its path relative to the folder searched (which names its outputs).
    public struct Photo: Sendable, Hashable {
        /// The path to read.
        public var path: String
        /// The path below the searched folder, e.g. `2019/IMG_0042.jpg`.
        public var relativePath: String
    }

    /// The photos below `folder`, sorted by relative path.
    public static func photos(in folder: String, recursive: Bool, excluding excluded: String? = nil) throws -> [Photo] {
        let root = URL(fileURLWithPath: folder).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory) else {
            throw PhotoFile.ReadError.missing(folder)
        }
        guard isDirectory.boolValue else { throw PhotoFile.ReadError.unreadable(folder, "not a folder") }
        let skip = excluded.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        var found: [Photo] = []
        var pending = [""]
        while let relative = pending.popLast() {
            let url = relative.isEmpty ? root : root.appendingPathComponent(relative)
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: url.path)
            } catch {
                throw PhotoFile.ReadError.unreadable(url.path, "cannot list folder")
            }
            for name in names where !name.hasPrefix(".") {
                let child = relative.isEmpty ? name : relative + "/" + name
                let path = root.appendingPathComponent(child).path
                var childIsDirectory: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: path, isDirectory: &childIsDirectory)
                if childIsDirectory.boolValue {
                    if recursive && path != skip { pending.append(child) }
                } else if extensions.contains(URL(fileURLWithPath: name).pathExtension.lowercased()) {
                    found.append(Photo(path: path, relativePath: child))
                }
            }
        }
        return found.sorted { $0.relativePath < $1.relativePath }
    }
}
