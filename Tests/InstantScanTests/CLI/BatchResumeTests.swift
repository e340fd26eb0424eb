import Foundation
import Testing
@testable import InstantScan

/// Batches of real (rendered) photos: naming, resuming, never overwriting, the report.
@Suite struct BatchResumeTests {
    /// Two photos of prints and one bad file.
    func makeInput() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        for (name, scene) in [("IMG_0001.jpg", DetectionScenes.woodGrain), ("IMG_0002.jpg", DetectionScenes.whiteOnWhite)] {
            try Data(try JPEGEncoder.encode(try scene.render(), quality: 92)).write(to: folder.url.appendingPathComponent(name))
        }
        try Data("oops".utf8).write(to: folder.url.appendingPathComponent("IMG_0003.jpg"))
        return folder
    }

    func files(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// A photo whose output name is taken by a file that is not the batch's fails with exit
    /// class 73 in the manifest; once the file is moved away a re-run scans it.
    @Test func aFailureToWriteIsRecordedAndARerunRetriesIt() throws {
        let input = try makeInput()
        let output = try TemporaryFolder()
        try Data("mine".utf8).write(to: output.url.appendingPathComponent("IMG_0001-1.png"))
        let first = try CLIRunner.run(["batch", input.url.path, "-o", output.url.path])
        #expect(first.status == 1)
        let lines = BatchRecords.lastLines(atPath: output.path(BatchManifest.fileName))
        let blocked = try #require(lines[SystemPath.Key("IMG_0001.jpg")])
        #expect(blocked.state == .failed && blocked.exit == 73 && blocked.error?.contains("IMG_0001-1.png") == true, "\(blocked)")
        #expect(lines[SystemPath.Key("IMG_0003.jpg")]?.exit == 65, "not an image")
        #expect(lines[SystemPath.Key("IMG_0002.jpg")]?.state == .done)
        #expect(try String(contentsOfFile: output.path("IMG_0001-1.png"), encoding: .utf8) == "mine", "never replaced")

        try FileManager.default.removeItem(atPath: output.path("IMG_0001-1.png"))
        let second = try CLIRunner.run(["batch", input.url.path, "-o", output.url.path])
        #expect(second.stderr.contains("1 prints scanned, 1 already done, 1 failed"), "\(second.stderr)")
        #expect(BatchRecords.lastLines(atPath: output.path(BatchManifest.fileName))[SystemPath.Key("IMG_0001.jpg")]?.state == .done)
    }

    /// `a.jpeg` added beside a done `a.jpg`: the scheme alone would give it `a` (it sorts first) and
    /// it would stick on `a-1.png`, the other's scan. Names already given are kept.
    @Test func aPhotoAddedLaterNeverTakesADonePhotosName() throws {
        let input = try TemporaryFolder()
        let output = try TemporaryFolder()
        try BatchSafetyTests.photo().write(to: input.url.appendingPathComponent("a.jpg"))
        let first = try CLIRunner.run(["batch", input.url.path, "-o", output.url.path])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try files(in: output.url.path) == ["a-1.png"])
        let scan = try Data(contentsOf: output.url.appendingPathComponent("a-1.png"))

        try BatchSafetyTests.photo().write(to: input.url.appendingPathComponent("a.jpeg"))
        let second = try CLIRunner.run(["batch", input.url.path, "-o", output.url.path])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try files(in: output.url.path) == ["a-1.png", "a.jpeg-1.png"])
        #expect(try Data(contentsOf: output.url.appendingPathComponent("a-1.png")) == scan)
        // Scanning everything again names them alike, and so does a shard.
        let again = try CLIRunner.run(["batch", input.url.path, "-o", output.url.path, "--no-resume", "--overwrite"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try files(in: output.url.path) == ["a-1.png", "a.jpeg-1.png"])
        let lines = BatchRecords.lastLines(atPath: output.path(BatchManifest.fileName))
        #expect(lines[SystemPath.Key("a.jpg")]?.outputs == ["a-1.png"] && lines[SystemPath.Key("a.jpeg")]?.outputs == ["a.jpeg-1.png"])
    }

    @Test func namesResumesAndReports() throws {
        let input = try makeInput()
        let output = try TemporaryFolder()
        let scans = output.path("scans")
        let report = output.path("report.html")
        let first = try CLIRunner.run(["batch", input.url.path, "-o", scans, "--report", report])
        #expect(first.status == 1, "one bad photo: exit 1\n\(first.stderr)")
        #expect(try files(in: scans) == ["IMG_0001-1.png", "IMG_0002-1.png"])
        #expect(first.stderr.contains("2 prints scanned") && first.stderr.contains("1 failed"))

        // The contact sheet shows each photo's preview and each scan's thumbnail.
        let html = try String(contentsOfFile: report, encoding: .utf8)
        #expect(html.components(separatedBy: "src=\"data:image/jpeg;base64,").count - 1 >= 2 + 2)
        #expect(html.contains("instax-mini") && html.contains("polaroid-600"))
        #expect(html.contains("IMG_0003.jpg"))

        // A re-run skips what is done and retries only the failure.
        let before = try Data(contentsOf: URL(fileURLWithPath: scans + "/IMG_0001-1.png"))
        let second = try CLIRunner.run(["batch", input.url.path, "-o", scans])
        #expect(second.status == 1)
        #expect(second.stderr.contains("2 already done"), "\(second.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: scans + "/IMG_0001-1.png")) == before)
    }

    @Test func neverOverwritesWithoutBeingAsked() throws {
        let input = try makeInput()
        try FileManager.default.removeItem(at: input.url.appendingPathComponent("IMG_0003.jpg"))
        let output = try TemporaryFolder()
        let scans = output.path("scans")
        try FileManager.default.createDirectory(atPath: scans, withIntermediateDirectories: true)
        try Data("precious".utf8).write(to: URL(fileURLWithPath: scans + "/IMG_0001-1.png"))

        let refused = try CLIRunner.run(["batch", input.url.path, "-o", scans])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("already exists"), "\(refused.stderr)")
        #expect(try String(contentsOfFile: scans + "/IMG_0001-1.png", encoding: .utf8) == "precious")
        #expect(FileManager.default.fileExists(atPath: scans + "/IMG_0002-1.png"), "the other photo still went through")

        let allowed = try CLIRunner.run(["batch", input.url.path, "-o", scans, "--overwrite"])
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(try ImageReader.info(of: try PhotoFile.read(scans + "/IMG_0001-1.png")).format == .png)
    }
}
