/// A card found as four lines against a card of another format extrapolated from its window.
///
/// A straight line beside a print (a plank's gap, a table's or a book's edge) parallel to one of its
/// sides a few millimetres off closes, with the card's other three sides, a quad of another format's
/// shape: a Go's card is a Square's 3.5 % longer. Found as four lines it outranks by a hair the
/// card the print's own format extrapolates from its window, which is seen all round too. Only
/// the windows tell them apart: the picture's edge lies where the print's format puts it, and the
/// other format's template places one side of its window millimetres off it.
extension PrintDetector {
    /// The best reading of `h`'s place as another format, its card extrapolated from its window,
    /// both seen on every side, scoring nearly as well as `h`, for `h` a card found as four lines.
    func otherFormatFromWindow(for h: PrintHypothesis, among ranked: [PrintHypothesis]) -> PrintHypothesis? {
        guard h.origin == .card else { return nil }
        return ranked.first { c in
            c.origin == .window && c.format != h.format && c.score >= Self.otherFormatScoreShare * h.score
                && c.cardSupport.allSatisfy { $0 >= Self.otherFormatSideSupport }
                && c.windowSupport.allSatisfy { $0 >= Self.otherFormatSideSupport }
                && ConvexOverlap.iou(c.card, h.card) > Self.samePlace
        }
    }

    /// Share of the four-line card's score the other format's reading must reach: readings that
    /// differ by one side a few millimetres off score alike.
    static let otherFormatScoreShare = 0.95

    /// Support every side of the other format's card and window must have on the working image.
    static let otherFormatSideSupport = 0.9

    /// How much better (a share of the four-line card's) the other format's refined window must fit
    /// its format to name the print: formats whose windows sit alike fit within a fifth of each other,
    /// a window side millimetres off by a large factor.
    static let otherFormatFitShare = 0.5
}
