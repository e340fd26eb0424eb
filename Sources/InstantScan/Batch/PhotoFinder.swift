import Foundation

/// Lists the photos a batch should scan: every JPEG, PNG, HEIC and AVIF in a folder (and its subfolders when
/// recursive), in a stable order, leaving out the output folder and hidden files.
public enum PhotoFinder {
    /// File extensions taken as photos (compared without case).
    public static let extensions: Set<String> = ["jpg", "jpeg", "png", "heic", "heif", "hif", "avif"]

    /// One photo and its path relative to the folder searched (which names its outputs).
    public struct Photo: Sendable, Hashable {
        /// The path to read.
        public var path: String
        /// The path below the searched folder, e.g. `2019/IMG_0042.jpg`.
        public var relativePath: String
    }

    /// The photos below `folder`, sorted by relative path. Names are read as the system gives
    /// them, so a name that is not UTF-8 is found and opened (see ``SystemPath``).
    public static func photos(in folder: String, recursive: Bool, excluding excluded: String? = nil) throws -> [Photo] {
        let root = URL(fileURLWithPath: folder).standardizedFileURL.path
        switch SystemPath.kind(root) {
        case nil: throw PhotoFile.ReadError.missing(folder)
        case .folder?: break
        default: throw PhotoFile.ReadError.unreadable(folder, "not a folder")
        }
        let skip = excluded.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        var found: [Photo] = []
        var pending = [""]
        while let relative = pending.popLast() {
            let current = relative.isEmpty ? root : root + "/" + relative
            let names: [String]
            switch SystemPath.names(inFolder: current) {
            case let .success(list): names = list
            case let .failure(error): throw PhotoFile.ReadError.unreadable(current, "cannot list folder: \(error)")
            }
            for name in names where !name.hasPrefix(".") {
                let child = relative.isEmpty ? name : relative + "/" + name
                let path = (root == "/" ? "" : root) + "/" + child
                let kind = SystemPath.kind(path)
                if kind == .folder {
                    if recursive && path != skip { pending.append(child) }
                } else if kind == .file, extensions.contains(fileExtension(of: name)) {
                    found.append(Photo(path: path, relativePath: child))
                }
            }
        }
        return found.sorted { $0.relativePath < $1.relativePath }
    }

    /// The extension after the last dot, in lower case ("" for none or a leading dot only).
    static func fileExtension(of name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }
}
