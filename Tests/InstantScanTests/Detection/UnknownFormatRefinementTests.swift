import Testing
@testable import InstantScan

/// A card of no known format is turned upright by its thick border, not by a format: everything
/// refinement reports per side or corner (the card, the window, which edges were measured) must turn
/// with it, or `measuredEdges` names the wrong sides and the measured window another order.
@Suite("Refining a card of no known format")
struct UnknownFormatRefinementTests {
    @Test("card, window and per-side edges share one corner order")
    func oneCornerOrder() throws {
        let scene = DetectionScenes.unknownFormat
        let truth = scene.prints[0]
        let refiner = PrintRefiner(sampler: FullResolutionSampler(try scene.render(), orientation: .up), workingScale: 4)
        // Proposed as the nearest format's reading would be (the window is searched where its
        // template puts it, so only a proposal in the upright order finds all four window sides).
        let refined = refiner.refine(card: truth.corners, window: truth.window, format: .instaxWide)
        #expect(refined.format == nil)
        #expect(PrintDetectorTests.cornerError(refined.card, truth.corners) <= 1.5, "not turned upright")
        let window = try #require(refined.measuredWindow)
        #expect(window == refined.window)
        #expect(PrintDetectorTests.cornerError(window, truth.window) <= 1.5)
        for (i, edge) in refined.cardEdges.enumerated() {
            let side = try #require(edge, "card side \(i) not measured")
            let middle = (refined.card.corners[i] + refined.card.corners[(i + 1) % 4]) * 0.5
            #expect(side.line.distance(middle) <= 1, "card edge \(i) is another side's")
        }
        for (i, edge) in refined.windowEdges.enumerated() {
            let side = try #require(edge, "window side \(i) not measured")
            let middle = (window.corners[i] + window.corners[(i + 1) % 4]) * 0.5
            #expect(side.line.distance(middle) <= 1, "window edge \(i) is another side's")
        }
    }
}
