import Testing
@testable import InstantScan

/// A reading dropped after selection frees its place: the rectangles it alone kept out compete again.
@Suite("A dropped reading frees its place")
struct FreedPlaceTests {
    /// An Instax Mini held by a thumb over its bottom edge, whose picture shows a white card with a
    /// caption and an empty grey "window" (a blank card pinned on a board in the photo): a crisp band
    /// round a rectangle that outranks the print, whose thumbed side is only partly seen. The blank
    /// window then costs the rectangle its place, as no print's picture is empty.
    static func scene(surface: SceneMaker.Surface) -> SceneMaker {
        var s = SceneMaker()
        s.surface = surface
        let card = DetectionScenes.corners(.instaxMini, height: 700, rotation: 0.06)
        s.prints = [.init(format: .instaxMini, corners: card, cornerRadius: 3, pictureSeed: 3)]
        let inner = SceneMaker.corners(format: .polaroid600, center: s.prints[0].window.centroid, height: 220,
                                       rotation: 0.06)
        s.prints.append(.init(format: .polaroid600, corners: inner, caption: true, isDistractor: true,
                              blankPicture: (150, 146, 140)))
        let bottom = (card.bottomLeft + card.bottomRight) * 0.5
        s.occluders = [.init(center: bottom + Point(0, 20), radii: (110, 110), angle: 0.2)]
        return s
    }

    @Test("the print a dropped rectangle in its picture pushed aside is found", arguments: [0, 1])
    func printFoundAfterRectangleDropped(_ surface: Int) throws {
        let scene = Self.scene(surface: [SceneMaker.Surface.plain(90, 96, 104), .wood(angle: 0.4)][surface])
        let found = try PrintDetectorTests.detect(scene)
        #expect(found.count == 1, "the blank rectangle is no print")
        let print = try #require(PrintDetectorTests.match(scene.prints[0], in: found))
        #expect(print.format == .instaxMini)
        #expect(PrintDetectorTests.cornerError(print.card, scene.prints[0].corners) < 3)
    }
}
