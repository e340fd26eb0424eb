import Testing
@testable import InstantScan

/// A decorated card on a wall measured from the wall inward (``OutlineFit``): the card's edge is the
/// first step from the plain wall, whatever the band's motifs do inside it.
@Suite("Outline fit")
struct OutlineFitTests {
    /// A Mini about 200 px tall on a grey wall, leaning back and turned, its band striped in two
    /// colours that differ from the wall in opposite directions (orange and blue on grey) in the
    /// proportions that make their mean the wall's own colour.
    static func straddlingStripes(wall: (Double, Double, Double) = (120, 120, 120)) -> SceneMaker {
        var s = SceneMaker()
        s.width = 600
        s.height = 500
        s.surface = .plain(wall.0, wall.1, wall.2)
        s.shadow = 0.2
        // The scene maker's stripes cover 0.436 of the band: 0.564 · card + 0.436 · stripe = wall.
        let away = (40.0, 0.0, -40.0), back = 0.564 / 0.436
        var card = SceneMaker.Print(format: .instaxMini,
                                    corners: SceneMaker.corners(format: .instaxMini, center: Point(300, 250), height: 200,
                                                                rotation: 0.15, tilt: 0.3),
                                    cardColor: (wall.0 + away.0, wall.1 + away.1, wall.2 + away.2),
                                    cornerRadius: 3, pictureSeed: 5)
        card.stripeColor = (wall.0 - back * away.0, wall.1 - back * away.1, wall.2 - back * away.2)
        s.prints = [card]
        return s
    }

    @Test("a band whose stripes straddle the wall's colour is measured at the card's edge")
    func stripesStraddlingTheWall() throws {
        let scene = Self.straddlingStripes()
        try scene.dumpIfAsked(as: "outline-straddling-stripes")
        let truth = scene.prints[0].corners
        let fit = OutlineFit(sampler: FullResolutionSampler(try scene.render(), orientation: .up), reach: 3)
        // The row's coarse outline: a working pixel or so off, a little large and shifted.
        let centre = truth.centroid
        let guess = truth.mapped { Point(centre.x + 1.01 * ($0.x - centre.x) + 0.6, centre.y + 1.01 * ($0.y - centre.y) - 0.5) }
        // The band's mean colour is the wall's: read as a mean colour alone, no side shows a step
        // (nil); and what is left of that step, taken as a reading, puts sides on the wall's contact
        // shadow outside the card (3–6 px off). The runs' mean distance from the wall finds the edge.
        let card = try #require(fit.fitted(guess))
        let worst = (0..<4).map { card.corners[$0].distance(to: truth.corners[$0]) }.max()!
        #expect(worst < 0.6, "worst corner \(worst) px off")
    }

    @Test("a side whose coarse outline starts inside the band is read from the wall further out")
    func sideStartingInsideTheBand() throws {
        // A black Mini on a pale wall, as a row's coarse outline finds it on a soft photo: three sides
        // close, the left one about 6 px inside the card, beyond the fit's reach of 3 px but still in
        // the 12 px side band. Its profile then starts on the band and sees no wall at all.
        var s = SceneMaker()
        s.width = 600
        s.height = 500
        s.surface = .plain(205, 200, 190)
        s.shadow = 0
        let truth = SceneMaker.corners(format: .instaxMini, center: Point(300, 250), height: 260, rotation: 0.1, tilt: 0.2)
        s.prints = [SceneMaker.Print(format: .instaxMini, corners: truth, cardColor: (28, 28, 30), cornerRadius: 3,
                                     pictureSeed: 3)]
        try s.dumpIfAsked(as: "outline-side-inside-band")
        let sampler = FullResolutionSampler(try s.render(), orientation: .up)
        var guess = truth.corners.map { $0 + Point(0.4, -0.3) }
        for (i, j) in [(0, 1), (3, 2)] {
            let along = guess[j] - guess[i]
            guess[i] = guess[i] + along * (6 / guess[j].distance(to: guess[i]))
        }
        let fit = OutlineFit(sampler: sampler, reach: 3)
        let card = try #require(fit.fitted(Quad(corners: guess)))
        let worst = (0..<4).map { card.corners[$0].distance(to: truth.corners[$0]) }.max()!
        #expect(worst < 1, "worst corner \(worst) px off")
        // Within the reach alone the left side is not found on the card's edge.
        var near = fit
        near.looksBeyondReach = false
        let within = near.fitted(Quad(corners: guess))
        let nearWorst = within.map { q in (0..<4).map { q.corners[$0].distance(to: truth.corners[$0]) }.max()! }
        #expect(nearWorst.map { $0 >= 1 } ?? true, "within the reach: \(String(describing: nearWorst)) px")
    }
}
