/// A striped or patterned border has strong colour changes of its own: coming from inside the
/// border outward, the first strong change is often a stripe's, a few pixels short of the card's
/// edge (a patterned card on a table came out 7 px short on its top side at 12 MP).
///
/// The card's edge is where the border, whatever its pattern, gives way to the surface: the
/// outermost strong change along the whole side, with the surface's one colour beyond it. Where a
/// refined side has, just outside it, a band that is not the surface and whose colour changes along
/// the side (stripes cut by the side), and the surface beyond that band all along, the card's edge
/// is the band's outer end, measured coming from the surface.
extension PrintRefiner {
    /// Profiles taken across a side to look for a patterned band outside it.
    static let patternedSideProfiles = 24
    /// Least share of the profiles that must end their band within a pixel and a half of the
    /// band's median width: a card's edge is straight, the stripes' ends are not.
    static let patternedSideAgreement = 0.7

    /// The card's edge beyond `side` (side `i` of `card`, refined coming from the border) when a
    /// patterned band lies between the two; nil when the surface begins at the side.
    ///
    /// - Parameter reach: how far out (full-resolution pixels) the band may end: the near search's
    ///   own reach, since the side was found within it.
    func outerEdgeOfPatternedSide(_ i: Int, card: Quad, side: EdgeRefiner.Result, reach: Double) -> EdgeRefiner.Result? {
        guard side.curve == nil else { return nil }
        let line = side.line
        // The card's corners dropped onto the refined side.
        let a = card.corners[i] - line.normal * line.distance(card.corners[i])
        let b = card.corners[(i + 1) % 4] - line.normal * line.distance(card.corners[(i + 1) % 4])
        let d = b - a
        let length = (d.x * d.x + d.y * d.y).squareRoot()
        guard length > 40, reach >= 3 else { return nil }
        let outward = Point(d.y / length, -d.x / length)  // out of the card (clockwise quad)
        let inside = 2, outside = Int(reach.rounded(.up)) + 3
        let count = inside + outside + 1
        var buffer = [Float](repeating: 0, count: 3 * count)
        var profiles: [[[Float]]] = []
        let n = Self.patternedSideProfiles
        for k in 0..<n {
            let p = a + d * (0.15 + 0.7 * (Double(k) + 0.5) / Double(n))
            guard sampler.profile(from: p - outward * Double(inside), step: outward, count: count, into: &buffer) else { continue }
            profiles.append((0..<count).map { Array(buffer[(3 * $0)..<(3 * $0 + 3)]) })
        }
        guard profiles.count >= n * 3 / 4 else { return nil }
        let limit = Self.pocketColourDifference
        // The surface: the colour the profiles share at their outer end, one colour all along.
        let far = profiles.flatMap { $0.suffix(3) }
        let surface = Self.median(far)
        guard Self.median(far.map { Self.difference($0, surface) }) < 0.25 * limit else { return nil }
        // Where each profile last differs from the surface (index into the profile).
        let ends = profiles.compactMap { p -> Int? in
            p.indices.last { Self.difference(p[$0], surface) >= limit }
        }
        guard Double(ends.count) >= Self.patternedSideAgreement * Double(profiles.count) else { return nil }
        let width = ends.sorted()[ends.count / 2] - inside  // pixels past the side the band ends
        guard width >= 2, width <= outside - 3 else { return nil }
        let agreeing = ends.filter { abs(Double($0 - inside - width)) <= 1.5 }.count
        guard Double(agreeing) >= Self.patternedSideAgreement * Double(profiles.count) else { return nil }
        // The band is the border's, patterned: not the surface, and its colour changes along the side
        // (a shadow or a plain border's strip, read short, is one colour along the side).
        let middle = profiles.map { $0[inside + width / 2] }
        let bandColour = Self.median(middle)
        // Stripes may cover less of the band than its ground: the changes along it are read at the
        // upper tail (three in ten profiles), a shadow's stay below it all along.
        let along = middle.map { Self.difference($0, bandColour) }.sorted()
        guard Self.median(middle.map { Self.difference($0, surface) }) >= limit,
              along[along.count * 7 / 10] >= 0.5 * limit else { return nil }
        // The edge coming from the surface: the first strong change met there is the card's. (The
        // band's colour against the surface's, judged above, stands for the significance its short
        // profiles cannot measure.)
        let at = Double(width) + 0.5
        guard let found = EdgeRefiner(sampler: sampler).refine(from: a + outward * at, to: b + outward * at,
                                                               towardBorder: outward, searchRadius: 2.5, trim: 0.12,
                                                               rule: .firstFromBorder),
              found.isCleanSide(checkingSignificance: false),
              abs(found.line.sinAngle(line)) < 0.035 else { return nil }
        // A side read on a stripe can lie askew to the card's edge: moved at either end is moved.
        guard max(abs(found.line.distance(a)), abs(found.line.distance(b))) >= 1.5 else { return nil }
        return found
    }
}
