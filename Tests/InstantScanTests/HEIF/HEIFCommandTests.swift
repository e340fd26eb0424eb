import Foundation
import Testing
@testable import InstantScan

/// HEIC through every command: batch finds it by any extension's case, scan, detect and merge
/// read it, and the contact sheet shows it.
@Suite struct HEIFCommandTests {
    @Test func batchFindsHEIFByExtensionInAnyCase() throws {
        let folder = try TemporaryFolder()
        let names = ["a.heic", "B.HEIC", "c.heif", "d.HIF", "e.avif", "f.AVIF", "g.jpg", "h.txt", "i.mov"]
        for name in names { try Data([0]).write(to: URL(fileURLWithPath: folder.path(name))) }
        let found = try PhotoFinder.photos(in: folder.url.path, recursive: false).map(\.relativePath)
        #expect(found == ["B.HEIC", "a.heic", "c.heif", "d.HIF", "e.avif", "f.AVIF", "g.jpg"])
    }

    @Test func batchScansHEICWithAContactSheet() throws {
        let pair = try HEIFFixtures.rotated.get()
        let folder = try TemporaryFolder()
        let photos = folder.path("photos")
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        try Data(pair.heic).write(to: URL(fileURLWithPath: photos + "/IMG_0042.HEIC"))
        let run = try CLIRunner.run(["batch", photos, "-o", folder.path("scans"), "--report", folder.path("sheet.html"), "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.path("scans/IMG_0042-1.png")))
        let sheet = try String(contentsOfFile: folder.path("sheet.html"), encoding: .utf8)
        #expect(sheet.contains("IMG_0042.HEIC"))
        #expect(sheet.contains("data:image/jpeg;base64,"), "the photo's preview is in the sheet")
    }

    @Test func detectAndMergeReadHEIC() throws {
        let pair = try HEIFFixtures.rotated.get()
        let folder = try TemporaryFolder()
        let heic = folder.path("IMG_0042.heic"), jpeg = folder.path("IMG_0042.jpg")
        try Data(pair.heic).write(to: URL(fileURLWithPath: heic))
        try Data(pair.jpeg).write(to: URL(fileURLWithPath: jpeg))
        let detect = try CLIRunner.run(["detect", heic, "--json"])
        #expect(detect.status == 0, "\(detect.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(detect.stdout.utf8)) as? [String: Any]
        #expect(report?["width"] as? Int == 1200 && report?["height"] as? Int == 900, "\(detect.stdout)")
        // A HEIC and a JPEG of the same print merge like two shots.
        let merge = try CLIRunner.run(["merge", heic, jpeg, "-o", folder.path("merged.png")])
        #expect(merge.status == 0, "\(merge.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.path("merged.png")))
    }
}
