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

    /// Nothing but a woven cloth: a band of texture inside the same texture is no print.
    @Test("a patterned cloth alone makes no print")
    func clothAlone() throws {
        var s = SceneMaker()
        s.surface = .cloth
        #expect(try PrintDetectorTests.detect(s).isEmpty)
    }
}
