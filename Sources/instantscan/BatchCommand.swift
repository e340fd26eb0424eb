import ArgumentParser
import CLISupport
import Dispatch
import Foundation
import InstantScan

struct BatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Scan every JPEG, PNG, HEIC and AVIF in a folder, every print in each.",
        discussion: """
        Outputs are named after their photo (IMG_0042-1.png, IMG_0042-2.png and so on), keep the input's \
        subfolders, and are never overwritten unless --overwrite. A re-run skips photos already done, \
        so an interrupted batch (Ctrl-C) goes on where it stopped. A bad photo is reported and the \
        batch goes on. Exit 0 when every photo succeeded, 1 when some failed or the run was \
        interrupted (130 after Ctrl-C).

        --shard K/N scans a deterministic share of the photos (by a hash of each one's path \
        relative to the folder), so N tasks of a Kubernetes Indexed Job or a Slurm array can \
        share one output folder; --shard-count N takes K from JOB_COMPLETION_INDEX or \
        SLURM_ARRAY_TASK_ID. `instantscan report OUT` then shows them all on one page.
        """
    )

    @Argument(help: "The folder of photos.")
    var input: String

    @Option(name: .shortAndLong, help: "The folder to write scans into.")
    var output: String

    @Flag(name: .shortAndLong, help: "Include subfolders.")
    var recursive = false

    @Option(help: "Photos scanned at once (default: the core count).")
    var jobs: Int?

    @Flag(help: "Replace existing outputs (never an input photo).")
    var overwrite = false

    @Flag(help: "Scan photos again even if an earlier run finished them.")
    var noResume = false

    @Option(help: ArgumentHelp("Scan only shard K of N (1-based): a fixed share of the photos, chosen by path.",
                               valueName: "K/N"))
    var shard: String?

    @Option(help: ArgumentHelp("Split into N shards and scan the one this task is, from JOB_COMPLETION_INDEX (Kubernetes) or SLURM_ARRAY_TASK_ID (Slurm).",
                               valueName: "N"))
    var shardCount: Int?

    @Option(help: "Write a self-contained HTML contact sheet here.")
    var report: String?

    @Flag(help: "One JSON line per scan on standard output.")
    var json = false

    @Flag(name: .shortAndLong, help: "No progress or per-photo messages.")
    var quiet = false

    @OptionGroup var scanOptions: ScanSettings

    mutating func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if shard != nil && shardCount != nil { throw ValidationError("--shard and --shard-count cannot go together: give one") }
        if let shard {
            do { _ = try Shard(parsing: shard) } catch { throw ValidationError("--shard: \(error)") }
        }
        if let shardCount, shardCount < 1 { throw ValidationError("--shard-count must be at least 1") }
        try scanOptions.check()
    }

    func run() throws {
        var options = BatchOptions()
        options.scan = scanOptions.makeScanOptions()
        options.output = scanOptions.encoderFormat(forPath: nil)
        options.jobs = jobs ?? ProcessInfo.processInfo.activeProcessorCount
        options.overwrite = overwrite
        options.resume = !noResume
        options.previews = report != nil
        do {
            options.shard = try shard.map(Shard.init(parsing:))
                ?? shardCount.map { try Shard(count: $0, environment: ProcessInfo.processInfo.environment) }
        } catch {
            // A task started without its index: a usage error, before any photo is touched.
            Console.error("\(error)")
            throw ExitCode.validationFailure
        }

        let photos: [PhotoFinder.Photo]
        do {
            // With -o inside (or equal to) the input folder, the scans of earlier runs are not photos.
            photos = BatchRunner.leavingOutScans(try PhotoFinder.photos(in: input, recursive: recursive, excluding: output),
                                                 outputFolder: output)
        } catch {
            Console.error(ErrorText.of(error))
            throw ExitCodes.noInput
        }
        if photos.isEmpty { Console.warning("\(input): no JPEG, PNG, HEIC or AVIF photos found\(recursive ? "" : " (use -r for subfolders)")") }

        if let report, let problem = Self.reportProblem(report, photos: photos, outputFolder: output) {
            Console.error(problem)
            throw ExitCodes.cannotCreate
        }
        // Two jobs otherwise keep each other's working planes in glibc's arenas (see FreedMemory):
        // 20 photos, two jobs: 121-125 -> 110-113 MB peak, for some 0.3 s more system time.
        FreedMemory.mapBlocksAlone(from: 1 << 20)
        let runner = BatchRunner(options: options) { FlagHint.message(for: $0, in: .batch) }
        let interrupt = InterruptHandler { runner.cancel() }
        if let shard = options.shard, !quiet {
            Console.note("shard \(shard): \(shard.share(of: photos).count) of \(photos.count) photos")
        }
        let progress = ProgressReporter(total: options.shard?.share(of: photos).count ?? photos.count, quiet: quiet)
        let sheet: ContactSheet?
        do {
            sheet = try report.map { try ContactSheet(path: $0, outputFolder: output) }
        } catch {
            Console.error(ErrorText.of(error))
            throw ExitCodes.cannotCreate
        }
        let emitJSON = json
        let summary: BatchSummary
        do {
            summary = try runner.run(photos, into: output, onStart: { progress.started($0.relativePath) }) { outcome, done in
                let status = outcome.skipped ? "already done"
                    : outcome.failure.map { "failed: \($0)" } ?? "\(outcome.prints.count) print\(outcome.prints.count == 1 ? "" : "s")"
                progress.finished(outcome.photo.relativePath, done: done, status: status, warnings: outcome.warnings)
                if emitJSON { BatchLine.emit(outcome) }
                sheet?.add(outcome)
            }
        } catch {
            progress.end()
            Console.error(ErrorText.of(error))
            throw ExitCodes.cannotCreate
        }
        progress.end()
        interrupt.cancel()
        // A report that cannot be written (a full disk) fails the run: exit 73, not 0.
        var reportFailed = false
        do {
            if let sheet {
                // The page replaces an earlier report, never a photo, a scan or the manifest.
                let manifest = try BatchManifest(outputFolder: output, fileName: options.shard?.manifestFileName ?? BatchManifest.fileName)
                try sheet.finish(summary, protecting: ProtectedFiles(photos.map(\.path) + manifest.doneOutputs + [manifest.path]
                    + BatchRecords.manifestNames(in: output).map { (output as NSString).appendingPathComponent($0) }))
            }
        } catch {
            Console.error(error is AtomicFile.WriteError ? "\(error)" : "\(report ?? ""): cannot write the report: \(ErrorText.of(error))")
            reportFailed = true
        }
        if !quiet {
            Console.note("\(summary.photos) photos, \(summary.printsScanned) prints scanned, \(summary.skipped) already done, \(summary.failures.count) failed")
            for failure in summary.failures { Console.note("  failed: \(Terminal.safe(failure.photo)): \(Terminal.safe(failure.reason))") }
            if summary.interrupted { Console.note("interrupted: \(summary.notStarted) photos not started; run the same command again to go on") }
            if let report, !reportFailed { Console.note("report: \(Terminal.safe(report))") }
        }
        if summary.interrupted { throw ExitCode(130) }
        if reportFailed { throw ExitCodes.cannotCreate }
        if !summary.succeeded { throw ExitCodes.someFailed }
    }
}

extension BatchCommand {
    /// Why `--report` cannot go at `report`, or nil: it must not name a photo, a scan or the
    /// manifest (an HTML page written over them loses them).
    static func reportProblem(_ report: String, photos: [PhotoFinder.Photo], outputFolder: String) -> String? {
        let name = URL(fileURLWithPath: report).lastPathComponent
        let ext = URL(fileURLWithPath: report).pathExtension.lowercased()
        if BatchRecords.isManifest(name: name) {
            return "\(report): --report would replace the batch manifest; give an .html path"
        }
        if PhotoFinder.extensions.contains(ext) {
            return "\(report): --report writes an HTML page, not a .\(ext) image; give an .html path"
        }
        if ProtectedFiles(photos.map(\.path)).contains(report) {
            return "\(report): --report would replace an input photo; give an .html path"
        }
        return nil
    }
}

/// One JSON line per scan (and per failed photo) for scripts: the photo, the file written and the
/// print's keys (``PrintJSON``), or the photo and the error.
enum BatchLine {
    struct Line: Encodable {
        var photo: String
        var output: String?
        var print: PrintJSON?
        var error: String?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: JSONKey.self)
            try container.encode(photo, forKey: "photo")
            try container.encodeIfPresent(output, forKey: "output")
            try print?.encode(into: &container)
            try container.encodeIfPresent(error, forKey: "error")
        }
    }

    static func emit(_ outcome: PhotoOutcome) {
        var lines: [Line] = outcome.prints.map {
            Line(photo: outcome.photo.path, output: $0.path, print: PrintJSON($0))
        }
        if let failure = outcome.failure { lines.append(Line(photo: outcome.photo.path, error: failure)) }
        for line in lines {
            if let text = try? line.jsonString() { print(text) }
        }
    }
}

/// Turns the first Ctrl-C into a clean stop (photos in flight finish, the rest wait for a re-run)
/// and a second into an immediate exit.
final class InterruptHandler: @unchecked Sendable {
    private let source: DispatchSourceSignal
    private var count = 0

    init(_ onInterrupt: @escaping @Sendable () -> Void) {
        signal(SIGINT, SIG_IGN)
        // Its own serial queue, not `.global()`: the batch's workers occupy every thread of the
        // global pool (one per core with the default --jobs) until the batch ends, and a handler
        // queued behind them ran only then, so Ctrl-C did not stop the batch.
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: DispatchQueue(label: "instantscan.interrupt"))
        source.setEventHandler { [unowned self] in
            // Signals arriving together are delivered as one event: `data` counts them.
            count += max(1, Int(source.data))
            if count > 1 {
                // Writes in progress are abandoned: their temporaries go, so nothing is left behind.
                AtomicFile.removeTemporariesInFlight()
                exit(130)
            }
            Console.note("\nstopping after the photos in progress (Ctrl-C again to quit at once)…")
            onInterrupt()
        }
        source.resume()
    }

    func cancel() {
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }
}
