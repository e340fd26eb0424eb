/// Tells whether an aligned shot shows the same print as the reference, so that `merge` never
/// blends two different prints into a ghost.
///
/// The luma correlation of the whole card, which `merge` used before, cannot tell: the frame is
/// the same white (or black) on every print of a format and the step from frame to picture is
/// where the card's variance is, so two different prints correlated 0.62 and passed a 0.6 cut.
/// Here only the picture is compared, well inside its window (its edge is the same on every
/// print too), on coarse levels (long sides of about 256, 128 and 64 pixels) where what is left
/// of misalignment, focus, noise and JPEG is below a pixel: the agreement of the gradient vectors
/// (edges in the same places, running the same way; immune to exposure, contrast and slow light
/// changes) decides, and the correlation of the luma's detail is reported beside it. Glare of
/// either shot is left out. The luma correlation alone does not separate: two different pictures
/// of the same broad layout (sky above, ground below) reach 0.8, and soft glare takes one print
/// down to 0.07. The minimum and its margin are measured by `Benchmarks/merge_identity.py` on
/// same-print and different-print pairs (README, merge).
struct SamePrintCheck: Sendable {
    /// The coarse level's long side at most, in pixels.
    var longSide = 256
    /// How far inside the picture window the comparison stays, as a share of the window's size.
    var windowInset = 0.08
    /// The gradient agreement a shot of the same print reaches at least: midway between the
    /// highest of 60 different-print pairs (0.32) and the lowest of 60 same-print pairs (0.90)
    /// that `Benchmarks/merge_identity.py` measured.
    static let minimumEdgeAgreement = 0.6
    /// Below this root-mean-square gradient (luma 0…1 a pixel) in either picture there is
    /// nothing to compare: a blank or fogged picture. Such a shot is taken (two blank prints
    /// blend into no ghost).
    static let flatDeviation = 0.002

    /// What the comparison found.
    struct Verdict: Sendable, Equatable {
        /// Normalised cross-correlation of the pictures' luma (1: alike, 0: unrelated).
        var picture: Double
        /// Agreement of the gradient vectors (1: the same edges, 0: unrelated).
        var edges: Double
        /// Either picture too flat to compare.
        var flat: Bool

        /// Whether the shot is taken as the same print.
        var isSamePrint: Bool {
            flat || edges >= SamePrintCheck.minimumEdgeAgreement
        }

        /// Why the shot is not the same print, in words, or nil.
        var reason: String? {
            guard !isSamePrint else { return nil }
            func two(_ v: Double) -> String { "\((v * 100).rounded() / 100)" }
            return "its picture does not match (picture correlation \(two(picture)); "
                + "edge agreement \(two(edges)), needs \(two(SamePrintCheck.minimumEdgeAgreement)))"
        }

        /// The reference compared with itself.
        static let identical = Verdict(picture: 1, edges: 1, flat: false)
    }

    /// Compares `moving` read through `map` (reference pixel → shot pixel, full resolution) with
    /// `reference`, inside `window` (card-normalised; the whole card when nil), trusting each
    /// point as `referenceWeight` and `movingWeight` say (0 under glare), each in its own frame.
    /// Each level from a long side of about ``longSide`` down to a quarter of it is compared, and
    /// the one where the edges agree best speaks: a picture of fine texture (grass, gravel)
    /// agrees at the finer level, one of broad shapes at the coarser, even under soft glare.
    func compare(reference: FloatPlane, moving: FloatPlane, map: Homography, window: Quad?,
                 referenceWeight: (Double, Double) -> Float, movingWeight: (Double, Double) -> Float) -> Verdict {
        var ref = reference, mov = moving
        var factor = 1.0
        while max(ref.width, ref.height) > longSide * 2 - 1 {
            ref = ref.halved()
            mov = mov.halved()
            factor *= 2
        }
        var best: Verdict?
        for _ in 0..<3 {
            let verdict = compareLevel(ref, mov, factor: factor, fullMoving: moving, map: map, window: window,
                                       referenceWeight: referenceWeight, movingWeight: movingWeight)
            if let verdict, best.map({ verdict.edges > $0.edges }) ?? true { best = verdict }
            guard max(ref.width, ref.height) >= 64 else { break }
            ref = ref.halved()
            mov = mov.halved()
            factor *= 2
        }
        // Too little of the picture free of glare in both to judge: nothing speaks against it.
        return best ?? Verdict(picture: 1, edges: 1, flat: true)
    }

    /// The comparison on one level (`factor` times smaller than full resolution), or nil when
    /// too few points are free of glare in both.
    private func compareLevel(_ ref: FloatPlane, _ mov: FloatPlane, factor: Double, fullMoving: FloatPlane, map: Homography,
                              window: Quad?, referenceWeight: (Double, Double) -> Float,
                              movingWeight: (Double, Double) -> Float) -> Verdict? {
        let box = Self.box(of: window, inset: windowInset)
        let offset = (factor - 1) / 2
        // Luma less its local mean (a 5×5 box): the picture's structure, without the slow
        // changes light fall-off and soft glare put over it.
        let refDetail = Self.detail(ref), movDetail = Self.detail(mov)
        var samples: [(w: Double, r: Double, m: Double, rx: Double, ry: Double, mx: Double, my: Double)] = []
        for y in 1..<max(1, ref.height - 1) {
            let v = (Double(y) + 0.5) / Double(ref.height)
            guard v >= box.top, v <= box.bottom else { continue }
            for x in 1..<max(1, ref.width - 1) {
                let u = (Double(x) + 0.5) / Double(ref.width)
                guard u >= box.left, u <= box.right else { continue }
                let wr = Double(referenceWeight(u, v))
                guard wr > 0.5 else { continue }
                let full = map.apply(Point(factor * Double(x) + offset, factor * Double(y) + offset))
                let qx = (full.x - offset) / factor, qy = (full.y - offset) / factor
                guard let m = movDetail.sample(qx, qy),
                      let mx0 = mov.sample(qx - 1, qy), let mx1 = mov.sample(qx + 1, qy),
                      let my0 = mov.sample(qx, qy - 1), let my1 = mov.sample(qx, qy + 1) else { continue }
                let wm = Double(movingWeight((full.x + 0.5) / Double(fullMoving.width), (full.y + 0.5) / Double(fullMoving.height)))
                guard wm > 0.5 else { continue }
                samples.append((wr * wm, Double(refDetail[x, y]), Double(m),
                                Double(ref[x + 1, y] - ref[x - 1, y]) / 2, Double(ref[x, y + 1] - ref[x, y - 1]) / 2,
                                Double(mx1 - mx0) / 2, Double(my1 - my0) / 2))
            }
        }
        let sw = samples.reduce(0) { $0 + $1.w }
        guard samples.count >= 64, sw > 0 else { return nil }
        let mr = samples.reduce(0) { $0 + $1.w * $1.r } / sw, mm = samples.reduce(0) { $0 + $1.w * $1.m } / sw
        var srr = 0.0, smm = 0.0, srm = 0.0, grr = 0.0, gmm = 0.0, grm = 0.0
        for s in samples {
            srr += s.w * (s.r - mr) * (s.r - mr); smm += s.w * (s.m - mm) * (s.m - mm); srm += s.w * (s.r - mr) * (s.m - mm)
            grr += s.w * (s.rx * s.rx + s.ry * s.ry); gmm += s.w * (s.mx * s.mx + s.my * s.my)
            grm += s.w * (s.rx * s.mx + s.ry * s.my)
        }
        let flat = (grr / sw).squareRoot() < Self.flatDeviation || (gmm / sw).squareRoot() < Self.flatDeviation
        let picture = srr > 0 && smm > 0 ? srm / (srr * smm).squareRoot() : 0
        let edges = grr > 0 && gmm > 0 ? grm / (grr * gmm).squareRoot() : 0
        return Verdict(picture: picture, edges: edges, flat: flat)
    }

    /// `plane` less its 5×5 box mean.
    static func detail(_ plane: FloatPlane) -> FloatPlane {
        var out = FloatPlane(width: plane.width, height: plane.height)
        for y in 0..<plane.height {
            for x in 0..<plane.width {
                var sum: Float = 0, n: Float = 0
                for yy in max(0, y - 2)...min(plane.height - 1, y + 2) {
                    for xx in max(0, x - 2)...min(plane.width - 1, x + 2) {
                        sum += plane[xx, yy]
                        n += 1
                    }
                }
                out[x, y] = plane[x, y] - sum / n
            }
        }
        return out
    }

    /// The window's bounding box, shrunk by `inset` of its size on each side (card-normalised).
    static func box(of window: Quad?, inset: Double) -> (left: Double, top: Double, right: Double, bottom: Double) {
        let corners = window?.corners ?? Quad(rectangleWidth: 1, height: 1).corners
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let (left, right, top, bottom) = (xs.min()!, xs.max()!, ys.min()!, ys.max()!)
        let dx = (right - left) * inset, dy = (bottom - top) * inset
        return (left + dx, top + dy, right - dx, bottom - dy)
    }
}
