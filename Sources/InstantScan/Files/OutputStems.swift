/// The stem each photo's outputs are named after, distinct for photos whose names differ only by
/// extension (or by case).
///
/// The scheme: a photo's outputs are `STEM-N.ext` after its name without the extension
/// (`IMG_0042.jpg` → `IMG_0042-1.png`), unless another photo going to the same folder has the same
/// stem, compared without case; then every photo of that group keeps its whole name
/// (`a.jpg` → `a.jpg-1.png`, `a.JPG` → `a.JPG-1.png`, `a.png` → `a.png-1.png`). A name depends only
/// on which photos share the folder, never on the order they are listed or scanned in.
public enum OutputStems {
    /// The stem for each of `names` (relative paths or plain file names), keyed by that name.
    public static func stems(for names: [String]) -> [String: String] {
        var groups: [String: [String]] = [:]
        for name in Set(names) {
            groups[groupKey(name), default: []].append(name)
        }
        var stems: [String: String] = [:]
        for members in groups.values {
            for name in members {
                let file = fileName(of: name)
                stems[name] = members.count > 1 ? file : stem(of: file)
            }
        }
        return stems
    }

    /// The folder part and the lowercased stem: photos with equal keys would share output names.
    private static func groupKey(_ name: String) -> String {
        let file = fileName(of: name)
        let folder = name.dropLast(file.count)
        return String(folder) + "\u{0}" + stem(of: file).lowercased()
    }

    private static func fileName(of name: String) -> String {
        name.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? name
    }

    /// The name without its last extension; a name that is only a dot and an extension keeps it.
    static func stem(of file: String) -> String {
        guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return file }
        return String(file[..<dot])
    }
}
