import Foundation
import Testing
@testable import InstantScan

/// The file-handling defects of issue 15 in `batch` and `scan`: inputs, scans and the manifest
/// are never lost, names never collide, an interrupted batch always finishes on a re-run.
@Suite struct BatchSafetyTests {
    /// A rendered photo of one print, as JPEG (or PNG) bytes.
    static func photo(png: Bool = false) throws -> Data {
        let image = try DetectionScenes.woodGrain.render()
        return Data(png ? try OutputEncoder(format: .png(.fast)).encode(image, profile: .srgb) : try JPEGEncoder.encode(image, quality: 92))
    }

    static func write(_ data: Data, _ path: String) throws {
        try data.write(to: URL(fileURLWithPath: path))
    }

    static func files(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") }.sorted()
    }

    static func manifestLines(_ folder: String) throws -> [String] {
        try String(contentsOfFile: folder + "/" + BatchManifest.fileName, encoding: .utf8)
            .split(separator: "\n").map(String.init)
    }

    // Item 1
    @Test func aReportPathNeverReplacesAPhotoAScanOrTheManifest() throws {
        let input = try TemporaryFolder()
        let photo = try Self.photo()
        try Self.write(photo, input.path("IMG_0001.jpg"))
        let output = try TemporaryFolder()
        let scans = output.path("scans")

        let onPhoto = try CLIRunner.run(["batch", input.url.path, "-o", scans, "--report", input.path("IMG_0001.jpg")])
        #expect(onPhoto.status != 0, "\(onPhoto.stderr)")
        #expect(onPhoto.stderr.contains("--report"), "\(onPhoto.stderr)")
        #expect(try Data(contentsOf: input.url.appendingPathComponent("IMG_0001.jpg")) == photo)

        let done = try CLIRunner.run(["batch", input.url.path, "-o", scans])
        #expect(done.status == 0, "\(done.stderr)")
        let scan = try Data(contentsOf: URL(fileURLWithPath: scans + "/IMG_0001-1.png"))
        let manifest = try Data(contentsOf: URL(fileURLWithPath: scans + "/" + BatchManifest.fileName))
        for target in [scans + "/IMG_0001-1.png", scans + "/" + BatchManifest.fileName] {
            let run = try CLIRunner.run(["batch", input.url.path, "-o", scans, "--report", target])
            #expect(run.status != 0, "\(target): \(run.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: scans + "/IMG_0001-1.png")) == scan)
        #expect(try Data(contentsOf: URL(fileURLWithPath: scans + "/" + BatchManifest.fileName)) == manifest)
        let again = try CLIRunner.run(["batch", input.url.path, "-o", scans])
        #expect(again.status == 0 && again.stderr.contains("1 already done"), "\(again.stderr)")
    }

    // Item 2
    @Test func overwriteNeverReplacesAnInputPhoto() throws {
        let folder = try TemporaryFolder()
        try Self.write(try Self.photo(), folder.path("a.jpg"))
        let precious = try Self.photo(png: true)
        try Self.write(precious, folder.path("a-1.png"))
        let run = try CLIRunner.run(["batch", folder.url.path, "-o", folder.url.path, "--overwrite"])
        #expect(try Data(contentsOf: folder.url.appendingPathComponent("a-1.png")) == precious, "\(run.stderr)")
        #expect(run.stderr.contains("input"), "\(run.stderr)")
    }

    // Item 3
    @Test func photosThatDifferOnlyByExtensionGetDistinctScans() throws {
        let input = try TemporaryFolder()
        try Self.write(try Self.photo(), input.path("a.jpg"))
        try Self.write(try Self.photo(), input.path("a.JPG"))
        try Self.write(try Self.photo(png: true), input.path("a.png"))
        try Self.write(try Self.photo(), input.path("b.jpg"))
        let output = try TemporaryFolder()
        let run = try CLIRunner.run(["batch", input.url.path, "-o", output.url.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Self.files(in: output.url.path) == ["a-1.png", "a.JPG-1.png", "a.png-1.png", "b-1.png"])
        let lines = try Self.manifestLines(output.url.path).filter { $0.contains("\"done\"") }
        #expect(lines.count == 4)

        let scans = try TemporaryFolder()
        let scan = try CLIRunner.run(["scan", input.path("a.jpg"), input.path("a.png"), "-o", scans.url.path + "/"])
        #expect(scan.status == 0, "\(scan.stderr)")
        #expect(try Self.files(in: scans.url.path) == ["a-1.png", "a.png-1.png"])
    }

    /// Two names the scheme maps to one path (`a.png` + `a.png.jpg`): the second is refused, not lost.
    @Test func twoOutputsOfOneRunNeverSharePath() throws {
        let input = try TemporaryFolder()
        try Self.write(try Self.photo(), input.path("a.jpg"))
        try Self.write(try Self.photo(png: true), input.path("a.png"))
        try Self.write(try Self.photo(), input.path("a.png.jpg"))
        let output = try TemporaryFolder()
        let run = try CLIRunner.run(["batch", input.url.path, "-o", output.url.path, "--jobs", "1"])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("already written in this run as"), "\(run.stderr)")
        #expect(try Self.files(in: output.url.path).count == 2)
    }

    // Item 4 (the state a kill leaves between a scan's rename and its manifest line)
    @Test func aBatchCutShortAfterItsScansAreInPlaceFinishesOnTheNextRun() throws {
        let input = try TemporaryFolder()
        try Self.write(try Self.photo(), input.path("IMG_0001.jpg"))
        let output = try TemporaryFolder()
        let first = try CLIRunner.run(["batch", input.url.path, "-o", output.url.path])
        #expect(first.status == 0, "\(first.stderr)")
        // Drop what a kill right after the rename would not have written: the line saying it is done.
        let path = output.url.path + "/" + BatchManifest.fileName
        let kept = try Self.manifestLines(output.url.path).filter { !$0.contains("\"done\"") && $0.contains("\"state\"") }
        try Data(kept.map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: path))
        let second = try CLIRunner.run(["batch", input.url.path, "-o", output.url.path])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(!second.stderr.contains("already exists"), "\(second.stderr)")
        #expect(try Self.files(in: output.url.path) == ["IMG_0001-1.png"])
        let third = try CLIRunner.run(["batch", input.url.path, "-o", output.url.path])
        #expect(third.stderr.contains("1 already done"), "\(third.stderr)")
    }

    // Item 6
    @Test func aBatchResumesFromAnotherWorkingFolder() throws {
        let work = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: work.path("in"), withIntermediateDirectories: true)
        try Self.write(try Self.photo(), work.path("in/IMG_0001.jpg"))
        let first = try CLIRunner.run(["batch", "in", "-o", "out"], in: work.url)
        #expect(first.status == 0, "\(first.stderr)")
        let elsewhere = try TemporaryFolder()
        let second = try CLIRunner.run(["batch", work.path("in"), "-o", work.path("out")], in: elsewhere.url)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderr.contains("1 already done"), "\(second.stderr)")
        // The output folder moved: still resumable.
        try FileManager.default.moveItem(atPath: work.path("out"), toPath: work.path("moved"))
        let third = try CLIRunner.run(["batch", "in", "-o", "moved/"], in: work.url)
        #expect(third.stderr.contains("1 already done"), "\(third.stderr)")
    }

    // Item 8
    @Test func theManifestNeverFollowsASymlink() throws {
        let input = try TemporaryFolder()
        try Self.write(try Self.photo(), input.path("IMG_0001.jpg"))
        let output = try TemporaryFolder()
        let victim = try TemporaryFolder()
        try Data("keep me\n".utf8).write(to: victim.url.appendingPathComponent("victim.txt"))
        try FileManager.default.createSymbolicLink(atPath: output.path(BatchManifest.fileName), withDestinationPath: victim.path("victim.txt"))
        let run = try CLIRunner.run(["batch", input.url.path, "-o", output.url.path])
        #expect(run.status != 0, "\(run.stderr)")
        #expect(try String(contentsOfFile: victim.path("victim.txt"), encoding: .utf8) == "keep me\n")
    }
}

/// The contact sheet of a resumed batch, its links and colours (issue 15, items 10 and 17).
@Suite struct ContactSheetResumeTests {
    @Test func aResumedBatchReportsEveryPhotoAndLinksTheScans() throws {
        let input = try TemporaryFolder()
        try BatchSafetyTests.write(try BatchSafetyTests.photo(), input.path("IMG_0001.jpg"))
        let output = try TemporaryFolder()
        let scans = output.path("scans")
        let report = output.path("report.html")
        let first = try CLIRunner.run(["batch", input.url.path, "-o", scans, "--report", report])
        #expect(first.status == 0, "\(first.stderr)")
        try BatchSafetyTests.write(try BatchSafetyTests.photo(png: true), input.path("IMG_0002.png"))
        let second = try CLIRunner.run(["batch", input.url.path, "-o", scans, "--report", report])
        #expect(second.status == 0, "\(second.stderr)")
        let html = try String(contentsOfFile: report, encoding: .utf8)
        // Both photos, each scan's thumbnail, the earlier one marked as such.
        #expect(html.contains("<h2><bdi>IMG_0001.jpg</bdi></h2>") && html.contains("<h2><bdi>IMG_0002.png</bdi></h2>"))
        #expect(html.contains("done in an earlier run"))
        #expect(html.contains("<a href=\"scans/IMG_0001-1.png\"><img"), "thumbnails link to the scans")
        #expect(html.contains("<a href=\"scans/IMG_0002-1.png\"><img"))
        // A fully resumed batch keeps the whole report.
        let third = try CLIRunner.run(["batch", input.url.path, "-o", scans, "--report", report])
        #expect(third.stderr.contains("2 already done"), "\(third.stderr)")
        let again = try String(contentsOfFile: report, encoding: .utf8)
        #expect(again.contains("<a href=\"scans/IMG_0001-1.png\"><img") && again.contains("<a href=\"scans/IMG_0002-1.png\"><img"))
        #expect(again.contains("class=\"sure\"") || again.contains("class=\"unsure\""))
    }

    @Test func confidenceColoursFollowTheReviewThreshold() throws {
        let folder = try TemporaryFolder()
        let sheet = try ContactSheet(path: folder.path("r.html"), outputFolder: folder.path("out"))
        for (name, confidence) in [("low.jpg", ReviewThreshold.confidence - 0.01), ("high.jpg", ReviewThreshold.confidence)] {
            var outcome = PhotoOutcome(photo: PhotoFinder.Photo(path: folder.path(name), relativePath: name))
            outcome.prints = [PhotoOutcome.Print(path: folder.path("out/\(name).png"), format: .instaxMini,
                                                 card: Quad(rectangleWidth: 10, height: 10), confidence: confidence,
                                                 size: PixelSize(width: 10, height: 10), thumbnail: nil)]
            sheet.add(outcome)
        }
        var summary = BatchSummary()
        summary.photos = 2
        try sheet.finish(summary)
        let html = try String(contentsOfFile: folder.path("r.html"), encoding: .utf8)
        let low = try #require(html.range(of: "<h2><bdi>low.jpg</bdi></h2>"))
        let high = try #require(html.range(of: "<h2><bdi>high.jpg</bdi></h2>"))
        #expect(html[low.upperBound...].prefix(600).contains("class=\"unsure\""))
        #expect(html[high.upperBound...].prefix(600).contains("class=\"sure\""))
        #expect(html.components(separatedBy: "check it").count == 2, "only the low one is flagged")
    }

    /// A bidirectional control in a photo's name would reorder the page around it and the fix
    /// command shown; the sheet shows it escaped, isolates the name, and spells it in the command
    /// as bytes the shell still takes.
    @Test func theContactSheetShowsBidiControlsInNamesEscaped() throws {
        let folder = try TemporaryFolder()
        let sheet = try ContactSheet(path: folder.path("r.html"), outputFolder: folder.path("out"))
        let name = "photo\u{202E}gpj.exe.jpg"
        var outcome = PhotoOutcome(photo: PhotoFinder.Photo(path: folder.path(name), relativePath: name))
        outcome.failure = "no print found in \(name)"
        sheet.add(outcome)
        var summary = BatchSummary()
        summary.photos = 1
        try sheet.finish(summary)
        let html = try String(contentsOfFile: folder.path("r.html"), encoding: .utf8)
        #expect(!html.unicodeScalars.contains("\u{202E}"), "no raw control anywhere on the page")
        #expect(html.contains("<h2><bdi>photo\\u{202e}gpj.exe.jpg</bdi></h2>"))
        #expect(html.contains("$'\(folder.path("photo"))\\xE2\\x80\\xAEgpj.exe.jpg'"), "the fix command takes the exact name")
        #expect(!ContactSheet.shellQuote("a\u{200D}b.jpg").hasPrefix("$'"), "joiners reorder nothing and stay")
    }

    /// One threshold: what detection marks `uncertain` is what the sheet and previews flag.
    @Test func detectionAndTheContactSheetShareOneReviewThreshold() {
        #expect(DetectionOptions().reviewConfidence == ReviewThreshold.confidence)
        #expect(ReviewThreshold.needsReview(0.79) && !ReviewThreshold.needsReview(0.8))
    }

    /// `batch IN -o IN`: the next run does not take the first run's scans for photos.
    @Test func scansInTheInputFolderAreNotPhotosOnTheNextRun() throws {
        let folder = try TemporaryFolder()
        try BatchSafetyTests.write(try BatchSafetyTests.photo(), folder.path("a.jpg"))
        let first = try CLIRunner.run(["batch", folder.url.path, "-o", folder.url.path])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try BatchSafetyTests.files(in: folder.url.path) == ["a-1.png", "a.jpg"])
        let second = try CLIRunner.run(["batch", folder.url.path, "-o", folder.url.path])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderr.contains("1 photos, 0 prints scanned, 1 already done"), "\(second.stderr)")
        #expect(try BatchSafetyTests.files(in: folder.url.path) == ["a-1.png", "a.jpg"])
        // Even scanning again from scratch leaves the scan alone as an input.
        let third = try CLIRunner.run(["batch", folder.url.path, "-o", folder.url.path, "--no-resume", "--overwrite"])
        #expect(third.stderr.contains("1 photos, 1 prints scanned"), "\(third.stderr)")
        #expect(try BatchSafetyTests.files(in: folder.url.path) == ["a-1.png", "a.jpg"])
    }
}
