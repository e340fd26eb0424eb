import Foundation
import Testing
@testable import InstantScan

/// The merger files its lines by direction and offset to compare a segment with few of them; it must
/// still join every segment to the line an exhaustive search would choose.
@Suite("Collinear merger")
struct CollinearMergerTests {
    /// A segment from `a` to `b` with the moments of points every pixel along it.
    private static func segment(_ a: Point, _ b: Point) -> LineSegment {
        var moments = PointMoments()
        let count = max(2, Int(a.distance(to: b)))
        for k in 0...count {
            let p = a + (b - a) * (Double(k) / Double(count))
            moments.add(p.x, p.y, weight: 1)
        }
        return LineSegment(line: ImageLine(a, b), start: a, end: b, moments: moments, pixelCount: count,
                           meanMagnitude: 20)
    }

    /// Lines of a textured photo: many short segments of every direction, and long edges broken into
    /// pieces a pixel or so off each other (the sides of cards, far from the image's middle too).
    private static func segments(seed: UInt64) -> [LineSegment] {
        var state = seed
        func random() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        var out: [LineSegment] = []
        for _ in 0..<600 {
            let c = Point(random() * 1300, random() * 980), angle = random() * .pi, length = 4 + random() * 30
            let d = Point(cos(angle), sin(angle)) * (length / 2)
            out.append(segment(c - d, c + d))
        }
        for _ in 0..<40 {
            let c = Point(random() * 1300, random() * 980), angle = random() * .pi
            let u = Point(cos(angle), sin(angle)), n = Point(-u.y, u.x)
            var t = -300.0
            while t < 300 {
                let piece = 10 + random() * 60, off = (random() - 0.5) * 2.4, tilt = (random() - 0.5) * 0.03
                let a = c + u * t + n * off, b = c + u * (t + piece) + n * (off + tilt * piece)
                out.append(segment(a, b))
                t += piece + random() * 25
            }
        }
        return out
    }

    /// The merge without an index: every line is a candidate for every segment.
    private static func exhaustive(_ segments: [LineSegment], _ merger: CollinearMerger) -> [SupportedLine] {
        var lines: [SupportedLine] = []
        for s in segments.map({ ($0, $0.length) }).sorted(by: { $0.1 > $1.1 }).map(\.0) {
            let tolerance = min(6 * .pi / 180, max(merger.minimumAngleTolerance, atan(2 / s.length)))
            var best = -1, bestDistance = Double.infinity
            for (k, l) in lines.enumerated() where l.line.sinAngle(s.line) <= sin(tolerance) {
                let d = max(abs(l.line.distance(s.start)), abs(l.line.distance(s.end)))
                if d <= merger.distanceTolerance && d < bestDistance { best = k; bestDistance = d }
            }
            if best >= 0 { lines[best].absorb(s) } else { lines.append(SupportedLine(s)) }
        }
        for i in lines.indices { lines[i].finish() }
        return lines.sorted { $0.coveredLength > $1.coveredLength }
    }

    @Test("the filed search joins what an exhaustive one joins", arguments: [1, 2, 3] as [UInt64])
    func sameAsExhaustive(seed: UInt64) {
        var merger = CollinearMerger()
        merger.maximumJoins = 0
        let segments = Self.segments(seed: seed)
        let filed = merger.merge(segments), exhaustive = Self.exhaustive(segments, merger)
        #expect(filed.count == exhaustive.count)
        #expect(filed.count < segments.count - 100, "the broken edges were joined")
        for (a, b) in zip(filed, exhaustive) {
            #expect(abs(a.line.offset - b.line.offset) < 1e-9 && a.line.normal.distance(to: b.line.normal) < 1e-12)
            #expect(abs(a.coveredLength - b.coveredLength) < 1e-9)
        }
    }
}
