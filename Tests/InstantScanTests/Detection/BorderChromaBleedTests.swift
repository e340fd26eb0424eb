import Testing
@testable import InstantScan

/// A small black-framed print on a coloured wall in dim light, stored as phones store photos (JPEG
/// with its colour at half resolution): the middle of each thin side band borrows the wall's and the
/// picture's colour, and a dark band has little colour of its own, so its sides' chromaticities
/// disagree although the frame is one black (issue 13, walls).
@Suite("Border bands borrowing their neighbours' colour")
struct BorderChromaBleedTests {
    /// A black Polaroid 600 `height` pixels tall on a wall of `wall`'s colour, underexposed and noisy.
    static func dimWall(wall: (Double, Double, Double), height: Double, noise: Double = 3.5) -> (SceneMaker, card: Quad) {
        var s = SceneMaker()
        s.width = 640
        s.height = 440
        s.surface = .plain(wall.0, wall.1, wall.2)
        s.shadow = 0.15
        s.falloff = 0.1
        // About 40 % of the light: an underexposed shot under a warm lamp.
        s.cast = (0.55, 0.48, 0.4)
        s.noise = noise
        let card = SceneMaker.corners(format: .polaroid600, center: Point(300, 220), height: height, rotation: -0.12)
        s.prints = [SceneMaker.Print(format: .polaroid600, corners: card, cardColor: (22, 20, 19), pictureSeed: 11)]
        return (s, card)
    }

    /// How the band of `card` reads on `scene` stored as a JPEG of `quality` (below 90: colour at
    /// half resolution) and decoded.
    static func appearance(_ scene: SceneMaker, card: Quad, quality: Int) throws -> BorderAppearance.Result {
        let jpeg = try JPEGEncoder.encode(try scene.render(), quality: quality)
        let decoded = try JPEGDecoder.decode(jpeg, scaleDenominator: 1, maximumPixels: 1 << 22).pixels
        let work = BoxDownsampler.downsample(decoded, orientation: .up, factor: 1)
        let toWork = work.toUpright.inverse
        let window = try #require(PrintTemplate(format: .polaroid600).window(forCard: card))
        return BorderAppearance(image: work).score(card: card.mapped(toWork.apply), window: window.mapped(toWork.apply))
    }

    @Test("a dim black frame's thin sides, tinted by a pink wall and the picture, agree with its bottom band")
    func pinkWall() throws {
        // Read by their chromaticities alone, one side of four agreed.
        let (scene, card) = Self.dimWall(wall: (235, 125, 105), height: 80)
        let band = try Self.appearance(scene, card: card, quality: 75)
        #expect(band.consistency == 1, "\(band)")
        #expect(band.factor > 0.5, "factor \(band.factor)")
    }

    @Test("a smaller dim black frame on a blue wall: its sides agree")
    func blueWall() throws {
        let (scene, card) = Self.dimWall(wall: (120, 160, 200), height: 60)
        let band = try Self.appearance(scene, card: card, quality: 85)
        #expect(band.consistency == 1, "\(band)")
        #expect(band.factor > 0.5, "factor \(band.factor)")
    }

    /// Dimmer and noisier still, as a high-ISO shot of a print in shade: neighbouring samples along the
    /// black band differ by more than the fixed tolerance, though only as the noise does.
    @Test("a dimmer, noisier black frame's band is plain against its own noise, and its sides agree",
          arguments: [(70.0, 4.5, 75), (70.0, 5.0, 85), (60.0, 5.0, 75)])
    func noisyDimWall(height: Double, noise: Double, quality: Int) throws {
        // Judged against the fixed tolerance the band read as texture and its sides, one of four
        // agreeing, got no allowance for the colour the wall lends them.
        let (scene, card) = Self.dimWall(wall: (235, 125, 105), height: height, noise: noise)
        let band = try Self.appearance(scene, card: card, quality: quality)
        #expect(band.plainnessAgainstNoise >= BorderAppearance.plainForShade, "\(band)")
        #expect(band.consistency == 1, "\(band)")
        #expect(band.factor > 0.5, "factor \(band.factor)")
    }

    @Test("only a dark band's noise widens the tolerance, and only noise that is not correlated along it")
    func noiseTolerance() {
        let image = WorkingImage(width: 1, height: 1, red: [0], green: [0], blue: [0], toUpright: AffineMap.identity)
        let judge = BorderAppearance(image: image)
        // Alternate samples a few levels either side of the band's colour: independent noise.
        func noisy(_ level: Float) -> [[BorderAppearance.Color?]] {
            let steps: [Float] = [5, -4, 6, -5, 3, -6, 5, -3]
            return [(0..<40).map { k in
                let n = steps[k % steps.count]
                return (level + n, level + n * 0.9, level + n * 0.8)
            }]
        }
        // A slow swing of about as many levels per sample: grain, correlated along the band.
        let grain: [[BorderAppearance.Color?]] = [(0..<40).map { k in
            let v = 30 + 20 * Float(((k / 4) % 2 == 0 ? k % 4 : 4 - k % 4))
            return (v, v * 0.9, v * 0.8)
        }]
        let dark = judge.noiseTolerance(noisy(30), typical: (30, 27, 24))
        #expect(dark > judge.tolerance, "dark \(dark)")
        #expect(dark <= 2 * judge.tolerance)
        #expect(judge.noiseTolerance(noisy(200), typical: (200, 180, 160)) == 0)
        #expect(judge.noiseTolerance(grain, typical: (60, 54, 48)) == 0)
    }
}
