import Foundation
import Testing
@testable import CLISupport
@testable import InstantScan
@testable import instantscan

/// Where `scan` writes (issue 15, items 12–15): one overwrite policy, standard output, known
/// extensions only, corners off the photo and several prints of one photo, safe messages.
@Suite struct ScanOutputTests {
    /// A 640×480 photo with a print at `ScanCommandTests.pictureCorners`.
    static func photo(in folder: TemporaryFolder, name: String = "photo.jpg") throws -> String {
        try ScanCommandTests().makePhoto(in: folder, name: name).path
    }

    static let corners = ScanCommandTests.pictureCorners.description
    static let plain = ["--white-balance", "none", "--size", "150x120"]

    // Item 12
    @Test func scanRefusesToReplaceAnOutputUnlessAsked() throws {
        let folder = try TemporaryFolder()
        let photo = try Self.photo(in: folder)
        let out = folder.path("print.png")
        try Data("precious".utf8).write(to: URL(fileURLWithPath: out))
        let refused = try CLIRunner.run(["scan", photo, "-o", out, "--corners", Self.corners] + Self.plain)
        #expect(refused.status == 73, "\(refused.stderr)")
        #expect(refused.stderr.contains("already exists") && refused.stderr.contains("--overwrite"), "\(refused.stderr)")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "precious")
        let allowed = try CLIRunner.run(["scan", photo, "-o", out, "--corners", Self.corners, "--overwrite"] + Self.plain)
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(try ImageReader.info(of: try PhotoFile.read(out)).format == .png)
    }

    // Item 13
    @Test func dashWritesTheScanToStandardOutput() throws {
        let folder = try TemporaryFolder()
        let photo = try Self.photo(in: folder)
        let run = try CLIRunner.run(["scan", photo, "-o", "-", "--corners", Self.corners] + Self.plain, in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("-.png")))
        let bytes = try ChildProcess.run(CLIRunner.binary.path, ["scan", photo, "-o", "-", "--corners", Self.corners] + Self.plain).stdout
        #expect(try ImageReader.info(of: bytes).storedSize == PixelSize(width: 150, height: 120))
    }

    @Test func anUnknownExtensionIsRefused() throws {
        let folder = try TemporaryFolder()
        let photo = try Self.photo(in: folder)
        let run = try CLIRunner.run(["scan", photo, "-o", folder.path("x.tiff"), "--corners", Self.corners] + Self.plain)
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains(".tiff"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("x.tiff")))
    }

    // Item 14
    @Test func negativeCornersAndSeveralPrintsOfOnePhoto() throws {
        let folder = try TemporaryFolder()
        let photo = try Self.photo(in: folder)
        let offPhoto = "-5,-5 300,-3 305,240 -4,238"
        let run = try CLIRunner.run(["scan", photo, "-o", folder.url.path + "/out/", "--corners", offPhoto,
                                     "--corners", Self.corners] + Self.plain)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.path("out/photo-1.png")))
        #expect(FileManager.default.fileExists(atPath: folder.path("out/photo-2.png")))
    }

    // Item 15
    @Test func anOverlayOrGlareMapOnTheOutputIsRefused() throws {
        let folder = try TemporaryFolder()
        let photo = try Self.photo(in: folder)
        let out = folder.path("print.png")
        let run = try CLIRunner.run(["scan", photo, "-o", out, "--corners", Self.corners, "--glare-map", out] + Self.plain)
        #expect(run.status == 73, "\(run.stderr)")
        #expect(run.stderr.contains("already written in this run"), "\(run.stderr)")
        let overlay = try CLIRunner.run(["scan", photo, "-o", out, "--corners", Self.corners, "--overlay", out, "--overwrite"] + Self.plain)
        #expect(overlay.status == 73, "\(overlay.stderr)")
    }

    @Test func controlCharactersInNamesAreNotPrintedRaw() throws {
        let folder = try TemporaryFolder()
        let photo = try Self.photo(in: folder, name: "evil\u{1B}[2J\nname.jpg")
        let run = try CLIRunner.run(["scan", photo, "-o", folder.url.path + "/out/", "--corners", Self.corners] + Self.plain)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("\u{1B}"), "\(run.stderr)")
        #expect(run.stderr.contains("evil\\x1b[2J\\nname.jpg"), "\(run.stderr)")
        let missing = try CLIRunner.run(["scan", folder.path("gone\u{1B}]0;x\u{07}.jpg"), "-o", folder.path("o.png")])
        #expect(!missing.stderr.contains("\u{1B}") && !missing.stderr.contains("\u{07}"), "\(missing.stderr)")
    }

    /// A bidirectional control in a name reorders what a terminal shows after it
    /// (`photo\u{202E}gpj.exe` reads `photoexe.jpg`): every invisible format character is shown
    /// escaped; the joiners names and emoji need stay.
    @Test func bidiControlsAndInvisibleCharactersInNamesAreShownEscaped() throws {
        #expect(Terminal.safe("photo\u{202E}gpj.exe") == "photo\\u{202e}gpj.exe")
        for scalar in [0x202A, 0x202B, 0x202C, 0x202D, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F, 0x061C,
                       0x200B, 0x2060, 0xFEFF, 0x00AD, 0xE0041, 0x2028, 0x2029] {
            let name = "a" + String(Character(Unicode.Scalar(scalar)!)) + "b.jpg"
            #expect(Terminal.safe(name) == "a\\u{\(String(scalar, radix: 16))}b.jpg", "U+\(String(scalar, radix: 16))")
        }
        for kept in ["caf\u{E9}.jpg", "\u{0645}\u{06CC}\u{200C}\u{062E}\u{0648}\u{0627}\u{0647}\u{0645}.jpg", "\u{1F468}\u{200D}\u{1F469}.jpg", "\u{05E9}\u{05DC}\u{05D5}\u{05DD}.jpg"] {
            #expect(Terminal.safe(kept) == kept)
        }
        // Through the command: the message names the file escaped, never with the raw control.
        let folder = try TemporaryFolder()
        let missing = try CLIRunner.run(["scan", folder.path("photo\u{202E}gpj.exe.jpg"), "-o", folder.path("o.png")])
        #expect(missing.status != 0)
        #expect(!missing.stderr.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) }, "\(missing.stderr)")
        #expect(missing.stderr.contains("photo\\u{202e}gpj.exe.jpg"), "\(missing.stderr)")
        let photo = try Self.photo(in: folder, name: "\u{2067}evil\u{2069}.jpg")
        let run = try CLIRunner.run(["scan", photo, "-o", folder.url.path + "/out/", "--corners", Self.corners] + Self.plain)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("\u{2067}") && run.stderr.contains("\\u{2067}evil\\u{2069}"), "\(run.stderr)")
    }

    @Test func anUncreatableFolderIsASentence() throws {
        let folder = try TemporaryFolder()
        let photo = try Self.photo(in: folder)
        try Data("a file".utf8).write(to: URL(fileURLWithPath: folder.path("file")))
        let run = try CLIRunner.run(["scan", photo, "-o", folder.url.path + "/file/sub/", "--corners", Self.corners] + Self.plain)
        #expect(run.status == 73, "\(run.stderr)")
        #expect(!run.stderr.contains("NSCocoaErrorDomain") && !run.stderr.contains("Code="), "\(run.stderr)")
    }
}
