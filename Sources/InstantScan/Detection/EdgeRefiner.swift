/// Moves one straight edge of a print to its sub-pixel position on the full-resolution photo.
///
/// Many short colour profiles are taken across the predicted edge; in each, the strongest change of
/// colour is located to a fraction of a pixel by a parabola through the peak of the derivative; a robust
/// line through those positions is the edge. The ends of the edge are left out (rounded corners,
/// and the neighbouring edge's blur).
struct EdgeRefiner {
    let sampler: FullResolutionSampler

    /// Which peak of a profile is the edge.
    enum PeakRule: Sendable {
        /// The significant peak closest to the predicted position (the prediction is good to a few pixels).
        case nearestToPrediction
        /// The first significant peak met coming from the border side: the print's border is plain, so
        /// the first strong change leaving it is the edge, not the picture's content or the shadow beyond.
        case firstFromBorder
    }

    struct Result: Sendable {
        var line: ImageLine
        /// Share of profiles whose peak lies on the fitted line.
        var inlierFraction: Double
        /// Profiles that had a usable peak, over those taken.
        var foundFraction: Double
        /// Median peak strength, levels per pixel.
        var strength: Double
        /// Robust spread of the peaks about the line, pixels.
        var scale: Double
    }

    /// Weakest colour change that counts as an edge, levels per pixel.
    var minimumContrast: Float = 2
    /// A peak must reach this share of the profile's strongest to count.
    var relativePeak: Float = 0.35

    /// Refines the edge predicted from `a` to `b`.
    ///
    /// - Parameters:
    ///   - towardBorder: unit normal pointing from the edge into the print's border band (inward for the
    ///     card's edges, outward for the window's).
    ///   - searchRadius: how far either side of the prediction to look, full-resolution pixels.
    ///   - trim: share of the edge's length left out at each end.
    func refine(from a: Point, to b: Point, towardBorder: Point, searchRadius: Double, trim: Double,
                rule: PeakRule) -> Result? {
        let d = b - a
        let length = (d.x * d.x + d.y * d.y).squareRoot()
        guard length > 8 else { return nil }
        let u = d * (1 / length)
        let n = towardBorder * -1  // profiles run from the border side outward
        let radius = max(2, Int(searchRadius.rounded(.up)))
        let count = 2 * radius + 3
        let start = trim * length, usable = (1 - 2 * trim) * length
        let profiles = min(200, max(16, Int(usable / 3)))
        var colours = [Float](repeating: 0, count: 3 * count)
        var deriv = [Float](repeating: 0, count: count)
        var ts: [Double] = [], ss: [Double] = [], ws: [Double] = []
        ts.reserveCapacity(profiles); ss.reserveCapacity(profiles); ws.reserveCapacity(profiles)
        var taken = 0
        for k in 0..<profiles {
            let t = start + usable * (Double(k) + 0.5) / Double(profiles)
            let centre = a + u * t
            let first = centre + n * Double(-radius - 1)
            guard sampler.profile(from: first, step: n, count: count, into: &colours) else { continue }
            taken += 1
            // Colour derivative magnitude at s = -radius ... radius (index j = s + radius + 1).
            var strongest: Float = 0
            for j in 1..<(count - 1) {
                let dr = colours[3 * (j + 1)] - colours[3 * (j - 1)]
                let dg = colours[3 * (j + 1) + 1] - colours[3 * (j - 1) + 1]
                let db = colours[3 * (j + 1) + 2] - colours[3 * (j - 1) + 2]
                let v = 0.5 * (dr * dr + dg * dg + db * db).squareRoot()
                deriv[j] = v
                strongest = max(strongest, v)
            }
            guard strongest >= minimumContrast else { continue }
            let floor = max(minimumContrast, relativePeak * strongest)
            var pick = -1
            var pickScore = Double.infinity
            for j in 2..<(count - 2) where deriv[j] >= floor && deriv[j] >= deriv[j - 1] && deriv[j] > deriv[j + 1] {
                let s = Double(j - radius - 1)
                switch rule {
                case .nearestToPrediction:
                    // Closest to the prediction; a stronger peak wins a near tie.
                    let score = abs(s) - 2 * Double(deriv[j] / strongest)
                    if score < pickScore { pickScore = score; pick = j }
                case .firstFromBorder:
                    if pick < 0 && deriv[j] >= 0.5 * strongest { pick = j }
                }
            }
            guard pick > 0 else { continue }
            let y0 = Double(deriv[pick - 1]), y1 = Double(deriv[pick]), y2 = Double(deriv[pick + 1])
            let curvature = y0 - 2 * y1 + y2
            let offset = curvature < 0 ? max(-0.5, min(0.5, 0.5 * (y0 - y2) / curvature)) : 0
            ts.append(t)
            ss.append(Double(pick - radius - 1) + offset)
            ws.append(y1)
        }
        guard ts.count >= max(6, profiles / 5),
              let fit = RobustLineFit(t: ts, s: ss, weights: ws.map { $0.squareRoot() }) else { return nil }
        let p0 = a + n * fit.intercept
        let p1 = a + u * length + n * (fit.intercept + fit.slope * length)
        let sortedStrength = ws.sorted()
        return Result(line: ImageLine(p0, p1), inlierFraction: fit.inlierFraction,
                      foundFraction: Double(ts.count) / Double(max(taken, 1)),
                      strength: sortedStrength[sortedStrength.count / 2], scale: fit.scale)
    }
}
