import Testing
@testable import InstantScan

/// A side lying along the photo's own edge is not seen as a print's: nothing beyond it is in view to
/// show the step from the card to what it lies on, and the photo's edge (a dark rim, vignetting's last
/// rows, a surface cut by the frame) is straight and runs with the border as a card's side would.
@Suite("Sides along the photo's edge")
struct PhotoEdgeSideTests {
    private static let upright = PixelSize(width: 1200, height: 900)

    private static func print(_ corners: Quad) -> DetectedPrint {
        DetectedPrint(format: .polaroid600, card: corners, window: PrintTemplate(format: .polaroid600).window(forCard: corners),
                      confidence: 0.9, touchesImageBorder: false)
    }

    @Test("a card whose top side lies on the photo's top row has one side along the edge")
    func cardOnTheEdge() {
        let card = Quad(Point(300, 1), Point(740, 3), Point(738, 540), Point(302, 538))
        #expect(PrintDetector.sidesAlongPhotoEdge(of: Self.print(card), upright: Self.upright) == 1)
    }

    @Test("a window whose sides lie on the photo's corner counts both")
    func windowOnTheEdge() {
        var print = Self.print(Quad(Point(-60, -70), Point(500, -70), Point(500, 620), Point(-60, 620)))
        print.window = Quad(Point(2, 3), Point(460, 3), Point(460, 480), Point(2, 480))
        #expect(PrintDetector.sidesAlongPhotoEdge(of: print, upright: Self.upright) == 2)
    }

    @Test("a print cropped close or lying in a scanner's corner, a few pixels of surface beyond its sides, has none")
    func croppedClose() {
        let cropped = Quad(Point(6, 5), Point(1193, 5), Point(1193, 894), Point(6, 894))
        #expect(PrintDetector.sidesAlongPhotoEdge(of: Self.print(cropped), upright: Self.upright) == 0)
    }

    @Test("a print inside the photo, or cut by its edge well beyond a side, has none")
    func clearOfTheEdge() {
        let inside = Quad(Point(300, 40), Point(740, 42), Point(738, 580), Point(302, 578))
        #expect(PrintDetector.sidesAlongPhotoEdge(of: Self.print(inside), upright: Self.upright) == 0)
        let cut = Quad(Point(900, 200), Point(1340, 200), Point(1340, 735), Point(900, 735))
        #expect(PrintDetector.sidesAlongPhotoEdge(of: Self.print(cut), upright: Self.upright) == 0)
    }

    @Test("a print whose card edge is the photo's top row is reported for review, not as sure")
    func printOnTheEdgeReviewed() throws {
        var scene = SceneMaker()
        scene.surface = .paleTable
        let card = SceneMaker.corners(format: .polaroid600, center: Point(600, 0), height: 560)
        // Shift it down so that its top side is the photo's first row.
        let top = min(card.corners[0].y, card.corners[1].y)
        scene.prints = [.init(format: .polaroid600, corners: card.mapped { Point($0.x, $0.y - top) })]
        let found = try PrintDetectorTests.detect(scene)
        let print = try #require(PrintDetectorTests.match(scene.prints[0], in: found))
        #expect(print.isUncertain, "confidence \(print.confidence)")
        // The same print a tenth of its height inside the photo is sure.
        var inside = scene
        inside.prints = [.init(format: .polaroid600, corners: card.mapped { Point($0.x, $0.y - top + 56) })]
        let sure = try #require(PrintDetectorTests.match(inside.prints[0], in: try PrintDetectorTests.detect(inside)))
        #expect(!sure.isUncertain, "confidence \(sure.confidence)")
    }

    @Test("a print in a scanner bed's corner, its edges a few pixels from the photo's, is sure")
    func printInAScannersCorner() throws {
        var scene = SceneMaker()
        scene.surface = .plain(226, 226, 222)
        scene.shadow = 0
        scene.falloff = 0
        scene.cast = (1, 1, 1)
        // A card drawn square to the photo, 6 pixels from its top and left edges.
        let card = Quad(Point(6, 6), Point(446, 6), Point(446, 541), Point(6, 541))
        scene.prints = [.init(format: .polaroid600, corners: card, cardColor: (244, 242, 236))]
        let found = try PrintDetectorTests.detect(scene)
        let print = try #require(PrintDetectorTests.match(scene.prints[0], in: found))
        #expect(!print.isUncertain, "confidence \(print.confidence)")
        SettingDetectionTests.expectPlaced(print, scene.prints[0], share: 0.005)
    }
}
