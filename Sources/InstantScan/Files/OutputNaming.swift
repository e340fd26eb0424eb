import Foundation

/// Names the files a scan writes: `-o OUT.png` for one print, `OUT-1.png, OUT-2.png…` for
/// several, or inside a folder (`-o DIR/`) after the photo's own name (`IMG_0042-1.png`), cut to
/// fit NAME_MAX when the photo's name is near it (``fitted(_:leaving:)``).
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
            // Room for two digits of print number whatever the count, so the cut does not depend on it.
            let suffix = "-99.\(fileExtension)"
            base = (target.hasSuffix("/") ? target : target + "/") + Self.fitted(stem, leaving: suffix.utf8.count)
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

    /// The longest file name most file systems take, in bytes (NAME_MAX).
    static let longestName = 255

    /// `stem`, or when `stem` and `suffix` bytes more would exceed ``longestName``, its start cut
    /// at a character and `~` and eight hex digits of a hash of the whole stem's bytes added: a
    /// photo named near the limit still gets a scan, and two such photos get two names.
    static func fitted(_ stem: String, leaving suffix: Int) -> String {
        let bytes = SystemPath.bytes(stem)
        guard bytes.count + suffix > longestName else { return stem }
        var hash: UInt32 = 2_166_136_261
        for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        let tag = "~" + String(format: "%08x", hash)
        var kept = ""
        var used = 0
        for scalar in stem.unicodeScalars {
            let size = SystemPath.bytes(String(scalar)).count
            guard used + size + tag.utf8.count + suffix <= longestName else { break }
            kept.unicodeScalars.append(scalar)
            used += size
        }
        return kept + tag
    }
}
