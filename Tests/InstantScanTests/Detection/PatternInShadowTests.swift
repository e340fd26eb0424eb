import Testing
@testable import InstantScan

/// Patterned prints with the edge of the phone's shadow across them (issue 13): the shaded sides'
/// motifs are darker by more than a pattern's sides may differ, although the pattern is the same.
@Suite("Patterned prints in the phone's shadow")
struct PatternInShadowTests {
    /// A striped Instax Square on a pale table, the edge of a shadow (a share `kept` of the light)
    /// across its upper left corner, so that two sides are part lit and part shaded. The card lies
    /// flat, with no shadow of its own beside it.
    static func scene(kept: Double, surface: SceneMaker.Surface = .paleTable, print: Bool = true) -> (SceneMaker, Quad) {
        var s = SceneMaker()
        s.width = 800
        s.height = 700
        s.surface = surface
        s.shadow = 0
        let card = SceneMaker.corners(format: .instaxSquare, center: Point(400, 350), height: 440, rotation: 0.06)
        if print {
            s.prints = [SceneMaker.Print(format: .instaxSquare, corners: card, cardColor: (240, 232, 210), pictureSeed: 23,
                                         stripeColor: (200, 60, 70))]
        }
        s.castShadow = SceneMaker.CastShadow(through: card.centroid + Point(-60, -60), into: Point(-1, -0.7), kept: kept, penumbra: 40)
        return (s, card)
    }

    @Test("a striped band under a shadow's edge is one pattern all round in one light", arguments: [0.6, 0.45])
    func stripesAgreeInOneLight(kept: Double) throws {
        let (lit, card) = Self.scene(kept: 1)
        #expect(try BorderSheenTests.appearance(lit, card: card, format: .instaxSquare).pattern > 0)
        let (shaded, _) = Self.scene(kept: kept)
        let work = BoxDownsampler.downsample(try shaded.render(), orientation: .up, factor: 1)
        let toWork = work.toUpright.inverse
        let window = try #require(PrintTemplate(format: .instaxSquare).window(forCard: card))
        let c = card.mapped(toWork.apply), w = window.mapped(toWork.apply)
        let appearance = BorderAppearance(image: work)
        // As they are, the shaded sides' stripes are another mean colour than the lit ones'.
        let asSeen = appearance.patternCredit(card: c, window: w, light: BorderAppearance.LightBeside(levels: [[], [], [], []], lit: 0))
        #expect(asSeen.credit == 0 && asSeen.agreement < 0.75, "\(asSeen)")
        // The table beside the card shows the shadow's edge, and in its light the sides agree.
        #expect(appearance.lightBeside(card: c) != nil)
        let result = appearance.score(card: c, window: w)
        #expect(result.pattern > 0 && result.consistency == 1, "\(result)")
        // The pattern's own statistics say so, not only the palette.
        #expect((result.withoutPalette?.pattern ?? result.pattern) > 0, "\(result)")
    }

    @Test("the same quad over bare wood grain or cloth in the same shadow is no pattern", arguments: [0.6, 0.45])
    func textureInShadowIsNoPattern(kept: Double) throws {
        for surface in [SceneMaker.Surface.wood(angle: 0.15), .cloth, .paleTable] {
            let (scene, card) = Self.scene(kept: kept, surface: surface, print: false)
            let result = try BorderSheenTests.appearance(scene, card: card, format: .instaxSquare)
            #expect(result.pattern == 0, "\(surface): \(result)")
            #expect(result.factor < 0.5, "\(surface): \(result)")
        }
    }
}
