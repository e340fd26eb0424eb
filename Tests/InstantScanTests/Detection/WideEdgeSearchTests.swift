import Testing
@testable import InstantScan

/// A card side placed from the window through the format's template, when the card is taller than
/// its format's nominal size: the side is some 28 px beyond the near search, and the photo shows it.
@Suite("Wide search for a card's side")
struct WideEdgeSearchTests {
    /// An Instax Mini 3.5 mm taller than nominal (89.5 mm), its window where the format puts it from
    /// the top, 8 px a millimetre: the template extrapolated from the window stops 28 px short of
    /// the bottom edge.
    static func tallCard(surface: SceneMaker.Surface, shadow: Double) -> SceneMaker {
        var s = SceneMaker()
        s.surface = surface
        s.shadow = shadow
        // A phone's denoised plain border. (At the scene maker's default of 2 levels the near search
        // takes the first of the border's noise peaks for a faint edge: a weakness of that search,
        // left as it is since a per-profile noise test cost more accuracy on the evaluation scenes.)
        s.noise = 1
        let height = 89.5 * 8
        s.prints = [.init(format: .instaxMini,
                          corners: SceneMaker.corners(aspect: 54 / 89.5, center: Point(600, 450), height: height, rotation: 0.08),
                          customGeometry: (card: (width: 54, height: 89.5), window: (x: 4, y: 7, width: 46, height: 62)))]
        return s
    }

    /// The refinement of the card the template extrapolates from the true window, as the detector
    /// gets it from a hypothesis built on the window.
    static func refineFromWindow(_ scene: SceneMaker) throws -> (PrintRefiner.Refined, SceneMaker.Print) {
        let image = try scene.render()
        let print = scene.prints[0]
        let predicted = try #require(PrintTemplate(format: .instaxMini).card(forWindow: print.window))
        let refiner = PrintRefiner(sampler: FullResolutionSampler(image, orientation: .up), workingScale: 4)
        return (refiner.refine(card: predicted, window: print.window, format: .instaxMini), print)
    }

    @Test("a side beyond the near search is measured where the photo shows it")
    func measuredBeyondTheTemplate() throws {
        let (refined, print) = try Self.refineFromWindow(Self.tallCard(surface: .dark, shadow: 0.3))
        let predicted = try #require(PrintTemplate(format: .instaxMini).card(forWindow: print.window))
        #expect(PrintDetectorTests.cornerError(predicted, print.corners) > 20, "the template alone is far off")
        #expect(refined.format == .instaxMini)
        #expect(refined.cardEdges.allSatisfy { $0 != nil }, "all four sides measured")
        let error = PrintDetectorTests.cornerError(refined.card, print.corners)
        #expect(error <= 1.5, "card corners off by \(error) px")
    }

    @Test("a hand over the whole bottom edge is not taken for the card's side")
    func handOverTheSideIsNotTheSide() throws {
        var scene = Self.tallCard(surface: .dark, shadow: 0.3)
        let card = scene.prints[0].corners
        let bottom = (card.bottomLeft + card.bottomRight) * 0.5
        // The hand's outline crosses the bottom border 6–15 px inside the card's edge: past the
        // near search, within the wide one's reach, curved.
        scene.occluders = [.init(center: bottom + Point(-3, 40), radii: (300, 55), angle: 0.08)]
        let (refined, print) = try Self.refineFromWindow(scene)
        #expect(refined.cardEdges[2] == nil, "the hand's outline is no side")
        let predicted = try #require(PrintTemplate(format: .instaxMini).card(forWindow: print.window))
        for corner in [2, 3] {
            #expect(refined.card.corners[corner].distance(to: predicted.corners[corner]) < 3, "the template's side kept")
        }
        #expect(refined.cardEdges[0] != nil && refined.cardEdges[1] != nil && refined.cardEdges[3] != nil)
    }
}
