/// Areas of overlap between convex quads, by Sutherland–Hodgman clipping.
enum ConvexOverlap {
    /// The area two convex polygons (clockwise on screen) share.
    static func intersectionArea(_ a: [Point], _ b: [Point]) -> Double {
        var poly = a
        // Two buffers taking turns: clipping runs for every pair of candidates and every place an
        // outline search tries, and a new array an edge cost more than the clipping.
        var next: [Point] = []
        next.reserveCapacity(a.count + b.count)
        let clockwise = signedArea(b) >= 0
        for i in 0..<b.count {
            guard !poly.isEmpty else { return 0 }
            let p = b[i], q = b[(i + 1) % b.count]
            func inside(_ r: Point) -> Bool {
                let z = Point.cross(q - p, r - p)
                return clockwise ? z >= 0 : z <= 0
            }
            next.removeAll(keepingCapacity: true)
            for j in 0..<poly.count {
                let cur = poly[j], prev = poly[(j + poly.count - 1) % poly.count]
                let ci = inside(cur), pi = inside(prev)
                if ci {
                    if !pi, let x = crossing(prev, cur, p, q) { next.append(x) }
                    next.append(cur)
                } else if pi, let x = crossing(prev, cur, p, q) {
                    next.append(x)
                }
            }
            swap(&poly, &next)
        }
        return abs(signedArea(poly))
    }

    /// Intersection over the smaller area: 1 when one quad lies inside the other.
    static func overlapOfSmaller(_ a: Quad, _ b: Quad) -> Double {
        let inter = intersectionArea(a.corners, b.corners)
        let smaller = min(a.area, b.area)
        return smaller > 0 ? inter / smaller : 0
    }

    /// Intersection over union.
    static func iou(_ a: Quad, _ b: Quad) -> Double {
        let inter = intersectionArea(a.corners, b.corners)
        let union = a.area + b.area - inter
        return union > 0 ? inter / union : 0
    }

    private static func signedArea(_ p: [Point]) -> Double {
        guard p.count >= 3 else { return 0 }
        var s = 0.0
        for i in 0..<p.count { s += Point.cross(p[i], p[(i + 1) % p.count]) }
        return s / 2
    }

    private static func crossing(_ a: Point, _ b: Point, _ p: Point, _ q: Point) -> Point? {
        let r = b - a, s = q - p
        let den = Point.cross(r, s)
        guard abs(den) > 1e-12 else { return nil }
        let t = Point.cross(p - a, s) / den
        return a + r * t
    }
}
