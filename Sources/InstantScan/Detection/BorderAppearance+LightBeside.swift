import Foundation

/// A patterned band's sides compared in one light, the light read from the surface beside the card.
///
/// A shadow's edge across a print (the phone's and the hand's) darkens part of the band and leaves
/// the rest lit. A plain band's sides are brought to one light along its own ring (see
/// ``agreeingAcrossLight(card:window:)``), but a patterned band changes at every motif, and its ring
/// has more steps than that reading allows. The shadow changes only brightness: the pattern's
/// chromaticities and its motifs' contrasts stay, and the surface just beyond the card darkens by as
/// much as the band beside it. Followed round the card, that surface tells the light wherever it
/// changes smoothly, as a penumbra does; a change of material beside the card (a table's edge, a
/// wall behind it) is a step, and then it tells nothing. Where the surface beyond is the card's own
/// border (a band read inside a window, across the picture's shading) it stays as it is, and nothing
/// is divided out.
extension BorderAppearance {
    /// The light along the card's ring as the surface beyond it shows it, in log units.
    struct LightBeside {
        /// Per side, the smoothed log brightness of the surface beyond it at evenly spaced fractions
        /// of the side (nil where out of view).
        var levels: [[Float?]]
        /// The lit surface's level: what every sample is brought to.
        var lit: Float

        /// The factor that brings a colour at fraction `t` of side `side` to the lit surface's light.
        func factor(side: Int, t: Double) -> Float {
            let row = levels[side]
            guard !row.isEmpty else { return 1 }
            let k = min(row.count - 1, max(0, Int((t * Double(row.count - 1)).rounded())))
            guard let level = row[k] else { return 1 }
            return exp(min(BorderAppearance.deepestShade, max(0, lit - level)))
        }

        /// Colour `c`, seen at fraction `t` of side `side`, as the lit surface's light shows it.
        func brought(_ c: Color, side: Int, t: Double) -> Color {
            let f = factor(side: side, t: t)
            return (c.0 * f, c.1 * f, c.2 * f)
        }
    }

    /// How many samples either way the surface's brightness is smoothed over: a wood grain's stripes
    /// and a cloth's weave are narrower, a penumbra (a few per cent of the photo) wider.
    static let lightBesideReach = 6

    /// The largest change of the smoothed surface between neighbouring samples that a penumbra makes;
    /// a change of material beside the card, which a median keeps sharp, makes more.
    static let lightBesideStep: Float = 0.11

    /// The least change of the light round the card, in log units, that is a shadow's edge: the
    /// light's falloff across a print changes it by up to ``brightnessRatio`` (which the sides'
    /// comparisons allow already), and a quad spanning two things (two cards of other colours) must
    /// not be brought to one light by it.
    static let lightBesideChange: Float = 0.3

    /// The most light a shadow takes away, in log units (a tenth of it kept): more is no shadow.
    static let deepestShade: Float = 2.3

    /// The light round `card` read from the surface just beyond it, or nil where that surface does not
    /// show a shadow's edge: it is flat (nothing to divide out), out of view on much of the ring, or it
    /// changes by a step somewhere (another material, which no light explains).
    func lightBeside(card: Quad) -> LightBeside? {
        let centre = card.centroid
        var raw: [Float?] = []
        var counts: [Int] = []
        for i in 0..<4 {
            let a = card.corners[i], b = card.corners[(i + 1) % 4]
            let n = outward(a, b, from: centre)
            let count = max(2, Int(a.distance(to: b) / spacing))
            counts.append(count + 1)
            for k in 0...count {
                let p = a + (b - a) * (Double(k) / Double(count))
                // Two strips beyond the edge, averaged: one pixel of grain says less than two.
                var sum: Float = 0, seen: Float = 0
                for strip in 0..<2 {
                    guard let c = sample(p + n * (stripOffset + 2 * Double(strip))) else { continue }
                    sum = sum + c.0 + c.1 + c.2
                    seen += 1
                }
                raw.append(seen == 0 ? nil : log(sum / seen + 6))
            }
        }
        let total = raw.count
        guard raw.count(where: { $0 != nil }) * 4 >= total * 3 else { return nil }
        // Every smoothed level is a median of raw ones, so a ring whose raw levels span less than a
        // shadow's change holds none, whatever the smoothing makes of it.
        var lowest = Float.infinity, highest = -Float.infinity
        for case let v? in raw {
            lowest = min(lowest, v)
            highest = max(highest, v)
        }
        guard highest - lowest >= Self.lightBesideChange else { return nil }
        // The ring is closed: the median runs on past a corner into the next side.
        let reach = Self.lightBesideReach
        var smooth = [Float?](repeating: nil, count: total)
        // The window slides round the ring kept in order: one level leaves and one enters at each step.
        var window: [Float] = []
        window.reserveCapacity(2 * reach + 2)
        func insert(_ v: Float?) {
            guard let v else { return }
            var at = window.count
            window.append(v)
            while at > 0 && window[at - 1] > v {
                window[at] = window[at - 1]
                at -= 1
            }
            window[at] = v
        }
        func remove(_ v: Float?) {
            guard let v, let at = window.firstIndex(of: v) else { return }
            window.remove(at: at)
        }
        for d in -reach...reach { insert(raw[(d + total) % total]) }
        for k in 0..<total {
            if k > 0 {
                remove(raw[(k - 1 - reach + total) % total])
                insert(raw[(k + reach) % total])
            }
            guard raw[k] != nil, window.count > reach else { continue }
            smooth[k] = window[window.count / 2]
        }
        var present = smooth.compactMap { $0 }
        guard present.count * 4 >= total * 3 else { return nil }
        let lit = OrderStatistic.select(&present, present.count * 9 / 10)
        let dark = OrderStatistic.select(&present, present.count / 10)
        guard lit - dark >= Self.lightBesideChange else { return nil }
        for k in 0..<total {
            guard let v = smooth[k], let q = smooth[(k + total - 1) % total] else { continue }
            if abs(v - q) > Self.lightBesideStep { return nil }
        }
        var levels: [[Float?]] = [], start = 0
        for count in counts {
            levels.append(Array(smooth[start..<(start + count)]))
            start += count
        }
        return LightBeside(levels: levels, lit: lit)
    }

    /// ``patternCreditAsSeen(band:outside:)`` with every sample of the band and of the surface beyond it
    /// brought to the lit surface's light.
    func patternCredit(card: Quad, window: Quad, light: LightBeside) -> (credit: Double, agreement: Double) {
        let cardCentre = card.centroid
        var band: [[Color]] = [], outside: [[Color]] = []
        for i in 0..<4 {
            let j = (i + 1) % 4
            let a = (card.corners[i] + window.corners[i]) * 0.5
            let b = (card.corners[j] + window.corners[j]) * 0.5
            let count = max(2, Int(a.distance(to: b) * 0.8 / spacing))
            band.append(broughtLine(from: a, to: b, t0: 0.1, t1: 0.9, count: count, side: i, light: light))
            let n = outward(card.corners[i], card.corners[j], from: cardCentre) * stripOffset
            let stripCount = max(2, Int(card.corners[i].distance(to: card.corners[j]) * 0.7 / spacing))
            outside.append(broughtLine(from: card.corners[i] + n, to: card.corners[j] + n, t0: 0.15, t1: 0.85,
                                       count: stripCount, side: i, light: light))
        }
        // Already in one light along the ring: no side is brought to the others' light again.
        return patternCreditAsSeen(band: band, outside: outside.map { $0.count >= 4 ? $0 : [] })
    }

    /// Colours at `count` + 1 points along a→b between the fractions `t0` and `t1`, each brought to the
    /// lit surface's light (glare and points out of view left out).
    func broughtLine(from a: Point, to b: Point, t0: Double, t1: Double, count: Int, side: Int,
                     light: LightBeside) -> [Color] {
        var out: [Color] = []
        out.reserveCapacity(count + 1)
        for k in 0...count {
            let t = t0 + (t1 - t0) * Double(k) / Double(count)
            if let c = sample(a + (b - a) * t) { out.append(light.brought(c, side: side, t: t)) }
        }
        return out
    }
}
