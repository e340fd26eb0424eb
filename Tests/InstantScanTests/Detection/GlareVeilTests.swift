import Testing
@testable import InstantScan

/// A glare streak lying along the whole length of one side of a print in an album sleeve (issue 13,
/// album pages): the sleeve reflects the lamp as a long band of light over the print's side border and
/// the page just beyond it alike. No part of that side shows the border's own colour, but in linear
/// light it is that colour plus an even veil, and the page beside it is brightened too.
@Suite("Border sides under a glare veil")
struct GlareVeilTests {
    static let card = BorderSheenTests.card

    /// ``BorderSheenTests``'s green-framed Polaroid 600 on a dark album page; with `streak`, a row of
    /// soft highlights centred on the card's left edge from end to end, well below clipping (30 % of
    /// the way to white at its middle).
    static func greenCard(streak: Bool) -> SceneMaker {
        var s = BorderSheenTests.greenCard(streak: false)
        if streak {
            let (a, b) = (card.topLeft, card.bottomLeft)
            s.glare = (0...40).map { k in
                SceneMaker.Glare(center: a + (b - a) * (-0.05 + 1.1 * Double(k) / 40), radius: 18, strength: 0.3)
            }
        }
        return s
    }

    /// How the border band of `card` reads on `scene` rendered as the working image, its sides
    /// measured as lines or placed by the template.
    static func appearance(_ scene: SceneMaker, card: Quad, measured: Bool) throws -> BorderAppearance.Result {
        let work = BoxDownsampler.downsample(try scene.render(), orientation: .up, factor: 1)
        let toWork = work.toUpright.inverse
        let window = try #require(PrintTemplate(format: .polaroid600).window(forCard: card))
        return BorderAppearance(image: work).score(card: card.mapped(toWork.apply), window: window.mapped(toWork.apply),
                                                   measuredCard: measured)
    }

    @Test("a streak along the whole left side of a measured card: its four sides agree")
    func veiledSideAgrees() throws {
        let plain = try Self.appearance(Self.greenCard(streak: false), card: Self.card, measured: true)
        let veiled = try Self.appearance(Self.greenCard(streak: true), card: Self.card, measured: true)
        #expect(plain.consistency == 1)
        // Read by its median or its darker half, the veiled side is paler and brighter than the
        // others all along (3 of 4 agreed).
        #expect(veiled.consistency == 1, "consistency \(veiled.consistency)")
    }

    @Test("the same band placed by a template from its window is not excused the veil")
    func templateCardIsNotExcused() throws {
        let veiled = try Self.appearance(Self.greenCard(streak: true), card: Self.card, measured: false)
        #expect(veiled.consistency < 1, "consistency \(veiled.consistency)")
    }

    @Test("a pale stripe along the band alone, the page beside it dark: not excused")
    func stripeOnTheBandAloneDisagrees() throws {
        // The same washed colour on the band's middle, but the page just beyond the card is as dark as
        // anywhere: a side of another colour (or light the sleeve does not carry beyond the card).
        var scene = Self.greenCard(streak: false)
        let inward = (Self.card.topRight - Self.card.topLeft) * (12 / Self.card.topLeft.distance(to: Self.card.topRight))
        let (a, b) = (Self.card.topLeft + inward, Self.card.bottomLeft + inward)
        scene.glare = (0...60).map { k in
            SceneMaker.Glare(center: a + (b - a) * (0.02 + 0.96 * Double(k) / 60), radius: 6, strength: 0.45)
        }
        let result = try Self.appearance(scene, card: Self.card, measured: true)
        #expect(result.consistency < 1, "consistency \(result.consistency)")
    }

    @Test("the streaked print is found where it lies, as a 600, and not marked for a look")
    func streakedPrintIsFoundConfidently() throws {
        // Without the veil rule no print at all is found here: every reading of the card has one side
        // of another colour.
        let prints = try PrintDetector().detect(in: Self.greenCard(streak: true).render(), orientation: .up)
        let print = try #require(prints.first { ConvexOverlap.iou($0.card, Self.card) > 0.9 })
        #expect(print.format == .polaroid600)
        #expect(!print.isUncertain, "confidence \(print.confidence)")
    }
}
