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
        /// Median over the profiles of each profile's median colour change, levels per pixel: the
        /// photo's noise and texture there, which an edge must stand well above.
        var noise: Double = 0

        /// Median peak strength over the noise: a plain border's noise, searched from the border
        /// side, yields a peak in nearly every profile, and the first of them lines up well enough
        /// to pass for a faint edge.
        var significance: Double { strength / max(noise, 0.25) }
        /// The side as measured when it bows (a curled card); nil for a straight side. `line` is then
        /// the curve's chord.
        var curve: EdgeCurve? = nil
        /// For a bowed side, how a straight model reads it (the line through its profiles, that fit's
        /// inlier share and spread); nil for a straight side.
        var straightFit: StraightFit? = nil

        struct StraightFit: Sendable {
            var line: ImageLine
            var inlierFraction: Double
            var scale: Double
        }

        /// The side as a straight model reads it: itself for a straight side.
        var straightened: Result {
            guard let straightFit else { return self }
            var r = self
            r.line = straightFit.line
            r.inlierFraction = straightFit.inlierFraction
            r.scale = straightFit.scale
            r.curve = nil
            r.straightFit = nil
            return r
        }
    }

    /// Pixels a profile must see beyond the predicted edge when the photo ends within its reach: a
    /// step and the peak of its derivative take about two, and the edge is seldom further out than
    /// predicted on a card the working image placed whole.
    var minimumBeyond = 3

    /// Whether a step found on code values is placed where it is steepest in linear light (see
    /// ``linearPeak(of:near:limit:)``): where it lies, not only whether it is there.
    var locatesInLinearLight = false

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
                rule: PeakRule, allowsBow: Bool = false) -> Result? {
        let d = b - a
        let length = (d.x * d.x + d.y * d.y).squareRoot()
        guard length > 8 else { return nil }
        let u = d * (1 / length)
        let n = towardBorder * -1  // profiles run from the border side outward
        let radius = max(2, Int(searchRadius.rounded(.up)))
        let start = trim * length, usable = (1 - 2 * trim) * length
        let profiles = min(200, max(16, Int(usable / 3)))
        // A patterned border's side may be looked for again among all the profiles' peaks (see
        // ``consensusEdge``): those are kept from the same profiles as they are read.
        let mayTakeConsensus = rule == .firstFromBorder && consensusBelow != nil
        let (straight, allPeaks) = measure(a: a, u: u, n: n, start: start, usable: usable, profiles: profiles,
                                           radius: radius, rule: rule, keepingAllPeaks: mayTakeConsensus) { _ in 0 }
        guard straight.t.count >= max(6, profiles / 5),
              let fit = RobustLineFit(t: straight.t, s: straight.s, weights: straight.w.map { $0.squareRoot() })
        else { return nil }
        func result(_ points: Points, _ fit: RobustLineFit) -> Result {
            let p0 = a + n * fit.intercept
            let p1 = a + u * length + n * (fit.intercept + fit.slope * length)
            let sortedStrength = points.w.sorted()
            let sortedNoise = points.noise.sorted()
            return Result(line: ImageLine(p0, p1), inlierFraction: fit.inlierFraction,
                          foundFraction: Double(points.t.count) / Double(max(points.taken, 1)),
                          strength: sortedStrength[sortedStrength.count / 2], scale: fit.scale,
                          noise: sortedNoise[sortedNoise.count / 2])
        }
        // A patterned border has edges of its own: the first met from it is a stripe's, not the card's,
        // and those scatter along the side where the card's lie on one line.
        if rule == .firstFromBorder, let consensusBelow, fit.inlierFraction < consensusBelow || fit.scale >= consensusSpread,
           let (points, line) = consensusEdge(a: a, u: u, n: n, start: start, usable: usable, profiles: profiles,
                                              all: allPeaks, first: fit, found: straight.t.count) {
            return result(points, line)
        }
        var result = result(straight, fit)
        if allowsBow, length >= minimumBowedLength, let curve = bowed(a: a, u: u, n: n, length: length, start: start, usable: usable,
                                        profiles: profiles, radius: radius, rule: rule, straight: straight, line: fit) {
            result.straightFit = .init(line: result.line, inlierFraction: result.inlierFraction, scale: result.scale)
            result.curve = curve.curve
            result.line = curve.curve.chord
            result.inlierFraction = curve.fit.inlierFraction
            result.scale = curve.fit.scale
        }
        return result
    }

    /// Below this inlier share the first peaks met from the border do not make one line, and the
    /// line most profiles share is looked for among all their peaks; nil: never. Only for a border
    /// that is not plain (a printed pattern, or colours that vary along it): on a plain one the
    /// first change met is the card's edge, and the line most profiles share beyond it is a sleeve
    /// pocket's edge or a shadow's.
    var consensusBelow: Double?
    /// Robust spread (pixels) of the first peaks about their line from which they are taken for a
    /// smear of a pattern's edges rather than one edge, however many of them the line holds: a
    /// real edge's peaks lie within a fraction of a pixel of it.
    var consensusSpread = 1.0
    /// Inlier share the line most profiles share must reach to stand for the side.
    var consensusInliers = 0.8

    /// The side as the line most profiles have a peak on, among all their significant peaks, when it
    /// is clearly better supported than `first` (the line through the first peaks met from the
    /// border) or much tighter about its line, and as many profiles find it: the outline of a card
    /// with a striped or dotted frame, whose pattern's edges are met first but scatter across the band.
    /// - Parameter all: every significant peak of the side's profiles.
    private func consensusEdge(a: Point, u: Point, n: Point, start: Double, usable: Double, profiles: Int,
                               all: Points, first: RobustLineFit, found: Int) -> (Points, RobustLineFit)? {
        guard all.t.count >= max(6, profiles / 5),
              let shared = RobustLineFit(t: all.t, s: all.s, weights: all.w.map { $0.squareRoot() }) else { return nil }
        // Each profile's peak nearest that line, and the line through them.
        let along = measure(a: a, u: u, n: n, start: start, usable: usable, profiles: profiles,
                            radius: 3, rule: .nearestToPrediction) { shared.intercept + shared.slope * $0 }.points
        guard along.t.count >= max(6, (8 * found) / 10),
              let line = RobustLineFit(t: along.t, s: along.s, weights: along.w.map { $0.squareRoot() }),
              line.inlierFraction >= consensusInliers,
              line.inlierFraction >= first.inlierFraction + 0.15 || line.scale <= first.scale / 2
        else { return nil }
        return (along, line)
    }

    /// Sagitta (full-resolution pixels) from which a side is taken as bowed rather than straight: below
    /// it a straight fit puts the corners within the accuracy the detector promises anyway.
    var minimumSagitta = 1.5
    /// Largest bow taken for a card's curl, as a share of the side's length; more is something else.
    var maximumBowShare = 0.06
    /// Shortest side (full-resolution pixels) measured as a curve: a curl's few per cent of a shorter
    /// side is near the sagitta floor, where a rounded corner's fall-off or the profiles' noise bend
    /// a parabola as much, and a straight fit is as close anyway.
    var minimumBowedLength = 300.0

    /// The side as a gentle curve when the measured points say so clearly: a parabola through them
    /// bows by more than ``minimumSagitta``, explains most of them, and clearly more tightly than the
    /// straight line does. The profiles are then taken again along the curve, so a bow larger than the
    /// search radius is followed, and the curve is fitted anew.
    private func bowed(a: Point, u: Point, n: Point, length: Double, start: Double, usable: Double,
                       profiles: Int, radius: Int, rule: PeakRule,
                       straight: Points, line: RobustLineFit) -> (curve: EdgeCurve, fit: RobustCurveFit)? {
        // The curve's scale never falls below its floor, so a line already within one and a half
        // floors of its points cannot be beaten by the curve: most sides are straight and sharp,
        // and the curve's consensus start is the refinement's costliest fit.
        guard line.scale >= 1.5 * RobustCurveFit.minimumScale else { return nil }
        guard var fit = RobustCurveFit(t: straight.t, s: straight.s, weights: straight.w.map { $0.squareRoot() })
        else { return nil }
        func accepted(_ fit: RobustCurveFit) -> Bool {
            let sagitta = abs(fit.c2) * length * length / 4
            return sagitta >= minimumSagitta && sagitta <= maximumBowShare * length && fit.bendSignificance >= 5
        }
        // The straight line must leave the points clearly more scattered than the curve does: on a
        // bowed side the line's residuals follow the bow, while a pattern or a shadow at one end of a
        // straight side bends a parabola without making it fit tighter than the line.
        guard accepted(fit), fit.inlierFraction >= 0.6, line.scale >= 1.5 * fit.scale else { return nil }
        // Along the curve, a narrow search: the curve is known to a pixel or two where it was measured.
        let narrow = min(radius, max(3, Int((4 * fit.scale + 2).rounded(.up))))
        let first = fit
        let along = measure(a: a, u: u, n: n, start: start, usable: usable, profiles: profiles,
                            radius: narrow, rule: rule) { first.value(at: $0) }.points
        guard along.t.count >= max(6, profiles / 5),
              let refit = RobustCurveFit(t: along.t, s: along.s, weights: along.w.map { $0.squareRoot() }),
              accepted(refit), refit.support >= 0.9 * fit.support, refit.scale < line.scale else { return nil }
        fit = refit
        let curve = EdgeCurve(origin: a, direction: u, normal: n, c0: fit.c0, c1: fit.c1, c2: fit.c2, length: length)
        return (curve, fit)
    }

    /// Measured edge positions: coordinate along the side, offset across it, peak strength.
    private struct Points {
        var t: [Double] = [], s: [Double] = [], w: [Double] = []
        /// Each profile's median colour change.
        var noise: [Double] = []
        var taken = 0

        mutating func append(t: Double, s: Double, w: Double) {
            self.t.append(t); self.s.append(s); self.w.append(w)
        }
    }

    /// Takes `profiles` colour profiles across the side, each centred `centre(t)` off the base line,
    /// and locates the edge in each by `rule`; with `keepingAllPeaks`, also every significant peak
    /// of each profile (in `all`; empty otherwise).
    private func measure(a: Point, u: Point, n: Point, start: Double, usable: Double, profiles: Int,
                         radius: Int, rule: PeakRule, keepingAllPeaks: Bool = false,
                         centre: (Double) -> Double) -> (points: Points, all: Points) {
        let count = 2 * radius + 3
        var colours = [SIMD4<Float>](repeating: .zero, count: count)
        var deriv = [Float](repeating: 0, count: count)
        var sorted = [Float](repeating: 0, count: count - 2)
        var points = Points(), all = Points()
        points.t.reserveCapacity(profiles); points.s.reserveCapacity(profiles); points.w.reserveCapacity(profiles)
        for k in 0..<profiles {
            let t = start + usable * (Double(k) + 0.5) / Double(profiles)
            let shift = centre(t)
            let first = a + u * t + n * (shift + Double(-radius - 1))
            // A card filling the frame has its edge a few pixels from the photo's: the profile runs
            // out of the photo beyond it. What lies in view is used, as long as it reaches past the
            // predicted edge by the pixels a step needs on its far side (see ``minimumBeyond``).
            let inView = sampler.vectorProfilePrefix(from: first, step: n, count: count, into: &colours)
            guard inView == count || inView >= radius + 1 + minimumBeyond else { continue }
            points.taken += 1
            if keepingAllPeaks { all.taken += 1 }
            let strongest = Self.derivative(of: colours, inView: inView, into: &deriv)
            let measured = min(count - 1, inView - 1) - 1
            for j in 1...measured { sorted[j - 1] = deriv[j] }
            // The selection's first pivot is the middle element: the profile's middle, where the
            // edge is predicted and the derivative peaks, is the worst pivot there is, and its far
            // end (ordinary texture) is near the median sought. Where the values lie does not
            // change the value selected.
            sorted.swapAt((measured - 1) / 2, measured - 1)
            let median: Float
            if measured == sorted.count {
                median = OrderStatistic.select(&sorted, measured / 2)
            } else {
                var seen = Array(sorted[0..<measured])
                median = OrderStatistic.select(&seen, measured / 2)
            }
            points.noise.append(Double(median))
            if keepingAllPeaks { all.noise.append(Double(median)) }
            guard strongest >= minimumContrast else { continue }
            let floor = max(minimumContrast, relativePeak * strongest)
            var pick = -1
            var pickScore = Double.infinity
            if keepingAllPeaks {
                for j in 2..<(count - 2) where deriv[j] >= floor && deriv[j] >= deriv[j - 1] && deriv[j] > deriv[j + 1] {
                    all.append(t: t, s: shift + Double(j - radius - 1) + Self.peakOffset(deriv, j), w: Double(deriv[j]))
                }
            }
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
            let at = locatesInLinearLight ? Self.linearPeak(of: colours, near: pick, limit: min(count - 1, inView - 1))
                : Double(pick) + Self.peakOffset(deriv, pick)
            points.append(t: t, s: shift + at - Double(radius + 1), w: Double(deriv[pick]))
        }
        return (points, all)
    }

    /// Colour derivative magnitude at s = -radius ... radius (index j = s + radius + 1) of a profile's
    /// `colours` (red, green, blue in the first three lanes, `deriv.count` of them), into `deriv`;
    /// none where the difference would reach past the `inView` samples in the photo. Returns the
    /// strongest.
    ///
    /// A function of its own: writing an `inout` array, the compiler checks the array's uniqueness
    /// once rather than at every sample (the refinement's profiles take a million samples a photo).
    private static func derivative(of colours: [SIMD4<Float>], inView: Int, into deriv: inout [Float]) -> Float {
        let count = deriv.count
        precondition(colours.count >= count)
        // Samples 1 ..< limit have both neighbours in view.
        let limit = max(1, min(count - 1, inView - 1))
        var strongest: Float = 0
        colours.withUnsafeBufferPointer { c in
            deriv.withUnsafeMutableBufferPointer { d in
                var j = 1
                // Four samples at a time, their channels gathered lane by lane: each lane takes the
                // steps a single sample takes, in the same order.
                while j + 4 <= limit {
                    let d0 = c[j + 1] - c[j - 1], d1 = c[j + 2] - c[j], d2 = c[j + 3] - c[j + 1], d3 = c[j + 4] - c[j + 2]
                    let r = SIMD4(d0[0], d1[0], d2[0], d3[0])
                    let g = SIMD4(d0[1], d1[1], d2[1], d3[1])
                    let b = SIMD4(d0[2], d1[2], d2[2], d3[2])
                    let v = 0.5 * (r * r + g * g + b * b).squareRoot()
                    d[j] = v[0]; d[j + 1] = v[1]; d[j + 2] = v[2]; d[j + 3] = v[3]
                    strongest = max(strongest, v.max())
                    j += 4
                }
                for j in j..<limit {
                    let delta = c[j + 1] - c[j - 1]
                    let square = delta * delta
                    let v = 0.5 * (square[0] + square[1] + square[2]).squareRoot()
                    d[j] = v
                    strongest = max(strongest, v)
                }
                for j in limit..<max(limit, count - 1) { d[j] = 0 }
            }
        }
        return strongest
    }

    /// Where, to a fraction of a sample, the step whose code-value derivative peaks at `j` is steepest
    /// in linear light: the peak of the linear light's derivative at `j` or a neighbour (samples 1
    /// ..< `limit` have both neighbours), refined by a parabola.
    ///
    /// A lens blurs light, which adds linearly; the camera encodes it on a curve afterwards. Across a
    /// blurred step between a dark and a bright colour the encoded values rise fastest on the dark
    /// side of where the light is halfway: the step read on code values lies toward its dark side by
    /// a share of the blur's width (about a pixel on a soft photo of a small print, a third of a
    /// millimetre at a pixel a millimetre). A pale border's picture edge is then read inside the
    /// picture, a dark border's outside it.
    private static func linearPeak(of colours: [SIMD4<Float>], near j: Int, limit: Int) -> Double {
        let lo = max(1, j - 2), hi = min(limit - 1, j + 2)
        guard hi - lo >= 2 else { return Double(j) }
        // The linear light's derivative at samples lo...hi (at most five), held in a vector: no
        // array to allocate for each of the refinement's many profiles.
        var slope = SIMD8<Float>(repeating: 0)
        for k in lo...hi {
            let a = colours[k - 1], b = colours[k + 1]
            let dr = linearLight(b[0]) - linearLight(a[0]), dg = linearLight(b[1]) - linearLight(a[1])
            let db = linearLight(b[2]) - linearLight(a[2])
            slope[k - lo] = (dr * dr + dg * dg + db * db).squareRoot()
        }
        // The linear peak at the code peak or a neighbour: the bias is less than a sample or two.
        var best = j
        for k in max(lo, j - 1)...min(hi, j + 1) where slope[k - lo] > slope[best - lo] { best = k }
        guard best > lo, best < hi else { return Double(best) }
        let y0 = Double(slope[best - lo - 1]), y1 = Double(slope[best - lo]), y2 = Double(slope[best - lo + 1])
        let curvature = y0 - 2 * y1 + y2
        return Double(best) + (curvature < 0 ? max(-0.5, min(0.5, 0.5 * (y0 - y2) / curvature)) : 0)
    }

    /// Linear light (0...1) of a code value 0...255, bilinearly sampled: the sRGB curve's table,
    /// interpolated.
    @inline(__always)
    private static func linearLight(_ code: Float) -> Float {
        let v = max(0, min(254.999, code))
        let i = Int(v), f = v - Float(i)
        let t = LinearLight.decodeTable
        return t[i] + (t[i + 1] - t[i]) * f
    }

    /// Sub-pixel offset of the peak at `j`: the vertex of a parabola through it and its neighbours.
    private static func peakOffset(_ deriv: [Float], _ j: Int) -> Double {
        let y0 = Double(deriv[j - 1]), y1 = Double(deriv[j]), y2 = Double(deriv[j + 1])
        let curvature = y0 - 2 * y1 + y2
        return curvature < 0 ? max(-0.5, min(0.5, 0.5 * (y0 - y2) / curvature)) : 0
    }
}
