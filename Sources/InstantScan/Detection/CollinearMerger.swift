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
        return lines.sorted { $0.coveredLength > $1.coveredLength }
    }
}
