import Foundation
import Testing
@testable import InstantScan

/// A reading that displaces another of the same place (a rival, the print nested in a frame's window)
/// must stand on its own edge and border evidence, not on the band palette's credit, and must be a
/// print the detector reports: otherwise it takes the right reading down with it.
@Suite("Readings that displace others")
struct DisplacingReadingTests {
    /// A Polaroid 600 on a wall, as the suite's scenes place one.
    private static let scene: SceneMaker = {
        var s = SceneMaker()
        s.surface = .plain(200, 196, 188)
        s.prints = [SceneMaker.Print(format: .polaroid600,
                                     corners: SceneMaker.corners(format: .polaroid600, center: Point(600, 450),
                                                                 height: 400, rotation: 0.12))]
        return s
    }()

    private static let bench = SelectionBench(scene: scene)
    private static var upright: PixelSize { bench.upright }

    private static func hypothesis(_ format: PrintFormat, card: Quad, score: Double,
                                   border: BorderAppearance.Result? = nil) -> PrintHypothesis {
        bench.hypothesis(format, card: card, score: score, border: border)
    }

    /// Selects from `ranked`; `consistent` says which hypotheses refine into a print that hangs together.
    private static func select(_ ranked: [PrintHypothesis],
                               consistent: @escaping (PrintHypothesis) -> Bool) -> [(PrintHypothesis, DetectedPrint)] {
        bench.select(ranked, consistent: consistent)
    }

    /// The print's card, and a rival for it stretched a fifth wider: a 600 of that shape is no 600.
    private static var cards: (right: Quad, stretched: Quad) {
        let right = scene.prints[0].corners
        let centre = right.centroid
        let c = cos(0.12), s = sin(0.12)
        let stretched = Quad(corners: right.corners.map { p in
            let d = p - centre
            let along = d.x * c + d.y * s, across = -d.x * s + d.y * c
            let x = along * 1.2
            return centre + Point(x * c - across * s, x * s + across * c)
        })
        return (right, stretched)
    }

    @Test("a rival the shape rule would drop does not displace the first reading")
    func rivalOffItsShape() throws {
        let floor = DetectionOptions().minimumConfidence
        let (right, stretched) = Self.cards
        #expect(PrintDetector().shapeFactor(of: DetectedPrint(format: .polaroid600, card: stretched, window: right,
                                                              confidence: 1, touchesImageBorder: false),
                                            upright: Self.upright) < 1)
        let first = Self.hypothesis(.polaroid600, card: right, score: 0.9)
        let rival = Self.hypothesis(.polaroid600, card: stretched, score: 0.8 * floor)
        let chosen = Self.select([first, rival]) { $0.card.topLeft != right.topLeft }
        try #require(chosen.count == 1)
        #expect(chosen[0].0.card.topLeft == right.topLeft)
        #expect(chosen[0].0.score == 0.9)
    }

    @Test("a rival that keeps its format's shape still replaces an inconsistent first reading")
    func rivalInShape() throws {
        let (right, _) = Self.cards
        let shifted = Quad(corners: right.corners.map { $0 + Point(3, 2) })
        let first = Self.hypothesis(.polaroid600, card: right, score: 0.9)
        let rival = Self.hypothesis(.polaroid600, card: shifted, score: 0.5)
        let chosen = Self.select([first, rival]) { $0.card.topLeft != right.topLeft }
        try #require(chosen.count == 1)
        #expect(chosen[0].0.card.topLeft == shifted.topLeft)
    }

    /// The 600's square window read as a Spectra's card: a "band" of picture that the palette found
    /// one colour set all round (consistency 0.5 -> 1, a pattern credit), and nothing else supports.
    @Test("a reading the palette alone lifted does not replace the frame it lies in")
    func paletteLiftedNestedReading() throws {
        let print = Self.scene.prints[0]
        let frame = Self.hypothesis(.polaroid600, card: print.corners, score: 0.875)
        var lifted = BorderAppearance.Result(plainness: 0.06, consistency: 1, cardContrast: 1, windowContrast: 1,
                                             pattern: 0.85)
        lifted.withoutPalette = (pattern: 0, consistency: 0.5)
        let score = 0.714
        let inner = Self.hypothesis(.polaroidSpectra, card: print.window, score: score, border: lifted)
        let detector = PrintDetector()
        #expect(detector.rivalEvidence(inner) < 0.25 * score)

        let chosen = Self.select([frame, inner]) { _ in true }
        try #require(chosen.count == 1)
        #expect(chosen[0].0.format == .polaroid600)
        #expect(chosen[0].0.card.topLeft == print.corners.topLeft)

        // The same reading on evidence of its own is the print inside a frame.
        var own = lifted
        own.withoutPalette = nil
        let nested = Self.hypothesis(.polaroidSpectra, card: print.window, score: score, border: own)
        let replaced = Self.select([frame, nested]) { _ in true }
        try #require(replaced.count == 1)
        #expect(replaced[0].0.format == .polaroidSpectra)
    }
}
