#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the confidently found prints of a wall, a shelf or a page say about where more of them sit:
/// one shared format, and cards of about the same size and orientation, each a row's or a column's
/// step from another.
///
/// Built only when at least three prints agree on a format and they are most of those found: one or
/// two prints are not a row, and a table of mixed prints has no shared shape to go by.
struct PrintRowModel: Sendable {
    /// A confident print's card as the photo shows it.
    struct Member: Sendable {
        var centroid: Point
        /// Mean lengths of its two pairs of opposite sides.
        var sides: (Double, Double)
        /// Directions (radians, modulo π) of its two pairs of sides.
        var directions: (Double, Double)
    }

    let format: PrintFormat
    let members: [Member]

    init?(_ prints: [(card: Quad, format: PrintFormat?)]) {
        var counts: [PrintFormat: Int] = [:]
        for p in prints { if let f = p.format { counts[f, default: 0] += 1 } }
        guard let (shared, count) = counts.max(by: { $0.value < $1.value }),
              count >= 3, Double(count) >= 0.6 * Double(prints.count) else { return nil }
        format = shared
        members = prints.filter { $0.format == shared }.map { PrintRowModel.member($0.card) }
    }

    static func member(_ q: Quad) -> Member {
        let c = q.corners
        let a = (c[0].distance(to: c[1]) + c[2].distance(to: c[3])) / 2
        let b = (c[1].distance(to: c[2]) + c[3].distance(to: c[0])) / 2
        return Member(centroid: q.centroid, sides: (a, b),
                      directions: (direction(c[0], c[1]), direction(c[1], c[2])))
    }

    /// Whether a card `q` would be a neighbour of one of the members: of its shape, size and
    /// orientation, and in line with it along one of its sides' directions, within a few steps.
    ///
    /// The tolerances are what perspective changes between neighbours of a row seen at up to 50°:
    /// a neighbour nearer the camera looks up to a third larger, its sides turn by a few degrees, and
    /// the row's line bends by as much (vanishing points). The shape (long over short side) changes
    /// far less between neighbours than between a print and a picture frame or a window pane.
    func fits(_ q: Quad) -> Bool {
        let c = PrintRowModel.member(q)
        return members.contains { m in
            let (qShort, qLong) = (min(c.sides.0, c.sides.1), max(c.sides.0, c.sides.1))
            let (mShort, mLong) = (min(m.sides.0, m.sides.1), max(m.sides.0, m.sides.1))
            guard mShort > 0, qShort > 0 else { return false }
            let scale = (qShort * qLong / (mShort * mLong)).squareRoot()
            guard scale > 0.75, scale < 1.33, abs(log((qLong / qShort) / (mLong / mShort))) < 0.1 else { return false }
            let turn = min(PrintRowModel.angle(c.directions.0, m.directions.0) + PrintRowModel.angle(c.directions.1, m.directions.1),
                           PrintRowModel.angle(c.directions.0, m.directions.1) + PrintRowModel.angle(c.directions.1, m.directions.0))
            guard turn < 2 * 0.14 else { return false }
            let step = c.centroid - m.centroid
            let distance = c.centroid.distance(to: m.centroid)
            // Within three card lengths: a row has gaps where a print was missed, rarely wider ones.
            guard distance > 0.5 * mShort, distance < 3.5 * mLong else { return false }
            let along = PrintRowModel.direction(Point(0, 0), step)
            return min(PrintRowModel.angle(along, m.directions.0), PrintRowModel.angle(along, m.directions.1)) < 0.2
        }
    }

    private static func direction(_ a: Point, _ b: Point) -> Double {
        let t = atan2(b.y - a.y, b.x - a.x)
        return t < 0 ? t + .pi : t
    }

    /// The angle between two undirected directions (0…π/2).
    private static func angle(_ a: Double, _ b: Double) -> Double {
        let d = abs(a - b).truncatingRemainder(dividingBy: .pi)
        return min(d, .pi - d)
    }
}
