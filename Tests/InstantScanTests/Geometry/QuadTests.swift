import Testing
@testable import InstantScan

@Suite struct QuadTests {
    @Test func convexityAndArea() {
        let q = Quad(Point(0, 0), Point(10, 0), Point(10, 5), Point(0, 5))
        #expect(q.isConvex)
        #expect(q.area == 50)
        #expect(q.signedArea > 0, "TL, TR, BR, BL runs clockwise on screen")
        let bowTie = Quad(Point(0, 0), Point(10, 5), Point(10, 0), Point(0, 5))
        #expect(!bowTie.isConvex)
        let dart = Quad(Point(0, 0), Point(10, 0), Point(3, 3), Point(0, 10))
        #expect(!dart.isConvex)
    }

    @Test func rotatingOrderMovesTheTopLeft() {
        let q = Quad(Point(0, 0), Point(1, 0), Point(1, 1), Point(0, 1))
        #expect(q.rotatingOrder(by: 1).topLeft == Point(1, 0))
        #expect(q.rotatingOrder(by: -1).topLeft == Point(0, 1))
        #expect(q.rotatingOrder(by: 4) == q)
    }

    @Test func formatTemplatesMatchTheirPublishedSizes() {
        for format in PrintFormat.allCases {
            let w = format.normalizedWindow
            #expect(w.topLeft.x > 0 && w.bottomRight.x < 1 && w.topLeft.y > 0 && w.bottomRight.y < 1)
            // The thick border is at the bottom: more frame below the picture than above it.
            #expect(1 - w.bottomRight.y > w.topLeft.y, "\(format)")
            #expect(PrintFormat.nearest(toCardAspect: format.cardAspect) == format)
        }
        // Image/Spectra's card is within 3% of square; a 3:2 card is no format's.
        #expect(PrintFormat.nearest(toCardAspect: 1.0) == .polaroidSpectra)
        #expect(PrintFormat.nearest(toCardAspect: 1.5) == nil)
    }
}
