import Foundation
import Testing
@testable import InstantScan

/// `instantscan merge` and the glare report of `scan`, end to end on the built binary.
@Suite struct MergeCommandTests {
    /// Two shots written as PNG files, with their corners as `--corners` strings.
    static func writeShots(in folder: TemporaryFolder) throws -> [(path: String, corners: String)] {
        try ShotMergerTests.shots(count: 2).map { shot in
            let path = folder.path(shot.name)
            try Data(shot.data).write(to: URL(fileURLWithPath: path))
            return (path, shot.corners!.description)
        }
    }

    @Test func mergeWritesTheScanAndReportsEachShot() throws {
        let folder = try TemporaryFolder()
        let shots = try Self.writeShots(in: folder)
        let out = folder.path("merged.png")
        let run = try CLIRunner.run(["merge", shots[0].path, shots[1].path, "-o", out, "--corners", shots[0].corners,
                                     "--corners", shots[1].corners, "--print-format", "polaroid-600", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let written = try ImageReader.decode(try PhotoFile.read(out))
        #expect(written.format == .png)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let entries = try #require(json["shots"] as? [[String: Any]])
        #expect(entries.count == 2)
        for entry in entries {
            let glare = try #require(entry["glare"] as? [String: Any])
            #expect((glare["share"] as? Double ?? 0) > 0.03, "\(entry)")
            #expect(entry["used"] as? Bool == true)
        }
        let left = try #require((json["glare"] as? [String: Any])?["share"] as? Double)
        #expect(left < 0.01)
        #expect(json["width"] as? Int == written.pixels.width)
    }

    /// A sample photo and its print's true corners as a `--corners` string.
    static func sample(_ name: String) throws -> (path: String, corners: String) {
        let folder = SampleGoldenCornersTests.folder
        let truth = try JSONDecoder().decode(SampleGoldenCornersTests.Truth.self,
                                             from: Data(contentsOf: folder.appendingPathComponent(name + ".json")))
        let image = FileManager.default.fileExists(atPath: folder.appendingPathComponent(name + ".heic").path) ? name + ".heic" : truth.image
        return (folder.appendingPathComponent(image).path, SampleGoldenCornersTests.quad(truth.prints[0].corners).description)
    }

    // Issue 15, item 9: two different Polaroid 600s (parrots, a bee) are refused, exit 65, the
    // shot named; the same print (the JPEG and its HEIC) merges.
    @Test func twoDifferentPrintsAreRefused() throws {
        let folder = try TemporaryFolder()
        let parrots = try Self.sample("01-polaroid600-wood-tungsten-exif6"), bee = try Self.sample("04-polaroid600-glare-tilt35")
        let out = folder.path("m.png")
        let run = try CLIRunner.run(["merge", parrots.path, bee.path, "-o", out, "--corners", parrots.corners, "--corners", bee.corners])
        #expect(run.status == 65, "\(run.stderr)")
        #expect(run.stderr.contains("04-polaroid600-glare-tilt35.jpg: not the same print as"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))

        let heic = try Self.sample("06-polaroid600-wood-tungsten-irot")
        let same = try CLIRunner.run(["merge", parrots.path, heic.path, "-o", out, "--corners", parrots.corners,
                                      "--corners", heic.corners, "--json"])
        #expect(same.status == 0, "\(same.stderr)")
    }

    /// Three shots, one of another print: the scan is written from the other two, the third is
    /// named with the reason, and the exit code (1) says not every shot was used.
    @Test func aShotOfAnotherPrintIsLeftOutAndSaid() throws {
        let folder = try TemporaryFolder()
        let shots = try Self.writeShots(in: folder)
        let other = try ShotMergerTests.otherPrintShot()
        try Data(other.data).write(to: URL(fileURLWithPath: folder.path("other.png")))
        let run = try CLIRunner.run(["merge", shots[0].path, shots[1].path, folder.path("other.png"), "-o", folder.path("m.png"),
                                     "--corners", shots[0].corners, "--corners", shots[1].corners, "--corners", other.corners!.description,
                                     "--print-format", "polaroid-600"])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("other.png: not the same print as"), "\(run.stderr)")
        #expect(run.stderr.contains("left out"), "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.path("m.png")))
    }

    @Test func oneShotIsAUsageError() throws {
        let folder = try TemporaryFolder()
        let shots = try Self.writeShots(in: folder)
        let run = try CLIRunner.run(["merge", shots[0].path, "-o", folder.path("m.png")])
        #expect(run.status == 64)
        #expect(run.stderr.contains("at least two photos"))
    }

    @Test func aShotWithoutAPrintIsNamed() throws {
        let folder = try TemporaryFolder()
        let shots = try Self.writeShots(in: folder)
        let blank = folder.path("blank.png")
        let bytes = try OutputEncoder(format: .png(.fast)).encode(try PixelBuffer(width: 320, height: 240, filledWith: 90), profile: .srgb)
        try Data(bytes).write(to: URL(fileURLWithPath: blank))
        let out = folder.path("m.png")
        let run = try CLIRunner.run(["merge", blank, shots[0].path, "-o", out])
        #expect(run.status == 2)
        #expect(run.stderr.contains("blank.png: no print found"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func aMissingShotIsNamed() throws {
        let folder = try TemporaryFolder()
        let shots = try Self.writeShots(in: folder)
        let run = try CLIRunner.run(["merge", shots[0].path, folder.path("nope.jpg"), "-o", folder.path("m.png")])
        #expect(run.status == 66)
        #expect(run.stderr.contains("nope.jpg: no such file"))
    }

    @Test func mergeNeverOverwritesAShot() throws {
        let folder = try TemporaryFolder()
        let shots = try Self.writeShots(in: folder)
        let before = try Data(contentsOf: URL(fileURLWithPath: shots[0].path))
        let run = try CLIRunner.run(["merge", shots[0].path, shots[1].path, "-o", shots[0].path,
                                     "--corners", shots[0].corners, "--corners", shots[1].corners])
        #expect(run.status == 73)
        #expect(try Data(contentsOf: URL(fileURLWithPath: shots[0].path)) == before)
    }

    @Test func scanReportsGlareInJSONAndWarns() throws {
        let folder = try TemporaryFolder()
        let shots = try Self.writeShots(in: folder)
        let run = try CLIRunner.run(["scan", shots[0].path, "-o", folder.path("s.png"), "--corners", shots[0].corners,
                                     "--print-format", "polaroid-600", "--json", "--glare-map", folder.path("g.png")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("glare over") && run.stderr.contains("instantscan merge"), "\(run.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let output = try #require((json["outputs"] as? [[String: Any]])?.first)
        let share = try #require((output["glare"] as? [String: Any])?["share"] as? Double)
        #expect(share > 0.04)
        #expect((json["warnings"] as? [String] ?? []).contains { $0.contains("instantscan merge") })
        let map = try ImageReader.decode(try PhotoFile.read(folder.path("g.png")))
        #expect(map.pixels.width == output["width"] as? Int)
    }
}
