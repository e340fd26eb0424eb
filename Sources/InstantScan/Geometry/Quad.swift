/// Four corners of a print as it lies in a photo: top-left, top-right, bottom-right, bottom-left
/// of the upright print (its thick border at the bottom).
public struct Quad: Sendable, Hashable, CustomStringConvertible {
    /// Top-left, top-right, bottom-right, bottom-left.
    public var corners: [Point]

    /// Makes a quad from four corners in TL, TR, BR, BL order.
    public init(_ topLeft: Point, _ topRight: Point, _ bottomRight: Point, _ bottomLeft: Point) {
        corners = [topLeft, topRight, bottomRight, bottomLeft]
    }

    /// Makes a quad from exactly four corners in TL, TR, BR, BL order.
    public init(corners: [Point]) {
        precondition(corners.count == 4, "a quad has four corners")
        self.corners = corners
    }

    /// The axis-aligned rectangle `[0, width] × [0, height]` in the quad's corner order.
    public init(rectangleWidth width: Double, height: Double) {
        self.init(Point(0, 0), Point(width, 0), Point(width, height), Point(0, height))
    }

    /// The first corner: the print's top left when it is upright.
    public var topLeft: Point { corners[0] }
    /// The second corner: the print's top right.
    public var topRight: Point { corners[1] }
    /// The third corner: the print's bottom right (the thick border's end).
    public var bottomRight: Point { corners[2] }
    /// The fourth corner: the print's bottom left.
    public var bottomLeft: Point { corners[3] }

    /// Signed area by the shoelace formula: positive when the corners run clockwise on screen (y down).
    public var signedArea: Double {
        var sum = 0.0
        for i in 0..<4 {
            sum += Point.cross(corners[i], corners[(i + 1) % 4])
        }
        return sum / 2
    }

    /// Area in square pixels.
    public var area: Double { abs(signedArea) }

    /// True when the four corners make a convex quadrilateral with no three in a line.
    public var isConvex: Bool {
        var sign = 0.0
        for i in 0..<4 {
            let a = corners[i], b = corners[(i + 1) % 4], c = corners[(i + 2) % 4]
            let z = Point.cross(b - a, c - b)
            if abs(z) < 1e-9 { return false }
            if sign == 0 { sign = z } else if (z > 0) != (sign > 0) { return false }
        }
        return true
    }

    /// Mean length of the top and bottom sides.
    public var meanWidth: Double { (topLeft.distance(to: topRight) + bottomLeft.distance(to: bottomRight)) / 2 }
    /// Mean length of the left and right sides.
    public var meanHeight: Double { (topLeft.distance(to: bottomLeft) + topRight.distance(to: bottomRight)) / 2 }

    /// The centre of mass of the four corners.
    public var centroid: Point {
        // Summed from zero in order, as `reduce` would, without building arrays: detection takes
        // the centroids of thousands of quads.
        let c = corners
        return Point((((0 + c[0].x) + c[1].x) + c[2].x + c[3].x) / 4, (((0 + c[0].y) + c[1].y) + c[2].y + c[3].y) / 4)
    }

    /// The same quad with its corners rotated by `steps` quarter turns of the order
    /// (1: the old TR becomes TL), as when a print turns out to lie on its side.
    public func rotatingOrder(by steps: Int) -> Quad {
        let k = ((steps % 4) + 4) % 4
        return Quad(corners: (0..<4).map { corners[($0 + k) % 4] })
    }

    /// The quad with every corner mapped by `transform`.
    public func mapped(_ transform: (Point) -> Point) -> Quad {
        Quad(corners: corners.map(transform))
    }

    /// The quad with coordinates multiplied by `factor` (for moving between decode scales).
    public func scaled(by factor: Double) -> Quad {
        mapped { $0 * factor }
    }

    /// True when every corner lies within `[0, width-1] × [0, height-1]`, give or take `tolerance`.
    public func isInside(width: Int, height: Int, tolerance: Double = 0.5) -> Bool {
        corners.allSatisfy {
            $0.x >= -tolerance && $0.y >= -tolerance
                && $0.x <= Double(width - 1) + tolerance && $0.y <= Double(height - 1) + tolerance
        }
    }

    /// Whether `p` lies inside the quad, taken as convex (corners in either turning order); a point
    /// on a side counts as inside.
    func contains(_ p: Point) -> Bool {
        var sign = 0.0
        for i in 0..<4 {
            let a = corners[i], b = corners[(i + 1) % 4]
            let cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
            if cross == 0 { continue }
            if sign == 0 { sign = cross } else if (cross > 0) != (sign > 0) { return false }
        }
        return true
    }

    public var description: String {
        corners.map { "\($0.x),\($0.y)" }.joined(separator: " ")
    }
}
