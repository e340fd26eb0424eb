import Testing
@testable import InstantScan

/// An Instax Square lying just above a straight edge in the background (a plank's gap, a table's
/// edge), parallel to its bottom side a few millimetres away: the card's top and sides with that edge
/// close a quad of a Polaroid Go's shape, found as four lines, while the Square's card extrapolated
/// from its window is seen all round too and scores nearly as well. The Go's template puts the
/// window's bottom where the picture has none; the Square's window sits where its format puts it.
@Suite("A card found as four lines against another format's card from its window")
struct OtherFormatWindowTests {
    private static let width = 1200, height = 900
    private static let square = SceneMaker.corners(format: .instaxSquare, center: Point(600, 430), height: 480,
                                                   rotation: 0.06)

    /// The Square's card with its bottom side moved down to give a Go's shape.
    private static var goCard: Quad {
        let c = square
        let stretch = PrintFormat.instaxSquare.cardAspect / PrintFormat.polaroidGo.cardAspect - 1
        return Quad(c.topLeft, c.topRight, c.bottomRight + (c.bottomRight - c.topRight) * stretch,
                    c.bottomLeft + (c.bottomLeft - c.topLeft) * stretch)
    }

    private static func hypothesis(_ format: PrintFormat, card: Quad, origin: PrintHypothesis.Origin,
                                   score: Double) -> PrintHypothesis {
        let window = PrintTemplate(format: format).window(forCard: card) ?? card
        return PrintHypothesis(format: format, card: card, window: window, origin: origin,
                               cardSupport: [1, 1, 1, 1], windowSupport: [1, 1, 1, 1], border: nil,
                               edgeScore: score, score: score)
    }

    /// Selects between the Go found as four lines (window fit `goFit` once refined) and the Square
    /// from its window (`squareFit`), each refining to its own card.
    private static func select(goFit: Double, squareFit: Double) -> [(PrintHypothesis, DetectedPrint)] {
        let lines = hypothesis(.polaroidGo, card: goCard, origin: .card, score: 0.960)
        let template = hypothesis(.instaxSquare, card: square, origin: .window, score: 0.957)
        return PrintDetector(options: DetectionOptions()).select([lines, template], width: width, height: height,
                                                                 upright: PixelSize(width: width, height: height)) { h in
            let print = DetectedPrint(format: h.format, card: h.card, window: h.window, confidence: h.score,
                                      touchesImageBorder: false)
            return (print, true, h.format == .polaroidGo ? goFit : squareFit)
        }
    }

    @Test("the other format's window, fitting far better, names the print")
    func windowFarBetter() throws {
        // As in a lowlight photo on planks: the Go's window 1.2 % of the card off its place, the
        // Square's 0.02 %.
        let chosen = Self.select(goFit: 0.0124, squareFit: 0.00016)
        try #require(chosen.count == 1)
        #expect(chosen[0].1.format == .instaxSquare)
        #expect(PrintDetectorTests.cornerError(chosen[0].1.card, Self.square) < 1)
    }

    @Test("a window fitting only a little better leaves the card found as four lines")
    func windowAlike() throws {
        // Formats whose windows sit alike fit alike, within the measurement's scatter.
        let chosen = Self.select(goFit: 0.0097, squareFit: 0.0083)
        try #require(chosen.count == 1)
        #expect(chosen[0].1.format == .polaroidGo)
        #expect(PrintDetectorTests.cornerError(chosen[0].1.card, Self.goCard) < 1)
    }
}
