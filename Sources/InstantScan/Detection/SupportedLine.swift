/// A line and the stretches of it that edge pixels actually cover: collinear ``LineSegment``s merged.
///
/// A card edge rarely comes out of segment detection in one piece — glare, a caption or a shadow
/// break it — so quads are built from these merged lines, and a hypothesised side is judged by how
/// much of it the covered stretches explain.
struct SupportedLine: Sendable {
    var line: ImageLine
    var moments: PointMoments
    /// Covered stretches as coordinates along `line.direction`, sorted and disjoint.
    var intervals: [ClosedRange<Double>]
    /// Sum of the segments' mean gradient × length: how much edge evidence the line carries.
    var strength: Double
    /// The segments' ends, until ``finish()`` turns them into intervals.
    private var pending: [(Point, Point)]

    init(_ segment: LineSegment) {
        line = segment.line
        moments = segment.moments
        let a = line.coordinate(segment.start), b = line.coordinate(segment.end)
        intervals = [min(a, b)...max(a, b)]
        strength = segment.meanMagnitude * segment.length
        pending = [(segment.start, segment.end)]
    }

    /// Two finished lines that continue each other along a gentle curve (the halves of a curled
    /// card's bowed side), as one line: their chord, covering both stretches.
    init?(joining a: SupportedLine, _ b: SupportedLine) {
        guard let fit = ImageLine(moments: a.moments + b.moments) else { return nil }
        line = fit.direction.x * a.line.direction.x + fit.direction.y * a.line.direction.y >= 0
            ? fit : ImageLine(normal: fit.normal * -1, offset: -fit.offset)
        moments = a.moments + b.moments
        strength = a.strength + b.strength
        pending = (a.intervals.map { (a.line.point(at: $0.lowerBound), a.line.point(at: $0.upperBound)) }
            + b.intervals.map { (b.line.point(at: $0.lowerBound), b.line.point(at: $0.upperBound)) })
        intervals = []
        finish()
    }

    /// Total covered length.
    var coveredLength: Double { intervals.reduce(0) { $0 + ($1.upperBound - $1.lowerBound) } }

    /// The longest stretch covered with no gap wider than `maximumGap`: what tells a real edge from
    /// texture that happens to line up (wood grain makes many short collinear pieces with gaps).
    func longestRun(maximumGap: Double) -> Double {
        var best = 0.0, runStart = intervals[0].lowerBound, runEnd = intervals[0].upperBound
        for r in intervals.dropFirst() {
            if r.lowerBound - runEnd <= maximumGap {
                runEnd = max(runEnd, r.upperBound)
            } else {
                best = max(best, runEnd - runStart)
                runStart = r.lowerBound
                runEnd = r.upperBound
            }
        }
        return max(best, runEnd - runStart)
    }

    /// First and last covered coordinate.
    var extent: ClosedRange<Double> { intervals.first!.lowerBound...intervals.last!.upperBound }

    /// How much of the stretch between coordinates `a` and `b` is covered.
    func coverage(from a: Double, to b: Double) -> Double {
        let lo = min(a, b), hi = max(a, b)
        var sum = 0.0
        for r in intervals {
            if r.upperBound <= lo { continue }
            if r.lowerBound >= hi { break }
            sum += min(r.upperBound, hi) - max(r.lowerBound, lo)
        }
        return sum
    }

    /// Takes in a segment that lies on this line: refits the line; its stretch is added to the
    /// covered intervals by ``finish()``, once all segments are in (re-sorting on every absorb made
    /// merging quadratic on textured photos).
    mutating func absorb(_ segment: LineSegment) {
        moments = moments + segment.moments
        if let refit = ImageLine(moments: moments) {
            // Keep the direction's sense so coordinates keep their order.
            line = refit.direction.x * line.direction.x + refit.direction.y * line.direction.y >= 0
                ? refit : ImageLine(normal: refit.normal * -1, offset: -refit.offset)
        }
        strength += segment.meanMagnitude * segment.length
        pending.append((segment.start, segment.end))
    }

    /// Projects every stretch onto the final line and merges them into sorted, disjoint intervals.
    mutating func finish() {
        var ranges = pending.map { s -> ClosedRange<Double> in
            let a = line.coordinate(s.0), b = line.coordinate(s.1)
            return min(a, b)...max(a, b)
        }
        ranges.sort { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<Double>] = []
        for r in ranges {
            if let last = merged.last, r.lowerBound <= last.upperBound + 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, r.upperBound)
            } else {
                merged.append(r)
            }
        }
        intervals = merged
    }
}
