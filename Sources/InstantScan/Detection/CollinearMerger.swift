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
            // Short segments' directions are noisy, but both ends within the distance tolerance already
            // bound the angle; past 6° the angle test only costs time.
            let tolerance = min(6 * .pi / 180, max(minimumAngleTolerance, atan(2 / length)))
            let sinLimit = sin(tolerance)
            let home = CollinearLineIndex.bin(s.line)
            let reach = Int((tolerance / CollinearLineIndex.binWidth).rounded(.up)) + 1
            var best = -1, bestDistance = Double.infinity
            // Both ends within the tolerance put the midpoint within it.
            index.forEachCandidate(near: (s.start + s.end) * 0.5, home: home, reach: reach) { k in
                let l = lines[k]
                guard l.line.sinAngle(s.line) <= sinLimit else { return }
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
