import Foundation
import Testing
@testable import InstantScan

/// A print lying a little turned in its album pocket (issue 13, album pages): a corner rests on the
/// pocket's side, so the card's edge meets the pocket's at that end and leaves it towards the other,
/// the page showing between them in a wedge. Read from the pocket's edge, the found card edge is off
/// it by a margin's width at one end only; it is the card's edge all the same.
@Suite("A print turned in its pocket")
struct TurnedInPocketTests {
    /// A cream Instax Square on a dark page in a clear pocket 8 % wider and 6 % taller than the card,
    /// the card turned `turn` radians clockwise in it, its top-left corner against the pocket's top
    /// and its bottom-left corner against the pocket's left side.
    static func turnedCard(turn: Double) -> SceneMaker {
        var s = SceneMaker()
        s.width = 1200
        s.height = 900
        s.surface = .plain(42, 38, 34)
        s.shadow = 0
        let height = 600.0, width = height * PrintFormat.instaxSquare.cardAspect
        let pocketWidth = 1.08 * width, pocketHeight = 1.06 * height
        let pocketRotation = 0.02, origin = Point(600 - pocketWidth / 2, 450 - pocketHeight / 2)
        // In the pocket's own frame (top-left at 0, 0): the card's bottom-left corner on the left
        // side and its top-left corner on the top, turned clockwise.
        let c = cos(turn), s0 = sin(turn)
        let topLeft = Point(height * s0, 0)
        let local = [topLeft, topLeft + Point(width * c, width * s0),
                     topLeft + Point(width * c - height * s0, width * s0 + height * c), topLeft + Point(-height * s0, height * c)]
        let pocketLocal = [Point(0, 0), Point(pocketWidth, 0), Point(pocketWidth, pocketHeight), Point(0, pocketHeight)]
        let centre = Point(pocketWidth / 2, pocketHeight / 2)
        func placed(_ p: Point) -> Point {
            let d = p - centre, r = pocketRotation
            return origin + centre + Point(cos(r) * d.x - sin(r) * d.y, sin(r) * d.x + cos(r) * d.y)
        }
        s.prints = [SceneMaker.Print(format: .instaxSquare, corners: Quad(corners: local.map(placed)),
                                     cardColor: (246, 240, 222), pictureSeed: 41)]
        s.pockets = [.init(outline: Quad(corners: pocketLocal.map(placed)), haze: 0.15, seamWidth: 3)]
        return s
    }

    @Test("read from the pocket's left edge, a wedge of page from nothing to 24 px: the card's own edge")
    func wedge() throws {
        let scene = Self.turnedCard(turn: 0.04)
        try scene.dumpIfAsked(as: "turned-in-pocket")
        let truth = scene.prints[0].corners
        let pocket = scene.pockets[0].outline
        let refiner = PrintRefiner(sampler: FullResolutionSampler(try scene.render(), orientation: .up), workingScale: 4)
        // The border as seen through the sleeve, in the middle of the thick bottom band.
        let window = scene.prints[0].window
        let band = (truth.bottomLeft + window.bottomLeft + truth.bottomRight + window.bottomRight) * 0.25
        var border = [Float](repeating: 0, count: 3)
        #expect(refiner.sampler.profile(from: band, step: Point(1, 0), count: 1, into: &border))
        let side = ImageLine(pocket.bottomLeft, pocket.topLeft)
        #expect(side.distance(truth.bottomLeft).magnitude < 2, "the card's corner rests on the pocket's side")
        #expect(side.distance(truth.topLeft).magnitude > 20, "and leaves it by a wedge of page")
        guard case .pocket(let found, _, _) = refiner.pocketSide(3, of: pocket, line: side, border: border, page: nil) else {
            Issue.record("the pocket's left side not read as a pocket's edge with the card's inside")
            return
        }
        #expect(found.line.distance(truth.bottomLeft).magnitude < 1.5)
        #expect(found.line.distance(truth.topLeft).magnitude < 1.5)
    }
}
