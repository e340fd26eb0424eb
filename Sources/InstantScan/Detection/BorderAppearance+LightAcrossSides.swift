import Foundation

/// A plain band's sides compared with the light's changes along it divided out.
///
/// The edge of a shadow across a print (the phone's and the hand's, as a photo from above so often
/// has) leaves some sides lit, some shaded and some half and half: their typical colours differ in
/// brightness far beyond the light's falloff although the band is one colour. Where the surface
/// beside each side changes too (a card standing on a table against a wall), the band's brightness
/// against the surface's says nothing either. What the band itself shows is how the change happens:
/// followed round its ring, corners included, the light's changes are spread over many samples (a
/// soft shadow's penumbra spans a few per cent of the photo) in one chromaticity, and a change of
/// material happens within a pair or two. Dividing out every change but those steps leaves each
/// sample as it would look in one light; the sides of one border then agree. A quad whose band is
/// wall on some sides and table on the others keeps its steps, and its disagreement.
extension BorderAppearance {
    /// The largest share of the ring's neighbouring pairs that may be steps for the band to be read in
    /// one light: a print's border has a few (a caption's strokes, a speck, its corners' rounding).
    static let stepsAcrossLight = 0.1

    /// How many of the band's sides agree once the light's changes along the ring are divided out.
    func agreeingAcrossLight(card: Quad, window: Quad) -> Int {
        let middles = (0..<4).map { (card.corners[$0] + window.corners[$0]) * 0.5 }
        var ring: [Color?] = [], beyond: [Color?] = [], within: [Color?] = []
        let cardCentre = card.centroid, windowCentre = window.centroid
        // The side whose middle four fifths a ring sample lies on, or nil near a corner (a side's own
        // colour is read where ``score(card:window:)`` reads it).
        var sideOf: [Int?] = []
        var positions = [Int](repeating: 0, count: 4)
        for i in 0..<4 {
            let a = middles[i], b = middles[(i + 1) % 4]
            let count = max(2, Int(a.distance(to: b) / spacing))
            let out = outward(card.corners[i], card.corners[(i + 1) % 4], from: cardCentre) * stripOffset
            let inward = outward(window.corners[i], window.corners[(i + 1) % 4], from: windowCentre) * -stripOffset
            for k in 0..<count {
                let t = Double(k) / Double(count)
                ring.append(sample(a + (b - a) * t))
                let outside = sample(card.corners[i] + (card.corners[(i + 1) % 4] - card.corners[i]) * t + out)
                beyond.append(outside)
                // The picture witnesses where the surface beyond is out of view or busy (see sharedBeside).
                within.append(sample(window.corners[i] + (window.corners[(i + 1) % 4] - window.corners[i]) * t + inward))
                let middle = t >= 0.1 && t <= 0.9
                sideOf.append(middle ? i : nil)
                if middle { positions[i] += 1 }
            }
        }
        // Noise lifts single samples past the tolerance, where a change of material or light lasts: each
        // sample is read as the median of five around it before pairs are told apart.
        ring = smoothed(ring)
        // The ring is closed: the spread test looks past its start and end into its other end.
        let reach = Self.spreadReach
        let padded = Array(ring.suffix(reach + 1)) + ring + Array(ring.prefix(reach + 1))
        func sum(_ c: Color) -> Float { c.0 + c.1 + c.2 }
        // Pairs that match, or whose change is spread out, carry the light's change; the rest are
        // steps, which carry the material's. Over a run of the former the changes telescope: its samples are
        // brought to the light at the run's start, whatever noise its pairs carried, and a step
        // keeps its size. Only a band of few steps is read so: texture's many steps, up and down,
        // would wander.
        let level = { (c: Color?) -> Float? in c.map { log($0.0 + $0.1 + $0.2 + 6) } }
        let bandLevels = ring.map(level), beyondLevels = beyond.map(level), withinLevels = within.map(level)
        // The steps are counted first: a band of too many is not read at all.
        var isStep = [Bool](repeating: false, count: ring.count)
        var pairs = 0, steps = 0
        for k in ring.indices.dropFirst() {
            guard let c = ring[k], let q = ring[k - 1] else { continue }
            pairs += 1
            if Self.distance(c, q) > tolerance && !spreadOut(padded, k + reach, k + reach + 1) {
                isStep[k] = true
                steps += 1
            }
        }
        guard pairs > 0, Double(steps) <= Self.stepsAcrossLight * Double(pairs) else { return 0 }
        var light: Float = 1
        var corrected = [[Color]](repeating: [], count: 4)
        for k in ring.indices {
            guard let c = ring[k] else { continue }
            if k > 0, let q = ring[k - 1], !isStep[k],
               sharedBeside(k, band: bandLevels, beyond: beyondLevels, within: withinLevels) {
                light *= (sum(c) + 6) / (sum(q) + 6)
            }
            if let side = sideOf[k] {
                corrected[side].append((c.0 / light, c.1 / light, c.2 / light))
            }
        }
        // A side mostly lost to glare or out of view says nothing, as in the median reading.
        let sides = (0..<4).map { i -> Color? in
            corrected[i].count * 2 > positions[i] ? median(corrected[i]) : nil
        }
        return agreeingSides(sides)
    }

    /// The least change of the band's brightness, in log units over the samples around a pair, that
    /// must be seen beside the band too to count as the light's (below it, the band is flat and its
    /// pairs differ by noise).
    static let flatAcrossLight: Float = 0.03

    /// How many times the band's change around a pair a surface's own brightness must wander (in log
    /// units, summed over the samples around it) to be too busy to witness the light there.
    static let busyBeside: Float = 3

    /// Whether the band's change of brightness around ring pair `k` - 1, `k` is the light's by what
    /// lies beside the band: a shadow's edge that crosses the band crosses the surface beyond the card
    /// there too, and darkens both alike; a band taken across a picture's own shading (sand going to
    /// sea) changes where the card's border beyond it does not.
    func sharedBeside(_ k: Int, band: [Float?], beyond: [Float?], within: [Float?]) -> Bool {
        let n = band.count, reach = Self.spreadReach
        // The mean level of up to three samples at one end of the pair's neighbourhood.
        func end(_ levels: [Float?], from start: Int) -> Float? {
            var sum: Float = 0, count = 0
            for offset in 0..<3 {
                guard let v = levels[((start + offset) % n + n) % n] else { continue }
                sum += v
                count += 1
            }
            return count >= 2 ? sum / Float(count) : nil
        }
        let first = k - 1 - reach, last = k + reach - 2
        guard let b0 = end(band, from: first), let b1 = end(band, from: last) else { return false }
        let change = b1 - b0
        if abs(change) < Self.flatAcrossLight { return true }
        // Whether the surface on one side of the band changes with it, or nil where that side is out
        // of view or busy: a surface that changes on its own beside the pair, by a step within one
        // pair as large as the band's whole change there (the edge of a cloth, a paper, a phone) or by
        // wandering three times as far (a room, a street, a picture's detail behind a print in
        // clutter), hides the light's change under its own and says nothing either way, where a plain
        // one (a table, a card's border) that stays flat says the change is not the light's.
        func follows(_ levels: [Float?]) -> Bool? {
            guard let s0 = end(levels, from: first), let s1 = end(levels, from: last) else { return nil }
            let side = s1 - s0
            if side * change > 0 && abs(side) >= 0.4 * abs(change) { return true }
            var wandered: Float = 0, largest: Float = 0
            var previous: Float?
            for m in first...(last + 2) {
                guard let level = levels[(m % n + n) % n] else { continue }
                if let p = previous {
                    wandered += abs(level - p)
                    largest = max(largest, abs(level - p))
                }
                previous = level
            }
            return largest >= abs(change) || wandered > Self.busyBeside * abs(change) ? nil : false
        }
        // The surface beyond the card is the witness (the picture has shading of its own); where the
        // photo ends at the card or the surface is busy, the picture.
        return follows(beyond) ?? follows(within) ?? false
    }

    /// Each sample of the closed ring as the per-channel median of itself and its two neighbours
    /// either way (those present); a missing sample stays missing.
    private func smoothed(_ ring: [Color?]) -> [Color?] {
        let n = ring.count
        guard n >= 5 else { return ring }
        var out = ring
        var r: [Float] = [], g: [Float] = [], b: [Float] = []
        r.reserveCapacity(5); g.reserveCapacity(5); b.reserveCapacity(5)
        for k in 0..<n where ring[k] != nil {
            r.removeAll(keepingCapacity: true); g.removeAll(keepingCapacity: true); b.removeAll(keepingCapacity: true)
            for d in -2...2 {
                guard let c = ring[(k + d + n) % n] else { continue }
                r.append(c.0); g.append(c.1); b.append(c.2)
            }
            r.sort(); g.sort(); b.sort()
            let m = r.count / 2
            out[k] = (r[m], g[m], b[m])
        }
        return out
    }

    /// How many samples either side of a pair ``spreadOut(_:_:_:)`` looks at.
    static let spreadReach = 4

    /// Whether the change between neighbouring samples `i` and `k` = `i` + 1 is part of a change spread
    /// over many samples, as the light's is across a penumbra (with less of the regularity
    /// ``onLightRamp(_:_:_:)`` asks for: a steep penumbra's samples, with noise, stray off their
    /// neighbours' midpoint). Within the samples around it the brightness goes one way, the pair carries
    /// under half of the change, and the chromaticity stays; a change of material happens within a
    /// pair or two and carries it all.
    func spreadOut(_ sequence: [Color?], _ i: Int, _ k: Int) -> Bool {
        let reach = Self.spreadReach
        guard i >= reach, k + reach < sequence.count else { return false }
        var levels: [Float] = []
        for m in (i - reach)...(k + reach) {
            guard let c = sequence[m] else { return false }
            levels.append(log(c.0 + c.1 + c.2 + 6))
        }
        let pair = abs(levels[reach + 1] - levels[reach])
        let total = abs(levels[levels.count - 1] - levels[0])
        var travelled: Float = 0
        for m in 1..<levels.count { travelled += abs(levels[m] - levels[m - 1]) }
        guard pair <= log(Self.rampStep), pair <= 0.4 * total, total >= 0.7 * travelled,
              let first = sequence[i - reach], let last = sequence[k + reach] else { return false }
        return chromaticityDistance(first, last) <= chromaTolerance / 2
    }
}
