/// Recovers the true width-to-height ratio of a rectangle from its perspective image.
///
/// Side lengths in the photo lie when the print is tilted: a card leaning back 40° looks a quarter
/// shorter than it is. Following Zhang and He ("Whiteboard scanning and image enhancement", 2007), the
/// two vanishing points of the quad fix the camera's focal length (square pixels, principal point at
/// the image centre), and with it the metric rectification of the plane. When a pair of sides is
/// parallel in the image the focal length is undetermined, and so, to first order, irrelevant: a
/// typical phone focal length is used instead.
struct RectangleAspectEstimator: Sendable {
    /// The principal point (the image centre) in the quad's coordinates.
    var principalPoint: Point
    /// The focal length to fall back on, in the same pixels (a phone's main camera sees about 65° across
    /// the long side: f ≈ 0.8 × long side).
    var fallbackFocalLength: Double

    init(imageWidth: Int, imageHeight: Int) {
        principalPoint = Point(Double(imageWidth - 1) / 2, Double(imageHeight - 1) / 2)
        fallbackFocalLength = 0.8 * Double(max(imageWidth, imageHeight))
    }

    /// Width over height of the rectangle imaged as `quad` (TL, TR, BR, BL), and the focal length used.
    func aspect(of quad: Quad) -> (aspect: Double, focalLength: Double) {
        let c = principalPoint
        func h(_ p: Point) -> (Double, Double, Double) { (p.x - c.x, p.y - c.y, 1) }
        func cross(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> (Double, Double, Double) {
            (a.1 * b.2 - a.2 * b.1, a.2 * b.0 - a.0 * b.2, a.0 * b.1 - a.1 * b.0)
        }
        func dot(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> Double {
            a.0 * b.0 + a.1 * b.1 + a.2 * b.2
        }
        // Zhang–He name the corners m1 = (0,0), m2 = (w,0), m3 = (0,h), m4 = (w,h).
        let m1 = h(quad.topLeft), m2 = h(quad.topRight), m3 = h(quad.bottomLeft), m4 = h(quad.bottomRight)
        let k2 = dot(cross(m1, m4), m3) / dot(cross(m2, m4), m3)
        let k3 = dot(cross(m1, m4), m2) / dot(cross(m3, m4), m2)
        let n2 = (k2 * m2.0 - m1.0, k2 * m2.1 - m1.1, k2 * m2.2 - m1.2)
        let n3 = (k3 * m3.0 - m1.0, k3 * m3.1 - m1.1, k3 * m3.2 - m1.2)
        var f = fallbackFocalLength
        let scale = max(abs(n2.0), abs(n2.1), abs(n3.0), abs(n3.1), 1e-12)
        // n·3 are the projective parts; relative to the affine parts they say how strong perspective is.
        if abs(n2.2 * n3.2) * fallbackFocalLength * fallbackFocalLength > 1e-3 * scale * scale {
            let f2 = -(n2.0 * n3.0 + n2.1 * n3.1) / (n2.2 * n3.2)
            if f2 > 0 {
                let candidate = f2.squareRoot()
                if candidate > 0.25 * fallbackFocalLength && candidate < 5 * fallbackFocalLength { f = candidate }
            }
        }
        let f2 = f * f
        let num = n2.0 * n2.0 + n2.1 * n2.1 + f2 * n2.2 * n2.2
        let den = n3.0 * n3.0 + n3.1 * n3.1 + f2 * n3.2 * n3.2
        guard num > 0, den > 0, num.isFinite, den.isFinite else {
            return (quad.meanWidth / max(quad.meanHeight, 1e-9), f)
        }
        return ((num / den).squareRoot(), f)
    }
}
