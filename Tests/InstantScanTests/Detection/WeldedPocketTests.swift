import Foundation
import Testing
@testable import InstantScan

/// Black prints in the middle of hazed pockets of a black album page, the film welded clear onto
/// the page in a strip inside each seam (issue 13, album pages). The haze lifts card and page alike,
/// so a card's edge is a step of a few levels, while the clear strip's edge to the hazed margin is
/// the strongest step in the pocket. A known issue: two of the four cards are taken at the clear
/// strip's edge as Polaroid 600s (16 px off); the card's edge inside the pocket, a step of some ten
/// levels, is not yet told from the strip's.
@Suite("Dark prints in welded sleeve pockets")
struct WeldedPocketTests {
    /// Four black Instax Squares, each in the middle of a pocket some 9 % larger than its card, on
    /// a black page under a milky sleeve welded clear for 5 px inside its seams.
    static var weldedPockets: SceneMaker {
        var s = SceneMaker()
        s.width = 1200
        s.height = 1000
        s.surface = .plain(24, 23, 22)
        s.shadow = 0
        s.falloff = 0.05
        var prints: [SceneMaker.Print] = []
        var pockets: [SceneMaker.Pocket] = []
        for row in 0..<2 {
            for column in 0..<2 {
                let k = row * 2 + column
                let centre = Point(600 + 290 * Double(column) - 145, 500 + 350 * Double(row) - 175)
                let rotation = 0.02 + 0.01 * Double(k - 1)
                let pocket = SceneMaker.corners(aspect: PrintFormat.instaxSquare.cardAspect, center: centre,
                                                height: 325, rotation: rotation, tilt: 0.15)
                let card = SceneMaker.corners(format: .instaxSquare, center: centre, height: 298,
                                              rotation: rotation, tilt: 0.15)
                prints.append(SceneMaker.Print(format: .instaxSquare, corners: card, cardColor: (44, 42, 40),
                                               pictureSeed: UInt64(k + 71)))
                pockets.append(.init(outline: pocket, haze: 0.32, seamWidth: 3, clearWidth: 5))
            }
        }
        s.prints = prints
        s.pockets = pockets
        return s
    }

    @Test("black prints in welded, hazed pockets: each card at its own edges, not the clear strip's")
    func welded() throws {
        let scene = Self.weldedPockets
        if let folder = ProcessInfo.processInfo.environment["INSTANTSCAN_SCENE_DUMP"] {
            let png = try PNGEncoder.encode(try scene.render(), iccProfile: nil, srgbIntent: false)
            try Data(png).write(to: URL(fileURLWithPath: folder).appendingPathComponent("welded-pockets.png"))
        }
        let found = try PrintDetectorTests.detect(scene)
        #expect(found.allSatisfy { f in scene.prints.contains { ConvexOverlap.iou(f.card, $0.corners) > 0.3 } })
        withKnownIssue("a dark card's edge inside a welded pocket is not told from the clear strip's") {
            for truth in scene.prints {
                let print = try #require(PrintDetectorTests.match(truth, in: found))
                // Within 1% of the diagonal: the pocket's margin is 4.5% of the card's height each side.
                SettingDetectionTests.expectPlaced(print, truth, share: 0.01)
                #expect(print.format == .instaxSquare)
            }
        }
    }
}
