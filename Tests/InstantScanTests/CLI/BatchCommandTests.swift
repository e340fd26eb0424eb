import Foundation
import Testing
@testable import InstantScan

/// `instantscan batch` end to end on folders of good and bad photos.
@Suite struct BatchCommandTests {
    /// A folder with a text file posing as a JPEG, a truncated JPEG and a real (print-less) photo
    /// in a subfolder.
    func makeInput() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try Data("not a photo".utf8).write(to: folder.url.appendingPathComponent("notes.jpg"))
        let texture = try TestImages.smoothTexture(width: 320, height: 240)
        let jpeg = try JPEGEncoder.encode(texture, quality: 90)
        try Data(jpeg.prefix(jpeg.count / 3)).write(to: folder.url.appendingPathComponent("cut.jpg"))
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("2019"), withIntermediateDirectories: true)
        try Data(jpeg).write(to: folder.url.appendingPathComponent("2019/plain.JPG"))
        try Data("ignored".utf8).write(to: folder.url.appendingPathComponent("readme.txt"))
        return folder
    }

    @Test func badPhotosAreReportedAndTheBatchGoesOn() throws {
        let input = try makeInput()
        let output = try TemporaryFolder()
        let report = output.path("reports/today/report.html")  // a folder that does not exist yet
        let run = try CLIRunner.run(["batch", input.url.path, "-o", output.path("scans"), "-r", "--json",
                                     "--report", report, "--jobs", "2"])
        #expect(run.status == 1, "some photos failed: exit 1 (\(run.stderr))")
        // Every photo was tried, each failure named with its reason.
        #expect(run.stderr.contains("3 photos"))
        #expect(run.stderr.contains("notes.jpg") && run.stderr.contains("cut.jpg") && run.stderr.contains("2019/plain.JPG"))
        #expect(!run.stderr.contains("readme.txt"))
        let lines = run.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { $0["error"] is String })
        // The report lists each failure with a command that fixes it by hand.
        let html = try String(contentsOfFile: report, encoding: .utf8)
        #expect(html.contains("Needs a fix"))
        #expect(html.components(separatedBy: "instantscan scan ").count - 1 >= 3)
        #expect(html.contains("--corners"))
        // No temporary or partial files are left behind.
        let leftovers = try FileManager.default.subpathsOfDirectory(atPath: output.url.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test func aMissingInputFolderExits66() throws {
        let output = try TemporaryFolder()
        let run = try CLIRunner.run(["batch", output.path("nowhere"), "-o", output.path("scans")])
        #expect(run.status == 66)
        #expect(run.stderr.contains("nowhere"))
    }

    @Test func quietPrintsNothingButErrors() throws {
        let input = try makeInput()
        let output = try TemporaryFolder()
        let run = try CLIRunner.run(["batch", input.url.path, "-o", output.path("scans"), "--quiet"])
        #expect(run.status == 1)
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }
}
