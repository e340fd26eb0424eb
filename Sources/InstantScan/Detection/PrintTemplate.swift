/// A format's card and picture window as one rigid drawing: the unit card `[0,1]²` with the window
/// where the format puts it.
///
/// One homography carries the whole drawing into the photo, so a card quad predicts its window and a
/// window quad predicts its card. Both edges of the nested pair are then evidence for the same print:
/// the picture/border edge is usually the strongest in the scene (which is why contour-following
/// scanners grab the window), and the template turns that strength into support for the card.
struct PrintTemplate: Sendable {
    let format: PrintFormat

    /// Unit card corners TL, TR, BR, BL.
    static let unitCard = Quad(Point(0, 0), Point(1, 0), Point(1, 1), Point(0, 1))

    /// The window in unit-card coordinates.
    var window: Quad { format.normalizedWindow }

    /// The homography from the unit card to a card quad given in TL, TR, BR, BL order.
    static func cardHomography(_ card: Quad) -> Homography? {
        Homography.mapping(unitCard.corners, to: card.corners)
    }

    /// The window a card quad (TL, TR, BR, BL) implies.
    func window(forCard card: Quad) -> Quad? {
        guard let h = PrintTemplate.cardHomography(card) else { return nil }
        return window.mapped(h.apply)
    }

    /// The card a window quad (TL, TR, BR, BL) implies.
    func card(forWindow windowQuad: Quad) -> Quad? {
        guard let h = Homography.mapping(window.corners, to: windowQuad.corners) else { return nil }
        return PrintTemplate.unitCard.mapped(h.apply)
    }

    /// The card that best explains both a measured card and a measured window: a least-squares
    /// homography from the eight template points to the eight measured ones.
    func jointCard(card: Quad, window measured: Quad) -> (card: Quad, window: Quad)? {
        let src = PrintTemplate.unitCard.corners + window.corners
        let dst = card.corners + measured.corners
        guard let h = LeastSquaresHomography.fit(from: src, to: dst) else { return nil }
        return (PrintTemplate.unitCard.mapped(h.apply), window.mapped(h.apply))
    }
}
