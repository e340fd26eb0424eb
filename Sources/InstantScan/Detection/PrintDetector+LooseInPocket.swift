extension PrintDetector {
    /// Whether `inner` lies loose inside `outer`, as a print in an album pocket or a mount does, rather
    /// than being `outer`'s own picture with some of its borders.
    ///
    /// A print's picture with the borders on two or three of its sides makes a quad of a card's
    /// proportions too, and its "window" may find edges in the picture: read that way, the print looks
    /// like a pocket around a smaller print. But such a quad has two of the card's corners, while a
    /// print in a pocket lies loose in it: slid into a corner of the pocket at most.
    static func liesLoose(_ inner: Quad, in outer: Quad) -> Bool {
        let tolerance = 0.01 * min(outer.meanWidth, outer.meanHeight) + 0.5
        let shared = inner.corners.filter { p in outer.corners.contains { $0.distance(to: p) <= tolerance } }
        return shared.count < 2
    }
}
