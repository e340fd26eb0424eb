#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Closes supported lines into quadrilaterals by walking from corner to corner.
///
/// A corner is where two lines at a proper angle meet near the end of a covered stretch of each: the
/// place where a card's edge stops and the next one begins. Quads are chains of corners — along one
/// line to its next corner, turn, and so on — closed either by a fourth corner or, where glare or a
/// badly rounded corner hides it, by simply intersecting the last line with the first. Working from
/// corners rather than from every combination of lines keeps the search local: a plank floor or a
/// tiled wall can give a hundred long lines, but few of them end where another begins, so the print's
/// edges are not crowded out (and the search stays cheap).
///
/// Each quad is then scored cheaply by how much of its perimeter the lines' covered stretches explain,
/// and by how closely its corners sit at the stretches' ends; only the best go on to the pixel-level
/// template test. The corner fit matters on album pages: each print there has a pocket, seams and
/// neighbours whose edges close with its own into hundreds of near-print quads, longer than the card
/// (so ranked first by length alone), whose corners fall where one line runs on past another.
struct QuadHypothesisGenerator: Sendable {
    /// Lines considered, those with the longest continuous stretch first.
    var maximumLines = 200
    /// Smallest angle between adjacent sides (and largest, mirrored).
    var minimumCornerAngle = 45.0 * Double.pi / 180
    /// Shortest side, in working pixels.
    var minimumSide = 24.0
    /// Smallest share of each side the covered stretches must explain.
    var minimumSideCoverage = 0.25
    /// Smallest share of the whole perimeter.
    var minimumCoverage = 0.45
    /// How far outside the image a corner may lie, as a share of the image's long side.
    var outsideMargin = 0.1
    /// Gaps up to this many working pixels do not break a covered stretch.
    var runGap = 6.0
    /// How far from the end of a stretch a corner may lie: this share of the stretch, at least
    /// `minimumReach` pixels (rounded corners and glare eat into the ends).
    var reachShare = 0.25
    var minimumReach = 5.0
    /// Quads kept after ranking.
    var maximumHypotheses = 160
    /// Quads kept at most for one place (about the same centre and size). An album page, a frame or a
    /// sleeve's seams give dozens of closings of nearly the same big quad, which the ranking (covered
    /// length) puts first; without a cap they crowd out the prints inside them.
    var maximumPerPlace = 8
    /// Quads kept for one place in the first pass over the ranking.
    var firstPassPerPlace = 2
    /// Closed quads beyond which the corner fit joins the ranking.
    var crowdedCount = 2500
    /// Quads examined at most (a guard against pathological line soups).
    var maximumExamined = 20_000

    /// A place where two lines meet near the ends of covered stretches.
    private struct Corner {
        var lines: (Int, Int)
        var point: Point
        /// Coordinates of the point along each line, and which way (+1/-1) each line's stretch runs
        /// from it.
        var t: (Double, Double)
        var arm: (Double, Double)
        /// How far the point lies from the stretches' ends, summed over both lines.
        var gap: Double
        /// The two stretches' lengths, summed: how much edge the corner turns between.
        var support: Double

        func other(_ line: Int) -> Int { lines.0 == line ? lines.1 : lines.0 }
        func t(on line: Int) -> Double { lines.0 == line ? t.0 : t.1 }
        func arm(on line: Int) -> Double { lines.0 == line ? arm.0 : arm.1 }
    }

    func hypotheses(from allLines: [SupportedLine], width: Int, height: Int) -> [QuadHypothesis] {
        let ranked = allLines.map { ($0, $0.longestRun(maximumGap: 3)) }
            .filter { $0.1 >= 0.3 * minimumSide }
            .sorted { $0.1 > $1.1 }
        let lines = ranked.prefix(maximumLines).map(\.0)
        let n = lines.count
        guard n >= 3 else { return [] }
        let runs = lines.map { stretches(of: $0) }
        let sinCorner = sin(minimumCornerAngle)
        let margin = outsideMargin * Double(max(width, height))
        let lo = Point(-margin, -margin), hi = Point(Double(width - 1) + margin, Double(height - 1) + margin)
        func inBounds(_ p: Point) -> Bool { p.x >= lo.x && p.y >= lo.y && p.x <= hi.x && p.y <= hi.y }

        // Corners, and for each line the corners on it.
        var corners: [Corner] = []
        var onLine = [[Int]](repeating: [], count: n)
        for i in 0..<n {
            for j in (i + 1)..<n where lines[i].line.sinAngle(lines[j].line) >= sinCorner {
                guard let p = lines[i].line.intersection(lines[j].line), inBounds(p) else { continue }
                let ti = lines[i].line.coordinate(p), tj = lines[j].line.coordinate(p)
                guard let ai = arm(at: ti, runs[i]), let aj = arm(at: tj, runs[j]) else { continue }
                corners.append(Corner(lines: (i, j), point: p, t: (ti, tj), arm: (ai.arm, aj.arm),
                                      gap: ai.distance + aj.distance, support: ai.length + aj.length))
            }
        }
        // Best corners first, so that where a page's line soup hits `maximumExamined` the chains left
        // out are those turning between the least edge (ties keep the lines' order).
        corners = corners.enumerated().sorted { x, y in
            let a = x.element.support - 2 * x.element.gap, b = y.element.support - 2 * y.element.gap
            return a != b ? a > b : x.offset < y.offset
        }.map(\.element)
        for (k, c) in corners.enumerated() {
            onLine[c.lines.0].append(k)
            onLine[c.lines.1].append(k)
        }

        // Chains of three corners a|b, b|c, c|d, closed by d|a.
        // Closings already tried, by their four lines (sorted, packed into one integer: no array to
        // build and hash for each of the tens of thousands of chains an album page makes).
        var seen = Set<Int>()
        var found: [QuadHypothesis] = []
        var examined = 0
        /// Whether corner `k` is reached from corner `c` by going along `line` the way its stretch runs.
        func reaches(_ c: Corner, along line: Int, _ k: Int) -> Bool {
            let d = corners[k]
            return (d.t(on: line) - c.t(on: line)) * c.arm(on: line) >= minimumSide && d.arm(on: line) == -c.arm(on: line)
        }
        search: for c1 in corners.indices {
            for (a, b) in [(corners[c1].lines.0, corners[c1].lines.1), (corners[c1].lines.1, corners[c1].lines.0)] {
                for c2 in onLine[b] where reaches(corners[c1], along: b, c2) {
                    let c = corners[c2].other(b)
                    if c == a { continue }
                    for c3 in onLine[c] where reaches(corners[c2], along: c, c3) {
                        let d = corners[c3].other(c)
                        if d == a || d == b { continue }
                        let key = Self.key(a, b, c, d, base: n)
                        if seen.contains(key) { continue }
                        examined += 1
                        if examined > maximumExamined { break search }
                        // Close: the corner of d and a, seen or not, must lie ahead on both.
                        guard lines[d].line.sinAngle(lines[a].line) >= sinCorner,
                              let p4 = lines[d].line.intersection(lines[a].line), inBounds(p4) else { continue }
                        let ahead3 = (lines[d].line.coordinate(p4) - corners[c3].t(on: d)) * corners[c3].arm(on: d)
                        let ahead1 = (lines[a].line.coordinate(p4) - corners[c1].t(on: a)) * corners[c1].arm(on: a)
                        guard ahead3 >= minimumSide, ahead1 >= minimumSide else { continue }
                        seen.insert(key)
                        if var q = quad((corners[c1].point, corners[c2].point, corners[c3].point, p4),
                                        sides: (b, c, d, a), lines: lines) {
                            let shortest = (0..<4).map { q.quad.corners[$0].distance(to: q.quad.corners[($0 + 1) % 4]) }.min()!
                            let scale = 2 + 0.03 * shortest
                            // The closing corner need not be seen (glare, a rounded corner): unseen,
                            // it counts as off by the scale on each line.
                            let gd = arm(at: lines[d].line.coordinate(p4), runs[d])?.distance ?? scale
                            let ga = arm(at: lines[a].line.coordinate(p4), runs[a])?.distance ?? scale
                            let gap = corners[c1].gap + corners[c2].gap + corners[c3].gap + gd + ga
                            q.cornerFit = exp(-gap / (4 * scale))
                            found.append(q)
                        }
                    }
                }
            }
        }
        // The corner fit only where quads crowd (an album page closes thousands): elsewhere every
        // print's quads fit in the list anyway, and covered length alone orders them as before.
        let crowded = found.count > crowdedCount
        found.sort { a, b in
            crowded ? a.coverage * a.coveredLength * a.cornerFit > b.coverage * b.coveredLength * b.cornerFit
                : a.coverage * a.coveredLength > b.coverage * b.coveredLength
        }
        // Lines split by a gap or doubled by a shadow give the same quad several times over.
        // Two passes: first a couple of quads for every place, so that no place is crowded out, then
        // more of each up to the per-place cap.
        var kept: [QuadHypothesis] = []
        var places: [(centre: Point, area: Double)] = []
        var taken = [Bool](repeating: false, count: found.count)
        for cap in [firstPassPerPlace, maximumPerPlace] {
            for (index, h) in found.enumerated() where !taken[index] && kept.count < maximumHypotheses {
                let centre = h.quad.centroid, area = h.quad.area
                var samePlace = 0, duplicate = false
                for (k, place) in zip(kept, places) {
                    // Tight: a print in a sleeve's pocket is only a little smaller than the pocket.
                    guard place.area < 1.15 * area, area < 1.15 * place.area,
                          place.centre.distance(to: centre) <= 0.05 * area.squareRoot() else { continue }
                    samePlace += 1
                    if place.centre.distance(to: centre) <= 2
                        && (0..<4).allSatisfy({ i in (0..<4).contains { k.quad.corners[$0].distance(to: h.quad.corners[i]) <= 2 } }) {
                        duplicate = true
                        break
                    }
                }
                if duplicate { taken[index] = true }
                if duplicate || samePlace >= cap { continue }
                taken[index] = true
                kept.append(h)
                places.append((centre, area))
            }
        }
        return kept
    }

    /// The four line indices (each below `base`) sorted and packed into one integer, the same for
    /// every order of them.
    private static func key(_ a: Int, _ b: Int, _ c: Int, _ d: Int, base: Int) -> Int {
        let (p, q) = a < b ? (a, b) : (b, a), (r, s) = c < d ? (c, d) : (d, c)
        let (low, x) = p < r ? (p, r) : (r, p), (y, high) = q < s ? (q, s) : (s, q)
        let (second, third) = x < y ? (x, y) : (y, x)
        return ((low * base + second) * base + third) * base + high
    }

    /// The quad with corners `p` (side i from p.i to p.i+1 on line `sides.i`), if its sides are long
    /// and covered enough; clockwise on screen.
    ///
    /// Tuples, not arrays: an album page's line soup closes tens of thousands of chains, most of
    /// them rejected here, and arrays would be allocated for each only to be freed.
    private func quad(_ p: (Point, Point, Point, Point), sides: (Int, Int, Int, Int),
                      lines: [SupportedLine]) -> QuadHypothesis? {
        func corner(_ i: Int) -> Point {
            switch i { case 0: p.0; case 1: p.1; case 2: p.2; default: p.3 }
        }
        func side(_ i: Int) -> Int {
            switch i { case 0: sides.0; case 1: sides.1; case 2: sides.2; default: sides.3 }
        }
        var covered = 0.0, perimeter = 0.0
        for i in 0..<4 {
            let from = corner(i), to = corner((i + 1) % 4)
            let len = from.distance(to: to)
            guard len >= minimumSide else { return nil }
            let l = lines[side(i)]
            let c = l.coverage(from: l.line.coordinate(from), to: l.line.coordinate(to))
            guard c >= minimumSideCoverage * len else { return nil }
            covered += c
            perimeter += len
        }
        guard covered >= minimumCoverage * perimeter else { return nil }
        let p = [p.0, p.1, p.2, p.3], sides = [sides.0, sides.1, sides.2, sides.3]
        var q = Quad(corners: p), s = sides
        guard q.isConvex else { return nil }
        if q.signedArea < 0 {
            // Reverse the order; side i (p[i]→p[i+1]) becomes side 3-i.
            q = Quad(corners: [p[0], p[3], p[2], p[1]])
            s = [sides[3], sides[2], sides[1], sides[0]]
        }
        return QuadHypothesis(quad: q, lines: s, coverage: covered / perimeter, coveredLength: covered)
    }

    /// A line's covered intervals joined across small gaps, dropping slivers.
    private func stretches(of line: SupportedLine) -> [ClosedRange<Double>] {
        var out: [ClosedRange<Double>] = []
        for r in line.intervals {
            if let last = out.last, r.lowerBound - last.upperBound <= runGap {
                out[out.count - 1] = last.lowerBound...max(last.upperBound, r.upperBound)
            } else {
                out.append(r)
            }
        }
        return out.filter { $0.upperBound - $0.lowerBound >= 0.3 * minimumSide }
    }

    /// Which way along the line a covered stretch runs from coordinate `t`, if `t` is near one end of
    /// a stretch (+1: the stretch lies ahead, toward larger coordinates).
    private func arm(at t: Double, _ runs: [ClosedRange<Double>]) -> (arm: Double, distance: Double, length: Double)? {
        var best: (distance: Double, arm: Double, length: Double)?
        for r in runs {
            let length = r.upperBound - r.lowerBound
            let reach = max(minimumReach, reachShare * length)
            let dStart = abs(t - r.lowerBound), dEnd = abs(t - r.upperBound)
            if dStart <= reach, best == nil || dStart < best!.distance { best = (dStart, 1, length) }
            if dEnd <= reach, best == nil || dEnd < best!.distance { best = (dEnd, -1, length) }
        }
        return best.map { ($0.arm, $0.distance, $0.length) }
    }
}
