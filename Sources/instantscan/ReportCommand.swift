import ArgumentParser
import CLISupport
import Foundation
import InstantScan

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Build one contact sheet of a batch from its output folder, however many shards wrote it.",
        discussion: """
        Reads every batch manifest in the folder (a plain batch's and each --shard's) and writes one \
        HTML page of every scan, with thumbnails read back from the scans. With --input, the photos \
        of the input folder that no manifest records as done are listed first, as needing a fix \
        (with their shard). Exit 0 when every photo is done, 1 when some are not, 66 when the folder \
        holds no manifest.
        """
    )

    @Argument(help: "The output folder of the batch (its shards').")
    var folder: String

    @Option(name: .shortAndLong, help: ArgumentHelp("Where to write the page (default: report.html in the folder).", valueName: "file"))
    var output: String?

    @Option(help: ArgumentHelp("The batch's input folder: list its photos that are not done too.", valueName: "folder"))
    var input: String?

    @Flag(name: .shortAndLong, help: "With --input: include subfolders (as the batch did with -r).")
    var recursive = false

    @Option(help: "Scans read back at once (default: the core count).")
    var jobs: Int?

    @Flag(name: .shortAndLong, help: "No summary on standard error.")
    var quiet = false

    mutating func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if recursive && input == nil { throw ValidationError("-r/--recursive needs --input") }
    }

    func run() throws {
        let batch: RecordedBatch
        let listed: [PhotoFinder.Photo]?
        do {
            batch = try RecordedBatch(outputFolder: folder)
            listed = try input.map { try PhotoFinder.photos(in: $0, recursive: recursive, excluding: folder) }
        } catch {
            Console.error(ErrorText.of(error))
            throw ExitCodes.noInput
        }
        let page = output ?? (folder as NSString).appendingPathComponent("report.html")
        if let problem = BatchCommand.reportProblem(page, photos: listed ?? [], outputFolder: folder) {
            Console.error(problem)
            throw ExitCodes.cannotCreate
        }
        let summary: BatchSummary
        do {
            summary = try batch.writeReport(to: page, inputFolder: input, listed: listed,
                                            jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        } catch {
            Console.error(error is AtomicFile.WriteError ? "\(error)" : "\(page): cannot write the report: \(ErrorText.of(error))")
            throw ExitCodes.cannotCreate
        }
        if !quiet {
            Console.note("\(batch.manifestNames.count) manifest\(batch.manifestNames.count == 1 ? "" : "s"): \(summary.photos) photos, \(summary.printsScanned) prints, \(summary.failures.count) not done")
            for failure in summary.failures.sorted(by: { $0.photo < $1.photo }).prefix(20) {
                Console.note("  \(Terminal.safe(failure.photo)): \(Terminal.safe(failure.reason))")
            }
            if summary.failures.count > 20 { Console.note("  … and \(summary.failures.count - 20) more (see the report)") }
            Console.note("report: \(Terminal.safe(page))")
        }
        if !summary.failures.isEmpty { throw ExitCodes.someFailed }
    }
}
