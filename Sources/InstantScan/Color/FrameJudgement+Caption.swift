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
    /// to tell (``readableLogs(_:)``, as ``farShare(_:lightnessRatio:)`` reads them).
    static func mainColour(_ samples: FrameSamples) -> LightChroma? {
        guard let (rg, bg, _) = readableLogs(samples),
              let mrg = FrameLightFit.median(rg), let mbg = FrameLightFit.median(bg) else { return nil }
        return LightChroma(rg: mrg, bg: mbg)
    }
}
