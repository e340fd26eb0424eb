/// A plane projective transform: a 3×3 matrix acting on homogeneous points.
///
/// A photographed print and its upright scan are related by one homography; so are the card and its
/// picture window, which is what makes a format's template such a strong prior for detection.
public struct Homography: Sendable, Hashable {
    /// Row-major entries `h00 h01 h02 h10 h11 h12 h20 h21 h22`.
    public var m: [Double]

    /// Makes a homography from nine row-major entries.
    public init(_ entries: [Double]) {
        precondition(entries.count == 9, "a homography has nine entries")
        m = entries
    }

    /// The identity map.
    public static let identity = Homography([1, 0, 0, 0, 1, 0, 0, 0, 1])

    /// Maps a point.
    @inline(__always)
    public func apply(_ p: Point) -> Point {
        let w = m[6] * p.x + m[7] * p.y + m[8]
        return Point((m[0] * p.x + m[1] * p.y + m[2]) / w, (m[3] * p.x + m[4] * p.y + m[5]) / w)
    }

    /// `self` after `other`: maps `p` to `self.apply(other.apply(p))`.
    public func composed(after other: Homography) -> Homography {
        let a = m, b = other.m
        var r = [Double](repeating: 0, count: 9)
        for i in 0..<3 {
            for j in 0..<3 {
                r[i * 3 + j] = a[i * 3] * b[j] + a[i * 3 + 1] * b[3 + j] + a[i * 3 + 2] * b[6 + j]
            }
        }
        return Homography(r)
    }

    /// The determinant of the matrix.
    public var determinant: Double {
        m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) + m[2] * (m[3] * m[7] - m[4] * m[6])
    }

    /// The inverse map, or nil when the matrix is singular.
    public var inverse: Homography? {
        let det = determinant
        let scale = m.map { abs($0) }.max() ?? 0
        guard scale > 0, abs(det) > 1e-14 * scale * scale * scale else { return nil }
        let a = m
        let inv = [
            a[4] * a[8] - a[5] * a[7], a[2] * a[7] - a[1] * a[8], a[1] * a[5] - a[2] * a[4],
            a[5] * a[6] - a[3] * a[8], a[0] * a[8] - a[2] * a[6], a[2] * a[3] - a[0] * a[5],
            a[3] * a[7] - a[4] * a[6], a[1] * a[6] - a[0] * a[7], a[0] * a[4] - a[1] * a[3],
        ]
        return Homography(inv.map { $0 / det }).normalized()
    }

    /// The same map scaled so that `h22` is 1 (when it is not zero).
    public func normalized() -> Homography {
        guard abs(m[8]) > 1e-300 else { return self }
        return Homography(m.map { $0 / m[8] })
    }

    /// A scale and translation: `p ↦ (sx·x + tx, sy·y + ty)`.
    public static func affine(scaleX: Double, scaleY: Double, translateX: Double, translateY: Double) -> Homography {
        Homography([scaleX, 0, translateX, 0, scaleY, translateY, 0, 0, 1])
    }

    /// The homography that maps each of four `source` points onto the matching `destination` point.
    ///
    /// Solved by the normalised direct linear transform (Hartley): both point sets are moved to their
    /// centroid and scaled to a mean distance of √2, which keeps the 8×8 system well conditioned for
    /// coordinates in the thousands; with four points the fit is exact.
    /// - Returns: nil when three of the points are collinear (no homography exists).
    public static func mapping(_ source: [Point], to destination: [Point]) -> Homography? {
        precondition(source.count == 4 && destination.count == 4, "a homography is fixed by four point pairs")
        guard let ts = normalizing(source), let td = normalizing(destination) else { return nil }
        let s = source.map(ts.apply), d = destination.map(td.apply)
        // Three collinear points on either side make the map singular; the solve alone may still
        // "succeed" with a rank-deficient matrix.
        guard !hasCollinearTriple(s), !hasCollinearTriple(d) else { return nil }
        // Unknowns h00..h21 with h22 = 1; each pair gives two rows of A·h = b.
        var a = [Double](repeating: 0, count: 64)
        var b = [Double](repeating: 0, count: 8)
        for i in 0..<4 {
            let (x, y, u, v) = (s[i].x, s[i].y, d[i].x, d[i].y)
            let r0 = 2 * i * 8, r1 = (2 * i + 1) * 8
            a[r0 + 0] = x; a[r0 + 1] = y; a[r0 + 2] = 1
            a[r0 + 6] = -u * x; a[r0 + 7] = -u * y
            b[2 * i] = u
            a[r1 + 3] = x; a[r1 + 4] = y; a[r1 + 5] = 1
            a[r1 + 6] = -v * x; a[r1 + 7] = -v * y
            b[2 * i + 1] = v
        }
        guard let h = LinearSolver.solve(a, b, n: 8) else { return nil }
        let normalizedMap = Homography(h + [1])
        guard let tdInverse = td.inverse else { return nil }
        let result = tdInverse.composed(after: normalizedMap.composed(after: ts)).normalized()
        return result.m.allSatisfy(\.isFinite) ? result : nil
    }

    /// True when any three of four points (already normalised to unit scale) lie on a line.
    private static func hasCollinearTriple(_ p: [Point]) -> Bool {
        for skip in 0..<4 {
            let t = (0..<4).filter { $0 != skip }.map { p[$0] }
            if abs(Point.cross(t[1] - t[0], t[2] - t[0])) < 1e-9 { return true }
        }
        return false
    }

    /// The similarity that moves `points` to their centroid at a mean distance of √2 (Hartley's
    /// conditioning, shared by every homography fit in the library).
    static func normalizing(_ points: [Point]) -> Homography? {
        let n = Double(points.count)
        let cx = points.map(\.x).reduce(0, +) / n, cy = points.map(\.y).reduce(0, +) / n
        let mean = points.map { $0.distance(to: Point(cx, cy)) }.reduce(0, +) / n
        guard mean > 1e-12 else { return nil }
        let s = 2.0.squareRoot() / mean
        return .affine(scaleX: s, scaleY: s, translateX: -s * cx, translateY: -s * cy)
    }
}
