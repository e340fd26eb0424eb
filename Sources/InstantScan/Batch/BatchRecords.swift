import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every manifest in one output folder read together: a plain batch's
/// (`.instantscan-batch.jsonl`) and each shard's (`.instantscan-batch.shard-2-of-3.jsonl`).
///
/// Shards of one batch share an output folder, each appending to its own manifest only; what one
/// of them finished is done for all (a re-run with another shard count, a plain batch sweeping
/// up after the shards, the report of the whole batch).
package enum BatchRecords {
    /// True for the name of a manifest, a plain batch's or a shard's.
    package static func isManifest(name: String) -> Bool {
        name == BatchManifest.fileName || (name.hasPrefix(".instantscan-batch.") && name.hasSuffix(".jsonl"))
    }

    /// The names of the manifests in `folder` that are regular files, sorted.
    package static func manifestNames(in folder: String) -> [String] {
        guard case let .success(names) = SystemPath.names(inFolder: folder) else { return [] }
        return names.filter { name in
            guard isManifest(name: name),
                  let info = SystemPath.linkStatus((folder as NSString).appendingPathComponent(name)) else { return false }
            return (info.st_mode & S_IFMT) == S_IFREG
        }.sorted()
    }

    /// The last line recorded for each photo in the manifest at `path` (none when there is no
    /// file); lines that do not parse (a torn last line) are skipped. Keyed by the photo's bytes:
    /// two names that differ only in Unicode normalization are two photos.
    package static func lastLines(atPath path: String) -> [SystemPath.Key: BatchManifest.Entry] {
        guard let data = try? PhotoFile.read(path) else { return [:] }
        let decoder = JSONDecoder()
        var latest: [SystemPath.Key: BatchManifest.Entry] = [:]
        for line in data.split(separator: UInt8(ascii: "\n")) {
            if let entry = try? decoder.decode(BatchManifest.Entry.self, from: Data(line)) {
                latest[SystemPath.Key(entry.photo)] = entry
            }
        }
        return latest
    }

    /// Per photo, the line that counts of the manifests in `folder` (but `excluded`), with the
    /// name of the manifest holding it: the photo's `done` line, from the first manifest by name
    /// when several have one; else its last line in the first manifest by name that has one.
    ///
    /// That manifest owns the photo: `instantscan review` records a fix there, and a later run
    /// (plain or any shard) reads a fix from there when its own manifest has no line for the photo.
    package static func countingLines(in folder: String, excluding excluded: String? = nil)
        -> [SystemPath.Key: (manifest: String, entry: BatchManifest.Entry)] {
        var counting: [SystemPath.Key: (manifest: String, entry: BatchManifest.Entry)] = [:]
        for name in manifestNames(in: folder) where name != excluded {
            for (photo, entry) in lastLines(atPath: (folder as NSString).appendingPathComponent(name)) {
                let isDone = (entry.state ?? .done) == .done
                if let known = counting[photo], !isDone || (known.entry.state ?? .done) == .done { continue }
                counting[photo] = (name, entry)
            }
        }
        return counting
    }

    /// The photos some manifest in `folder` records as done (its last line for the photo), but the
    /// manifest named `excluded`; by the relative path's bytes. When several do, the first by manifest name.
    package static func done(in folder: String, excluding excluded: String? = nil) -> [SystemPath.Key: BatchManifest.Entry] {
        countingLines(in: folder, excluding: excluded).compactMapValues { ($0.entry.state ?? .done) == .done ? $0.entry : nil }
    }
}
