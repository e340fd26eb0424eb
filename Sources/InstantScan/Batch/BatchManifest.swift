import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The record that makes a batch resumable: `.instantscan-batch.jsonl` in the output folder, one
/// JSON line per event, appended and flushed to disk as it happens.
///
/// Before a photo's scans are put in place a `claimed` line names them; after they all are, a
/// `done` line. A re-run skips a photo whose last line is `done`, matches the photo's size and
/// modification time, and whose outputs still exist; a photo whose last line is `claimed` was cut
/// short (Ctrl-C twice, a kill, a full disk) and is scanned again, replacing the outputs it had
/// claimed without `--overwrite`: they are the run's own. A torn last line (power cut mid-append)
/// is ignored.
///
/// Format version 2 (`"v":2`): `photo` is relative to the input folder, `outputs` to the output
/// folder, so a batch resumes from any working folder and after the output folder moves. Lines
/// without `v` (version 1, every line `done`, outputs relative to the folder the batch ran in)
/// are still read. The README documents the format for other tools.
///
/// Paths are stored as ``SystemPath`` strings: a byte of a name that is not UTF-8 is the scalar
/// U+F700 + the byte, so such names are kept exactly and two of them never become one.
///
/// Each shard of a batch (``Shard``) keeps its own manifest in the shared output folder and
/// appends only to it; a photo that another manifest there records as done is done here too.
///
/// A photo that could not be scanned gets a `failed` line (`error`, `exit`): `report` and
/// `review` show why after the process is gone, and a re-run tries it again.
///
/// Keys added later, each optional so that older lines still read and older readers skip them:
/// `input` (the batch's input folder, absolute, so `instantscan review` finds the photos),
/// and per scan `window` and `manual` (corners set by hand in `review`: a later run scans the
/// photo with them instead of detecting it again).
package final class BatchManifest: @unchecked Sendable {
    /// One line.
    package struct Entry: Codable, Sendable, Equatable {
        /// The format version: 2; nil for a version 1 line.
        package var version: Int?
        /// What the line records; nil (version 1) means done.
        package var state: State?
        /// The photo's path relative to the batch's input folder.
        package var photo: String
        /// Its size in bytes when it was scanned.
        package var bytes: Int
        /// Its modification time (seconds since 1970) when it was scanned.
        package var modified: Double
        /// The files written for it: relative to the output folder (version 2).
        package var outputs: [String]
        /// What each output holds, in the order of `outputs` (`done` lines of version 2), so a
        /// re-run's report shows the photos an earlier run did. A `claimed` line carries them too
        /// when they were set by hand, so that a cut-short run does not lose them.
        package var prints: [PrintRecord]?
        /// The batch's input folder (absolute), which `photo` is relative to; nil on older lines.
        package var input: String?
        /// Why the photo failed (`failed` lines).
        package var error: String? = nil
        /// The exit code `instantscan scan` gives that photo alone (``FailureClass``; `failed` lines).
        package var exit: Int? = nil
        /// True when a person said the photo shows no print (in `instantscan review`): a later run
        /// neither detects it again nor fails it.
        package var empty: Bool? = nil

        enum CodingKeys: String, CodingKey {
            case version = "v", state, photo, bytes, modified, outputs, prints, input, error, exit, empty
        }
    }

    /// One scan of a `done` line.
    package struct PrintRecord: Codable, Sendable, Equatable {
        /// The print's format (`instax-mini`…), if known.
        package var format: String?
        /// Detection's confidence (1 for given corners).
        package var confidence: Double
        /// The card's corners in the photo, TL TR BR BL, as `[x, y]` in upright pixels.
        package var corners: [[Double]]
        /// The picture window's corners, likewise, when the format is known.
        package var window: [[Double]]? = nil
        /// True when a person set the corners (in `instantscan review`): a later run keeps them.
        package var manual: Bool? = nil

        package init(format: String?, confidence: Double, corners: [[Double]], window: [[Double]]? = nil, manual: Bool? = nil) {
            self.format = format
            self.confidence = confidence
            self.corners = corners
            self.window = window
            self.manual = manual
        }

        /// The card's corners as a quad, when the record holds four points.
        package var card: Quad? {
            guard corners.count == 4, corners.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isFinite) }) else { return nil }
            return Quad(corners: corners.map { Point($0[0], $0[1]) })
        }
    }

    /// What a line records.
    package enum State: String, Codable, Sendable {
        /// The outputs are about to be written.
        case claimed
        /// Every output is written.
        case done
        /// The photo could not be scanned (`error`, `exit`); a re-run tries it again. `outputs`
        /// names what an earlier line had claimed or written, still the batch's own.
        case failed
    }

    /// Why the manifest cannot be used.
    package struct ManifestError: Error, Sendable, CustomStringConvertible {
        package var description: String
    }

    /// The manifest's file name inside the output folder.
    package static let fileName = ".instantscan-batch.jsonl"
    /// The version written.
    package static let version = 2

    /// The manifest's path.
    package let path: String
    private let folder: String
    private let lock = NSLock()
    /// By the photo's bytes: two names that differ only in Unicode normalization are two photos.
    private var latest: [SystemPath.Key: Entry]
    /// What the folder's other manifests (other shards') record as done, read once.
    private let doneElsewhere: [SystemPath.Key: Entry]
    /// The line that counts in the folder's other manifests, with its manifest's name, read once.
    private let elsewhere: [SystemPath.Key: (manifest: String, entry: Entry)]
    /// This manifest's file name.
    private let name: String

    /// Opens (or prepares) the manifest `fileName` in `outputFolder` (a shard's:
    /// ``Shard/manifestFileName``); refuses one that is not a regular file (a symlink planted
    /// there would send the appends elsewhere).
    package init(outputFolder: String, fileName: String = BatchManifest.fileName) throws {
        folder = BatchRunner.trimmed(outputFolder)
        path = (folder as NSString).appendingPathComponent(fileName)
        if let info = SystemPath.linkStatus(path), (info.st_mode & S_IFMT) != S_IFREG {
            throw ManifestError(description: "\(path): the batch manifest is not a regular file (a symbolic link?); refusing to use it")
        }
        name = fileName
        latest = BatchRecords.lastLines(atPath: path)
        elsewhere = BatchRecords.countingLines(in: folder, excluding: fileName)
        doneElsewhere = elsewhere.compactMapValues { ($0.entry.state ?? .done) == .done ? $0.entry : nil }
    }

    /// True when `photo` was finished by an earlier run, is unchanged since, and its outputs exist.
    package func isDone(_ photo: PhotoFinder.Photo) -> Bool {
        let key = SystemPath.Key(photo.relativePath)
        let entries = [lock.withLock { latest[key] }, doneElsewhere[key]].compactMap { $0 }
        guard !entries.isEmpty, let stamp = SystemPath.stamp(photo.path) else { return false }
        // Within a microsecond: the time is read from stat here and was read through Foundation's
        // Date by earlier versions, which can differ in the last bit.
        return entries.contains { entry in
            (entry.state ?? .done) == .done && entry.bytes == stamp.bytes && abs(entry.modified - stamp.modified) < 1e-6
                && outputPaths(of: entry).allSatisfy(SystemPath.exists)
        }
    }

    /// The outputs an earlier run claimed for `photo` and was cut short before finishing, or
    /// that a failed attempt left named: this run may replace them.
    package func unfinishedOutputs(of photo: PhotoFinder.Photo) -> Set<String> {
        guard let entry = lock.withLock({ latest[SystemPath.Key(photo.relativePath)] }),
              entry.state == .claimed || entry.state == .failed else { return [] }
        return Set(outputPaths(of: entry))
    }

    /// The outputs of every photo the manifest records as done (paths as the batch writes them).
    package var doneOutputs: [String] {
        (lock.withLock { latest.values.filter { ($0.state ?? .done) == .done } } + doneElsewhere.values).flatMap(outputPaths)
    }

    /// Every output the manifest names, done or claimed: files this tool wrote (or was about to),
    /// which a batch reading the output folder as its input must not take for photos. Every
    /// manifest of the folder counts, read afresh: shards scanning a folder into itself write
    /// their scans beside each other's photos, each recording them in its own manifest.
    package var recordedOutputs: [String] {
        let own = (path as NSString).lastPathComponent
        let others = BatchRecords.manifestNames(in: folder).filter { $0 != own }.flatMap { name in
            BatchRecords.lastLines(atPath: (folder as NSString).appendingPathComponent(name)).values
        }
        return (lock.withLock { Array(latest.values) } + others).flatMap(outputPaths)
    }

    /// The last line recorded for each photo, by its path relative to the input folder.
    package var entries: [String: Entry] {
        lock.withLock { Dictionary(latest.values.map { ($0.photo, $0) }, uniquingKeysWith: { a, _ in a }) }
    }

    /// Records that `outputs` (paths inside the output folder) are about to be written for `photo`;
    /// `prints` are corners set by hand, kept on the line so that they outlive a cut-short run.
    /// `empty`: a person said the photo shows no print; its `outputs` are to be removed.
    package func markClaimed(_ photo: PhotoFinder.Photo, outputs: [String], prints: [PrintRecord]? = nil, empty: Bool = false) throws {
        try append(photo, outputs: outputs, state: .claimed, prints: prints, empty: empty ? true : nil)
    }

    /// Records `photo` as finished with `outputs` (call after every output is written), and what
    /// each holds.
    package func markDone(_ photo: PhotoFinder.Photo, outputs: [String], prints: [PrintRecord]? = nil, empty: Bool = false) throws {
        try append(photo, outputs: outputs, state: .done, prints: prints, empty: empty ? true : nil)
    }

    /// True when the line that counts for `photo` says a person found no print in it.
    package func isMarkedEmpty(_ photo: PhotoFinder.Photo) -> Bool {
        countingLine(of: SystemPath.Key(photo.relativePath))?.empty == true
    }

    /// Records that `photo` failed (`error`, and the exit code ``FailureClass`` gives it), so that
    /// `report` and `review` show why after the process is gone; a re-run tries it again. The
    /// outputs its last line named stay named (`outputs`: the batch's own files, which a re-run
    /// may replace), and so do corners set by hand (`prints`).
    package func markFailed(_ photo: PhotoFinder.Photo, error: String, exit: Int, outputs: [String] = [],
                            prints: [PrintRecord]? = nil) throws {
        let earlier = lock.withLock { latest[SystemPath.Key(photo.relativePath)] }.map(outputPaths) ?? []
        var named = outputs
        for path in earlier where !named.contains(path) { named.append(path) }
        try append(photo, outputs: named, state: .failed, prints: prints, error: error, exit: exit)
    }

    /// The last line for `photo` when it records a failure.
    package func failure(of photo: PhotoFinder.Photo) -> Entry? {
        lock.withLock { latest[SystemPath.Key(photo.relativePath)] }.flatMap { $0.state == .failed ? $0 : nil }
    }

    /// The scans an earlier run recorded for `photo`: output path and record.
    package func recordedPrints(of photo: PhotoFinder.Photo) -> [(path: String, record: PrintRecord)] {
        let key = SystemPath.Key(photo.relativePath)
        let own = lock.withLock { latest[key] }
        guard let entry = own?.prints == nil ? doneElsewhere[key] ?? own : own, (entry.state ?? .done) == .done,
              let prints = entry.prints, prints.count == entry.outputs.count else { return [] }
        return Array(zip(outputPaths(of: entry), prints))
    }

    /// The prints a person placed by hand on `photo` (in `instantscan review`), in order; empty when
    /// the line that counts for it records none. That line may be another manifest's of the folder
    /// (``BatchRecords/countingLines(in:excluding:)``: review records a fix in the manifest owning
    /// the photo), so a plain batch and every shard keep the same fixes.
    package func manualPrints(of photo: PhotoFinder.Photo) -> [PrintRecord] {
        guard let prints = countingLine(of: SystemPath.Key(photo.relativePath))?.prints,
              !prints.isEmpty, prints.allSatisfy({ $0.manual == true && $0.card != nil }) else { return [] }
        return prints
    }

    /// The line that counts for `key` among this manifest's (as it is now) and the others' (as read
    /// at the start): the rule of ``BatchRecords/countingLines(in:excluding:)``.
    private func countingLine(of key: SystemPath.Key) -> Entry? {
        let own = lock.withLock { latest[key] }
        guard let other = elsewhere[key] else { return own }
        guard let own else { return other.entry }
        let (ownDone, otherDone) = ((own.state ?? .done) == .done, (other.entry.state ?? .done) == .done)
        if ownDone != otherDone { return ownDone ? own : other.entry }
        return name < other.manifest ? own : other.entry
    }

    /// The outputs the last line for `photo` names (done or claimed), as paths to open.
    package func outputs(of photo: PhotoFinder.Photo) -> [String] {
        lock.withLock { latest[SystemPath.Key(photo.relativePath)] }.map(outputPaths) ?? []
    }

    /// `path` relative to the output folder, as stored.
    func relative(_ path: String) -> String {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// An entry's outputs as paths to open.
    func outputPaths(of entry: Entry) -> [String] {
        // Version 1 stored them as the batch was given them (relative to its working folder).
        guard entry.version != nil else { return entry.outputs }
        return entry.outputs.map { $0.hasPrefix("/") ? $0 : (folder as NSString).appendingPathComponent($0) }
    }

    private func append(_ photo: PhotoFinder.Photo, outputs: [String], state: State, prints: [PrintRecord]? = nil,
                        error: String? = nil, exit: Int? = nil, empty: Bool? = nil) throws {
        // A photo that vanished fails with size and time 0: its failure is recorded all the same.
        let stamp = SystemPath.stamp(photo.path)
        guard stamp != nil || state == .failed else {
            throw PhotoFile.ReadError.missing(photo.path)
        }
        let entry = Entry(version: Self.version, state: state, photo: photo.relativePath, bytes: stamp?.bytes ?? 0,
                          modified: stamp?.modified ?? 0, outputs: outputs.map(relative), prints: prints,
                          input: Self.inputFolder(of: photo), error: error, exit: exit, empty: empty)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let line = Array(try encoder.encode(entry)) + [UInt8(ascii: "\n")]
        try lock.withLock {
            // O_NOFOLLOW: a symlink planted at the manifest's path fails the open instead of
            // having the line appended to whatever it points at.
            let fd = SystemPath.withCString(path) { open($0, O_RDWR | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0o644) }
            guard fd >= 0 else {
                throw AtomicFile.WriteError.failed(path, "cannot open the batch manifest: \(String(cString: strerror(errno)))")
            }
            defer { close(fd) }
            // After a torn last line (a power cut mid-append) start a new line, or this entry
            // would be glued to the torn one and lost with it.
            var bytes = line
            let end = lseek(fd, 0, SEEK_END)
            if end > 0 {
                var last: UInt8 = 0
                if pread(fd, &last, 1, end - 1) == 1, last != UInt8(ascii: "\n") { bytes.insert(UInt8(ascii: "\n"), at: 0) }
            }
            let failure = bytes.withUnsafeBytes { AtomicFile.writeAll(fd, $0) }
            if let failure { throw AtomicFile.WriteError.failed(path, failure) }
            // The claim must be on disk before the outputs it names are renamed into place.
            if fsync(fd) != 0 { throw AtomicFile.WriteError.failed(path, String(cString: strerror(errno))) }
            latest[SystemPath.Key(entry.photo)] = entry
        }
    }

    /// The folder `photo.relativePath` is relative to, when its path says (absolute paths only).
    static func inputFolder(of photo: PhotoFinder.Photo) -> String? {
        let suffix = "/" + photo.relativePath
        guard photo.path.hasPrefix("/"), photo.path.hasSuffix(suffix) else { return nil }
        let folder = String(photo.path.dropLast(suffix.count))
        return folder.isEmpty ? "/" : folder
    }
}
