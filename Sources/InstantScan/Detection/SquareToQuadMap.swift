/// The projective map from the unit square onto a quad, in closed form (Heckbert, "Fundamentals of
/// Texture Mapping and Image Warping", 1989): no linear solve and no allocation, because the template
/// test builds thousands of these.
struct SquareToQuadMap: Sendable {
    private var a, b, c, d, e, f, g, h: Double

    /// Maps (0,0), (1,0), (1,1), (0,1) onto the quad's corners in its order; nil when degenerate.
    init?(_ quad: Quad) {
        let p = quad.corners
        let (x0, y0, x1, y1) = (p[0].x, p[0].y, p[1].x, p[1].y)
        let (x2, y2, x3, y3) = (p[2].x, p[2].y, p[3].x, p[3].y)
        let sx = x0 - x1 + x2 - x3, sy = y0 - y1 + y2 - y3
        let dx1 = x1 - x2, dx2 = x3 - x2, dy1 = y1 - y2, dy2 = y3 - y2
        let den = dx1 * dy2 - dx2 * dy1
        guard abs(den) > 1e-12 else { return nil }
        g = (sx * dy2 - dx2 * sy) / den
        h = (dx1 * sy - sx * dy1) / den
        a = x1 - x0 + g * x1; b = x3 - x0 + h * x3; c = x0
        d = y1 - y0 + g * y1; e = y3 - y0 + h * y3; f = y0
    }

    @inline(__always)
    func apply(_ p: Point) -> Point {
        let w = g * p.x + h * p.y + 1
        return Point((a * p.x + b * p.y + c) / w, (d * p.x + e * p.y + f) / w)
    }

    /// The same map as a ``Homography``.
    var homography: Homography { Homography([a, b, c, d, e, f, g, h, 1]) }
}
