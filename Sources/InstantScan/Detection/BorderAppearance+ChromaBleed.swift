/// Sides of a thin, dark band judged with the colour its bright neighbours bleed into it.
///
/// Phones store photos with their colour at half the resolution of their brightness (JPEG and HEIC
/// 4:2:0), and the lens and the demosaicing blur both a little more: in a band only a few pixels
/// wide — the side borders of a small print on a wall — the middle's colour is partly the wall's
/// beside it and the picture's inside it. A share f of a neighbour N moves the band's chromaticity by
/// about f × (N's brightness / the band's) × (their chromaticity difference): next to a white border
/// a darker wall moves it little, but a black border on a pink wall takes on the wall's colour
/// several times over — its narrow sides read brown-red, its thick bottom band black, and their
/// chromaticities disagree although the card is one black. The dimmer the light, the less colour the
/// band has of its own beside the noise.
///
/// So two sides of a plain band agree in chromaticity where they differ by no more than the tolerance
/// and what their bright neighbours (twice the band's brightness or more) can lend them. A wide side (a print's thick bottom band) borrows nothing and
/// anchors the comparison. Brightness is judged as before, against the whole border within the
/// light's falloff.
extension BorderAppearance {
    /// Half-width of a band, photo pixels, up to which its middle takes in its neighbours' colour in
    /// full (a chroma sample spans two pixels, and upsampling and blur spread it over about two more).
    static let chromaReach = 4.0
    /// Half-width, photo pixels, beyond which nothing of the neighbours' colour reaches the middle.
    static let chromaReachEnd = 8.0
    /// The most a thin side's middle may carry of a neighbour, as a share of what it shows of its own
    /// (a quarter of the way to the neighbour: one third).
    static let bleedShare: Float = 1.0 / 3
    /// How many times brighter than a band a neighbour must be for its colour to count as lent: a dark
    /// frame against a lit wall or picture (a white or pale band borrows too little to matter, and a
    /// quad that strays off a pale card must not be excused for it).
    static let lenderBrightness: Float = 2

    /// How many sides agree with one reference side in chromaticity, allowing each thin side what its
    /// bright neighbours lend it, and with the whole border in brightness: the most over the
    /// references.
    ///
    /// - Parameters:
    ///   - sides: each side's typical band colour (nil: not seen).
    ///   - outside, inside: the surface's colour just beyond each card side and the picture's just
    ///     inside each window side.
    ///   - halfWidths: each side's band half-width, photo pixels.
    func agreeingUnderBleed(_ sides: [Color?], outside: [Color?], inside: [Color?], halfWidths: [Double]) -> Int {
        guard let whole = median(sides.compactMap { $0 }) else { return 0 }
        let wholeSum = max(whole.0 + whole.1 + whole.2, 1)
        let borrowed: [Float] = (0..<sides.count).map { i in
            guard let c = sides[i] else { return 0 }
            let reach = (Self.chromaReachEnd - halfWidths[i]) / (Self.chromaReachEnd - Self.chromaReach)
            let thin = Float(min(1, max(0, reach)))
            guard thin > 0 else { return 0 }
            let sum = max(c.0 + c.1 + c.2, 1)
            var lent: Float = 0
            for n in [outside[i], inside[i]].compactMap({ $0 }) {
                let nSum = n.0 + n.1 + n.2
                // A neighbour not much brighter than the band moves its chromaticity by no more than the
                // band's own tolerance allows for; the allowance is for dark bands between bright things.
                guard nSum >= Self.lenderBrightness * sum else { continue }
                lent += nSum / sum * chromaticityDistance(n, c)
            }
            return thin * Self.bleedShare * lent
        }
        let bright = sides.map { side -> Bool in
            guard let c = side else { return false }
            return withinFalloff((c.0 + c.1 + c.2 + 6) / (wholeSum + 6))
        }
        var best = 0
        for r in sides.indices {
            guard let reference = sides[r], bright[r] else { continue }
            var count = 0
            for j in sides.indices {
                guard let c = sides[j], bright[j] else { continue }
                if chromaticityDistance(c, reference) <= chromaTolerance + borrowed[j] + borrowed[r] { count += 1 }
            }
            best = max(best, count)
        }
        return best
    }

    /// The distance between two colours' chromaticities (r and g shares of r + g + b).
    func chromaticityDistance(_ a: Color, _ b: Color) -> Float {
        let sa = max(a.0 + a.1 + a.2, 1), sb = max(b.0 + b.1 + b.2, 1)
        let dr = a.0 / sa - b.0 / sb, dg = a.1 / sa - b.1 / sb
        return (dr * dr + dg * dg).squareRoot()
    }
}
