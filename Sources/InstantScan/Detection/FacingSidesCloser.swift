#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Closes quads from two facing sides seen end to end, where the other two show no line.
///
/// Camera shake smears a photo along one direction: a card's two sides along it stay sharp, the two
/// across it spread over the shake's length. On a dark surface a black card's smeared sides are too
/// faint for segment detection (and on wood grain they break into pieces shorter than the grain's),
/// so the quad search, which walks from corner to corner, finds no corner to walk from. The sharp
/// pair alone fixes the card: two long, nearly parallel lines whose covered runs span about the same
/// stretch, at a distance a card's shape allows. Each closing side is then sought where the runs end
/// (a rounded corner and the smear move the ends by a few pixels): the segment between the two lines
/// near their ends that the edge evidence supports best, which the template test then judges with
/// the other six sides like any quad.
struct FacingSidesCloser: Sendable {
    /// Shortest side of a quad, working pixels (the quad search's).
    var minimumSide = 24.0
    /// Largest angle between the two facing lines (a card seen at an angle converges its sides).
    var maximumAngle = 20.0 * Double.pi / 180
    /// A line's run takes in the next covered stretch across a gap up to this share of the run so far
    /// (at least `minimumGap` pixels): a smeared corner or a glint breaks a side into a few pieces.
    var gapShare = 0.12
    var minimumGap = 6.0
    /// A run shorter than this many times ``minimumSide`` is not a card's side seen end to end.
    var minimumRunSides = 3.0
    /// The runs must overlap, along the lines, by this share of the shorter, and be no more than
    /// this ratio apart in length: the two sides of one card, seen end to end.
    var minimumOverlap = 0.8
    var maximumLengthRatio = 1.35
    /// The runs' mean length over their distance: every format's card, either way up, fore-shortened
    /// up to about 1.5 times.
    var aspectRange = 0.45...2.3
    /// How far along each line a closing side's end is sought from the run's end: this share of the
    /// runs' mean length, at least `minimumReach` pixels.
    var reachShare = 0.06
    var minimumReach = 4.0
    /// A closing side's least supported share (its ends trimmed as a card's are).
    var minimumClosingSupport = 0.3
    var closingTrim = 0.12
    /// Lines considered: those with the longest runs.
    var maximumLines = 60
    /// Pairs whose closing sides are sought at most.
    var maximumSearches = 24
    /// A run ending within this many pixels of the photo's edge runs off it.
    var borderMargin = 3.0

    /// One line's longest run, as coordinates along it, and the length its stretches cover there.
    private struct Run {
        var line: Int
        var span: ClosedRange<Double>
        var covered: Double
        var length: Double { span.upperBound - span.lowerBound }
    }

    /// The quads that pairs of facing lines close (clockwise on screen, lines not named).
    ///
    /// Slats, shelves and louvres make dozens of such pairs where a card makes one: the pairs are
    /// ranked by how much of their runs edges cover and how well their ends line up (a card's do,
    /// to its rounded corners), and the closing sides are sought for the best ``maximumSearches``.
    func quads(from lines: [SupportedLine], evidence: EdgeEvidence) -> [QuadHypothesis] {
        // A run that ends at the photo's edge is cut off by it, not seen end to end: the frame stops
        // it, not a card's corner (planks and shelves run off the photo).
        let right = Double(evidence.gradient.width) - 1 - borderMargin, bottom = Double(evidence.gradient.height) - 1 - borderMargin
        func inView(_ p: Point) -> Bool { p.x >= borderMargin && p.y >= borderMargin && p.x <= right && p.y <= bottom }
        let runs = Array(lines.indices.compactMap { run(of: lines[$0], index: $0) }
            .filter { r in
                let line = lines[r.line].line
                return r.length >= minimumRunSides * minimumSide
                    && inView(line.point(at: r.span.lowerBound)) && inView(line.point(at: r.span.upperBound))
            }
            .sorted { $0.length > $1.length }
            .prefix(maximumLines))
        let sinLimit = sin(maximumAngle)
        var pairs: [(r: Run, s: Run, ends: Ends, rank: Double)] = []
        for i in runs.indices {
            for j in (i + 1)..<runs.count {
                let r = runs[i], s = runs[j]
                let a = lines[r.line].line, c = lines[s.line].line
                guard a.sinAngle(c) <= sinLimit, let ends = facing(r, a, s, c) else { continue }
                let mean = 0.5 * (r.length + s.length)
                let misfit = min(1, ends.misfit / (reachShare * mean) / 4)
                pairs.append((r, s, ends, min(r.covered, s.covered) * (1 - misfit)))
            }
        }
        pairs.sort { $0.rank > $1.rank }
        return pairs.prefix(maximumSearches).compactMap { p in
            close(p.r, lines[p.r.line].line, p.s, lines[p.s.line].line, ends: p.ends, evidence: evidence)
        }
    }

    /// The longest run of `line`'s stretches joined across small gaps.
    private func run(of line: SupportedLine, index: Int) -> Run? {
        var best: Run?
        var current: Run?
        for r in line.intervals {
            if var c = current, r.lowerBound - c.span.upperBound <= max(minimumGap, gapShare * c.length) {
                c.span = c.span.lowerBound...max(c.span.upperBound, r.upperBound)
                c.covered += r.upperBound - r.lowerBound
                current = c
            } else {
                if let c = current, best == nil || c.length > best!.length { best = c }
                current = Run(line: index, span: r, covered: r.upperBound - r.lowerBound)
            }
        }
        if let c = current, best == nil || c.length > best!.length { best = c }
        return best
    }

    /// Where two runs end, if they are a card's two facing sides: `c`'s run ends taken the same way
    /// round as `a`'s, and how far the ends are from lining up (summed along `a`).
    private struct Ends {
        var cStart: Point, cEnd: Point
        var misfit: Double
    }

    private func facing(_ r: Run, _ a: ImageLine, _ s: Run, _ c: ImageLine) -> Ends? {
        let c0 = c.point(at: s.span.lowerBound), c1 = c.point(at: s.span.upperBound)
        let (cStart, cEnd) = a.coordinate(c0) <= a.coordinate(c1) ? (c0, c1) : (c1, c0)
        let sa = a.coordinate(cStart), ea = a.coordinate(cEnd)
        let overlap = min(r.span.upperBound, ea) - max(r.span.lowerBound, sa)
        let shorter = min(r.length, s.length), longer = max(r.length, s.length)
        guard overlap >= minimumOverlap * shorter, longer <= maximumLengthRatio * shorter else { return nil }
        let mean = 0.5 * (r.length + s.length)
        let distance = 0.5 * (abs(a.distance(cStart)) + abs(a.distance(cEnd)))
        guard distance >= minimumSide, aspectRange.contains(mean / distance) else { return nil }
        return Ends(cStart: cStart, cEnd: cEnd, misfit: abs(sa - r.span.lowerBound) + abs(ea - r.span.upperBound))
    }

    /// The quad two facing runs close, if both closing sides show.
    private func close(_ r: Run, _ a: ImageLine, _ s: Run, _ c: ImageLine, ends: Ends,
                       evidence: EdgeEvidence) -> QuadHypothesis? {
        let cStart = ends.cStart, cEnd = ends.cEnd
        let mean = 0.5 * (r.length + s.length)
        let reach = max(minimumReach, reachShare * mean)
        let aStart = a.point(at: r.span.lowerBound), aEnd = a.point(at: r.span.upperBound)
        guard let first = closingSide(from: aStart, on: a, to: cStart, on: c, reach: reach, evidence: evidence),
              let last = closingSide(from: aEnd, on: a, to: cEnd, on: c, reach: reach, evidence: evidence) else { return nil }
        var quad = Quad(corners: [first.0, last.0, last.1, first.1])
        guard quad.isConvex else { return nil }
        if quad.signedArea < 0 { quad = Quad(corners: quad.corners.reversed()) }
        let sides = (0..<4).map { quad.corners[$0].distance(to: quad.corners[($0 + 1) % 4]) }
        guard sides.allSatisfy({ $0 >= minimumSide }) else { return nil }
        let covered = r.covered + s.covered + first.support * first.0.distance(to: first.1)
            + last.support * last.0.distance(to: last.1)
        let perimeter = sides.reduce(0, +)
        return QuadHypothesis(quad: quad, lines: [], coverage: min(1, covered / perimeter), coveredLength: covered)
    }

    /// The closing side between two lines near `p` (on `a`) and `q` (on `c`): both ends moved along
    /// their lines by up to `reach`, the side the edges support best (the nearest on a tie), if it is
    /// supported enough. Sought every two pixels, then to the pixel around the best: a side's
    /// evidence looks a pixel across it, so the coarse look misses no edge.
    private func closingSide(from p: Point, on a: ImageLine, to q: Point, on c: ImageLine, reach: Double,
                             evidence: EdgeEvidence) -> (Point, Point, support: Double)? {
        var best: (i: Double, k: Double, support: Double)?
        func look(_ i: Double, _ k: Double) {
            let pa = p + a.direction * i, qc = q + c.direction * k
            let offset = abs(i) + abs(k)
            let support: Double
            if let best {
                guard let s = evidence.support(from: pa, to: qc, trim: closingTrim, maximumSamples: 32,
                                               exceeding: best.support - 1e-9) else { return }
                support = s.fraction
                guard support > best.support || (support == best.support && offset < abs(best.i) + abs(best.k)) else { return }
            } else {
                support = evidence.support(from: pa, to: qc, trim: closingTrim, maximumSamples: 32).fraction
            }
            best = (i, k, support)
        }
        let steps = Int((reach / 2).rounded(.up))
        for i in -steps...steps {
            for k in -steps...steps { look(2 * Double(i), 2 * Double(k)) }
        }
        guard let coarse = best, coarse.support >= minimumClosingSupport - 0.15 else { return nil }
        for i in -1...1 {
            for k in -1...1 where i != 0 || k != 0 { look(coarse.i + Double(i), coarse.k + Double(k)) }
        }
        guard let best, best.support >= minimumClosingSupport else { return nil }
        return (p + a.direction * best.i, q + c.direction * best.k, best.support)
    }
}
