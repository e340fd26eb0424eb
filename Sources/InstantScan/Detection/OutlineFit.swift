/// A card's outer outline measured at full resolution from the surface inward, for a card whose border
/// band is patterned or decorated.
///
/// The edge refiner follows the strongest colour change across each side, and on a patterned band
/// that is often a stripe's or a motif's edge a few pixels inside the card: refinement then draws the
/// card inward. Here each side's profile is averaged along the side, so that the band's pattern melts
/// into its mean colour, and walked from the plain surface outside inward: the side is where the
/// averaged colour has first gone half the way from the surface's to the band's. Nothing inside that
/// first step can move it. Each half of a side is measured on its own, so that a side a little turned
/// from the guess is followed too.
struct OutlineFit {
    let sampler: FullResolutionSampler

    /// How far (upright pixels) either side of the guessed side its edge is looked for.
    var reach: Double
    /// Smallest step (levels, RGB distance) from the surface's mean colour to the band's on a side.
    var minimumStep: Float = 12

    /// `card` (upright, corners in order) with each side moved onto the card's outer edge, or nil when
    /// a side shows no clear step from a plain surface to the band.
    func fitted(_ card: Quad) -> Quad? {
        let centre = card.centroid
        var lines: [ImageLine] = []
        for i in 0..<4 {
            let a = card.corners[i], b = card.corners[(i + 1) % 4]
            let length = a.distance(to: b)
            guard length > 8 else { return nil }
            let along = (b - a) * (1 / length)
            var normal = Point(-along.y, along.x)
            let middle = (a + b) * 0.5
            if (middle.x - centre.x) * normal.x + (middle.y - centre.y) * normal.y < 0 { normal = normal * -1 }
            // Two halves, clear of the corners (rounding, perspective).
            var points: [Point] = []
            for (from, to) in [(0.12, 0.45), (0.55, 0.88)] {
                guard let shift = edge(from: a + (b - a) * from, to: a + (b - a) * to, outward: normal) else { return nil }
                points.append(a + (b - a) * ((from + to) / 2) + normal * shift)
            }
            lines.append(ImageLine(points[0], points[1]))
        }
        var corners: [Point] = []
        for i in 0..<4 {
            guard let p = lines[(i + 3) % 4].intersection(lines[i]) else { return nil }
            // A corner that moved far from the guess came from a side measured wrong.
            guard p.distance(to: card.corners[i]) < 2 * reach else { return nil }
            corners.append(p)
        }
        let fitted = Quad(corners: corners)
        return fitted.isConvex ? fitted : nil
    }

    /// The signed distance (outward positive) of the card's outer edge from the segment `p0`–`p1`.
    private func edge(from p0: Point, to p1: Point, outward normal: Point) -> Double? {
        let step = 0.5
        // The surface's colour is read just beyond the reach.
        let margin = 3.0
        let count = Int(((2 * reach + margin) / step).rounded()) + 1
        let runs = max(6, Int(p0.distance(to: p1) / 2))
        var mean = [Float](repeating: 0, count: 3 * count), profile: [Float] = []
        var used = 0
        for k in 0..<runs {
            let p = p0 + (p1 - p0) * (Double(k) / Double(runs - 1))
            let start = p + normal * (reach + margin)
            guard sampler.profile(from: start, step: normal * -step, count: count, into: &profile) else { continue }
            for j in 0..<(3 * count) { mean[j] += profile[j] }
            used += 1
        }
        guard used >= runs / 2 else { return nil }
        for j in mean.indices { mean[j] /= Float(used) }
        let edgeSamples = Int(margin / step)
        var surface = (Float(0), Float(0), Float(0))
        for k in 0..<edgeSamples { surface.0 += mean[3 * k]; surface.1 += mean[3 * k + 1]; surface.2 += mean[3 * k + 2] }
        surface = (surface.0 / Float(edgeSamples), surface.1 / Float(edgeSamples), surface.2 / Float(edgeSamples))
        let apart = (0..<count).map { k -> Float in
            let d0 = mean[3 * k] - surface.0, d1 = mean[3 * k + 1] - surface.1, d2 = mean[3 * k + 2] - surface.2
            return (d0 * d0 + d1 * d1 + d2 * d2).squareRoot()
        }
        // The band's step: the furthest the averaged colour gets from the surface's within the reach
        // (the reach stays inside the band, so this is the band's mean or a stripe of it).
        let full = apart[edgeSamples...].max() ?? 0
        guard full >= minimumStep else { return nil }
        let half = 0.5 * full
        for k in edgeSamples..<count where apart[k] >= half {
            let previous = apart[k - 1], here = apart[k]
            let fraction = here > previous ? Double((half - previous) / (here - previous)) : 0
            let distanceIn = (Double(k - 1) + min(max(fraction, 0), 1)) * step
            return reach + margin - distanceIn
        }
        return nil
    }
}
