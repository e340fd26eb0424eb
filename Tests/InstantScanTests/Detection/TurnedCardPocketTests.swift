import Testing
@testable import InstantScan

/// A black print turned in its album pocket (issue 13, album pages). A pocket is cut a few
/// millimetres larger than its print, so the card lies in it turned by a degree or two. Read from the
/// pocket's outline, the format places the picture a margin out and square to the pocket, not to the
/// card: the window's side search, which takes only sides parallel to the card it was given, measured
/// none of the picture's edges, and the card was left at the pocket's.
@Suite("A card turned in its pocket")
struct TurnedCardPocketTests {
    /// A black Polaroid 600 on a dark page, in a hazed pocket 6 % larger than its card, turned 1.7°
    /// from the pocket and lying off its centre.
    static var turnedInPocket: SceneMaker {
        var s = SceneMaker()
        s.width = 900
        s.height = 900
        s.surface = .plain(30, 29, 28)
        s.shadow = 0
        s.falloff = 0.05
        let pocket = SceneMaker.corners(aspect: PrintFormat.polaroid600.cardAspect, center: Point(450, 450),
                                        height: 600, rotation: 0.02, tilt: 0.1)
        let card = SceneMaker.corners(format: .polaroid600, center: Point(444, 455), height: 566,
                                      rotation: 0.05, tilt: 0.1)
        s.prints = [SceneMaker.Print(format: .polaroid600, corners: card, cardColor: (40, 38, 37), pictureSeed: 83)]
        s.pockets = [.init(outline: pocket, haze: 0.25, seamWidth: 3)]
        return s
    }

    @Test("read at the pocket's edges: the picture's sides found inside it, turned, and the card moved in to its own")
    func turnedCard() throws {
        let scene = Self.turnedInPocket
        try scene.dumpIfAsked(as: "turned-in-pocket")
        let truth = scene.prints[0]
        let pocket = scene.pockets[0].outline
        let refiner = PrintRefiner(sampler: FullResolutionSampler(try scene.render(), orientation: .up), workingScale: 4)
        // What the detector has for such a print: the pocket as its card, the window read from it.
        let read = try #require(refiner.window(of: pocket, as: .polaroid600))
        #expect(read.measured.filter { $0 }.count < 2, "read from the pocket, the picture's sides are measured")
        var print = DetectedPrint(format: .polaroid600, card: pocket, window: read.window, confidence: 0.7,
                                  touchesImageBorder: false)
        print.measuredWindowEdges = read.measured
        #expect(PrintDetectorTests.diagonalShare(of: print, from: truth) > 0.02, "the pocket is a margin off")

        let moved = try #require(refiner.cardInPocket(print, as: .polaroid600), "the card is left at the pocket's edges")
        SettingDetectionTests.expectPlaced(moved, truth, share: 0.005)
        let window = try #require(moved.window)
        let windowError = PrintDetectorTests.cornerError(window, truth.window)
        #expect(windowError <= 0.005 * truth.corners.topLeft.distance(to: truth.corners.bottomRight),
                "window off by \(windowError) px")
    }
}
