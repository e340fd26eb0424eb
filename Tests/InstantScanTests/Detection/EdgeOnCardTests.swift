import Foundation
import Testing
@testable import InstantScan

/// Quads only a card seen nearly edge-on would make (past sixty degrees from face-on), read as
/// cards: a stripe of a patterned border between two of its edges, a shelf's edge. No photo of a
/// print shows one, so none is reported.
@Suite("Cards seen edge-on")
struct EdgeOnCardTests {
    /// A Polaroid Go with a striped border on a cloth, turned ten degrees, the edge of the phone's
    /// shadow (four tenths of the light kept beyond it, a penumbra 4 % of the photo) running just
    /// below its window's top edge, five degrees off it: the print's top band is lit, the rest shaded,
    /// and the thick bottom band's stripes, its edges and the window's make thin quads of their own.
    static func stripedGoInShadow() -> SceneMaker {
        var s = SceneMaker()
        s.width = 1200
        s.height = 1600
        s.surface = .cloth
        let rotation = -0.17
        let card = SceneMaker.corners(format: .polaroidGo, center: Point(450, 730), height: 440, rotation: rotation)
        s.prints = [SceneMaker.Print(format: .polaroidGo, corners: card, cardColor: (200, 170, 215), pictureSeed: 23,
                                     stripeColor: (230, 150, 60))]
        let window = s.prints[0].window
        let turned = rotation + 0.09
        let down = Point(-sin(turned), cos(turned))
        s.castShadow = SceneMaker.CastShadow(through: (window.topLeft + window.topRight) * 0.5 + down * 12,
                                             into: down, kept: 0.4, penumbra: 64)
        return s
    }

    @Test("a thin quad in a striped band under the phone's shadow is not reported as a print")
    func noSliverInShadedStripes() throws {
        let scene = Self.stripedGoInShadow()
        try scene.dumpIfAsked(as: "edge-on-sliver")
        let found = try PrintDetectorTests.detect(scene)
        // Whatever is found is the print itself (the band's sliver overlaps it by a sixth at most).
        for print in found {
            #expect(ConvexOverlap.iou(print.card, scene.prints[0].corners) > 0.5,
                    "\(print.format?.rawValue ?? "no format") at \(print.card)")
            #expect(CardForeshortening.isPlausible(print.card))
        }
    }

    @Test("the foreshortening of a card is the cosine of its tilt, however it is turned")
    func ratioIsCosineOfTilt() {
        // A nearly orthographic view (focal length far beyond the card) so the cosine is exact.
        for rotation in [0.0, 0.4, 1.2] {
            let faceOn = SceneMaker.corners(format: .polaroid600, center: Point(500, 500), height: 300, rotation: rotation)
            #expect(abs(CardForeshortening.ratio(of: faceOn, format: .polaroid600) - 1) < 1e-6)
            for tilt in [0.5, 1.0, 1.3] {
                let leaned = SceneMaker.corners(format: .polaroid600, center: Point(500, 500), height: 300,
                                                rotation: rotation, tilt: tilt, focal: 1e7)
                #expect(abs(CardForeshortening.ratio(of: leaned, format: .polaroid600) - cos(tilt)) < 1e-3)
            }
        }
        // Fifty degrees is a steep photo of a print and allowed; a Go leaned back seventy-eight degrees
        // is a sliver no format explains (the nearest, a Mini's card on its side, would be seen at about 66°).
        let steep = SceneMaker.corners(format: .instaxMini, center: Point(500, 500), height: 300, tilt: 50 * .pi / 180)
        #expect(CardForeshortening.isPlausible(steep))
        let edgeOn = SceneMaker.corners(format: .polaroidGo, center: Point(500, 500), height: 300, tilt: 78 * .pi / 180)
        #expect(!CardForeshortening.isPlausible(edgeOn))
        // A card read in the wrong format is squeezed by the shape alone (a Mini's card as a Wide's,
        // in the same turn, by half), which is why every format is tried.
        let mini = SceneMaker.corners(format: .instaxMini, center: Point(500, 500), height: 300)
        #expect(CardForeshortening.ratio(of: mini, format: .instaxWide) < 0.6)
        #expect(CardForeshortening.isPlausible(mini))
    }
}
