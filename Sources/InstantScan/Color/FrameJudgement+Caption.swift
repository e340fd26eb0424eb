/// Telling a caption from a pattern: people write on the thick bottom border of instant prints,
/// and a bold caption covers a quarter of it or more, which the frame's spread alone reads as a
/// pattern. A pattern runs all round the card; a caption stays on that border. So a frame whose
/// thin sides (top, left, right) are plain, and whose thick border has the same main colour, is
/// a plain frame with writing on it: its colour and falloff are read as any plain frame's (the
/// robust fit leaves the strokes out, as it does a small caption's).
extension FrameJudgement {
    /// Whether a frame that spreads like a pattern is a plain frame with a caption on its thick
    /// border; `windowBottom` is the picture window's lower edge (card-normalised), below which
    /// the thick border lies.
    static func isCaptioned(_ samples: FrameSamples, windowBottom: Double) -> Bool {
        let sides = FrameSamples(samples, keeping: { samples.v[$0] < windowBottom })
        let border = FrameSamples(samples, keeping: { samples.v[$0] >= windowBottom })
        guard let sideColour = mainColour(sides), let borderColour = mainColour(border) else { return false }
        return farShare(sides) <= patternShare && sideColour.distance(to: borderColour) <= patternDistance
    }

    /// The median colour (log ratios) of the readable samples, or nil when too few are readable
    /// to tell (the same readability as ``farShare(_:lightnessRatio:)``'s).
    static func mainColour(_ samples: FrameSamples) -> LightChroma? {
        var rg: [Double] = [], bg: [Double] = []
        let table = FrameLightFit.logTable
        for i in 0..<samples.count {
            let r = samples.codes[0][i], g = samples.codes[1][i], b = samples.codes[2][i]
            guard min(r, g, b) >= 12, max(r, g, b) < FrameLightFit.clipCode else { continue }
            rg.append(table[Int(r)] - table[Int(g)])
            bg.append(table[Int(b)] - table[Int(g)])
        }
        guard rg.count >= 64, Double(rg.count) >= readableShare * Double(samples.count),
              let mrg = FrameLightFit.median(rg), let mbg = FrameLightFit.median(bg) else { return nil }
        return LightChroma(rg: mrg, bg: mbg)
    }
}
