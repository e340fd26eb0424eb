import Testing
@testable import InstantScan

/// A band round a rectangle of a print's shape whose "picture" has texture but no edge (the face of
/// a stone set in a wall, a pane at night) is not a sure print: a photograph has edges somewhere.
@Suite("A window with a faint picture")
struct FaintPictureTests {
    /// On a plain grey wall, an Instax Wide with a picture and, beside it, a pale stone of the same
    /// shape whose shaded face (the "window") holds only a soft mottle.
    static func scene(stone: Bool) -> SceneMaker {
        var scene = SceneMaker()
        scene.surface = .plain(150, 150, 146)
        var face = SceneMaker.Print(format: .instaxWide,
                                    corners: SceneMaker.corners(format: .instaxWide, center: Point(880, 450), height: 330),
                                    cardColor: (232, 228, 218))
        if stone {
            face.blankPicture = (196, 190, 180)
            face.blankMottle = 7
        }
        scene.prints = [
            .init(format: .instaxWide, corners: SceneMaker.corners(format: .instaxWide, center: Point(320, 450), height: 330)),
            face,
        ]
        return scene
    }

    /// The working image the detector sees, and the scene's quads mapped onto it.
    static func working(_ scene: SceneMaker) throws -> (PictureDetail, (Quad) -> Quad) {
        let image = try scene.render()
        let work = BoxDownsampler.workingImage(image, orientation: .up, maximumLongSide: DetectionOptions().workingLongSide)
        return (PictureDetail(image: work), { q in q.mapped(work.toUpright.inverse.apply) })
    }

    @Test("the stone's face has texture, but no strong edge; a picture has both")
    func faintFace() throws {
        let scene = Self.scene(stone: true)
        let (detail, toWorking) = try Self.working(scene)
        let stone = toWorking(scene.prints[1].window)
        let shares = try #require(detail.shares(in: stone))
        let texture = shares.detail, edges = shares.strong
        #expect(texture >= PictureDetail.blank, "not blank: the blank-window rule alone does not catch it")
        #expect(edges < PictureDetail.faint)
        #expect(detail.confidenceFactor(for: stone) == PictureDetail.faintFactor)
        #expect(detail.confidenceFactor(for: toWorking(scene.prints[0].window)) == 1)
    }

    @Test("the stone is not reported as a sure print; the print beside it is")
    func stoneDemoted() throws {
        let scene = Self.scene(stone: true)
        let found = try PrintDetectorTests.detect(scene)
        let print = try #require(PrintDetectorTests.match(scene.prints[0], in: found))
        #expect(print.confidence >= ReviewThreshold.confidence)
        if let stone = PrintDetectorTests.match(scene.prints[1], in: found) {
            #expect(stone.isUncertain)
        }
    }

    @Test("the same card with a picture is a sure print")
    func pictureCardKept() throws {
        let scene = Self.scene(stone: false)
        let found = try PrintDetectorTests.detect(scene)
        let print = try #require(PrintDetectorTests.match(scene.prints[1], in: found))
        #expect(print.confidence >= ReviewThreshold.confidence)
    }
}
