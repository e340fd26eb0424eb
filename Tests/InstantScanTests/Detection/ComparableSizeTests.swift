import Testing
@testable import InstantScan

/// Prints photographed together are seen at comparable sizes: an uncertain "print" far smaller
/// than a sure one is background detail.
@Suite("Comparable sizes")
struct ComparableSizeTests {
    static func print(side: Double, at x: Double, confidence: Double) -> DetectedPrint {
        var p = DetectedPrint(format: .instaxMini,
                              card: Quad(Point(x, 100), Point(x + side, 100), Point(x + side, 100 + 1.6 * side),
                                         Point(x, 100 + 1.6 * side)),
                              window: nil, confidence: confidence, touchesImageBorder: false)
        p.isUncertain = ReviewThreshold.needsReview(confidence)
        return p
    }

    @Test("a small uncertain print beside a large sure one is dropped")
    func smallUncertainDropped() {
        let kept = PrintDetector.droppingBackgroundDetail([Self.print(side: 800, at: 0, confidence: 0.99),
                                                           Self.print(side: 90, at: 1000, confidence: 0.64)])
        #expect(kept.count == 1)
        #expect(kept[0].confidence == 0.99)
    }

    @Test("a small sure print, or an uncertain one of comparable size, is kept")
    func othersKept() {
        let prints = [Self.print(side: 800, at: 0, confidence: 0.99), Self.print(side: 90, at: 1000, confidence: 0.9),
                      Self.print(side: 300, at: 1200, confidence: 0.6)]
        #expect(PrintDetector.droppingBackgroundDetail(prints).count == 3)
    }

    @Test("with no sure print, nothing is judged by size")
    func noSurePrint() {
        let prints = [Self.print(side: 800, at: 0, confidence: 0.7), Self.print(side: 90, at: 1000, confidence: 0.6)]
        #expect(PrintDetector.droppingBackgroundDetail(prints).count == 2)
    }
}
