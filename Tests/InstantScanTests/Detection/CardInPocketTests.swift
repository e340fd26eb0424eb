import Foundation
import Testing
@testable import InstantScan

/// A black print among white ones on a page of clear pockets (issue 13, album pages). The sleeve's
/// haze lifts the black card and the dark page around it alike, so inside its pocket the card's own
/// edge is a step of a few grey levels, while the pocket's seams are the sharpest lines there: the
/// pocket was reported as the card.
@Suite("A card inside its pocket")
struct CardInPocketTests {
    /// Six Polaroid 600s in pockets some 3 mm larger all round, 3 × 2, on a dark page under a milky
    /// sleeve; the fifth is black, 6 grey levels off the page it lies on.
    static var blackAmongWhite: SceneMaker {
        var s = SceneMaker()
        s.width = 1400
        s.height = 1000
        s.surface = .plain(22, 21, 20)
        s.shadow = 0
        s.falloff = 0.05
        var prints: [SceneMaker.Print] = []
        var pockets: [SceneMaker.Pocket] = []
        let centres = SceneMaker.gridCentres(rows: 2, columns: 3, around: Point(700, 500), spacing: Point(330, 430))
        for (k, centre) in centres.enumerated() {
            let rotation = 0.015 * Double(k % 3 - 1)
            // The card lies loose in its pocket, a little off its middle.
            let offset = Point(Double(k % 2) * 4 - 2, 3)
            let card = SceneMaker.corners(format: .polaroid600, center: centre + offset, height: 360,
                                          rotation: rotation, tilt: 0.1)
            let pocket = SceneMaker.corners(aspect: (88 + 6) / (107 + 6), center: centre, height: 360 * 113 / 107,
                                            rotation: rotation, tilt: 0.1)
            let black = k == 4
            prints.append(SceneMaker.Print(format: .polaroid600, corners: card,
                                           cardColor: black ? (28, 27, 26) : (246, 244, 236),
                                           pictureSeed: 90 + UInt64(k)))
            pockets.append(.init(outline: pocket, haze: 0.3, seamWidth: 3))
        }
        s.prints = prints
        s.pockets = pockets
        return s
    }

    @Test("a black card on a dark page is placed at its own edges inside its pocket, as the page's format")
    func blackCardInItsPocket() throws {
        let scene = Self.blackAmongWhite
        try scene.dumpIfAsked(as: "black-card-in-pocket")
        let found = try PrintDetectorTests.detect(scene)
        let truth = scene.prints[4]
        let print = try #require(PrintDetectorTests.match(truth, in: found))
        // Within 1 % of the diagonal: the pocket stands 3 mm (some 10 px) beyond the card all round.
        SettingDetectionTests.expectPlaced(print, truth, share: 0.01)
        #expect(print.format == .polaroid600)
        // The white prints, found at their own edges before, stay there.
        for other in scene.prints where other.cardColor.0 > 200 {
            let white = try #require(PrintDetectorTests.match(other, in: found))
            SettingDetectionTests.expectPlaced(white, other, share: 0.01)
        }
    }

    @Test("a side drawn a little turned from the card's is read along the card's own line")
    func turnedSide() throws {
        // The window's drawing carries its angle out to the card: a window side read a fraction of a
        // degree off turns the drawn card side by a few pixels end to end, and profiles averaged
        // across the drawn side smear the black card's faint step into a ramp.
        let scene = Self.blackAmongWhite
        let truth = scene.prints[4].corners
        let refiner = PrintRefiner(sampler: FullResolutionSampler(try scene.render(), orientation: .up), workingScale: 4)
        let (a, b) = (truth.corners[1], truth.corners[2])
        let edge = try #require(CardSideInside(1, of: truth))
        let outward = edge.normal * -1
        // The right side drawn 5 px inside the card at the top and 5 px beyond it at the bottom.
        var corners = truth.corners
        corners[1] = a - outward * 5
        corners[2] = b + outward * 5
        let drawn = Quad(corners[0], corners[1], corners[2], corners[3])
        let side = try #require(CardSideInside(1, of: drawn))
        let millimetre = drawn.meanWidth / PrintFormat.polaroid600.cardSize.width
        // The pocket's seam stands 3 mm beyond the card: the search stops a millimetre short of it.
        let (low, high) = (-2 * millimetre, 2 * millimetre)
        if let straight = refiner.stepInsidePocket(along: side, from: low, to: high) {
            #expect(abs(straight.distance(a)) > 1.5 || abs(straight.distance(b)) > 1.5,
                    "the drawn side's own line already fits the card")
        }
        let line = try #require(refiner.tiltedStepInsidePocket(along: side, from: low, to: high, millimetre: millimetre),
                                "the card's own step was not found along a turned line")
        #expect(abs(line.distance(a)) <= 1.2 && abs(line.distance(b)) <= 1.2,
                "the card's right side off by \(line.distance(a)), \(line.distance(b)) px")
    }
}
