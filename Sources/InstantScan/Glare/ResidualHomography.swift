/// The residual map between two rectified shots of a print, as a registration parameterises it: a
/// homography near the identity in coordinates centred on the card and scaled by half its long
/// side, so that one set of parameters holds at every pyramid level and the eight of them are of
/// comparable size (a translation, the linear part, and the two perspective terms).
///
/// It is a homography, not an affine map, because that is what detection leaves: each shot is
/// rectified from four corners that are each a pixel or two off, in different directions, and
/// the map between two such rectifications is projective. With corners 2.5 px off, the middle of
/// the card moves by a pixel more than the mean of its corners — more than an affine fit, which
/// must split the difference over the card, can take up.
struct ResidualHomography: Sendable {
    /// (x', y', w) = ((1 + a0)·x + a1·y + a2, a3·x + (1 + a4)·y + a5, a6·x + a7·y + 1), in the
    /// normalised coordinates.
    var a = [Double](repeating: 0, count: 8)
    /// The full-resolution card's centre (pixel centres at whole numbers) and half its long side.
    let centreX: Double, centreY: Double, scale: Double

    init(width: Int, height: Int) {
        centreX = Double(width - 1) / 2
        centreY = Double(height - 1) / 2
        scale = Double(max(width, height)) / 2
    }

    /// Normalised coordinates of pixel (x, y) of the pyramid level that halves `factor` times
    /// over (its pixel covers `factor`² full-resolution pixels).
    @inline(__always)
    func normalised(_ x: Double, _ y: Double, factor: Double) -> (Double, Double) {
        let offset = (factor - 1) / 2
        return ((factor * x + offset - centreX) / scale, (factor * y + offset - centreY) / scale)
    }

    /// Where the level's pixel at normalised (xn, yn) lands in the moving shot, in that level's
    /// pixels, with the derivatives of that point in the eight parameters (x then y).
    @inline(__always)
    func mapped(_ xn: Double, _ yn: Double, factor: Double,
                jacobian: inout (x: [Double], y: [Double])) -> (Double, Double) {
        let X = (1 + a[0]) * xn + a[1] * yn + a[2], Y = a[3] * xn + (1 + a[4]) * yn + a[5]
        let w = a[6] * xn + a[7] * yn + 1
        let k = scale / factor, iw = 1 / w
        let offset = (factor - 1) / 2
        let qx = (centreX + scale * X * iw - offset) / factor, qy = (centreY + scale * Y * iw - offset) / factor
        let kx = k * iw
        jacobian.x[0] = kx * xn; jacobian.x[1] = kx * yn; jacobian.x[2] = kx
        jacobian.x[3] = 0; jacobian.x[4] = 0; jacobian.x[5] = 0
        jacobian.x[6] = -kx * X * iw * xn; jacobian.x[7] = -kx * X * iw * yn
        jacobian.y[0] = 0; jacobian.y[1] = 0; jacobian.y[2] = 0
        jacobian.y[3] = kx * xn; jacobian.y[4] = kx * yn; jacobian.y[5] = kx
        jacobian.y[6] = -kx * Y * iw * xn; jacobian.y[7] = -kx * Y * iw * yn
        return (qx, qy)
    }

    /// The map on full-resolution pixels: reference pixel to moving-shot pixel.
    var homography: Homography {
        let toNormal = Homography([1 / scale, 0, -centreX / scale, 0, 1 / scale, -centreY / scale, 0, 0, 1])
        let fromNormal = Homography([scale, 0, centreX, 0, scale, centreY, 0, 0, 1])
        let h = Homography([1 + a[0], a[1], a[2], a[3], 1 + a[4], a[5], a[6], a[7], 1])
        return fromNormal.composed(after: h.composed(after: toNormal))
    }

    /// How far, in full-resolution pixels, the card's corners move between this map and `other`:
    /// the convergence test, in the unit that matters.
    func largestMove(to other: ResidualHomography) -> Double {
        let (h0, h1) = (homography, other.homography)
        var largest = 0.0
        for (x, y) in [(0.0, 0.0), (2 * centreX, 0), (0, 2 * centreY), (2 * centreX, 2 * centreY)] {
            let p = h0.apply(Point(x, y)), q = h1.apply(Point(x, y))
            largest = max(largest, ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot())
        }
        return largest
    }
}
