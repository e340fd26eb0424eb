/// One side of a print as a gentle curve: a quadratic offset across a straight base line.
///
/// A slightly curled card's sides bow by a few to tens of pixels on a 12 MP photo; its corners (where
/// the ground truth and the scan want them) are where two bowed sides meet, not where two straight
/// lines through the sides' middles would.
struct EdgeCurve: Sendable {
    /// Start of the base line.
    var origin: Point
    /// Unit direction of the base line.
    var direction: Point
    /// Unit normal along which the offset is measured.
    var normal: Point
    /// Offset across the base line at coordinate t along it: c0 + c1·t + c2·t².
    var c0: Double, c1: Double, c2: Double
    /// Length of the side along the base line.
    var length: Double

    func point(at t: Double) -> Point {
        origin + direction * t + normal * (c0 + c1 * t + c2 * t * t)
    }

    /// The line touching the curve at coordinate t.
    func tangent(at t: Double) -> ImageLine {
        let d = direction + normal * (c1 + 2 * c2 * t)
        return ImageLine(through: point(at: t), direction: d * (1 / (d.x * d.x + d.y * d.y).squareRoot()))
    }

    /// Largest distance of the curve from its chord over the side.
    var sagitta: Double { abs(c2) * length * length / 4 }

    /// The straight line through the curve's ends (where a straight model of the side would put it).
    var chord: ImageLine { ImageLine(point(at: 0), point(at: length)) }

    /// Coordinate along the base line of the curve's point nearest `p` (one Newton step is plenty for
    /// a gentle curve).
    func coordinate(of p: Point) -> Double {
        let v = p - origin
        var t = v.x * direction.x + v.y * direction.y
        for _ in 0..<3 {
            let q = point(at: t)
            let d = direction + normal * (c1 + 2 * c2 * t)
            let r = p - q
            t += (r.x * d.x + r.y * d.y) / (d.x * d.x + d.y * d.y)
        }
        return t
    }

    /// Where two sides meet: tangent lines at the current estimate, intersected, until the estimate
    /// settles. `start` is a nearby point (the straight lines' corner).
    static func corner(_ a: EdgeCurve, _ b: EdgeCurve, near start: Point) -> Point? {
        var p = start
        for _ in 0..<8 {
            guard let q = a.tangent(at: a.coordinate(of: p)).intersection(b.tangent(at: b.coordinate(of: p))) else {
                return nil
            }
            let moved = q.distance(to: p)
            p = q
            if moved < 1e-3 { break }
        }
        return p
    }

    /// A straight side as a curve with no bow.
    init(line: ImageLine, from a: Point, to b: Point) {
        let t0 = line.coordinate(a), t1 = line.coordinate(b)
        let forward = t1 >= t0
        direction = forward ? line.direction : line.direction * -1
        origin = line.point(at: t0)
        normal = Point(-direction.y, direction.x)
        c0 = 0; c1 = 0; c2 = 0
        length = abs(t1 - t0)
    }

    init(origin: Point, direction: Point, normal: Point, c0: Double, c1: Double, c2: Double, length: Double) {
        self.origin = origin; self.direction = direction; self.normal = normal
        self.c0 = c0; self.c1 = c1; self.c2 = c2; self.length = length
    }
}
