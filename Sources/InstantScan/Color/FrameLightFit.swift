#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Fits an ``IlluminationField`` to a frame's samples, robustly: captions, glare, shadows and
/// clipped channels must not move it.
///
/// - The fit is least squares in log linear light (the light multiplies the paper's reflectance,
///   so the field is additive there), iteratively reweighted with Tukey's biweight on each
///   sample's residual averaged over its unclipped channels. A caption stroke is dark in every
///   channel and glare bright in every channel, so both get weight 0 after the first rounds; so
///   does a hard shadow edge, while a soft falloff is what the field is for.
/// - Clipped values (any code ≥ 250) only say "at least this bright", so they are never fitted.
///   Channels clipped in under half the frame shape the field. A channel clipped in more of it
///   takes the shared shape and gets its level from the unclipped part's distribution (a
///   censored estimate), up to 80 % clipped; beyond that the frame says nothing about it but a
///   lower bound, and the Planckian locus fills it in (see ``PlanckianLocus``).
/// - Overfitting is guarded against by the model itself (5 shared coefficients and 6 tilts for a
///   frame of thousands of samples on all four sides), a ridge on the shape, and a flat field
///   when the inliers do not cover all four sides of the frame or the shape would vary by more
///   than a factor of 3 across the card (no lamp does that to a print lying in its light).
struct FrameLightFit {
    /// The fitted field.
    var field: IlluminationField
    /// How each channel's level was found.
    var evidence: [ChannelEvidence]
    /// Which samples were kept (not caption, glare or shadow).
    var inlier: [Bool]
    /// The share of samples clipped in each channel.
    var clippedShare: [Double]

    /// Codes at or above this are treated as clipped.
    static let clipCode: UInt8 = 250
    /// Codes below this carry no usable ratio (JPEG noise dominates).
    static let floorCode: UInt8 = 3
    /// Channels clipped in less than this share of the frame shape the field.
    static let shapeClipLimit = 0.5
    /// Channels clipped in less than this share of the frame get a censored level.
    static let censorClipLimit = 0.8
    /// Tukey's biweight constant (95 % efficiency for Gaussian residuals).
    static let tukey = 4.685
    /// Rounds of reweighting.
    static let rounds = 8
    /// Ridge on the shape and tilt coefficients, relative to the total weight.
    static let shapeRidge = 1e-3, tiltRidge = 1e-2

    /// log of each code's linear value (code 0 taken as 1: it is never fitted).
    static let logTable: [Double] = (0..<256).map { log(Double(LinearLight.linear(UInt8(max($0, 1))))) }

    /// Fits the samples; nil when there are too few to say anything.
    static func fit(_ samples: FrameSamples, format: PrintFormat, locus: PlanckianLocus) -> FrameLightFit? {
        let n = samples.count
        guard n >= 64 else { return nil }
        var logValue = [[Double]](repeating: [], count: 3)
        var clipped = [[Bool]](repeating: [], count: 3)
        var usable = [[Bool]](repeating: [], count: 3)
        var clippedShare = [Double](repeating: 0, count: 3)
        for c in 0..<3 {
            logValue[c] = samples.codes[c].map { logTable[Int($0)] }
            clipped[c] = samples.codes[c].map { $0 >= clipCode }
            usable[c] = samples.codes[c].map { $0 >= floorCode && $0 < clipCode }
            clippedShare[c] = Double(clipped[c].filter { $0 }.count) / Double(n)
        }
        let shaping = clippedShare.map { $0 < shapeClipLimit }
        let xs = samples.u.map { 2 * $0 - 1 }, ys = samples.v.map { 2 * $0 - 1 }

        var field = IlluminationField(logLevels: [0, 0, 0])
        var weight = [Double](repeating: 1, count: n)
        var sigma = 0.02
        if shaping.contains(true) {
            // Start flat at each channel's median, so that the first weights already drop captions.
            for c in 0..<3 where shaping[c] {
                field.logLevels[c] = median((0..<n).filter { usable[c][$0] }.map { logValue[c][$0] }) ?? 0
            }
            (weight, sigma) = reweight(field: field, xs: xs, ys: ys, logValue: logValue, usable: usable, shaping: shaping)
            for _ in 0..<rounds {
                guard let solved = solve(weight: weight, xs: xs, ys: ys, logValue: logValue, usable: usable, shaping: shaping)
                else { break }
                // Settled when no coefficient moves by more than 0.01 % of light.
                let moved = zip(solved.logLevels + solved.shape + solved.tilts, field.logLevels + field.shape + field.tilts)
                    .map { abs($0 - $1) }.max() ?? 0
                field = solved
                (weight, sigma) = reweight(field: field, xs: xs, ys: ys, logValue: logValue, usable: usable, shaping: shaping)
                if moved < 1e-4 { break }
            }
            if !isPlausible(field, weight: weight, samples: samples, format: format) {
                // Flat: each shaping channel's robust level over the inliers.
                var flat = IlluminationField(logLevels: [0, 0, 0])
                for c in 0..<3 where shaping[c] {
                    flat.logLevels[c] = median((0..<n).filter { usable[c][$0] && weight[$0] > 0.5 }
                        .map { logValue[c][$0] }) ?? field.logLevels[c]
                }
                field = flat
            }
        }
        let inlier = weight.map { $0 > 0.5 }
        let shapeAt = (0..<n).map { field.logShape(x: xs[$0], y: ys[$0]) }

        var evidence = shaping.map { $0 ? ChannelEvidence.measured : .none }
        var lowerBound = [Double](repeating: -.infinity, count: 3)
        let clipLog = log(Double(LinearLight.linear(clipCode)))
        for c in 0..<3 where !shaping[c] {
            let kept = (0..<n).filter { inlier[$0] }
            let clippedKept = kept.filter { clipped[c][$0] }
            // Each clipped sample was at least as bright as its code; the median over them is
            // the level that puts a clipped frame just at the clip, so that it comes out neutral.
            if let bound = median(clippedKept.map { logValue[c][$0] - shapeAt[$0] }) { lowerBound[c] = bound }
            let share = kept.isEmpty ? 1 : Double(clippedKept.count) / Double(kept.count)
            if share < censorClipLimit, !kept.isEmpty {
                // The q-quantile of the residuals sits in the unclipped part; for a normal
                // spread of scale sigma the level is that quantile plus sigma·|z_q|.
                let q = (1 - share) / 2
                let residuals = kept.map { clipped[c][$0] ? Double.infinity : logValue[c][$0] - shapeAt[$0] }.sorted()
                let index = min(residuals.count - 1, max(0, Int((q * Double(residuals.count)).rounded(.down))))
                field.logLevels[c] = residuals[index] - sigma * inverseNormal(q)
                evidence[c] = .censored
            }
        }
        let unknown = (0..<3).filter { evidence[$0] == .none }
        switch unknown.count {
        case 1:
            fill(unknown[0], field: &field, evidence: &evidence, lowerBound: lowerBound, locus: locus)
        case 2:
            // The less clipped of the two is likely just over the clip: its bound is nearly its
            // level. The other then follows from the locus.
            let sorted = unknown.sorted { clippedShare[$0] < clippedShare[$1] }
            field.logLevels[sorted[0]] = lowerBound[sorted[0]]
            evidence[sorted[0]] = .clipBound
            fill(sorted[1], field: &field, evidence: &evidence, lowerBound: lowerBound, locus: locus)
        case 3:
            // Clipped everywhere: the frame is at least white at the clip, nothing more is known.
            for c in 0..<3 {
                field.logLevels[c] = lowerBound[c].isFinite ? lowerBound[c] : clipLog
                evidence[c] = .clipBound
            }
        default:
            break
        }
        return FrameLightFit(field: field, evidence: evidence, inlier: inlier, clippedShare: clippedShare)
    }

    /// The missing channel from the other two and the locus, never below what its clipping allows.
    private static func fill(_ c: Int, field: inout IlluminationField, evidence: inout [ChannelEvidence],
                             lowerBound: [Double], locus: PlanckianLocus) {
        let completed = locus.completing(field.logLevels, missing: c)[c]
        if lowerBound[c].isFinite, completed < lowerBound[c] {
            field.logLevels[c] = lowerBound[c]
            evidence[c] = .clipBound
        } else {
            field.logLevels[c] = completed
            evidence[c] = .locus
        }
    }

    /// Whether a fitted shape is believable: inliers on all four sides of the frame, and less
    /// than a factor of 3 between the brightest and darkest point of the card.
    private static func isPlausible(_ field: IlluminationField, weight: [Double], samples: FrameSamples,
                                    format: PrintFormat) -> Bool {
        let window = format.normalizedWindow.corners
        let left = window[0].x, right = window[1].x, top = window[0].y, bottom = window[2].y
        var sides = [0, 0, 0, 0]
        for i in 0..<samples.count where weight[i] > 0.5 {
            if samples.u[i] < left { sides[0] += 1 }
            if samples.u[i] > right { sides[1] += 1 }
            if samples.v[i] < top { sides[2] += 1 }
            if samples.v[i] > bottom { sides[3] += 1 }
        }
        guard sides.allSatisfy({ $0 >= 16 }) else { return false }
        var low = Double.infinity, high = -Double.infinity
        for j in 0...8 {
            for i in 0...8 {
                let s = field.logShape(x: Double(i) / 4 - 1, y: Double(j) / 4 - 1)
                low = min(low, s)
                high = max(high, s)
            }
        }
        return high - low < log(3.0)
    }

    /// The median of a list; nil when it is empty.
    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }

    /// The standard normal quantile function, by Acklam's rational approximation (relative error
    /// below 1.2e-9), for 0 < p < 1.
    static func inverseNormal(_ p: Double) -> Double {
        let a = [-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
                 1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00]
        let b = [-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
                 6.680131188771972e+01, -1.328068155288572e+01]
        let c = [-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                 -2.549732539343734e+00, 4.374664141464968e+00, 2.938163982698783e+00]
        let d = [7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00, 3.754408661907416e+00]
        let p = min(max(p, 1e-12), 1 - 1e-12)
        func tail(_ q: Double) -> Double {
            (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
                / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
        }
        if p < 0.02425 { return tail((-2 * log(p)).squareRoot()) }
        if p > 1 - 0.02425 { return -tail((-2 * log(1 - p)).squareRoot()) }
        let q = p - 0.5, r = q * q
        return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q
            / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
    }
}
