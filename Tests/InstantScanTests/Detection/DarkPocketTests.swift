import Foundation
import Testing
@testable import InstantScan

/// Black-framed prints in the hazed pockets of a black album page (issue 13, album pages). The
/// sleeve's haze lifts card and page alike, so the card's edge inside its pocket is a step of
/// only some 15 levels, while the pocket's own edge (haze to page, and the seam) is the stronger
/// one a margin further out.
@Suite("Dark prints in sleeve pockets")
struct DarkPocketTests {
    /// Four black Instax Squares, each in the middle of a pocket some 8 % larger than its card, on
    /// a black page under a milky sleeve.
    static var blackInBlackPockets: SceneMaker {
        var s = SceneMaker()
        s.width = 1200
        s.height = 1000
        s.surface = .plain(24, 23, 22)
        s.shadow = 0
        s.falloff = 0.05
        var prints: [SceneMaker.Print] = []
        var pockets: [SceneMaker.Pocket] = []
        for (k, centre) in SceneMaker.gridCentres(rows: 2, columns: 2, around: Point(600, 500), spacing: Point(290, 350)).enumerated() {
            let rotation = 0.02 + 0.01 * Double(k - 1)
            let pocket = SceneMaker.corners(aspect: PrintFormat.instaxSquare.cardAspect, center: centre,
                                            height: 322, rotation: rotation, tilt: 0.15)
            let card = SceneMaker.corners(format: .instaxSquare, center: centre, height: 298,
                                          rotation: rotation, tilt: 0.15)
            prints.append(SceneMaker.Print(format: .instaxSquare, corners: card, cardColor: (44, 42, 40),
                                           pictureSeed: UInt64(k + 61)))
            pockets.append(.init(outline: pocket, haze: 0.32, seamWidth: 3))
        }
        s.prints = prints
        s.pockets = pockets
        return s
    }

    @Test("black prints in hazed pockets of a black page: each card at its own edges, not the pocket's")
    func blackInBlack() throws {
        let scene = Self.blackInBlackPockets
        try scene.dumpIfAsked(as: "black-in-black-pockets")
        let found = try PrintDetectorTests.detect(scene)
        #expect(found.allSatisfy { f in scene.prints.contains { ConvexOverlap.iou(f.card, $0.corners) > 0.3 } })
        for truth in scene.prints {
            let print = try #require(PrintDetectorTests.match(truth, in: found))
            // Within 1% of the diagonal: the pocket's margin is 4% of the card's height each side.
            SettingDetectionTests.expectPlaced(print, truth, share: 0.01)
        }
    }
}
