/// A homography fitted to more than four point pairs by the normalised DLT in least squares
/// (normal equations with h22 = 1; the points are conditioned first, so that is well posed here).
enum LeastSquaresHomography {
    static func fit(from source: [Point], to destination: [Point], weights: [Double]? = nil) -> Homography? {
        precondition(source.count == destination.count && source.count >= 4)
        guard let ts = Homography.normalizing(source), let td = Homography.normalizing(destination), let tdInv = td.inverse else { return nil }
        let s = source.map(ts.apply), d = destination.map(td.apply)
        var ata = [Double](repeating: 0, count: 64)
        var atb = [Double](repeating: 0, count: 8)
        for i in 0..<s.count {
            let wt = weights?[i] ?? 1
            let (x, y, u, v) = (s[i].x, s[i].y, d[i].x, d[i].y)
            let rows: [([Double], Double)] = [
                ([x, y, 1, 0, 0, 0, -u * x, -u * y], u),
                ([0, 0, 0, x, y, 1, -v * x, -v * y], v),
            ]
            for (r, b) in rows {
                for j in 0..<8 {
                    atb[j] += wt * r[j] * b
                    for k in 0..<8 { ata[j * 8 + k] += wt * r[j] * r[k] }
                }
            }
        }
        guard let h = LinearSolver.solve(ata, atb, n: 8) else { return nil }
        let result = tdInv.composed(after: Homography(h + [1]).composed(after: ts)).normalized()
        return result.m.allSatisfy(\.isFinite) ? result : nil
    }
}
