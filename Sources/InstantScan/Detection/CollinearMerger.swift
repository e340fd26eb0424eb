#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Joins segments that lie on one straight line into ``SupportedLine``s, longest first.
///
/// A segment joins a line when its direction agrees (within what its own length can tell) and both
/// its ends lie within `distanceTolerance` of the line; gaps between the pieces are allowed, since
/// glare and captions interrupt real edges.
struct CollinearMerger: Sendable {
    /// Largest distance of a segment end from the line, in working pixels.
    var distanceTolerance = 1.5
    /// Smallest angular tolerance, for long segments.
    var minimumAngleTolerance = 1.5 * Double.pi / 180

    func merge(_ segments: [LineSegment]) -> [SupportedLine] {
        let sorted = segments.sorted { $0.length > $1.length }
        var lines: [SupportedLine] = []
        for s in sorted {
            let tolerance = max(minimumAngleTolerance, atan(2 / s.length))
            let sinLimit = sin(tolerance)
            var best = -1, bestDistance = Double.infinity
            for (k, l) in lines.enumerated() {
                guard l.line.sinAngle(s.line) <= sinLimit else { continue }
                let d = max(abs(l.line.distance(s.start)), abs(l.line.distance(s.end)))
                if d <= distanceTolerance && d < bestDistance {
                    best = k
                    bestDistance = d
                }
            }
            if best >= 0 {
                lines[best].absorb(s)
            } else {
                lines.append(SupportedLine(s))
            }
        }
        return lines.sorted { $0.coveredLength > $1.coveredLength }
    }
}
