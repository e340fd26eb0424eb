import Testing
@testable import InstantScan

/// A striped border's stripes are strong colour changes of their own: a card side searched from the
/// border outward can stop on a stripe a few pixels short of the card's edge. The card's edge is
/// where the patterned band gives way to the surface.
@Suite("A card side read on its border's stripes")
struct PatternedSideTests {
    /// A Polaroid 600 with a pink frame striped in magenta on a white table, 5 px a millimetre.
    static func stripedCard(stripes: Bool = true) -> SceneMaker {
        var s = SceneMaker()
        s.surface = .plain(246, 246, 244)
        s.shadow = 0.05
        s.noise = 1.5
        var print = SceneMaker.Print(format: .polaroid600,
                                     corners: SceneMaker.corners(format: .polaroid600, center: Point(600, 450), height: 535,
                                                                 rotation: -0.19, tilt: 0.1),
                                     cardColor: (242, 196, 222), pictureSeed: 3)
        if stripes { print.stripeColor = (205, 60, 170) }
        s.prints = [print]
        return s
    }

    /// `card` with its top side moved `inward` pixels into the card (a stripe's edge).
    static func topMovedIn(_ card: Quad, by inward: Double) -> Quad {
        let top = ImageLine(card.topLeft, card.topRight)
        let n = top.normal * (top.distance(card.bottomLeft) > 0 ? 1 : -1)
        let moved = ImageLine(through: card.topLeft + n * inward, direction: top.direction)
        let left = ImageLine(card.bottomLeft, card.topLeft), right = ImageLine(card.topRight, card.bottomRight)
        return Quad(left.intersection(moved)!, moved.intersection(right)!, card.bottomRight, card.bottomLeft)
    }

    static func refiner(_ scene: SceneMaker) throws -> PrintRefiner {
        PrintRefiner(sampler: FullResolutionSampler(try scene.render(), orientation: .up), workingScale: 4)
    }

    /// A refined top side `inward` pixels inside the card's top edge.
    static func topSide(of card: Quad, inward: Double) -> EdgeRefiner.Result {
        let moved = topMovedIn(card, by: inward)
        return EdgeRefiner.Result(line: ImageLine(moved.topLeft, moved.topRight), inlierFraction: 1, foundFraction: 1,
                                  strength: 50, scale: 0.3)
    }

    @Test("a top side read on a stripe moves out to the card's edge", arguments: [4.0, 6.0, 8.0])
    func sideOnAStripe(inward: Double) throws {
        let scene = Self.stripedCard()
        let card = scene.prints[0].corners
        let side = Self.topSide(of: card, inward: inward)
        let outer = try #require(try Self.refiner(scene).outerEdgeOfPatternedSide(0, card: card, side: side, reach: 11))
        for corner in [card.topLeft, card.topRight] {
            #expect(abs(outer.line.distance(corner)) <= 1, "the top edge is \(outer.line.distance(corner)) px off")
        }
    }

    @Test("a side on the card's edge, or inside a plain border, stays")
    func sideStays() throws {
        let striped = Self.stripedCard()
        let card = striped.prints[0].corners
        #expect(try Self.refiner(striped).outerEdgeOfPatternedSide(0, card: card, side: Self.topSide(of: card, inward: 0), reach: 11) == nil)
        // A plain band outside the side is not a pattern (the border read short is the window search's case).
        let plain = Self.stripedCard(stripes: false)
        #expect(try Self.refiner(plain).outerEdgeOfPatternedSide(0, card: card, side: Self.topSide(of: card, inward: 6), reach: 11) == nil)
    }

    /// The whole refinement, from the card's own corners, of a border the detector judged not plain
    /// (``PrintRefiner/patternedBorder``): no side of the striped card strays inward.
    @Test("a striped card is refined to its edges")
    func stripedCardRefined() throws {
        let scene = Self.stripedCard()
        let print = scene.prints[0]
        var refiner = try Self.refiner(scene)
        refiner.patternedBorder = true
        let refined = refiner.refine(card: print.corners, window: print.window, format: .polaroid600)
        let error = PrintDetectorTests.cornerError(refined.card, print.corners)
        #expect(error <= 1.5, "card corners off by \(error) px")
    }
}
