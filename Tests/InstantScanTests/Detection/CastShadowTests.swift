import Testing
@testable import InstantScan

/// Prints with the shadow of the phone and the hand across them, as photos taken from above under a
/// ceiling lamp so often have (issue 13): the shaded sides of the band are darker by far more than
/// the light's falloff, and so is the table beside them.
@Suite("Prints in the phone's shadow")
struct CastShadowTests {
    /// A white-framed Polaroid 600 on a wood table, the shadow's edge across the card near one corner
    /// so that two sides of the band lie in it.
    static func shadowed(_ frame: (Double, Double, Double), surface: SceneMaker.Surface) -> SceneMaker {
        var s = SceneMaker()
        s.surface = surface
        let card = SceneMaker.corners(format: .polaroid600, center: Point(600, 450), height: 600, rotation: 0.08, tilt: 0.1)
        s.prints = [SceneMaker.Print(format: .polaroid600, corners: card, cardColor: frame, pictureSeed: 17)]
        s.castShadow = SceneMaker.CastShadow(through: Point(640, 380), into: Point(1, -0.8), kept: 0.6, penumbra: 40)
        return s
    }

    @Test("a print half in the phone's shadow is found at its own edges",
          arguments: [(246.0, 244.0, 236.0), (232.0, 214.0, 168.0), (196.0, 40.0, 46.0)])
    func halfInShadow(_ frame: (Double, Double, Double)) throws {
        let scene = Self.shadowed(frame, surface: .wood(angle: 0.15))
        try scene.dumpIfAsked(as: "cast-shadow-\(Int(frame.0))")
        let found = try PrintDetectorTests.detect(scene)
        #expect(found.count == 1)
        let print = try #require(PrintDetectorTests.match(scene.prints[0], in: found))
        SettingDetectionTests.expectPlaced(print, scene.prints[0], share: 0.005)
        #expect(print.format == .polaroid600)
    }

    /// A white Polaroid 600 on a wood table with a soft shadow's edge running across the card, so that
    /// its left and right border bands pass through the penumbra along their length (a third of the
    /// light taken away over 60 px, as the phone's shadow under a ceiling lamp).
    static func penumbraAcross(card: Quad, print: Bool) -> SceneMaker {
        var s = SceneMaker()
        s.width = 600
        s.height = 600
        s.surface = .wood(angle: 0.15)
        if print {
            s.prints = [SceneMaker.Print(format: .polaroid600, corners: card, cardColor: (246, 244, 236), pictureSeed: 9)]
        }
        s.castShadow = SceneMaker.CastShadow(through: card.centroid, into: Point(0.3, 1), kept: 0.66, penumbra: 60)
        return s
    }

    @Test("a penumbra along a plain band leaves it plain, and does not make wood grain plain")
    func penumbraAlongBand() throws {
        let card = SceneMaker.corners(format: .polaroid600, center: Point(300, 300), height: 240, rotation: 0.05)
        let lit = try BorderSheenTests.appearance(Self.penumbraAcross(card: card, print: true).withoutShadow, card: card)
        let shaded = try BorderSheenTests.appearance(Self.penumbraAcross(card: card, print: true), card: card)
        // Neighbouring samples in the penumbra differ by more than the tolerance, but only as the light
        // does: steadily, in brightness alone.
        #expect(lit.plainness >= 0.97)
        #expect(shaded.plainness >= 0.97, "plainness \(shaded.plainness)")
        // The same quad over the bare table, lit and in the same shadow: the grain's stripes turn back
        // within a few samples, no ramp of the light, and the band stays too textured for shade.
        for scene in [Self.penumbraAcross(card: card, print: false), Self.penumbraAcross(card: card, print: false).withoutShadow] {
            let grain = try BorderSheenTests.appearance(scene, card: card)
            #expect(grain.plainness < BorderAppearance.plainForShade, "plainness \(grain.plainness)")
            // Nor does the grain pass for noise: its samples differ more the farther apart they are.
            #expect(grain.plainnessAgainstNoise < BorderAppearance.plainForShade, "\(grain)")
        }
    }

    /// A white Polaroid 600 standing on a dark table against a pale wall, the table's edge behind the
    /// card's lower half, and the edge of a deep shadow (40 % of the light kept) running diagonally
    /// across the card: two sides half lit, two in the shade, and beside them wall on some samples
    /// and table on others.
    static func standingInShadow(card: Quad, print: Bool) -> SceneMaker {
        var s = SceneMaker()
        s.width = 700
        s.height = 600
        s.surface = .plain(200, 196, 188)
        s.floor = (row: card.centroid.y - 20, surface: .dark)
        s.falloff = 0
        if print {
            s.prints = [SceneMaker.Print(format: .polaroid600, corners: card, cardColor: (246, 244, 236), pictureSeed: 5)]
        }
        s.castShadow = SceneMaker.CastShadow(through: card.centroid + Point(-20, -40), into: Point(1, 1), kept: 0.4, penumbra: 40)
        return s
    }

    @Test("a shadow's edge across a plain band: its sides agree in one light, and a table's edge stays a step")
    func sidesAgreeAcrossTheLight() throws {
        let card = SceneMaker.corners(format: .polaroid600, center: Point(350, 290), height: 300, rotation: 0.04)
        let lit = try BorderSheenTests.appearance(Self.standingInShadow(card: card, print: true).withoutShadow, card: card)
        let shaded = try BorderSheenTests.appearance(Self.standingInShadow(card: card, print: true), card: card)
        #expect(lit.consistency == 1)
        // By their medians the shaded sides are darker than the lit ones by far more than the light's
        // falloff, and against the surface beside them (wall here, table there) they agree no better.
        #expect(shaded.plainness >= 0.9, "plainness \(shaded.plainness)")
        #expect(shaded.consistency == 1, "consistency \(shaded.consistency)")
        // The same quad over the bare wall and table, in the same light: wall above, table below, one
        // step apart, which no ramp of the light explains (read in one light, the table's side still
        // disagrees with the wall's).
        let bare = Self.standingInShadow(card: card, print: false)
        let work = BoxDownsampler.downsample(try bare.render(), orientation: .up, factor: 1)
        let toWork = work.toUpright.inverse
        let window = try #require(PrintTemplate(format: .polaroid600).window(forCard: card))
        let agreeing = BorderAppearance(image: work).agreeingAcrossLight(card: card.mapped(toWork.apply), window: window.mapped(toWork.apply))
        #expect(agreeing <= 3, "\(agreeing) sides agree")
    }

    @Test("a busy surface beside the band neither confirms nor denies the light; the picture then does")
    func busySurfaceIsNoWitness() throws {
        var blank = SceneMaker()
        blank.width = 64
        blank.height = 64
        let appearance = BorderAppearance(image: BoxDownsampler.downsample(try blank.render(), orientation: .up, factor: 1))
        // Forty samples round a band (log brightness) that a penumbra darkens steadily from sample 10
        // to 25; the pair 17, 18 lies in the middle of it.
        let band: [Float?] = (0..<40).map { 6 - 0.04 * Float(min(15, max(0, $0 - 10))) }
        let k = 18
        // The picture inside the window darkens with the band.
        let picture: [Float?] = band.map { $0.map { $0 - 1 } }
        // Clutter beside the card: its own detail from sample to sample, and a lighter thing's edge
        // just where the shadow darkens the band (a street behind a print, the edge of a paper).
        let clutter: [Float?] = (0..<40).map { 4.8 + ($0 % 2 == 0 ? 0.15 : -0.15) + ($0 >= k ? 0.9 : 0) }
        // A plain table or a card's white border beside it, which stays as it is.
        let plain: [Float?] = (0..<40).map { 5.2 + ($0 % 2 == 0 ? 0.004 : -0.004) }
        #expect(appearance.sharedBeside(k, band: band, beyond: clutter, within: picture))
        // A plain surface that stays put says the band's change is not the light's (a picture's own
        // shading read as a band), whatever the picture does; and a busy surface leaves it unproven
        // where the picture does not follow either.
        #expect(!appearance.sharedBeside(k, band: band, beyond: plain, within: picture))
        #expect(!appearance.sharedBeside(k, band: band, beyond: clutter, within: plain))
        // Where the surface does follow, it is the light's.
        #expect(appearance.sharedBeside(k, band: band, beyond: picture, within: plain))
    }

    @Test("a picture's own shading is no light: a band read inside a window is not made one border")
    func pictureShadingIsNotTheLight() throws {
        // A white 600 whose picture darkens smoothly from top to bottom to 40 % (a sky going to sea)
        // with no shadow anywhere, and the quad a smaller print would make inside its window: its
        // band runs through the picture's shading, smooth as a penumbra, but the card's border just
        // beyond it stays as it is.
        var scene = SceneMaker()
        scene.width = 700
        scene.height = 600
        scene.surface = .plain(120, 110, 100)
        scene.falloff = 0
        let card = SceneMaker.corners(format: .polaroid600, center: Point(350, 300), height: 420, rotation: 0.03)
        scene.prints = [SceneMaker.Print(format: .polaroid600, corners: card, cardColor: (246, 244, 236),
                                         blankPicture: (236, 234, 228), blankShading: 0.6)]
        let inner = scene.prints[0].window
        let work = BoxDownsampler.downsample(try scene.render(), orientation: .up, factor: 1)
        let toWork = work.toUpright.inverse
        let innerWindow = try #require(PrintTemplate(format: .polaroid600).window(forCard: inner))
        let appearance = BorderAppearance(image: work)
        let agreeing = appearance.agreeingAcrossLight(card: inner.mapped(toWork.apply), window: innerWindow.mapped(toWork.apply))
        #expect(agreeing <= 3, "\(agreeing) sides agree")
        let result = appearance.score(card: inner.mapped(toWork.apply), window: innerWindow.mapped(toWork.apply))
        #expect(result.consistency < 1, "\(result)")
    }
}

private extension SceneMaker {
    var withoutShadow: SceneMaker {
        var s = self
        s.castShadow = nil
        return s
    }
}
