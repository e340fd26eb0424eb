/// Registers one rectified shot of a print to another: the residual misalignment left after each
/// was rectified from its own detected (or given) corners.
///
/// Lucas–Kanade on a grey pyramid, coarse to fine: at each level a Gauss–Newton fit of the
/// displacement, translation alone on the coarsest levels (where it is all that can be seen), an
/// affine map further up. Corners a pixel or two off give a residual that is close to affine
/// across the card, and the pyramid catches shifts up to some 2^levels pixels. The residual is
/// measured on standardised luma (zero mean, unit variance) so that shots exposed differently
/// still match, with Huber weights so that what differs between shots (a shadow, the
/// background at a misdetected edge) pulls less, and with the glare of either shot weighted out:
/// glare moves with the camera, the print does not.
struct ShotAligner: Sendable {
    /// The pyramid stops halving once the long side is this small.
    var coarsestLongSide = 80
    /// Samples per Gauss–Newton step at most (a stride keeps larger levels to this).
    var samplesPerStep = 40_000
    /// Pixels this close to the card's edge are left out (background where corners are off).
    var edgeMargin = 0.03

    /// Aligns `moving` to `reference` (both the same size); `weight(u, v)` is how much a
    /// card-normalised point may be trusted (0 where either shot has glare).
    func align(reference: FloatPlane, moving: FloatPlane, weight: (Double, Double) -> Float) -> ShotAlignment {
        precondition(reference.width == moving.width && reference.height == moving.height)
        var references = [reference], movings = [moving]
        while max(references.last!.width, references.last!.height) > coarsestLongSide * 2, references.count < 8 {
            references.append(references.last!.halved())
            movings.append(movings.last!.halved())
        }
        // Displacement d(p) = (a0·x + a1·y + a2, a3·x + a4·y + a5) in coordinates centred on the
        // level's middle: halving keeps a0, a1, a3, a4 and halves the translation.
        var a = [Double](repeating: 0, count: 6)
        for level in stride(from: references.count - 1, through: 0, by: -1) {
            if level != references.count - 1 { a[2] *= 2; a[5] *= 2 }
            let ref = references[level], mov = movings[level]
            let weights = Self.weightPlane(width: ref.width, height: ref.height, margin: edgeMargin, weight: weight)
            let gradient = Self.gradients(mov)
            let coarse = level >= references.count - 2 && references.count > 2
            let steps = coarse ? 12 : (level == 0 ? 4 : 6)
            for step in 0..<steps {
                let affine = !coarse || step >= steps / 2
                guard let delta = gaussNewtonStep(ref, mov, gradient, weights, a, affine: affine) else { break }
                for k in 0..<6 { a[k] += delta[k] }
                if delta.map(abs).max()! * Double(max(ref.width, ref.height)) < 0.01 && !coarse { break }
            }
        }
        let (cx, cy) = (Double(reference.width - 1) / 2, Double(reference.height - 1) / 2)
        let map = Homography([1 + a[0], a[1], a[2] - a[0] * cx - a[1] * cy,
                              a[3], 1 + a[4], a[5] - a[3] * cx - a[4] * cy,
                              0, 0, 1])
        let weights = Self.weightPlane(width: reference.width, height: reference.height, margin: edgeMargin, weight: weight)
        return ShotAlignment(referenceToShot: map,
                             correlation: correlation(reference, moving, weights, map),
                             sharpness: Self.sharpness(moving, weights))
    }

    /// One Gauss–Newton step for the displacement parameters `a` (translation alone unless
    /// `affine`); nil when the system is singular (a blank print).
    func gaussNewtonStep(_ ref: FloatPlane, _ mov: FloatPlane, _ gradient: (x: FloatPlane, y: FloatPlane),
                         _ weights: FloatPlane, _ a: [Double], affine: Bool) -> [Double]? {
        let stride = max(1, Int((Double(ref.width * ref.height) / Double(samplesPerStep)).squareRoot()))
        let (cx, cy) = (Double(ref.width - 1) / 2, Double(ref.height - 1) / 2)
        let refStats = Self.statistics(ref, weights, stride: stride) { x, y in (Double(x), Double(y)) }
        let movStats = Self.statistics(mov, weights, stride: stride) { x, y in
            let xc = Double(x) - cx, yc = Double(y) - cy
            return (Double(x) + a[0] * xc + a[1] * yc + a[2], Double(y) + a[3] * xc + a[4] * yc + a[5])
        }
        guard refStats.sd > 1e-3, movStats.sd > 1e-3 else { return nil }
        let n = affine ? 6 : 2
        var h = [Double](repeating: 0, count: n * n), b = [Double](repeating: 0, count: n)
        var j = [Double](repeating: 0, count: n)
        for y in Swift.stride(from: stride / 2, to: ref.height, by: stride) {
            for x in Swift.stride(from: stride / 2, to: ref.width, by: stride) {
                let w = Double(weights[x, y])
                guard w > 0.05 else { continue }
                let xc = Double(x) - cx, yc = Double(y) - cy
                let qx = Double(x) + a[0] * xc + a[1] * yc + a[2], qy = Double(y) + a[3] * xc + a[4] * yc + a[5]
                guard let m = mov.sample(qx, qy) else { continue }
                let gx = Double(gradient.x.clampedSample(qx, qy)) / movStats.sd
                let gy = Double(gradient.y.clampedSample(qx, qy)) / movStats.sd
                let e = (Double(m) - movStats.mean) / movStats.sd - (Double(ref[x, y]) - refStats.mean) / refStats.sd
                // Huber: past one standard deviation a residual pulls linearly, not quadratically.
                let robust = abs(e) < 1 ? 1 : 1 / abs(e)
                let wt = w * robust
                if affine {
                    j[0] = gx * xc; j[1] = gx * yc; j[2] = gx; j[3] = gy * xc; j[4] = gy * yc; j[5] = gy
                } else {
                    j[0] = gx; j[1] = gy
                }
                for r in 0..<n {
                    b[r] -= wt * j[r] * e
                    for c in r..<n { h[r * n + c] += wt * j[r] * j[c] }
                }
            }
        }
        for r in 0..<n { for c in 0..<r { h[r * n + c] = h[c * n + r] } }
        // A touch of damping keeps a nearly blank level from throwing the map far.
        for r in 0..<n { h[r * n + r] *= 1.001 }
        guard let solution = LinearSolver.solve(h, b, n: n), solution.allSatisfy(\.isFinite) else { return nil }
        return affine ? solution : [0, 0, solution[0], 0, 0, solution[1]]
    }

    /// Weighted mean and standard deviation of a plane read through `at` (sample grid of `stride`).
    static func statistics(_ plane: FloatPlane, _ weights: FloatPlane, stride: Int,
                           at: (Int, Int) -> (Double, Double)) -> (mean: Double, sd: Double) {
        var sw = 0.0, s1 = 0.0, s2 = 0.0
        for y in Swift.stride(from: stride / 2, to: plane.height, by: stride) {
            for x in Swift.stride(from: stride / 2, to: plane.width, by: stride) {
                let w = Double(weights[x, y])
                guard w > 0.05 else { continue }
                let (px, py) = at(x, y)
                guard let v = plane.sample(px, py) else { continue }
                sw += w; s1 += w * Double(v); s2 += w * Double(v) * Double(v)
            }
        }
        guard sw > 0 else { return (0, 0) }
        let mean = s1 / sw
        return (mean, max(0, s2 / sw - mean * mean).squareRoot())
    }

    /// Weighted normalised cross-correlation of the reference and the shot read through `map`.
    func correlation(_ ref: FloatPlane, _ mov: FloatPlane, _ weights: FloatPlane, _ map: Homography) -> Double {
        let stride = max(1, Int((Double(ref.width * ref.height) / Double(samplesPerStep)).squareRoot()))
        var pairs: [(Double, Double, Double)] = []
        for y in Swift.stride(from: stride / 2, to: ref.height, by: stride) {
            for x in Swift.stride(from: stride / 2, to: ref.width, by: stride) {
                let w = Double(weights[x, y])
                guard w > 0.05 else { continue }
                let q = map.apply(Point(Double(x), Double(y)))
                guard let m = mov.sample(q.x, q.y) else { continue }
                pairs.append((w, Double(ref[x, y]), Double(m)))
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
