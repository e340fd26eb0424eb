import Foundation

/// The record that makes a batch resumable: one JSON line per photo whose outputs are all written,
/// appended only after they are. A re-run skips a photo when its line matches the photo's size and
/// modification time and its outputs still exist; an interrupted run therefore loses at most the
/// photos in flight. A torn last line (power cut mid-append) is ignored.
package final class BatchManifest: @unchecked Sendable {
    /// One finished photo.
    package struct Entry: Codable, Sendable, Equatable {
        /// The photo's path relative to the batch's input folder.
        package var photo: String
        /// Its size in bytes when it was scanned.
        package var bytes: Int
        /// Its modification time (seconds since 1970) when it was scanned.
        package var modified: Double
        /// The files written for it.
        package var outputs: [String]
    }

    /// The manifest's file name inside the output folder.
    package static let fileName = ".instantscan-batch.jsonl"

    private let path: String
    private let lock = NSLock()
    private var entries: [String: Entry]

    /// Opens (or prepares) the manifest in `outputFolder`.
    package init(outputFolder: String) {
        path = (outputFolder as NSString).appendingPathComponent(Self.fileName)
        var loaded: [String: Entry] = [:]
        if let text = try? String(contentsOfFile: path, encoding: .utf8) {
            for line in text.split(separator: "\n") {
                if let entry = try? JSONDecoder().decode(Entry.self, from: Data(line.utf8)) {
                    loaded[entry.photo] = entry
                }
            }
        }
        entries = loaded
    }

    /// True when `photo` was finished by an earlier run, is unchanged since, and its outputs exist.
    package func isDone(_ photo: PhotoFinder.Photo) -> Bool {
        guard let entry = lock.withLock({ entries[photo.relativePath] }),
              let stamp = Self.stamp(of: photo.path) else { return false }
        return entry.bytes == stamp.bytes && entry.modified == stamp.modified
            && entry.outputs.allSatisfy { FileManager.default.fileExists(atPath: $0) }
    }

    /// Records `photo` as finished with `outputs` (call after every output is written).
    package func markDone(_ photo: PhotoFinder.Photo, outputs: [String]) throws {
        guard let stamp = Self.stamp(of: photo.path) else { return }
        let entry = Entry(photo: photo.relativePath, bytes: stamp.bytes, modified: stamp.modified, outputs: outputs)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let line = Array(try encoder.encode(entry)) + [UInt8(ascii: "\n")]
        try lock.withLock {
            entries[entry.photo] = entry
            guard let handle = FileHandle(forUpdatingAtPath: path) ?? Self.create(path) else {
                throw AtomicFile.WriteError.failed(path, "cannot open the batch manifest")
            }
            defer { try? handle.close() }
            // After a torn last line (a power cut mid-append) start a new line, or this entry
            // would be glued to the torn one and lost with it.
            let end = try handle.seekToEnd()
            var torn = false
            if end > 0 {
                try handle.seek(toOffset: end - 1)
                torn = try handle.read(upToCount: 1) != Data([UInt8(ascii: "\n")])
                try handle.seekToEnd()
            }
            try handle.write(contentsOf: torn ? [UInt8(ascii: "\n")] + line : line)
        }
    }

    private static func create(_ path: String) -> FileHandle? {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        return FileHandle(forUpdatingAtPath: path)
    }

    private static func stamp(of path: String) -> (bytes: Int, modified: Double)? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let size = attributes[.size] as? NSNumber,
              let date = attributes[.modificationDate] as? Date else { return nil }
        return (size.intValue, date.timeIntervalSince1970)
    }
}
