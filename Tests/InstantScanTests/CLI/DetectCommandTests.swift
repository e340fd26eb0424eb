import Foundation
import Testing
@testable import InstantScan

/// `detect` and detection-driven `scan` through the built binary: the JSON contract, a photo
/// without prints, several prints to several files.
@Suite struct DetectCommandTests {
    func photo(_ scene: SceneMaker, in folder: TemporaryFolder, name: String = "photo.jpg") throws -> String {
        let path = folder.path(name)
        try Data(try JPEGEncoder.encode(try scene.render(), quality: 92)).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func jsonFollowsTheContract() throws {
        let folder = try TemporaryFolder()
        let scene = DetectionScenes.woodGrain
        let run = try CLIRunner.run(["detect", try photo(scene, in: folder), "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(json["width"] as? Int == scene.width && json["height"] as? Int == scene.height)
        let prints = try #require(json["prints"] as? [[String: Any]])
        #expect(prints.count == 1)
        let first = try #require(prints.first)
        #expect(first["format"] as? String == "instax-mini")
        let corners = try #require(first["corners"] as? [[Double]])
        // A JPEG of a 1200×900 render: 2 px is well inside the 1 % of the diagonal (≈ 6 px) the issue asks for.
        for (got, want) in zip(corners, scene.prints[0].corners.corners) {
            #expect(Point(got[0], got[1]).distance(to: want) < 2, "\(got) vs \(want)")
        }
        #expect((first["window"] as? [[Double]])?.count == 4)
        let confidence = try #require(first["confidence"] as? Double)
        #expect(confidence > 0 && confidence <= 1)
    }

    @Test func aPhotoWithoutPrintsIsNotAnError() throws {
        let folder = try TemporaryFolder()
        let path = try photo(DetectionScenes.empty(.wood(angle: 0.2)), in: folder)
        let detect = try CLIRunner.run(["detect", path, "--json"])
        #expect(detect.status == 0)
        #expect(detect.stdout.contains("\"prints\":[]") || detect.stdout.contains("\"prints\": []"), "\(detect.stdout)")
        #expect(detect.stderr.contains("no print found"))

        // Scanning it has nothing to write: exit 2, with the way out in the message.
        let scan = try CLIRunner.run(["scan", path, "-o", folder.path("out.png")])
        #expect(scan.status == 2)
        #expect(scan.stderr.contains("no print found") && scan.stderr.contains("--corners"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("out.png")))
    }

    @Test func severalPrintsBecomeNumberedFilesInReadingOrder() throws {
        let folder = try TemporaryFolder()
        let scene = DetectionScenes.threePrints
        let run = try CLIRunner.run(["scan", try photo(scene, in: folder), "-o", folder.path("print.png"), "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let outputs = try #require(json["outputs"] as? [[String: Any]])
        #expect(outputs.compactMap { $0["path"] as? String } == (1...3).map { folder.path("print-\($0).png") })
        // Reading order: the outputs follow the rendered prints sorted top-to-bottom, left-to-right.
        let centres = outputs.compactMap { $0["corners"] as? [[Double]] }.map { c in
            Point(c.map { $0[0] }.reduce(0, +) / 4, c.map { $0[1] }.reduce(0, +) / 4)
        }
        let expected = ReadingOrder.sorted(scene.prints.map {
            DetectedPrint(format: $0.format, card: $0.corners, window: nil, confidence: 1, touchesImageBorder: false)
        }).map(\.card.centroid)
        #expect(centres.count == expected.count)
        for (got, want) in zip(centres, expected) {
            #expect(got.distance(to: want) < 5, "output centre \(got), expected the print at \(want)")
        }
        for path in outputs.compactMap({ $0["path"] as? String }) {
            #expect(try ImageReader.info(of: try PhotoFile.read(path)).format == .png)
        }
    }
}
