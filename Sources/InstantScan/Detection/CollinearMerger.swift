#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Joins segments that lie on one straight line into ``SupportedLine``s, longest first.
///
/// A segment joins a line when its direction agrees (within what its own length can tell) and both
/// its ends lie within `distanceTolerance` of the line; gaps between the pieces are allowed, since
/// glare and captions interrupt real edges. Lines are filed by direction and offset
/// (``CollinearLineIndex``), so a segment is compared only with lines that could take it (textured
/// photos give thousands of segments).
struct CollinearMerger: Sendable {
    /// Largest distance of a segment end from the line, in working pixels.
    var distanceTolerance = 1.5
    /// Smallest angular tolerance, for long segments.
    var minimumAngleTolerance = 1.5 * Double.pi / 180

    func merge(_ segments: [LineSegment]) -> [SupportedLine] {
        // Lengths once: sorting compares each many times.
        let sorted = segments.map { ($0, $0.length) }.sorted { $0.1 > $1.1 }
        var lines: [SupportedLine] = []
        let extent = Self.extent(of: segments)
        var index = CollinearLineIndex(centre: extent.centre, radius: extent.radius,
                                       distanceTolerance: distanceTolerance)
        for (s, length) in sorted {
            let widest = widestAngleTolerance(length)
            let home = CollinearLineIndex.bin(s.line)
            let reach = Int((widest / CollinearLineIndex.binWidth).rounded(.up)) + 1
            var best = -1, bestDistance = Double.infinity
            // Both ends within the tolerance put the midpoint within it.
            index.forEachCandidate(near: (s.start + s.end) * 0.5, home: home, reach: reach) { k in
                let l = lines[k]
                guard l.line.sinAngle(s.line) <= sin(angleTolerance(s, length: length, line: l)) else { return }
                let d = max(abs(l.line.distance(s.start)), abs(l.line.distance(s.end)))
                if d <= distanceTolerance && (d < bestDistance || (d == bestDistance && k < best)) {
                    best = k
                    bestDistance = d
                }
            }
            if best >= 0 {
                lines[best].absorb(s)
                index.update(lines[best].line, index: best)
            } else {
                lines.append(SupportedLine(s))
                index.add(s.line, index: lines.count - 1)
            }
        }
        for i in lines.indices { lines[i].finish() }
        lines.sort { $0.coveredLength > $1.coveredLength }
        guard maximumJoins > 0 else { return lines }
        return lines + bowedJoins(of: lines).sorted { $0.coveredLength > $1.coveredLength }
    }

    /// Longest lines considered for joining along a bow, and the most joins added.
    var bowCandidates = 120
    var maximumJoins = 60
    /// Largest bow of a joined side, as a share of its chord (a curled card bows by a few per cent).
    var maximumBowShare = 0.03
    /// Shortest joined side, in working pixels (as ``LineSegmentDetector/minimumBentLength``): a few
    /// per cent of a shorter side is within the straight fit's tolerance.
    var minimumBowedChord = 128.0

    /// How far a segment of `length` pixels may turn from a line and still join it: see
    /// ``angleTolerance(_:length:line:)``. Lines are made from the longer segments first, so none is
    /// less certain of its direction than the segment itself.
    func widestAngleTolerance(_ length: Double) -> Double {
        // Both ends within the distance tolerance already bound the angle to any line: past that
        // bound the angle test only costs time.
        let bound = asin(min(1, 2 * distanceTolerance / length))
        return min(bound, max(minimumAngleTolerance, 2 * Self.directionUncertainty(length)))
    }

    /// How far segment `s` (`length` pixels) may turn from `line` and still join it.
    ///
    /// A straight fit to a short piece of edge is uncertain in direction by about atan(2 px / length):
    /// each end is placed to about a pixel, either way. A dim or soft card side comes out of segment
    /// detection as pieces of 16–26 px whose directions differ by 6–8°, although they are one edge; a
    /// piece continuing a line (no further from the line's support than its own length) may differ
    /// from it by both their uncertainties, the line's from the spread of its pixels. Further along,
    /// the line's position there is itself uncertain by the gap times its angle, so both ends falling
    /// within the distance tolerance says little; there a piece is held to its own uncertainty (at
    /// most 6°), as the merger always did.
    func angleTolerance(_ s: LineSegment, length: Double, line l: SupportedLine) -> Double {
        let own = Self.directionUncertainty(length), m = l.moments
        let support = Self.supportLength(m)
        var continues = false
        if m.weight > 0 {
            let centre = Point(m.sx / m.weight, m.sy / m.weight), u = l.line.direction, mid = (s.start + s.end) * 0.5
            continues = abs(u.x * (mid.x - centre.x) + u.y * (mid.y - centre.y)) - 0.5 * (support + length) <= length
        }
        let tolerance = continues ? max(minimumAngleTolerance, own + Self.directionUncertainty(support))
            : min(6 * .pi / 180, max(minimumAngleTolerance, own))
        return min(widestAngleTolerance(length), tolerance)
    }

    /// How far off its true direction a straight fit over `length` pixels of edge may lie: each end is
    /// placed to about a pixel, either way.
    static func directionUncertainty(_ length: Double) -> Double { atan(2 / max(length, 1)) }

    /// The length of edge a line's points spread over: the length of an even run with the same spread
    /// along the line (√12 standard deviations). Pieces with a gap between them spread further than
    /// their summed lengths, and fix the direction better.
    static func supportLength(_ m: PointMoments) -> Double {
        guard m.weight > 0 else { return 0 }
        let mx = m.sx / m.weight, my = m.sy / m.weight
        let cxx = m.sxx / m.weight - mx * mx, cxy = m.sxy / m.weight - mx * my, cyy = m.syy / m.weight - my * my
        // The larger eigenvalue of the covariance: the spread along the line.
        let half = 0.5 * (cxx + cyy), d = (0.25 * (cxx - cyy) * (cxx - cyy) + cxy * cxy).squareRoot()
        return (12 * max(0, half + d)).squareRoot()
    }

    /// The middle of the segments' bounding box, and half its diagonal: every end lies within that
    /// of the middle.
    private static func extent(of segments: [LineSegment]) -> (centre: Point, radius: Double) {
        guard let first = segments.first else { return (Point(0, 0), 1) }
        var lo = first.start, hi = first.start
        for s in segments {
            for p in [s.start, s.end] {
                lo = Point(min(lo.x, p.x), min(lo.y, p.y))
                hi = Point(max(hi.x, p.x), max(hi.y, p.y))
            }
        }
        return ((lo + hi) * 0.5, max(1, 0.5 * lo.distance(to: hi)))
    }

    /// A slightly curled card's side is a gentle curve: its straight pieces (``LineSegmentDetector``
    /// halves a bent chain) do not lie on one line, so no quad closes. Two pieces that continue each
    /// other (end to end with no gap, directions a few degrees apart, within a small bow of the chord
    /// through their far ends) are joined into one more line; the pieces stay too.
    func bowedJoins(of lines: [SupportedLine]) -> [SupportedLine] {
        let pool = lines.prefix(bowCandidates).filter { $0.coveredLength >= 12 }
        let sinLimit = sin(6 * Double.pi / 180)
        var joins: [SupportedLine] = []
        for i in pool.indices {
            for j in pool.indices where j > i {
                let a = pool[i], b = pool[j]
                guard a.line.sinAngle(b.line) <= sinLimit else { continue }
                // Ends of each piece's covered extent, and the order along a's direction.
                let a0 = a.line.point(at: a.extent.lowerBound), a1 = a.line.point(at: a.extent.upperBound)
                let b0 = b.line.point(at: b.extent.lowerBound), b1 = b.line.point(at: b.extent.upperBound)
                let u = a.line.direction
                func along(_ p: Point) -> Double { u.x * p.x + u.y * p.y }
                let (bLow, bHigh) = along(b0) <= along(b1) ? (b0, b1) : (b1, b0)
                let (near, far, start, end): (Point, Point, Point, Point)
                if along(bLow) >= along(a1) - 0.15 * (along(a1) - along(a0)) {
                    (near, far, start, end) = (a1, bLow, a0, bHigh)
                } else if along(bHigh) <= along(a0) + 0.15 * (along(a1) - along(a0)) {
                    (near, far, start, end) = (a0, bHigh, a1, bLow)
                } else { continue }
                let chordLength = start.distance(to: end)
                guard chordLength >= minimumBowedChord else { continue }
                // End to end, no gap: the halves of one bent chain of edge pixels. Neighbouring prints
                // in a row on a wall have nearly collinear edges too, with a gap between them.
                guard near.distance(to: far) <= max(3, 0.01 * chordLength) else { continue }
                let chord = ImageLine(start, end)
                let bow = max(abs(chord.distance(near)), abs(chord.distance(far)))
                // Pieces that already lie on one line were merged above; past a few per cent it is
                // not one bowed edge.
                guard bow > distanceTolerance, bow <= maximumBowShare * chordLength else { continue }
                // The pieces bend the same way: both inner ends on one side of the chord.
                guard chord.distance(near) * chord.distance(far) > 0 else { continue }
                if let joined = SupportedLine(joining: a, b) { joins.append(joined) }
                if joins.count >= maximumJoins { return joins }
            }
        }
        return joins
    }
}

