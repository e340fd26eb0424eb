import Foundation

/// A patterned or decorated border: stripes, dots, printed motifs.
///
/// Such a band fails the plainness test (its neighbouring samples differ) as texture does. What tells
/// it from a quad that has wandered into wood grain or a patterned cloth is where the pattern stops:
/// the band is one pattern all round (its sides have the same mean colour and the same spread), and
/// the surface just outside the card is something else (another mean colour or another spread). A
/// quad cut out of a texture has that texture on both sides of its "card" edges.
extension BorderAppearance {
    /// Mean colour and spread (RMS distance from the mean, levels) of a set of samples.
    struct Statistics {
        var mean: Color
        var spread: Float

        init?(_ samples: [Color]) {
            guard samples.count >= 4 else { return nil }
            let n = Float(samples.count)
            let m = samples.reduce((Float(0), Float(0), Float(0))) { ($0.0 + $1.0, $0.1 + $1.1, $0.2 + $1.2) }
            mean = (m.0 / n, m.1 / n, m.2 / n)
            var sum: Float = 0
            for c in samples {
                let dr = c.0 - mean.0, dg = c.1 - mean.1, db = c.2 - mean.2
                sum += dr * dr + dg * dg + db * db
            }
            spread = (sum / n).squareRoot()
        }
    }

    /// Credit (0...1) and side agreement (0...1) of a band as one printed pattern, from the samples
    /// along the band's middle line and along strips just outside the card, per side.
    ///
    /// The credit stays below a plain band's full marks: between a plain band and a patterned one
    /// with the same edges, the plain one is the likelier print. Where a side's band and the surface
    /// beyond it are darker than the other sides' by one factor (a shadow's edge running along the
    /// band, between it and the picture), the sides are compared in one light as well.
    func patternCredit(band: [[Color]], outside: [[Color]]) -> (credit: Double, agreement: Double) {
        let asSeen = patternCreditAsSeen(band: band, outside: outside)
        guard asSeen.agreement < 1, let even = sidesInOneLight(band: band, outside: outside) else { return asSeen }
        let inOneLight = patternCreditAsSeen(band: even.band, outside: even.outside)
        return (inOneLight.credit, inOneLight.agreement) > (asSeen.credit, asSeen.agreement) ? inOneLight : asSeen
    }

    /// The band's and the surface's samples with each side brought to the light of the median side,
    /// where a side's band and the surface beyond it are darker (or lighter) by one factor, as a
    /// shadow's edge running along a band (between it and the picture) makes them; nil where no side is.
    func sidesInOneLight(band: [[Color]], outside: [[Color]]) -> (band: [[Color]], outside: [[Color]])? {
        func level(_ samples: [Color]) -> Float? {
            guard let st = Statistics(samples) else { return nil }
            return log(st.mean.0 + st.mean.1 + st.mean.2 + 6)
        }
        let bandLevels = band.map(level), outsideLevels = outside.map(level)
        var seen = bandLevels.compactMap { $0 }
        guard seen.count >= 3 else { return nil }
        let typical = OrderStatistic.select(&seen, seen.count / 2)
        var outSeen = outsideLevels.compactMap { $0 }
        guard outSeen.count >= 3 else { return nil }
        let typicalOut = OrderStatistic.select(&outSeen, outSeen.count / 2)
        var newBand = band, newOutside = outside, moved = false
        for i in 0..<band.count {
            guard let b = bandLevels[i], let o = outsideLevels[i] else { continue }
            let change = b - typical, outChange = o - typicalOut
            // One factor on both: the light, not another material.
            guard abs(change) >= Self.lightBesideChange, abs(change) <= Self.deepestShade,
                  abs(change - outChange) <= 0.25 * abs(change) else { continue }
            let f = exp(-change)
            newBand[i] = band[i].map { ($0.0 * f, $0.1 * f, $0.2 * f) }
            newOutside[i] = outside[i].map { ($0.0 * f, $0.1 * f, $0.2 * f) }
            moved = true
        }
        return moved ? (newBand, newOutside) : nil
    }

    /// Credit and side agreement of the band's samples as they are, every side in the light it is in.
    func patternCreditAsSeen(band: [[Color]], outside: [[Color]]) -> (credit: Double, agreement: Double) {
        let sides = band.map(Statistics.init)
        let seen = sides.compactMap { $0 }
        guard seen.count >= 3 else { return (0, 0) }
        let n = Float(seen.count)
        let mean = seen.reduce((Float(0), Float(0), Float(0))) { ($0.0 + $1.mean.0, $0.1 + $1.mean.1, $0.2 + $1.mean.2) }
        let whole = (mean.0 / n, mean.1 / n, mean.2 / n)
        let spread = seen.reduce(0) { $0 + $1.spread } / n
        // Not a pattern but noise or a gradient: plainness has judged it already.
        guard spread > tolerance else { return (0, 0) }
        var agreeing = 0, contrasting = 0, judged = 0
        for i in 0..<4 {
            guard let side = sides[i] else { continue }
            // A side covers many repeats of the pattern, so its mean is the pattern's mean; large motifs
            // leave it to wander by a share of the spread.
            if Self.distance(side.mean, whole) <= max(2 * tolerance, 0.5 * spread),
               abs(side.spread - spread) <= 0.5 * spread { agreeing += 1 }
            guard let out = Statistics(outside[i]) else { continue }
            judged += 1
            // Where the pattern stops: the surface differs in mean colour or in how much it varies, by
            // more than the two spreads leave to chance.
            let difference = Self.distance(side.mean, out.mean) + abs(side.spread - out.spread)
            if difference >= max(3 * minimumContrast, 0.5 * (side.spread + out.spread)) { contrasting += 1 }
        }
        let agreement = Double(agreeing) / Double(seen.count)
        guard agreeing >= 3, judged >= 3 else { return (0, agreement) }
        if contrasting == judged { return (0.85, agreement) }
        // Two prints edge to edge share one side's surface.
        if contrasting == judged - 1 { return (0.6, agreement) }
        return (0, agreement)
    }
}
