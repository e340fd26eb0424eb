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

    /// Lines along the band, as shares of the way from the card's side to the window's, on which it
    /// must be smooth: a print's border is smooth across its whole width, while a regular weave or
    /// grain can run smooth along one line (a thread's middle) and be rough beside it.
    static let textureStepBandLines = [0.4, 0.5, 0.6]
    /// Offsets beyond the card's side, as multiples of ``stripOffset``, at which the surface must be
    /// rough.
    static let textureStepStrips = [1.0, 2.0]

    /// The least median distance between neighbouring samples over `strips`, or nil when a strip
    /// has too few samples or there are none.
    static func roughness(_ strips: [[Color]]) -> Float? {
        var rough = Float.infinity
        for strip in strips {
            var steps = strip.indices.dropFirst().map { distance(strip[$0], strip[$0 - 1]) }
            guard steps.count >= 8 else { return nil }
            rough = min(rough, OrderStatistic.select(&steps, steps.count / 2))
        }
        return strips.isEmpty ? nil : rough
    }

    /// Whether a surface of roughness `rough` makes a texture step with a band smooth on every one
    /// of `band`'s lines. The lines are read one at a time and the first one too rough ends it:
    /// most sides tested lie inside a picture or a surface, rough on both sides.
    func isTextureStep(rough: Float, band: some Sequence<[Color?]>) -> Bool {
        guard rough >= Self.textureStepFloor else { return false }
        var lines = 0
        for line in band {
            guard let step = Self.lineRoughness(line), rough >= Self.textureStepRatio * step else { return false }
            lines += 1
        }
        return lines > 0
    }

    /// The median distance between neighbouring samples of a band's line (pairs with a sample
    /// missing left out), or nil when fewer than 8 pairs are left.
    static func lineRoughness(_ line: [Color?]) -> Float? {
        var steps: [Float] = []
        for k in line.indices.dropFirst() {
            guard let c = line[k], let q = line[k - 1] else { continue }
            steps.append(distance(c, q))
        }
        return steps.count >= 8 ? OrderStatistic.select(&steps, steps.count / 2) : nil
    }
}

extension BorderAppearance {
    /// Whether side `i` of `card` (from corner i to i + 1; `window` in the same order) ends where the
    /// surface's texture begins: the band along it smooth on lines across its width
    /// (``textureStepBandLines``), and strips just beyond it (``textureStepStrips``) rough (see
    /// ``isTextureStep(rough:band:)``).
    func showsTextureStep(card: Quad, window: Quad, side i: Int) -> Bool {
        let j = (i + 1) % 4
        let c0 = card.corners[i], c1 = card.corners[j]
        let n = outward(c0, c1, from: card.centroid)
        let stripCount = max(2, Int(c0.distance(to: c1) * 0.7 / spacing))
        func strip(_ m: Double) -> [Color] {
            (0...stripCount).compactMap { k in
                sample(c0 + (c1 - c0) * (0.15 + 0.7 * Double(k) / Double(stripCount)) + n * (m * stripOffset))
            }
        }
        func line(_ f: Double) -> [Color?] {
            let a = c0 + (window.corners[i] - c0) * f, b = c1 + (window.corners[j] - c1) * f
            let count = max(2, Int(a.distance(to: b) * 0.8 / spacing))
            return (0...count).map { k in sample(a + (b - a) * (0.1 + 0.8 * Double(k) / Double(count))) }
        }
        // What ``isTextureStep(rough:band:)`` asks of the strips and lines, each read only while
        // the ones before it leave the step possible: a strip, then a line of the band, in turn.
        // The surface's first strip ends the test where it is smooth; most sides tested lie inside
        // a picture or a surface, rough on both sides, and the band's first line ends it there
        // before the second strip is read. (The roughness is the least of the strips', and every
        // line must be smoother than it by the ratio, so the order does not change the answer.)
        var strips = Self.textureStepStrips[...], lines = Self.textureStepBandLines[...]
        var rough = Float.infinity, roughestLine: Float = 0
        while !strips.isEmpty || !lines.isEmpty {
            if let m = strips.popFirst() {
                guard let r = Self.roughness([strip(m)]) else { return false }
                rough = min(rough, r)
                guard rough >= Self.textureStepFloor else { return false }
            }
            if let f = lines.popFirst() {
                guard let step = Self.lineRoughness(line(f)) else { return false }
                roughestLine = max(roughestLine, step)
            }
            guard rough >= Self.textureStepRatio * roughestLine else { return false }
        }
        return !Self.textureStepBandLines.isEmpty && !Self.textureStepStrips.isEmpty
    }
}
