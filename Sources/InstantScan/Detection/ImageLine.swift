#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A straight line in Hessian normal form, `normal · p = offset` with a unit normal.
struct ImageLine: Sendable, Equatable {
    /// Unit normal.
    var normal: Point
    /// Signed distance of the line from the origin along `normal`.
    var offset: Double

    init(normal: Point, offset: Double) {
        let n = (normal.x * normal.x + normal.y * normal.y).squareRoot()
        self.normal = Point(normal.x / n, normal.y / n)
        self.offset = offset / n
    }

    /// The line through `p` with unit direction `direction`.
    init(through p: Point, direction: Point) {
        let n = Point(-direction.y, direction.x)
        self.init(normal: n, offset: n.x * p.x + n.y * p.y)
    }

    /// The line through two points.
    init(_ a: Point, _ b: Point) {
        let d = b - a
        let len = (d.x * d.x + d.y * d.y).squareRoot()
        self.init(through: a, direction: Point(d.x / len, d.y / len))
    }

    /// Unit direction, the normal turned a quarter clockwise on screen.
    var direction: Point { Point(normal.y, -normal.x) }

    /// Signed distance of `p` from the line.
    @inline(__always)
    func distance(_ p: Point) -> Double { normal.x * p.x + normal.y * p.y - offset }

    /// Where `p` projects along `direction` (a coordinate along the line).
    @inline(__always)
    func coordinate(_ p: Point) -> Double { direction.x * p.x + direction.y * p.y }

    /// The point of the line at coordinate `t`.
    func point(at t: Double) -> Point {
        let foot = normal * offset
        return foot + direction * t
    }

    /// The crossing point, or nil for (nearly) parallel lines.
    func intersection(_ other: ImageLine) -> Point? {
        let det = normal.x * other.normal.y - normal.y * other.normal.x
        guard abs(det) > 1e-9 else { return nil }
        return Point((offset * other.normal.y - normal.y * other.offset) / det,
                     (normal.x * other.offset - offset * other.normal.x) / det)
    }

    /// |sin| of the angle between the two lines.
    func sinAngle(_ other: ImageLine) -> Double {
        abs(normal.x * other.normal.y - normal.y * other.normal.x)
    }

    /// The same line with every point mapped by an affine map.
    func mapped(_ map: AffineMap) -> ImageLine {
        let p = map.apply(normal * offset)
        let d = map.applyToVector(direction)
        let len = (d.x * d.x + d.y * d.y).squareRoot()
        return ImageLine(through: p, direction: Point(d.x / len, d.y / len))
    }

    /// The total-least-squares line of weighted points, from their moments.
    init?(moments m: PointMoments) {
        guard m.weight > 0 else { return nil }
        let cx = m.sx / m.weight, cy = m.sy / m.weight
        let xx = m.sxx / m.weight - cx * cx, yy = m.syy / m.weight - cy * cy, xy = m.sxy / m.weight - cx * cy
        // Direction of largest spread.
        let angle = 0.5 * atan2(2 * xy, xx - yy)
        self.init(through: Point(cx, cy), direction: Point(cos(angle), sin(angle)))
    }
}

/// Weighted first and second moments of a point set: enough to fit a line and to merge sets.
struct PointMoments: Sendable, Equatable {
    var weight = 0.0, sx = 0.0, sy = 0.0, sxx = 0.0, sxy = 0.0, syy = 0.0

    mutating func add(_ x: Double, _ y: Double, weight w: Double) {
        weight += w; sx += w * x; sy += w * y
        sxx += w * x * x; sxy += w * x * y; syy += w * y * y
    }

    static func + (a: PointMoments, b: PointMoments) -> PointMoments {
        PointMoments(weight: a.weight + b.weight, sx: a.sx + b.sx, sy: a.sy + b.sy,
                     sxx: a.sxx + b.sxx, sxy: a.sxy + b.sxy, syy: a.syy + b.syy)
    }
}
