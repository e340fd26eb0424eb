#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Closes supported lines into quadrilaterals: two roughly opposite pairs, crossing at four corners.
///
/// Opposite sides of a tilted card converge, but not by much (a card leaning 40° toward the camera
/// still has its far and near edges within ~30° of parallel), while adjacent sides stay far from
/// parallel. Each quad is scored cheaply by how much of its perimeter the lines' covered stretches
/// explain; only the best go on to the pixel-level template test.
struct QuadHypothesisGenerator: Sendable {
    /// Lines considered, strongest first.
    var maximumLines = 48
    /// Largest angle between opposite sides.
    var maximumOppositeAngle = 35.0 * Double.pi / 180
    /// Smallest angle between adjacent sides.
    var minimumCornerAngle = 45.0 * Double.pi / 180
    /// Shortest side, in working pixels.
    var minimumSide = 24.0
    /// Smallest share of each side the covered stretches must explain.
    var minimumSideCoverage = 0.25
    /// Smallest share of the whole perimeter.
    var minimumCoverage = 0.45
    /// How far outside the image a corner may lie, as a share of the image's long side.
    var outsideMargin = 0.1
    /// Quads kept.
    var maximumHypotheses = 64

    func hypotheses(from allLines: [SupportedLine], width: Int, height: Int) -> [QuadHypothesis] {
        // Rank by the longest continuous stretch: a card edge is one long run (or a few, where glare
        // breaks it); texture that happens to line up is many short pieces.
        let ranked = allLines.map { ($0, $0.longestRun(maximumGap: 3)) }.sorted { $0.1 > $1.1 }
        let lines = ranked.prefix(maximumLines).map(\.0)
        let n = lines.count
        guard n >= 4 else { return [] }
        let sinOpposite = sin(maximumOppositeAngle), sinCorner = sin(minimumCornerAngle)
        var crossing = [Point?](repeating: nil, count: n * n)
        var sines = [Double](repeating: 0, count: n * n)
        for i in 0..<n {
            for j in (i + 1)..<n {
                let s = lines[i].line.sinAngle(lines[j].line)
                sines[i * n + j] = s; sines[j * n + i] = s
                if s >= sinCorner, let p = lines[i].line.intersection(lines[j].line) {
                    crossing[i * n + j] = p; crossing[j * n + i] = p
                }
            }
        }
        // Opposite pairs: near-parallel lines at least a side apart.
        var pairs: [(Int, Int)] = []
        for i in 0..<n {
            for j in (i + 1)..<n where sines[i * n + j] <= sinOpposite {
                let mid = lines[i].line.point(at: (lines[i].extent.lowerBound + lines[i].extent.upperBound) / 2)
                if abs(lines[j].line.distance(mid)) >= minimumSide { pairs.append((i, j)) }
            }
        }
        let margin = outsideMargin * Double(max(width, height))
        let lo = Point(-margin, -margin), hi = Point(Double(width - 1) + margin, Double(height - 1) + margin)
        var found: [QuadHypothesis] = []
        for p in 0..<pairs.count {
            let (a, c) = pairs[p]
            for q in (p + 1)..<pairs.count {
                let (b, d) = pairs[q]
                if b == a || b == c || d == a || d == c { continue }
                guard let ab = crossing[a * n + b], let bc = crossing[b * n + c],
                      let cd = crossing[c * n + d], let da = crossing[d * n + a] else { continue }
                let corners = [ab, bc, cd, da]
                if corners.contains(where: { $0.x < lo.x || $0.y < lo.y || $0.x > hi.x || $0.y > hi.y }) { continue }
                // Side on line a runs da→ab, on b ab→bc, on c bc→cd, on d cd→da.
                let sides = [(d, a, da, ab), (a, b, ab, bc), (b, c, bc, cd), (c, d, cd, da)]
                var covered = 0.0, perimeter = 0.0, ok = true
                var sideLines: [Int] = []
                for (_, line, from, to) in sides {
                    let len = from.distance(to: to)
                    if len < minimumSide { ok = false; break }
                    let l = lines[line]
                    let c = l.coverage(from: l.line.coordinate(from), to: l.line.coordinate(to))
                    if c < minimumSideCoverage * len { ok = false; break }
                    covered += c
                    perimeter += len
                    sideLines.append(line)
                }
                guard ok, covered >= minimumCoverage * perimeter else { continue }
                var quad = Quad(corners: [da, ab, bc, cd])
                guard quad.isConvex else { continue }
                if quad.signedArea < 0 {
                    quad = Quad(corners: [da, cd, bc, ab])
                    sideLines = [sideLines[3], sideLines[2], sideLines[1], sideLines[0]]
                }
                found.append(QuadHypothesis(quad: quad, lines: sideLines, coverage: covered / perimeter,
                                            coveredLength: covered))
            }
        }
        // Rank by evidence that is both dense and plentiful: a tiny quad of texture can be fully
        // covered, a print's perimeter is long.
        found.sort { $0.coverage * $0.coveredLength > $1.coverage * $1.coveredLength }
        // Lines split by a gap or doubled by a shadow give the same quad several times over.
        var kept: [QuadHypothesis] = []
        for h in found where kept.count < maximumHypotheses {
            let centre = h.quad.centroid
            let duplicate = kept.contains { k in
                k.quad.centroid.distance(to: centre) <= 2
                    && (0..<4).allSatisfy { i in (0..<4).contains { k.quad.corners[$0].distance(to: h.quad.corners[i]) <= 2 } }
            }
            if !duplicate { kept.append(h) }
        }
        return kept
    }
}
