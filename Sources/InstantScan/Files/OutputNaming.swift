import Foundation

/// Names the files a scan writes: `-o OUT.png` for one print, `OUT-1.png, OUT-2.png…` for
/// several, or inside a folder (`-o DIR/`) after the photo's own name (`IMG_0042-1.png`).
package struct OutputNaming: Sendable {
    /// What `-o` named: a file path, or a folder when it ends in `/` or is an existing folder.
    package var target: String
    /// The extension for the encoder in use (`png`, `jpg`).
    package var fileExtension: String

    /// Makes a naming scheme.
    package init(target: String, fileExtension: String) {
        self.target = target
        self.fileExtension = fileExtension
    }

    /// True when `target` names a folder.
    package var isFolder: Bool {
        if target.hasSuffix("/") { return true }
        return SystemPath.kind(target) == .folder
    }

    /// The paths for `count` prints of the photo at `input`; in a folder they are named after
    /// `stem` when given (see ``OutputStems``), else after the photo's name without extension.
    package func paths(forPrints count: Int, of input: String, stem given: String? = nil) -> [String] {
        let base: String
        let ext: String
        if isFolder {
            let stem = given ?? URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent
            base = (target.hasSuffix("/") ? target : target + "/") + stem
            ext = fileExtension
        } else {
            let url = URL(fileURLWithPath: target)
            let given = url.pathExtension
            base = given.isEmpty ? target : String(target.dropLast(given.count + 1))
            ext = given.isEmpty ? fileExtension : given
        }
        // A folder gets numbered names even for one print, so that a re-run's names do not depend
        // on how many prints detection found.
        if count == 1 && !isFolder { return ["\(base).\(ext)"] }
        return (1...max(count, 1)).prefix(count).map { "\(base)-\($0).\(ext)" }
    }
}
