/// Fits `s = intercept + slope · t` to edge points with outliers: a deterministic consensus start, then
/// iteratively reweighted least squares with Tukey's biweight.
///
/// The points are sub-pixel edge positions along one side of a print. Most lie on the edge; a marker
/// caption, a glare blob or a shadow gives a run of wrong ones, which the consensus start ignores and
/// the biweight then gives zero weight.
struct RobustLineFit: Sendable {
    var intercept: Double
    var slope: Double
    /// Robust scale of the residuals of the inliers (pixels).
    var scale: Double
    /// Share of points with non-zero final weight.
    var inlierFraction: Double

    /// - Parameters:
    ///   - t: positions along the side; s: measured offsets across it; weights: prior weights (edge strength).
    ///   - inlierBand: residual within which a point counts for the consensus start (pixels).
    init?(t: [Double], s: [Double], weights: [Double], inlierBand: Double = 1.5) {
        let n = t.count
        guard n >= 4 else { return nil }
        // Consensus start: lines through pairs of points from the first and last thirds (evenly chosen,
        // so the result does not depend on chance), scored by the weight within the band.
        let third = max(1, n / 3)
        let picks = 12
        var best = (score: -1.0, a: 0.0, b: 0.0)
        let remaining = RobustCurveFit.remainingWeights(weights, count: n)
        for i in 0..<min(picks, third) {
            let p = i * third / min(picks, third)
            for j in 0..<min(picks, third) {
                let q = n - 1 - j * third / min(picks, third)
                guard q > p, t[q] - t[p] > 1e-9 else { continue }
                let b = (s[q] - s[p]) / (t[q] - t[p])
                let a = s[p] - b * t[p]
                let score = RobustCurveFit.consensus((a, b, 0), t, s, weights, inlierBand: inlierBand,
                                                     above: best.score, remaining: remaining)
                if score > best.score { best = (score, a, b) }
            }
        }
        guard best.score > 0 else { return nil }
        var a = best.a, b = best.b
        var sigma = inlierBand
        var w = [Double](repeating: 0, count: n)
        for _ in 0..<8 {
            // Scale from the median absolute residual of the points near the line.
            var residuals = (0..<n).map { abs(s[$0] - a - b * t[$0]) }
            sigma = max(0.25, min(sigma, 1.4826 * OrderStatistic.select(&residuals, n / 2)))
            let c = 4.685 * sigma
            var sw = 0.0, st = 0.0, ss = 0.0, stt = 0.0, sts = 0.0
            for k in 0..<n {
                let r = (s[k] - a - b * t[k]) / c
                let u = abs(r) < 1 ? (1 - r * r) * (1 - r * r) : 0
                w[k] = u * weights[k]
                sw += w[k]; st += w[k] * t[k]; ss += w[k] * s[k]
                stt += w[k] * t[k] * t[k]; sts += w[k] * t[k] * s[k]
            }
            let det = sw * stt - st * st
            guard sw > 0, abs(det) > 1e-12 else { break }
            let nb = (sw * sts - st * ss) / det
            let na = (ss - nb * st) / sw
            let moved = abs(na - a) + abs(nb - b) * (t.last! - t.first!)
            a = na; b = nb
            if moved < 1e-3 { break }
        }
        intercept = a
        slope = b
        scale = sigma
        inlierFraction = Double(w.filter { $0 > 0 }.count) / Double(n)
    }
}
