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
        let best = RobustLineFit.start(t: t, s: s, weights: weights, inlierBand: inlierBand)
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

    /// The consensus start: of the lines through pairs of points from the first and last thirds
    /// (evenly chosen, so the result does not depend on chance), the first in order with the most
    /// weight within `inlierBand`, and that weight; a score of -1 when no pair makes a line.
    static func start(t: [Double], s: [Double], weights: [Double], inlierBand: Double) -> (score: Double, a: Double, b: Double) {
        let n = t.count
        let third = max(1, n / 3)
        let picks = min(12, third)
        let remaining = RobustCurveFit.remainingWeights(weights, count: n)
        func line(_ i: Int, _ j: Int) -> (a: Double, b: Double)? {
            let p = i * third / picks, q = n - 1 - j * third / picks
            guard q > p, t[q] - t[p] > 1e-9 else { return nil }
            let b = (s[q] - s[p]) / (t[q] - t[p])
            return (s[p] - b * t[p], b)
        }
        func score(_ c: (a: Double, b: Double), above bar: Double) -> Double {
            RobustLineFit.consensus(c.a, c.b, t, s, weights, inlierBand: inlierBand, above: bar, remaining: remaining)
        }
        // The start is the first candidate in order with the highest score. A count stops once it
        // cannot reach the bar (see ``RobustCurveFit/consensus(_:_:_:_:inlierBand:above:remaining:)``),
        // and the bar may be any candidate's score: one that stops falls short of a score some
        // candidate has, so it is not the start, and the value it returns stays below the start's.
        // A middle candidate's score, counted first, sets the bar high from the outset.
        let floor = line(picks / 2, picks / 2).map { score($0, above: -1) } ?? -1
        // No candidate scores above every point's weight summed in order (the weights are not
        // negative, and a sum of some of them in the same order rounds no higher): the first to
        // reach it is the start.
        let ceiling = RobustCurveFit.orderedSum(weights, count: n)
        var best = (score: -1.0, a: 0.0, b: 0.0)
        search: for i in 0..<picks {
            for j in 0..<picks {
                guard let c = line(i, j) else { continue }
                let score = score(c, above: max(best.score, floor))
                if score > best.score {
                    best = (score, c.a, c.b)
                    if let ceiling, score >= ceiling { break search }
                }
            }
        }
        return best
    }

    /// ``RobustCurveFit/consensus(_:_:_:_:inlierBand:above:remaining:)`` for the line `a + b · t`,
    /// with the same value and the same stop: the parabola's term is zero for a line and drops out
    /// of the residual exactly.
    static func consensus(_ a: Double, _ b: Double, _ t: [Double], _ s: [Double], _ weights: [Double],
                          inlierBand: Double, above bar: Double, remaining: [Double]) -> Double {
        let n = t.count
        precondition(s.count >= n && weights.count >= n && remaining.count > n)
        let slack = 1e-9 * (remaining[0] + 1)
        return t.withUnsafeBufferPointer { t in
            s.withUnsafeBufferPointer { s in
                weights.withUnsafeBufferPointer { weights in
                    remaining.withUnsafeBufferPointer { remaining in
                        var score = 0.0
                        var x = 0
                        while x < n {
                            // Not above `bar` whatever the rest: what is summed so far is not either.
                            if score + remaining[x] + slack <= bar { return score }
                            let end = min(n, x + 16)
                            for k in x..<end where abs(s[k] - a - b * t[k]) <= inlierBand {
                                score += weights[k]
                            }
                            x = end
                        }
                        return score
                    }
                }
            }
        }
    }
}
