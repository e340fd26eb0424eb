/// A format's card and picture window as one rigid drawing: the unit card `[0,1]²` with the window
/// where the format puts it.
///
/// One homography carries the whole drawing into the photo, so a card quad predicts its window and a
/// window quad predicts its card. Both edges of the nested pair are then evidence for the same print:
/// the picture/border edge is usually the strongest in the scene (which is why contour-following
/// scanners grab the window), and the template turns that strength into support for the card.
struct PrintTemplate: Sendable {
    let format: PrintFormat
    /// The window in unit-card coordinates.
    let window: Quad

    init(format: PrintFormat) {
        self.format = format
        window = format.normalizedWindow
    }

    /// Unit card corners TL, TR, BR, BL.
    static let unitCard = Quad(Point(0, 0), Point(1, 0), Point(1, 1), Point(0, 1))

    /// The window a card quad (TL, TR, BR, BL) implies.
    func window(forCard card: Quad) -> Quad? {
        guard let h = SquareToQuadMap(card) else { return nil }
        return window.mapped(h.apply)
    }

    /// The card a window quad (TL, TR, BR, BL) implies.
    func card(forWindow windowQuad: Quad) -> Quad? {
        guard let h = SquareToQuadMap(windowQuad) else { return nil }
        // Unit-card coordinates → unit-window coordinates, then onto the quad.
        let x0 = window.topLeft.x, y0 = window.topLeft.y
        let sx = 1 / (window.bottomRight.x - x0), sy = 1 / (window.bottomRight.y - y0)
        return PrintTemplate.unitCard.mapped { h.apply(Point(($0.x - x0) * sx, ($0.y - y0) * sy)) }
    }

    /// The card and window that best explain a measured card and a measured window together: one
    /// least-squares homography from the eight template points to the eight measured ones.
    func jointFit(card: Quad, window measured: Quad, windowWeight: Double = 1) -> (card: Quad, window: Quad)? {
        let src = PrintTemplate.unitCard.corners + window.corners
        let dst = card.corners + measured.corners
        let weights = [Double](repeating: 1, count: 4) + [Double](repeating: windowWeight, count: 4)
        guard let h = LeastSquaresHomography.fit(from: src, to: dst, weights: weights) else { return nil }
        return (PrintTemplate.unitCard.mapped(h.apply), window.mapped(h.apply))
    }
}
