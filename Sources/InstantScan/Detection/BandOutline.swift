#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A card found by its outline alone: the colour step from a plain surface to the card's border band,
/// whatever the band's colour or pattern, near a place where a row of prints says one sits.
///
/// A patterned or decorated band (stripes, dots, printed motifs) puts strong edges of its own a pixel
/// or two inside the card's edge: where they meet it, the gradient turns toward them, and the line
/// search breaks the card's side into pieces too short to keep, or finds none at all. The step across
/// the side does not need the gradient's direction: averaged along the side, the band's pattern
/// melts into its mean colour while the surface outside stays plain, so a quad of the row's size and
/// orientation laid over the place shows the step on all four sides only where the card is.
///
/// This only proposes a quad: the caller tests it as a card of the row's format and refinement must
/// measure its edges at full resolution, as for any quad the line search gave.
struct BandOutline {
    let image: WorkingImage

    /// Offset (working pixels) of the samples each side of a side: clear of the edge's own blur,
    /// within a narrow band.
    var offset = 1.5
    /// Smallest step (levels, RGB distance of the two sides' mean colours) on every side, beyond the
    /// surface's own unevenness there.
    var minimumStep: Float = 12
    /// Distance (working pixels) between a side's samples along it.
    var spacing = 2.0

    /// Sizes tried when nothing says the card's: a tenth either way of the place's.
    static let freeScales = [0.88, 0.92, 0.96, 1.0, 1.04, 1.08, 1.12]

    /// Sizes tried around a size the row predicts: within its neighbours' agreement on one scale.
    static func scales(around predicted: Double) -> [Double] {
        [0.97, 1.0, 1.03].map { $0 * predicted }
    }

    /// The quad near `place` (working coordinates; within `reach` pixels, at one of `scales` of its
    /// size and within about ten degrees), clear of the `taken` cards, whose weakest side shows the
    /// clearest step from a plain surface outside to a band inside, if every side shows one.
    ///
    /// A size the row predicts matters beyond speed: a patterned band's mean colour can be close to the
    /// surface's, and a quad shrunk onto the picture's edge then shows a clearer step than the card's.
    func quad(near place: Quad, reach: Double, scales: [Double] = BandOutline.freeScales,
              clearOf taken: [Quad]) -> QuadHypothesis? {
        let centre = place.centroid
        // Neighbours' sides turn by several degrees along a row seen at an angle (vanishing points).
        let turns = [-0.16, -0.08, 0, 0.08, 0.16]
        func shifted(_ scale: Double, _ turn: Double, _ dx: Double, _ dy: Double) -> Quad {
            let c = cos(turn) * scale, s = sin(turn) * scale
            return place.mapped { p in
                let x = p.x - centre.x, y = p.y - centre.y
                return Point(centre.x + c * x - s * y + dx, centre.y + s * x + c * y + dy)
            }
        }
        // A coarse grid (a twentieth of the card's short side, at least two pixels) whose samples lie
        // a grid step each side of the quad's sides, so that the card's edge falls between them
        // wherever it lies between two grid points; then the pixel around the best, at `offset`.
        let stride = max(2, (min(place.meanWidth, place.meanHeight) / 20).rounded())
        let steps = Int(reach / stride)
        guard steps > 0 else { return nil }
        var coarse = self
        coarse.offset = max(offset, stride)
        // Ranking places a grid step apart needs no finer samples along a side than half a step: the
        // means over a side's samples change by far less between the two spacings than between places
        // (the fine search below, and the outline's final test, sample every `spacing` pixels).
        coarse.spacing = max(spacing, stride / 2)
        typealias Start = (score: Float, scale: Double, turn: Double, dx: Double, dy: Double)
        // Each size and turn searched on its own, on as many cores as the scan may use; the best of
        // each, the earliest on a tie, then the best of those, the earliest on a tie: the quad one
        // search in this order keeps (its running bar only spares the work of quads it would not keep).
        let isClear = Self.clearness(of: taken)
        let tries = scales.flatMap { scale in turns.map { (scale, $0) } }
        func search(_ index: Int) -> Start? {
            let (scale, turn) = tries[index]
            var start: Start?
            var firstSide = 0
            for i in -steps...steps {
                for j in -steps...steps {
                    let dx = stride * Double(i), dy = stride * Double(j)
                    let q = shifted(scale, turn, dx, dy)
                    // A print found already has its own step all round: only a quad clear of it.
                    guard isClear(q) else { continue }
                    let bar = start?.score ?? minimumStep
                    let s = coarse.score(q, above: bar, from: &firstSide)
                    guard s > bar else { continue }
                    start = (s, scale, turn, dx, dy)
                }
            }
            return start
        }
        // The middle size first. Where every size's sides lie within half a grid step of the middle
        // size's (a size the row predicts), a card of any of them would show the middle-size quad its
        // step too: the coarse samples lie a grid step each side, so they still fall on the surface
        // and on the band, clear of the edge's blur. Where the middle size shows no step all round,
        // the other sizes are not searched (at a row's end beyond an album page, most of the work).
        let middle = scales[scales.count / 2]
        let halfExtent = middle * max(place.meanWidth, place.meanHeight) / 2
        let covered = scales.allSatisfy { abs($0 / middle - 1) * halfExtent <= stride / 2 }
        let first = covered ? tries.indices.filter { tries[$0].0 == middle } : Array(tries.indices)
        var bests = [Start?](repeating: nil, count: tries.count)
        for (index, best) in zip(first, RowBands.map(first.count) { search(first[$0]) }) { bests[index] = best }
        if covered {
            guard bests.contains(where: { $0 != nil }) else { return nil }
            let rest = tries.indices.filter { tries[$0].0 != middle }
            for (index, best) in zip(rest, RowBands.map(rest.count) { search(rest[$0]) }) { bests[index] = best }
        }
        var start: Start?
        for best in bests.compactMap({ $0 }) where best.score > (start?.score ?? minimumStep) { start = best }
        guard var centreOfSearch = start.map({ ($0.scale, $0.turn, $0.dx, $0.dy) }) else { return nil }
        var best: (score: Float, quad: Quad)?
        var firstSide = 0
        for (reachFine, turnFine) in [(stride / 2, 0.04), (1, 0.02)] {
            var improved = centreOfSearch
            for ds in [-0.02, 0, 0.02] {
                for dt in [-turnFine, 0, turnFine] {
                    for dx in [-reachFine, 0, reachFine] {
                        for dy in [-reachFine, 0, reachFine] {
                            let scale = centreOfSearch.0 + ds, turn = centreOfSearch.1 + dt
                            let x = centreOfSearch.2 + dx, y = centreOfSearch.3 + dy
                            let q = shifted(scale, turn, x, y)
                            guard isClear(q) else { continue }
                            let bar = best?.score ?? minimumStep
                            let s = score(q, above: bar, from: &firstSide)
                            guard s > bar else { continue }
                            best = (s, q)
                            improved = (scale, turn, x, y)
                        }
                    }
                }
            }
            centreOfSearch = improved
        }
        guard let found = best else { return nil }
        let perimeter = (0..<4).reduce(0.0) { $0 + found.quad.corners[$1].distance(to: found.quad.corners[($1 + 1) % 4]) }
        return QuadHypothesis(quad: found.quad, lines: [], coverage: 1, coveredLength: perimeter)
    }

    /// Whether a quad overlaps none of `taken` by more than 15 % of the smaller's area.
    ///
    /// Tested before a quad's score, which costs more: beside a row's found prints, a good part of
    /// the searched places lie over a neighbour. Two convex quads share no more than their bounding
    /// boxes do, so a neighbour whose box meets the quad's in well under 15 % of the smaller area
    /// is passed without clipping one against the other (the clipped area's rounding is far
    /// smaller than the margin left); the test says what clipping alone says.
    static func clearness(of taken: [Quad]) -> (Quad) -> Bool {
        typealias Box = (minX: Double, maxX: Double, minY: Double, maxY: Double)
        func box(_ q: Quad) -> Box {
            var b: Box = (.infinity, -.infinity, .infinity, -.infinity)
            for p in q.corners {
                b = (min(b.minX, p.x), max(b.maxX, p.x), min(b.minY, p.y), max(b.maxY, p.y))
            }
            return b
        }
        let known = taken.map { (quad: $0, box: box($0), area: $0.area, convex: $0.isConvex) }
        return { q in
            let b = box(q), area = q.area, convex = q.isConvex
            for t in known {
                let w = max(0, min(b.maxX, t.box.maxX) - max(b.minX, t.box.minX))
                let h = max(0, min(b.maxY, t.box.maxY) - max(b.minY, t.box.minY))
                let smaller = min(area, t.area)
                if convex, t.convex, smaller > 0, w * h <= 0.14 * smaller { continue }
                if ConvexOverlap.overlapOfSmaller(t.quad, q) > 0.15 { return false }
            }
            return true
        }
    }

    /// The weakest side's step: its outside and inside mean colours apart, less the outside's spread
    /// (a surface busy there, a neighbour or a shadow, is no plain surface), levels.
    ///
    /// Only a score above `bar` matters to the caller (at least ``minimumStep``): once a side falls to
    /// it the rest are not measured, and some value not above `bar` is returned. The searches try
    /// thousands of quads, nearly all beaten on their first side.
    func score(_ q: Quad, above bar: Float? = nil) -> Float {
        var first = 0
        return score(q, above: bar, from: &first)
    }

    /// ``score(_:above:)``, side `first` measured first, then the others in order; a side that falls
    /// to the bar is the next quad's `first`.
    ///
    /// The weakest side is the least of the four whatever their order, and below the bar any value
    /// is as good as another: the order changes only the work. Neighbouring quads of a search mostly
    /// fall on the same side (the one off the card's edge), measured first this way.
    func score(_ q: Quad, above bar: Float?, from first: inout Int) -> Float {
        let bar = max(bar ?? minimumStep, minimumStep)
        let c = q.centroid
        var weakest = Float.infinity
        for n in 0..<4 {
            // `first`, then the others in their order.
            let i = n == 0 ? first : (n <= first ? n - 1 : n)
            let a = q.corners[i], b = q.corners[(i + 1) % 4]
            let length = a.distance(to: b)
            guard length > 4 else { return 0 }
            var normal = Point(-(b.y - a.y) / length, (b.x - a.x) / length)
            let middle = (a + b) * 0.5
            if (middle.x - c.x) * normal.x + (middle.y - c.y) * normal.y < 0 { normal = normal * -1 }
            // Clear of the corners, which rounding and perspective move.
            let count = max(6, Int(length / spacing))
            var outside = (Float(0), Float(0), Float(0)), inside = outside, square: Float = 0
            for k in 0..<count {
                let p = a + (b - a) * (0.15 + 0.7 * Double(k) / Double(count - 1))
                let o = image.color(at: p + normal * offset), n = image.color(at: p - normal * offset)
                outside.0 += o.0; outside.1 += o.1; outside.2 += o.2
                inside.0 += n.0; inside.1 += n.1; inside.2 += n.2
                square += o.0 * o.0 + o.1 * o.1 + o.2 * o.2
            }
            let w = 1 / Float(count)
            let mo = (outside.0 * w, outside.1 * w, outside.2 * w), mi = (inside.0 * w, inside.1 * w, inside.2 * w)
            let spread = max(0, square * w - (mo.0 * mo.0 + mo.1 * mo.1 + mo.2 * mo.2)).squareRoot()
            let d = ((mo.0 - mi.0) * (mo.0 - mi.0) + (mo.1 - mi.1) * (mo.1 - mi.1) + (mo.2 - mi.2) * (mo.2 - mi.2)).squareRoot()
            weakest = min(weakest, d - spread)
            if weakest <= bar {
                first = i
                return weakest
            }
        }
        return weakest
    }
}
