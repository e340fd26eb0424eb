/// The stem each photo's outputs are named after, distinct for photos whose names differ only by
/// extension or by case.
///
/// The scheme: a photo's outputs are `STEM-N.ext` after its name without the extension
/// (`IMG_0042.jpg` → `IMG_0042-1.png`). When several photos going to one folder share a stem,
/// compared without case, one of them keeps it: the first by its name in lower case, and among
/// names equal in lower case the one with more lower-case letters (`a.jpg` before `a.JPG`). The
/// others keep their extension: `a.jpg` → `a-1.png`, `a.JPG` → `a.JPG-1.png`, `a.png` →
/// `a.png-1.png`. Should two of those still differ only by case (`a.JPG`, `a.Jpg`), the later by
/// byte order gets `~2`, `~3`… (`a.Jpg~2-1.png`), since on a case-insensitive file system they
/// would be one file; names that differ only in Unicode normalization are treated the same way.
/// A name depends only on which photos share the folder, never on the order they are listed or
/// scanned in.
package enum OutputStems {
    /// The stem for each of `names` (relative paths or plain file names), keyed by that name's
    /// bytes: names that differ only in Unicode normalization (`é` precomposed or not) are two
    /// files on Linux and one on a normalization-insensitive file system (macOS), so they are
    /// grouped like names that differ only by case, and ordered by their bytes.
    package static func stems(for names: [String]) -> [SystemPath.Key: String] {
        var unique: [SystemPath.Key: String] = [:]
        for name in names { unique[SystemPath.Key(name)] = name }
        // String keys on purpose: they group canonically equivalent names together.
        var groups: [String: [String]] = [:]
        for name in unique.values {
            groups[folder(of: name) + "\u{0}" + stem(of: fileName(of: name)).lowercased(), default: []].append(name)
        }
        var stems: [SystemPath.Key: String] = [:]
        for members in groups.values {
            guard members.count > 1 else {
                stems[SystemPath.Key(members[0])] = stem(of: fileName(of: members[0]))
                continue
            }
            let ordered = members.sorted { a, b in
                let (la, lb) = (a.lowercased(), b.lowercased())
                if la != lb { return la < lb }
                return a != b ? a > b : SystemPath.Key(a) < SystemPath.Key(b)
            }
            stems[SystemPath.Key(ordered[0])] = stem(of: fileName(of: ordered[0]))
            var byLowercased: [String: [String]] = [:]
            for name in ordered.dropFirst() { byLowercased[fileName(of: name).lowercased(), default: []].append(name) }
            for same in byLowercased.values {
                let sorted = same.sorted { a, b in a != b ? a < b : SystemPath.Key(a) < SystemPath.Key(b) }
                for (k, name) in sorted.enumerated() {
                    stems[SystemPath.Key(name)] = fileName(of: name) + (k == 0 ? "" : "~\(k + 1)")
                }
            }
        }
        return stems
    }

    private static func fileName(of name: String) -> String {
        name.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? name
    }

    private static func folder(of name: String) -> String {
        String(name.dropLast(fileName(of: name).count))
    }

    /// The name without its last extension; a name that is only a dot and an extension keeps it.
    static func stem(of file: String) -> String {
        guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return file }
        return String(file[..<dot])
    }
}
