import Foundation
import Testing
@testable import InstantScan

/// A print with a patterned band whose window refinement could not find: named by the hypothesis's
/// format only when the measured card has that format's shape.
@Suite("Patterned readings without a measured window")
struct PatternedReadingTests {
    private static let scene: SceneMaker = {
        var s = SceneMaker()
        s.prints = [SceneMaker.Print(format: .instaxSquare,
                                     corners: SceneMaker.corners(format: .instaxSquare, center: Point(600, 450), height: 420))]
        return s
    }()
    private static let upright = PixelSize(width: scene.width, height: scene.height)
    private static let patterned = BorderAppearance.Result(plainness: 0.1, consistency: 0.9, cardContrast: 1,
                                                           windowContrast: 1, pattern: 0.8)

    private static func unnamed(_ card: Quad) -> DetectedPrint {
        DetectedPrint(format: nil, card: card, window: nil, confidence: 0.8, touchesImageBorder: false)
    }

    @Test("a card of the hypothesis's shape is named, the template placing its window")
    func named() throws {
        let bench = SelectionBench(scene: Self.scene)
        let card = Self.scene.prints[0].corners
        let h = bench.hypothesis(.instaxSquare, card: card, score: 0.8, border: Self.patterned)
        let print = try #require(PrintDetector.patternedReading(h, Self.unnamed(card), upright: Self.upright))
        #expect(print.format == .instaxSquare)
        #expect(print.window == PrintTemplate(format: .instaxSquare).window(forCard: card))
    }

    @Test("a card of another shape (a tile, a misread side) is no print")
    func otherShape() {
        let bench = SelectionBench(scene: Self.scene)
        let card = Self.scene.prints[0].corners
        let narrow = SceneMaker.corners(aspect: 0.5, center: Point(600, 450), height: 420)
        let h = bench.hypothesis(.instaxSquare, card: card, score: 0.8, border: Self.patterned)
        #expect(PrintDetector.patternedReading(h, Self.unnamed(narrow), upright: Self.upright) == nil)
    }
}
