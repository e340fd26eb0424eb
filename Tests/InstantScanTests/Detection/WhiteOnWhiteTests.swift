import Testing
@testable import InstantScan

/// A white print on white paper (a desk pad, a bedsheet, a sketchbook): on the sides its shadow does
/// not reach, the border matches the paper's colour to a level or two, and only the change from the
/// paper's fibres to the border's smooth coating marks the card's edge.
@Suite("A white print on white paper")
struct WhiteOnWhiteTests {
    static let paperColor = (236.0, 235.0, 230.0)
    static let card = SceneMaker.corners(format: .polaroid600, center: Point(450, 350), height: 420, rotation: 0.1)

    /// The print lying flat on `surface`, its border the paper's own colour, under soft light: its
    /// faint contact shadow falls to the lower right, and beside its top and left sides it darkens the
    /// paper by less than a colour step the border test counts.
    static func scene(on surface: SceneMaker.Surface, print: Bool = true) -> SceneMaker {
        var s = SceneMaker()
        s.shadow = 0.03
        // A phone photo downsampled to the working size: its noise averaged over several pixels.
        s.noise = 0.6
        s.width = 900
        s.height = 700
        s.surface = surface
        s.cast = (1, 1, 1)
        if print {
            s.prints = [SceneMaker.Print(format: .polaroid600, corners: card, cardColor: paperColor, pictureSeed: 23)]
        }
        return s
    }

    static let paper = SceneMaker.Surface.paper(paperColor.0, paperColor.1, paperColor.2, grain: 0.02)

    @Test("the paper's texture stops at the card's edge where its colour does not change")
    func textureStepCountsAsEdge() throws {
        let onPaper = try BorderSheenTests.appearance(Self.scene(on: Self.paper), card: Self.card)
        // Four sides differ from the paper beside them: two by the shadow, two by texture alone.
        #expect(onPaper.cardContrast >= 0.74, "\(onPaper)")
        // The same quad drawn on the bare paper: the same fibres on both sides of its "edges".
        let bare = try BorderSheenTests.appearance(Self.scene(on: Self.paper, print: false), card: Self.card)
        #expect(bare.cardContrast < 0.49, "\(bare)")
        // On a smooth surface of the border's own colour the lit sides show no change at all, and
        // nothing stands in for one.
        let plain = SceneMaker.Surface.plain(Self.paperColor.0, Self.paperColor.1, Self.paperColor.2)
        let onPlain = try BorderSheenTests.appearance(Self.scene(on: plain), card: Self.card)
        #expect(onPlain.cardContrast < 0.74, "\(onPlain)")
    }

    /// A smaller print on the paper, as from farther away: its lit sides, a couple of working pixels
    /// of fibres against a smooth border, hardly support an edge at all.
    static func smallPrint(on surface: SceneMaker.Surface, print: Bool = true) -> (SceneMaker, card: Quad) {
        var s = scene(on: surface, print: false)
        // Softer light still: the shadow a faint rim on two sides.
        s.shadow = 0.02
        let card = SceneMaker.corners(format: .polaroid600, center: Point(450, 350), height: 150, rotation: 0.1)
        if print {
            s.prints = [SceneMaker.Print(format: .polaroid600, corners: card, cardColor: paperColor, pictureSeed: 23)]
        }
        return (s, card)
    }

    /// The hypotheses the scorer makes of the print's window quad, as the quad search would hand it.
    static func fromWindow(_ scene: SceneMaker, card: Quad) throws -> [PrintHypothesis] {
        let work = BoxDownsampler.workingImage(try scene.render(), orientation: .up, maximumLongSide: 1280)
        let toWork = work.toUpright.inverse
        let window = try #require(PrintTemplate(format: .polaroid600).window(forCard: card)).mapped(toWork.apply)
        let gradient = ColorGradient(work)
        let scorer = PrintHypothesisScorer(evidence: EdgeEvidence(gradient: gradient, blind: work.clippedMask()),
                                           border: BorderAppearance(image: work),
                                           imageSize: PixelSize(width: work.width, height: work.height))
        let quad = QuadHypothesis(quad: window, lines: [0, 1, 2, 3], coverage: 1, coveredLength: 4 * (window.meanWidth + window.meanHeight) / 2)
        return scorer.hypotheses(from: quad, floor: DetectionOptions().minimumConfidence)
    }

    @Test("around a window seen all round, card sides marked only by the paper's texture count as seen")
    func textureStepSidesCount() throws {
        let (scene, card) = Self.smallPrint(on: Self.paper)
        let readings = try Self.fromWindow(scene, card: card).filter { $0.origin == .window && $0.format == .polaroid600 }
        let best = try #require(readings.max { $0.edgeScore < $1.edgeScore }, "no reading of the window as a 600's")
        // The shadowless sides hardly support an edge: counted by edges alone, the card would show
        // two sides of four and the reading would fall below the floor.
        #expect(best.cardSupport.count { $0 >= 0 && $0 < 0.3 } >= 1, "\(best.cardSupport)")
        #expect(best.edgeScore >= DetectionOptions().minimumConfidence)
        // The same window drawn on a smooth surface of the border's colour has no texture step to
        // stand in for the missing edges.
        let plain = SceneMaker.Surface.plain(Self.paperColor.0, Self.paperColor.1, Self.paperColor.2)
        let (onPlain, _) = Self.smallPrint(on: plain)
        let plainReadings = try Self.fromWindow(onPlain, card: card).filter { $0.origin == .window && $0.format == .polaroid600 }
        for r in plainReadings {
            #expect(r.cardSupport.count { $0 >= 0.3 } >= 3, "a 600 read with \(r.cardSupport) on a smooth surface")
        }
    }

    @Test("a white print on white paper is found, at its edges and in its format")
    func whitePrintOnPaperIsFound() throws {
        let scene = Self.scene(on: Self.paper)
        try scene.dumpIfAsked(as: "white-on-paper")
        let found = try PrintDetectorTests.detect(scene)
        #expect(found.count == 1)
        let print = try #require(PrintDetectorTests.match(scene.prints[0], in: found))
        #expect(print.format == .polaroid600)
        #expect(PrintDetectorTests.diagonalShare(of: print, from: scene.prints[0]) < 0.01)
    }
}
