import Dispatch
import Foundation

/// Scans many photos: in parallel, resumably, going on past bad files, writing every output
/// atomically and never overwriting an input (or, unless asked, an existing file).
public final class BatchRunner: @unchecked Sendable {
    /// The settings in use.
    public let options: BatchOptions
    /// How a photo's failure is put into words (a command line adds its flags' hints).
    public let describe: @Sendable (any Error) -> String
    private let lock = NSLock()
    private var cancelled = false

    /// Makes a runner; `describe` words each failure (by default the error's description).
    public init(options: BatchOptions, describe: @escaping @Sendable (any Error) -> String = { "\($0)" }) {
        self.options = options
        self.describe = describe
    }

    /// Asks the batch to stop: photos in flight finish (so their outputs are whole and recorded),
    /// no new ones start. Safe to call from a signal handler's queue.
    public func cancel() {
        lock.withLock { cancelled = true }
    }

    private var isCancelled: Bool { lock.withLock { cancelled } }

    /// Runs `photos` into `outputFolder`, calling `onFinish` (serially, in completion order) after
    /// each photo with the outcome and the count finished so far.
    public func run(_ photos: [PhotoFinder.Photo], into outputFolder: String,
                    onStart: @escaping @Sendable (PhotoFinder.Photo) -> Void = { _ in },
                    onFinish: @escaping @Sendable (PhotoOutcome, Int) -> Void) throws -> BatchSummary {
        try FileManager.default.createDirectory(atPath: outputFolder, withIntermediateDirectories: true)
        // A run killed outright (SIGKILL, a power cut) leaves its temporaries; they go now.
        AtomicFile.removeStaleTemporaries(under: outputFolder)
        let manifest = BatchManifest(outputFolder: outputFolder)
        let jobs = max(1, min(options.jobs, photos.count))
        // Whole photos already fill the cores; row bands inside each would only add contention.
        ProcessInfoCores.limit(to: jobs > 1 ? 1 : nil)
        defer { ProcessInfoCores.limit(to: nil) }

        let state = RunState()
        let group = DispatchGroup()
        for _ in 0..<jobs {
            DispatchQueue.global().async(group: group) {
                while !self.isCancelled, let photo = state.next(from: photos) {
                    onStart(photo)
                    let outcome = self.process(photo, into: outputFolder, manifest: manifest)
                    state.record(outcome) { done in onFinish(outcome, done) }
                }
            }
        }
        group.wait()
        var summary = state.summary
        summary.photos = photos.count
        summary.interrupted = isCancelled && state.started < photos.count
        summary.notStarted = photos.count - state.started
        return summary
    }

    /// Scans one photo and writes its prints; every failure becomes the outcome's reason.
    func process(_ photo: PhotoFinder.Photo, into outputFolder: String, manifest: BatchManifest) -> PhotoOutcome {
        var outcome = PhotoOutcome(photo: photo)
        if options.resume && manifest.isDone(photo) {
            outcome.skipped = true
            return outcome
        }
        do {
            let bytes = try PhotoFile.read(photo.path)
            var scanOptions = options.scan
            if options.previews { scanOptions.previewLongSide = 480 }
            let result = try PrintScanner(options: scanOptions).scan(bytes, corners: options.corners)
            outcome.warnings = result.warnings
            outcome.detected = result.detected
            if let preview = result.preview {
                // 90 keeps chroma at full resolution (4:4:4), so the thin overlay lines stay their colour.
                outcome.preview = try? JPEGEncoder.encode(preview, quality: 90)
            }
            guard !result.prints.isEmpty else {
                outcome.failure = "no print found"
                return outcome
            }
            let folder = (outputFolder as NSString).appendingPathComponent((photo.relativePath as NSString).deletingLastPathComponent)
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let encoder = OutputEncoder(format: options.output)
            let paths = OutputNaming(target: folder + "/", fileExtension: options.output.fileExtension)
                .paths(forPrints: result.prints.count, of: photo.path)
            for (print, path) in zip(result.prints, paths) {
                try encoder.write(print, to: path, overwrite: options.overwrite, protecting: [photo.path])
                let thumbnail = options.previews ? try? Self.thumbnail(of: print.image) : nil
                outcome.prints.append(PhotoOutcome.Print(path: path, scanned: print, thumbnail: thumbnail))
            }
            try manifest.markDone(photo, outputs: paths)
        } catch {
            outcome.failure = describe(error)
        }
        return outcome
    }

    static func thumbnail(of image: PixelBuffer) throws -> [UInt8] {
        let scale = min(1, 240 / Double(max(image.width, image.height)))
        let size = PixelSize(width: max(1, Int(Double(image.width) * scale)), height: max(1, Int(Double(image.height) * scale)))
        let map = Homography.affine(scaleX: 1 / scale, scaleY: 1 / scale, translateX: (1 / scale - 1) / 2, translateY: (1 / scale - 1) / 2)
        return try JPEGEncoder.encode(try PerspectiveWarp().warp(image, outputSize: size, outputToSource: map), quality: 80)
    }
}

/// The shared progress of one run: which photo is next, and the tally.
private final class RunState: @unchecked Sendable {
    private let lock = NSLock()
    private var index = 0
    private var finished = 0
    private(set) var summary = BatchSummary()

    var started: Int { lock.withLock { index } }

    func next(from photos: [PhotoFinder.Photo]) -> PhotoFinder.Photo? {
        lock.withLock {
            guard index < photos.count else { return nil }
            defer { index += 1 }
            return photos[index]
        }
    }

    /// Tallies an outcome and reports it while holding the lock, so reports never interleave.
    func record(_ outcome: PhotoOutcome, report: (Int) -> Void) {
        lock.withLock {
            finished += 1
            if outcome.skipped { summary.skipped += 1 }
            summary.printsScanned += outcome.prints.count
            if let failure = outcome.failure { summary.failures.append((outcome.photo.relativePath, failure)) }
            report(finished)
        }
    }
}
