import Testing
@testable import InstantScan

/// Patterned and decorated frames: a print is a border band of its format's proportions around a
/// picture, whatever the band's colour or texture. The pattern's own edges must neither hide the
/// card's outline nor make the band look like texture the card was cut from.
@Suite("Patterned frames")
struct PatternedFrameDetectionTests {
    static func scene(surface: SceneMaker.Surface, format: PrintFormat, rotation: Double,
                      card: (Double, Double, Double), stripes: (Double, Double, Double)? = nil,
                      dots: (Double, Double, Double)? = nil) -> SceneMaker {
        var s = SceneMaker()
        s.surface = surface
        var print = SceneMaker.Print(format: format, corners: DetectionScenes.corners(format, rotation: rotation),
                                     cardColor: card)
        print.stripeColor = stripes
        print.dotColor = dots
        s.prints = [print]
        return s
    }

    /// Pink and grey stripes (a Polaroid colour edition's kind) on wood, whose grain runs with them.
    @Test("a striped frame on wood is found at its card's edge")
    func stripesOnWood() throws {
        let scene = Self.scene(surface: .wood(angle: 0.7), format: .polaroid600, rotation: 0.09,
                               card: (170, 170, 178), stripes: (220, 60, 170))
        let found = try PrintDetectorTests.detect(scene)
        #expect(found.count == 1)
        let print = try #require(PrintDetectorTests.match(scene.prints[0], in: found))
        SettingDetectionTests.expectPlaced(print, scene.prints[0], share: 0.005)
    }

    /// Large dots on a pink band (an Instax decorated frame), on a dark surface.
    @Test("a dotted frame on a dark surface is found at its card's edge")
    func dotsOnDark() throws {
        let scene = Self.scene(surface: .dark, format: .instaxSquare, rotation: -0.14,
                               card: (235, 190, 205), dots: (60, 50, 120))
        let found = try PrintDetectorTests.detect(scene)
        #expect(found.count == 1)
        let print = try #require(PrintDetectorTests.match(scene.prints[0], in: found))
        SettingDetectionTests.expectPlaced(print, scene.prints[0], share: 0.005)
    }

    /// Large dots of one colour round the sides and top and of another on the thick bottom band: the
    /// sides' typical colours differ, but they share the band's palette (its pink base) and it stops at
    /// the card's edge.
    @Test("a frame decorated differently on each side is found at its card's edge")
    func dotsDifferingBySide() throws {
        var scene = Self.scene(surface: .plain(120, 85, 60), format: .polaroid600, rotation: 0.21,
                               card: (235, 195, 200), dots: (70, 50, 120))
        scene.prints[0].bottomDotColor = (150, 190, 60)
        scene.prints[0].dotDiameter = 8
        let found = try PrintDetectorTests.detect(scene)
        #expect(found.count == 1)
        let print = try #require(PrintDetectorTests.match(scene.prints[0], in: found))
        SettingDetectionTests.expectPlaced(print, scene.prints[0], share: 0.005)
    }

    /// The band's palette: sides sharing a base colour agree though their motifs differ; a "band" of
    /// card on two sides and table on the others does not; a band whose colours continue beyond the
    /// card does not stop there.
    @Test("a band is judged by its palette")
    func palette() {
        let pink: BandPalette.Color = (230, 190, 195), purple: BandPalette.Color = (70, 50, 120)
        let green: BandPalette.Color = (150, 190, 60), wood: BandPalette.Color = (120, 80, 50)
        func side(_ colours: [(BandPalette.Color, Int)]) -> [BandPalette.Color] {
            colours.flatMap { c, n in (0..<n).map { k in (c.0 + Float(k % 5), c.1 - Float(k % 3), c.2) } }
        }
        let dotted = [side([(pink, 60), (purple, 40)]), side([(pink, 50), (green, 50)]),
                      side([(pink, 70), (purple, 30)]), side([(pink, 55), (purple, 20), (green, 25)])]
        let surface = Array(repeating: side([(wood, 60)]), count: 4)
        let judged = BandPalette().judge(band: dotted, outside: surface)
        #expect(judged.agreement == 1)
        #expect(judged.credit > 0)
        #expect(judged.stops == 1)

        let mixed = [side([(pink, 100)]), side([(wood, 100)]), side([(pink, 100)]), side([(wood, 100)])]
        #expect(BandPalette().judge(band: mixed, outside: surface).agreement == 0)

        let samePink = Array(repeating: side([(pink, 60)]), count: 4)
        let unstopped = BandPalette().judge(band: dotted, outside: samePink)
        #expect(unstopped.credit == 0)
        #expect(unstopped.stops == 0)
    }

    /// Nothing but a woven cloth: a band of texture inside the same texture is no print.
    @Test("a patterned cloth alone makes no print")
    func clothAlone() throws {
        var s = SceneMaker()
        s.surface = .cloth
        #expect(try PrintDetectorTests.detect(s).isEmpty)
    }
}
