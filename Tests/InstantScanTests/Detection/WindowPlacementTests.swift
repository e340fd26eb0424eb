import Testing
@testable import InstantScan

/// A print's picture window where the photo shows it: prints of one format place their window a
/// millimetre or so off the format's nominal spot, and a scan cropped to the window (`--crop window`)
/// would otherwise keep a strip of border at one end and cut the picture at the other.
@Suite("Picture window placement")
struct WindowPlacementTests {
    /// A Polaroid 600 whose window sits 1.2 mm lower than nominal, 600 px tall on wood.
    static var lowWindow: SceneMaker {
        var s = SceneMaker()
        s.surface = .wood(angle: 0.4)
        let geometry = (card: (width: 88.0, height: 107.0), window: (x: 4.5, y: 7.2, width: 79.0, height: 79.0))
        s.prints = [.init(format: .polaroid600,
                          corners: SceneMaker.corners(format: .polaroid600, center: DetectionScenes.centre, height: 600, rotation: -0.12),
                          customGeometry: geometry)]
        return s
    }

    @Test("a window 1.2 mm low is reported where it is, not where the template puts it")
    func lowWindowMeasured() throws {
        let scene = Self.lowWindow
        let truth = scene.prints[0]
        let found = try PrintDetectorTests.detect(scene)
        try #require(found.count == 1)
        let print = found[0]
        #expect(print.format == .polaroid600)
        #expect(PrintDetectorTests.cornerError(print.card, truth.corners) <= PrintDetectorTests.tight)
        let template = try #require(PrintTemplate(format: .polaroid600).window(forCard: print.card))
        // The premise: the nominal window is several pixels off this one.
        #expect(PrintDetectorTests.cornerError(template, truth.window) > 4)
        let window = try #require(print.window)
        #expect(PrintDetectorTests.cornerError(window, truth.window) <= PrintDetectorTests.loose)
    }

    @Test("the size and displacement of a window relative to its format's")
    func residual() throws {
        let card = SceneMaker.corners(format: .polaroidGo, center: Point(600, 450), height: 500, rotation: 0.1)
        let map = try #require(Homography.mapping(PrintTemplate.unitCard.corners, to: card.corners))
        let shifted = Quad(corners: PrintFormat.polaroidGo.normalizedWindow.corners.map { map.apply($0 + Point(0.01, 0.02)) })
        let r = try #require(FormatClassifier.windowResidual(window: shifted, card: card, format: .polaroidGo))
        #expect(r.size < 1e-6)
        #expect(abs(r.offset - (0.01 * 0.01 + 0.02 * 0.02).squareRoot()) < 1e-6)
        let other = try #require(FormatClassifier.windowResidual(window: shifted, card: card, format: .instaxSquare))
        #expect(other.size > 0.01)
    }
}
