/// The stem each photo's outputs are named after, distinct for photos whose names differ only by
/// extension or by case, and stable from run to run.
///
/// The scheme: a photo's outputs are `STEM-N.ext` after its name without the extension
/// (`IMG_0042.jpg` → `IMG_0042-1.png`). A photo whose scans an earlier run already named keeps
/// that stem (`recorded`), so a photo added later never takes its name nor renames it. When
/// several photos going to one folder share a stem, compared without case, the first of those
/// still to be named gets it unless it is kept by another: the first by its name in lower case,
/// and among names equal in lower case the one with more lower-case letters (`a.jpg` before
/// `a.JPG`). The others keep their extension: `a.jpg` → `a-1.png`, `a.JPG` → `a.JPG-1.png`,
/// `a.png` → `a.png-1.png`. Should two of those still differ only by case (`a.JPG`, `a.Jpg`), or
/// one be kept already, the later by byte order gets `~2`, `~3`… (`a.Jpg~2-1.png`), since on a
/// case-insensitive file system they would be one file; names that differ only in Unicode
/// normalization are treated the same way. A name depends only on which photos share the folder
/// and which were named before, never on the order they are listed or scanned in.
package enum OutputStems {
    /// The stem for each of `names` (relative paths or plain file names), keyed by that name's
    /// bytes: names that differ only in Unicode normalization (`é` precomposed or not) are two
    /// files on Linux and one on a normalization-insensitive file system (macOS), so they are
    /// grouped like names that differ only by case, and ordered by their bytes. `recorded` holds
    /// the stems earlier runs gave (``recordedStem(ofOutput:)``), by the same keys: each is kept
    /// unless two photos claim one stem, when the first in the scheme's order keeps it.
    package static func stems(for names: [String], keeping recorded: [SystemPath.Key: String] = [:]) -> [SystemPath.Key: String] {
        var unique: [SystemPath.Key: String] = [:]
        for name in names { unique[SystemPath.Key(name)] = name }
        // String keys on purpose: they group canonically equivalent names together.
        var groups: [String: [String]] = [:]
        for name in unique.values {
            groups[folder(of: name) + "\u{0}" + stem(of: fileName(of: name)).lowercased(), default: []].append(name)
        }
        var stems: [SystemPath.Key: String] = [:]
        for members in groups.values {
            guard members.count > 1 || recorded[SystemPath.Key(members[0])] != nil else {
                stems[SystemPath.Key(members[0])] = stem(of: fileName(of: members[0]))
                continue
            }
            let ordered = members.sorted { a, b in
                let (la, lb) = (a.lowercased(), b.lowercased())
                if la != lb { return la < lb }
                return a != b ? a > b : SystemPath.Key(a) < SystemPath.Key(b)
            }
            // Stems compared as a case- and normalization-insensitive file system compares them.
            var taken = Set<String>()
            for name in ordered {
                if let kept = recorded[SystemPath.Key(name)], !kept.isEmpty, taken.insert(kept.lowercased()).inserted {
                    stems[SystemPath.Key(name)] = kept
                }
            }
            var rest = ordered.filter { stems[SystemPath.Key($0)] == nil }
            let plain = stem(of: fileName(of: ordered[0]))
            if let first = rest.first, taken.insert(plain.lowercased()).inserted {
                stems[SystemPath.Key(first)] = stem(of: fileName(of: first))
                rest.removeFirst()
            }
            var byLowercased: [String: [String]] = [:]
            for name in rest { byLowercased[fileName(of: name).lowercased(), default: []].append(name) }
            for key in byLowercased.keys.sorted() {
                let sorted = byLowercased[key]!.sorted { a, b in a != b ? a < b : SystemPath.Key(a) < SystemPath.Key(b) }
                for name in sorted {
                    var candidate = fileName(of: name)
                    var k = 1
                    while !taken.insert(candidate.lowercased()).inserted {
                        k += 1
                        candidate = fileName(of: name) + "~\(k)"
                    }
                    stems[SystemPath.Key(name)] = candidate
                }
            }
        }
        return stems
    }

    /// The stem of an output named `STEM-N.EXT` (a path or a file name), or nil for another name.
    package static func recordedStem(ofOutput path: String) -> String? {
        let file = fileName(of: path)
        guard let dot = file.lastIndex(of: "."), let dash = file[..<dot].lastIndex(of: "-"),
              file.index(after: dash) < dot, file[file.index(after: dash)..<dot].allSatisfy(\.isASCII),
              file[file.index(after: dash)..<dot].allSatisfy(\.isNumber), dash != file.startIndex else { return nil }
        return String(file[..<dash])
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
