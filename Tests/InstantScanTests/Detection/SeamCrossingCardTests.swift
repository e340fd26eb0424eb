import Foundation
import Testing
@testable import InstantScan

/// On an album page the working image's lines can close a quad across a pocket's seam: a print's
/// top, bottom and left edges and, on the right, the next pocket's print. That quad, found as four
/// lines, competes with the card the template extrapolated from the print's window, and its window
/// (the print's own) fits as well. Its card is far off the format's shape; the template's is not.
@Suite("A measured card across a pocket's seam")
struct SeamCrossingCardTests {
    /// An Instax Square on a page, as the suite's scenes place one.
    private static let scene: SceneMaker = {
        var s = SceneMaker()
        s.surface = .plain(40, 36, 32)
        s.prints = [SceneMaker.Print(format: .instaxSquare,
                                     corners: SceneMaker.corners(format: .instaxSquare, center: Point(520, 450),
                                                                 height: 560, rotation: 0.04))]
        return s
    }()

    private static var card: Quad { scene.prints[0].corners }

    /// The card with its right side moved out by `share` of its width, parallel.
    private static func widened(_ share: Double) -> Quad {
        let c = card
        return Quad(c.topLeft, c.topRight + (c.topRight - c.topLeft) * share,
                    c.bottomRight + (c.bottomRight - c.bottomLeft) * share, c.bottomLeft)
    }

    private static func hypothesis(card: Quad, origin: PrintHypothesis.Origin, score: Double) -> PrintHypothesis {
        PrintHypothesis(format: .instaxSquare, card: card, window: scene.prints[0].window, origin: origin,
                        cardSupport: [1, 1, 1, 1], windowSupport: [1, 1, 1, 1], border: nil,
                        edgeScore: score, score: score)
    }

    /// Selects between the template's card (refining to the print's card, window fit `templateFit`)
    /// and a measured card `measured` (refining to itself, window fit 0: the better fit).
    private static func select(measured: Quad, templateFit: Double = 0.01) -> [(PrintHypothesis, DetectedPrint)] {
        let template = hypothesis(card: card, origin: .window, score: 0.925)
        let lines = hypothesis(card: measured, origin: .card, score: 0.905)
        return PrintDetector(options: DetectionOptions()).select([template, lines], width: scene.width, height: scene.height,
                                                                 upright: PixelSize(width: scene.width, height: scene.height)) { h in
            let refined = h.origin == .window ? card : h.card
            let print = DetectedPrint(format: h.format, card: refined, window: h.window, confidence: h.score,
                                      touchesImageBorder: false)
            return (print, true, h.origin == .window ? templateFit : 0)
        }
    }

    @Test("a measured card a fifth too wide does not displace the template's card of the format's shape")
    func acrossTheSeam() throws {
        let chosen = Self.select(measured: Self.widened(0.2))
        try #require(chosen.count == 1)
        #expect(PrintDetectorTests.cornerError(chosen[0].1.card, Self.card) < 1)
    }

    @Test("a measured card of the format's shape still wins on its window's fit")
    func measuredOfTheShape() throws {
        // A trimmed card or a border off nominal: its own edges 2 % out, its window fitting better.
        let chosen = Self.select(measured: Self.widened(0.02))
        try #require(chosen.count == 1)
        #expect(PrintDetectorTests.cornerError(chosen[0].1.card, Self.widened(0.02)) < 1)
    }
}
