/// The output paths a shard's photos may have: `SUBFOLDER/STEM-N.EXT` in the output folder for
/// each of its photos, whatever N and EXT. What a shard may clean up in a folder it shares with
/// the other shards.
struct ShardOutputs: Sendable {
    /// `SUBFOLDER/STEM` of each photo, by its bytes (names that differ only in Unicode
    /// normalization are different files).
    private let bases: Set<SystemPath.Key>
    private let prefix: String

    init(_ photos: [PhotoFinder.Photo], stems: [SystemPath.Key: String], outputFolder: String) {
        bases = Set(photos.map { photo in
            let subfolder = String(photo.relativePath.dropLast(photo.relativePath.split(separator: "/", omittingEmptySubsequences: false).last?.count ?? 0))
            return SystemPath.Key(subfolder + (stems[SystemPath.Key(photo.relativePath)] ?? OutputStems.stem(of: String(photo.relativePath.dropFirst(subfolder.count)))))
        })
        prefix = outputFolder.hasSuffix("/") ? outputFolder : outputFolder + "/"
    }

    /// True when `path` is named as an output of one of the photos.
    func contains(_ path: String) -> Bool {
        guard path.hasPrefix(prefix) else { return false }
        let relative = path.dropFirst(prefix.count)
        // STEM-N.EXT: drop the extension, then the print number.
        guard let dot = relative.lastIndex(of: "."), let dash = relative[..<dot].lastIndex(of: "-"),
              relative[relative.index(after: dash)..<dot].allSatisfy(\.isNumber) else { return false }
        return bases.contains(SystemPath.Key(String(relative[..<dash])))
    }
}
