import Foundation
import Testing
@testable import InstantScan

/// The CLI end to end: exit codes, messages and outputs of the built binary.
@Suite struct ScanCommandTests {
    /// A 300×240 texture placed into a 640×480 photo through a known perspective.
    static let pictureCorners = Quad(Point(110, 60), Point(520, 95), Point(500, 430), Point(90, 400))

    func makePhoto(in folder: TemporaryFolder, name: String = "photo.jpg") throws -> (path: String, texture: PixelBuffer) {
        let texture = try TestImages.smoothTexture(width: 300, height: 240)
        let rect = Quad(rectangleWidth: 300, height: 240).corners
        let inset = PrintRectifier.insetCorners(Self.pictureCorners, width: 300, height: 240)
        let forward = try #require(Homography.mapping(rect.map { Point($0.x - 0.5, $0.y - 0.5) }, to: inset.corners))
        let photo = try PerspectiveWarp().warp(texture, outputSize: PixelSize(width: 640, height: 480),
                                               outputToSource: try #require(forward.inverse))
        let path = folder.path(name)
        try Data(try JPEGEncoder.encode(photo, quality: 97)).write(to: URL(fileURLWithPath: path))
        return (path, texture)
    }

    @Test func scanWithCornersWritesTheRectifiedPrint() throws {
        let folder = try TemporaryFolder()
        let (photo, texture) = try makePhoto(in: folder)
        let out = folder.path("print.png")
        let run = try CLIRunner.run(["scan", photo, "-o", out, "--corners", Self.pictureCorners.description,
                                     "--size", "300x240", "--stretch", "0,0", "--white-balance", "none"])
        #expect(run.status == 0, "\(run.stderr)")
        let written = try ImageReader.decode(try PhotoFile.read(out))
        #expect(written.format == .png)
        #expect(written.isSRGBTagged && written.iccProfile == nil, "sRGB output carries the sRGB chunk and no iCCP")
        #expect(written.pixels.size == texture.size)
        // A JPEG at quality 97 plus two resamplings: 28 dB is ~10 code values RMS on a ±90 signal,
        // far below what a wrong corner order or a half-pixel shift costs.
        let psnr = TestImages.psnr(written.pixels, texture, margin: 4)
        #expect(psnr > 28, "PSNR \(psnr) dB")
    }

    @Test func displayP3OutputEmbedsTheProfile() throws {
        let folder = try TemporaryFolder()
        let (photo, _) = try makePhoto(in: folder)
        let out = folder.path("print.png")
        let run = try CLIRunner.run(["scan", photo, "-o", out, "--corners", Self.pictureCorners.description,
                                     "--profile", "display-p3", "--long-side", "200"])
        #expect(run.status == 0, "\(run.stderr)")
        let written = try ImageReader.decode(try PhotoFile.read(out))
        #expect(written.iccProfile == BuiltInProfile.displayP3.makeICCData())
        #expect(!written.isSRGBTagged)
        #expect(max(written.pixels.width, written.pixels.height) == 200)
    }

    @Test func jpegOutputFollowsTheExtension() throws {
        let folder = try TemporaryFolder()
        let (photo, _) = try makePhoto(in: folder)
        let out = folder.path("print.jpg")
        let run = try CLIRunner.run(["scan", photo, "-o", out, "--corners", Self.pictureCorners.description, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let written = try ImageReader.decode(try PhotoFile.read(out))
        #expect(written.format == .jpeg)
        #expect(written.iccProfile == BuiltInProfile.srgb.makeICCData())
        let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let outputs = json?["outputs"] as? [[String: Any]]
        #expect(outputs?.first?["path"] as? String == out)
    }

    @Test func missingPhotoIsNamedAndExits66() throws {
        let folder = try TemporaryFolder()
        let run = try CLIRunner.run(["scan", folder.path("nope.jpg"), "-o", folder.path("out.png"),
                                     "--corners", "0,0 10,0 10,10 0,10"])
        #expect(run.status == 66)
        #expect(run.stderr.contains("nope.jpg") && run.stderr.contains("no such file"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("out.png")))
    }

    @Test func notAnImageExits65() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("notes.jpg")
        try Data("shopping list".utf8).write(to: URL(fileURLWithPath: path))
        let run = try CLIRunner.run(["scan", path, "-o", folder.path("out.png"), "--corners", "0,0 10,0 10,10 0,10"])
        #expect(run.status == 65)
        #expect(run.stderr.contains("notes.jpg"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("out.png")))
    }

    @Test func truncatedJPEGExits65WithNoOutput() throws {
        let folder = try TemporaryFolder()
        let (photo, _) = try makePhoto(in: folder)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: photo))
        let cut = folder.path("cut.jpg")
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: cut))
        let run = try CLIRunner.run(["scan", cut, "-o", folder.path("out.png"), "--corners", Self.pictureCorners.description])
        #expect(run.status == 65, "\(run.stderr)")
        #expect(run.stderr.contains("cut.jpg"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("out.png")))
    }

    @Test(arguments: [
        ("0,0 100,0 0,100 100,100", "convex"),          // a bow tie: BR and BL swapped
        ("100,100 700,100 700,400 100,400", "outside"),  // wider than the 640-pixel photo
    ])
    func badCornersExit65WithTheReason(corners: String, reason: String) throws {
        let folder = try TemporaryFolder()
        let (photo, _) = try makePhoto(in: folder)
        let run = try CLIRunner.run(["scan", photo, "-o", folder.path("out.png"), "--corners", corners])
        #expect(run.status == 65)
        #expect(run.stderr.contains(reason), "\(run.stderr)")
    }

    @Test(arguments: [["--corners", "1,2,3"], ["--stretch", "60,50"], ["--size", "0x5"], ["--quality", "101"]])
    func malformedOptionsAreUsageErrors(extra: [String]) throws {
        let folder = try TemporaryFolder()
        let run = try CLIRunner.run(["scan", folder.path("a.jpg"), "-o", folder.path("b.png")] + extra)
        #expect(run.status == 64, "\(run.stderr)")
    }

    @Test func neverOverwritesTheInput() throws {
        let folder = try TemporaryFolder()
        let (photo, _) = try makePhoto(in: folder, name: "same.png")
        let before = try Data(contentsOf: URL(fileURLWithPath: photo))
        let run = try CLIRunner.run(["scan", photo, "-o", photo, "--corners", Self.pictureCorners.description])
        #expect(run.status == 73)
        #expect(try Data(contentsOf: URL(fileURLWithPath: photo)) == before)
    }

    @Test func profilesCommandWritesTheCommittedProfiles() throws {
        let folder = try TemporaryFolder()
        let run = try CLIRunner.run(["profiles", "--write", folder.url.path])
        #expect(run.status == 0, "\(run.stderr)")
        for profile in BuiltInProfile.allCases {
            let bytes = try PhotoFile.read(folder.path(profile.fileName))
            #expect(bytes == profile.makeICCData())
        }
    }

    @Test func helpListsTheSubcommands() throws {
        let run = try CLIRunner.run(["--help"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("scan") && run.stdout.contains("profiles"))
    }
}
