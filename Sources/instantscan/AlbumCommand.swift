import ArgumentParser
import CLISupport
import Foundation
import InstantScan

struct AlbumCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "album",
        abstract: "Make a PDF album of scans, each print at its physical size.",
        discussion: """
        Scans are PNG or JPEG files, or folders of them (with -r, their subfolders too), in the order \
        given (a folder's files by name). A print's size comes from the scan's own metadata, which \
        `instantscan scan` writes (EXIF resolution, PNG pHYs, JFIF density); --dpi overrides it; \
        for scans without it, --print-format or the shape of the scan (card or window of a known format) \
        decides, with a warning. JPEG scans go in unchanged, PNG scans are compressed at --quality; \
        each image keeps its ICC profile. A scan that cannot be read is reported and left out. \
        Exit 0 when every scan is in the album, 1 when some were left out (or none could be read: \
        then no album is written), 73 when the album cannot be written.
        """
    )

    @Argument(help: "Scans (PNG or JPEG), or folders of them.")
    var scans: [String]

    @Option(name: .shortAndLong, help: "The PDF to write.")
    var output: String

    @Option(help: "pages: one print a page at its size; sheet: as many prints as fit on each sheet of --paper.")
    var layout: AlbumLayout = .pages

    @Option(help: "Paper of the sheet layout: a4 or letter.")
    var paper: PaperSize = .a4

    @Option(help: "Margin around each page's content in mm (default: 0 for pages, 10 for sheet).")
    var margin: Double?

    @Option(help: "The album's title (default: the span of the photos' capture dates).")
    var title: String?

    @Option(help: "JPEG quality (1-100) for PNG scans.")
    var quality = 90

    @Flag(help: "Write each photo's capture date (or the file name) under its print.")
    var captions = false

    @Option(help: "Pixels per inch for every scan, overriding what the files say.")
    var dpi: Double?

    @Option(help: "The print format of scans that record no size.")
    var printFormat: PrintFormat?

    /// `--format` named the print format here, and the container in `scan`: kept, hidden, so
    /// that scripts go on working.
    @Option(name: .customLong("format"), help: .hidden)
    var deprecatedFormat: PrintFormat?

    @Flag(name: .shortAndLong, help: "Include subfolders of folders given.")
    var recursive = false

    @Flag(help: "Print what was placed as JSON on standard output.")
    var json = false

    @Flag(name: .shortAndLong, help: "No per-scan messages.")
    var quiet = false

    mutating func validate() throws {
        if scans.isEmpty { throw ValidationError("give the scans to put in the album") }
        if let deprecatedFormat {
            if printFormat != nil { throw ValidationError("give --print-format only (--format is its old name)") }
            Console.warning("--format is deprecated in album: use --print-format")
            printFormat = deprecatedFormat
        }
        if !(1...100).contains(quality) { throw ValidationError("--quality must be 1 to 100") }
        if let margin, !(0...50).contains(margin) { throw ValidationError("--margin must be 0 to 50 mm") }
        if let dpi, !(10...10_000).contains(dpi) { throw ValidationError("--dpi must be 10 to 10000") }
        if layout == .pages && paper != .a4 {
            throw ValidationError("--paper is for --layout sheet (with pages, each page is its print's size)")
        }
    }

    func run() throws {
        var options = AlbumOptions()
        options.layout = layout
        options.paper = paper
        options.marginMillimetres = margin
        options.title = title
        options.quality = quality
        options.captions = captions
        options.pixelsPerInch = dpi
        options.format = printFormat
        options.creationDate = Self.sourceDateEpoch()

        var paths: [String] = []
        for scan in scans {
            if SystemPath.kind(scan) == .folder {
                do {
                    let found = try PhotoFinder.photos(in: scan, recursive: recursive).map(\.path)
                    if found.isEmpty { Console.warning("\(scan): no PNG or JPEG scans found\(recursive ? "" : " (use -r for subfolders)")") }
                    paths += found
                } catch {
                    Console.error(ErrorText.of(error))
                    throw ExitCodes.noInput
                }
            } else {
                paths.append(scan)
            }
        }

        let quiet = self.quiet, json = self.json
        let summary: AlbumSummary
        do {
            summary = try AlbumBuilder(options: options).write(paths, to: output) { entry in
                for warning in entry.warnings { Console.warning("\(entry.path): \(warning)") }
                if let failure = entry.failure {
                    Console.error(failure)
                } else if !quiet && !json, let size = entry.size, let page = entry.page {
                    Console.note("\(entry.path) → page \(page) (\(Self.mm(size.width)) × \(Self.mm(size.height)) mm)")
                }
            }
        } catch let error as AlbumError {
            Console.error(ErrorText.of(error))
            throw ExitCodes.someFailed
        } catch {
            Console.error(ErrorText.of(error))
            throw ExitCodes.code(for: error)
        }
        if json { print(try AlbumReport(output: output, summary: summary).jsonString()) }
        if !quiet {
            Console.note("\(output): \(summary.pages) page\(summary.pages == 1 ? "" : "s"), \(summary.placed.count) print\(summary.placed.count == 1 ? "" : "s"), \(summary.bytes / 1024) KiB, \"\(summary.title)\"")
            for failure in summary.failures { Console.note("  left out: \(failure.failure ?? failure.path)") }
        }
        if !summary.failures.isEmpty { throw ExitCodes.someFailed }
    }

    static func mm(_ value: Double) -> String {
        let tenths = (value * 10).rounded() / 10
        return tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)
    }

    /// The creation date from `SOURCE_DATE_EPOCH` (reproducible builds' convention), else nil.
    static func sourceDateEpoch() -> CaptureDate? {
        guard let text = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"], let seconds = Double(text) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: seconds))
        return CaptureDate(year: c.year!, month: c.month!, day: c.day!, hour: c.hour!, minute: c.minute!,
                           second: c.second!, utcOffsetMinutes: 0)
    }
}

/// The JSON `album --json` prints.
struct AlbumReport: Encodable {
    struct Scan: Encodable {
        var path: String
        var page: Int?
        var widthMM: Double?
        var heightMM: Double?
        var sizeFrom: String?
        var format: String?
        var captureDate: String?
        var passthrough: Bool?
        var warnings: [String]
        var error: String?
    }

    var output: String
    var title: String
    var pages: Int
    var bytes: Int
    var scans: [Scan]

    init(output: String, summary: AlbumSummary) {
        self.output = output
        title = summary.title
        pages = summary.pages
        bytes = summary.bytes
        scans = summary.entries.map { entry in
            Scan(path: entry.path, page: entry.page, widthMM: entry.size.map { ($0.width * 100).rounded() / 100 },
                 heightMM: entry.size.map { ($0.height * 100).rounded() / 100 }, sizeFrom: entry.size?.source.rawValue,
                 format: entry.size?.format?.rawValue, captureDate: entry.captureDate?.description,
                 passthrough: entry.failure == nil ? entry.isPassthrough : nil, warnings: entry.warnings, error: entry.failure)
        }
    }
}

extension AlbumLayout: ExpressibleByArgument {}
extension PaperSize: ExpressibleByArgument {}
