#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The lines ``CollinearMerger`` has made so far, kept by direction and by offset, so that a segment
/// is compared only with the lines that could take it.
///
/// Direction alone left thousands of lines to compare on a textured photo (wood grain, an album page,
/// a patterned frame): most of them parallel to the segment and far off it. Within a direction bin a
/// line is also filed by its offset from the segments' centre along the bin's own normal; a segment
/// whose midpoint is within the merger's distance of a line is then within a few pixels of that line's
/// offset, measured the same way, and only the cells of that range are looked at. The cells hold every
/// line that could pass the merger's tests, so merging gives the lines it gave before.
struct CollinearLineIndex: Sendable {
    static let bins = 90
    static let binWidth = Double.pi / Double(bins)

    /// The direction bin of a line (its direction's angle in [0, π)).
    static func bin(_ line: ImageLine) -> Int {
        var angle = atan2(line.direction.y, line.direction.x)
        if angle < 0 { angle += .pi }
        return min(bins - 1, Int(angle / .pi * Double(bins)))
    }

    private let centre: Point
    private let radius: Double
    /// Largest difference between where a point lies along a line's own normal and along its bin's.
    private let slack: Double
    private let cellSize: Double
    private let cellsPerBin: Int
    /// Each bin's middle normal.
    private let binNormals: [Point]
    private var cells: [[Int]]
    private var filed: [(bin: Int, cell: Int)] = []

    /// An empty index for segments whose ends lie within `radius` of `centre`, merged with lines they
    /// lie within `distanceTolerance` of.
    init(centre: Point, radius: Double, distanceTolerance: Double) {
        self.centre = centre
        self.radius = radius
        // A line's direction is within half a bin of its bin's middle, so its normal is within that
        // angle of the bin's normal: along the two, a point `radius` from the centre differs by at most
        // 2·sin(half bin / 2)·radius, less than half a bin's width times the radius.
        slack = distanceTolerance + 0.5 * Self.binWidth * radius + 1e-6
        cellSize = max(slack, 1)
        cellsPerBin = max(1, Int((2 * (radius + slack) / cellSize).rounded(.up)) + 1)
        binNormals = (0..<Self.bins).map { b in
            let angle = (Double(b) + 0.5) * Self.binWidth
            return Point(-sin(angle), cos(angle))
        }
        cells = Array(repeating: [], count: Self.bins * cellsPerBin)
    }

    private func cell(forOffset offset: Double) -> Int {
        min(cellsPerBin - 1, max(0, Int(((offset + radius + slack) / cellSize).rounded(.down))))
    }

    /// Where a line lies along its bin's normal, from the centre.
    private func offset(of line: ImageLine, bin: Int) -> Double {
        let n = binNormals[bin]
        let sign: Double = line.normal.x * n.x + line.normal.y * n.y >= 0 ? 1 : -1
        return sign * (line.offset - (line.normal.x * centre.x + line.normal.y * centre.y))
    }

    /// Files line number `index` (the next one: lines are added in order).
    mutating func add(_ line: ImageLine, index: Int) {
        let bin = Self.bin(line)
        let place = (bin, cell(forOffset: offset(of: line, bin: bin)))
        filed.append(place)
        cells[place.0 * cellsPerBin + place.1].append(index)
    }

    /// Files line `index` again after it moved (it absorbed a segment).
    mutating func update(_ line: ImageLine, index: Int) {
        let bin = Self.bin(line)
        let place = (bin: bin, cell: cell(forOffset: offset(of: line, bin: bin)))
        let old = filed[index]
        guard place != old else { return }
        cells[old.bin * cellsPerBin + old.cell].removeAll { $0 == index }
        cells[place.bin * cellsPerBin + place.cell].append(index)
        filed[index] = place
    }

    /// Calls `body` with every line filed within `reach` bins of `home` whose offset could put it within
    /// the distance tolerance of `point`.
    func forEachCandidate(near point: Point, home: Int, reach: Int, _ body: (Int) -> Void) {
        for step in -reach...reach {
            let bin = ((home + step) % Self.bins + Self.bins) % Self.bins
            let n = binNormals[bin]
            let along = n.x * (point.x - centre.x) + n.y * (point.y - centre.y)
            let low = cell(forOffset: along - slack), high = cell(forOffset: along + slack)
            for c in low...high {
                for index in cells[bin * cellsPerBin + c] { body(index) }
            }
        }
    }
}
