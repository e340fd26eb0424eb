/// The robust fit's two steps, apart from the fit's decisions in ``FrameLightFit``: the weighted
/// least-squares solve and the Tukey reweighting that feeds the next solve.
extension FrameLightFit {
    /// One weighted least-squares solve of levels, shape and tilts over the shaping channels.
    ///
    /// Every observation's regressors are built from the six functions 1, x, y, x², xy, y², so
    /// the normal equations are assembled from each channel's 6×6 weighted moments of them: 21
    /// products per observation instead of the 64 of the full 8-term row.
    static func solve(weight: [Double], xs: [Double], ys: [Double], logValue: [[Double]],
                      usable: [[Bool]], shaping: [Bool]) -> IlluminationField? {
        var moments = [[Double]](repeating: [Double](repeating: 0, count: 36), count: 3)
        var targets = [[Double]](repeating: [Double](repeating: 0, count: 6), count: 3)
        var total = 0.0
        for c in 0..<3 where shaping[c] {
            var m = [Double](repeating: 0, count: 36), t = [Double](repeating: 0, count: 6)
            var f = [Double](repeating: 1, count: 6)
            let values = logValue[c], ok = usable[c]
            for i in 0..<xs.count where weight[i] > 0 && ok[i] {
                let x = xs[i], y = ys[i], w = weight[i]
                f[1] = x; f[2] = y; f[3] = x * x; f[4] = x * y; f[5] = y * y
                for j in 0..<6 {
                    let wj = w * f[j]
                    t[j] += wj * values[i]
                    for k in j..<6 { m[j * 6 + k] += wj * f[k] }
                }
                total += w
            }
            for j in 0..<6 { for k in 0..<j { m[j * 6 + k] = m[k * 6 + j] } }
            moments[c] = m
            targets[c] = t
        }
        guard total > 0 else { return nil }
        // Unknowns: levels 0–2, shape 3–7 (on x, y, x², xy, y²), tilts 8–13 (x, y per channel).
        // Each maps to one of the six functions: level → 1, shape k → function k+1, tilt → x or y.
        let n = 14
        var a = [Double](repeating: 0, count: n * n)
        var b = [Double](repeating: 0, count: n)
        for c in 0..<3 where shaping[c] {
            let parameters = [c, 3, 4, 5, 6, 7, 8 + 2 * c, 9 + 2 * c]
            let functions = [0, 1, 2, 3, 4, 5, 1, 2]
            for (p, fp) in zip(parameters, functions) {
                b[p] += targets[c][fp]
                for (q, fq) in zip(parameters, functions) { a[p * n + q] += moments[c][fp * 6 + fq] }
            }
        }
        for k in 3..<8 { a[k * n + k] += shapeRidge * total }
        for k in 8..<14 { a[k * n + k] += tiltRidge * total }
        for c in 0..<3 where !shaping[c] {
            // Not fitted: level and tilts stay 0 so the system stays regular.
            for k in [c, 8 + 2 * c, 9 + 2 * c] { a[k * n + k] = 1 }
        }
        guard let p = LinearSolver.solve(a, b, n: n) else { return nil }
        return IlluminationField(logLevels: Array(p[0..<3]), shape: Array(p[3..<8]), tilts: Array(p[8..<14]))
    }

    /// Tukey weights from each sample's residual averaged over its usable shaping channels, and
    /// the residuals' robust scale.
    static func reweight(field: IlluminationField, xs: [Double], ys: [Double], logValue: [[Double]],
                         usable: [[Bool]], shaping: [Bool]) -> (weight: [Double], sigma: Double) {
        let n = xs.count
        var residual = [Double](repeating: .nan, count: n)
        for i in 0..<n {
            var sum = 0.0, count = 0
            let shape = field.logShape(x: xs[i], y: ys[i])
            for c in 0..<3 where shaping[c] && usable[c][i] {
                let predicted = field.logLevels[c] + shape + field.tilts[2 * c] * xs[i] + field.tilts[2 * c + 1] * ys[i]
                sum += logValue[c][i] - predicted
                count += 1
            }
            if count > 0 { residual[i] = sum / Double(count) }
        }
        // The scale from every fourth residual: as good a median for thousands of samples, a quarter
        // of the sorting.
        let magnitudes = stride(from: 0, to: n, by: 4).map { residual[$0] }.filter { !$0.isNaN }.map { abs($0) }
        // A floor on the scale: on a flawless synthetic frame the spread is quantisation alone,
        // and a cut-off below half a percent would throw out honest pixels.
        let sigma = max(1.4826 * (median(magnitudes) ?? 0.02), 0.004)
        let cut = tukey * sigma
        let weight = residual.map { r -> Double in
            guard !r.isNaN, abs(r) < cut else { return 0 }
            let t = r / cut
            return (1 - t * t) * (1 - t * t)
        }
        return (weight, sigma)
    }
}
