/// A card's outer outline measured at full resolution from the surface inward, for a card whose border
/// band is patterned or decorated.
///
/// The edge refiner follows the strongest colour change across each side, and on a patterned band
/// that is often a stripe's or a motif's edge a few pixels inside the card: refinement then draws the
/// card inward. Here the profiles across a side are averaged along it and walked from the plain
/// surface outside inward: the side is where the band's departure from the surface's colour has
/// first gone half the way to the band's level. Nothing inside that first step can move it. The
/// departure is read both as the distance of the profiles' mean colour, in which the pattern melts,
/// and as their mean distance, in which motifs that differ from the wall in opposite directions
/// cannot cancel; the reading further out is kept. Each half of a side is measured on its own, so
/// that a side a little turned from the guess is followed too.
struct OutlineFit {
    let sampler: FullResolutionSampler

    /// How far (upright pixels) either side of the guessed side its edge is looked for.
    var reach: Double
    /// Smallest step (levels, RGB distance) from the surface's mean colour to the band's on a side.
    var minimumStep: Float = 12
    /// Whether a half side whose profile started inside the band is read again further out.
    var looksBeyondReach = true

    /// `card` (upright, corners in order) with each side moved onto the card's outer edge, or nil when
    /// a side shows no clear step from a plain surface to the band.
    func fitted(_ card: Quad) -> Quad? {
        let centre = card.centroid
        // Two halves a side, clear of the corners (rounding, perspective).
        var halves: [(a: Point, b: Point, normal: Point)] = []
        for i in 0..<4 {
            let a = card.corners[i], b = card.corners[(i + 1) % 4]
            let length = a.distance(to: b)
            guard length > 8 else { return nil }
            let along = (b - a) * (1 / length)
            var normal = Point(-along.y, along.x)
            let middle = (a + b) * 0.5
            if (middle.x - centre.x) * normal.x + (middle.y - centre.y) * normal.y < 0 { normal = normal * -1 }
            for (from, to) in [(0.12, 0.45), (0.55, 0.88)] {
                halves.append((a + (b - a) * from, a + (b - a) * to, normal))
            }
        }
        var readings: [Reading] = []
        for half in halves {
            guard let reading = self.reading(from: half.a, to: half.b, outward: half.normal, offset: 0) else { return nil }
            readings.append(reading)
        }
        // The wall all round the card is one surface: what most halves see outside is its colour.
        let wall = Self.median(readings.map(\.surface))
        var offsets = [Double](repeating: 0, count: halves.count)
        for (h, half) in halves.enumerated() where looksBeyondReach && startsInsideBand(readings[h], wall: wall) {
            // The coarse outline put this half side inside the band: its "surface" is band. Look
            // further out until the outside is the wall's colour again, then read from there.
            var offset = 0.5 * reach
            while offset <= maximumOffsetReaches * reach {
                if let grown = reading(from: half.a, to: half.b, outward: half.normal, offset: offset),
                   BorderAppearance.distance(grown.surface, wall) < minimumStep {
                    // A step further, so that the band's edge is not at the very start of the profile.
                    let further = offset + 0.5 * reach
                    if let settled = reading(from: half.a, to: half.b, outward: half.normal, offset: further),
                       BorderAppearance.distance(settled.surface, wall) < minimumStep, settled.shift != nil {
                        readings[h] = settled; offsets[h] = further
                    } else if grown.shift != nil {
                        readings[h] = grown; offsets[h] = offset
                    }
                    break
                }
                offset += 0.5 * reach
            }
        }
        var lines: [ImageLine] = []
        for i in 0..<4 {
            var points: [Point] = []
            for h in [2 * i, 2 * i + 1] {
                guard let shift = readings[h].shift else { return nil }
                let half = halves[h]
                points.append((half.a + half.b) * 0.5 + half.normal * (shift + offsets[h]))
            }
            lines.append(ImageLine(points[0], points[1]))
        }
        var corners: [Point] = []
        for i in 0..<4 {
            guard let p = lines[(i + 3) % 4].intersection(lines[i]) else { return nil }
            // A corner that moved far from the guess came from a side measured wrong.
            let grown = offsets[(2 * i + 6) % 8...(2 * i + 7) % 8].max()! + offsets[2 * i...2 * i + 1].max()!
            guard p.distance(to: card.corners[i]) < 2 * reach + grown else { return nil }
            corners.append(p)
        }
        let fitted = Quad(corners: corners)
        return fitted.isConvex ? fitted : nil
    }

    /// How many reaches further out a half side whose profile started inside the band is looked at.
    private var maximumOffsetReaches: Double { 3 }

    /// Whether a half side's profile started inside the band rather than on the wall: what it took for
    /// the surface stands clearly apart from the wall the other sides see, and nearer to the band's
    /// own colour at the profile's inner end than to that wall.
    private func startsInsideBand(_ reading: Reading, wall: RGB) -> Bool {
        let fromWall = BorderAppearance.distance(reading.surface, wall)
        return fromWall >= minimumStep && BorderAppearance.distance(reading.surface, reading.inner) < fromWall
    }

    typealias RGB = (Float, Float, Float)

    /// One half side's profiles: the surface's colour outside, the colour at the inner end, and the
    /// edge's signed distance (outward positive) from the profiles' middle, or nil without a step.
    struct Reading {
        var surface: RGB
        var inner: RGB
        var shift: Double?
    }

    private static func median(_ colors: [RGB]) -> RGB {
        func mid(_ v: [Float]) -> Float { let s = v.sorted(); return s.count % 2 == 1 ? s[s.count / 2] : 0.5 * (s[s.count / 2 - 1] + s[s.count / 2]) }
        return (mid(colors.map(\.0)), mid(colors.map(\.1)), mid(colors.map(\.2)))
    }

    /// The profiles across the segment `p0`–`p1` moved `offset` outward, read: the card's outer edge's
    /// signed distance (outward positive) from the moved segment, and the colours at both ends; nil
    /// when too few profiles lie in the photo.
    private func reading(from p0: Point, to p1: Point, outward normal: Point, offset: Double) -> Reading? {
        let step = 0.5
        // The surface's colour is read just beyond the reach.
        let margin = 3.0
        let count = Int(((2 * reach + margin) / step).rounded()) + 1
        let runs = max(6, Int(p0.distance(to: p1) / 2))
        var samples = [Float](repeating: 0, count: 3 * count * runs), profile: [Float] = []
        var used = 0
        for k in 0..<runs {
            let p = p0 + (p1 - p0) * (Double(k) / Double(runs - 1))
            let start = p + normal * (offset + reach + margin)
            guard sampler.profile(from: start, step: normal * -step, count: count, into: &profile) else { continue }
            for j in 0..<(3 * count) { samples[3 * count * used + j] = profile[j] }
            used += 1
        }
        guard used >= runs / 2 else { return nil }
        let edgeSamples = Int(margin / step)
        var surface = (Float(0), Float(0), Float(0))
        for r in 0..<used {
            for k in 0..<edgeSamples {
                let i = 3 * (count * r + k)
                surface.0 += samples[i]; surface.1 += samples[i + 1]; surface.2 += samples[i + 2]
            }
        }
        let n = Float(edgeSamples * used)
        surface = (surface.0 / n, surface.1 / n, surface.2 / n)
        var inner = (Float(0), Float(0), Float(0))
        for r in 0..<used {
            for k in (count - edgeSamples)..<count {
                let i = 3 * (count * r + k)
                inner.0 += samples[i]; inner.1 += samples[i + 1]; inner.2 += samples[i + 2]
            }
        }
        inner = (inner.0 / n, inner.1 / n, inner.2 / n)
        // Two readings of the band's departure from the surface along the profile: the distance of
        // the runs' mean colour, in which the pattern melts, and the runs' mean distance, in which it
        // cannot cancel. Each can be pulled inward by what lies inside the band, in its own way: the
        // mean colour where motifs differing from the wall in opposite directions (a green blob and a
        // purple one on an olive wall) cancel near the edge, so that a motif's edge further in
        // outweighs the card's; the mean distance where a motif inside the band stands further from
        // the wall than the band's edge does. The reading further out is the less disturbed.
        var meanColor = [Float](repeating: 0, count: 3 * count), meanDistance = [Float](repeating: 0, count: count)
        for r in 0..<used {
            for k in 0..<count {
                let i = 3 * (count * r + k)
                meanColor[3 * k] += samples[i]; meanColor[3 * k + 1] += samples[i + 1]; meanColor[3 * k + 2] += samples[i + 2]
                let d0 = samples[i] - surface.0, d1 = samples[i + 1] - surface.1, d2 = samples[i + 2] - surface.2
                meanDistance[k] += (d0 * d0 + d1 * d1 + d2 * d2).squareRoot()
            }
        }
        let colorApart = (0..<count).map { k -> Float in
            let w = 1 / Float(used)
            let d0 = meanColor[3 * k] * w - surface.0, d1 = meanColor[3 * k + 1] * w - surface.1
            let d2 = meanColor[3 * k + 2] * w - surface.2
            return (d0 * d0 + d1 * d1 + d2 * d2).squareRoot()
        }
        // The surface's own grain is a distance too, everywhere: the step is measured above it.
        let grain = meanDistance[0..<edgeSamples].reduce(0, +) / Float(edgeSamples)
        let distanceApart = meanDistance.map { ($0 - grain) / Float(used) }
        let distanceReading = halfwayIn(distanceApart, from: edgeSamples, step: step)
        // Where the band's colours cancel in their mean for the most part (its step under half the
        // mean distance's), what is left of the mean colour's step is a residue that the wall's own
        // shading beside the card (a contact shadow) can match outside the card: no reading.
        let levels = (colorApart[edgeSamples...].max() ?? 0, distanceApart[edgeSamples...].max() ?? 0)
        let colorReading = levels.0 >= 0.5 * levels.1 ? halfwayIn(colorApart, from: edgeSamples, step: step) : nil
        let shift = [colorReading, distanceReading].compactMap { $0 }.min().map { reach + margin - $0 }
        return Reading(surface: surface, inner: inner, shift: shift)
    }

    /// How far in (pixels from the profile's start) `apart` first gets half the way to its furthest
    /// within the reach (the reach stays inside the band, so that is the band's level or a stripe's),
    /// or nil when the band stands less than ``minimumStep`` from the surface.
    private func halfwayIn(_ apart: [Float], from edgeSamples: Int, step: Double) -> Double? {
        let full = apart[edgeSamples...].max() ?? 0
        guard full >= minimumStep else { return nil }
        let half = 0.5 * full
        for k in edgeSamples..<apart.count where apart[k] >= half {
            let previous = apart[k - 1], here = apart[k]
            let fraction = here > previous ? Double((half - previous) / (here - previous)) : 0
            return (Double(k - 1) + min(max(fraction, 0), 1)) * step
        }
        return nil
    }
}
