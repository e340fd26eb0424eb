import Testing
@testable import InstantScan

/// A band round a rectangle of a print's shape whose "picture" is smooth all over (glass blocks, a
/// frosted pane, a stone set in a wall) is not taken for a print on its shape alone; a print's picture
/// has detail somewhere.
@Suite("A window with no picture")
struct BlankWindowTests {
    /// A Polaroid 600 with a picture and, beside it, the same card whose window holds only a smooth
    /// dark grey, on a plain pale wall.
    static func scene(blank: Bool) -> SceneMaker {
        var scene = SceneMaker()
        scene.surface = .plain(200, 196, 188)
        scene.prints = [
            .init(format: .polaroid600, corners: SceneMaker.corners(format: .polaroid600, center: Point(330, 450), height: 520)),
            .init(format: .polaroid600, corners: SceneMaker.corners(format: .polaroid600, center: Point(870, 450), height: 520),
                  blankPicture: blank ? (96, 92, 88) : nil),
        ]
        return scene
    }

    @Test("a picture has detail; a smooth window has none")
    func detailShare() throws {
        let scene = Self.scene(blank: true)
        let work = BoxDownsampler.downsample(try scene.render(), orientation: .up, factor: 2)
        let detail = PictureDetail(image: work)
        let toWorking = { (q: Quad) in q.mapped { Point($0.x / 2 - 0.25, $0.y / 2 - 0.25) } }
        let picture = try #require(detail.share(in: toWorking(scene.prints[0].window)))
        let blank = try #require(detail.share(in: toWorking(scene.prints[1].window)))
        #expect(picture > 2 * PictureDetail.blank, "even the scene maker's smooth sky-and-hills picture")
        #expect(blank < PictureDetail.blank)
    }

    @Test("a window out of view is not judged")
    func outOfView() throws {
        let work = BoxDownsampler.downsample(try Self.scene(blank: true).render(), orientation: .up, factor: 2)
        let away = Quad(Point(700, 500), Point(800, 500), Point(800, 600), Point(700, 600))
        #expect(PictureDetail(image: work).share(in: away) == nil)
    }

    @Test("the blank card is not reported as a sure print; the print beside it is")
    func blankCardDemoted() throws {
        let scene = Self.scene(blank: true)
        let found = try PrintDetectorTests.detect(scene)
        let print = try #require(PrintDetectorTests.match(scene.prints[0], in: found))
        #expect(print.confidence >= ReviewThreshold.confidence)
        if let blank = PrintDetectorTests.match(scene.prints[1], in: found) {
            #expect(blank.isUncertain)
            #expect(blank.confidence < 0.62)
        }
    }

    @Test("the same card with a picture is a sure print")
    func pictureCardKept() throws {
        let scene = Self.scene(blank: false)
        let found = try PrintDetectorTests.detect(scene)
        let print = try #require(PrintDetectorTests.match(scene.prints[1], in: found))
        #expect(print.confidence >= ReviewThreshold.confidence)
    }
}
