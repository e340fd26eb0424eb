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
    static var blackInBlackPockets: SceneMaker { blackPockets(pocketHeight: 322, clearWidth: 0, firstSeed: 61) }

    /// The same page with pockets some 9 % larger, the film welded clear onto the page for 5 px inside
    /// each seam: the clear strip's edge to the hazed margin is the strongest step in the pocket.
    static var weldedPockets: SceneMaker { blackPockets(pocketHeight: 325, clearWidth: 5, firstSeed: 71) }

    /// Four black Instax Squares 298 px tall in pockets `pocketHeight` px tall, 2 × 2, on a black page
    /// under a milky sleeve welded clear for `clearWidth` px inside its seams.
    static func blackPockets(pocketHeight: Double, clearWidth: Double, firstSeed: UInt64) -> SceneMaker {
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
                                            height: pocketHeight, rotation: rotation, tilt: 0.15)
            let card = SceneMaker.corners(format: .instaxSquare, center: centre, height: 298,
                                          rotation: rotation, tilt: 0.15)
            prints.append(SceneMaker.Print(format: .instaxSquare, corners: card, cardColor: (44, 42, 40),
                                           pictureSeed: firstSeed + UInt64(k)))
            pockets.append(.init(outline: pocket, haze: 0.32, seamWidth: 3, clearWidth: clearWidth))
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

    /// A black Instax Square in the middle of a welded pocket some 8 % larger than its card, the
    /// film welded clear onto the black page for 13 px inside the seam: between the clear strip and
    /// the card lies a band of page a few pixels wide, lifted by the haze, and the strip's edge there
    /// is a stronger step than the card's own, nearer the pocket.
    static var narrowHazedBand: (scene: SceneMaker, pocket: Quad) {
        var s = SceneMaker()
        s.width = 1200
        s.height = 900
        s.surface = .plain(24, 23, 22)
        s.shadow = 0
        let card = SceneMaker.corners(format: .instaxSquare, center: Point(600, 450), height: 600, rotation: 0.02, tilt: 0.1)
        let pocket = SceneMaker.corners(aspect: PrintFormat.instaxSquare.cardAspect, center: Point(600, 450),
                                        height: 650, rotation: 0.02, tilt: 0.1)
        s.prints = [SceneMaker.Print(format: .instaxSquare, corners: card, cardColor: (44, 42, 40), pictureSeed: 31)]
        s.pockets = [.init(outline: pocket, haze: 0.32, seamWidth: 3, clearWidth: 13)]
        return (s, pocket)
    }

    @Test("a black card beside a narrow band of hazed page: each side read at the card's edge, not the clear strip's")
    func narrowBand() throws {
        let (scene, pocket) = Self.narrowHazedBand
        try scene.dumpIfAsked(as: "narrow-hazed-band")
        let card = scene.prints[0].corners
        let refiner = PrintRefiner(sampler: FullResolutionSampler(try scene.render(), orientation: .up), workingScale: 4)
        let own = refiner.refine(card: card, window: scene.prints[0].window, format: .instaxSquare)
        let border = try #require(refiner.plainBorderColour(own))
        for i in 0..<4 {
            let side = ImageLine(pocket.corners[i], pocket.corners[(i + 1) % 4])
            guard case .pocket(let found, _, _) = refiner.pocketSide(i, of: pocket, line: side, border: border, page: nil) else {
                Issue.record("side \(i) not read as a pocket's")
                continue
            }
            // The clear strip's edge lies some 8 px outside the card's.
            let middle = (card.corners[i] + card.corners[(i + 1) % 4]) * 0.5
            #expect(abs(found.line.distance(middle)) <= 1.5, "side \(i) \(found.line.distance(middle)) px off the card's edge")
        }
    }

    /// A known issue: two of the four cards are taken at the clear strip's edge as Polaroid 600s (16 px
    /// off); the card's edge inside the pocket, a step of some ten levels, is not yet told from the
    /// strip's.
    @Test("black prints in welded, hazed pockets: each card at its own edges, not the clear strip's")
    func welded() throws {
        let scene = Self.weldedPockets
        try scene.dumpIfAsked(as: "welded-pockets")
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
