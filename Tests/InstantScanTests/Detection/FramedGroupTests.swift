import Testing
@testable import InstantScan

/// A framed group on a wall (issue 13's real photos gave false prints for one): three Instax Minis
/// on a cream mat behind a dark frame, the wall leaning back so that the cards' top and bottom edges
/// are nearly parallel in the photo. The frame is a band round a rectangle too, but no print; and
/// each card's shape must come out as its format's, however little its perspective says about the
/// camera's focal length.
@Suite("A framed group on a wall")
struct FramedGroupTests {
    static var scene: SceneMaker {
        var scene = SceneMaker()
        scene.width = 1600
        scene.height = 1200
        scene.surface = .plain(176, 168, 150)
        scene.shadow = 0.2
        var frame = SceneMaker.Print(format: .instaxMini,
                                     corners: SceneMaker.corners(aspect: 1.25, center: Point(800, 600), height: 800,
                                                                 rotation: 0.05, tilt: 0.3),
                                     cardColor: (40, 32, 28), blankPicture: (230, 228, 220))
        frame.customGeometry = (card: (width: 250, height: 200), window: (x: 15, y: 15, width: 220, height: 170))
        frame.isDistractor = true
        scene.prints = [frame] + (0..<3).map { i in
            SceneMaker.Print(format: .instaxMini,
                             corners: SceneMaker.corners(format: .instaxMini, center: Point(560 + 240 * Double(i), 600),
                                                         height: 300, rotation: 0.05, tilt: 0.3),
                             cardColor: (246, 244, 236), cornerRadius: 3, pictureSeed: UInt64(i + 3))
        }
        return scene
    }

    @Test("the three prints, each placed and read as a Mini; the frame is not a print")
    func framedGroup() throws {
        let scene = Self.scene
        let frame = try #require(scene.prints.first { $0.isDistractor })
        let found = try PrintDetectorTests.detect(scene)
        #expect(found.count == 3, "found \(found.count)")
        #expect(!found.contains { ConvexOverlap.overlapOfSmaller($0.card, frame.corners) > 0.5 && $0.card.area > 0.5 * frame.corners.area },
                "the frame was taken for a print")
        for truth in scene.prints where !truth.isDistractor {
            let print = try #require(PrintDetectorTests.match(truth, in: found))
            #expect(print.format == .instaxMini)
            #expect(PrintDetectorTests.cornerError(print.card, truth.corners) <= PrintDetectorTests.loose)
            #expect(!print.isUncertain)
        }
    }
}
