/// Four supported lines that close into a convex quadrilateral: a candidate card or window.
struct QuadHypothesis: Sendable {
    /// Corners in clockwise order on screen, starting anywhere (which corner is top-left is decided
    /// later, by the template).
    var quad: Quad
    /// Indices of the lines the sides lie on, side `i` running from corner `i` to corner `i + 1`.
    var lines: [Int]
    /// Share of the perimeter that the lines' covered stretches explain.
    var coverage: Double
    /// Perimeter length the covered stretches explain, in working pixels.
    var coveredLength: Double
    /// How closely the corners sit at the ends of the lines' covered stretches, 0...1: a card's edges
    /// stop at its corners, while a quad that mixes one print's edges with its pocket's or a
    /// neighbour's has corners where a stretch runs on or stops short.
    var cornerFit = 1.0
}
