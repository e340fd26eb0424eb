import Testing
@testable import InstantScan

/// A card's picture with three of its borders is not a print in a pocket; a print in a pocket is.
@Suite("Nested prints lie loose")
struct LooseInPocketTests {
    /// A Polaroid 600 card, 88 × 107 mm at 4 px/mm, turned and foreshortened a little.
    private let card = Quad(Point(100, 80), Point(452, 60), Point(470, 488), Point(90, 500))

    /// The point at (u, v) of `quad`, in its own unit square.
    private func at(_ quad: Quad, _ u: Double, _ v: Double) -> Point {
        let top = quad.topLeft + (quad.topRight - quad.topLeft) * u
        let bottom = quad.bottomLeft + (quad.bottomRight - quad.bottomLeft) * u
        return top + (bottom - top) * v
    }

    @Test("the picture with its top, side and bottom borders shares two of the card's corners")
    func pictureWithBorders() {
        // The card cut at the picture's far edge (the thick border's line): a quad of a card's
        // proportions whose own "window" may find edges in the picture.
        let cut = 85.0 / 107.0
        let inner = Quad(card.topLeft, card.topRight, at(card, 1, cut), at(card, 0, cut))
        #expect(!PrintDetector.liesLoose(inner, in: card))
        // Its far side tilted a little, as a picture edge read from the picture's content is.
        let tilted = Quad(card.topLeft, card.topRight, at(card, 1, cut - 0.04), at(card, 0, cut))
        #expect(!PrintDetector.liesLoose(tilted, in: card))
    }

    @Test("a print in a pocket, centred or slid into a corner, lies loose")
    func printInPocket() {
        let centred = Quad(at(card, 0.04, 0.03), at(card, 0.96, 0.03), at(card, 0.96, 0.97), at(card, 0.04, 0.97))
        #expect(PrintDetector.liesLoose(centred, in: card))
        let cornered = Quad(card.topLeft, at(card, 0.93, 0), at(card, 0.93, 0.95), at(card, 0, 0.95))
        #expect(PrintDetector.liesLoose(cornered, in: card))
    }
}
