import Foundation
import Testing
@testable import InstantScan

/// `instantscan album` end to end: outputs, JSON, messages and exit codes of the built binary.
@Suite struct AlbumCommandTests {
    @Test func scanThenAlbum() throws {
        let folder = try TemporaryFolder()
        let (photo, _) = try ScanCommandTests().makePhoto(in: folder)
        let scans = folder.path("scans") + "/"
        let scanned = try CLIRunner.run(["scan", photo, "-o", scans, "--corners", ScanCommandTests.pictureCorners.description,
                                         "--print-format", "instax-wide", "--format", "jpeg"])
        #expect(scanned.status == 0, "\(scanned.stderr)")
        let pdf = folder.path("album.pdf")
        // A folder is taken like batch takes one.
        let run = try CLIRunner.run(["album", scans, "-o", pdf, "--json", "--title", "Holiday"])
        #expect(run.status == 0, "\(run.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
        #expect(json["pages"] as? Int == 1 && json["title"] as? String == "Holiday")
        let scan = (json["scans"] as! [[String: Any]])[0]
        #expect(scan["sizeFrom"] as? String == "recorded" && scan["format"] as? String == "instax-wide")
        #expect(abs((scan["widthMM"] as! Double) - 108) < 0.01 && abs((scan["heightMM"] as! Double) - 86) < 0.01)
        #expect(scan["passthrough"] as? Bool == true)
        let pdfText = String(decoding: try PhotoFile.read(pdf), as: UTF8.self)
        #expect(pdfText.contains("/Title (Holiday)"))
    }

    @Test func badScansAreNamedAndTheRestMakeTheAlbum() throws {
        let folder = try TemporaryFolder()
        let good = folder.path("good.png"), bad = folder.path("bad.jpg")
        try AlbumFixtures.writeScan(good, format: .instaxMini, ppi: 60)
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 4, 1, 2]).write(to: URL(fileURLWithPath: bad))
        let pdf = folder.path("album.pdf")
        let run = try CLIRunner.run(["album", bad, good, "-o", pdf])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("instantscan: error: \(bad): "), "\(run.stderr)")
        #expect(run.stderr.contains("left out: \(bad)"), "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: pdf))

        let none = try CLIRunner.run(["album", bad, "-o", folder.path("none.pdf")])
        #expect(none.status == 1 && none.stderr.contains("no album written"), "\(none.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("none.pdf")))
    }

    @Test func scansWithoutMetadataAreSizedByShapeWithAWarning() throws {
        let folder = try TemporaryFolder()
        let plain = folder.path("plain.png")
        try AlbumFixtures.writeScan(plain, format: .instaxSquare, ppi: 60, metadata: false)
        let run = try CLIRunner.run(["album", plain, "-o", folder.path("a.pdf"), "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("warning: \(plain): no size recorded; taken for a instax-square card"), "\(run.stderr)")
        #expect(run.stdout.contains("\"sizeFrom\":\"aspect-ratio\""))
        let forced = try CLIRunner.run(["album", plain, "-o", folder.path("b.pdf"), "--dpi", "60", "--json", "-q"])
        #expect(forced.status == 0 && forced.stderr.isEmpty, "\(forced.stderr)")
        #expect(forced.stdout.contains("\"sizeFrom\":\"option\""))
    }

    @Test func usageAndWriteErrors() throws {
        let folder = try TemporaryFolder()
        let scan = folder.path("s.png")
        try AlbumFixtures.writeScan(scan, format: .instaxMini, ppi: 60)
        #expect(try CLIRunner.run(["album", scan, "-o", folder.path("a.pdf"), "--quality", "0"]).status == 64)
        #expect(try CLIRunner.run(["album", scan, "-o", folder.path("a.pdf"), "--layout", "grid"]).status == 64)
        #expect(try CLIRunner.run(["album", scan, "-o", folder.path("a.pdf"), "--paper", "letter"]).status == 64, "paper without sheet")
        let overwrite = try CLIRunner.run(["album", scan, "-o", scan])
        #expect(overwrite.status == 73 && overwrite.stderr.contains("refusing to overwrite an input"), "\(overwrite.stderr)")
        let nowhere = try CLIRunner.run(["album", scan, "-o", folder.path("no/such/folder/a.pdf")])
        #expect(nowhere.status == 73, "\(nowhere.stderr)")
        let help = try CLIRunner.run(["album", "--help"])
        #expect(help.status == 0 && help.stdout.contains("--layout") && help.stdout.contains("physical size"))
    }

    /// `SOURCE_DATE_EPOCH` makes the file reproducible: the same scans give the same bytes.
    @Test func reproducibleWithSourceDateEpoch() throws {
        let folder = try TemporaryFolder()
        let scan = folder.path("s.png")
        try AlbumFixtures.writeScan(scan, format: .instaxMini, ppi: 60)
        let epoch = ["SOURCE_DATE_EPOCH": "1700000000"]
        _ = try CLIRunner.run(["album", scan, "-o", folder.path("a.pdf")], environment: epoch)
        _ = try CLIRunner.run(["album", scan, "-o", folder.path("b.pdf")], environment: epoch)
        let a = try PhotoFile.read(folder.path("a.pdf"))
        #expect(a == (try PhotoFile.read(folder.path("b.pdf"))))
        #expect(String(decoding: a, as: UTF8.self).contains("/CreationDate (D:20231114221320Z)"))
    }
}
