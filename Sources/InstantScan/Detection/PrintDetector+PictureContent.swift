extension PrintDetector {
    /// The print whose picture `h` lies in, when `h` is picture content rather than a print.
    ///
    /// A print's picture can show rectangles with a band round them (a window or a door, a
    /// photo or a poster in the photo, a wall panel) that pass for a card and its window; the
    /// picture's own content can even rank them above the print. A print is never inside another
    /// print's picture, so a hypothesis whose card lies within the window of another that was
    /// found as four lines of its own, nearly as well supported, and whose card covers well under
    /// that window (so that it is not the same rectangle seen as a frame and its print, which
    /// ``nestedPrint(inside:among:)`` follows inward) is that print's picture; the print is the
    /// outer one.
    func enclosingPrint(of h: PrintHypothesis, among ranked: [PrintHypothesis]) -> PrintHypothesis? {
        let floor = max(options.minimumConfidence, 0.9 * h.score)
        return ranked.first { c in
            c.origin == .card && rivalEvidence(c) >= floor && c.cardSupport.allSatisfy { $0 >= 0.5 }
                && h.card.area < 0.5 * c.window.area
                && ConvexOverlap.overlapOfSmaller(c.window, h.card) > 0.95
        }
    }
}
