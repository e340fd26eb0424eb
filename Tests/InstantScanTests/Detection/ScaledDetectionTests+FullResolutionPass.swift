import Testing
@testable import InstantScan

/// The full-resolution pass of a scan's scaled detection refines each print as the detector does
/// on a whole decode: prints in album sleeves taken in from their pockets' edges, borders judged
/// patterned as the detector judged them (issue 13: through `scan`, two album prints were left on
/// their pockets' edges that `detect` placed).
extension ScaledDetectionTests {
    /// ``SleevePocketTests/offCentrePockets`` at twice the size (2800 × 2100, each card against its
    /// pocket's left side, a band of page some 60 px wide on its right).
    static var largeOffCentrePockets: SceneMaker {
        var scene = SleevePocketTests.offCentrePockets
        scene.width *= 2
        scene.height *= 2
        scene.prints = scene.prints.map { print in
            var print = print
            print.corners = print.corners.scaled(by: 2)
            return print
        }
        scene.pockets = scene.pockets.map { pocket in
            var pocket = pocket
            pocket.outline = pocket.outline.scaled(by: 2)
            pocket.seamWidth *= 2
            return pocket
        }
        return scene
    }

    /// A detector working on a quarter of the scene's 2800 pixels: the scan detects on a 1/2 decode.
    static var sleeveOptions: ScanOptions {
        var options = ScanOptions()
        options.detection.workingLongSide = 700
        return options
    }

    @Test("prints in sleeves, found through the scaled decode, are placed where the whole decode places them")
    func sleevedPrintsThroughTheScaledDecode() throws {
        let scene = Self.largeOffCentrePockets
        let jpeg = try JPEGEncoder.encode(try scene.render(), quality: 95)
        var timings = StageTimings()
        let locator = PrintLocator(options: Self.sleeveOptions)
        let lean = try locator.locate(jpeg, corners: nil, timings: &timings, onlyThePrint: true) { _, _ in 1 }
        let whole = try locator.locate(jpeg, corners: nil, timings: &timings, onlyThePrint: false) { _, _ in 1 }
        #expect(lean.decoded.band != nil, "found on the scaled decode")
        #expect(whole.decoded.band == nil && whole.decoded.scaleDenominator == 1)
        for truth in scene.prints {
            let print = try #require(PrintDetectorTests.match(truth, in: lean.prints))
            let reference = try #require(PrintDetectorTests.match(truth, in: whole.prints))
            let apart = (0..<4).map { PrintDetectorTests.cornerError(print.card.rotatingOrder(by: $0), reference.card) }.min()!
            #expect(apart <= 1, "scaled and whole-decode cards \(apart) px apart")
            SettingDetectionTests.expectPlaced(print, truth, share: 0.01)
        }
    }

    /// A print the scaled decode left on its pocket's edge (its card's right side the pocket's) is
    /// taken in to the card's own edge by the full-resolution pass, a move of some 60 px, far past
    /// what the scaled decode's own refinement can be off by.
    @Test("a card the scaled decode left on its pocket's edges is taken in to its own")
    func aCardOnItsPocketsEdgesIsTakenIn() throws {
        let scene = Self.largeOffCentrePockets
        let image = try scene.render()
        let scaled = ScaledDetection(detection: Self.sleeveOptions.detection, maximumPixels: .max)
        let refiner = PrintRefiner(sampler: FullResolutionSampler(image, orientation: .up), workingScale: 4)
        let truth = scene.prints[0], pocket = scene.pockets[1].outline
        // The card's right side on the pocket's.
        let wide = Quad(truth.corners.corners[0], pocket.corners[1], pocket.corners[2], truth.corners.corners[3])
        let onPocket = DetectedPrint(format: .instaxWide, card: wide,
                                     window: PrintTemplate(format: .instaxWide).window(forCard: wide),
                                     confidence: 0.9, touchesImageBorder: false)
        let refined = scaled.refine(onPocket, with: refiner, photo: image.size, scale: 2)
        // The right side where the card's is; the whole card as the detector places it (its left
        // side against the pocket's seam comes out a few pixels in).
        let right = [1, 2].map { refined.card.corners[$0].distance(to: truth.corners.corners[$0]) }.max()!
        #expect(right <= 1.5, "right corners off by \(right) px")
        SettingDetectionTests.expectPlaced(refined, truth, share: 0.01)
        // Where the scaled decode had the card, the pass keeps it there.
        let onCard = DetectedPrint(format: .instaxWide, card: truth.corners, window: truth.window,
                                   confidence: 0.9, touchesImageBorder: false)
        let kept = scaled.refine(onCard, with: refiner, photo: image.size, scale: 2)
        SettingDetectionTests.expectPlaced(kept, truth, share: 0.002)
    }

    /// The detector's judgement of a border (patterned or not plain) goes with the print, and the
    /// full-resolution pass refines by it: a top side the scaled decode read on a stripe 4 px inside
    /// the card (within what it can be off by) moves out to the card's edge.
    @Test("a striped print's judgement goes with it, and its side read on a stripe moves out to the card's edge")
    func aStripedBorderIsRefinedAsTheDetectorJudgedIt() throws {
        let striped = PatternedSideTests.stripedCard(), plain = PatternedSideTests.stripedCard(stripes: false)
        let found = try #require(try PrintDetectorTests.detect(striped).first)
        #expect(found.patternedBorder)
        let foundPlain = try #require(try PrintDetectorTests.detect(plain).first)
        #expect(!foundPlain.patternedBorder)

        let truth = striped.prints[0]
        let scaled = ScaledDetection(detection: DetectionOptions(), maximumPixels: .max)
        var onStripe = DetectedPrint(format: .polaroid600, card: PatternedSideTests.topMovedIn(truth.corners, by: 4),
                                     window: truth.window, confidence: 0.9, touchesImageBorder: false)
        onStripe.patternedBorder = true
        let refined = scaled.refine(onStripe, with: try PatternedSideTests.refiner(striped), photo: PixelSize(width: 1200, height: 900), scale: 2)
        let error = PrintDetectorTests.cornerError(refined.card, truth.corners)
        #expect(error <= 1.5, "card corners off by \(error) px")
    }

    /// A move past the scaled decode's tolerance is taken only when it takes sides in: a card grown
    /// out of another reaches outside it by as much, a card shrunk inside it by nothing.
    @Test func howFarACardReachesOutsideAnother() {
        let card = Quad(Point(100, 100), Point(300, 110), Point(290, 260), Point(95, 250))
        #expect(abs(ScaledDetection.reach(of: card, outside: card)) < 1e-9)
        let grown = Quad(Point(100, 100), Point(312, 110), Point(302, 260), Point(95, 250))
        let reach = ScaledDetection.reach(of: grown, outside: card)
        #expect(reach > 11 && reach < 12.5, "reach \(reach)")
        let shrunk = Quad(Point(110, 110), Point(290, 118), Point(280, 250), Point(105, 240))
        #expect(ScaledDetection.reach(of: shrunk, outside: card) < 0)
        // Corner order and winding do not matter.
        let reversed = Quad(grown.corners[3], grown.corners[2], grown.corners[1], grown.corners[0])
        #expect(abs(ScaledDetection.reach(of: reversed, outside: card) - reach) < 1e-9)
    }
}
