import CLISupport
import Foundation
import InstantScan

/// The photos of one batch, as its output folder's manifests and its input folder tell them,
/// each with a stable id: the only files the review server will read.
///
/// Every manifest of the folder is read: a plain batch's and each shard's. A photo's fix is
/// recorded in the manifest that owns it (``BatchRecords/countingLines(in:excluding:)``: the one
/// with its `done` line), or in the plain batch's for a photo no manifest records, which is where
/// a later `batch` (plain or `--shard`) and `report` look for it.
final class ReviewCatalog: @unchecked Sendable {
    /// Why a folder cannot be reviewed.
    struct SetupError: Error, CustomStringConvertible {
        var description: String
    }

    /// The output folder (absolute, no trailing slash).
    let outputFolder: String
    /// The batch's input folder (absolute).
    let inputFolder: String
    /// Every photo of the batch, by relative path.
    let photos: [PhotoFinder.Photo]
    /// Each manifest of the folder by file name (the plain batch's always: it receives the fixes of
    /// photos no manifest records).
    private let manifests: [String: BatchManifest]
    /// The manifest owning each photo that some manifest records, by file name.
    private let owners: [SystemPath.Key: String]
    private let byID: [String: PhotoFinder.Photo]
    private let lock = NSLock()
    private var sizes: [String: (stamp: Double, size: PixelSize)] = [:]

    /// Reads the batch in `outputFolder`; `input` overrides the input folder the manifest records
    /// (needed for manifests written before it recorded one).
    init(outputFolder: String, input: String?) throws {
        let folder = URL(fileURLWithPath: outputFolder).standardizedFileURL.path
        // Through SystemPath: a folder whose name is not UTF-8 is found by its bytes.
        func isFolder(_ path: String) -> Bool { SystemPath.status(path).map { ($0.st_mode & S_IFMT) == S_IFDIR } ?? false }
        guard isFolder(folder) else {
            throw SetupError(description: "\(outputFolder): no such folder")
        }
        let names = BatchRecords.manifestNames(in: folder)
        guard !names.isEmpty else {
            throw SetupError(description: "\(outputFolder): no batch here (no \(BatchManifest.fileName) nor a shard's .instantscan-batch.shard-K-of-N.jsonl); run `instantscan batch PHOTOS -o \(outputFolder)` first")
        }
        var manifests: [String: BatchManifest] = [:]
        for name in Set(names + [BatchManifest.fileName]) {
            manifests[name] = try BatchManifest(outputFolder: folder, fileName: name)
        }
        let counting = BatchRecords.countingLines(in: folder)
        self.manifests = manifests
        owners = counting.mapValues(\.manifest)
        let entries = Dictionary(counting.values.map { ($0.entry.photo, $0.entry) }, uniquingKeysWith: { a, _ in a })
        // The folder most lines name: a batch run from one input folder names one.
        let recorded = Dictionary(grouping: entries.values.compactMap(\.input), by: { $0 })
            .max { $0.value.count < $1.value.count }?.key
        guard let inputFolder = input.map({ URL(fileURLWithPath: $0).standardizedFileURL.path }) ?? recorded else {
            throw SetupError(description: "\(outputFolder): the batch manifest does not say where the photos are (it predates `review`); give --input PHOTOS")
        }
        guard isFolder(inputFolder) else {
            throw SetupError(description: "\(inputFolder): the batch's photos are not there any more; give --input PHOTOS")
        }
        let recursive = entries.keys.contains { $0.contains("/") }
        var all: [SystemPath.Key: PhotoFinder.Photo] = [:]
        for photo in try PhotoFinder.photos(in: inputFolder, recursive: recursive, excluding: folder) {
            all[SystemPath.Key(photo.relativePath)] = photo
        }
        self.outputFolder = folder
        self.inputFolder = inputFolder
        photos = all.sorted { $0.key < $1.key }.map(\.value)
        byID = Dictionary(uniqueKeysWithValues: photos.map { (Self.id(of: $0.relativePath), $0) })
    }

    /// A photo's id: 16 hex digits of the FNV-1a hash of its relative path's bytes, the hash that
    /// picks its shard.
    static func id(of relativePath: String) -> String {
        let hex = String(Shard.fnv1a64(SystemPath.bytes(relativePath)), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    func photo(id: String) -> PhotoFinder.Photo? { byID[id] }

    /// The manifest that owns `photo`: where its fixes are recorded and its scans read.
    func manifest(for photo: PhotoFinder.Photo) -> BatchManifest {
        manifests[owners[SystemPath.Key(photo.relativePath)] ?? BatchManifest.fileName]!
    }

    /// A scan some manifest records, if any: its container is the batch's.
    var someScan: String? {
        manifests.keys.sorted().lazy.compactMap { self.manifests[$0]?.doneOutputs.first }.first
    }

    /// The photo's upright size, read from its header (and kept while the file is unchanged).
    func uprightSize(of photo: PhotoFinder.Photo) throws -> PixelSize {
        let stamp = Self.modified(photo.path) ?? 0
        if let known = lock.withLock({ sizes[photo.relativePath] }), known.stamp == stamp { return known.size }
        // A JPEG's header is in its first kilobytes: a batch of hundreds of photos lists quickly.
        // Whatever that does not answer (a HEIF's boxes may sit at the end) reads the whole file.
        let head = FileHandle(forReadingAtPath: photo.path).flatMap { handle in
            defer { try? handle.close() }
            return try? handle.read(upToCount: 1 << 20)
        }
        let info = try head.flatMap { try? ImageReader.info(of: Array($0)) } ?? ImageReader.info(of: try PhotoFile.read(photo.path))
        let size = info.orientation.uprightSize(stored: info.storedSize)
        lock.withLock { sizes[photo.relativePath] = (stamp, size) }
        return size
    }

    /// The scans the manifest owning `photo` records for it.
    func scans(of photo: PhotoFinder.Photo) -> [(path: String, record: BatchManifest.PrintRecord)] {
        manifest(for: photo).recordedPrints(of: photo).filter { isInsideOutput($0.path) }
    }

    /// True when `path` lies inside the output folder (symbolic links resolved).
    func isInsideOutput(_ path: String) -> Bool {
        let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let root = URL(fileURLWithPath: outputFolder).resolvingSymlinksInPath().path
        return real.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    /// The photo as the API describes it.
    func json(for photo: PhotoFinder.Photo) -> ReviewPhotoJSON {
        let id = Self.id(of: photo.relativePath)
        let size = (try? uprightSize(of: photo)) ?? PixelSize(width: 0, height: 0)
        let prints = scans(of: photo).enumerated().compactMap { index, scan -> ReviewPhotoJSON.Print? in
            guard let card = scan.record.card else { return nil }
            let format = scan.record.format.flatMap(PrintFormat.init(rawValue:))
            let manual = scan.record.manual == true
            var print = PrintJSON(format: format, card: card, window: Self.window(scan.record, card: card, format: format),
                                  confidence: scan.record.confidence)
            print.uncertain = !manual && ReviewThreshold.needsReview(scan.record.confidence)
            let version = Int(Self.modified(scan.path) ?? 0)
            return ReviewPhotoJSON.Print(print: print, output: manifestRelative(scan.path),
                                         scanUrl: "/scan/\(id)/\(index + 1)?v=\(version)", manual: manual)
        }
        let empty = manifest(for: photo).isMarkedEmpty(photo)
        let status = empty ? "fixed" : prints.isEmpty ? "failed" : prints.contains { $0.print.uncertain == true } ? "uncertain"
            : prints.contains(where: \.manual) ? "fixed" : "ok"
        let version = Int(Self.modified(photo.path) ?? 0)
        return ReviewPhotoJSON(id: id, photo: photo.relativePath, name: (photo.relativePath as NSString).lastPathComponent,
                               width: size.width, height: size.height, previewUrl: "/preview/\(id).jpg?v=\(version)",
                               photoUrl: "/photo/\(id)?v=\(version)", status: status, prints: prints,
                               error: prints.isEmpty ? manifest(for: photo).failure(of: photo)?.error : nil)
    }

    /// Every photo, those to check first: uncertain prints, then failures, then the rest.
    func list() -> ReviewPhotoList {
        let rank = ["uncertain": 0, "failed": 1]
        let all = photos.map(json(for:)).enumerated().sorted { a, b in
            let (ra, rb) = (rank[a.element.status] ?? 2, rank[b.element.status] ?? 2)
            return ra != rb ? ra < rb : a.offset < b.offset
        }.map(\.element)
        return ReviewPhotoList(outputFolder: outputFolder, photos: all)
    }

    private func manifestRelative(_ path: String) -> String {
        path.hasPrefix(outputFolder + "/") ? String(path.dropFirst(outputFolder.count + 1)) : path
    }

    /// The window the record names, else the format's template mapped onto the card (older lines).
    private static func window(_ record: BatchManifest.PrintRecord, card: Quad, format: PrintFormat?) -> Quad? {
        if let window = record.window, window.count == 4, window.allSatisfy({ $0.count == 2 }) {
            return Quad(corners: window.map { Point($0[0], $0[1]) })
        }
        guard let format, let map = Homography.mapping(Quad(rectangleWidth: 1, height: 1).corners, to: card.corners) else { return nil }
        return format.normalizedWindow.mapped(map.apply)
    }

    static func modified(_ path: String) -> Double? {
        SystemPath.stamp(path)?.modified
    }
}
