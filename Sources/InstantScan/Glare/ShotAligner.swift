/// Registers one rectified shot of a print to another: the residual misalignment left after each
/// was rectified from its own detected (or given) corners.
///
/// Lucas–Kanade on a grey pyramid, coarse to fine: at each level a Gauss–Newton fit of the
/// residual map, translation then affine on the coarsest level (where little more can be seen),
/// a full homography (``ResidualHomography``) further up: four corners each a pixel or two off
/// leave a projective residual, and an affine fit of it misplaces the card's middle by as much as
/// the corners' errors. The pyramid catches shifts up to some 2^levels pixels. The residual is
/// measured on luma standardised per step over the samples used (zero mean, unit variance), so
/// that shots exposed differently still match, with Huber weights so that what differs between
/// shots (a shadow, the background at a misdetected edge) pulls less, and with the glare of
/// either shot weighted out, each read in its own shot's frame: glare moves with the camera, the
/// print does not.
struct ShotAligner: Sendable {
    /// The pyramid stops halving once the long side is this small.
    var coarsestLongSide = 80
    /// Samples per Gauss–Newton step at most (a stride keeps larger levels to this).
    var samplesPerStep = 40_000
    /// Pixels this close to the card's edge are left out (background where corners are off).
    var edgeMargin = 0.03
    /// Gauss–Newton steps at most per level: the fit stops earlier once no corner of the card
    /// moves by more than ``convergence`` of a level pixel.
    var stepsPerLevel = 12
    /// A step that moves no corner of the card by more than this share of a level pixel ends the
    /// level: a fixed count either wastes steps or stops a large residual short.
    var convergence = 0.005

    /// Aligns `moving` to `reference` (both the same size). `referenceWeight(u, v)` and
    /// `movingWeight(u, v)` say how much a card-normalised point of each shot, in that shot's own
    /// frame, may be trusted (0 where it has glare).
    func align(reference: FloatPlane, moving: FloatPlane,
               referenceWeight: (Double, Double) -> Float,
               movingWeight: (Double, Double) -> Float) -> ShotAlignment {
        precondition(reference.width == moving.width && reference.height == moving.height)
        var references = [reference], movings = [moving]
        while max(references.last!.width, references.last!.height) > coarsestLongSide * 2, references.count < 8 {
            references.append(references.last!.halved())
            movings.append(movings.last!.halved())
        }
        var model = ResidualHomography(width: reference.width, height: reference.height)
        for level in stride(from: references.count - 1, through: 0, by: -1) {
            let factor = Double(1 << level)
            let ref = references[level], mov = movings[level]
            let weights = Self.weightPlane(width: ref.width, height: ref.height, margin: edgeMargin, weight: referenceWeight)
            let gradient = Self.gradients(mov)
            let coarsest = level == references.count - 1 && references.count > 1
            for step in 0..<stepsPerLevel {
                // The coarsest level has too few pixels for perspective, and a translation first
                // keeps a large shift from being taken up by a shear.
                let parameters = coarsest ? (step < stepsPerLevel / 2 ? [2, 5] : Array(0..<6)) : Array(0..<8)
                guard let delta = gaussNewtonStep(ref, mov, gradient, weights, model, factor: factor,
                                                  parameters: parameters, movingWeight: movingWeight) else { break }
                var next = model
                for k in 0..<8 { next.a[k] += delta[k] }
                let move = model.largestMove(to: next) / factor
                model = next
                if move < convergence && (!coarsest || step >= stepsPerLevel / 2) { break }
            }
        }
        let map = model.homography
        let weights = Self.weightPlane(width: reference.width, height: reference.height, margin: edgeMargin, weight: referenceWeight)
        let own = Self.weightPlane(width: moving.width, height: moving.height, margin: edgeMargin) {
            referenceWeight($0, $1) * movingWeight($0, $1)
        }
        return ShotAlignment(referenceToShot: map,
                             correlation: correlation(reference, moving, weights, map, movingWeight: movingWeight),
                             sharpness: Self.sharpness(moving, own))
    }

    /// Aligns two shots whose trust is the same function of the card (no glare, or tests).
    func align(reference: FloatPlane, moving: FloatPlane, weight: (Double, Double) -> Float) -> ShotAlignment {
        align(reference: reference, moving: moving, referenceWeight: weight, movingWeight: weight)
    }

    /// One Gauss–Newton step for the `parameters` (indices into ``ResidualHomography/a``) of
    /// `model` on the level that halves `factor` times over; the full 8-vector of changes, nil
    /// when the system is singular (a blank print).
    func gaussNewtonStep(_ ref: FloatPlane, _ mov: FloatPlane, _ gradient: (x: FloatPlane, y: FloatPlane),
                         _ weights: FloatPlane, _ model: ResidualHomography, factor: Double,
                         parameters: [Int], movingWeight: (Double, Double) -> Float) -> [Double]? {
        let stride = max(1, Int((Double(ref.width * ref.height) / Double(samplesPerStep)).squareRoot()))
        let fullWidth = Double(ref.width) * factor, fullHeight = Double(ref.height) * factor
        let offset = (factor - 1) / 2
        var jacobian = (x: [Double](repeating: 0, count: 8), y: [Double](repeating: 0, count: 8))
        // The samples both shots trust, with the moving shot's glare read where the point lands
        // in it: the same sample set for both statistics, so glare in one does not shift the other's.
        var samples: [(x: Int, y: Int, r: Double, m: Double, w: Double)] = []
        samples.reserveCapacity(samplesPerStep)
        var sw = 0.0, sr = 0.0, srr = 0.0, sm = 0.0, smm = 0.0
        for y in Swift.stride(from: stride / 2, to: ref.height, by: stride) {
            for x in Swift.stride(from: stride / 2, to: ref.width, by: stride) {
                let wr = Double(weights[x, y])
                guard wr > 0.05 else { continue }
                let (xn, yn) = model.normalised(Double(x), Double(y), factor: factor)
                let (qx, qy) = model.mapped(xn, yn, factor: factor, jacobian: &jacobian)
                guard let m = mov.sample(qx, qy) else { continue }
                let w = wr * Double(movingWeight((factor * qx + offset + 0.5) / fullWidth, (factor * qy + offset + 0.5) / fullHeight))
                guard w > 0.05 else { continue }
                let r = Double(ref[x, y]), mv = Double(m)
                samples.append((x, y, r, mv, w))
                sw += w; sr += w * r; srr += w * r * r; sm += w * mv; smm += w * mv * mv
            }
        }
        guard sw > 0 else { return nil }
        let refMean = sr / sw, movMean = sm / sw
        let refSD = max(0, srr / sw - refMean * refMean).squareRoot(), movSD = max(0, smm / sw - movMean * movMean).squareRoot()
        guard refSD > 1e-3, movSD > 1e-3 else { return nil }
        let n = parameters.count
        var h = [Double](repeating: 0, count: n * n), b = [Double](repeating: 0, count: n)
        var j = [Double](repeating: 0, count: n)
        for sample in samples {
            let (xn, yn) = model.normalised(Double(sample.x), Double(sample.y), factor: factor)
            let (qx, qy) = model.mapped(xn, yn, factor: factor, jacobian: &jacobian)
            let gx = Double(gradient.x.clampedSample(qx, qy)) / movSD
            let gy = Double(gradient.y.clampedSample(qx, qy)) / movSD
            let e = (sample.m - movMean) / movSD - (sample.r - refMean) / refSD
            // Huber: past one standard deviation a residual pulls linearly, not quadratically.
            let robust = abs(e) < 1 ? 1 : 1 / abs(e)
            let wt = sample.w * robust
            for (r, k) in parameters.enumerated() { j[r] = gx * jacobian.x[k] + gy * jacobian.y[k] }
            for r in 0..<n {
                b[r] -= wt * j[r] * e
                for c in r..<n { h[r * n + c] += wt * j[r] * j[c] }
            }
        }
        for r in 0..<n { for c in 0..<r { h[r * n + c] = h[c * n + r] } }
        // A touch of damping keeps a nearly blank level from throwing the map far.
        for r in 0..<n { h[r * n + r] *= 1.001 }
        guard let solution = LinearSolver.solve(h, b, n: n), solution.allSatisfy(\.isFinite) else { return nil }
        var delta = [Double](repeating: 0, count: 8)
        for (r, k) in parameters.enumerated() { delta[k] = solution[r] }
        return delta
    }

    /// Weighted normalised cross-correlation of the reference and the shot read through `map`,
    /// the shot's own trust read where each point lands in it.
    func correlation(_ ref: FloatPlane, _ mov: FloatPlane, _ weights: FloatPlane, _ map: Homography,
                     movingWeight: (Double, Double) -> Float) -> Double {
        let stride = max(1, Int((Double(ref.width * ref.height) / Double(samplesPerStep)).squareRoot()))
        var pairs: [(Double, Double, Double)] = []
        for y in Swift.stride(from: stride / 2, to: ref.height, by: stride) {
            for x in Swift.stride(from: stride / 2, to: ref.width, by: stride) {
                let w = Double(weights[x, y])
                guard w > 0.05 else { continue }
                let q = map.apply(Point(Double(x), Double(y)))
                guard let m = mov.sample(q.x, q.y) else { continue }
                let both = w * Double(movingWeight((q.x + 0.5) / Double(mov.width), (q.y + 0.5) / Double(mov.height)))
                guard both > 0.05 else { continue }
                pairs.append((both, Double(ref[x, y]), Double(m)))
            }
        }
        let sw = pairs.reduce(0) { $0 + $1.0 }
        guard sw > 0 else { return 0 }
        let mr = pairs.reduce(0) { $0 + $1.0 * $1.1 } / sw, mm = pairs.reduce(0) { $0 + $1.0 * $1.2 } / sw
        var srr = 0.0, smm = 0.0, srm = 0.0
        for (w, r, m) in pairs {
            srr += w * (r - mr) * (r - mr); smm += w * (m - mm) * (m - mm); srm += w * (r - mr) * (m - mm)
        }
        return srr > 0 && smm > 0 ? srm / (srr * smm).squareRoot() : 0
    }

    /// Mean squared gradient over variance, weighted: blur lowers it, exposure does not.
    static func sharpness(_ plane: FloatPlane, _ weights: FloatPlane) -> Double {
        var sw = 0.0, sg = 0.0, s1 = 0.0, s2 = 0.0
        for y in 1..<max(1, plane.height - 1) {
            for x in 1..<max(1, plane.width - 1) {
                let w = Double(weights[x, y])
                guard w > 0.05 else { continue }
                let gx = Double(plane[x + 1, y] - plane[x - 1, y]) / 2, gy = Double(plane[x, y + 1] - plane[x, y - 1]) / 2
                let v = Double(plane[x, y])
                sw += w; sg += w * (gx * gx + gy * gy); s1 += w * v; s2 += w * v * v
            }
        }
        guard sw > 0 else { return 0 }
        let variance = s2 / sw - (s1 / sw) * (s1 / sw)
        return variance > 1e-9 ? sg / sw / variance : 0
    }

    /// Central-difference gradients.
    static func gradients(_ p: FloatPlane) -> (x: FloatPlane, y: FloatPlane) {
        var gx = FloatPlane(width: p.width, height: p.height), gy = gx
        for y in 0..<p.height {
            let y0 = max(y - 1, 0), y1 = min(y + 1, p.height - 1)
            for x in 0..<p.width {
                let x0 = max(x - 1, 0), x1 = min(x + 1, p.width - 1)
                gx[x, y] = (p[x1, y] - p[x0, y]) / Float(max(1, x1 - x0))
                gy[x, y] = (p[x, y1] - p[x, y0]) / Float(max(1, y1 - y0))
            }
        }
        return (gx, gy)
    }

    /// The trust in each pixel of a level: `weight` at its card-normalised centre, 0 near the edge.
    static func weightPlane(width: Int, height: Int, margin: Double, weight: (Double, Double) -> Float) -> FloatPlane {
        var plane = FloatPlane(width: width, height: height)
        for y in 0..<height {
            let v = (Double(y) + 0.5) / Double(height)
            for x in 0..<width {
                let u = (Double(x) + 0.5) / Double(width)
                guard u > margin, u < 1 - margin, v > margin, v < 1 - margin else { continue }
                plane[x, y] = weight(u, v)
            }
        }
        return plane
    }
}
