/// Colour-constancy cues with the weight each carries when they are pooled into one light.
///
/// Gray edge (the average colour of the image's edges) counts twice a shades-of-gray or
/// near-neutral cue. A picture or a table is often dominated by one large surface — skin, sky, a
/// wooden table — whose own colour pulls the mean colour of the samples (shades of gray) towards
/// it, while its edges are few and the light's colour is what they share with every other edge
/// (van de Weijer, Gevers & Gijsenij 2007; Gijsenij, Gevers & van de Weijer 2011 found first-order
/// gray edge ahead of shades of gray on natural images). Measured on the evaluation's 53
/// single-print scenes against each scene's light: the picture's edges miss it by 0.12 in log
/// ratios (median), its shades of gray by 0.16 and its near-neutral surfaces by 0.14; the surface
/// ring's edges by 0.15, its shades of gray by 0.28. Twice, not alone: on a picture with few
/// edges, or a soft one, the other cues still count.
struct WeightedCues {
    /// The cues, each already pulled into the band where lights lie.
    var chromas: [LightChroma] = []
    /// Each cue's weight.
    var weights: [Double] = []

    /// The weight of a gray-edge cue, against 1 for the others.
    static let edgeWeight = 2.0

    var isEmpty: Bool { chromas.isEmpty }
    var count: Int { chromas.count }

    mutating func append(_ chroma: LightChroma, edge: Bool = false) {
        chromas.append(chroma)
        weights.append(edge ? WeightedCues.edgeWeight : 1)
    }

    /// The cue nearest all the others, each distance counted at the other cue's weight when
    /// `weighted`.
    func anchor(weighted: Bool) -> LightChroma? {
        chromas.min { a, b in total(from: a, weighted: weighted) < total(from: b, weighted: weighted) }
    }

    private func total(from point: LightChroma, weighted: Bool) -> Double {
        zip(chromas, weights).reduce(0) { $0 + (weighted ? $1.1 : 1) * $1.0.distance(to: point) }
    }

    /// The mean of the cues at `indices`, at their weights when `weighted`; nil when there are none.
    func mean(_ indices: [Int], weighted: Bool) -> LightChroma? {
        guard !indices.isEmpty else { return nil }
        let weight = indices.reduce(0) { $0 + (weighted ? weights[$1] : 1) }
        return indices.reduce(LightChroma(rg: 0, bg: 0)) { $0 + chromas[$1] * (weighted ? weights[$1] : 1) } * (1 / weight)
    }
}
