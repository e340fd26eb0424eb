#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Joins segments that lie on one straight line into ``SupportedLine``s, longest first.
///
/// A segment joins a line when its direction agrees (within what its own length can tell) and both
/// its ends lie within `distanceTolerance` of the line; gaps between the pieces are allowed, since
/// glare and captions interrupt real edges. Lines are kept in buckets by direction, so a segment is
/// compared only with lines that could take it (textured photos give thousands of segments).
struct CollinearMerger: Sendable {
    /// Largest distance of a segment end from the line, in working pixels.
    var distanceTolerance = 1.5
    /// Smallest angular tolerance, for long segments.
    var minimumAngleTolerance = 1.5 * Double.pi / 180

    private static let bins = 90

    private static func bin(_ line: ImageLine) -> Int {
        var angle = atan2(line.direction.y, line.direction.x)
        if angle < 0 { angle += .pi }
        return min(bins - 1, Int(angle / .pi * Double(bins)))
    }

    func merge(_ segments: [LineSegment]) -> [SupportedLine] {
        let sorted = segments.sorted { $0.length > $1.length }
        var lines: [SupportedLine] = []
        var buckets = [[Int]](repeating: [], count: CollinearMerger.bins)
        var binOf: [Int] = []
        let binWidth = Double.pi / Double(CollinearMerger.bins)
        for s in sorted {
            // Short segments' directions are noisy, but both ends within the distance tolerance already
            // bound the angle; past 6° the angle test only costs time.
            let tolerance = min(6 * .pi / 180, max(minimumAngleTolerance, atan(2 / s.length)))
            let sinLimit = sin(tolerance)
            let home = CollinearMerger.bin(s.line)
            let reach = Int((tolerance / binWidth).rounded(.up)) + 1
            var best = -1, bestDistance = Double.infinity
            for offset in -reach...reach {
                let b = ((home + offset) % CollinearMerger.bins + CollinearMerger.bins) % CollinearMerger.bins
                for k in buckets[b] {
                    let l = lines[k]
                    guard l.line.sinAngle(s.line) <= sinLimit else { continue }
                    let d = max(abs(l.line.distance(s.start)), abs(l.line.distance(s.end)))
                    if d <= distanceTolerance && d < bestDistance {
                        best = k
                        bestDistance = d
                    }
                }
            }
            if best >= 0 {
                lines[best].absorb(s)
                let moved = CollinearMerger.bin(lines[best].line)
                if moved != binOf[best] {
                    buckets[binOf[best]].removeAll { $0 == best }
                    buckets[moved].append(best)
                    binOf[best] = moved
                }
            } else {
                lines.append(SupportedLine(s))
                binOf.append(home)
                buckets[home].append(lines.count - 1)
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
