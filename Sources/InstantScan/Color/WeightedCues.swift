/// Colour-constancy cues with the weight each carries when they are averaged into one light.
///
/// The picture's witness (``SceneLight/picture``: what the picture alone says the light is, the
/// witness that tells a yellowed frame from a white one under a lamp as warm) weighs its gray
/// edge twice its shades of gray and near-neutral cues when a quarter or more of the picture
/// clipped. Shades of gray at p = 6 leans on the brightest samples, much as white patch does;
/// when the whites of a picture clipped (a portrait's shirt under a lamp) they drop out of the
/// samples, and what is left — skin, say — pulls its reading towards its own colour, while the
/// edges between what is left and the clipped whites' rims still carry the light's colour (van
/// de Weijer, Gevers & Gijsenij 2007). Measured on the evaluation's 53 single-print scenes
/// against each scene's light: the picture's edges miss it by 0.12 in log ratios (median), its
/// shades of gray by 0.16, its near-neutral surfaces by 0.14. Twice, not alone: the other cues
/// still count.
///
/// Not on every picture: on a soft, colourful one with nothing clipped the edges are the colour
/// of its gradients, and weighting them called a white frame under a warm lamp yellowed (the
/// test suite's `ColorScene`). The pooled light and the surroundings' witness keep every cue
/// alike: weighted there too, the coloured and patterned frames of the hard scenes moved both
/// ways (median ΔE00 3.36 → 3.65 for solid colours) and a table's edges, less warm than its
/// colour, weakened its veto on a white frame under a lamp (public scene-0009 called yellowed).
struct WeightedCues {
    /// The cues, each already pulled into the band where lights lie.
    var chromas: [LightChroma] = []
    /// Each cue's weight.
    var weights: [Double] = []

    /// The weight of a gray-edge cue, against 1 for the others.
    static let edgeWeight = 2.0
    /// The share of the picture's samples that clipped from which its edges weigh more.
    static let clippedShare = 0.25
    /// The weight this pool gives a gray-edge cue (1: all cues alike, as before the weighting).
    var edgeWeight = WeightedCues.edgeWeight

    var isEmpty: Bool { chromas.isEmpty }
    var count: Int { chromas.count }

    mutating func append(_ chroma: LightChroma, edge: Bool = false) {
        chromas.append(chroma)
        weights.append(edge ? edgeWeight : 1)
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
        mean(indices) { weighted ? weights[$0] : 1 }
    }

    /// The mean of the cues at `indices`, each at `weight(index)`; nil when there are none.
    func mean(_ indices: [Int], weight: (Int) -> Double) -> LightChroma? {
        guard !indices.isEmpty else { return nil }
        let total = indices.reduce(0) { $0 + weight($1) }
        return indices.reduce(LightChroma(rg: 0, bg: 0)) { $0 + chromas[$1] * weight($1) } * (1 / total)
    }
}
