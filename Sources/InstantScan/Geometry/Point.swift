/// A point in image coordinates: x to the right, y down, pixel centres at whole numbers
/// (OpenCV's convention, so coordinates agree with the tools people check us against).
public struct Point: Sendable, Hashable, CustomStringConvertible {
    /// Horizontal coordinate in pixels.
    public var x: Double
    /// Vertical coordinate in pixels.
    public var y: Double

    /// Makes a point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// Makes a point from two values.
    public init(_ x: Double, _ y: Double) {
        self.init(x: x, y: y)
    }

    /// Euclidean distance to another point.
    public func distance(to other: Point) -> Double {
        ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
    }

    public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    public static func * (a: Point, s: Double) -> Point { Point(a.x * s, a.y * s) }

    /// The z of the cross product of `a` and `b` taken as vectors.
    static func cross(_ a: Point, _ b: Point) -> Double { a.x * b.y - a.y * b.x }

    public var description: String { "(\(x), \(y))" }
}
