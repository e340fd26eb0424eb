/// Fits `s = c0 + c1 · t + c2 · t²` to edge points with outliers: the bowed side of a slightly curled
/// card, whose straight-line fit leaves its ends (the corners) off by a good part of the bow.
///
/// Like ``RobustLineFit``: a deterministic consensus start (parabolas through points from the first,
/// middle and last thirds), then iteratively reweighted least squares with Tukey's biweight.
struct RobustCurveFit: Sendable {
    var c0: Double
    var c1: Double
    var c2: Double
    /// Robust scale of the residuals of the inliers (pixels).
    var scale: Double
    /// Share of points with non-zero final weight.
    var inlierFraction: Double
    /// Sum of the final Tukey weights (without the prior weights): how many points the curve explains.
    var support: Double
    /// The bend `c2` over its standard error: how surely the points bow rather than lie on a line.
    var bendSignificance: Double

    func value(at t: Double) -> Double { c0 + c1 * t + c2 * t * t }

    /// The least ``scale`` a fit reports (pixels): sub-pixel peaks scatter by a fraction of a pixel
    /// however cleanly they lie, and a tighter scale would make the biweight reject good points.
    static let minimumScale = 0.25

    /// The prior weight (at least 0) of the points from each index to the last, and after the last 0:
    /// how much ``consensus(_:_:_:_:inlierBand:above:remaining:)`` can still add from a point on.
    static func remainingWeights(_ weights: [Double], count: Int) -> [Double] {
        var remaining = [Double](repeating: 0, count: count + 1)
        for x in stride(from: count - 1, through: 0, by: -1) { remaining[x] = remaining[x + 1] + max(0, weights[x]) }
        return remaining
    }

    /// The weights summed in order, as a count that finds every point within its band sums them;
    /// nil when a weight is negative. No count sums more: its sum takes some of these same weights
    /// in the same order, and adding a weight that is not negative never rounds a sum down.
    static func orderedSum(_ weights: [Double], count: Int) -> Double? {
        var sum = 0.0
        for x in 0..<count {
            guard weights[x] >= 0 else { return nil }
            sum += weights[x]
        }
        return sum
    }

    /// The prior weight of the points within `inlierBand` of the parabola `c`, summed in order (a
    /// line is the parabola with `c.2 = 0`; ``RobustLineFit`` counts its candidates with a copy
    /// that leaves that term out), where only a score above `bar` matters. The consensus starts run
    /// this for up to 343 parabolas or 144 lines: the arrays are read without bounds checks, and the count stops once the weight of the
    /// points left (`remaining`, from ``remainingWeights(_:count:)``) cannot lift it above `bar`, and
    /// then returns a value not above `bar`: most candidates pass through an outlier and fall behind
    /// the best early. The stop allows for the sums' rounding many times over, so it never drops a
    /// candidate the full count would have kept.
    static func consensus(_ c: (Double, Double, Double), _ t: [Double], _ s: [Double], _ weights: [Double],
                          inlierBand: Double, above bar: Double, remaining: [Double]) -> Double {
        let n = t.count
        precondition(s.count >= n && weights.count >= n && remaining.count > n)
        let slack = 1e-9 * (remaining[0] + 1)
        return t.withUnsafeBufferPointer { t in
            s.withUnsafeBufferPointer { s in
                weights.withUnsafeBufferPointer { weights in
                    var score = 0.0
                    var x = 0
                    while x < n {
                        // Not above `bar` whatever the rest: what is summed so far is not either.
                        if score + remaining[x] + slack <= bar { return score }
                        let end = min(n, x + 16)
                        for k in x..<end where abs(s[k] - c.0 - c.1 * t[k] - c.2 * t[k] * t[k]) <= inlierBand {
                            score += weights[k]
                        }
                        x = end
                    }
                    return score
                }
            }
        }
    }

    /// - Parameters:
    ///   - t: positions along the side (ascending); s: measured offsets across it; weights: prior weights.
    ///   - inlierBand: residual within which a point counts for the consensus start (pixels).
    init?(t: [Double], s: [Double], weights: [Double], inlierBand: Double = 1.5) {
        let n = t.count
        guard n >= 9 else { return nil }
        let best = RobustCurveFit.start(t: t, s: s, weights: weights, inlierBand: inlierBand)
        guard best.score > 0 else { return nil }
        var (a, b, c) = best.c
        var sigma = inlierBand
        var w = [Double](repeating: 0, count: n)
        var normal = [Double](repeating: 0, count: 9)
        var tukey = [Double](repeating: 0, count: n)
        // Solve in t scaled to about 1, so the normal equations stay well conditioned.
        let span = max(t[n - 1] - t[0], 1)
        for _ in 0..<10 {
            var residuals = (0..<n).map { abs(s[$0] - a - b * t[$0] - c * t[$0] * t[$0]) }
            sigma = max(Self.minimumScale, min(sigma, 1.4826 * OrderStatistic.select(&residuals, n / 2)))
            let cutoff = 4.685 * sigma
            var m = [Double](repeating: 0, count: 9), r = [Double](repeating: 0, count: 3)
            for x in 0..<n {
                let e = (s[x] - a - b * t[x] - c * t[x] * t[x]) / cutoff
                tukey[x] = abs(e) < 1 ? (1 - e * e) * (1 - e * e) : 0
                w[x] = tukey[x] * weights[x]
                let u = t[x] / span
                let basis = SIMD3<Double>(1, u, u * u)
                for i in 0..<3 {
                    r[i] += w[x] * basis[i] * s[x]
                    for j in 0..<3 { m[3 * i + j] += w[x] * basis[i] * basis[j] }
                }
            }
            normal = m
            guard let sol = RobustCurveFit.solve3(m, r) else { break }
            let na = sol[0], nb = sol[1] / span, nc = sol[2] / (span * span)
            let moved = abs(na - a) + abs(nb - b) * span + abs(nc - c) * span * span
            a = na; b = nb; c = nc
            if moved < 1e-3 { break }
        }
        c0 = a; c1 = b; c2 = c
        scale = sigma
        inlierFraction = Double(w.filter { $0 > 0 }.count) / Double(n)
        support = tukey.reduce(0, +)
        // Standard error of the bend with the weights normalised to a mean of one over the inliers.
        let inliers = w.filter { $0 > 0 }
        let meanWeight = inliers.isEmpty ? 1 : inliers.reduce(0, +) / Double(inliers.count)
        let scaled = normal.map { $0 / meanWeight }
        if let column = RobustCurveFit.solve3(scaled, [0, 0, 1]), column[2] > 0 {
            bendSignificance = abs(c * span * span) / (sigma * column[2].squareRoot())
        } else {
            bendSignificance = 0
        }
    }

    /// The consensus start: of the parabolas through points from the first, middle and last thirds
    /// (evenly chosen), the first in order with the most weight within `inlierBand`, and that
    /// weight; a score of -1 when no three points make one.
    static func start(t: [Double], s: [Double], weights: [Double], inlierBand: Double) -> (score: Double, c: (Double, Double, Double)) {
        let n = t.count
        let third = n / 3
        let picks = min(7, third)
        guard picks > 0 else { return (-1, (0, 0, 0)) }
        let remaining = RobustCurveFit.remainingWeights(weights, count: n)
        func curve(_ i: Int, _ j: Int, _ k: Int) -> (Double, Double, Double)? {
            let p = i * third / picks, m = third + j * third / picks, q = n - 1 - k * third / picks
            return RobustCurveFit.parabola(t[p], s[p], t[m], s[m], t[q], s[q])
        }
        func score(_ c: (Double, Double, Double), above bar: Double) -> Double {
            RobustCurveFit.consensus(c, t, s, weights, inlierBand: inlierBand, above: bar, remaining: remaining)
        }
        // The first candidate in order with the highest score, found as ``RobustLineFit`` finds its
        // start: a middle candidate's score is the bar from the outset, and the first candidate to
        // take in every point's weight ends the search.
        let floor = curve(picks / 2, picks / 2, picks / 2).map { score($0, above: -1) } ?? -1
        let ceiling = RobustCurveFit.orderedSum(weights, count: n)
        var best = (score: -1.0, c: (0.0, 0.0, 0.0))
        search: for i in 0..<picks {
            for j in 0..<picks {
                for k in 0..<picks {
                    guard let c = curve(i, j, k) else { continue }
                    let score = score(c, above: max(best.score, floor))
                    if score > best.score {
                        best = (score, c)
                        if let ceiling, score >= ceiling { break search }
                    }
                }
            }
        }
        return best
    }

    private static func parabola(_ t0: Double, _ s0: Double, _ t1: Double, _ s1: Double,
                                 _ t2: Double, _ s2: Double) -> (Double, Double, Double)? {
        guard t1 - t0 > 1e-9, t2 - t1 > 1e-9 else { return nil }
        // Newton's divided differences.
        let d01 = (s1 - s0) / (t1 - t0), d12 = (s2 - s1) / (t2 - t1)
        let c = (d12 - d01) / (t2 - t0)
        let b = d01 - c * (t0 + t1)
        let a = s0 - b * t0 - c * t0 * t0
        return (a, b, c)
    }

    /// Solves the symmetric 3×3 system `m · x = r` (row-major) by Cramer's rule.
    private static func solve3(_ m: [Double], _ r: [Double]) -> [Double]? {
        func det(_ a: [Double]) -> Double {
            a[0] * (a[4] * a[8] - a[5] * a[7]) - a[1] * (a[3] * a[8] - a[5] * a[6]) + a[2] * (a[3] * a[7] - a[4] * a[6])
        }
        let d = det(m)
        guard abs(d) > 1e-12 else { return nil }
        return (0..<3).map { col in
            var a = m
            for row in 0..<3 { a[3 * row + col] = r[row] }
            return det(a) / d
        }
    }
}
