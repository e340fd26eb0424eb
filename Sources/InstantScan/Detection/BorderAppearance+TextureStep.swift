/// A card's edge seen as a change of texture where its colour matches the surface.
///
/// A white print on white paper, a bedsheet or a pale desk can match the surface's colour to a level
/// or two on the sides its shadow does not reach: the band's median and the strip beyond the edge
/// agree, and by colour that side looks like a "card" cut out of the surface. But a print's border is
/// smooth coated paper, while paper, cloth, wood and stone carry a grain, fibres or a mottle that
/// varies from sample to sample along a strip. Where the surface beside a side is several times as
/// rough as the band along it, the edge between them is real: a region cut out of one uniform surface
/// has the same texture on both sides of its "edge" (the ratio stays near one), and sensor noise,
/// being the same on the band and the surface of like brightness, does too.
extension BorderAppearance {
    /// How many times the band's median distance between neighbouring samples the surface's must be
    /// for the side to count as a texture step.
    static let textureStepRatio: Float = 2.5
    /// The least median distance, levels, between neighbouring samples of the surface for it to count
    /// as textured: below this, both sides are smooth and the difference is noise's luck. (Paper's
    /// grain measures 3-4 levels at the working size, and a little over 2 under camera shake.)
    static let textureStepFloor: Float = 2

    /// Whether the surface beside a side (`outside`, the strip's samples in order) is rough where the
    /// band along it (`band`, its samples in order, nil where missing) is smooth.
    func isTextureStep(band: [Color?], outside: [Color]) -> Bool {
        var inBand: [Float] = [], beyond: [Float] = []
        for k in band.indices.dropFirst() {
            guard let c = band[k], let q = band[k - 1] else { continue }
            inBand.append(Self.distance(c, q))
        }
        for k in outside.indices.dropFirst() { beyond.append(Self.distance(outside[k], outside[k - 1])) }
        guard inBand.count >= 8, beyond.count >= 8 else { return false }
        let smooth = OrderStatistic.select(&inBand, inBand.count / 2)
        let rough = OrderStatistic.select(&beyond, beyond.count / 2)
        return rough >= Self.textureStepFloor && rough >= Self.textureStepRatio * smooth
    }
}

extension BorderAppearance {
    /// Whether side `i` of `card` (from corner i to i + 1; `window` in the same order) ends where the
    /// surface's texture begins: the band along it, halfway between card and window, smooth, and the
    /// strip just beyond it rough (see ``isTextureStep(band:outside:)``).
    func showsTextureStep(card: Quad, window: Quad, side i: Int) -> Bool {
        let j = (i + 1) % 4
        let a = (card.corners[i] + window.corners[i]) * 0.5, b = (card.corners[j] + window.corners[j]) * 0.5
        let count = max(2, Int(a.distance(to: b) * 0.8 / spacing))
        let band: [Color?] = (0...count).map { k in sample(a + (b - a) * (0.1 + 0.8 * Double(k) / Double(count))) }
        let c0 = card.corners[i], c1 = card.corners[j]
        let n = outward(c0, c1, from: card.centroid)
        let stripCount = max(2, Int(c0.distance(to: c1) * 0.7 / spacing))
        let outside: [Color] = (0...stripCount).compactMap { k in
            sample(c0 + (c1 - c0) * (0.15 + 0.7 * Double(k) / Double(stripCount)) + n * stripOffset)
        }
        return isTextureStep(band: band, outside: outside)
    }
}
