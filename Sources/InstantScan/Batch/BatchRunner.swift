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
    /// each photo with the outcome and the count finished so far. With ``BatchOptions/shard`` only
    /// that shard's share of `photos` is scanned; pass every photo of the input folder all the
    /// same, since they all name the outputs and no output may replace any of them.
    public func run(_ listed: [PhotoFinder.Photo], into outputFolder: String,
                    onStart: @escaping @Sendable (PhotoFinder.Photo) -> Void = { _ in },
                    onFinish: @escaping @Sendable (PhotoOutcome, Int) -> Void) throws -> BatchSummary {
        let outputFolder = Self.trimmed(outputFolder)
        try OutputFolder.create(outputFolder)
        let stems = Self.stems(for: listed, outputFolder: outputFolder)
        let photos = options.shard?.share(of: listed) ?? listed
        // A run killed outright (SIGKILL, a power cut) leaves its temporaries; they go now. A
        // shard cleans only those of its own photos: the others' may be in flight on other machines.
        let own = options.shard.map { _ in ShardOutputs(photos, stems: stems, outputFolder: outputFolder) }
        AtomicFile.removeStaleTemporaries(under: outputFolder, isOwn: { own?.contains($0) ?? true })
        let manifest = try BatchManifest(outputFolder: outputFolder,
                                         fileName: options.shard?.manifestFileName ?? BatchManifest.fileName)
        // Stems from the whole listing, so that every shard names a photo as a plain batch would.
        let jobs = max(1, min(options.jobs, photos.count))
        let context = RunContext(manifest: manifest, inputs: ProtectedFiles(listed.map(\.path)),
                                 stems: stems, claims: OutputClaims(), locateGate: jobs > 1 ? LocateGate() : nil)
        // Whole photos already fill the cores; row bands inside each would only add contention.
        ProcessInfoCores.limit(to: jobs > 1 ? 1 : nil)
        defer { ProcessInfoCores.limit(to: nil) }

        let state = RunState()
        let group = DispatchGroup()
        for _ in 0..<jobs {
            DispatchQueue.global().async(group: group) {
                while !self.isCancelled, let photo = state.next(from: photos) {
                    onStart(photo)
                    let outcome = self.process(photo, into: outputFolder, context: context)
                    FreedMemory.returnToSystem()
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
    func process(_ photo: PhotoFinder.Photo, into outputFolder: String, context: RunContext, resume: Bool? = nil) -> PhotoOutcome {
        var outcome = PhotoOutcome(photo: photo)
        let manifest = context.manifest
        if (resume ?? options.resume) && manifest.isDone(photo) {
            outcome.skipped = true
            // The report shows every photo of the batch, done now or before.
            if options.previews { outcome.prints = Self.recordedPrints(of: photo, in: manifest) }
            return outcome
        }
        // A person said it shows no print: nothing to detect. The outputs a cut-short removal
        // left (its claim names them) go now.
        if manifest.isMarkedEmpty(photo) {
            do {
                // Only files inside the output folder, never a photo: a manifest is only a text file.
                for path in manifest.unfinishedOutputs(of: photo)
                where path.hasPrefix(outputFolder + "/") && !path.split(separator: "/").contains("..")
                    && !context.inputs.contains(path) && SystemPath.exists(path) {
                    try FileManager.default.removeItem(atPath: path)
                }
                try manifest.markDone(photo, outputs: [], prints: [], empty: true)
                outcome.skipped = true
            } catch {
                outcome.failure = describe(error)
            }
            return outcome
        }
        // Named by this attempt's claim: still the batch's own if it fails half-way.
        var claimed: [String] = []
        var manual: [BatchManifest.PrintRecord] = []
        var exitCode = FailureClass.noPrint
        do {
            let bytes = try PhotoFile.read(photo.path)
            var scanOptions = options.scan
            scanOptions.locateGate = context.locateGate
            if options.previews {
                scanOptions.previewLongSide = 480
            } else {
                // Nothing but the file reads the scans (the report's thumbnails do): made band by
                // band into it, each job holds the photo and the compressed scans, never a scan whole.
                scanOptions.streamScans(into: options.output)
                scanOptions.spillFolder = outputFolder
            }
            // Corners a person set in `instantscan review` win over detection and over --corners.
            manual = manifest.manualPrints(of: photo)
            let result = manual.isEmpty ? try PrintScanner(options: scanOptions).scan(bytes, corners: options.corners)
                : try ManualScan(options: scanOptions).scan(bytes, prints: manual.map {
                    ManualScan.Print(card: $0.card!, format: $0.format.flatMap(PrintFormat.init(rawValue:)))
                })
            outcome.warnings = WarningLines.condensed(result.warnings)
            outcome.detected = result.detected
            if let preview = result.preview {
                // 90 keeps chroma at full resolution (4:4:4), so the thin overlay lines stay their colour.
                outcome.preview = try? JPEGEncoder.encode(preview, quality: 90)
            }
            guard !result.prints.isEmpty else { throw NoPrintFound() }
            let subfolder = (photo.relativePath as NSString).deletingLastPathComponent
            let folder = subfolder.isEmpty ? outputFolder : outputFolder + "/" + subfolder
            try OutputFolder.create(folder)
            let encoder = OutputEncoder(format: options.output)
            let paths = OutputNaming(target: folder + "/", fileExtension: options.output.fileExtension)
                .paths(forPrints: result.prints.count, of: photo.path, stem: context.stems[SystemPath.Key(photo.relativePath)])
            try context.claims.claim(paths, for: "a scan of " + photo.relativePath)
            // Outputs an earlier run claimed for this photo and did not finish are its own.
            let own = manifest.unfinishedOutputs(of: photo)
            for path in paths where !options.overwrite && !own.contains(path) && SystemPath.exists(path) {
                throw AtomicFile.WriteError.exists(path)
            }
            try manifest.markClaimed(photo, outputs: paths, prints: manual.isEmpty ? nil : manual)
            claimed = paths
            for (print, path) in zip(result.prints, paths) {
                try encoder.write(print, to: path, overwrite: options.overwrite || own.contains(path),
                                  protecting: context.inputs)
                let thumbnail = options.previews ? try? Self.thumbnail(of: print.image) : nil
                outcome.prints.append(PhotoOutcome.Print(path: path, scanned: print, thumbnail: thumbnail))
            }
            try manifest.markDone(photo, outputs: paths, prints: outcome.prints.map {
                BatchManifest.PrintRecord(format: $0.format?.rawValue, confidence: $0.confidence,
                                          corners: $0.card.corners.map { [$0.x, $0.y] },
                                          window: $0.window?.corners.map { [$0.x, $0.y] }, manual: manual.isEmpty ? nil : true)
            })
        } catch is NoPrintFound {
            outcome.failure = "no print found"
        } catch {
            outcome.failure = describe(error)
            exitCode = FailureClass.exitCode(for: error)
        }
        if let failure = outcome.failure {
            // Best effort: when the disk is full this line may not fit either; the photo is then
            // left as its earlier line says, which a re-run retries all the same unless done.
            try? manifest.markFailed(photo, error: failure, exit: exitCode, outputs: claimed,
                                     prints: manual.isEmpty ? nil : manual)
        }
        return outcome
    }

    private struct NoPrintFound: Error {}

    /// Scans `photo` again now, whatever the manifest says is done, as one photo of a batch of
    /// `photos` (which decides its outputs' names): `instantscan review` after a person placed its
    /// prints with ``BatchManifest/markClaimed(_:outputs:prints:)``. The outputs that line names
    /// may be replaced; any other existing file is not, unless ``BatchOptions/overwrite``.
    package func rescan(_ photo: PhotoFinder.Photo, among photos: [PhotoFinder.Photo], into outputFolder: String,
                        manifest: BatchManifest) -> PhotoOutcome {
        let context = RunContext(manifest: manifest, inputs: ProtectedFiles(photos.map(\.path)),
                                 stems: Self.stems(for: photos, outputFolder: Self.trimmed(outputFolder)), claims: OutputClaims())
        return process(photo, into: Self.trimmed(outputFolder), context: context, resume: false)
    }

    /// Each photo's output stem: the one its scans already have when a manifest of the folder
    /// names them (a photo added later must not take a done photo's name), else by the scheme of
    /// ``OutputStems``.
    static func stems(for photos: [PhotoFinder.Photo], outputFolder: String) -> [SystemPath.Key: String] {
        let recorded = BatchRecords.countingLines(in: outputFolder).compactMapValues {
            $0.entry.outputs.first.flatMap(OutputStems.recordedStem(ofOutput:))
        }
        return OutputStems.stems(for: photos.map(\.relativePath), keeping: recorded)
    }

    /// What an earlier run wrote for `photo`, with thumbnails read back from its scans.
    static func recordedPrints(of photo: PhotoFinder.Photo, in manifest: BatchManifest) -> [PhotoOutcome.Print] {
        manifest.recordedPrints(of: photo).compactMap { PhotoOutcome.Print(recordedAt: $0.path, record: $0.record) }
    }

    /// `photos` without the scans an earlier batch into `outputFolder` wrote (as its manifest
    /// records them): `batch IN -o IN` must not take its own scans for photos on the next run.
    public static func leavingOutScans(_ photos: [PhotoFinder.Photo], outputFolder: String) -> [PhotoFinder.Photo] {
        guard let manifest = try? BatchManifest(outputFolder: outputFolder) else { return photos }
        let written = ProtectedFiles(manifest.recordedOutputs)
        return photos.filter { !written.contains($0.path) }
    }

    /// `folder` without trailing slashes, so that every output path is spelled one way.
    static func trimmed(_ folder: String) -> String {
        var folder = folder
        while folder.count > 1 && folder.hasSuffix("/") { folder.removeLast() }
        return folder
    }

    static func thumbnail(of image: PixelBuffer) throws -> [UInt8] {
        let scale = min(1, 240 / Double(max(image.width, image.height)))
        let size = PixelSize(width: max(1, Int(Double(image.width) * scale)), height: max(1, Int(Double(image.height) * scale)))
        let map = Homography.affine(scaleX: 1 / scale, scaleY: 1 / scale, translateX: (1 / scale - 1) / 2, translateY: (1 / scale - 1) / 2)
        return try JPEGEncoder.encode(try PerspectiveWarp().warp(image, outputSize: size, outputToSource: map), quality: 80)
    }
}

/// What every photo of one run shares.
struct RunContext: Sendable {
    var manifest: BatchManifest
    /// Every input photo: no output may replace one, even with `--overwrite`.
    var inputs: ProtectedFiles
    /// Each photo's output stem, by relative path.
    var stems: [SystemPath.Key: String]
    var claims: OutputClaims
    /// With several jobs, what they may decode and detect together (``LocateGate``).
    var locateGate: LocateGate?
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
