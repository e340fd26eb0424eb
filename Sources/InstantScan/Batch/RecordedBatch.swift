import Dispatch
import Foundation

/// A batch as its output folder records it: every manifest there read together (a plain batch's,
/// or each shard's of a batch run as many tasks), so that one contact sheet shows the whole batch
/// however many machines scanned it.
///
/// Given the input folder's photos, a photo no manifest records as done is listed as needing a
/// fix (failed, cut short, or its shard has not run), naming its shard when the shards agree on a
/// count.
package struct RecordedBatch {
    /// Why there is nothing to report.
    package struct ReportError: Error, Sendable, CustomStringConvertible {
        package var description: String
    }

    /// The output folder.
    package let outputFolder: String
    /// The manifests read, by file name.
    package let manifestNames: [String]
    private let manifest: BatchManifest
    /// Per photo, the line that counts (``BatchRecords/countingLines(in:excluding:)``).
    /// By the photo's bytes (SystemPath): names that differ only in Unicode normalization are two photos.
    private let lines: [SystemPath.Key: BatchManifest.Entry]
    /// The shard count every shard manifest names, when they agree.
    private let shardCount: Int?

    /// Reads every manifest in `outputFolder`; throws when there is none.
    package init(outputFolder: String) throws {
        self.outputFolder = BatchRunner.trimmed(outputFolder)
        manifestNames = BatchRecords.manifestNames(in: self.outputFolder)
        guard !manifestNames.isEmpty else {
            throw ReportError(description: "\(outputFolder): no batch manifest here (\(BatchManifest.fileName) or a shard's .instantscan-batch.shard-K-of-N.jsonl); is it the output folder of a batch?")
        }
        manifest = try BatchManifest(outputFolder: self.outputFolder)
        lines = BatchRecords.countingLines(in: self.outputFolder).mapValues(\.entry)
        let counts = Set(manifestNames.compactMap(Self.shardCount(inManifestName:)))
        shardCount = counts.count == 1 ? counts.first : nil
    }

    /// Every output the manifests record as done, and the manifests themselves: what a report
    /// must never be written over.
    package var recordedFiles: [String] {
        manifest.doneOutputs + manifestNames.map { (outputFolder as NSString).appendingPathComponent($0) }
    }

    /// Writes the contact sheet of the batch to `reportPath`: the photos the manifests record and,
    /// when given, every photo of the input folder (`listed`, found in `inputFolder`), never over a
    /// photo, a scan or a manifest. Reads back the scans for thumbnails, `jobs` at once.
    package func writeReport(to reportPath: String, inputFolder: String?, listed: [PhotoFinder.Photo]?,
                             jobs: Int) throws -> BatchSummary {
        let known = Set((listed ?? []).map { SystemPath.Key($0.relativePath) })
        // Recorded photos that are not (or no longer) in the input folder still have their scans.
        let unlisted = lines.filter { !known.contains($0.key) }.sorted { $0.key < $1.key }.map(\.value.photo)
        let photos = (listed ?? []) + unlisted.map { relative in
            PhotoFinder.Photo(path: inputFolder.map { ($0 as NSString).appendingPathComponent(relative) } ?? relative,
                              relativePath: relative)
        }
        let sheet = try ContactSheet(path: reportPath, outputFolder: outputFolder)
        let tally = Tally()
        let workers = max(1, min(jobs, photos.count))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for i in stride(from: worker, to: photos.count, by: workers) {
                let outcome = outcome(of: photos[i])
                sheet.add(outcome)
                tally.add(outcome)
            }
        }
        var summary = tally.summary
        summary.photos = photos.count
        try sheet.finish(summary, protecting: ProtectedFiles((listed ?? []).map(\.path) + recordedFiles))
        return summary
    }

    /// What the manifests say of `photo`.
    func outcome(of photo: PhotoFinder.Photo) -> PhotoOutcome {
        var outcome = PhotoOutcome(photo: photo)
        let shard = shardCount.map { " (shard \(Shard.index(of: photo.relativePath, count: $0))/\($0))" } ?? ""
        guard let entry = lines[SystemPath.Key(photo.relativePath)] else {
            outcome.failure = "not scanned: no manifest records it; its task failed on it or has not run\(shard) — run it again"
            return outcome
        }
        let outputs = manifest.outputPaths(of: entry)
        if entry.state == .failed {
            let exit = entry.exit.map { " (exit \($0))" } ?? ""
            outcome.failure = "failed\(exit): \(entry.error ?? "no reason recorded")\(shard) — fix it and run the batch again"
            return outcome
        }
        guard (entry.state ?? .done) == .done else {
            outcome.failure = "cut short: claimed but never finished (the task was killed?)\(shard) — run it again to resume"
            return outcome
        }
        if let missing = outputs.first(where: { !SystemPath.exists($0) }) {
            outcome.failure = "\(missing): recorded as written but missing — run the batch again to rescan it"
            return outcome
        }
        outcome.skipped = true
        if let prints = entry.prints, prints.count == outputs.count {
            outcome.prints = zip(outputs, prints).compactMap { PhotoOutcome.Print(recordedAt: $0, record: $1) }
        }
        return outcome
    }

    /// N of `.instantscan-batch.shard-K-of-N.jsonl`.
    static func shardCount(inManifestName name: String) -> Int? {
        guard let range = name.range(of: "-of-"), name.hasSuffix(".jsonl") else { return nil }
        return Int(name[range.upperBound...].dropLast(".jsonl".count))
    }
}

/// The counts of a report, added to from several threads.
private final class Tally: @unchecked Sendable {
    private let lock = NSLock()
    private var counts = BatchSummary()

    var summary: BatchSummary { lock.withLock { counts } }

    func add(_ outcome: PhotoOutcome) {
        lock.withLock {
            if outcome.skipped { counts.skipped += 1 }
            counts.printsScanned += outcome.prints.count
            if let failure = outcome.failure { counts.failures.append((outcome.photo.relativePath, failure)) }
        }
    }
}
