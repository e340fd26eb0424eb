import Foundation
import InstantScan

/// Scans one photo of the batch again at the corners a person placed, through the batch's own
/// runner (atomic writes, never over an input or a file that is not the batch's), and records the
/// corners in the manifest as manual so that a later `batch` run keeps them.
final class ReviewRescanner: @unchecked Sendable {
    /// Why a re-scan failed after its corners were accepted (a 500: a full disk, an unreadable photo).
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let catalog: ReviewCatalog
    private let runner: BatchRunner
    /// One re-scan at a time: each appends to the manifest and replaces files of the batch.
    private let lock = NSLock()

    init(catalog: ReviewCatalog, options: BatchOptions) {
        self.catalog = catalog
        var options = options
        options.previews = false
        options.resume = false
        runner = BatchRunner(options: options)
    }

    /// Re-scans `photo` with `prints`; returns the photo as the API now describes it.
    func rescan(_ photo: PhotoFinder.Photo, prints: [ManualScan.Print]) throws -> ReviewPhotoJSON {
        try lock.withLock {
            let manifest = catalog.manifest(for: photo)
            let earlier = manifest.outputs(of: photo).filter(catalog.isInsideOutput)
            let records = prints.map {
                BatchManifest.PrintRecord(format: $0.format?.rawValue, confidence: 1,
                                          corners: $0.card.corners.map { [$0.x, $0.y] }, manual: true)
            }
            // The claim names the earlier scans, which the runner may then replace (or, with no
            // print left, remove); and it carries the corners, so a run cut short here keeps them.
            try manifest.markClaimed(photo, outputs: earlier, prints: records, empty: prints.isEmpty)
            let outcome = runner.rescan(photo, among: catalog.photos, into: catalog.outputFolder, manifest: manifest)
            if let failure = outcome.failure { throw Failure(description: "\(photo.relativePath): \(failure)") }
            // Scans of prints that are gone (deleted on the page, or renumbered away) go too:
            // they are the batch's own files, named in its manifest.
            let kept = Set(outcome.prints.map(\.path))
            for path in earlier where !kept.contains(path) {
                try? FileManager.default.removeItem(atPath: path)
            }
            return catalog.json(for: photo)
        }
    }
}
