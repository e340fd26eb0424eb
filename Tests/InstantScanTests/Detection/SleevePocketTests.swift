import Foundation
import Testing
@testable import InstantScan

/// Prints sitting to one side of their album pockets: the pocket's far edge is a clean straight
/// edge parallel to the card's, a tenth of the card out, and the pocket's outline closes into a
/// quad of a print's shape (issue 13, album pages).
@Suite("Prints in sleeve pockets")
struct SleevePocketTests {
    /// Six Instax Wides on a pale album page in clear sleeves, each pushed against its pocket's left
    /// side: the pocket leaves a band of page some 30 px wide on the card's right and a few pixels
    /// above and below. White and cream frames, the page's own outline round them all.
    static var offCentrePockets: SceneMaker {
        var s = SceneMaker()
        s.width = 1400
        s.height = 1050
        s.surface = .plain(150, 146, 140)
        s.shadow = 0.1
        var prints: [SceneMaker.Print] = []
        var pockets: [SceneMaker.Pocket] = [
            .init(outline: SceneMaker.corners(aspect: 1.5, center: Point(700, 525), height: 760, rotation: 0.02, tilt: 0.2),
                  haze: 0, seamWidth: 4)
        ]
        let frames: [(Double, Double, Double)] = [(246, 244, 236), (232, 214, 168)]
        for (k, centre) in SceneMaker.gridCentres(rows: 2, columns: 3, around: Point(700, 525), spacing: Point(380, 300)).enumerated() {
            // The pocket is 10% wider and 6% taller than the card, the card against its left side.
            let pocket = SceneMaker.corners(aspect: PrintFormat.instaxWide.cardAspect * 1.1 / 1.06, center: centre + Point(15, 2),
                                            height: 254, rotation: 0.02, tilt: 0.2)
            let card = SceneMaker.corners(format: .instaxWide, center: centre, height: 240,
                                          rotation: 0.02 + 0.01 * Double(k % 3 - 1), tilt: 0.2)
            prints.append(SceneMaker.Print(format: .instaxWide, corners: card, cardColor: frames[k % 2],
                                           pictureSeed: UInt64(k + 21)))
            pockets.append(.init(outline: pocket))
        }
        s.prints = prints
        s.pockets = pockets
        return s
    }

    @Test("prints pushed to one side of their pockets: each card at its own edges, not the pocket's")
    func offCentre() throws {
        let scene = Self.offCentrePockets
        try scene.dumpIfAsked(as: "off-centre-pockets")
        let found = try PrintDetectorTests.detect(scene)
        // Nothing reported outside the prints (the page, two pockets).
        #expect(found.allSatisfy { f in scene.prints.contains { ConvexOverlap.iou(f.card, $0.corners) > 0.3 } })
        for truth in scene.prints {
            let print = try #require(PrintDetectorTests.match(truth, in: found))
            // Within 1% of the diagonal: the pocket's margin on the right is 10% of the card's width.
            SettingDetectionTests.expectPlaced(print, truth, share: 0.01)
        }
    }

    /// The scene's 1400 pixels worked on at several scales: halved to 700 (whole blocks), averaged
    /// to 960 (fractional ones) and whole. The pockets' margins above and below the cards are 4–8
    /// photo pixels, a line of their own at the finer scales; each card, against the seam of its
    /// pocket's left side, must come out at its own edges whichever scale found it.
    @Test("prints pushed to one side of their pockets are placed at their own edges at any working scale",
          arguments: [700, 1280, 1400])
    func offCentreAtEveryScale(_ workingLongSide: Int) throws {
        let scene = Self.offCentrePockets
        var options = DetectionOptions()
        options.workingLongSide = workingLongSide
        let found = try PrintDetectorTests.detect(scene, options: options)
        for truth in scene.prints {
            let print = try #require(PrintDetectorTests.match(truth, in: found))
            SettingDetectionTests.expectPlaced(print, truth, share: 0.01)
        }
    }
}
