/// A 2-D affine map `p ↦ A·p + t`, kept as six plain numbers for the detector's inner loops.
///
/// ``Homography`` stores its entries in an array, which is the right shape for a public type but costs
/// a heap read per entry; the maps between the working image, the upright photo and the stored
/// pixels are affine, and they are applied to every sample of every edge profile.
struct AffineMap: Sendable, Equatable {
    var a, b, c, d, tx, ty: Double

    /// `x' = a·x + b·y + tx`, `y' = c·x + d·y + ty`.
    init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    /// The affine part of a homography whose last row is `0 0 1` (as orientation maps and scalings are).
    init(_ h: Homography) {
        let m = h.normalized().m
        precondition(abs(m[6]) < 1e-12 && abs(m[7]) < 1e-12, "not an affine map")
        self.init(a: m[0], b: m[1], c: m[3], d: m[4], tx: m[2], ty: m[5])
    }

    static let identity = AffineMap(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    @inline(__always)
    func apply(_ p: Point) -> Point {
        Point(a * p.x + b * p.y + tx, c * p.x + d * p.y + ty)
    }

    /// Maps a direction (no translation).
    @inline(__always)
    func applyToVector(_ v: Point) -> Point {
        Point(a * v.x + b * v.y, c * v.x + d * v.y)
    }

    /// `self` after `other`.
    func composed(after other: AffineMap) -> AffineMap {
        AffineMap(a: a * other.a + b * other.c, b: a * other.b + b * other.d,
                  c: c * other.a + d * other.c, d: c * other.b + d * other.d,
                  tx: a * other.tx + b * other.ty + tx, ty: c * other.tx + d * other.ty + ty)
    }

    var inverse: AffineMap {
        let det = a * d - b * c
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return AffineMap(a: ia, b: ib, c: ic, d: id, tx: -(ia * tx + ib * ty), ty: -(ic * tx + id * ty))
    }

    /// How many units of the output one unit of the input becomes (the geometric mean scale).
    var scale: Double { abs(a * d - b * c).squareRoot() }

    var homography: Homography { Homography([a, b, tx, c, d, ty, 0, 0, 1]) }
}
