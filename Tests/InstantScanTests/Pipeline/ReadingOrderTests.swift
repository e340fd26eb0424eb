import Testing
@testable import InstantScan

@Suite struct ReadingOrderTests {
    func print(x: Double, y: Double, w: Double = 100, h: Double = 120) -> DetectedPrint {
        DetectedPrint(format: nil, card: Quad(Point(x, y), Point(x + w, y), Point(x + w, y + h), Point(x, y + h)),
                      window: nil, confidence: 1, touchesImageBorder: false)
    }

    @Test func rowsTopToBottomEachLeftToRight() {
        // Two rows; the right print of the top row sits a little higher than the left one.
        let a = print(x: 0, y: 20), b = print(x: 300, y: 0), c = print(x: 150, y: 400), d = print(x: 10, y: 420)
        let order = ReadingOrder.sorted([c, b, d, a]).map(\.card.topLeft)
        #expect(order == [a, b, d, c].map(\.card.topLeft))
    }
}
